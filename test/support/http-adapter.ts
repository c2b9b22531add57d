// Serves a WHATWG fetch handler `(Request) => Response` on a real loopback
// HTTP port, so the client under test talks to servers over actual sockets.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FetchHandler = (req: Request) => Response | Promise<Response>

export interface ServeOptions {
  /** Answer CORS preflights and add permissive CORS headers (for browser tests). */
  cors?: boolean
  /** The port to listen on (0, the default, lets the OS choose). */
  port?: number
}

export interface ServedHandle {
  /** The MCP endpoint, `${origin}/mcp`. */
  url: string
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** Stops listening and destroys open sockets (open SSE streams included). */
  close(): Promise<void>
  /** Stops listening and destroys open sockets, as a killed server would: connections are refused until restart(). */
  stop(): Promise<void>
  /** Listens again on the same port after stop(). */
  restart(): Promise<void>
}

const EXPOSED_HEADERS = [
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'WWW-Authenticate',
  'Retry-After',
  'Content-Type',
].join(', ')

/**
 * Adds permissive CORS headers; returns true when the request was a preflight
 * that has been answered (204) and needs no further handling.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS)
  if (req.method !== 'OPTIONS') return false
  res.setHeader('Access-Control-Allow-Methods', 'POST, GET, DELETE, OPTIONS')
  // Echo whatever the browser asks for: Mcp-Param-* names are tool-defined.
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*')
  res.setHeader('Access-Control-Max-Age', '600')
  res.writeHead(204).end()
  return true
}

/** Reads a whole request body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Listens on 127.0.0.1 on `port` (by default one the OS chooses); close() also drops live sockets. */
export async function listenLoopback(server: Server, listenPort = 0): Promise<ServedHandle> {
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => (server.off('error', reject), resolve()))
    })
  await listen(listenPort)
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      // Without this a never-ending SSE response keeps close() pending forever.
      server.closeAllConnections()
    })
  return {
    url: `${origin}/mcp`,
    origin,
    close,
    stop: close,
    restart: () => (server.listening ? Promise.resolve() : listen(port)),
  }
}

export async function serveFetch(handler: FetchHandler, options: ServeOptions = {}): Promise<ServedHandle> {
  const server = createServer({ noDelay: true }, (req, res) => {
    void handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(String(error))
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.cors && applyCors(req, res)) return

    // A client that goes away (e.g. aborts an SSE stream) must reach the handler
    // as an aborted request signal: that is how the spec signals cancellation.
    const abort = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client disconnected'))
    })

    const method = req.method ?? 'GET'
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const body = hasBody ? await readBody(req) : undefined
    const headers = new Headers()
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)

    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`), {
      method,
      headers,
      body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      signal: abort.signal,
    })
    const response = await handler(request)
    // Response.error(), fetch's network error: the connection is cut with no answer, as a server that died mid-request.
    if (response.type === 'error') {
      req.socket.destroy()
      return
    }
    if (res.destroyed) {
      await response.body?.cancel().catch(() => {})
      return
    }

    response.headers.forEach((value, name) => {
      if (name !== 'transfer-encoding' && name !== 'set-cookie') res.setHeader(name, value)
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) res.setHeader('set-cookie', cookies)
    res.writeHead(response.status, response.statusText)
    if (!response.body) {
      res.end()
      return
    }
    // Send headers now: an SSE response may not produce its first event for a while.
    res.flushHeaders()

    const reader = response.body.getReader()
    // Cancelling the reader propagates to the handler's ReadableStream (cancel()).
    res.on('close', () => void reader.cancel().catch(() => {}))
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        if (res.destroyed) break
        res.write(value) // unbuffered: each chunk goes to the socket as it arrives
      }
    } catch {
      // Stream errored or was cancelled because the client left; nothing to report.
    }
    if (!res.destroyed) res.end()
  }

  return listenLoopback(server, options.port)
}
