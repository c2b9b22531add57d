// Legacy servers that misbehave: each gives a typed error within a timeout, and nothing hangs.
// Faults are injected at the HTTP level (test/support/fault-server.ts).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { HttpError, McpClient, ProtocolError, StreamError, TimeoutError } from '../../src/client/index.js'
import { sendJson, sendRaw, startFaultServer, type FaultContext } from '../support/fault-server.js'

const BOUND = { timeout: 10_000 }
const SESSION = 'session-1'

/** A legacy server: modern requests (no session) are turned away with 400, as SDK v1 servers do. */
function legacy(route: (ctx: FaultContext) => void | boolean) {
  return (ctx: FaultContext) => {
    if (ctx.method !== 'initialize' && ctx.req.method === 'POST' && !ctx.headers['mcp-session-id']) {
      return sendJson(ctx.res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: Server not initialized' }, id: null })
    }
    if (ctx.method === 'notifications/initialized') return void ctx.res.writeHead(202).end()
    if (route(ctx) === false) return
  }
}
const initialized = (ctx: FaultContext) =>
  sendJson(
    ctx.res,
    200,
    { jsonrpc: '2.0', id: ctx.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 's', version: '1' } } },
    { 'mcp-session-id': SESSION },
  )

test('an initialize answered with garbage is a ProtocolError saying what was wrong', BOUND, async () => {
  const server = await startFaultServer(legacy((ctx) => ctx.method === 'initialize' && sendJson(ctx.res, 200, { jsonrpc: '2.0', id: ctx.id, result: { hello: 'world' } })))
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000 })
    await assert.rejects(client.listTools(), (e: unknown) => e instanceof ProtocolError && /initialize result/.test(e.message))
  } finally {
    await server.close()
  }
})

test('an initialize answered with a version this client does not speak is a ProtocolError naming both', BOUND, async () => {
  const server = await startFaultServer(
    legacy((ctx) => ctx.method === 'initialize' && sendJson(ctx.res, 200, { jsonrpc: '2.0', id: ctx.id, result: { protocolVersion: '2023-01-01', capabilities: {} } })),
  )
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000 })
    await assert.rejects(client.listTools(), (e: unknown) => e instanceof ProtocolError && /2023-01-01/.test(e.message) && /2025-11-25/.test(e.message))
  } finally {
    await server.close()
  }
})

test('a session whose response stream drops mid-call is a StreamError, not a hang', BOUND, async () => {
  const server = await startFaultServer(
    legacy((ctx) => {
      if (ctx.method === 'initialize') return initialized(ctx)
      if (ctx.method === 'tools/list') {
        ctx.res.writeHead(200, { 'content-type': 'text/event-stream' })
        ctx.res.write(': open\n\n')
        setTimeout(() => ctx.res.destroy(), 50)
      }
    }),
  )
  try {
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    await assert.rejects(client.listTools(), StreamError)
  } finally {
    await server.close()
  }
})

test('a GET stream that never answers fails listen() with a TimeoutError within timeoutMs', BOUND, async () => {
  const server = await startFaultServer(
    legacy((ctx) => {
      if (ctx.method === 'initialize') return initialized(ctx)
      if (ctx.req.method === 'GET') return false // never answered
      sendRaw(ctx.res, 405, 'text/plain', '')
    }),
  )
  try {
    const client = new McpClient(server.url, { timeoutMs: 500, protocolVersion: '2025-11-25' })
    const started = Date.now()
    await assert.rejects(client.listen({ toolsListChanged: true }).acknowledged, TimeoutError)
    assert.ok(Date.now() - started < 3_000, 'failed within the timeout')
    client.close()
  } finally {
    await server.close()
  }
})

test('a legacy server that loses its session on every request: one re-initialize and retry, then the 404 is thrown', BOUND, async () => {
  const server = await startFaultServer(
    legacy((ctx) => {
      if (ctx.method === 'initialize') return initialized(ctx)
      sendJson(ctx.res, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null })
    }),
  )
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000, protocolVersion: '2025-11-25' })
    await assert.rejects(client.listTools(), (e: unknown) => (e as { status?: number }).status === 404)
    assert.equal(server.requests.filter((r) => r.body?.method === 'initialize').length, 2, 'initialized twice, not for ever')
  } finally {
    await server.close()
  }
})

/**
 * A 2025-11-25 server whose tools/list stream ends after an event id with `firstStream` (a `retry:` or not), and
 * which answers the GET that resumes from it with one tool, `resumed`. `seen` hears when each happened.
 */
async function resumingServer(firstStream: string, seen: { closedAt?: number; resumedAt?: number } = {}) {
  const server = await startFaultServer(
    legacy((ctx) => {
      if (ctx.method === 'initialize') return initialized(ctx)
      if (ctx.method === 'tools/list') {
        ctx.res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': SESSION })
        seen.closedAt = performance.now()
        return void ctx.res.end(firstStream)
      }
      if (ctx.req.method === 'GET' && ctx.headers['last-event-id'] === 'e1') {
        seen.resumedAt = performance.now()
        const listed = server.requests.find((r) => r.body?.method === 'tools/list')!
        ctx.res.writeHead(200, { 'content-type': 'text/event-stream' })
        const body = { jsonrpc: '2.0', id: listed.body.id, result: { tools: [{ name: 'resumed', inputSchema: { type: 'object' } }] } }
        return void ctx.res.end(`id: e2\ndata: ${JSON.stringify(body)}\n\n`)
      }
      sendRaw(ctx.res, 405, 'text/plain', '')
    }),
  )
  return server
}

test('a response stream that closes after an event id is resumed with GET and Last-Event-ID (SEP-1699), waiting its retry', BOUND, async () => {
  const server = await resumingServer('id: e1\nretry: 50\ndata: \n\n')
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000, protocolVersion: '2025-11-25' })
    assert.deepEqual((await client.listTools()).map((t) => t.name), ['resumed'])
    // The request is still the server's work while the stream is down: it is not cancelled before the resume.
    assert.deepEqual(cancellations(server), [])
    client.close()
  } finally {
    await server.close()
  }
})

test('an HTTP+SSE server that never sends its endpoint event fails with a TimeoutError within timeoutMs', BOUND, async () => {
  const server = await startFaultServer((ctx) => {
    if (ctx.req.method === 'GET') {
      ctx.res.writeHead(200, { 'content-type': 'text/event-stream' })
      return void ctx.res.write(': waiting\n\n')
    }
    sendRaw(ctx.res, 405, 'text/plain', '')
  })
  try {
    const client = new McpClient(server.url, { timeoutMs: 500 })
    const started = Date.now()
    await assert.rejects(client.listTools(), (e: unknown) => e instanceof TimeoutError && /endpoint/.test(e.message))
    assert.ok(Date.now() - started < 3_000, 'failed within the timeout')
    client.close()
  } finally {
    await server.close()
  }
})

/**
 * An HTTP+SSE (2024-11-05) server whose event stream the server closes while `closeOn` is pending (or, with
 * `how` 'drop', cuts the connection with no end; with 'hang', never answers the POST of `closeOn` at all): every
 * POST to the server URL is refused (405, so the client falls back to HTTP+SSE), the GET stream names /messages,
 * and answers to /messages come back on the stream.
 */
async function sseServerClosingOn(closeOn: string, how: 'close' | 'drop' | 'hang' = 'close') {
  let stream: import('node:http').ServerResponse | undefined
  const send = (m: unknown) => stream?.write(`event: message\ndata: ${JSON.stringify(m)}\n\n`)
  return startFaultServer((ctx) => {
    if (ctx.req.method === 'GET') {
      stream = ctx.res
      ctx.res.writeHead(200, { 'content-type': 'text/event-stream' })
      return void ctx.res.write('event: endpoint\ndata: /messages\n\n')
    }
    if (!ctx.req.url?.startsWith('/messages')) return sendRaw(ctx.res, 405, 'text/plain', '')
    if (ctx.method === closeOn && how === 'hang') return
    ctx.res.writeHead(202).end()
    if (ctx.method === 'initialize')
      send({ jsonrpc: '2.0', id: ctx.id, result: { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })
    else if (ctx.method === 'tools/list' && closeOn !== 'tools/list') send({ jsonrpc: '2.0', id: ctx.id, result: { tools: [{ name: 'work', inputSchema: { type: 'object' } }] } })
    else if (ctx.method === closeOn && how === 'close') stream?.end()
    else if (ctx.method === closeOn) stream?.socket?.destroy()
  })
}

test('an HTTP+SSE event stream the server closes while tools/list waits: a StreamError saying a retry is safe', BOUND, async () => {
  const server = await sseServerClosingOn('tools/list')
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000 })
    await assert.rejects(client.listTools(), (e: unknown) => e instanceof StreamError && /closed the event stream/.test(e.message) && e.idempotent === true)
    client.close()
  } finally {
    await server.close()
  }
})

test('an HTTP+SSE event stream the server closes while tools/call waits: a StreamError saying a retry is NOT safe (the call was posted)', BOUND, async () => {
  const server = await sseServerClosingOn('tools/call')
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000 })
    await client.listTools()
    await assert.rejects(
      client.callTool('work', {}),
      (e: unknown) => e instanceof StreamError && /closed the event stream/.test(e.message) && e.idempotent === false,
    )
    client.close()
  } finally {
    await server.close()
  }
})

test('a response stream that closes after an event id but gave no retry is resumed after a second, not at once', BOUND, async () => {
  const seen: { closedAt?: number; resumedAt?: number } = {}
  const server = await resumingServer('id: e1\ndata: \n\n', seen)
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000, protocolVersion: '2025-11-25' })
    assert.deepEqual((await client.listTools()).map((t) => t.name), ['resumed'])
    // The client's default wait is 1 s; a little slack below it for timer granularity.
    const waited = seen.resumedAt! - seen.closedAt!
    assert.ok(waited >= 950, `resumed ${waited.toFixed(0)} ms after the stream closed`)
    client.close()
  } finally {
    await server.close()
  }
})

test('an HTTP+SSE event stream whose connection is cut while tools/list waits: the StreamError carries the network error as its cause', BOUND, async () => {
  const server = await sseServerClosingOn('tools/list', 'drop')
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000 })
    await assert.rejects(
      client.listTools(),
      (e: unknown) => e instanceof StreamError && /broke/.test(e.message) && e.cause instanceof Error && e.idempotent === true,
    )
    client.close()
  } finally {
    await server.close()
  }
})

/** A 2025-11-25 session server that cuts the connection of the notifications/initialized POST, or (`hang`) never answers it. */
async function serverFailingInitializedNotification(how: 'drop' | 'hang') {
  const session = legacy((ctx) => (ctx.method === 'initialize' ? initialized(ctx) : sendRaw(ctx.res, 405, 'text/plain', '')))
  return startFaultServer((ctx) => {
    // Ahead of legacy(), which acknowledges notifications/initialized with 202.
    if (ctx.method === 'notifications/initialized') return void (how === 'drop' && ctx.res.socket?.destroy())
    return session(ctx)
  })
}

test('a one-way POST (notifications/initialized) that cannot reach the server is a StreamError naming the URL, not safe to retry, with the cause', BOUND, async () => {
  const server = await serverFailingInitializedNotification('drop')
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000, protocolVersion: '2025-11-25' })
    await assert.rejects(
      client.listTools(),
      (e: unknown) =>
        e instanceof StreamError &&
        e.message.includes(`Could not reach ${server.url}`) &&
        e.idempotent === false &&
        e.cause instanceof Error,
    )
    client.close()
  } finally {
    await server.close()
  }
})

test('a one-way POST (notifications/initialized) the server never answers is a TimeoutError naming the method, within timeoutMs', BOUND, async () => {
  const server = await serverFailingInitializedNotification('hang')
  try {
    const client = new McpClient(server.url, { timeoutMs: 500, protocolVersion: '2025-11-25' })
    const started = Date.now()
    await assert.rejects(
      client.listTools(),
      (e: unknown) => e instanceof TimeoutError && e.message.startsWith('notifications/initialized '),
    )
    assert.ok(Date.now() - started < 3_000, 'failed within the timeout')
    client.close()
  } finally {
    await server.close()
  }
})

test('an HTTP+SSE request whose POST is never answered is one TimeoutError for the caller and no unhandled rejection', BOUND, async () => {
  const server = await sseServerClosingOn('tools/list', 'hang')
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    const client = new McpClient(server.url, { timeoutMs: 500 })
    await assert.rejects(client.listTools(), (e: unknown) => e instanceof TimeoutError && /tools\/list/.test(e.message))
    // Unhandled rejections are reported after the microtask queue drains: let a macrotask pass.
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(unhandled, [])
    client.close()
  } finally {
    process.off('unhandledRejection', onUnhandled)
    await server.close()
  }
})

test('an HTTP+SSE stream whose connection is cut before it answers: callTool is a StreamError saying a retry is safe (nothing was posted)', BOUND, async () => {
  const posted: string[] = []
  const server = await startFaultServer((ctx) => {
    if (ctx.req.method === 'GET') return void ctx.res.socket?.destroy()
    if (ctx.method) posted.push(ctx.method)
    sendRaw(ctx.res, 405, 'text/plain', '')
  })
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000 })
    await assert.rejects(
      client.callTool('work', {}),
      (e: unknown) => e instanceof StreamError && /event stream/.test(e.message) && e.idempotent === true,
    )
    assert.ok(!posted.includes('tools/call'), `the call never reached the server (posted: ${posted.join(', ')})`)
    client.close()
  } finally {
    await server.close()
  }
})

test('an HTTP+SSE fallback whose GET answers 200 text/html (a login page) is an HttpError 406 at once, not a wait for the endpoint', BOUND, async () => {
  const server = await startFaultServer((ctx) => {
    if (ctx.req.method === 'GET') return sendRaw(ctx.res, 200, 'text/html; charset=utf-8', '<!doctype html><title>Login</title><p>Please sign in</p>')
    sendRaw(ctx.res, 405, 'text/plain', '')
  })
  try {
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    const started = Date.now()
    await assert.rejects(client.listTools(), (e: unknown) => e instanceof HttpError && e.status === 406 && /Please sign in/.test(e.body))
    assert.ok(Date.now() - started < 2_000, 'failed without waiting out timeoutMs')
    client.close()
  } finally {
    await server.close()
  }
})

test('listen() on a legacy server that offers only tool list news is acknowledged without the resource and prompt news it asked for', BOUND, async () => {
  const server = await startFaultServer(
    legacy((ctx) => {
      if (ctx.req.method === 'GET') return sendRaw(ctx.res, 405, 'text/plain', '') // news on responses only
      if (ctx.method === 'initialize') return initialized(ctx) // capabilities: tools.listChanged, nothing else
    }),
  )
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000 })
    const sub = client.listen({ toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true })
    assert.deepEqual(await sub.acknowledged, { toolsListChanged: true })
    sub.close()
    client.close()
  } finally {
    await server.close()
  }
})

/** The notifications/cancelled a fault server received, as their params. */
const cancellations = (server: { requests: Array<{ body: any }> }) =>
  server.requests.filter((r) => r.body?.method === 'notifications/cancelled').map((r) => r.body.params)

/** A 2025-11-25 session server listing one tool, `work`, whose tools/call `onCall` answers (or not). */
const workServer = (onCall: (ctx: FaultContext) => void) =>
  startFaultServer(
    legacy((ctx) => {
      if (ctx.method === 'initialize') return initialized(ctx)
      if (ctx.method === 'tools/call') return onCall(ctx)
      if (ctx.method === 'notifications/cancelled') return void ctx.res.writeHead(202).end()
      if (ctx.method === 'tools/list')
        return sendJson(ctx.res, 200, { jsonrpc: '2.0', id: ctx.id, result: { tools: [{ name: 'work', inputSchema: { type: 'object' } }] } })
      sendRaw(ctx.res, 405, 'text/plain', '')
    }),
  )

test('a legacy call answered with HTTP 500 is an HttpError and is not cancelled at the server (nobody cancelled it)', BOUND, async () => {
  const server = await workServer((ctx) => sendRaw(ctx.res, 500, 'text/plain', 'boom'))
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000, protocolVersion: '2025-11-25' })
    await client.listTools()
    await assert.rejects(client.callTool('work', {}), (e: unknown) => e instanceof HttpError && e.status === 500)
    // A request after it: a cancellation sent at the failure would have reached the server first.
    await client.listTools({ fresh: true })
    assert.deepEqual(cancellations(server), [])
    client.close()
  } finally {
    await server.close()
  }
})

test('a legacy call that times out is cancelled at the server (notifications/cancelled with its request id)', BOUND, async () => {
  const server = await workServer(() => {}) // never answered
  try {
    const client = new McpClient(server.url, { timeoutMs: 300, protocolVersion: '2025-11-25' })
    await client.listTools()
    await assert.rejects(client.callTool('work', {}), TimeoutError)
    const call = server.requests.find((r) => r.body?.method === 'tools/call')!
    await client.listTools({ fresh: true })
    assert.deepEqual(
      cancellations(server).map((p) => p.requestId),
      [call.body.id],
    )
    client.close()
  } finally {
    await server.close()
  }
})

test('an HTTP+SSE call the client is closed under before it is posted: a StreamError saying a retry is safe, and nothing reached the server', BOUND, async () => {
  const server = await sseServerClosingOn('nothing') // answers initialize and tools/list, never closes its stream
  // Headers are asked once per call, then once more by the session just before it posts: the second ask is held.
  let asks = 0
  let armed = false
  let atPost!: () => void
  const posting = new Promise<void>((resolve) => (atPost = resolve))
  let release!: () => void
  const held = new Promise<Record<string, string>>((resolve) => (release = () => resolve({})))
  const headers = () => (!armed || ++asks < 2 ? {} : (atPost(), held))
  try {
    const client = new McpClient(server.url, { timeoutMs: 2_000, headers })
    await client.listTools()
    armed = true
    const call = client.callTool('work', {})
    await posting
    client.close()
    release()
    await assert.rejects(call, (e: unknown) => e instanceof StreamError && /closed/.test(e.message) && e.idempotent === true)
    assert.ok(!server.requests.some((r) => r.method === 'tools/call'), 'no tools/call was posted')
  } finally {
    await server.close()
  }
})
