// `npm start`: the demo MCP server, the demo site and the MCP Apps sandbox
// proxy on 127.0.0.1, and their URLs printed; also a protected MCP server with
// its authorization server (test/support/servers/auth.ts, which signs everyone
// in at once) on ports of their own, for the CDN page's sign-in. Builds the npm build (dist/*.js, what
// the site's `mcp-web-elements` imports resolve to), the CDN file and the sandbox proxy (dist/sandbox/)
// first when they are missing or older than the sources, so the demo shows the library as it ships.
// Ctrl-C stops them all.
//
// Ports: DEMO_MCP_PORT (default 3001), DEMO_SITE_PORT (default 5173) and
// DEMO_SANDBOX_PORT (default: any free port; it only has to be another origin
// than the site's, and the site is told it).
// The API reference (docs/api/, served at /api/) is built in the background when it is missing or older than the
// sources (npm run docs, about a minute); /api/ says so meanwhile. DEMO_DOCS=0: not built (the end-to-end tests
// that do not use it set it, to spare the CPU).
// DEMO_WATCH=0: no file watching (no reload on edits); the end-to-end tests
// set it, so that a source edited during a run cannot reload the page under test.
// DEMO_SOURCES=1: the site's `mcp-web-elements` imports resolve to the sources (src/, components/), not dist/, so an
// edit to the library reloads the page; the npm build is then neither needed nor built. A page then loads some 210
// modules instead of some 100, and costs Chromium about 40% more CPU: the default is the package as published.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { startDemoServer } from './server/demo-server.js'
import { startSandboxServer } from './server/sandbox-server.js'
import { startServer as startProtectedServer } from '../test/support/servers/auth.js'

const repo = fileURLToPath(new URL('..', import.meta.url))
const CDN_FILE = join(repo, 'dist/cdn/mcp-web-elements.js')
const CDN_CALLBACK_FILE = join(repo, 'dist/cdn/mcp-web-elements-auth-callback.js')
const SANDBOX_DIR = join(repo, 'dist/sandbox')
const fromSources = process.env.DEMO_SOURCES === '1'

function port(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) fail(`${name}=${raw} is not a port number (0 to 65535).`)
  return value
}

function fail(message: string): never {
  console.error(`npm start: ${message}`)
  process.exit(1)
}

/** The newest modification time of the .ts files under `dir`. */
function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0)

/** Runs `vite build --mode <mode>`, or stops with `what` failed. */
function viteBuild(mode: string, what: string, ...options: string[]): void {
  const vite = join(repo, 'node_modules/vite/bin/vite.js')
  const run = spawnSync(process.execPath, [vite, 'build', '--mode', mode, '--logLevel', 'warn', ...options], { cwd: repo, stdio: 'inherit' })
  if (run.status !== 0) fail(`building ${what} failed (see above; npm run build says the same).`)
}

/** The npm build's own files in dist/ (its entries, elements/ and chunks/), with their modification times. */
function npmBuildFiles(): Map<string, number> {
  const files = new Map<string, number>()
  const list = (dir: string, all: boolean) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isFile() && (all || /\.js(\.map)?$/.test(entry.name))) files.set(path, statSync(path).mtimeMs)
    }
  }
  list(join(repo, 'dist'), false)
  list(join(repo, 'dist/elements'), true)
  list(join(repo, 'dist/chunks'), true)
  return files
}

/**
 * The npm build (`vite build`, as `npm run build` runs it first), which the site's `mcp-web-elements` imports resolve
 * to, when an entry of it is missing or older than the sources or the build's config. Unlike `npm run build`, it leaves
 * the rest of dist/ (the CDN build, the sandbox, the typings) in place, and then removes the files of an earlier build
 * that this one did not write again (chunks named by an older content hash).
 */
function buildPackageIfStale(): void {
  if (fromSources) return
  const sources = Math.max(
    newestSource(join(repo, 'src')),
    newestSource(join(repo, 'components')),
    newestSource(join(repo, 'sandbox')),
    mtime(join(repo, 'vite.config.ts')),
  )
  const entries = ['index', 'client', 'cache', 'auth', 'auth-callback'].map((name) => join(repo, `dist/${name}.js`))
  if (Math.min(...entries.map(mtime)) > sources) return
  console.log('Building the package as npm ships it (dist/*.js, the files the demo site loads)…')
  const before = npmBuildFiles()
  viteBuild('production', 'the package (dist/)', '--no-emptyOutDir')
  for (const [file, modified] of npmBuildFiles()) if (before.get(file) === modified) rmSync(file)
}

function buildCdnIfStale(): void {
  const sources = Math.max(newestSource(join(repo, 'src')), newestSource(join(repo, 'components')))
  if (mtime(CDN_FILE) <= sources) {
    console.log('Building the CDN file (dist/cdn/mcp-web-elements.js)…')
    viteBuild('cdn', 'the CDN file')
  }
  if (mtime(CDN_CALLBACK_FILE) <= newestSource(join(repo, 'src'))) {
    console.log('Building the sign-in callback script (dist/cdn/mcp-web-elements-auth-callback.js)…')
    viteBuild('cdn-callback', 'the sign-in callback script')
  }
}

function buildSandboxIfStale(): void {
  const sources = Math.max(newestSource(join(repo, 'sandbox')), mtime(join(repo, 'sandbox/index.html')))
  if (mtime(join(SANDBOX_DIR, 'index.html')) > sources) return
  console.log('Building the MCP Apps sandbox proxy (dist/sandbox/)…')
  viteBuild('sandbox', 'the sandbox proxy')
}

/** Starts `npm run docs` in the background when the reference is missing or stale; /api/ says it is on its way. */
function buildDocsInBackground(): ChildProcess | undefined {
  const sources = Math.max(newestSource(join(repo, 'src')), newestSource(join(repo, 'components')))
  if (process.env.DEMO_DOCS === '0' || mtime(join(repo, 'docs/api/index.html')) > sources) return undefined
  console.log('Building the API reference (docs/api/) in the background; /api/ shows it in about a minute.')
  process.env.DEMO_DOCS_BUILDING = '1'
  const typedoc = ['--import', './scripts/typedoc-typescript.mjs', './node_modules/typedoc/bin/typedoc', '--logLevel', 'Error']
  const child = spawn(process.execPath, typedoc, { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] })
  child.once('exit', (code) => {
    process.env.DEMO_DOCS_BUILDING = '0'
    if (code === 0) console.log('The API reference is built: /api/.')
    else if (!stopping) console.error(`npm start: building the API reference failed (${code}); npm run docs says why.`)
  })
  return child
}

const inUse = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'EADDRINUSE'

let stopping = false

const mcpPort = port('DEMO_MCP_PORT', 3001)
const sitePort = port('DEMO_SITE_PORT', 5173)
const sandboxPort = port('DEMO_SANDBOX_PORT', 0)

buildPackageIfStale()
buildCdnIfStale()
buildSandboxIfStale()

const mcp = await startDemoServer({ port: mcpPort }).catch((error) =>
  inUse(error)
    ? fail(`port ${mcpPort} (the demo MCP server) is taken. Stop what uses it, or choose another: DEMO_MCP_PORT=3011 npm start`)
    : fail(String(error)),
)

const sandbox = await startSandboxServer(SANDBOX_DIR, sandboxPort).catch(async (error) => {
  await mcp.close()
  return inUse(error)
    ? fail(`port ${sandboxPort} (the sandbox proxy) is taken. Stop what uses it, or choose another: DEMO_SANDBOX_PORT=3012 npm start`)
    : fail(String(error))
})

// Its authorization server accepts Client ID Metadata Documents, as the CDN page signs in with one.
const protectedMcp = await startProtectedServer({ metadataDocuments: true }).catch(async (error) => {
  await Promise.all([mcp.close(), sandbox.close()])
  return fail(`the protected demo server did not start: ${error}`)
})

// The site reads the demo server's and the sandbox's addresses from here (import.meta.env in scripts,
// %VITE_DEMO_MCP_URL%, %VITE_DEMO_SANDBOX_URL% and %VITE_DEMO_PROTECTED_MCP_URL% in HTML).
process.env.VITE_DEMO_MCP_URL = mcp.url
process.env.VITE_DEMO_SANDBOX_URL = sandbox.url
process.env.VITE_DEMO_PROTECTED_MCP_URL = protectedMcp.url
let site: ViteDevServer | undefined
try {
  site = await createServer({
    configFile: join(repo, 'demo/site/vite.config.ts'),
    // A watcher that ignores every path (an inline `watch: null` is dropped when merged with the config file).
    server: {
      port: sitePort,
      strictPort: true,
      host: '127.0.0.1',
      ...(process.env.DEMO_WATCH === '0' && { watch: { ignored: () => true } }),
    },
    clearScreen: false,
    logLevel: 'warn',
  })
  await site.listen()
} catch (error) {
  await site?.close()
  await Promise.all([mcp.close(), sandbox.close(), protectedMcp.close()])
  const taken = inUse(error) || /already in use/i.test(String((error as Error)?.message))
  fail(
    taken
      ? `port ${sitePort} (the demo site) is taken. Stop what uses it, or choose another: DEMO_SITE_PORT=5183 npm start`
      : String(error),
  )
}

const docs = buildDocsInBackground()
const siteUrl = `http://127.0.0.1:${(site.httpServer?.address() as { port: number }).port}/`
console.log(`
mcp-web-elements demo
  Demo site:   ${siteUrl}
  MCP server:  ${mcp.url}
  App sandbox: ${sandbox.url} (MCP Apps views run here: another origin than the site)
  Protected:   ${protectedMcp.url} (needs a sign-in; its authorization server, ${protectedMcp.authorizationServer}, signs everyone in)
               behind them: the MCP server ${protectedMcp.behind.mcp} and the authorization server ${protectedMcp.behind.authorizationServer}
               (these four on free ports: the CDN page's sign-in only)

  Pages: ${siteUrl} (playground) · ${siteUrl}elements/ (one per element) · ${siteUrl}cdn.html (the CDN file only)
         ${siteUrl}gallery.html (every element, light and dark) · ${siteUrl}model.html (a model using the tools)
         ${siteUrl}react.html · ${siteUrl}plain.html · ${siteUrl}api/ (API reference)
Ctrl-C stops them all.`)

async function stop() {
  if (stopping) return
  stopping = true
  docs?.kill()
  await Promise.allSettled([site!.close(), mcp.close(), sandbox.close(), protectedMcp.close()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
