// `npm run test:e2e [-- files…]`: the end-to-end suites (test/e2e/*.test.ts, or the files named), one file at a
// time, all on one `npm start` started here first and stopped at the end (handed to the files in E2E_NPM_START). Each
// start costs about 12 s of CPU (tsx, Vite's dev server with its first transforms, the demo servers): once per run
// instead of once per file. Each file still launches its own Chromium (a fresh profile: its own storage and cache);
// the suites that check `npm start` itself, or change the demo server's state, start their own (npm-start.ts).
//
//   node --import tsx scripts/test-e2e.ts [test/e2e/FILE.test.ts …]
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SHARED_NPM_START, describeNpmStart, npmStart } from '../test/e2e/npm-start.js'

const repo = fileURLToPath(new URL('..', import.meta.url))
const named = process.argv.slice(2)
const files = named.length
  ? named
  : readdirSync(`${repo}test/e2e`)
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => `test/e2e/${name}`)

const demo = await npmStart()
let ending = false
void demo.exited?.then((how) => {
  if (!ending) console.error(`test:e2e: the shared npm start ended (${how}) before the tests did; its output:\n${demo.output()}`)
})

const args = ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=150000', ...files]
const tests = spawn(process.execPath, args, {
  cwd: repo,
  stdio: 'inherit',
  env: { ...process.env, [SHARED_NPM_START]: describeNpmStart(demo) },
})
const code = await new Promise<number>((resolve) => tests.once('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))))
ending = true
demo.stop()
await demo.exited
process.exit(code)
