// scripts/check-node.mjs, which `npm start` and `npm test` run first: a Node too old for the tools stops them with
// a message saying what to install; a Node that is new enough passes silently.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const script = fileURLToPath(new URL('../../scripts/check-node.mjs', import.meta.url))
const check = (version: string, lifecycle = 'test') =>
  spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { ...process.env, CHECK_NODE_VERSION: version, npm_lifecycle_event: lifecycle },
  })

test('a Node new enough for Vite 8 passes silently', () => {
  for (const version of ['20.19.0', '20.20.2', '22.12.0', '24.1.0', process.versions.node]) {
    const run = check(version)
    assert.equal(run.status, 0, `${version}: ${run.stderr}`)
    assert.equal(run.stderr, '')
  }
})

test('an older Node stops npm test and npm start, saying which Node is needed and that this one is too old', () => {
  for (const version of ['18.20.4', '20.18.1', '21.7.3', '22.11.0']) {
    const run = check(version, 'pretest')
    assert.equal(run.status, 1, version)
    assert.match(run.stderr, /^npm test needs Node 20\.19 or later/)
    assert.ok(run.stderr.includes(`this is Node ${version}`), run.stderr)
  }
  assert.match(check('18.0.0', 'start').stderr, /^npm start needs Node/)
})
