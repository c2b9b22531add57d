// Mutation testing: does a suite notice when the code is wrong?
//
//   npm run mutate                          a sample of mutants per folder of src/ (default 12)
//   npm run mutate -- --per-folder 40       more of them
//   npm run mutate -- --only src/transport  one folder (or file); components/ and sandbox/ too (browser suites)
//   npm run mutate -- --seed 7              another sample; --seed 1,2 draws both samples (one baseline run)
//   npm run mutate -- --port 8890           the port of `browser:` suites (web-test-runner in Chromium)
//   npm run mutate -- --list                every mutant of --only, without running anything
//   npm run mutate -- --from 8              skip the first 8 mutants of the sample (an interrupted run reported
//                                           them); the scores then count only the mutants run
//   npm run mutate -- --suites browser:components/mcp-prompt/mcp-prompt.test.ts
//                                           only these of the folder's suites (comma-separated), for a quick check
//
// Outside CI: it takes minutes per folder. Each mutant is one small change a
// careless edit could make (=== for !==, < for <=, && for ||, true for false,
// a dropped !, a dropped `?? x` default, + for -; and, as UI code goes wrong,
// a deleted one-line guard `if (…) return`, a deleted listener removal
// (removeEventListener, disconnect, unsubscribe) and a dropped `await`), made
// in a copy of HEAD (git archive into a temporary folder; the working tree is
// never touched). The suites most likely to notice run first, one file at a
// time; the first that fails with an assertion or error kills the mutant.
// src/ runs node suites; components/ and sandbox/ run browser suites
// (web-test-runner on its own port; the suites of the CDN build, such as the
// CDN entry's and the attribute sign-in's, on a build made in the copy for
// each mutant: see NEEDS_CDN_BUILD), each stopped past three times its time
// on the unmutated copy (at least a minute); in the copy, mocha's per-test
// limit is 60 s and the runner's finish limit 10 min, since a loaded machine
// passes the usual 10 s / 2 min on unmutated code too.
// A suite that ends by a timeout (a test's, the runner's or ours, or a test's
// wait for the page) runs once more with twice the time: a test or run stopped
// by a time limit again is a kill "by timeout" (the same suite passed on the
// unmutated copy), reported apart so a reader can judge; a wait for the page
// that runs out again is a plain kill; a pass on retry is no kill. Each kill names the first failing test.
// A mutant every suite passes survived: either a test is missing or the
// change is equivalent. The report gives killed / killed by timeout /
// survived per folder and lists the survivors with file, line and the
// change, to be read one by one.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : args[i + 1]
}
const perFolder = Number(option('per-folder', 12))
const seeds = String(option('seed', 1)).split(',').map(Number)
const only = option('only', 'src/')
const LIMIT_MS = Number(option('limit-ms', 120_000))
const from = Number(option('from', 0))
/** A browser suite on a mutant is stopped (and the mutant counted killed) past this many times its unmutated run. */
const BROWSER_SLOWDOWN = 3

/** The suites that exercise each folder, most telling first. */
const SUITES = {
  'src/transport': ['faults', 'fuzz', 'headers', 'legacy', 'legacy-faults', 'client'],
  'src/protocol': ['fuzz', 'spec-examples', 'methods', 'coalesce-key', 'faults', 'mrtr', 'client'],
  'src/schema': ['validate-schema', 'schema', 'headers', 'form'],
  'src/client': [
    'client',
    'mrtr',
    'total-time',
    'subscriptions',
    'shared-listen',
    'progress',
    'coalesce',
    'faults',
    'headers',
    'events',
    'icons',
    'validate-schema',
    'client-info',
    'legacy',
    'legacy-faults',
    'apps',
    'cache-correctness',
    'approval',
    'call-log',
    'model-tools',
  ],
  // The Tasks extension, kept tasks, and task-follow.ts: one poll per task across elements and tabs (its Web Lock and
  // channel), seen through the elements that follow a task.
  'src/client/tasks': [
    'tasks',
    'tasks-legacy',
    'task-arguments',
    'client',
    'browser:test/browser/task-tabs.test.ts',
    'browser:components/mcp-tool/mcp-tool-tasks.test.ts',
    'browser:test/browser/context-key.test.ts',
  ],
  // idb.ts runs only in a browser: its suite is the IndexedDB one in headless Chromium (`browser:` suites).
  'src/cache': [
    'cache',
    'cache-correctness',
    'cache-memory',
    'cache-listing',
    'methods',
    'client',
    'subscriptions',
    'browser:test/browser/cache.test.ts',
    'browser:test/browser/cache-quota.test.ts',
  ],
  // browser.ts and idb-store.ts run only in a browser: the sign-in suite in headless Chromium.
  'src/auth': ['auth', 'auth-session', 'auth-challenge', 'auth-bad-input', 'auth-scopes', 'auth-endpoints', 'auth-return-target', 'browser:test/browser/auth.test.ts', 'browser:test/browser/hostile-auth.test.ts'],
  // The elements: each folder's own suite first, then the suites that render it inside another element.
  // hostile.test.ts drives every element with a hostile server; cdn.test.ts is left out (it needs dist/).
  // focus.ts and server-identity.ts serve the dialogs and <mcp-tool>: their suites come last.
  'components/shared': [
    ...elementSuites('mcp-tool-list', 'mcp-resource-list', 'mcp-prompt-list', 'mcp-server', 'mcp-prompt'),
    'browser:test/browser/cache.test.ts',
    ...elementSuites('mcp-tool', 'mcp-tool-call', 'mcp-elicitation'),
    // event-listeners.ts and row-window.ts let go of an element taken off the page: the leak suite counts those alive.
    'browser:test/browser/leaks.test.ts',
    // The task elements (task-status.ts), in several tabs and in <mcp-tool>'s task panel.
    'browser:test/browser/task-tabs.test.ts',
    'browser:components/mcp-tool/mcp-tool-tasks.test.ts',
  ],
  // The top-level files: the CDN entry and its autoloader, loaded by the CDN suites from the build (NEEDS_CDN_BUILD).
  components: ['browser:test/browser/cdn.test.ts', 'browser:test/browser/cdn-auth.test.ts'],
  'components/mcp-server': [
    ...elementSuites('mcp-server'),
    'browser:components/mcp-server/mcp-server-approval.test.ts',
    'browser:components/mcp-server/mcp-server-connection.test.ts',
    ...elementSuites('mcp-tool-list'),
    'browser:test/browser/auth.test.ts',
    'browser:test/browser/legacy.test.ts',
    'browser:test/browser/cache.test.ts',
    // Sign-in from the attributes (redirect-uri, client-id, sign-in-flow), popup and redirect, through the CDN build.
    'browser:test/browser/cdn-auth.test.ts',
  ],
  'components/mcp-tool-list': [
    ...elementSuites('mcp-tool-list'),
    'browser:test/browser/cache.test.ts',
    'browser:test/browser/hostile.test.ts',
  ],
  // The tool call's display and error words: <mcp-tool>'s and <mcp-tool-call>'s; describe-error.ts is <mcp-server>'s too.
  'components/shared/call': [
    ...elementSuites('mcp-tool', 'mcp-tool-call', 'mcp-server'),
    'browser:test/browser/hostile.test.ts',
  ],
  'components/mcp-tool': [
    ...elementSuites('mcp-tool', 'mcp-tool-list', 'mcp-tool-call'),
    // task-display.ts: a tool the server runs as a task.
    'browser:components/mcp-tool/mcp-tool-tasks.test.ts',
    'browser:test/browser/legacy.test.ts',
    'browser:test/browser/hostile.test.ts',
    // A tool with a view: what its <mcp-app> is told of the call.
    'browser:components/mcp-app/mcp-app.test.ts',
  ],
  'components/mcp-tool-call': [
    ...elementSuites('mcp-tool-call', 'mcp-tool'),
    'browser:components/mcp-server/mcp-server-approval.test.ts',
    'browser:test/browser/hostile.test.ts',
    'browser:test/browser/focus-rings.test.ts',
  ],
  'components/mcp-call-log': [
    ...elementSuites('mcp-call-log'),
    'browser:test/browser/hostile.test.ts',
    'browser:test/browser/focus-rings.test.ts',
  ],
  'components/mcp-schema-form': [
    ...elementSuites('mcp-schema-form', 'mcp-tool', 'mcp-elicitation'),
    'browser:test/browser/hostile.test.ts',
  ],
  'components/mcp-content': [
    ...elementSuites('mcp-content', 'mcp-tool', 'mcp-resource-view'),
    'browser:test/browser/pdf-frame.test.ts',
    'browser:test/browser/hostile.test.ts',
  ],
  'components/mcp-elicitation': [
    ...elementSuites('mcp-elicitation', 'mcp-resource-list'),
    'browser:components/mcp-elicitation/input-handlers.test.ts',
    'browser:test/browser/hostile.test.ts',
  ],
  'components/mcp-icon': [...elementSuites('mcp-icon', 'mcp-tool-list'), 'browser:test/browser/hostile.test.ts'],
  'components/mcp-prompt': [...elementSuites('mcp-prompt', 'mcp-prompt-list'), 'browser:test/browser/hostile.test.ts'],
  'components/mcp-prompt-list': [
    ...elementSuites('mcp-prompt-list'),
    'browser:test/browser/cache-quota.test.ts',
    'browser:test/browser/hostile.test.ts',
  ],
  'components/mcp-resource-list': [
    ...elementSuites('mcp-resource-list'),
    'browser:test/browser/cache.test.ts',
    'browser:test/browser/hostile.test.ts',
  ],
  // <mcp-task-list> has no suite of its own: the tasks suite of <mcp-tool> drives it beside the tool, the tabs suite
  // shares its tasks between tabs, the leak suite lets go of it. strict-csp.test.ts renders the list too, but from
  // dist/ (the copy of HEAD has none, and it would not hold the mutant): left out, as cdn.test.ts is.
  'components/mcp-task-list': [
    'browser:components/mcp-tool/mcp-tool-tasks.test.ts',
    'browser:test/browser/task-tabs.test.ts',
    'browser:test/browser/hostile.test.ts',
    'browser:test/browser/leaks.test.ts',
  ],
  'components/mcp-resource-view': [...elementSuites('mcp-resource-view', 'mcp-resource-list'), 'browser:test/browser/hostile.test.ts'],
  // mcp-app-display.test.ts grants display modes and browser features (view-policy.ts, view-grants.ts); the call log
  // records a view's requests; the approval suite gates a view's tool calls through <mcp-server>'s policy.
  'components/mcp-app': [
    ...elementSuites('mcp-app'),
    'browser:components/mcp-app/mcp-app-wire.test.ts',
    'browser:components/mcp-app/mcp-app-display.test.ts',
    'browser:components/mcp-call-log/mcp-call-log.test.ts',
    'browser:components/mcp-server/mcp-server-approval.test.ts',
  ],
  // csp.ts is also plain code the node suites run; the proxy runs in the apps server's sandbox origin (and on the
  // runner's own origin, for the frame arrangements of mcp-app.test.ts); the wire suite plays hostile views and frames.
  sandbox: ['sandbox-csp', 'apps', ...elementSuites('mcp-app'), 'browser:components/mcp-app/mcp-app-wire.test.ts'],
}

/** The browser suites of elements, by folder name: components/NAME/NAME.test.ts. */
function elementSuites(...names) {
  return names.map((name) => `browser:components/${name}/${name}.test.ts`)
}

/** Textual mutation operators: [name, pattern, replacement]. Patterns need spaces around operators, so types stay alone. */
const OPERATORS = [
  ['=== → !==', / === /g, ' !== '],
  ['!== → ===', / !== /g, ' === '],
  ['< → <=', / < /g, ' <= '],
  ['<= → <', / <= /g, ' < '],
  ['> → >=', / > /g, ' >= '],
  ['>= → >', / >= /g, ' > '],
  ['&& → ||', / && /g, ' || '],
  ['|| → &&', / \|\| /g, ' && '],
  ['true → false', /\btrue\b/g, 'false'],
  ['false → true', /\bfalse\b/g, 'true'],
  ['drop !', /(?<=[(\s])!(?=[\w.#(])/g, ''],
  // The default is one operand: a literal, or a name, member or call chain (`themed(x)`, `new Map()`, `new A().b`), whole:
  // not a prefix of a longer one (`?? msg` of `?? msg('a', '(b)')` would leave `name('a', '(b)')`, no dropped default).
  ['drop ?? default', / \?\? (\{\}|\[\]|'[^']*'|(new |-)?(?!new )[\w$#.?!]+(\([^()]*\))?[\w$#.?!]*)(?![\w$#.?!(])/g, ''],
  ['+ → -', / \+ (?=\d)/g, ' - '],
  ['drop await', /(?<!for )\bawait (?!using\b)/g, ''],
]

/**
 * Whole-line deletions, of lines that are a statement of their own (so the copy still parses, and the mutant
 * says something): [name, test of the trimmed line]. The line is left empty, so line numbers stay.
 */
const DELETIONS = [
  ['delete guard', (code) => /^if \(.*\) return\b/.test(code)],
  ['delete listener removal', (code) => /^[\w$#?.]*\b(removeEventListener|disconnect|unsubscribe)\(/.test(code)],
]

/** Whether a trimmed line is a whole statement: brackets balanced, no template literal left open, not continued. */
function wholeStatement(code, next = '') {
  const count = (re) => (code.match(re) ?? []).length
  if (count(/\(/g) !== count(/\)/g) || count(/\[/g) !== count(/\]/g) || count(/\{/g) !== count(/\}/g)) return false
  if (count(/`/g) % 2) return false
  return !/[,(?:&|=+]$/.test(code) && !/^[.?:&|+)]/.test(next.trim())
}

function mulberry32(a) {
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The code files under `dir`: not generated types, tests, or style sheets (CSS, which no operator means anything in). */
function sourceFiles(source, dir) {
  return readdirSync(join(source, dir), { withFileTypes: true }).flatMap((d) => {
    const path = `${dir}/${d.name}`
    if (d.isDirectory()) return d.name === 'generated' ? [] : sourceFiles(source, path)
    return /(?<!\.d|\.test|\.styles)\.ts$/.test(d.name) ? [path] : []
  })
}

/**
 * Every mutant of every file under `only`: one operator at one place. Read from the copy of HEAD the mutants are
 * written into, so uncommitted edits in the working tree cannot shift a line (a mutant would overwrite another line).
 */
function mutants(source) {
  const base = only.endsWith('.ts') ? [only] : sourceFiles(source, only.replace(/\/$/, ''))
  const found = []
  for (const file of base) {
    const lines = readFileSync(join(source, file), 'utf8').split('\n')
    let inCss = false
    lines.forEach((line, index) => {
      const code = line.trim()
      // A css`…` literal is a style sheet: ` > ` there is a child combinator.
      if (inCss) return void (inCss = !code.includes('`'))
      if (/\bcss`/.test(code)) return void (inCss = (code.match(/`/g) ?? []).length % 2 === 1)
      if (!code || /^(\/\/|\*|\/\*|import |export type |type |interface )/.test(code)) return
      // An optional member typed as a literal (`idempotent?: true`) is a type, erased before any test runs.
      if (/^[\w$]+\?: (true|false);?$/.test(code)) return
      const add = (name, mutated) => found.push({ file, line: index + 1, name, original: line, mutated })
      for (const [name, pattern, replacement] of OPERATORS) {
        for (const m of line.matchAll(pattern)) {
          const mutated = line.slice(0, m.index) + m[0].replace(pattern, replacement) + line.slice(m.index + m[0].length)
          if (mutated !== line) add(name, mutated)
        }
      }
      for (const [name, applies] of DELETIONS) if (applies(code) && wholeStatement(code, lines[index + 1])) add(name, '')
    })
  }
  return found
}

/** The innermost folder of SUITES that holds `file` (`components` itself holds only its top-level files). */
function folderOf(file) {
  return Object.keys(SUITES).filter((f) => file.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0] ?? dirname(file)
}

/**
 * Suites that load the builds (dist/: the CDN file and its callback page, the npm build a second copy of the library
 * comes from, and the custom-elements manifest) rather than the source. dist/ is built in the copy once before a
 * folder's unmutated runs, and again for each mutant before its first such suite; a mutant a build fails on is killed
 * by it. Only these suites read dist/, and each build comes before them, so a mutant's build is never cleaned up.
 */
const NEEDS_CDN_BUILD = new Set(['browser:test/browser/cdn.test.ts', 'browser:test/browser/cdn-auth.test.ts'])

function buildCdn(copy) {
  // The npm build first: it empties dist/. Then the custom-elements manifest, whose tags the CDN suite defines.
  const steps = [[], ['--mode', 'cdn'], ['--mode', 'cdn-callback']].map((mode) => ['node_modules/vite/bin/vite.js', 'build', ...mode])
  steps.push(['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet'])
  return steps.every((step) => spawnSync(process.execPath, step, { cwd: copy, stdio: 'ignore' }).status === 0)
}

/** The file a suite name stands for: `name` is test/node/name.test.ts, `browser:path` a web-test-runner file. */
const suiteFile = (suite) => (suite.startsWith('browser:') ? suite.slice('browser:'.length) : `test/node/${suite}.test.ts`)

/** Mocha's per-test limit and web-test-runner's finish limit in the copy (ms); a retry doubles both. */
const BROWSER_TEST_TIMEOUT_MS = 60_000
const BROWSER_FINISH_TIMEOUT_MS = 600_000

/**
 * Makes the copy's web-test-runner config read its per-test and finish limits from the environment, so each run
 * (and its retry, with twice the time) sets them. Throws if the config no longer has the lines it rewrites.
 */
function configureRunnerTimeouts(copy) {
  const path = join(copy, 'web-test-runner.config.mjs')
  let text = readFileSync(path, 'utf8')
  // Either limit's value may depend on the engine (`selectedEngine() === 'chromium' ? … : …`): the whole value goes.
  for (const [from, to] of [
    [/testsFinishTimeout: [^\n]*,$/m, 'testsFinishTimeout: Number(process.env.MUTATE_FINISH_TIMEOUT),'],
    [/testFramework: \{ config: \{ timeout: [^\n]* \} \},$/m, 'testFramework: { config: { timeout: Number(process.env.MUTATE_TEST_TIMEOUT) } },'],
  ]) {
    if (!from.test(text)) throw new Error(`web-test-runner.config.mjs has no ${from} to lengthen for mutants`)
    text = text.replace(from, to)
  }
  writeFileSync(path, text)
}

/** Whether runner output tells of a timeout: mocha's per-test one, web-test-runner's finish limit, node's test timeout. */
const TIMEOUT_OUTPUT = /Timeout of \d+ms exceeded|did not finish within|timed out|testsFinishTimeout|test timed out after/i
/**
 * Whether it tells of a hang: a test or the run stopped by a time limit. A test's own wait for the page to show
 * something (test/support/browser.ts `eventually`: "timed out waiting for …") is a timeout to retry, as load may
 * cause it, but not a hang: the page never showed what the test waited for, an assertion that failed.
 */
const HANG_OUTPUT = /Timeout of \d+ms exceeded|did not finish within|testsFinishTimeout|test timed out after/i

/** The first failing test's title in runner output (web-test-runner's ❌ lines, node's spec ✖ or TAP `not ok`). */
function firstFailure(output) {
  // Colours are off when piped, but a runner that forces them would hide the title behind escape codes.
  const line = stripVTControlCharacters(output).match(/^\s*(?:❌|✖|not ok \d+ -)\s*(.+)$/m)
  return line ? line[1].replace(/\s*\(\d+(\.\d+)?ms\)$/, '').trim() : undefined
}

/** Kills a suite's whole process group (web-test-runner and its browser); one that has ended is no error. */
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // It has ended.
  }
}

/** Suites running now, each its own process group (detached): stopped with them when this script is stopped. */
const running = new Set()

/** On Ctrl-C or SIGTERM, stops every running suite's process group (web-test-runner and its browser), then exits. */
function stopSuitesOnSignal(copy) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const pid of running) killGroup(pid)
      rmSync(copy, { recursive: true, force: true })
      process.exit(signal === 'SIGINT' ? 130 : 143)
    })
  }
}

/**
 * Runs one suite file in the copy, stopped after `limitMs`: resolves `{ passed, ms, timedOut, hung, failed }`, where
 * `timedOut` is any timeout (ours, or one the runner reports), `hung` one that stopped a test or the run, and
 * `failed` the first failing test's title.
 * Browser suites run in web-test-runner on `--port` (its own, so a runner of the working tree can go on beside it);
 * `scale` multiplies the runner's own limits (2 on a retry).
 */
function runSuite(copy, suite, limitMs, scale = 1) {
  return new Promise((resolve) => {
    const args = suite.startsWith('browser:')
      ? [join(copy, 'node_modules/@web/test-runner/dist/bin.js'), suiteFile(suite), '--port', option('port', '8890')]
      : ['--import', 'tsx', '--test', '--test-concurrency=1', `--test-timeout=${scale * LIMIT_MS}`, suiteFile(suite)]
    const env = {
      ...process.env,
      MUTATE_TEST_TIMEOUT: String(scale * BROWSER_TEST_TIMEOUT_MS),
      MUTATE_FINISH_TIMEOUT: String(scale * BROWSER_FINISH_TIMEOUT_MS),
    }
    const started = Date.now()
    const child = spawn(process.execPath, args, { cwd: copy, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    running.add(child.pid)
    // The output's tail is enough for the summary; the head keeps the first failure's title.
    let output = ''
    const keep = (chunk) => {
      output += chunk
      if (output.length > 400_000) output = output.slice(0, 200_000) + output.slice(-100_000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    let killed = false
    const timer = setTimeout(() => {
      killed = true
      killGroup(child.pid)
    }, limitMs)
    child.on('close', (code) => {
      running.delete(child.pid)
      clearTimeout(timer)
      const passed = code === 0 && !killed
      const timedOut = killed || (!passed && TIMEOUT_OUTPUT.test(output))
      const hung = killed || (!passed && HANG_OUTPUT.test(output))
      resolve({ passed, ms: Date.now() - started, timedOut, hung, failed: passed ? undefined : firstFailure(output) })
    })
  })
}

/** A seeded sample of `n` of `all`, without replacement. */
function sampleOf(all, n, seed) {
  const random = mulberry32(seed)
  const pool = [...all]
  const sample = []
  while (sample.length < n && pool.length) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0])
  return sample
}

const percent = (k, n) => `${k}/${n}  ${n ? Math.round((100 * k) / n) : 0}%`

async function main() {
  // A suite named here that does not exist would run nothing (web-test-runner skips a missing file): say so at once.
  const missing = [...new Set(Object.values(SUITES).flat())].filter((suite) => !existsSync(join(root, suiteFile(suite))))
  if (missing.length) throw new Error(`mutate: SUITES names files that do not exist: ${missing.join(', ')}`)
  const copy = mkdtempSync(join(tmpdir(), 'mcp-mutate-'))
  const archive = spawnSync('sh', ['-c', `git -C "${root}" archive HEAD | tar -x -C "${copy}"`], { stdio: 'inherit' })
  if (archive.status !== 0) throw new Error('git archive HEAD failed')
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'))
  stopSuitesOnSignal(copy)
  configureRunnerTimeouts(copy)
  const byFolder = new Map()
  for (const m of mutants(copy)) {
    const folder = folderOf(m.file)
    if (!byFolder.has(folder)) byFolder.set(folder, [])
    byFolder.get(folder).push(m)
  }
  if (args.includes('--list')) {
    for (const m of [...byFolder.values()].flat())
      console.log(`${m.file}:${m.line} ${m.name}: ${m.mutated.trim() || `(deleted) ${m.original.trim()}`}`)
    return rmSync(copy, { recursive: true, force: true })
  }
  /** Per folder: each seed's sample with its outcome (`killedBy`: `{ by, byTimeout }`, absent for a survivor). */
  const results = new Map()
  try {
    for (const [folder, all] of [...byFolder].sort()) {
      // Only suites that pass on the unmutated copy can say anything about a mutant; their time there sets the limit.
      const suites = []
      let baselineBuilt = undefined
      const chosen = option('suites', '').split(',').filter(Boolean)
      for (const suite of (SUITES[folder] ?? []).filter((s) => !chosen.length || chosen.includes(s))) {
        if (spawnSync('test', ['-f', join(copy, suiteFile(suite))]).status !== 0) continue
        const browser = suite.startsWith('browser:')
        if (NEEDS_CDN_BUILD.has(suite) && !(baselineBuilt ??= buildCdn(copy))) {
          console.log(`(${suite}: the CDN build fails without any mutant: left out)`)
          continue
        }
        const { passed, ms } = await runSuite(copy, suite, browser ? 5 * LIMIT_MS : LIMIT_MS)
        if (passed) suites.push({ suite, limitMs: browser ? Math.max(60_000, BROWSER_SLOWDOWN * ms) : LIMIT_MS })
        else console.log(`(${suite} fails without any mutant: left out)`)
      }
      if (!suites.length) continue
      const samples = seeds.map((seed) => ({ seed, sample: sampleOf(all, perFolder, seed) }))
      const sampled = [...new Set(samples.flatMap(({ sample }) => sample))].slice(from)
      // A mutant skipped by --from is in no score: only those run are counted.
      for (const s of samples) s.sample = s.sample.filter((m) => sampled.includes(m))
      console.log(
        `\n${folder}: ${sampled.length} of ${all.length} mutants (seed ${seeds.join(', ')}${from ? `, from the ${from + 1}th` : ''}), against ${suites.map((s) => s.suite).join(', ')}`,
      )
      const killedBy = new Map()
      for (const m of sampled) {
        const path = join(copy, m.file)
        const original = readFileSync(path, 'utf8')
        const lines = original.split('\n')
        lines[m.line - 1] = m.mutated
        writeFileSync(path, lines.join('\n'))
        let built = false
        try {
          for (const { suite, limitMs } of suites) {
            if (NEEDS_CDN_BUILD.has(suite) && !built) {
              built = true
              if (!buildCdn(copy)) {
                killedBy.set(m, { by: 'the CDN build', byTimeout: false })
                break
              }
            }
            let run = await runSuite(copy, suite, limitMs)
            // Under load a slow run is not a hang: once more, with twice the time; a pass then is no kill.
            if (!run.passed && run.timedOut) run = await runSuite(copy, suite, 2 * limitMs, 2)
            if (!run.passed) {
              const test = run.failed ? `: ${run.failed}` : run.hung ? ', past its time limit twice' : ''
              killedBy.set(m, { by: `${suite}${test}`, byTimeout: run.hung })
              break
            }
          }
        } finally {
          writeFileSync(path, original)
        }
        const kill = killedBy.get(m)
        const verdict = !kill ? 'SURVIVED' : kill.byTimeout ? 'killed by timeout' : 'killed  '
        console.log(`  ${verdict} ${m.file}:${m.line} ${m.name}${kill ? ` (by ${kill.by})` : ''}`)
      }
      results.set(folder, { samples, killedBy })
    }
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
  console.log(
    `\nScore per folder (killed / sampled, then killed by timeout and survived${seeds.length > 1 ? ', per seed' : ''}):`,
  )
  let killed = 0
  let killedByTimeout = 0
  let total = 0
  const survivors = new Set()
  for (const [folder, { samples, killedBy }] of results) {
    const scores = samples.map(({ seed, sample }) => {
      const k = sample.filter((m) => killedBy.has(m) && !killedBy.get(m).byTimeout).length
      const t = sample.filter((m) => killedBy.get(m)?.byTimeout).length
      killed += k
      killedByTimeout += t
      total += sample.length
      for (const m of sample) if (!killedBy.has(m)) survivors.add(m)
      return `${seeds.length > 1 ? `seed ${seed}: ` : ''}${percent(k, sample.length)}  by timeout ${t}  survived ${sample.length - k - t}`
    })
    console.log(`  ${folder.padEnd(28)} ${scores.join('   ')}`)
  }
  console.log(
    `  ${'all'.padEnd(28)} ${percent(killed, total)}  by timeout ${killedByTimeout}  survived ${total - killed - killedByTimeout}`,
  )
  if (survivors.size) {
    console.log('\nSurvivors (a missing test, or an equivalent change):')
    for (const m of survivors)
      console.log(
        `  ${relative('.', m.file)}:${m.line} ${m.name}\n    - ${m.original.trim()}\n    + ${m.mutated.trim() || '(line deleted)'}`,
      )
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
