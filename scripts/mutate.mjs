// Mutation testing of src/ with node --test: does the suite notice when the code is wrong?
//
//   npm run mutate                          a sample of mutants per folder of src/ (default 12)
//   npm run mutate -- --per-folder 40       more of them
//   npm run mutate -- --only src/transport  one folder (or file)
//   npm run mutate -- --seed 7              another sample
//   npm run mutate -- --port 8890           the port of `browser:` suites (web-test-runner in Chromium)
//
// Outside CI: it takes minutes per folder. Each mutant is one small change a
// careless edit could make (=== for !==, < for <=, && for ||, true for false,
// a dropped !, a dropped `?? x` default, + for -), made in a copy of HEAD
// (git archive into a temporary folder; the working tree is never touched).
// The node suites most likely to notice run first, one file at a time; the
// first that fails kills the mutant (a hang past the time limit counts too).
// A mutant every suite passes survived: either a test is missing or the
// change is equivalent. The report gives the score per folder and lists the
// survivors with file, line and the change, to be read one by one.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : args[i + 1]
}
const perFolder = Number(option('per-folder', 12))
const seed = Number(option('seed', 1))
const only = option('only', 'src/')
const LIMIT_MS = Number(option('limit-ms', 120_000))

/** The suites that exercise each folder, most telling first. */
const SUITES = {
  'src/transport': ['faults', 'fuzz', 'headers', 'legacy', 'legacy-faults', 'client'],
  'src/protocol': ['fuzz', 'spec-examples', 'methods', 'coalesce-key', 'faults', 'mrtr', 'client'],
  'src/schema': ['validate-schema', 'schema', 'headers', 'form'],
  'src/client': ['client', 'mrtr', 'total-time', 'subscriptions', 'shared-listen', 'progress', 'coalesce', 'faults', 'headers', 'events', 'icons', 'validate-schema', 'client-info', 'legacy', 'legacy-faults', 'apps', 'cache-correctness', 'approval', 'call-log', 'model-tools'],
  // idb.ts runs only in a browser: its suite is the IndexedDB one in headless Chromium (`browser:` suites).
  'src/cache': ['cache', 'cache-correctness', 'cache-memory', 'cache-listing', 'methods', 'client', 'subscriptions', 'browser:test/browser/cache.test.ts', 'browser:test/browser/cache-quota.test.ts'],
  // browser.ts and idb-store.ts run only in a browser: the sign-in suite in headless Chromium.
  'src/auth': ['auth', 'auth-session', 'auth-challenge', 'auth-bad-input', 'auth-scopes', 'auth-endpoints', 'browser:test/browser/auth.test.ts', 'browser:test/browser/hostile-auth.test.ts'],
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
  ['drop ?? default', / \?\? [^,;)\]}]+/g, ''],
  ['+ → -', / \+ (?=\d)/g, ' - '],
]

function mulberry32(a) {
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function sourceFiles(source, dir) {
  return readdirSync(join(source, dir), { withFileTypes: true }).flatMap((d) => {
    const path = `${dir}/${d.name}`
    if (d.isDirectory()) return d.name === 'generated' ? [] : sourceFiles(source, path)
    return d.name.endsWith('.ts') && !d.name.endsWith('.d.ts') ? [path] : []
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
    lines.forEach((line, index) => {
      const code = line.trim()
      if (!code || /^(\/\/|\*|\/\*|import |export type |type |interface )/.test(code)) return
      // An optional member typed as a literal (`idempotent?: true`) is a type, erased before any test runs.
      if (/^[\w$]+\?: (true|false);?$/.test(code)) return
      for (const [name, pattern, replacement] of OPERATORS) {
        for (const m of line.matchAll(pattern)) {
          const mutated = line.slice(0, m.index) + m[0].replace(pattern, replacement) + line.slice(m.index + m[0].length)
          if (mutated !== line) found.push({ file, line: index + 1, name, original: line, mutated })
        }
      }
    })
  }
  return found
}

function folderOf(file) {
  return Object.keys(SUITES).find((f) => file.startsWith(`${f}/`)) ?? dirname(file)
}

/** The file a suite name stands for: `name` is test/node/name.test.ts, `browser:path` a web-test-runner file. */
const suiteFile = (suite) => (suite.startsWith('browser:') ? suite.slice('browser:'.length) : `test/node/${suite}.test.ts`)

/** Runs one suite file in the copy; resolves true when it passed. */
function suitePasses(copy, suite) {
  return new Promise((resolve) => {
    const args = suite.startsWith('browser:')
      ? [join(copy, 'node_modules/@web/test-runner/dist/bin.js'), suiteFile(suite), '--port', option('port', '8890')]
      : ['--import', 'tsx', '--test', '--test-concurrency=1', `--test-timeout=${LIMIT_MS}`, suiteFile(suite)]
    const child = spawn(process.execPath, args, { cwd: copy, stdio: 'ignore', detached: true })
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, LIMIT_MS)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve(code === 0)
    })
  })
}

async function main() {
  const copy = mkdtempSync(join(tmpdir(), 'mcp-mutate-'))
  const archive = spawnSync('sh', ['-c', `git -C "${root}" archive HEAD | tar -x -C "${copy}"`], { stdio: 'inherit' })
  if (archive.status !== 0) throw new Error('git archive HEAD failed')
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'))
  const random = mulberry32(seed)
  const byFolder = new Map()
  for (const m of mutants(copy)) {
    const folder = folderOf(m.file)
    if (!byFolder.has(folder)) byFolder.set(folder, [])
    byFolder.get(folder).push(m)
  }
  const results = new Map()
  try {
    for (const [folder, all] of [...byFolder].sort()) {
      // Only suites that pass on the unmutated copy can say anything about a mutant.
      const suites = []
      for (const suite of SUITES[folder] ?? []) {
        if (spawnSync('test', ['-f', join(copy, suiteFile(suite))]).status !== 0) continue
        if (await suitePasses(copy, suite)) suites.push(suite)
        else console.log(`(${suite} fails without any mutant: left out)`)
      }
      if (!suites.length) continue
      // A seeded sample without replacement.
      const pool = [...all]
      const sample = []
      while (sample.length < perFolder && pool.length) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0])
      const outcome = { killed: 0, survivors: [] }
      results.set(folder, outcome)
      console.log(`\n${folder}: ${sample.length} of ${all.length} mutants, against ${suites.join(', ')}`)
      for (const m of sample) {
        const path = join(copy, m.file)
        const original = readFileSync(path, 'utf8')
        const lines = original.split('\n')
        lines[m.line - 1] = m.mutated
        writeFileSync(path, lines.join('\n'))
        let killedBy
        try {
          for (const suite of suites) {
            if (!(await suitePasses(copy, suite))) {
              killedBy = suite
              break
            }
          }
        } finally {
          writeFileSync(path, original)
        }
        if (killedBy) outcome.killed++
        else outcome.survivors.push(m)
        console.log(`  ${killedBy ? 'killed  ' : 'SURVIVED'} ${m.file}:${m.line} ${m.name}${killedBy ? ` (by ${killedBy})` : ''}`)
      }
    }
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
  console.log('\nScore per folder (killed / sampled):')
  let killed = 0
  let total = 0
  for (const [folder, { killed: k, survivors }] of results) {
    const n = k + survivors.length
    killed += k
    total += n
    console.log(`  ${folder.padEnd(16)} ${k}/${n}  ${n ? Math.round((100 * k) / n) : 0}%`)
  }
  console.log(`  ${'all'.padEnd(16)} ${killed}/${total}  ${total ? Math.round((100 * killed) / total) : 0}%`)
  const survivors = [...results.values()].flatMap((r) => r.survivors)
  if (survivors.length) {
    console.log('\nSurvivors (a missing test, or an equivalent change):')
    for (const m of survivors) console.log(`  ${relative('.', m.file)}:${m.line} ${m.name}\n    - ${m.original.trim()}\n    + ${m.mutated.trim()}`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
