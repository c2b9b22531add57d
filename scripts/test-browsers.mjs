// `npm run test:browser`: the browser suites in Chromium, Firefox and WebKit, one engine after the other (each run is
// web-test-runner with MCP_ENGINE set; web-test-runner.config.mjs and test/support/engines.mjs launch it), then each
// engine's counts, and every test skipped in an engine with its reason (in the test's title).
//
//   node scripts/test-browsers.mjs [--engines chromium,firefox] [--side-by-side] [web-test-runner arguments: files, --port N]
//
// In sequence by default: the machine has 2 cores, and one engine at a time keeps the timing tests honest.
// --side-by-side runs the engines at once (each on its own port, from --port or 8000 up; each engine's output printed
// whole when it ends), for a quicker run where most of a suite's time is waiting on servers and timers.
// Exits non-zero when any engine had a failure (all engines run regardless).
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runPrinted } from './run-printed.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ALL = ['chromium', 'firefox', 'webkit']

const args = process.argv.slice(2)
// All three by default; `--engines firefox` runs one (npm test runs Chromium, then Firefox and WebKit side by side).
let engines = [...ALL]
const at = args.indexOf('--engines')
if (at >= 0) {
  engines = (args[at + 1] ?? '').split(',').filter(Boolean)
  args.splice(at, 2)
}
const unknown = engines.filter((e) => !ALL.includes(e))
if (unknown.length || !engines.length) {
  console.error(`test-browsers: --engines takes a comma-separated list of ${ALL.join(', ')}; got ${unknown.join(', ') || 'none'}`)
  process.exit(2)
}

const sideBySide = args.includes('--side-by-side')
if (sideBySide) args.splice(args.indexOf('--side-by-side'), 1)
const portAt = args.indexOf('--port')
const basePort = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 8000

const scratch = mkdtempSync(join(tmpdir(), 'mcp-engines-'))

/** Runs web-test-runner for one engine; its counts (test/support/engines.mjs engineResultsReporter), or why there are none. */
async function runEngine(engine, index) {
  const results = join(scratch, `${engine}.json`)
  const engineArgs = [...args, '--port', String(basePort + index)]
  const { code, seconds } = await runPrinted(process.execPath, [join(root, 'node_modules/@web/test-runner/dist/bin.js'), ...engineArgs], {
    cwd: root,
    env: { ...process.env, MCP_ENGINE: engine, MCP_ENGINE_RESULTS: results },
    heading: `\n━━ ${engine}: web-test-runner ${engineArgs.join(' ')}`,
    alone: !sideBySide,
  })
  let counts
  try {
    counts = JSON.parse(readFileSync(results, 'utf8'))
  } catch {}
  return { engine, code, seconds, counts }
}

const runs = []
if (sideBySide) runs.push(...(await Promise.all(engines.map((engine, i) => runEngine(engine, i)))))
else for (const [i, engine] of engines.entries()) runs.push(await runEngine(engine, i))
rmSync(scratch, { recursive: true, force: true })

// The summary: printed, and added to MCP_ENGINES_SUMMARY when set (scripts/test.mjs prints every engine's at the end).
const summary = []
let failed = false
for (const { engine, code, seconds, counts } of runs) {
  if (!counts) {
    failed = true
    summary.push(`  ${engine.padEnd(9)} no results: web-test-runner exited with ${code} before reporting (output above)`)
    continue
  }
  const bad = counts.failed.length + counts.failedFiles.length
  if (bad || code !== 0) failed = true
  summary.push(
    `  ${engine.padEnd(9)} ${counts.passed} passed, ${counts.failed.length} failed, ${counts.skipped.length} skipped` +
      `${counts.failedFiles.length ? `, ${counts.failedFiles.length} files with errors` : ''}  ` +
      `(${counts.browser}, ${seconds} s, ${counts.testSeconds} s of it in tests)`,
  )
  if (counts.slowest?.length) summary.push(`      slowest  ${counts.slowest.map(({ file, seconds }) => `${file} ${seconds} s`).join(', ')}`)
  for (const { file, name } of counts.skipped) summary.push(`      skipped  ${file}: ${name}`)
  for (const { file, name } of counts.failed) summary.push(`      FAILED   ${file}: ${name}`)
  for (const file of counts.failedFiles) summary.push(`      ERRORS   ${file} (output above)`)
}
console.log(['\n━━ browser suites, per engine', ...summary].join('\n'))
if (process.env.MCP_ENGINES_SUMMARY) appendFileSync(process.env.MCP_ENGINES_SUMMARY, summary.join('\n') + '\n')
process.exit(failed ? 1 : 0)
