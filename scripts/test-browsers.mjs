// `npm run test:browser`: the browser suites in Chromium, Firefox and WebKit, one engine after the other (each run is
// web-test-runner with MCP_ENGINE set; web-test-runner.config.mjs and test/support/engines.mjs launch it), then each
// engine's counts, and every test skipped in an engine with its reason (in the test's title).
//
//   node scripts/test-browsers.mjs [--engines chromium,firefox] [--side-by-side] [web-test-runner arguments: files, --port N]
//
// In sequence by default: the machine has 2 cores, and one engine at a time keeps the timing tests honest.
// --side-by-side runs the engines at once (each on its own port, from --port or 8000 up; each engine's output printed
// whole when it ends), for a quicker run where most of a suite's time is waiting on servers and timers. Then the test
// files that failed side by side run once more, alone, one engine after the other: a test that fails again fails the
// run; one that passes alone is named in the summary as failed under load, so that it is seen, not hidden (WebKit beside
// Firefox once stopped answering for the rest of its run, issue 20: its files passed when run again alone).
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

/**
 * Runs web-test-runner for one engine (only `files` when given, else what the arguments or the config name); its
 * counts (test/support/engines.mjs engineResultsReporter), or why there are none.
 */
async function runEngine(engine, index, { alone = !sideBySide, files, label = engine } = {}) {
  const results = join(scratch, `${label}.json`)
  const engineArgs = [...(files ? [...args.filter((arg) => !arg.endsWith('.ts')), ...files] : args), '--port', String(basePort + index)]
  const { code, seconds } = await runPrinted(process.execPath, [join(root, 'node_modules/@web/test-runner/dist/bin.js'), ...engineArgs], {
    cwd: root,
    env: { ...process.env, MCP_ENGINE: engine, MCP_ENGINE_RESULTS: results },
    heading: `\n━━ ${label}: web-test-runner ${engineArgs.join(' ')}`,
    alone,
  })
  let counts
  try {
    counts = JSON.parse(readFileSync(results, 'utf8'))
  } catch {}
  return { engine, code, seconds, counts }
}

/**
 * The test files of a run that had a failure; undefined when it named none (no results, or a non-zero exit with no
 * failed test), which is run again whole.
 */
function failedFilesOf({ counts }) {
  const files = [...new Set([...(counts?.failed ?? []).map(({ file }) => file), ...(counts?.failedFiles ?? [])])]
  return files.length ? files : undefined
}
const hadFailure = (run) => !run.counts || run.code !== 0 || run.counts.failed.length > 0 || run.counts.failedFiles.length > 0
/** "12 passed, 1 failed, 3 skipped[, 2 files with errors]", or why a run has no counts. */
const tally = ({ code, counts }) =>
  counts
    ? `${counts.passed} passed, ${counts.failed.length} failed, ${counts.skipped.length} skipped` +
      `${counts.failedFiles.length ? `, ${counts.failedFiles.length} files with errors` : ''}`
    : `no results (web-test-runner exited with ${code} before reporting)`

const runs = []
if (sideBySide) runs.push(...(await Promise.all(engines.map((engine, i) => runEngine(engine, i)))))
else for (const [i, engine] of engines.entries()) runs.push(await runEngine(engine, i))
// Side by side, an engine's failed files once more, alone (see the header); its run's verdict is the second one's.
if (sideBySide)
  for (const [i, run] of runs.entries()) {
    if (!hadFailure(run)) continue
    const files = failedFilesOf(run)
    const again = await runEngine(run.engine, i, { alone: true, files, label: `${run.engine} again, alone` })
    run.again = { ...again, files }
  }
rmSync(scratch, { recursive: true, force: true })

// The summary: printed, and added to MCP_ENGINES_SUMMARY when set (scripts/test.mjs prints every engine's at the end).
const summary = []
let failed = false
for (const { engine, code, seconds, counts, again } of runs) {
  if (again) {
    // Side by side it failed: the verdict is the run of its failed files alone.
    const under = counts
      ? [...counts.failed.map(({ file, name }) => `${file}: ${name}`), ...counts.failedFiles.map((file) => `${file} (errors)`)]
      : []
    if (hadFailure(again)) failed = true
    summary.push(
      `  ${engine.padEnd(9)} side by side: ${tally({ code, counts })} (${seconds} s); ` +
        `then ${again.files ? `those ${again.files.length} files` : 'every file'} alone: ${tally(again)} (${again.seconds} s)`,
    )
    for (const line of under.slice(0, 40)) summary.push(`      FAILED SIDE BY SIDE  ${line}`)
    if (under.length > 40) summary.push(`      FAILED SIDE BY SIDE  … and ${under.length - 40} more (output above)`)
    if (!hadFailure(again)) summary.push('      every one passed alone: they failed under load only (look into it before it comes back)')
    for (const { file, name } of counts?.skipped ?? []) summary.push(`      skipped  ${file}: ${name}`)
    if (again.counts) for (const { file, name } of again.counts.failed) summary.push(`      FAILED ALONE TOO   ${file}: ${name}`)
    if (again.counts) for (const file of again.counts.failedFiles) summary.push(`      ERRORS ALONE TOO   ${file} (output above)`)
    continue
  }
  if (hadFailure({ code, counts })) failed = true
  if (!counts) {
    summary.push(`  ${engine.padEnd(9)} ${tally({ code, counts })} (output above)`)
    continue
  }
  summary.push(
    `  ${engine.padEnd(9)} ${tally({ code, counts })}  (${counts.browser}, ${seconds} s, ${counts.testSeconds} s of it in tests)`,
  )
  if (counts.slowest?.length) summary.push(`      slowest  ${counts.slowest.map(({ file, seconds }) => `${file} ${seconds} s`).join(', ')}`)
  for (const { file, name } of counts.skipped) summary.push(`      skipped  ${file}: ${name}`)
  for (const { file, name } of counts.failed) summary.push(`      FAILED   ${file}: ${name}`)
  for (const file of counts.failedFiles) summary.push(`      ERRORS   ${file} (output above)`)
}
console.log(['\n━━ browser suites, per engine', ...summary].join('\n'))
if (process.env.MCP_ENGINES_SUMMARY) appendFileSync(process.env.MCP_ENGINES_SUMMARY, summary.join('\n') + '\n')
process.exit(failed ? 1 : 0)
