// `npm run test:browser`: the browser suites in Chromium, Firefox and WebKit, one engine after the other (each run is
// web-test-runner with MCP_ENGINE set; web-test-runner.config.mjs and test/support/engines.mjs launch it), then each
// engine's counts, and every test skipped in an engine with its reason (in the test's title).
//
//   node scripts/test-browsers.mjs [--engines chromium,firefox] [--side-by-side] [--shards N|engine=N,…] [--timings FILE]
//                                  [web-test-runner arguments: files, --port N]
//
// In sequence by default: the machine has 2 cores, and one engine at a time keeps the timing tests honest.
// --side-by-side runs the engines at once (each on its own port, from --port or 8000 up; each engine's output printed
// whole when it ends), for a quicker run where most of a suite's time is waiting on servers and timers. Then the test
// files that failed side by side run once more, alone, one engine after the other: a test that fails again fails the
// run; one that passes alone is named in the summary as failed under load, so that it is seen, not hidden (WebKit beside
// Firefox once stopped answering for the rest of its run, issue 20: its files passed when run again alone).
// --shards N (or engine=N, as firefox=2) splits each engine's test files into N groups of about the same time (the
// seconds each file took in a past run, test/support/file-seconds.json; a file not there counts by its size), each run by a
// web-test-runner of its own at the same time: its own port (so its own origin: storage, BroadcastChannel and Web
// Locks are not shared), browser and test servers (so their counters and switches are not shared either). A shard
// that fails has its failed files run once more alone, as side by side.
// Every engine's run keeps a request log (test/support/request-log.mjs); when an engine fails, the log is kept in the
// system's temporary folder and the summary names it, with the requests its page left open. --timings FILE writes
// every test's time, per engine, to FILE (tab-separated: engine, seconds, file, test), to see where the time goes.
// --record-file-seconds writes each file's time in each engine run to test/support/file-seconds.json, for --shards.
// Exits non-zero when any engine had a failure (all engines run regardless).
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { glob } from 'tinyglobby'
import { timesOf } from '../test/support/engines.mjs'
import { runPrinted } from './run-printed.mjs'
import { watchForStalls } from './stall-watch.mjs'

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
// --shards N for every engine, or per engine: --shards firefox=2 (the others one).
const shardsAt = args.indexOf('--shards')
const shards = Object.fromEntries(engines.map((engine) => [engine, 1]))
for (const part of shardsAt >= 0 ? args.splice(shardsAt, 2)[1].split(',') : []) {
  const [engine, count] = part.includes('=') ? part.split('=') : [undefined, part]
  for (const one of engine ? [engine] : engines) shards[one] = Number(count)
}
if (Object.entries(shards).some(([engine, count]) => !engines.includes(engine) || !Number.isInteger(count) || count < 1)) {
  console.error('test-browsers: --shards takes a whole number (1 or more), or engine=number pairs for the engines run')
  process.exit(2)
}
const timingsAt = args.indexOf('--timings')
const timings = timingsAt >= 0 ? args.splice(timingsAt, 2)[1] : undefined
const recordFileSeconds = args.includes('--record-file-seconds')
if (recordFileSeconds) args.splice(args.indexOf('--record-file-seconds'), 1)
const FILE_SECONDS = join(root, 'test/support/file-seconds.json')
const portAt = args.indexOf('--port')
const basePort = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 8000

const scratch = mkdtempSync(join(tmpdir(), 'mcp-engines-'))

/**
 * Runs web-test-runner for one engine (only `files` when given, else what the arguments or the config name); its
 * counts (test/support/engines.mjs engineResultsReporter), or why there are none.
 */
async function runEngine(engine, index, { alone = !sideBySide, files, label = engine } = {}) {
  const results = join(scratch, `${label}.json`)
  const requestLog = join(scratch, `${label}.requests.tsv`)
  const engineArgs = [...(files ? [...args.filter((arg) => !arg.endsWith('.ts')), ...files] : args), '--port', String(basePort + index)]
  let watch
  const { code, seconds } = await runPrinted(process.execPath, [join(root, 'node_modules/@web/test-runner/dist/bin.js'), ...engineArgs], {
    cwd: root,
    env: { ...process.env, MCP_ENGINE: engine, MCP_ENGINE_RESULTS: results, MCP_REQUEST_LOG: requestLog },
    heading: `\n━━ ${label}: web-test-runner ${engineArgs.join(' ')}`,
    alone,
    // Firefox's and WebKit's pages have stopped answering under load (scripts/stall-watch.mjs).
    onSpawn: (child) => {
      if (engine === 'chromium') return
      watch = watchForStalls({ label, runnerPid: child.pid, requestLog })
      child.stdout?.on('data', watch.progressed)
      child.stderr?.on('data', watch.progressed)
    },
  })
  const stalls = (await watch?.stop()) ?? []
  let counts
  try {
    counts = JSON.parse(readFileSync(results, 'utf8'))
  } catch {
    // No counts: the run ended before its reporter wrote them, and the summary says so.
  }
  const run = { engine, code, seconds, counts, stalls }
  if (hadFailure(run) || stalls.length) run.requestLog = keptRequestLog(requestLog, label)
  return run
}

/**
 * A failed run's request log, copied out of the scratch folder: its path, and the requests that never ended (the
 * page's open streams, or requests a stalled page left waiting), the last 20.
 */
function keptRequestLog(path, label) {
  let lines
  try {
    lines = readFileSync(path, 'utf8').trimEnd().split('\n')
  } catch {
    return undefined
  }
  const kept = join(tmpdir(), `mcp-requests-${label.replace(/\W+/g, '-')}-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}.tsv`)
  copyFileSync(path, kept)
  const open = new Map()
  for (const line of lines) {
    const [, , event, id] = line.split('\t')
    if (event === 'open') open.set(id, line)
    else if (event === 'end' && open.has(id)) open.set(id, `${open.get(id)}\t(answered whole, never read)`)
    else if (event === 'done' || event === 'gone') open.delete(id)
  }
  return { path: kept, neverEnded: [...open.values()].slice(-20) }
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

/**
 * The test files named on the command line, else the config's; in `count` groups that take about the same time in
 * `engine`. Sizes alone split them badly: the MCP Apps files and the ones that wait on task polling are small and slow.
 */
async function shardsOf(engine, count) {
  let files = args.filter((arg) => arg.endsWith('.ts'))
  if (!files.length) files = await glob((await import('../web-test-runner.config.mjs')).default.files, { cwd: root })
  const seconds = JSON.parse(readFileSync(FILE_SECONDS, 'utf8'))[engine] ?? {}
  const bytes = (file) => statSync(join(root, file)).size
  const timed = files.filter((file) => seconds[file] !== undefined)
  // A file with no time yet counts as the timed files' seconds per byte.
  const perByte = timed.length ? timed.reduce((sum, f) => sum + seconds[f], 0) / timed.reduce((sum, f) => sum + bytes(f), 0) : 1
  const groups = Array.from({ length: count }, () => ({ weight: 0, files: [] }))
  const byWeight = files.map((file) => [file, seconds[file] ?? bytes(file) * perByte]).sort(([, a], [, b]) => b - a)
  for (const [file, weight] of byWeight) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a))
    lightest.weight += weight
    lightest.files.push(file)
  }
  return groups.map(({ files }) => files.sort()).filter((group) => group.length)
}

/** An engine's run in shards, as one: counts added up, its time the longest shard's. */
function joined(engine, parts) {
  const all = parts.every((part) => part.counts)
  const testMs = parts.flatMap((part) => part.counts?.testMs ?? []).sort((a, b) => b.ms - a.ms)
  const sum = (key) => parts.flatMap((part) => part.counts?.[key] ?? [])
  return {
    engine,
    code: parts.find((part) => part.code !== 0)?.code ?? 0,
    seconds: Math.max(...parts.map((part) => part.seconds)),
    shardSeconds: parts.map((part) => part.seconds),
    counts: all
      ? {
          ...parts[0].counts,
          passed: parts.reduce((n, part) => n + part.counts.passed, 0),
          failed: sum('failed'),
          skipped: sum('skipped'),
          failedFiles: sum('failedFiles'),
          testMs,
          ...timesOf(testMs),
        }
      : undefined,
    // A shard with no counts has all its files run again.
    rerun: parts.flatMap((part) => (part.counts ? (failedFilesOf(part) ?? []) : part.files)),
    requestLogs: parts.map((part) => part.requestLog).filter(Boolean),
    stalls: parts.flatMap((part) => part.stalls),
  }
}

/** Engine `i`'s run, in its shards when it has more than one; each shard on its own port, after the engines before it. */
const runEngineShards = async (engine, i) => {
  const port = engines.slice(0, i).reduce((sum, before) => sum + shards[before], 0)
  if (shards[engine] === 1) return runEngine(engine, port)
  const groups = await shardsOf(engine, shards[engine])
  const parts = await Promise.all(
    groups.map(async (files, k) => ({
      ...(await runEngine(engine, port + k, { alone: false, files, label: `${engine} shard ${k + 1} of ${groups.length}` })),
      files,
    })),
  )
  return joined(engine, parts)
}
const underLoad = sideBySide || Object.values(shards).some((count) => count > 1)
const runs = []
if (sideBySide) runs.push(...(await Promise.all(engines.map((engine, i) => runEngineShards(engine, i)))))
else for (const [i, engine] of engines.entries()) runs.push(await runEngineShards(engine, i))
// Side by side or in shards, an engine's failed files once more, alone (see the header); its run's verdict is the
// second one's.
if (underLoad)
  for (const [i, run] of runs.entries()) {
    if (!hadFailure(run)) continue
    const files = run.rerun?.length ? run.rerun : failedFilesOf(run)
    const again = await runEngine(run.engine, i, { alone: true, files, label: `${run.engine} again, alone` })
    run.again = { ...again, files }
  }
rmSync(scratch, { recursive: true, force: true })
if (timings)
  writeFileSync(
    timings,
    runs
      .flatMap(({ engine, counts }) =>
        (counts?.testMs ?? []).map(({ file, name, ms }) => [engine, (ms / 1000).toFixed(1), file, name].join('\t')),
      )
      .join('\n') + '\n',
  )
if (recordFileSeconds) {
  const recorded = JSON.parse(readFileSync(FILE_SECONDS, 'utf8'))
  for (const { engine, counts } of runs) {
    if (!counts?.testMs?.length) continue
    const files = {}
    for (const { file, ms } of counts.testMs) files[file] = (files[file] ?? 0) + ms / 1000
    recorded[engine] = Object.fromEntries(
      Object.entries(files)
        .sort()
        .map(([file, s]) => [file, Math.round(s * 10) / 10]),
    )
  }
  writeFileSync(FILE_SECONDS, `${JSON.stringify(recorded, null, 2)}\n`)
}

// The summary: printed, and added to MCP_ENGINES_SUMMARY when set (scripts/test.mjs prints every engine's at the end).
const summary = []
let failed = false
/** Where a run stalled and the evidence is (scripts/stall-watch.mjs); where a failed run's request log is, and what its page left open. */
function requestLogLines({ requestLog, requestLogs = requestLog ? [requestLog] : [], stalls = [] }) {
  const stallLines = stalls.map(
    ({ path, file, lastRequest, stacks }) =>
      `      STALLED  at ${file}, last request ${lastRequest}: ${stacks ? 'stacks' : 'processes (no gdb: no stacks)'} in ${path}`,
  )
  return stallLines.concat(
    requestLogs.flatMap(({ path, neverEnded }) => [
      `      request log  ${path}; requests that never ended: ${neverEnded.length ? '' : 'none'}`,
      ...neverEnded.map((line) => `        ${line}`),
    ]),
  )
}
for (const run of runs) {
  const { engine, code, seconds, counts, again, shardSeconds } = run
  const inShards = shardSeconds ? ` in ${shardSeconds.length} shards of ${shardSeconds.join(', ')} s` : ''
  if (again) {
    // Side by side it failed: the verdict is the run of its failed files alone.
    const under = counts
      ? [...counts.failed.map(({ file, name }) => `${file}: ${name}`), ...counts.failedFiles.map((file) => `${file} (errors)`)]
      : []
    if (hadFailure(again)) failed = true
    summary.push(
      `  ${engine.padEnd(9)} ${sideBySide ? 'side by side' : 'in shards'}: ${tally({ code, counts })} (${seconds} s${inShards}); ` +
        `then ${again.files ? `those ${again.files.length} files` : 'every file'} alone: ${tally(again)} (${again.seconds} s)`,
    )
    for (const line of under.slice(0, 40)) summary.push(`      FAILED SIDE BY SIDE  ${line}`)
    if (under.length > 40) summary.push(`      FAILED SIDE BY SIDE  … and ${under.length - 40} more (output above)`)
    if (!hadFailure(again)) summary.push('      every one passed alone: they failed under load only (look into it before it comes back)')
    for (const { file, name } of counts?.skipped ?? []) summary.push(`      skipped  ${file}: ${name}`)
    if (again.counts) for (const { file, name } of again.counts.failed) summary.push(`      FAILED ALONE TOO   ${file}: ${name}`)
    if (again.counts) for (const file of again.counts.failedFiles) summary.push(`      ERRORS ALONE TOO   ${file} (output above)`)
    summary.push(...requestLogLines(run), ...requestLogLines(again))
    continue
  }
  if (hadFailure({ code, counts })) failed = true
  if (!counts) {
    summary.push(`  ${engine.padEnd(9)} ${tally({ code, counts })} (output above)`, ...requestLogLines(run))
    continue
  }
  summary.push(
    `  ${engine.padEnd(9)} ${tally({ code, counts })}  (${counts.browser}, ${seconds} s${inShards}, ${counts.testSeconds} s of it in tests)`,
  )
  if (counts.slowest?.length) summary.push(`      slowest  ${counts.slowest.map(({ file, seconds }) => `${file} ${seconds} s`).join(', ')}`)
  if (counts.slowestTests?.length)
    summary.push(
      `      slowest tests  ${counts.slowestTests.map(({ file, name, seconds }) => `${file}: ${name.slice(0, 60)} ${seconds} s`).join('; ')}`,
    )
  for (const { file, name } of counts.skipped) summary.push(`      skipped  ${file}: ${name}`)
  for (const { file, name } of counts.failed) summary.push(`      FAILED   ${file}: ${name}`)
  for (const file of counts.failedFiles) summary.push(`      ERRORS   ${file} (output above)`)
  summary.push(...requestLogLines(run))
}
console.log(['\n━━ browser suites, per engine', ...summary].join('\n'))
if (process.env.MCP_ENGINES_SUMMARY) appendFileSync(process.env.MCP_ENGINES_SUMMARY, summary.join('\n') + '\n')
process.exit(failed ? 1 : 0)
