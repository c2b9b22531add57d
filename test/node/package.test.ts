/**
 * The published package, as a user gets it. Once per run this file packs the
 * package as the sources are now: in a temporary copy of the checkout it builds
 * dist/ afresh, unless the checkout's dist/ is newer than every file a build
 * reads (as right after `npm test`'s build), and then uses that; either way
 * nothing it tests is stale. It packs the copy with `npm pack` and unpacks the
 * tarball into an empty project whose node_modules holds only the tarball's
 * declared dependencies (linked from this checkout's node_modules: no network).
 * Then: what the tarball holds, that its entries resolve through the "exports"
 * map and talk to a real server, that tsc type-checks a user's imports, that
 * esbuild bundles them (the client without DOM or Lit), and the build's shape.
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { init as lexerReady, parse as parseModule } from 'es-module-lexer'
import { startFixtureServer } from '../support/fixture-server.js'

const execFileAsync = promisify(execFile)
const checkout = fileURLToPath(new URL('../../', import.meta.url))
/** Top-level entries of the checkout the copy leaves out: installed, built, or version control. */
const NOT_COPIED = new Set(['node_modules', 'dist', 'docs', 'results'])
/** Copied files that no build reads: a change to them does not make dist/ stale. */
const NOT_BUILT = /^(test|bench|demo|scripts)\/|\.md$/

/** Files under `dir` (relative to the checkout), as NOT_COPIED and dot-files leave them, with their mtimes. */
function* sourceFiles(dir = ''): Generator<{ path: string; mtimeMs: number }> {
  for (const entry of readdirSync(join(checkout, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.name.startsWith('.') || (!dir && NOT_COPIED.has(entry.name))) continue
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (entry.isFile()) yield { path, mtimeMs: statSync(join(checkout, path)).mtimeMs }
  }
}

/**
 * Whether dist/ was built after the last change to anything a build reads. The build empties dist/ first, so its
 * oldest file is about when that build started; a source edited since (or during) it is newer than that.
 */
function builtFromTheseSources(): boolean {
  const dist = join(checkout, 'dist')
  if (!existsSync(join(dist, 'client.js'))) return false
  let oldestBuilt = Infinity
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name))
      else oldestBuilt = Math.min(oldestBuilt, statSync(join(dir, entry.name)).mtimeMs)
    }
  }
  walk(dist)
  for (const file of sourceFiles()) if (!NOT_BUILT.test(file.path) && file.mtimeMs >= oldestBuilt) return false
  return true
}

// The native TypeScript 7 this project builds with, by its own path: node_modules/.bin/tsc may be TypeScript 6's
// (typedoc-typescript, an alias that ships a tsc too), which used about 4 times the CPU for the same checks.
const TSC = join(checkout, 'node_modules', 'typescript', 'bin', 'tsc')

/** The temporary directory: `source/` (the copy that is built and packed), the tarball, `project/` (the user's). */
let work: string
/** The user's project, where the tarball is unpacked into node_modules/mcp-web-elements. */
let project: string
/** The installed package, as a directory URL (ends in /). */
let root: URL
/** Which dist/ was packed, for the log. */
let packedFrom: string
/** The paths in the tarball, as `npm pack --json` lists them. */
let packedFiles: string[]

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}${stderr ?? error}`, { cause: error })
  }
}

before(
  () => {
    work = mkdtempSync(join(tmpdir(), 'mcp-web-elements-pack-'))
    const source = join(work, 'source')
    // The whole checkout, as a fresh clone has it (whatever the build reaches), less what is built or installed.
    for (const entry of readdirSync(checkout)) {
      if (!entry.startsWith('.') && !NOT_COPIED.has(entry)) cpSync(join(checkout, entry), join(source, entry), { recursive: true })
    }
    symlinkSync(join(checkout, 'node_modules'), join(source, 'node_modules'))
    // `npm test` has just built dist/ from these very files: then it is packed as is (--ignore-scripts: the prepack
    // script would build the same files again). After any later edit, the copy is packed as a maintainer packs a clean
    // checkout: `npm pack` alone, whose prepack script builds dist/.
    if (builtFromTheseSources()) {
      cpSync(join(checkout, 'dist'), join(source, 'dist'), { recursive: true })
      run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], source)
      packedFrom = "the checkout's dist/, built after the last change to what a build reads"
    } else {
      run('npm', ['pack', '--pack-destination', work], source)
      packedFrom = 'a clean copy, built by `npm pack` itself (the checkout has no dist/, or sources changed since it was built)'
    }
    // The tarball's own listing (npm pack --json would mix the build's output into its JSON).
    const tarball = join(work, readdirSync(work).find((file) => file.endsWith('.tgz'))!)
    packedFiles = run('tar', ['-tzf', tarball], work)
      .split('\n')
      .filter((path) => path && !path.endsWith('/'))
      .map((path) => path.replace(/^package\//, ''))

    // The user's project: the tarball unpacked as npm would, and each dependency it declares (only those).
    project = join(work, 'project')
    const installed = join(project, 'node_modules', 'mcp-web-elements')
    mkdirSync(installed, { recursive: true })
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-app', private: true, type: 'module' }))
    run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], work)
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      mkdirSync(dirname(join(project, 'node_modules', dependency)), { recursive: true })
      symlinkSync(join(checkout, 'node_modules', dependency), join(project, 'node_modules', dependency))
    }
    root = pathToFileURL(`${installed}/`)
  },
  { timeout: 300_000 },
)

after(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

/**
 * Runs an ES module in the user's project with a plain `node`, as a user's Node runs it. (This test runs under
 * tsx, which applies this checkout's tsconfig "paths" to every import, so an import here could reach the sources.)
 */
async function runInProject(code: string, ...args: string[]): Promise<string> {
  const file = join(project, `run-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(file, code)
  const { stdout } = await execFileAsync(process.execPath, [file, ...args], { cwd: project, encoding: 'utf8', timeout: 20_000 })
  return stdout
}

/** Where each specifier resolves from the user's project, through the installed package's "exports". */
async function resolveInProject(specifiers: string[]): Promise<string[]> {
  const code = `import { fileURLToPath } from 'node:url'
    for (const specifier of ${JSON.stringify(specifiers)}) console.log(fileURLToPath(import.meta.resolve(specifier)))`
  return (await runInProject(code)).trim().split('\n')
}

test('npm pack builds first: the prepack script runs the build, so a clean checkout packs dist/', () => {
  const pkg = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8'))
  assert.equal(pkg.scripts.prepack, 'npm run build')
})

/** The files package.json "exports" names (each element's for a `*`), relative to the package. */
function exportedFiles(): string[] {
  const pkg = JSON.parse(read('package.json'))
  const targets = Object.values(pkg.exports as Record<string, string | Record<string, string>>).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  )
  return targets.flatMap((target) =>
    (target.includes('*') ? elementFolders().map((name) => target.replaceAll('*', name)) : [target]).map((path) => path.replace(/^\.\//, '')),
  )
}

test('the tarball holds the build, its declarations and manifest, the sources, README and LICENSE; no tests', (t) => {
  t.diagnostic(`packed ${packedFrom}`)
  for (const file of [
    ...exportedFiles(),
    'package.json',
    'README.md',
    'LICENSE',
    'dist/index.js',
    'dist/client.js',
    'dist/cache.js',
    'dist/auth.js',
    'dist/auth-callback.js',
    'dist/cdn/mcp-web-elements.js',
    'dist/cdn/client.js',
    'dist/cdn/elements/mcp-tool-list.js',
    'dist/cdn/mcp-web-elements-auth-callback.js',
    'dist/custom-elements.json',
    'dist/types/components/index.d.ts',
    'dist/types/src/client/index.d.ts',
    'dist/types/src/cache/index.d.ts',
    'dist/types/src/auth/index.d.ts',
    'dist/sandbox/index.html',
    'sandbox/proxy.ts',
  ]) {
    assert.ok(packedFiles.includes(file), `${file} is not in the tarball`)
  }
  // The MCP Apps sandbox proxy page (for users to host on a second origin) works only with the script it loads.
  const proxyScript = /src="\.\/([^"]+\.js)"/.exec(readFileSync(new URL('dist/sandbox/index.html', root), 'utf8'))?.[1]
  assert.ok(
    proxyScript && packedFiles.includes(`dist/sandbox/${proxyScript}`),
    `the sandbox page's script (${proxyScript}) is not in the tarball`,
  )
  // The license package.json names, as its text.
  assert.equal(JSON.parse(read('package.json')).license, 'MIT')
  assert.match(read('LICENSE'), /^MIT License\n\nCopyright \(c\) 2026 mcp-elements contributors\n/)
  assert.deepEqual(
    packedFiles.filter((f) => /\.test\.ts$|(^|\/)node_modules\//.test(f)),
    [],
    'tests or node_modules packed',
  )
})

test('mcp-web-elements/client resolves to the build and talks to a real server', async () => {
  assert.deepEqual(await resolveInProject(['mcp-web-elements/client']), [fileURLToPath(new URL('dist/client.js', root))])
  const server = await startFixtureServer()
  try {
    const out = await runInProject(
      `import { McpClient, TimeoutError, McpError } from 'mcp-web-elements/client'
      const tools = await new McpClient(process.argv[2]).listTools()
      console.log(JSON.stringify({ typed: new TimeoutError(1, 'x') instanceof McpError, tools: tools.map((t) => t.name) }))`,
      server.url,
    )
    const { typed, tools } = JSON.parse(out)
    assert.equal(typed, true)
    assert.ok(tools.includes('echo'), `tools: ${tools}`)
  } finally {
    await server.close()
  }
})

test('mcp-web-elements/cache resolves to the build: the stores, IdbCache on idb falling back to memory in Node', async () => {
  const out = await runInProject(`import { MemoryCache, IdbCache, clearCache } from 'mcp-web-elements/cache'
    const memory = new MemoryCache()
    memory.set('k', { value: {}, receivedAt: 0, ttlMs: 1, scope: 'public' })
    const idb = new IdbCache({ name: 'package-test' })
    console.log(JSON.stringify({ clearCache: typeof clearCache, hit: !!memory.get('k'), persistent: await idb.persistent() }))
    await idb.close()`)
  assert.deepEqual(JSON.parse(out), { clearCache: 'function', hit: true, persistent: false })
})

/** Writes `files` into a fresh folder of the user's project; returns its path. */
function userFiles(name: string, files: Record<string, string>): string {
  const dir = join(project, name)
  mkdirSync(dir, { recursive: true })
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
  return dir
}

/** A user's strict tsconfig.json that type-checks `files` (libraries' own declarations skipped). */
function userTsconfig(resolution: 'Bundler' | 'NodeNext', module: 'ESNext' | 'NodeNext', files: string[], extra: object = {}): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module,
      moduleResolution: resolution,
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      ...extra,
    },
    files,
  })
}

/** A user's module using the client, the cache and the elements, with their types. */
const USER_APP = `
import { McpClient, InputRequiredError, type Tool } from 'mcp-web-elements/client'
import { IdbCache, MemoryCache } from 'mcp-web-elements/cache'
import { McpToolListElement } from 'mcp-web-elements'
import type { McpServerElement } from 'mcp-web-elements/elements/mcp-server'
import { BrowserOAuthProvider } from 'mcp-web-elements/auth'
import { handleSignInCallback } from 'mcp-web-elements/auth/callback'

const client = new McpClient('https://example.com/mcp', {
  clientInfo: { name: 'user-app', version: '1.0.0' },
  cache: typeof indexedDB === 'undefined' ? new MemoryCache() : new IdbCache(),
  handlers: { elicitation: async () => ({ action: 'decline' }) },
})
export const tools: Promise<Tool[]> = client.listTools()
export const names: Promise<string[]> = tools.then((list) => list.map((tool) => tool.name))
export const server: McpServerElement | null = document.querySelector('mcp-server')
export const list = new McpToolListElement()
export const isInputRequired = (e: unknown) => e instanceof InputRequiredError
export const auth = new BrowserOAuthProvider('https://example.com/mcp', { redirectUri: 'https://app.example/callback' })
export const signedIn: Promise<void> = handleSignInCallback()
// @ts-expect-error callTool takes an arguments object, not a string
client.callTool('echo', 'hello')
`

for (const [resolution, module] of [
  ['NodeNext', 'NodeNext'],
  ['Bundler', 'ESNext'],
] as const) {
  test(
    `tsc (moduleResolution ${resolution}) type-checks a user's imports of the client, cache, auth, elements and each element subpath`,
    { timeout: 60_000 },
    () => {
      const elements = elementFolders()
      const dir = userFiles(`tsc-${resolution}`, {
        'app.ts': USER_APP,
        'elements.ts': [
          ...elements.map((name, i) => `import { type ${pascal(name)}Element as E${i} } from 'mcp-web-elements/elements/${name}'`),
          ...elements.map((name, i) => `export const e${i}: E${i} | null = document.querySelector('${name}')`),
        ].join('\n'),
        'tsconfig.json': userTsconfig(resolution, module, ['app.ts', 'elements.ts']),
      })
      run(TSC, ['-p', join(dir, 'tsconfig.json')], dir)
    },
  )
}

test('esbuild bundles a client-only app with no DOM and no Lit, and the bundle talks to a real server', { timeout: 30_000 }, async () => {
  const { build } = await import('esbuild')
  const dir = userFiles('bundle-client', {
    'app.js': `import { McpClient } from 'mcp-web-elements/client'
      export const toolNames = async (url) => (await new McpClient(url).listTools()).map((t) => t.name)`,
  })
  const out = await build({
    entryPoints: [join(dir, 'app.js')],
    absWorkingDir: project,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(dir, 'out'),
    metafile: true,
    logLevel: 'silent',
  })
  const inputs = Object.keys(out.metafile.inputs)
  assert.deepEqual(
    inputs.filter((file) => /node_modules\/(lit|lit-html|lit-element|@lit)\/|mcp-web-elements\/dist\/(elements|index)/.test(file)),
    [],
    'Lit or element code bundled',
  )
  for (const file of Object.keys(out.metafile.outputs).filter((f) => f.endsWith('.js'))) {
    assert.doesNotMatch(
      readFileSync(join(project, file), 'utf8'),
      /customElements|LitElement|HTMLElement\b|\bdocument\./,
      `${file} has DOM code`,
    )
  }
  const { toolNames } = await import(pathToFileURL(join(dir, 'out', 'app.js')).href)
  const server = await startFixtureServer()
  try {
    assert.ok((await toolNames(server.url)).includes('echo'))
  } finally {
    await server.close()
  }
})

test("a client-only app's bundle loads the client's startup code as one chunk of the package, and none of what it does not run", { timeout: 30_000 }, async () => {
  const { build } = await import('esbuild')
  const dir = userFiles('bundle-client-startup', {
    'app.js': `import { McpClient } from 'mcp-web-elements/client'
      export const call = (url) => new McpClient(url).callTool('echo', { text: 'hi' })`,
  })
  const out = await build({
    entryPoints: [join(dir, 'app.js')],
    absWorkingDir: project,
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(dir, 'out'),
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = out.metafile.outputs
  // What loads before the first call: the app's chunk and what it imports statically, not with import().
  const atStartup = new Set<string>()
  const visit = (path: string) => {
    if (atStartup.has(path)) return
    atStartup.add(path)
    for (const edge of outputs[path]!.imports) if (edge.kind === 'import-statement') visit(edge.path)
  }
  visit(Object.keys(outputs).find((path) => outputs[path]!.entryPoint?.endsWith('app.js'))!)
  const packageFiles = [...atStartup].flatMap((path) => Object.keys(outputs[path]!.inputs)).filter((file) => file.includes('mcp-web-elements/dist/'))
  assert.equal(packageFiles.filter((file) => /\/chunks\/client-startup-[\w-]+\.js$/.test(file)).length, 1, `the startup chunk, among ${packageFiles}`)
  for (const lazy of ['tool-call', 'input-rounds', 'tasks', 'legacy-era', 'validate', 'form-model', 'regex'])
    assert.ok(!packageFiles.some((file) => new RegExp(`/chunks/${lazy}-[\\w-]+\\.js$`).test(file)), `${lazy} loaded before the first call`)
  // The pattern checker (src/schema/regex.ts), which only the validator and the form model run, by one of its messages.
  const startupCode = [...atStartup].map((path) => readFileSync(join(project, path), 'utf8')).join('\n')
  assert.doesNotMatch(startupCode, /exponential time to match/, "the pattern checker's code before the first call")
})

test(
  'esbuild bundles an app importing mcp-web-elements, and every element is still registered (sideEffects)',
  { timeout: 30_000 },
  async () => {
    const { build } = await import('esbuild')
    const dir = userFiles('bundle-elements', { 'app.js': `import 'mcp-web-elements'\nimport 'mcp-web-elements/elements/mcp-tool-list'\n` })
    const out = await build({
      entryPoints: [join(dir, 'app.js')],
      absWorkingDir: project,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    })
    const code = out.outputFiles[0]!.text
    for (const name of elementFolders()) assert.match(code, definesTag(name), `<${name}> is not registered by the bundle`)
  },
)

test('error names survive a minified bundle, so logs say which error it was', async () => {
  const { build } = await import('esbuild')
  const out = await build({
    stdin: {
      contents: `import { TimeoutError, InputRequiredError } from './src/client/index.ts'
        export const names = [new TimeoutError(1, 'tools/call').name, new InputRequiredError('tools/call', {}, undefined, async () => ({})).name]`,
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  })
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
  const { names } = await import(url)
  assert.deepEqual(names, ['TimeoutError', 'InputRequiredError'])
})

// ---- the build's shape: entries, side effects, the client without Lit ----

/** A file of the installed package. */
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
await lexerReady

/** Options of the tests that read the build. */
const BUILD = { timeout: 10_000 }
const definesTag = (tag: string) => new RegExp(`customElements\\.define\\(\\s*["'\`]${tag}["'\`]`)

/**
 * Relative and bare specifiers a built ES module imports, statically or with a literal import(), read by a real
 * module lexer: an import written inside a string (the code "Copy as code" hands the user) is text, not an import.
 */
function importsOf(code: string): string[] {
  const [imports] = parseModule(code)
  // The lexer names string specifiers; a template literal without substitutions is read from the code.
  const literal = (text: string) => (/^`[^`$]*`$/.test(text) ? text.slice(1, -1) : undefined)
  return [...new Set(imports.map((i) => i.n ?? literal(code.slice(i.s, i.e))).filter((name): name is string => name !== undefined))]
}

/** Every file of dist/ reachable from `entry` (relative imports, static and dynamic), and the bare specifiers they import. */
function moduleGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: URL) => {
    if (files.has(file.href)) return
    files.add(file.href)
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(new URL(specifier, file))
      else packages.add(specifier)
    }
  }
  visit(new URL(entry, root))
  return { files: [...files].map((href) => href.slice(root.href.length)), packages: [...packages] }
}

/** Element folders whose registering file (components/mcp-foo/mcp-foo.ts) exists. */
function elementFolders(): string[] {
  return readdirSync(new URL('components/', root), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith('mcp-') && existsSync(new URL(`components/${d.name}/${d.name}.ts`, root)))
    .map((d) => d.name)
}

test('mcp-web-elements/client pulls in no Lit and no element code, not even lazily', BUILD, () => {
  const graph = moduleGraph('dist/client.js')
  assert.ok(graph.files.length > 1, `expected dist/client.js to import its chunk, saw ${graph.files}`)
  assert.deepEqual(
    graph.packages.filter((p) => /^(lit|@lit\/)/.test(p)),
    [],
    'lit imported by the client',
  )
  for (const file of graph.files) {
    // The source maps name every source file bundled into each chunk.
    const map = JSON.parse(existsSync(new URL(`${file}.map`, root)) ? read(`${file}.map`) : '{"sources":[]}')
    const fromComponents = map.sources.filter((s: string) => s.includes('components/'))
    assert.deepEqual(fromComponents, [], `${file} bundles element code`)
    assert.doesNotMatch(read(file), /customElements|LitElement|HTMLElement\b|\bdocument\./, `${file} has DOM code`)
  }
})

test('each element has its own entry that registers it (and the elements it uses); shared chunks register nothing', BUILD, async () => {
  // "sideEffects": the built registering files, and their sources (so builds from source, ours included, keep the
  // registrations); and the CDN entry's early open of the cache database (without it, the CDN build drops that import).
  const pkg = JSON.parse(read('package.json'))
  assert.deepEqual(pkg.sideEffects, [
    './dist/index.js',
    './dist/elements/*.js',
    './dist/cdn/*',
    './components/*/mcp-*.ts',
    './components/cdn-cache-open.ts',
  ])
  const folders = elementFolders()
  const resolved = await resolveInProject(folders.map((name) => `mcp-web-elements/elements/${name}`))
  for (const [i, name] of folders.entries()) {
    assert.equal(resolved[i], fileURLToPath(new URL(`dist/elements/${name}.js`, root)))
    assert.match(read(`dist/elements/${name}.js`), definesTag(name), `dist/elements/${name}.js does not register it`)
    assert.ok(existsSync(new URL(`dist/types/components/${name}/${name}.d.ts`, root)), `${name} declarations`)
    // An element that registers another one it uses (`import '../mcp-bar/mcp-bar.js'`) still does so once built.
    const sources = readdirSync(new URL(`components/${name}/`, root)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    const uses = new Set(
      sources.flatMap((f) => [...read(`components/${name}/${f}`).matchAll(/'\.\.\/(mcp-[a-z-]+)\/\1\.js'/g)].map((m) => m[1]!)),
    )
    const graph = moduleGraph(`dist/elements/${name}.js`).files
    for (const other of uses)
      assert.ok(graph.includes(`dist/elements/${other}.js`), `dist/elements/${name}.js does not load ${other}'s registration`)
  }
  const built = readdirSync(new URL('dist/elements/', root)).filter((f) => f.endsWith('.js'))
  assert.deepEqual(built.sort(), folders.map((n) => `${n}.js`).sort())
  // Anything outside the listed files must be free of side effects, or a bundler that trusts the list would drop a registration.
  for (const file of readdirSync(new URL('dist/chunks/', root)).filter((f) => f.endsWith('.js'))) {
    assert.doesNotMatch(read(`dist/chunks/${file}`), /customElements\.define/, `dist/chunks/${file} registers an element`)
  }
})

test('the CDN entry registers no element itself: it loads each one from a file of its own on first use; nothing bare', BUILD, () => {
  const entry = read('dist/cdn/mcp-web-elements.js')
  assert.doesNotMatch(entry, /customElements\.define/, 'the CDN entry registers elements at start-up')
  assert.deepEqual(moduleGraph('dist/cdn/mcp-web-elements.js').packages, [], 'bare imports left in the CDN build')
  assert.deepEqual(moduleGraph('dist/cdn/client.js').packages, [], 'bare imports left in the CDN client')
  // A file with what it imports statically: the autoloader's tag map, and an element used by another on the first
  // list (<mcp-icon> in <mcp-server>), sit in a chunk shared by the entry and the elements' files.
  const withStaticImports = (path: string) => {
    const text = read(path)
    const imported = [...text.matchAll(/from\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)].map((m) =>
      read(new URL(m[1], new URL(path, root)).href.slice(root.href.length)),
    )
    return [text, ...imported].join('\n')
  }
  const startUp = withStaticImports('dist/cdn/mcp-web-elements.js')
  for (const name of elementFolders()) {
    const lazily = new RegExp(`import\\(\\s*["'\`]\\./elements/${name}\\.js["'\`]\\s*\\)`)
    assert.match(startUp, lazily, `the CDN entry cannot load <${name}>`)
    assert.match(
      withStaticImports(`dist/cdn/elements/${name}.js`),
      definesTag(name),
      `dist/cdn/elements/${name}.js does not register <${name}>`,
    )
  }
})

test('a CDN page with <mcp-server> and <mcp-tool-list> loads no tool form, content or dialog code at start-up', BUILD, () => {
  // Static imports only: what the browser must fetch before the two elements can run.
  const staticGraph = (entries: string[]) => {
    const files = new Set<string>()
    const visit = (file: URL) => {
      if (files.has(file.href)) return
      files.add(file.href)
      for (const m of read(file.href.slice(root.href.length)).matchAll(
        /\b(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.[^"']+)["']/g,
      ))
        visit(new URL(m[1]!, file))
    }
    for (const entry of entries) visit(new URL(entry, root))
    return [...files].map((href) => href.slice(root.href.length))
  }
  const loaded = staticGraph(['dist/cdn/mcp-web-elements.js', 'dist/cdn/elements/mcp-server.js', 'dist/cdn/elements/mcp-tool-list.js'])
  for (const lazy of ['mcp-tool', 'mcp-schema-form', 'mcp-content', 'mcp-elicitation', 'mcp-tool-call', 'mcp-app'])
    assert.ok(!loaded.includes(`dist/cdn/elements/${lazy}.js`), `<${lazy}> is loaded at start-up: ${loaded.join(', ')}`)
  for (const file of loaded) assert.doesNotMatch(read(file), definesTag('mcp-tool'), `${file} registers <mcp-tool>`)
})

test('the CDN callback script is one file: it imports nothing, and registers no element', BUILD, () => {
  const code = read('dist/cdn/mcp-web-elements-auth-callback.js')
  assert.deepEqual(importsOf(code), [], 'the callback script loads other files')
  assert.doesNotMatch(code, /customElements\.define/)
})

/** The names a minified CDN file exports: its closing `export{a as B,…}` (with or without `from`). */
function cdnExportNames(path: string): string[] {
  const code = read(path).replace(/\/\/# sourceMappingURL=\S+\s*$/, '')
  const list = /export\s*\{([^}]*)\}\s*(?:from\s*["'][^"']+["'])?\s*;?\s*$/.exec(code)?.[1]
  assert.ok(list !== undefined, `${path} ends with no export list`)
  return list.split(',').map((item) => item.trim().split(/\s+as\s+/).at(-1)!).filter(Boolean)
}

test(
  'each public module exports at run time exactly the names its declarations give, npm entries and CDN files alike: no minified internal names',
  { timeout: 60_000 },
  async () => {
    // The npm entries with code (each element's for a `*`), as a user imports them.
    const pkg = JSON.parse(read('package.json'))
    const specifiers = Object.entries(pkg.exports as Record<string, string | Record<string, string>>)
      .filter(([, target]) => (typeof target === 'string' ? target : target.default ?? '').endsWith('.js'))
      .flatMap(([key]) => (key.includes('*') ? elementFolders().map((name) => key.replace('*', name)) : [key]))
      .map((key) => `mcp-web-elements${key.slice(1)}`)
    const printed = await runInProject(
      `for (const specifier of ${JSON.stringify(specifiers)}) console.log(JSON.stringify(Object.keys(await import(specifier))))`,
    )
    const modules: { label: string; types: string; names: string[] }[] = printed
      .trim()
      .split('\n')
      .map((line, i) => ({ label: specifiers[i]!, types: specifiers[i]!, names: JSON.parse(line) }))
    // The CDN files a page imports: the same APIs as their npm counterparts, and the autoloader's entry (components/cdn.ts).
    modules.push({ label: 'dist/cdn/client.js', types: 'mcp-web-elements/client', names: cdnExportNames('dist/cdn/client.js') })
    for (const name of elementFolders()) {
      const path = `dist/cdn/elements/${name}.js`
      modules.push({ label: path, types: `mcp-web-elements/elements/${name}`, names: cdnExportNames(path) })
    }
    modules.push({
      label: 'dist/cdn/mcp-web-elements.js',
      types: '../node_modules/mcp-web-elements/dist/types/components/cdn.js',
      names: cdnExportNames('dist/cdn/mcp-web-elements.js'),
    })
    // `typeof` a module holds its value exports only: an object with exactly the run-time names must type-check as a
    // Record of its keys (a name more is an excess property, a name less a missing one).
    const code = modules.flatMap(({ label, types, names }, i) => [
      `// ${label}`,
      `import type * as M${i} from '${types}'`,
      `export const m${i}: Record<keyof typeof M${i}, true> = { ${names.map((n) => `${JSON.stringify(n)}: true`).join(', ')} }`,
    ])
    const dir = userFiles('export-names', {
      'names.ts': code.join('\n'),
      'tsconfig.json': userTsconfig('Bundler', 'ESNext', ['names.ts']),
    })
    run(TSC, ['-p', join(dir, 'tsconfig.json')], dir)
  },
)

/** mcp-tool-list → McpToolList */
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())

// ---- the custom-elements manifest ----

test('the custom-elements manifest describes every element index.ts registers, with its events and parts', BUILD, () => {
  const pkg = JSON.parse(read('package.json'))
  assert.equal(pkg.customElements, 'dist/custom-elements.json')
  const manifest = JSON.parse(read(pkg.customElements))
  const declarations = manifest.modules.flatMap((m: any) => m.declarations ?? [])
  // Every element index.ts registers, and every element with a registering file (folders land before their index.ts line).
  const registered = [...read('components/index.ts').matchAll(/^export \* from '\.\/(mcp-[a-z-]+)\/\1\.js'/gm)].map((m) => m[1]!)
  const tags = [...new Set([...registered, ...elementFolders()])]
  assert.ok(tags.length > 0, 'no elements found')
  for (const tag of tags) {
    const element = declarations.find((d: any) => d.tagName === tag)
    assert.ok(element, `${tag} is missing from the manifest`)
    assert.ok(element.description?.trim(), `${tag} has no description`)
    // What the code does, read from the source: `emit(this, 'mcp-…')` events and literal part="…" names.
    const source = read(`components/${tag}/${tag}.component.ts`)
    const fired = new Set([...source.matchAll(/\bemit(?:<[^>]*>)?\(\s*[\w.]+\s*,\s*'(mcp-[a-z-]+)'/g)].map((m) => m[1]))
    const parts = new Set([...source.matchAll(/\bpart="([^"$]+)"/g)].flatMap((m) => m[1]!.trim().split(/\s+/)))
    const documentedEvents = new Set((element.events ?? []).map((e: any) => e.name))
    const documentedParts = new Set((element.cssParts ?? []).map((p: any) => p.name))
    for (const event of fired) assert.ok(documentedEvents.has(event), `${tag} fires ${event} but its @fires does not say so`)
    // Each event's detail type, for the framework typings: `@fires {CustomEvent<Detail>} name - …`.
    for (const event of element.events ?? [])
      assert.match(event.type?.text ?? '', /^CustomEvent<.+>$/, `${tag}'s @fires ${event.name} gives no {CustomEvent<Detail>} type`)
    for (const part of parts) assert.ok(documentedParts.has(part), `${tag} has part ${part} but no @csspart for it`)
    const definition = manifest.modules
      .flatMap((m: any) => m.exports ?? [])
      .find((e: any) => e.kind === 'custom-element-definition' && e.name === tag)
    assert.ok(definition, `${tag}: no custom-element-definition export (the registering file's customElements.define)`)
  }
})

// ---- typings for the frameworks people use (frameworks/, from the manifest) ----

test(
  'frameworks/ holds exactly the typings the packed custom-elements.json gives (npm run framework-types writes them)',
  BUILD,
  async () => {
    const { frameworkTypes } = await import('../../scripts/framework-types.js')
    const expected = frameworkTypes(JSON.parse(read('dist/custom-elements.json')))
    for (const [file, text] of Object.entries(expected)) {
      assert.ok(packedFiles.includes(`frameworks/${file}`), `frameworks/${file} is not in the tarball`)
      assert.equal(read(`frameworks/${file}`), text, `frameworks/${file} is stale: run npm run framework-types`)
    }
  },
)

/**
 * A small app per framework, each using the elements with their typings: good usage type-checks, and a wrong prop's
 * type is an error (`@ts-expect-error`: without the typings the tag would be unknown or anything, and the directive unused).
 */
const FRAMEWORK_APPS: Record<string, string> = {
  'react-app.tsx': `import type {} from 'mcp-web-elements/react'
import type { McpToolListElement } from 'mcp-web-elements'
import { useRef, useState } from 'react'
export function App() {
  const list = useRef<McpToolListElement>(null)
  const [text, setText] = useState('')
  return (
    <mcp-server url="https://example.com/mcp" compact theme="dark" onmcp-connected={(event) => console.log(event.detail.server)}>
      <mcp-tool-list ref={list} filter="echo" className="tools" onmcp-tool-select={(event: CustomEvent) => setText(event.detail.name)} />
      <mcp-tool name="echo" onmcp-tool-result={(event) => setText(String(event.detail.result.content.length))} />
      <mcp-tool-list onmcp-tool-select={(event) => setText(event.detail.tool.name)} onmcp-list-loaded={(event) => setText(event.detail.list)} />
      {/* @ts-expect-error a tool result's detail is typed: it has no such field */}
      <mcp-tool onmcp-tool-result={(event) => event.detail.notAField} />
      {/* @ts-expect-error the connection state's detail is typed too */}
      <mcp-server onmcp-connection-state={(event) => event.detail.notAField} />
      <mcp-call-log />
      {/* @ts-expect-error filter is a string */}
      <mcp-tool-list filter={3} />
      {/* @ts-expect-error theme is 'light' or 'dark' */}
      <mcp-server theme="blue" />
      {/* @ts-expect-error a listener takes an event, not a string */}
      <mcp-tool onmcp-tool-result={(event: string) => event} />
      <p>{text}</p>
    </mcp-server>
  )
}
`,
  'preact-app.tsx': `/** @jsxImportSource preact */
import type {} from 'mcp-web-elements/preact'
export const app = (
  <mcp-server url="https://example.com/mcp" onmcp-connected={(event) => console.log(event.detail)}>
    <mcp-tool-list filter="echo" class="tools" onmcp-tool-select={(event) => event.detail} />
    <mcp-tool name="echo" />
    {/* @ts-expect-error filter is a string */}
    <mcp-tool-list filter={3} />
    {/* @ts-expect-error compact is a boolean */}
    <mcp-server compact="yes" />
  </mcp-server>
)
`,
  // Vue checks templates against GlobalComponents (vue-tsc); this reads the same props the way it does.
  'vue-app.ts': `import type {} from 'mcp-web-elements/vue'
import type { GlobalComponents } from 'vue'
type TemplateProps<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props']
export const server: TemplateProps<'mcp-server'> = { url: 'https://example.com/mcp', compact: true, class: 'x', onMcpConnected: (event) => event.detail }
export const list: TemplateProps<'mcp-tool-list'> = { filter: 'echo', onMcpToolSelect: (event: CustomEvent) => event.detail }
export const ref: InstanceType<GlobalComponents['mcp-tool-list']>['filter'] = 'echo'
// @ts-expect-error filter is a string
export const wrongType: TemplateProps<'mcp-tool-list'> = { filter: 3 }
// @ts-expect-error a listener takes an event
export const wrongListener: TemplateProps<'mcp-tool'> = { onMcpToolResult: (event: number) => event }
`,
  // Svelte checks markup against svelte/elements' SvelteHTMLElements (svelte-check); this reads the same attributes.
  'svelte-app.ts': `import type {} from 'mcp-web-elements/svelte'
import type { SvelteHTMLElements } from 'svelte/elements'
export const server: SvelteHTMLElements['mcp-server'] = { url: 'https://example.com/mcp', compact: true, class: 'x', 'onmcp-connected': (event) => event.detail }
export const list: SvelteHTMLElements['mcp-tool-list'] = { filter: 'echo', 'onmcp-tool-select': (event) => event.detail }
// @ts-expect-error filter is a string
export const wrongType: SvelteHTMLElements['mcp-tool-list'] = { filter: 3 }
// @ts-expect-error theme is 'light' or 'dark'
export const wrongTheme: SvelteHTMLElements['mcp-content'] = { theme: 'blue' }
`,
}

// One resolution only: each tsc run costs seconds of this file's 120 s, and NodeNext resolves the same "exports" entries.
test(
  "tsc (moduleResolution Bundler, as the frameworks' build tools resolve) type-checks a React 19, a Preact, a Vue and a Svelte app with the package's typings",
  { timeout: 60_000 },
  () => {
    // The frameworks' own types, as the user's app would have them installed.
    for (const name of ['react', '@types/react', 'preact', 'vue', '@vue', 'svelte', 'csstype']) {
      const link = join(project, 'node_modules', name)
      if (existsSync(link)) continue
      mkdirSync(dirname(link), { recursive: true })
      symlinkSync(join(checkout, 'node_modules', name), link)
    }
    const dir = userFiles('frameworks', {
      ...FRAMEWORK_APPS,
      'tsconfig.json': userTsconfig('Bundler', 'ESNext', Object.keys(FRAMEWORK_APPS), { jsx: 'react-jsx' }),
    })
    run(TSC, ['-p', join(dir, 'tsconfig.json')], dir)
  },
)
