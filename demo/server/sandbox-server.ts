// The MCP Apps sandbox proxy for the demo: the package's built dist/sandbox/ served as it ships, on a port of its
// own. Another port is another origin, which is what the proxy needs (it refuses to run framed by its own origin);
// in production it would be another site too (its own domain).
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, relative } from 'node:path'
import { listenLoopback, type ServedHandle } from '../../test/support/http-adapter.js'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
}

/** Serves `dir` (dist/sandbox/) on 127.0.0.1; `url` is its page (`<origin>/index.html`), for `sandbox-url`. */
export async function startSandboxServer(dir: string, port = 0): Promise<ServedHandle & { url: string }> {
  const server = createServer((req, res) => {
    let path: string
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://sandbox').pathname)
    } catch {
      return void res.writeHead(400).end()
    }
    const file = join(dir, path === '/' ? 'index.html' : path)
    const inside = !relative(dir, file).startsWith('..')
    if (req.method !== 'GET' || !inside || !existsSync(file) || !statSync(file).isFile()) {
      return void res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' })
    createReadStream(file).pipe(res)
  })
  const handle = await listenLoopback(server, port)
  return { ...handle, url: `${handle.origin}/index.html` }
}
