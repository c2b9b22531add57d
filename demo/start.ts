// `npm start`: the demo MCP server and the demo site on 127.0.0.1, and their
// URLs printed. Builds the CDN file first when it is missing or older than the
// sources (the CDN page loads nothing else). Ctrl-C stops both.
//
// Ports: DEMO_MCP_PORT (default 3001) and DEMO_SITE_PORT (default 5173).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { startDemoServer } from './server/demo-server.js'

const repo = fileURLToPath(new URL('..', import.meta.url))
const CDN_FILE = join(repo, 'dist/cdn/mcp-web-elements.js')

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

function buildCdnIfStale(): void {
  const built = existsSync(CDN_FILE) ? statSync(CDN_FILE).mtimeMs : 0
  if (built > Math.max(newestSource(join(repo, 'src')), newestSource(join(repo, 'components')))) return
  console.log('Building the CDN file (dist/cdn/mcp-web-elements.js)…')
  const vite = join(repo, 'node_modules/vite/bin/vite.js')
  const run = spawnSync(process.execPath, [vite, 'build', '--mode', 'cdn', '--logLevel', 'warn'], { cwd: repo, stdio: 'inherit' })
  if (run.status !== 0) fail('building the CDN file failed (see above).')
}

const inUse = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'EADDRINUSE'

const mcpPort = port('DEMO_MCP_PORT', 3001)
const sitePort = port('DEMO_SITE_PORT', 5173)

buildCdnIfStale()

const mcp = await startDemoServer({ port: mcpPort }).catch((error) =>
  inUse(error)
    ? fail(`port ${mcpPort} (the demo MCP server) is taken. Stop what uses it, or choose another: DEMO_MCP_PORT=3011 npm start`)
    : fail(String(error)),
)

// The site reads the demo server's address from here (import.meta.env in scripts, %VITE_DEMO_MCP_URL% in HTML).
process.env.VITE_DEMO_MCP_URL = mcp.url
let site: ViteDevServer | undefined
try {
  site = await createServer({
    configFile: join(repo, 'demo/site/vite.config.ts'),
    server: { port: sitePort, strictPort: true, host: '127.0.0.1' },
    clearScreen: false,
    logLevel: 'warn',
  })
  await site.listen()
} catch (error) {
  await site?.close()
  await mcp.close()
  const taken = inUse(error) || /already in use/i.test(String((error as Error)?.message))
  fail(
    taken
      ? `port ${sitePort} (the demo site) is taken. Stop what uses it, or choose another: DEMO_SITE_PORT=5183 npm start`
      : String(error),
  )
}

const siteUrl = `http://127.0.0.1:${(site.httpServer?.address() as { port: number }).port}/`
console.log(`
mcp-web-elements demo
  Demo site:   ${siteUrl}
  MCP server:  ${mcp.url}

  Pages: ${siteUrl} (playground) · ${siteUrl}elements/ (one per element) · ${siteUrl}cdn.html (the CDN file only)
         ${siteUrl}react.html · ${siteUrl}plain.html · ${siteUrl}api/ (API reference, after npm run docs)
Ctrl-C stops both.`)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await Promise.allSettled([site!.close(), mcp.close()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
