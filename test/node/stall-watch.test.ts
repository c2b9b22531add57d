/**
 * scripts/stall-watch.mjs, the browser suites' watchdog: a run whose request log (test/support/request-log.mjs, on a
 * real HTTP server here) stops growing while a test file is open is caught once per stall, and the evidence file
 * lists the runner's processes, with every thread's stack when gdb is on PATH. The "runner" is a real shell with a
 * sleeping child; "no gdb" is a PATH without it.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { onPath } from '../support/chromium.mjs'
import { startRequestLog, stopRequestLog } from '../support/request-log.mjs'
import { watchForStalls } from '../../scripts/stall-watch.mjs'

const dir = mkdtempSync(join(tmpdir(), 'stall-watch-'))
const requestLog = join(dir, 'requests.tsv')
startRequestLog(requestLog)
const server = createServer((_, res) => res.end('ok'))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
const get = async (path: string) => (await fetch(base + path)).text()
test.after(async () => {
  server.close()
  await stopRequestLog()
  rmSync(dir, { recursive: true, force: true })
})

/** A runner stand-in: a shell that waits on a child, as web-test-runner does on its browser. */
function runner(t: { after(fn: () => void): void }) {
  const child = spawn('sh', ['-c', 'sleep 60; :'], { stdio: 'ignore' })
  t.after(() => child.kill())
  return child.pid!
}

test('a run is stalled only while a test file is open and nothing moves; once per stall', { timeout: 30_000 }, async (t) => {
  const watch = watchForStalls({ label: 'probe', runnerPid: runner(t), requestLog, env: { MCP_STALL_SECONDS: '1', PATH: dir } })
  await get('/before-any-file')
  await sleep(2000)
  const before = await watch.stop()
  before.forEach(({ path }) => rmSync(path, { force: true }))
  assert.equal(before.length, 0, 'quiet before any test file (the browser starting) is no stall')

  const watching = watchForStalls({ label: 'probe', runnerPid: runner(t), requestLog, env: { MCP_STALL_SECONDS: '1', PATH: dir } })
  await get('/test/browser/open.test.ts?wtr-session-id=abc')
  for (let i = 0; i < 8; i++) {
    await sleep(300)
    if (i % 2) await get('/still-working')
    else watching.progressed()
  }
  await sleep(2500)
  await get('/again')
  await sleep(2500)
  const stalls = await watching.stop()
  t.after(() => stalls.forEach(({ path }) => rmSync(path, { force: true })))
  assert.equal(stalls.length, 2, 'two quiet spells of 2.5 s, each past the 1 s threshold, with progress between: two stalls')
  assert.equal(stalls[0].file, 'test/browser/open.test.ts')
  assert.match(stalls[1].lastRequest, /^GET \/again at [\d.]+ s$/)
  const evidence = readFileSync(stalls[0].path, 'utf8')
  assert.match(evidence, /no output and no request for \d+ s while test\/browser\/open\.test\.ts was open/)
  assert.match(evidence, /gdb is not on PATH/)
  assert.match(evidence, /── \d+ sleep \(parent \d+\) state S/, "the runner's child is listed with its state")
  assert.match(evidence, /thread \d+ sleep S/)
})

test(
  "with gdb on PATH, the evidence has every thread's stack of the runner's children",
  { timeout: 90_000, skip: !onPath('gdb') && 'gdb is not installed' },
  async (t) => {
    const watch = watchForStalls({
      label: 'probe',
      runnerPid: runner(t),
      requestLog,
      env: { MCP_STALL_SECONDS: '1', PATH: process.env.PATH },
    })
    await get('/test/browser/gdb.test.ts?wtr-session-id=def')
    await sleep(2000)
    const stalls = await watch.stop()
    t.after(() => stalls.forEach(({ path }) => rmSync(path, { force: true })))
    assert.equal(stalls.length, 1)
    assert.equal(stalls[0].stacks, true)
    const evidence = readFileSync(stalls[0].path, 'utf8')
    assert.match(evidence, /Thread 1 \(.*"sleep"\)/)
    assert.match(evidence, /nanosleep/)
  },
)
