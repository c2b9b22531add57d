// Bundle size of an entry as a browser app would ship it: esbuild with the
// same options for every entry, measured as minified bytes and as gzip -9
// bytes (node:zlib), summed over every chunk the build emits. Our entries
// import the npm build (what `mcp-web-elements/client` gives a user), built
// fresh for the run, not the sources: how it is chunked is part of its cost.
import { gzipSync } from 'node:zlib'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import { build } from 'vite'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Where buildNpm() writes the npm build: inside the package, so its package.json (`sideEffects`) applies as to an installed copy. */
export const NPM_DIR = join(ROOT, '.tmp/bench-npm')

/** The npm build of the tree as it is (vite.config.ts, default mode: the files dist/ publishes) into NPM_DIR. */
export async function buildNpm(): Promise<void> {
  await build({ root: ROOT, logLevel: 'error', build: { outDir: NPM_DIR, emptyOutDir: true } })
}

/** Resolves the entries' imports of src/client and src/auth to the npm build's client.js and auth.js, as the package's exports do. */
export function publishedBuild(dir = NPM_DIR): esbuild.Plugin {
  return {
    name: 'published-build',
    setup(build) {
      build.onResolve({ filter: /\/src\/(client|auth)\/index\.js$/ }, (args) => ({ path: join(dir, `${/\/auth\//.test(args.path) ? 'auth' : 'client'}.js`) }))
    },
  }
}

export const BUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  treeShaking: true,
  // A dynamic import becomes a chunk of its own; every chunk is counted.
  splitting: true,
} as const satisfies esbuild.BuildOptions

export interface BundleSize {
  entry: string
  /** Minified bytes, all chunks. */
  minified: number
  /** gzip level 9 bytes, each chunk compressed on its own (as served), summed. */
  gzip: number
  /**
   * gzip level 9 bytes of what loads before any dynamic import runs: the entry chunk and every chunk it imports
   * statically (with splitting, code shared with a lazy chunk moves into a chunk of its own that the entry imports).
   */
  entryGzip: number
  /** The same startup chunks gzipped as one file: what a bundler that merges them would serve. */
  entryGzipAsOne: number
  /** How many chunks load at startup (each a request, gzipped alone). */
  entryChunks: number
  chunks: number
  /** gzip level 9 bytes of the largest chunk. */
  largestChunkGzip: number
  /** Bytes each input contributes to the minified output, largest first. */
  inputs: { path: string; bytes: number }[]
}

export async function measureBundle(entry: URL, plugins: esbuild.Plugin[] = []): Promise<BundleSize> {
  const root = ROOT
  const result = await esbuild.build({
    ...BUILD_OPTIONS,
    plugins,
    entryPoints: [fileURLToPath(entry)],
    absWorkingDir: root,
    outdir: 'bench-out', // nothing is written (write: false); splitting needs an outdir to name chunks
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const js = result.outputFiles.filter((f) => f.path.endsWith('.js'))
  const outputs = result.metafile.outputs
  // Match the entry by its path: esbuild gives each dynamically imported chunk an entryPoint too, so the first
  // output with one may be a lazy chunk (it was, and the startup figure measured that chunk's closure).
  const entryPath = relative(root, fileURLToPath(entry)).split(sep).join('/')
  const entryOutput = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === entryPath)
  if (!entryOutput) throw new Error(`measureBundle: no output for the entry ${entryPath}`)
  // The entry's static closure: follow `import-statement` edges, never `dynamic-import` ones.
  const atStartup = new Set<string>()
  const visit = (path: string): void => {
    if (atStartup.has(path) || !outputs[path]) return
    atStartup.add(path)
    for (const edge of outputs[path]!.imports) if (edge.kind === 'import-statement') visit(edge.path)
  }
  visit(entryOutput)
  const loadedAtStartup = js.filter((f) => [...atStartup].some((path) => f.path.endsWith(path)))
  const bytesByInput = new Map<string, number>()
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      bytesByInput.set(path, (bytesByInput.get(path) ?? 0) + bytesInOutput)
    }
  }
  return {
    entry: fileURLToPath(entry).slice(root.length),
    minified: js.reduce((n, f) => n + f.contents.byteLength, 0),
    gzip: js.reduce((n, f) => n + gzipSync(f.contents, { level: 9 }).byteLength, 0),
    entryGzip: loadedAtStartup.length ? loadedAtStartup.reduce((n, f) => n + gzipSync(f.contents, { level: 9 }).byteLength, 0) : NaN,
    entryGzipAsOne: gzipSync(Buffer.concat(loadedAtStartup.map((f) => f.contents)), { level: 9 }).byteLength,
    entryChunks: loadedAtStartup.length,
    chunks: js.length,
    largestChunkGzip: Math.max(...js.map((f) => gzipSync(f.contents, { level: 9 }).byteLength)),
    inputs: [...bytesByInput].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes),
  }
}

/** Groups inputs by npm package (`node_modules/<pkg>`), anything else by its top two path segments. */
export function byPackage(inputs: BundleSize['inputs']): { name: string; bytes: number }[] {
  const groups = new Map<string, number>()
  for (const { path, bytes } of inputs) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
    const name = match ? match[1]! : path.split('/').slice(0, 2).join('/')
    groups.set(name, (groups.get(name) ?? 0) + bytes)
  }
  return [...groups].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes)
}
