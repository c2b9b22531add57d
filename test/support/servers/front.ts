// A fault-injecting HTTP front for a real SDK test server (not a server of its
// own: `live.ts` and `flaky.ts` are built on it). Requests are forwarded over
// real HTTP to the SDK server behind it; a test switches the front to answer
// as a broken server would (HTTP 500, a body that is not JSON-RPC, no CORS
// headers), cuts the open subscriptions/listen streams short (a drop, which
// a client answers by listening again), pushes a notification of its own into
// them (one the SDK would not send), or stops listening altogether (a killed
// server: connections refused) and comes back on the same port.
import type { FixtureServer, TestServer } from '../fixture-server.js'
import { serveFetch } from '../http-adapter.js'

/**
 * How the front answers: `ok` forwards; the others are faults a browser page must survive (`junk-tools`
 * answers tools/list with broken entries among good ones, `discover-error` server/discover with a JSON-RPC
 * error, and `no-templates` resources/templates/list with "method not found", as a server without templates may;
 * all three forward the rest; `sse-left-open` answers every request but a listen as an event stream holding its
 * response, and leaves that stream open after it, as a server that never closes its response streams would).
 */
type FrontMode = 'ok' | 'http-500' | 'not-json' | 'no-cors' | 'junk-tools' | 'discover-error' | 'no-templates' | 'sse-left-open'

const object = { type: 'object' }
/** A tools/list a broken server might send: entries that are not tools, a repeated name, fields of the wrong type. */
const JUNK_TOOLS = [
  null,
  42,
  'a string',
  { name: 7, inputSchema: object },
  { description: 'no name', inputSchema: object },
  { name: 'fine', title: 'Fine tool', inputSchema: object },
  { name: 'fine', title: 'Fine tool again', inputSchema: object },
  { name: 'odd', title: { not: 'a string' }, description: ['nor', 'this'], icons: 'not a list', annotations: 'nope', inputSchema: object },
]

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Content-Type, MCP-Protocol-Version, Mcp-Method, Mcp-Name, WWW-Authenticate, Retry-After',
}

/**
 * Serves `backend` behind a front with these `control` actions (others go to `control`):
 * - `mode` `{ mode: FrontMode }`: how to answer from now on;
 * - `drop-listens`: ends every open listen stream without its result;
 * - `push` `{ message }`: sends this JSON-RPC notification as one more event on every open listen stream (its params'
 *   `_meta` naming the stream's subscription, as the SDK's do);
 * - `open-listens`: how many listen streams are open now (`{ open }`);
 * - `stop`: stops listening and drops every connection, as a killed server would (connections refused);
 * - `restart`: listens again on the same port (the same URL).
 */
export async function frontServer(
  backend: FixtureServer,
  control?: (action: string, body: any) => unknown | Promise<unknown>,
): Promise<TestServer> {
  let mode: FrontMode = 'ok'
  /** The open listen streams, each with its request's id (a notification on it names that id as its subscriptionId). */
  const listens = new Map<TransformStreamDefaultController<Uint8Array>, unknown>()

  const served = await serveFetch(async (request) => {
    if (request.method === 'OPTIONS') {
      if (mode === 'no-cors') return new Response(null, { status: 204 })
      return new Response(null, {
        status: 204,
        headers: {
          ...CORS,
          'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
          'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? '*',
        },
      })
    }
    if (mode === 'no-cors') return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
    if (mode === 'http-500')
      return new Response('Internal Server Error', { status: 500, headers: { ...CORS, 'content-type': 'text/plain' } })
    if (mode === 'not-json')
      return new Response('<h1>Welcome to nginx!</h1>', { status: 200, headers: { ...CORS, 'content-type': 'text/html' } })

    const body = await request.text()
    if (mode === 'junk-tools' && body.includes('"tools/list"')) {
      const { id } = JSON.parse(body)
      return Response.json({ jsonrpc: '2.0', id, result: { resultType: 'complete', tools: JUNK_TOOLS } }, { headers: CORS })
    }
    if (mode === 'discover-error' && body.includes('"server/discover"')) {
      const { id } = JSON.parse(body)
      return Response.json({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Discovery is down' } }, { headers: CORS })
    }
    if (mode === 'no-templates' && body.includes('"resources/templates/list"')) {
      const { id } = JSON.parse(body)
      return Response.json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }, { headers: CORS })
    }
    const headers = new Headers(request.headers)
    headers.delete('host')
    const answer = await fetch(backend.url, { method: request.method, headers, body: body || undefined, signal: request.signal })
    const responseHeaders = new Headers(answer.headers)
    for (const [name, value] of Object.entries(CORS)) responseHeaders.set(name, value)
    responseHeaders.delete('content-length')
    if (mode === 'sse-left-open' && !body.includes('"subscriptions/listen"')) {
      const text = await answer.text()
      const events = answer.headers.get('content-type')?.startsWith('text/event-stream') ? text : `event: message\ndata: ${text}\n\n`
      responseHeaders.set('content-type', 'text/event-stream')
      // Never closed: the client must let go of the connection itself once the response is in.
      const open = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode(events)) })
      return new Response(open, { status: answer.status, headers: responseHeaders })
    }
    if (!answer.body || !body.includes('"subscriptions/listen"'))
      return new Response(answer.body, { status: answer.status, headers: responseHeaders })

    // A listen stream, passed through a stream the front can end early.
    let controller!: TransformStreamDefaultController<Uint8Array>
    const pass = new TransformStream<Uint8Array, Uint8Array>({
      start: (c) => void listens.set((controller = c), JSON.parse(body).id),
      flush: () => void listens.delete(controller),
    })
    void answer.body.pipeTo(pass.writable).catch(() => listens.delete(controller))
    return new Response(pass.readable, { status: answer.status, headers: responseHeaders })
  })

  return {
    ...backend,
    url: served.url,
    origin: served.origin,
    async control(action, body: any) {
      if (action === 'mode') mode = body.mode
      else if (action === 'drop-listens') {
        for (const listen of listens.keys()) listen.terminate()
        listens.clear()
      } else if (action === 'push') {
        for (const [listen, id] of listens) {
          const message = { ...body.message, params: { ...body.message.params, _meta: { 'io.modelcontextprotocol/subscriptionId': id } } }
          listen.enqueue(new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`))
        }
      } else if (action === 'open-listens') return { open: listens.size }
      else if (action === 'stop') {
        listens.clear()
        await served.stop()
      } else if (action === 'restart') await served.restart()
      else return control?.(action, body)
    },
    async close() {
      await served.close()
      await backend.close()
    },
  }
}
