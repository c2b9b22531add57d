// The MCP Apps figures of `npm run bench` (also alone: `tsx bench/apps.ts`):
// - bytes: the app-host chunk <mcp-app> loads with its first view (its own code only: what the entry already has is
//   left out), the <mcp-app> element itself (in the entry), the sandbox proxy page's script, and the official
//   AppBridge (@modelcontextprotocol/ext-apps/app-bridge with what it pulls in) for comparison; min+gzip -9;
// - in the CDN build (when given its chunks): the app-host chunk's file, and that it is lazy (a page without apps
//   does not load it);
// - time, in headless Chromium, from a tool result to the view's first paint of it: with the view already running
//   (warm), and with the view loaded for the result (cold: resource read, proxy, view start-up).
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { chromium } from 'playwright'
import { serveFetch } from '../test/support/http-adapter.js'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs'
import { startServer } from '../test/support/servers/apps.js'
import type { CdnChunk } from './elements.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const gzip = (code: Uint8Array) => gzipSync(code, { level: 9 }).byteLength

export interface AppBytes {
  name: string
  minified: number
  gzip: number
}

/** One module (or stdin) bundled and minified; imports for which `keep` is false stay external (counted elsewhere). */
async function bytesOf(name: string, entry: esbuild.BuildOptions, keep?: (path: string) => boolean): Promise<AppBytes> {
  const external: esbuild.Plugin = {
    name: 'only-own-code',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (!keep || args.kind === 'entry-point') return undefined
        const path = args.path.startsWith('.') ? join(args.resolveDir, args.path) : args.path
        return keep(path) ? undefined : { path: args.path, external: true }
      })
    },
  }
  const out = await esbuild.build({
    ...entry,
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    plugins: [external],
  })
  const code = out.outputFiles[0]!.contents
  return { name, minified: code.byteLength, gzip: gzip(code) }
}

export async function measureAppBytes(): Promise<AppBytes[]> {
  const own = (...dirs: string[]) => (path: string) => dirs.some((d) => path.startsWith(join(ROOT, d)))
  return Promise.all([
    bytesOf('app-host chunk (components/mcp-app/app-host.ts + sandbox/csp.ts)', { entryPoints: ['components/mcp-app/app-host.ts'] }, (p) =>
      /components\/mcp-app\/app-host|sandbox\/csp/.test(p),
    ),
    bytesOf('<mcp-app> element (in the entry)', { entryPoints: ['components/mcp-app/mcp-app.ts'] }, (p) =>
      /components\/mcp-app\/mcp-app/.test(p),
    ),
    bytesOf('sandbox proxy script (dist/sandbox/)', { entryPoints: ['sandbox/proxy.ts'] }, own('sandbox')),
    bytesOf('official AppBridge (ext-apps/app-bridge, all deps)', {
      stdin: { contents: "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'", resolveDir: ROOT },
    }),
  ])
}

export interface AppTimings {
  /** ms from setting `result` on a running view to the view's first frame with it. */
  warm: number[]
  /** ms from an <mcp-app> given a finished call (input and result) to the view's first frame with the result. */
  cold: number[]
  browserVersion: string
}

// The page's script: <mcp-app> and the client from the sources, bundled by esbuild (app-host stays a lazy chunk).
const PAGE_SCRIPT = `
import { McpClient } from './src/client/index.ts'
import './components/mcp-app/mcp-app.ts'
const painted = (el) => new Promise((resolve) => el.addEventListener('mcp-app-log', (e) => e.detail?.data?.event === 'painted' && resolve(performance.now())))
const once = (el, type) => new Promise((resolve) => el.addEventListener(type, resolve, { once: true }))
window.measureApp = async ({ url, sandboxUrl, runs }) => {
  const warm = [], cold = []
  for (let i = 0; i < runs; i++) {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const tool = (await client.listTools()).find((t) => t.name === 'show_echo')
    const input = { text: 'bench ' + i }
    const result = await client.callTool('show_echo', input)
    // Warm: the view is up and has its input; the result arrives.
    let el = Object.assign(document.createElement('mcp-app'), { client, tool, input })
    const ready = once(el, 'mcp-app-ready')
    document.body.append(el)
    await ready
    let done = painted(el)
    let t0 = performance.now()
    el.result = result
    warm.push((await done) - t0)
    await el.teardown()
    el.remove()
    // Cold: a new client (nothing cached), the call already finished when the element is made.
    const fresh = new McpClient(url, { apps: { sandboxUrl } })
    el = Object.assign(document.createElement('mcp-app'), { client: fresh, tool, input, result })
    done = painted(el)
    t0 = performance.now()
    document.body.append(el)
    cold.push((await done) - t0)
    await el.teardown()
    el.remove()
  }
  return { warm, cold }
}
`

export async function measureAppTimings(runs = 7): Promise<AppTimings> {
  if (!chromiumPath) throw new Error('no Chromium found (set CHROME_PATH)')
  const built = await esbuild.build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: ROOT, loader: 'ts' },
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'bench-apps',
    entryNames: 'page',
    write: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig: join(ROOT, 'tsconfig.json'),
  })
  const files = new Map(built.outputFiles.map((f) => [`/${f.path.split('/').pop()}`, f.text]))
  const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>apps bench</title><link rel="icon" href="data:,"><script type="module" src="/page.js"></script></head><body></body></html>'
  const site = await serveFetch((request) => {
    const path = new URL(request.url).pathname
    if (path === '/') return new Response(page, { headers: { 'content-type': 'text/html' } })
    const file = files.get(path)
    // An empty chunk is a file too (esbuild emits one for a module that only re-exports).
    return file !== undefined ? new Response(file, { headers: { 'content-type': 'text/javascript' } }) : new Response('not found', { status: 404 })
  })
  const server = await startServer()
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const pageErrors: string[] = []
    tab.on('pageerror', (error) => pageErrors.push(error.message))
    await tab.goto(`${site.origin}/`)
    await tab.waitForFunction(() => 'measureApp' in window, null, { timeout: 10_000 }).catch((error) => {
      throw new Error(`the bench page did not start (${pageErrors.join('; ') || error.message})`)
    })
    const timings = await tab.evaluate(
      (args) => (window as unknown as { measureApp(a: typeof args): Promise<{ warm: number[]; cold: number[] }> }).measureApp(args),
      { url: server.url, sandboxUrl: server.sandboxUrl, runs },
    )
    return { ...timings, browserVersion: browser.version() }
  } finally {
    await browser.close()
    await server.close()
    await site.close()
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Prints section 6 of the report; `chunks` (the CDN build's, from bench/elements.ts) adds the chunk as built. */
export function printApps(bytes: AppBytes[], timings: AppTimings | Error, chunks?: CdnChunk[]): void {
  console.log('\n6. MCP Apps: <mcp-app> and its host code (min+gzip -9 bytes, minified bytes)')
  for (const b of bytes) console.log(`   ${b.name.padEnd(70)} ${fmt(b.gzip).padStart(8)} ${fmt(b.minified).padStart(9)}`)
  const [host, , , official] = bytes
  if (host && official) console.log(`   ratio app-host / official AppBridge (gzip): ${(host.gzip / official.gzip).toFixed(3)}`)
  if (chunks) {
    const chunk = chunks.find((c) => /app-host/.test(c.file))
    console.log(
      chunk
        ? `   in the CDN build: ${chunk.file}, ${fmt(chunk.gzip)} B gzip, loaded ${chunk.loaded === 'lazy' ? 'lazily (only with a view)' : `at ${chunk.loaded} (NOT lazy)`}`
        : '   in the CDN build: no app-host chunk found (merged into another chunk?)',
    )
    if (chunk && chunk.loaded !== 'lazy') process.exitCode = 1
  }
  if (timings instanceof Error) {
    console.log(`   time to first paint: could not measure: ${timings.message}`)
    process.exitCode = 1
    return
  }
  const ms = (xs: number[]) => `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`
  console.log(`   tool result -> view's first paint, view running:        ${ms(timings.warm)}`)
  console.log(`   tool result -> view's first paint, view loaded for it:  ${ms(timings.cold)}`)
  console.log(
    `   (headless Chromium ${timings.browserVersion}; the echo view of test/support/servers/apps.ts, written with the official App class,`,
  )
  console.log("    reports a frame after it drew the result; the sandbox proxy on a second loopback origin)")
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = await measureAppBytes()
  const timings = await measureAppTimings().catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))
  printApps(bytes, timings)
}
