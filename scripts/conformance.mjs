// Referees our client with the official MCP conformance suite, revision 2026-07-28.
//
//   npm run conformance                      every required client scenario (auth/* included)
//                                            plus the unscored json-schema-2020-12-preservation
//                                            and auth/client-credentials-*, and the Skills
//                                            extension's client scenarios (sep-2640-client-*)
//                                            and the DPoP extension's (auth/dpop, auth/dpop-nonce)
//   npm run conformance -- tools_call …      only the named scenarios
//
// Scenarios run one at a time (parallel runs time out spuriously on small machines).
// A scenario passes only when the suite reports no failed or warning check AND our
// client exited 0. The suite's own files (checks.json, client stdout/stderr) land in
// results/conformance/<run>/ (gitignored), with the client the scenarios run: test/conformance/client.ts bundled
// by esbuild once per run (client.mjs), since tsx compiling it afresh in every scenario cost about 0.65 s of CPU
// each. Env: CONFORMANCE_TIMEOUT_MS (default 30000).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const SPEC = '2026-07-28'
// The client is dual era: every non-auth client scenario of the last legacy revision runs too, named NAME@2025-11-25.
const LEGACY_SPEC = '2025-11-25'
const UNSCORED = ['json-schema-2020-12-preservation', 'auth/client-credentials-basic', 'auth/client-credentials-jwt']
// The Skills extension (io.modelcontextprotocol/skills): scored like the required ones.
const SKILLS = ['sep-2640-client-no-prefetch', 'sep-2640-client-verify-digest', 'sep-2640-client-verify-size', 'sep-2640-client-verify-frontmatter']
// The DPoP extension (io.modelcontextprotocol/auth/dpop): scored like the required ones.
const DPOP = ['auth/dpop', 'auth/dpop-nonce']
// Extension scenarios the suite skips at a dated --spec-version unless forced (they are on no spec timeline).
const EXTENSIONS = new Set(['auth/client-credentials-basic', 'auth/client-credentials-jwt', ...SKILLS, ...DPOP])
const TIMEOUT_MS = Number(process.env.CONFORMANCE_TIMEOUT_MS ?? 30_000)

const root = fileURLToPath(new URL('..', import.meta.url))
const pkgJson = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')
const cli = join(dirname(pkgJson), JSON.parse(readFileSync(pkgJson, 'utf8')).bin.conformance)
// The CLI imports fs.globSync, which Node 20 lacks; the preload supplies it there (no-op on 22+).
const preload = pathToFileURL(join(root, 'scripts/node20-globsync.mjs')).href

/** Runs the conformance CLI; resolves with its exit code and combined output. */
function conformance(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', preload, cli, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, output }))
  })
}

/** The `  - name` lines of the section that starts with `heading`, up to the next blank line. */
function section(output, heading) {
  const lines = output.split('\n')
  const start = lines.findIndex((l) => l.startsWith(heading))
  if (start === -1) return []
  const names = []
  for (const line of lines.slice(start + 1)) {
    const m = line.match(/^\s+- (\S+)/)
    if (!m) break
    names.push(m[1])
  }
  return names
}

async function scenarioList(names) {
  const listed = await conformance(['list', '--requirements', SPEC])
  const required = section(listed.output, 'Client scenarios')
  if (listed.code !== 0 || required.length === 0) {
    throw new Error(`conformance list --requirements ${SPEC} failed (exit ${listed.code}):\n${listed.output}`)
  }
  const legacyListed = await conformance(['list', '--requirements', LEGACY_SPEC])
  const legacy = section(legacyListed.output, 'Client scenarios')
    .filter((s) => !s.startsWith('auth/'))
    .map((s) => `${s}@${LEGACY_SPEC}`)
  const defaults = [...required, ...[...UNSCORED, ...SKILLS, ...DPOP].filter((s) => !required.includes(s)), ...legacy]
  if (names.length === 0) return defaults
  const all = await conformance(['list', '--client', '--spec-version', SPEC])
  const known = new Set([...defaults, ...section(all.output, 'Client scenarios')])
  const unknown = names.filter((n) => !known.has(n) && !n.endsWith(`@${LEGACY_SPEC}`))
  if (unknown.length) throw new Error(`Unknown client scenario(s): ${unknown.join(', ')}\nKnown: ${[...known].join(', ')}`)
  return names
}

function indent(text, prefix = '      ') {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => prefix + l)
    .join('\n')
}

function tail(text, lines = 25) {
  const all = text.trimEnd().split('\n')
  return (all.length > lines ? ['…', ...all.slice(-lines)] : all).join('\n')
}

/**
 * Bundles the client (with the library and its dependencies) into `outputDir`, and returns the command that runs it.
 * The suite splits the command at spaces: the path is relative to the repository, where the suite runs it.
 */
async function bundleClient(outputDir) {
  const outfile = join(outputDir, 'client.mjs')
  await build({
    absWorkingDir: root,
    entryPoints: ['test/conformance/client.ts'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  })
  return `node ${relative(root, outfile)}`
}

async function runScenario(label, outputDir, clientCommand) {
  const [scenario, spec = SPEC] = label.split('@')
  const started = Date.now()
  const run = await conformance([
    'client',
    '--command',
    clientCommand,
    '--scenario',
    scenario,
    '--spec-version',
    spec,
    '--timeout',
    String(TIMEOUT_MS),
    '--output-dir',
    outputDir,
    ...(EXTENSIONS.has(scenario) ? ['--force'] : []),
  ])
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const resultDir = run.output.match(/^Results saved to (.+)$/m)?.[1]?.trim()
  let checks = []
  const problems = []
  const wroteChecks = Boolean(resultDir && existsSync(join(resultDir, 'checks.json')))
  if (wroteChecks) {
    checks = JSON.parse(readFileSync(join(resultDir, 'checks.json'), 'utf8'))
  } else {
    problems.push(`the suite wrote no checks.json; its output:\n${indent(tail(run.output, 40))}`)
  }
  const bad = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')
  for (const c of bad) {
    problems.push(`${c.status === 'WARNING' ? 'WARNING ' : ''}${c.name} [${c.id}]: ${c.errorMessage ?? c.description}`)
  }
  // A scenario whose checks never ran proves nothing: no checks at all, or none that succeeded, fails it.
  if (wroteChecks && checks.length === 0) problems.push('the suite ran no checks')
  else if (checks.length > 0 && !checks.some((c) => c.status === 'SUCCESS')) problems.push('no check succeeded')
  const skipped = checks.filter((c) => c.status === 'SKIPPED')
  const clientExit = run.output.match(/Client exited with code (-?\d+)/)?.[1]
  const timedOut = /Client timed out after/.test(run.output)
  if (clientExit !== undefined || timedOut) {
    const stderrFile = resultDir && join(resultDir, 'stderr.txt')
    const stderr = stderrFile && existsSync(stderrFile) ? readFileSync(stderrFile, 'utf8') : ''
    problems.push(
      (timedOut ? `client timed out after ${TIMEOUT_MS} ms` : `client exited with code ${clientExit}`) +
        (stderr.trim() ? `; its stderr:\n${indent(tail(stderr))}` : ''),
    )
  }
  if (run.code !== 0 && problems.length === 0) {
    problems.push(`the suite exited ${run.code}${run.signal ? ` (${run.signal})` : ''}:\n${indent(tail(run.output, 40))}`)
  }
  const passed = run.code === 0 && problems.length === 0
  console.log(`${passed ? 'PASS' : 'FAIL'} ${UNSCORED.includes(scenario) ? `${label} (unscored)` : label}  ${seconds}s${resultDir ? `  ${relative(root, resultDir)}` : ''}`)
  for (const p of problems) console.log(`    - ${p}`)
  // Skipped checks do not fail a scenario, but are named so a gap cannot hide.
  for (const c of skipped) console.log(`    ~ ${c.status} ${c.name} [${c.id}]${c.errorMessage || c.description ? `: ${c.errorMessage ?? c.description}` : ''}`)
  return passed
}

async function main() {
  const scenarios = await scenarioList(process.argv.slice(2))
  const outputDir = join(root, 'results', 'conformance', new Date().toISOString().replace(/[:.]/g, '-'))
  const clientCommand = await bundleClient(outputDir)
  console.log(`Conformance ${SPEC}: ${scenarios.length} client scenario(s), one at a time\n`)
  let passed = 0
  let failed = 0
  for (const scenario of scenarios) {
    if (await runScenario(scenario, outputDir, clientCommand)) passed++
    else failed++
  }
  console.log(`\n${passed} passed, ${failed} failed`)
  process.exitCode = failed > 0 ? 1 : 0
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
