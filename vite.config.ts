import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { minifyHTMLLiterals } from 'minify-literals'
import { defineConfig, type Plugin } from 'vite'

// Two builds, one config (`npm run build` runs both):
//
// - `vite build` (the npm build): one ES module per public entry, dependencies
//   left to the consumer's bundler (they are in package.json "dependencies").
//   Entries: `index` (everything, registers every element), `client` (the
//   headless client, no DOM, no Lit), `cache` (the result stores: memory, and
//   IndexedDB on idb), and `elements/mcp-foo` for each element's
//   registering file, so `import 'mcp-web-elements/elements/mcp-foo'` pulls in
//   one element and what it needs. Registration lives only in those entry files
//   (package.json "sideEffects" names them); shared chunks hold classes only.
//   The client's startup code is one chunk (clientChunks) that client.js, the
//   elements and the client's lazy chunks import; `npm run bench` measures the
//   client as a user's bundler makes it of these files.
//
// - `vite build --mode cdn`: dist/cdn/, minified ES modules for a `<script type="module">` tag, nothing bare left:
//   mcp-web-elements.js (components/cdn.ts: the client, and the autoloader that loads an element's code the first
//   time its tag is in the document), elements/mcp-foo.js per element (registers it, exports its class), and
//   chunks shared between them (Lit, the client's parts, shared/ helpers). What the code loads with a dynamic import
//   (the argument validator, the markdown renderer, sign-in, the tool a list opens) stays a chunk of its own,
//   fetched on first use. `--mode cdn-single` builds the layout before issue 23 (one entry with every element) into
//   dist/cdn-single/, for the bench's before/after.
//   `vite build --mode cdn-callback`: dist/cdn/mcp-web-elements-auth-callback.js,
//   the sign-in callback page's script, as one file of its own.
//
// Both bundle the markdown parser (mdast-util-from-markdown, micromark) with
// decode-named-character-reference aliased to components/mcp-content/named-references.ts:
// that package's `browser` build, which a user's bundler would pick, decodes
// `&amp;` through innerHTML, and fails on a page that requires Trusted Types.

/** Each element's registering file, components/mcp-foo/mcp-foo.ts (the folder's own name; not .component/.styles/.test). */
function registeringFiles(): Record<string, string> {
  const entries: Record<string, string> = {}
  for (const dir of readdirSync('components', { withFileTypes: true })) {
    const file = `components/${dir.name}/${dir.name}.ts`
    if (dir.isDirectory() && dir.name.startsWith('mcp-') && existsSync(file)) entries[`elements/${dir.name}`] = file
  }
  return entries
}

/**
 * The CDN build minifies the CSS and HTML inside our Lit `css` and `html`
 * literals (minify-literals: Lightning CSS, html-minifier-next): their
 * indentation and comments are bytes on the wire that the JS minifier leaves.
 */
function minifyLiterals(): Plugin {
  return {
    name: 'minify-literals',
    async transform(code, id) {
      if (!/\/components\/.*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null
      return (await minifyHTMLLiterals(code, { fileName: id })) ?? null
    },
  }
}

const dependencies = [
  /^eventsource-parser/,
  /^@cfworker\/json-schema/,
  /^lit/,
  /^@lit\//,
  /^idb/,
  /^url-template/,
  /^js-yaml/,
]

/** The markdown parser's named-reference decoder, without the DOM (see the header comment). */
export const markdownAliases = {
  'decode-named-character-reference': fileURLToPath(new URL('./components/mcp-content/named-references.ts', import.meta.url)),
}

/** How long the bundler's plugins took: a figure that depends on the machine's load, not a warning about the code. */
const quietChecks = { bundlerTimings: false }

/** A bundler warning fails the build: `npm run build` (in `npm test`) and `npm start` print none a newcomer cannot act on. */
function failOnWarning(level: string, log: { message: string }, handle: (level: never, log: never) => void): void {
  if (level === 'warn') throw new Error(`The bundler warned, which fails the build: ${log.message}`)
  handle(level as never, log as never)
}

/**
 * `vite build --mode sandbox`: dist/sandbox/, the MCP Apps sandbox proxy page (sandbox/index.html and its
 * script) that users host on an origin of its own for `<mcp-app>` (see sandbox/proxy.ts). Runs after the npm
 * build, which empties dist/.
 */
const sandboxBuild = {
  root: 'sandbox',
  base: './',
  build: {
    target: 'es2022',
    outDir: '../dist/sandbox',
    emptyOutDir: true,
    minify: true,
    sourcemap: true,
    rolldownOptions: { checks: quietChecks, onLog: failOnWarning },
  },
}

const here = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url))

/** What a group's `name` function is given to read the module graph with. */
type GraphContext = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null }

/** The modules `roots` import statically, transitively, the roots among them; `follow` may leave out an import. */
function staticClosure(context: GraphContext, roots: string[], follow = (_from: string, _to: string) => true): Set<string> {
  const closure = new Set<string>()
  const visit = (module: string) => {
    if (closure.has(module)) return
    closure.add(module)
    for (const next of context.getModuleInfo(module)?.importedIds ?? []) if (follow(module, next)) visit(next)
  }
  roots.forEach(visit)
  return closure
}

/**
 * The npm build's chunks of the client. Its startup code, what McpClient.ts imports statically (transitively), is one
 * file that client.js, the elements and the client's lazy chunks (the call, input rounds, tasks, the legacy era,
 * approval, the connection doctor, the validator) import. Left to the bundler, lazy chunks reaching startup modules in
 * different combinations split them into a chunk per combination, and a user's bundler, which splits by the same rule,
 * serves each as a request of its own. What the client's barrel re-exports beyond that (the form model, model tools)
 * is a chunk per module, which a user's bundler drops when nothing of it is used: folded into client.js, some of it
 * stayed in the startup bundle, used or not (the pattern checker, regex.ts: 4.6 KB minified).
 * A module the barrel re-exports that the lazy code imports too (the skills' and the connection problems' error classes)
 * joins the startup file: esbuild splits by which entries reach a module, through imports nothing uses as well, so a
 * user's bundle loads it at startup whatever its chunk, and as a file of its own it costs a request and its own gzip.
 */
function clientChunks() {
  let closure: Set<string> | undefined
  let reexported: Set<string> | undefined
  const barrel = here('src/client/index.ts')
  let shared: Set<string> | undefined
  return {
    debugName: 'client',
    name: (id: string, context: GraphContext) => {
      closure ??= staticClosure(context, [here('src/client/McpClient.ts')])
      reexported ??= staticClosure(context, [barrel])
      shared ??= sharedWithLazyCode(context, here('src/client/McpClient.ts'), new Set(context.getModuleInfo(barrel)?.importedIds))
      if (closure.has(id) || shared.has(id)) return 'client-startup'
      if (reexported.has(id) && id !== barrel) return id.replace(/^.*\/|\.ts$/g, '')
      return null
    },
  }
}

/** Of `modules`, those that code `root` loads with import() (transitively) imports statically. */
function sharedWithLazyCode(context: GraphContext, root: string, modules: Set<string>): Set<string> {
  const lazy = staticClosure(context, [...loadedLater(context, [root])])
  return new Set([...modules].filter((m) => lazy.has(m)))
}

/** Every module that code reachable from `roots` loads with import(), transitively. */
function loadedLater(context: GraphContext, roots: Iterable<string>): Set<string> {
  const loaded = new Set<string>()
  const seen = new Set<string>()
  const walk = (module: string) => {
    if (seen.has(module)) return
    seen.add(module)
    const info = context.getModuleInfo(module)
    for (const next of info?.dynamicallyImportedIds ?? []) loaded.add(next)
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) walk(next)
  }
  for (const root of roots) walk(root)
  return loaded
}

/**
 * The split CDN build's one hand-made chunk: what `<mcp-server>` and `<mcp-tool-list>` load at start-up (Lit, the
 * client's core, the shared list helpers, their classes), in one file. Left to the bundler, it is some thirty chunks,
 * each compressed on its own (about 9 KB more gzip on the wire, and a request each). The two elements' registering
 * files stay in their entries (elements/mcp-foo.js); what they import to register (`<mcp-icon>`) is in the chunk, since
 * an entry importing the chunk that imports it back would run before the class it registers exists. The entry
 * (mcp-web-elements.js) imports the chunk at once: nearly every page has a server, and it saves a round trip.
 */
function firstListGroup() {
  const roots = ['components/mcp-server/mcp-server.ts', 'components/mcp-tool-list/mcp-tool-list.ts'].map(here)
  const clientBarrel = here('src/client/index.ts')
  // The client's barrel re-exports the form model, model tools and skills (and the errors only tool calls, model tools and
  // app views throw), the task elements' follow, the server an
  // approval request names and the reading of an app's view, and the tasks' errors, which the list never runs (the tree-shaker drops them
  // from what the list imports; this walk cannot see names, so they are named here), and the connection problems'
  // classes, which only the connection doctor (loaded on a failure) makes; and savedCalls(), which only the saved
  // calls' element and form run; and requestFor(), which only the tool's "Copy as code" panel (loaded when opened) runs; and the connection check, which only <mcp-connection-check> runs.
  const notOnTheList = [
    'src/schema/form-model.ts',
    'src/schema/form-values.ts',
    'src/schema/form-checks.ts',
    'src/client/tools/model-tools.ts',
    'src/client/tools/model-tool-errors.ts',
    'src/client/skills/model-skills.ts',
    'src/client/skills/skill-errors.ts',
    'src/client/saved/saved-call-errors.ts',
    'src/client/saved/saved-calls.ts',
    'src/client/tasks/task-follow.ts',
    'src/client/tasks/task-errors.ts',
    'src/client/call/named-server.ts',
    'src/client/tools/app-resource.ts',
    'src/client/tools/app-errors.ts',
    'src/client/call/call-errors.ts',
    'src/protocol/connection-errors.ts',
    'src/client/request-preview.ts',
    'src/client/connection-check/connection-check.ts',
    'src/client/connection-check/report.ts',
  ].map(here)
  let closure: Set<string> | undefined
  return {
    debugName: 'first-list',
    name: (id: string, context: GraphContext) => {
      if (!closure) {
        closure = staticClosure(context, roots, (from, to) => from !== clientBarrel || !notOnTheList.includes(to))
        // With the CDN entry's modules among its own, the group stays a chunk of its own: holding one entry's module only
        // (mcp-icon.ts, which the two import to register it), it would become that entry's file. So the autoloader
        // runs from this chunk, and mcp-web-elements.js, which imports it at once, is a file of a few bytes. The entry's
        // early open of the cache database (cdn-cache-open.ts) is here too, so that it runs before the elements' code.
        closure.add(here('components/cdn.ts')).add(here('components/autoloader.ts')).add(here('components/cdn-cache-open.ts'))
      }
      // The barrel itself is client.js's entry module: in the group, it would bring everything it re-exports along.
      return closure.has(id) && id !== clientBarrel && !roots.includes(id) ? 'first-list' : null
    },
  }
}

/**
 * Modules that code loaded on demand shares with client.js (the schema's regex check: the validator; the connection
 * problems: the connection doctor, sign-in, the legacy era; the task follow: the task elements): each stays a small
 * chunk of its own. The CDN entry reaches the client's barrel (through the two elements it defines), and the bundler
 * would otherwise fold them into client.js, which the first call, a failure or a legacy server would then fetch whole.
 */
function lazyOwnChunks() {
  return ['src/schema/regex.ts', 'src/protocol/connection-errors.ts', 'src/client/tasks/task-follow.ts'].map((file) => {
    const path = here(file)
    return { name: file.replace(/^.*\/|\.ts$/g, ''), test: (id: string) => id === path }
  })
}

/**
 * Modules shared by more than one piece of code (the entries, and the chunks loaded with import()), the entries
 * themselves aside: chunks of their own, one per set of code that uses them (as the bundler splits), each named after
 * its first module of ours. Left to the bundler ('allow-extension', which the groups above need), such a module may be
 * merged into an entry, which then exports it under a minified name beside its own API (`t`, `n`).
 */
function sharedOutsideEntries(entryFiles: string[]) {
  const entries = new Set(entryFiles.map(here))
  let chunkOf: Map<string, string> | undefined
  return {
    debugName: 'shared',
    name: (id: string, context: GraphContext) => (chunkOf ??= sharedChunks(context, entries)).get(id) ?? null,
  }
}

/** The shared modules (see sharedOutsideEntries), each with the name of its chunk. */
function sharedChunks(context: GraphContext, entries: Set<string>): Map<string, string> {
  // The roots: the entries, and every module loaded with import().
  const roots = new Set([...entries, ...loadedLater(context, entries)])
  // Which roots reach each module with static imports, not through another entry (whose file it would be in).
  const users = new Map<string, string[]>()
  for (const root of roots) {
    for (const module of staticClosure(context, [root], (_from, to) => !entries.has(to))) {
      if (!users.has(module)) users.set(module, [])
      users.get(module)!.push(root)
    }
  }
  const byUsers = new Map<string, string[]>()
  for (const [module, from] of users) {
    if (from.length < 2 || roots.has(module) || module.startsWith('\0')) continue
    const key = from.sort().join('\n')
    byUsers.set(key, [...(byUsers.get(key) ?? []), module])
  }
  const chunkOf = new Map<string, string>()
  const names = new Set<string>()
  for (const modules of byUsers.values()) {
    const base = (modules.find((m) => !m.includes('/node_modules/')) ?? modules[0]!).replace(/^.*\/|\.[^.]*$/g, '')
    let name = base
    for (let n = 2; names.has(name); n++) name = `${base}-${n}`
    names.add(name)
    for (const module of modules) chunkOf.set(module, name)
  }
  return chunkOf
}

/**
 * A CDN build of `entry` into dist/cdn/: self-contained minified ES modules, each for a `<script type="module">`
 * tag. Run once per file (`--mode cdn`, `--mode cdn-callback`): one build with both entries would move what they
 * share into a chunk that the callback page would have to load with the whole library.
 */
function cdnBuild(entry: Record<string, string>, { oneFile = false, split = false, outDir = 'dist/cdn' } = {}) {
  return {
    // Lit picks its production build through export conditions; this replaces any NODE_ENV checks left in dependencies.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    resolve: { alias: markdownAliases },
    plugins: [minifyLiterals()],
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: false,
      sourcemap: true,
      minify: true,
      lib: { entry, formats: ['es'] },
      rolldownOptions: {
        // 'strict' (the library default) cannot go with the groups' includeDependenciesRecursively: false. Allowing
        // extra exports lets a module shared with a lazy chunk merge into the entry, which would then export it under a
        // minified name: split, sharedOutsideEntries() keeps such modules in chunks of their own.
        preserveEntrySignatures: 'allow-extension',
        // The autoloader imports every element on demand, <mcp-icon> too, which the first-list chunk holds already (the
        // two elements it defines draw icons): that import costs nothing, and the warning about it says nothing to act on.
        checks: { ineffectiveDynamicImport: false, ...quietChecks },
        onLog: failOnWarning,
        // Vite leaves whitespace in ES library builds; this is a file for the wire, so all of it goes.
        // oneFile: the callback page loads one script, so what the sign-in code imports lazily (the connection doctor,
        // for a token endpoint without CORS) is inlined rather than left as a chunk beside it.
        output: {
          chunkFileNames: '[name]-[hash].js',
          minify: true,
          comments: { legal: true, annotation: false, jsdoc: false },
          ...(oneFile && { codeSplitting: false }),
          ...(split && {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [firstListGroup(), ...lazyOwnChunks(), sharedOutsideEntries(Object.values(entry))],
            },
          }),
        },
      },
    },
  }
}

/** The npm build's entries: what package.json "exports" names. */
const npmEntries = () => ({
  index: 'components/index.ts',
  client: 'src/client/index.ts',
  cache: 'src/cache/index.ts',
  auth: 'src/auth/index.ts',
  'auth-callback': 'src/auth/callback.ts',
  ...registeringFiles(),
})

export default defineConfig(({ mode }) =>
  mode === 'sandbox'
    ? sandboxBuild
    : mode === 'cdn'
    ? cdnBuild({ 'mcp-web-elements': 'components/cdn.ts', client: 'src/client/index.ts', ...registeringFiles() }, { split: true })
    : mode === 'cdn-single'
    ? cdnBuild({ 'mcp-web-elements': 'components/index.ts' }, { outDir: 'dist/cdn-single' })
    : mode === 'cdn-callback'
    ? cdnBuild({ 'mcp-web-elements-auth-callback': 'src/auth/callback-page.ts' }, { oneFile: true })
    : {
        resolve: { alias: markdownAliases },
        build: {
          target: 'es2022',
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: true,
          minify: false,
          lib: {
            entry: npmEntries(),
            formats: ['es'],
          },
          rolldownOptions: {
            external: dependencies,
            checks: quietChecks,
            onLog: failOnWarning,
            // As in the CDN build: the groups rule out 'strict', and sharedOutsideEntries() keeps entries to their own API.
            preserveEntrySignatures: 'allow-extension',
            output: {
              chunkFileNames: 'chunks/[name]-[hash].js',
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [clientChunks(), sharedOutsideEntries(Object.values(npmEntries()))],
              },
            },
          },
        },
      },
)
