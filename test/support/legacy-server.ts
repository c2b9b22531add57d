// Real legacy MCP servers for the client's dual-era tests: the official SDK
// v1 (@modelcontextprotocol/sdk 1.x, revisions up to 2025-11-25) on a
// loopback port, in the three shapes deployed servers have: Streamable HTTP
// with sessions (stateful), without (stateless), and the deprecated HTTP+SSE
// transport of 2024-11-05.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

export type LegacyMode = 'stateful' | 'stateless' | 'sse'

export interface LegacyServer {
  url: string
  mode: LegacyMode
  /** Every HTTP request: method, headers (lower-cased) and parsed body. */
  requests: Array<{ method: string; headers: Record<string, string>; body: any }>
  /** Tools whose call the server saw cancelled. */
  cancelled: string[]
  /** Log levels the server was asked to set. */
  levels: string[]
  /** Resources subscribed to, per subscribe call. */
  subscribed: string[]
  /** Adds a tool to every live server instance (each sends tools/list_changed). */
  addTool(name: string): void
  /** Sends notifications/resources/updated for `uri` to every session subscribed to it. */
  updateResource(uri: string): Promise<void>
  /** Forgets every session, as a restarted server would (its next request with an old id gets 404). */
  restart(): Promise<void>
  close(): Promise<void>
}

export const LEGACY_SERVER_INFO = { name: 'legacy-fixture', version: '1.0.0' }
export const NOTE_URI = 'note://one'

function makeServer(stats: Pick<LegacyServer, 'cancelled' | 'levels' | 'subscribed'>, extraTools: string[]) {
  const server = new McpServer(LEGACY_SERVER_INFO, {
    capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } },
    instructions: 'A legacy fixture.',
  })
  const subscriptions = new Set<string>()
  server.registerTool('echo', { description: 'Echoes text', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }))
  server.registerTool('ask', { description: 'Asks the user a question', inputSchema: {} }, async (_args, extra) => {
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          message: 'What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
        },
      },
      ElicitResultSchema,
    )
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `hello ${String(answer.content?.name)}` : answer.action }] }
  })
  server.registerTool('sample', { description: 'Asks the client model', inputSchema: {} }, async (_args, extra) => {
    const answer = await extra.sendRequest(
      { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 } },
      CreateMessageResultSchema,
    )
    return { content: [{ type: 'text', text: `model said: ${(answer.content as { text?: string }).text}` }] }
  })
  server.registerTool('roots', { description: 'Lists the client roots', inputSchema: {} }, async (_args, extra) => {
    const answer = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema)
    return { content: [{ type: 'text', text: answer.roots.map((r) => r.uri).join(',') }] }
  })
  server.registerTool('count', { description: 'Reports progress', inputSchema: { n: z.number() } }, async ({ n }, extra) => {
    const token = extra._meta?.progressToken
    for (let i = 1; i <= n; i++) {
      if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: n } })
    }
    return { content: [{ type: 'text', text: `counted ${n}` }] }
  })
  server.registerTool('log', { description: 'Logs at every level', inputSchema: {} }, async (_args, extra) => {
    for (const level of ['debug', 'info', 'warning', 'error'] as const) {
      await extra.sendNotification({ method: 'notifications/message', params: { level, data: `${level} line` } })
    }
    return { content: [{ type: 'text', text: 'logged' }] }
  })
  // A log line of the server's own, tied to no request: it goes to the GET stream (Streamable HTTP) or the session stream (HTTP+SSE).
  server.registerTool('log_later', { description: 'Logs on its own shortly after answering', inputSchema: {} }, async () => {
    setTimeout(() => void server.server.sendLoggingMessage({ level: 'info', data: 'unsolicited line' }).catch(() => {}), 100)
    return { content: [{ type: 'text', text: 'will log' }] }
  })
  server.registerTool('slow', { description: 'Waits until cancelled', inputSchema: {} }, async (_args, extra) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 30_000)
      extra.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        stats.cancelled.push('slow')
        resolve()
      })
    })
    return { content: [{ type: 'text', text: 'done' }] }
  })
  for (const name of extraTools) server.registerTool(name, { description: name, inputSchema: {} }, async () => ({ content: [{ type: 'text', text: name }] }))
  server.registerResource('note', NOTE_URI, { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'a note' }],
  }))
  server.registerPrompt('greet', { description: 'Greets', argsSchema: { name: z.string() } }, ({ name }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hello ${name}` } }],
  }))
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscriptions.add(request.params.uri)
    stats.subscribed.push(request.params.uri)
    return {}
  })
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscriptions.delete(request.params.uri)
    return {}
  })
  // The SDK records the level per session; the fixture also keeps what was asked.
  const original = server.server['_requestHandlers'].get('logging/setLevel')
  server.server['_requestHandlers'].set('logging/setLevel', (request: any, extra: any) => {
    stats.levels.push(request.params.level)
    return original(request, extra)
  })
  return { server, subscriptions }
}

/** The request's body, parsed as JSON (its text when not JSON; undefined when empty). */
export async function readBody(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Permissive CORS that lets a page send the session headers and read Mcp-Session-Id. */
export function cors(res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
  res.setHeader('access-control-allow-headers', 'content-type, accept, authorization, mcp-protocol-version, mcp-session-id, last-event-id, mcp-method, mcp-name')
  res.setHeader('access-control-expose-headers', 'mcp-session-id')
}

/** The versions a legacy server lists in its spec-shaped -32022 (`refuseModern`). */
export const LEGACY_SUPPORTED = ['2025-11-25', '2025-06-18']

/**
 * Starts a legacy server. `cors` allows and exposes the headers a browser page needs. `refuseModern` puts the spec's
 * answer to an unknown version in front of the SDK (which has none): a 2026-07-28 request gets HTTP 400 and a -32022
 * tied to it, listing `LEGACY_SUPPORTED`.
 */
export async function startLegacyServer(mode: LegacyMode, options: { cors?: boolean; refuseModern?: boolean } = {}): Promise<LegacyServer> {
  const stats = { cancelled: [] as string[], levels: [] as string[], subscribed: [] as string[] }
  const requests: LegacyServer['requests'] = []
  const extraTools: string[] = []
  const live = new Map<string, { server: McpServer; subscriptions: Set<string>; transport: StreamableHTTPServerTransport | SSEServerTransport }>()
  const http = createServer(async (req, res) => {
    if (options.cors) cors(res)
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    const body = req.method === 'POST' ? await readBody(req) : undefined
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
    requests.push({ method: req.method ?? '', headers, body })
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (options.refuseModern && headers['mcp-protocol-version'] === '2026-07-28') {
      const error = { code: -32022, message: 'Unsupported protocol version', data: { supported: LEGACY_SUPPORTED, requested: '2026-07-28' } }
      return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: body?.id ?? null, error }))
    }
    try {
      if (mode === 'sse') {
        if (req.method === 'GET' && path === '/mcp') {
          const transport = new SSEServerTransport('/messages', res)
          const made = makeServer(stats, extraTools)
          live.set(transport.sessionId, { ...made, transport })
          transport.onclose = () => live.delete(transport.sessionId)
          return void (await made.server.connect(transport))
        }
        if (req.method === 'POST' && path === '/messages') {
          const id = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? ''
          const entry = live.get(id)
          if (!entry) return void res.writeHead(404).end('unknown session')
          return void (await (entry.transport as SSEServerTransport).handlePostMessage(req, res, body))
        }
        return void res.writeHead(405).end()
      }
      if (path !== '/mcp') return void res.writeHead(404).end()
      if (mode === 'stateless') {
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
        const made = makeServer(stats, extraTools)
        res.on('close', () => void transport.close())
        await made.server.connect(transport)
        return void (await transport.handleRequest(req, res, body))
      }
      const sessionId = headers['mcp-session-id']
      if (sessionId) {
        const entry = live.get(sessionId)
        // The spec: a request with a session id the server no longer knows gets 404 (the client initializes anew).
        if (!entry) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }))
        return void (await (entry.transport as StreamableHTTPServerTransport).handleRequest(req, res, body))
      }
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void live.set(id, { ...made, transport }),
      })
      transport.onclose = () => transport.sessionId && live.delete(transport.sessionId)
      const made = makeServer(stats, extraTools)
      await made.server.connect(transport)
      await transport.handleRequest(req, res, body)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    mode,
    requests,
    ...stats,
    addTool(name) {
      extraTools.push(name)
      for (const { server } of live.values()) server.registerTool(name, { description: name, inputSchema: {} }, async () => ({ content: [{ type: 'text', text: name }] }))
    },
    async updateResource(uri) {
      for (const { server, subscriptions } of live.values()) if (subscriptions.has(uri)) await server.server.sendResourceUpdated({ uri })
    },
    async restart() {
      const entries = [...live.values()]
      live.clear()
      await Promise.all(entries.map((e) => e.server.close().catch(() => {})))
    },
    async close() {
      await Promise.all([...live.values()].map((e) => e.server.close().catch(() => {})))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
