// A raw node:http server for fault injection: each test supplies a route that
// answers with whatever broken, slow or odd HTTP it needs.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { applyCors, listenLoopback, readBody } from './http-adapter.js'

export interface FaultContext {
  /** JSON-RPC method of the body ('' when there is none; the HTTP method is req.method). */
  method: string
  /** JSON-RPC id of the body (undefined for notifications and body-less requests). */
  id: unknown
  /** Parsed JSON body (raw text if it was not JSON, undefined if empty). */
  body: any
  /** Request headers, names lower-cased. */
  headers: Record<string, string>
  req: IncomingMessage
  res: ServerResponse
}

export type FaultRoute = (ctx: FaultContext) => void | Promise<void>

export interface FaultServer {
  url: string
  origin: string
  /** Every request that reached the route (CORS preflights excluded). */
  requests: Array<{ method: string; headers: Record<string, string>; body: any }>
  /** Stops listening and destroys open sockets, so never-ending streams cannot hang a test. */
  close(): Promise<void>
  /** Stops listening and drops every connection, as a killed server would (connections refused until restart()). */
  stop(): Promise<void>
  /** Listens again on the same port (the same URL). */
  restart(): Promise<void>
}

export async function startFaultServer(route: FaultRoute, options: { cors?: boolean } = {}): Promise<FaultServer> {
  const requests: FaultServer['requests'] = []
  const server = createServer({ noDelay: true }, (req, res) => {
    void (async () => {
      if (options.cors && applyCors(req, res)) return
      const raw = (await readBody(req)).toString('utf8')
      let body: any
      try {
        body = raw ? JSON.parse(raw) : undefined
      } catch {
        body = raw
      }
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      requests.push({ method: req.method ?? '', headers, body })
      const isObject = body !== null && typeof body === 'object'
      await route({
        method: isObject && typeof body.method === 'string' ? body.method : '',
        id: isObject ? body.id : undefined,
        body,
        headers,
        req,
        res,
      })
    })().catch((error) => {
      if (!res.headersSent) sendRaw(res, 500, 'text/plain', String(error))
      else res.destroy()
    })
  })
  const handle = await listenLoopback(server)
  return { ...handle, requests }
}

export function sendJson(res: ServerResponse, status: number, obj: unknown, headers: Record<string, string> = {}): void {
  sendRaw(res, status, 'application/json', JSON.stringify(obj), headers)
}

export function sendRaw(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': contentType, ...headers })
  res.end(text)
}

/** A JSON-RPC success response body. */
export const rpcResult = (id: unknown, result: Record<string, unknown>) => ({ jsonrpc: '2.0', id, result })

/** A JSON-RPC error response body. */
export const rpcError = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data !== undefined && { data }) },
})

export interface SseWriter {
  /** Writes one SSE event whose data is `JSON.stringify(data)`. */
  event(data: unknown, options?: { event?: string; id?: string }): void
  /** Writes a comment line (what keep-alives look like). */
  comment(text?: string): void
  /** Writes raw bytes, e.g. half an event, to test the client's parser. */
  raw(text: string): void
  /** Ends the stream cleanly. */
  end(): void
  /** Drops the connection abruptly (no terminating chunk). */
  destroy(): void
  /** True once the client has gone away (or the stream was ended). */
  readonly closed: boolean
}

/** Starts a 200 text/event-stream response; headers are flushed immediately. */
export function openSse(res: ServerResponse, headers: Record<string, string> = {}): SseWriter {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
    ...headers,
  })
  res.flushHeaders()
  const write = (text: string) => {
    if (!res.destroyed && !res.writableEnded) res.write(text)
  }
  return {
    event(data, options = {}) {
      const lines = [
        ...(options.event ? [`event: ${options.event}`] : []),
        ...(options.id ? [`id: ${options.id}`] : []),
        `data: ${JSON.stringify(data)}`,
      ]
      write(lines.join('\n') + '\n\n')
    },
    comment(text = '') {
      write(`:${text}\n\n`)
    },
    raw: write,
    end() {
      if (!res.writableEnded) res.end()
    },
    destroy() {
      res.socket?.destroy()
    },
    get closed() {
      return res.destroyed || res.writableEnded
    },
  }
}
