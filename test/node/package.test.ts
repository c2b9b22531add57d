// The published shape: `mcp-web-elements` and `mcp-web-elements/client` resolve
// through package.json "exports" to the built files, and work.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startFixtureServer } from '../support/fixture-server.js'

const built = existsSync(new URL('../../dist/client.js', import.meta.url))
const skip = built ? false : 'dist/ is not built: run npm run build first (npm test does)'
// Imported by a computed name: type checking runs before the build, when there is nothing to resolve yet.
const load = (specifier: string) => import(specifier)

test('mcp-web-elements/client resolves to the build and talks to a real server', { skip }, async () => {
  const { McpClient, TimeoutError, McpError } = await load('mcp-web-elements/client')
  assert.ok(new TimeoutError(1, 'x') instanceof McpError)
  const server = await startFixtureServer()
  try {
    const tools = await new McpClient(server.url).listTools()
    assert.ok(tools.some((t: { name: string }) => t.name === 'echo'))
  } finally {
    await server.close()
  }
})

test('mcp-web-elements exports the same client', { skip }, async () => {
  const root = await load('mcp-web-elements')
  const client = await load('mcp-web-elements/client')
  assert.equal(root.McpClient, client.McpClient)
})

test('mcp-web-elements/cache resolves to the build: the stores, IdbCache on idb falling back to memory in Node', { skip }, async () => {
  const { MemoryCache, IdbCache, clearCache } = await load('mcp-web-elements/cache')
  assert.equal(typeof clearCache, 'function')
  const memory = new MemoryCache()
  memory.set('k', { value: {}, receivedAt: 0, ttlMs: 1, scope: 'public' })
  assert.ok(memory.get('k'))
  const idb = new IdbCache({ name: 'package-test' })
  assert.equal(await idb.persistent(), false)
  await idb.close()
})

test('the declarations the exports map names exist', { skip }, () => {
  for (const file of ['dist/types/components/index.d.ts', 'dist/types/src/client/index.d.ts', 'dist/types/src/cache/index.d.ts']) {
    assert.ok(existsSync(new URL(`../../${file}`, import.meta.url)), file)
  }
})

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

const root = new URL('../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
/** Options of the tests that read the build. */
const BUILD = { skip, timeout: 10_000 }
const definesTag = (tag: string) => new RegExp(`customElements\\.define\\(\\s*["'\`]${tag}["'\`]`)

/** Relative and bare specifiers a built ES module imports, statically or with import(). */
function importsOf(code: string): string[] {
  const found = new Set<string>()
  for (const m of code.matchAll(
    /\b(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
  )) {
    found.add(m[1] ?? m[2]!)
  }
  return [...found]
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

test('each element has its own entry that registers it (and the elements it uses); shared chunks register nothing', BUILD, () => {
  // "sideEffects": the built registering files, and their sources (so builds from source, ours included, keep the registrations).
  const pkg = JSON.parse(read('package.json'))
  assert.deepEqual(pkg.sideEffects, ['./dist/index.js', './dist/elements/*.js', './dist/cdn/*', './components/*/mcp-*.ts'])
  const folders = elementFolders()
  for (const name of folders) {
    assert.equal(import.meta.resolve(`mcp-web-elements/elements/${name}`), new URL(`dist/elements/${name}.js`, root).href)
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

test('the CDN file is one self-contained module that registers every element; its chunks load lazily', BUILD, () => {
  const code = read('dist/cdn/mcp-web-elements.js')
  const imports = importsOf(code)
  assert.deepEqual(
    imports.filter((s) => !s.startsWith('./')),
    [],
    'bare imports left in the CDN file',
  )
  for (const specifier of imports) {
    const lazily = new RegExp(`import\\(\\s*["'\`]${specifier.replace(/[.]/g, '\\.')}["'\`]`)
    assert.match(code, lazily, `${specifier} is loaded at start-up, not lazily`)
  }
  for (const name of elementFolders()) assert.match(code, definesTag(name), `the CDN file does not register <${name}>`)
})

test('a TypeScript user importing each element subpath and the client gets their declarations', { skip, timeout: 60_000 }, () => {
  // Inside the package, so `mcp-web-elements/…` resolves to this package through its own exports map, as it will for a user.
  mkdirSync(new URL('.tmp/', root), { recursive: true })
  const dir = mkdtempSync(join(fileURLToPath(root), '.tmp', 'types-'))
  try {
    const imports = elementFolders().map(
      (name, i) => `import { type ${pascal(name)}Element as E${i} } from 'mcp-web-elements/elements/${name}'`,
    )
    const uses = elementFolders().map((name, i) => `export const e${i}: E${i} | null = document.querySelector('${name}')`)
    writeFileSync(
      join(dir, 'use.ts'),
      [
        ...imports,
        "import { McpClient } from 'mcp-web-elements/client'",
        ...uses,
        'export const client = new McpClient("https://example.com/mcp")',
      ].join('\n'),
    )
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
        },
        files: ['use.ts'],
      }),
    )
    execFileSync(fileURLToPath(new URL('node_modules/.bin/tsc', root)), ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' })
  } catch (error) {
    assert.fail(`tsc: ${(error as { stdout?: string }).stdout || error}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

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
    for (const part of parts) assert.ok(documentedParts.has(part), `${tag} has part ${part} but no @csspart for it`)
    const definition = manifest.modules
      .flatMap((m: any) => m.exports ?? [])
      .find((e: any) => e.kind === 'custom-element-definition' && e.name === tag)
    assert.ok(definition, `${tag}: no custom-element-definition export (the registering file's customElements.define)`)
  }
})
