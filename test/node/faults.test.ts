/**
 * How the client fails when a server misbehaves at the HTTP level: broken
 * bodies, wrong content types, oversized or endless responses, dropped and
 * stalled streams, version negotiation, runaway pagination, aborts. Each test
 * runs a real loopback HTTP server (test/support/fault-server.ts) that
 * injects one fault, and asserts what a user of the client sees: the error
 * class, that its message says something actionable, and what reached the
 * server.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import type { ServerResponse } from 'node:http'
import {
  AbortError,
  HttpError,
  JsonRpcError,
  McpClient,
  PageLimitError,
  ProtocolError,
  ResponseTooLargeError,
  StreamError,
  TimeoutError,
  UnknownResultTypeError,
  UnsupportedProtocolVersionError,
  type McpClientOptions,
} from '../../src/client/index.js'
import {
  openSse,
  rpcError,
  rpcResult,
  sendJson,
  sendRaw,
  startFaultServer,
  type FaultContext,
  type FaultRoute,
  type FaultServer,
} from '../support/fault-server.js'
import { assertIs, failure } from '../support/assert.js'

const VERSION = '2026-07-28'
/** Every test is bounded: none may hang the run. */
const BOUND = { timeout: 10_000 }

/** The one tool the fault servers list. */
const WORK_TOOL = { name: 'work', description: 'Does some work.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }

/** Answers tools/list with WORK_TOOL (no cache hints, so nothing is cached). */
function listTools(ctx: FaultContext): void {
  sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', tools: [WORK_TOOL] }))
}

/** Starts a fault server and a client for it; always closes both, whatever `body` does. */
async function scenario(
  route: FaultRoute,
  options: McpClientOptions,
  body: (client: McpClient, server: FaultServer) => Promise<void>,
): Promise<void> {
  const server = await startFaultServer(route)
  const client = new McpClient(server.url, { timeoutMs: 3_000, ...options })
  try {
    await body(client, server)
  } finally {
    client.close()
    await server.close()
  }
}

/** JSON-RPC methods the server received, in order. */
const methods = (server: FaultServer) => server.requests.map((r) => r.body?.method)

/** Resolves when the server side of `res` closes (the client went away), or rejects after `ms`. */
function closedWithin(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (res.destroyed || res.writableEnded) return resolve()
    const timer = setTimeout(() => reject(new Error(`the client did not close the connection within ${ms} ms`)), ms)
    res.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A fetch that records the JSON-RPC method of each request as the client sends it. */
function recordingFetch(sent: string[]): typeof fetch {
  return (input, init) => {
    sent.push(JSON.parse(String(init?.body)).method)
    return fetch(input, init)
  }
}

/**
 * Whether a failed call was re-sent, without waiting out a timer: a re-send is the client's own doing, so it is
 * recorded by its fetch when made; the client answering one more request (a fresh tools/list, which has reached the
 * server and come back) shows it has moved on from the failed call, and everything it queued before has been sent.
 */
async function nextRequestAnswered(client: McpClient): Promise<void> {
  await client.listTools({ fresh: true })
}

const progress = (ctx: FaultContext, value: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: ctx.body.params._meta.progressToken, progress: value, total: 10 },
})

// ---- bodies that are not a JSON-RPC answer ---------------------------------------------

test('a JSON body written in pieces that split multi-byte characters arrives whole and exact', BOUND, async () => {
  // Three writes, each flushed on its own, cut inside "é" (2 bytes) and "🙂" (4 bytes): the client must join the
  // bytes before decoding them, or the text comes back with replacement characters.
  const text = 'café 🙂 '.repeat(40)
  await scenario(
    async (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      const bytes = Buffer.from(JSON.stringify(rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text }] })))
      const cuts = [bytes.indexOf(Buffer.from('é')) + 1, bytes.indexOf(Buffer.from('🙂')) + 2]
      ctx.res.writeHead(200, { 'Content-Type': 'application/json' })
      ctx.res.write(bytes.subarray(0, cuts[0]))
      await new Promise((resolve) => setTimeout(resolve, 20))
      ctx.res.write(bytes.subarray(cuts[0], cuts[1]))
      await new Promise((resolve) => setTimeout(resolve, 20))
      ctx.res.end(bytes.subarray(cuts[1]))
    },
    {},
    async (client) => {
      const result = await client.callTool('work', { n: 1 })
      assert.deepEqual(result.content, [{ type: 'text', text }])
    },
  )
})

test('malformed JSON in a 200 application/json body is a ProtocolError that quotes it', BOUND, async () => {
  await scenario(
    (ctx) => sendRaw(ctx.res, 200, 'application/json', '{"jsonrpc":"2.0","id":1,"result":{"tools":['),
    {},
    async (client) => {
      const error = await failure(client.discover())
      assertIs(error, ProtocolError)
      assert.match(error.message, /malformed JSON/i)
      assert.match(error.message, /jsonrpc.*tools/, 'the message quotes the start of the body')
    },
  )
})

test('a JSON body that is not a JSON-RPC message is a ProtocolError', BOUND, async () => {
  await scenario(
    (ctx) => sendJson(ctx.res, 200, { hello: 'world', tools: [] }),
    {},
    async (client) => {
      const error = await failure(client.discover())
      assertIs(error, ProtocolError)
      assert.match(error.message, /JSON-RPC/)
      assert.match(error.message, /hello/, 'the message shows what was received')
    },
  )
})

test('a JSON-RPC result whose result is not an object is a ProtocolError', BOUND, async () => {
  await scenario(
    (ctx) => sendJson(ctx.res, 200, { jsonrpc: '2.0', id: ctx.id, result: 'ok' }),
    {},
    async (client) => {
      const error = await failure(client.discover())
      assertIs(error, ProtocolError)
      assert.match(error.message, /result is not an object/)
    },
  )
})

test('a JSON-RPC response to another request id is a ProtocolError', BOUND, async () => {
  await scenario(
    (ctx) => sendJson(ctx.res, 200, rpcResult(Number(ctx.id) + 1000, { resultType: 'complete', supportedVersions: [VERSION] })),
    {},
    async (client) => {
      const error = await failure(client.discover())
      assertIs(error, ProtocolError)
      assert.match(error.message, /not its response/)
      assert.match(error.message, /server\/discover/)
    },
  )
})

test('a 200 text/html answer is a ProtocolError naming the content type', BOUND, async () => {
  await scenario(
    (ctx) => sendRaw(ctx.res, 200, 'text/html; charset=utf-8', '<!doctype html><title>Login</title><p>Please sign in</p>'),
    {},
    async (client) => {
      const error = await failure(client.discover())
      assertIs(error, ProtocolError)
      assert.match(error.message, /text\/html/)
      assert.match(error.message, /application\/json|text\/event-stream/, 'the message says what was expected')
    },
  )
})

test('HTTP 500 with a text body is an HttpError(500) carrying the body', BOUND, async () => {
  await scenario(
    (ctx) => sendRaw(ctx.res, 500, 'text/plain', 'database is on fire'),
    {},
    async (client, server) => {
      const error = await failure(client.discover())
      assertIs(error, HttpError)
      assert.equal(error.status, 500)
      assert.match(error.message, /500/)
      assert.match(error.message, /database is on fire/)
      assert.equal(error.body, 'database is on fire')
      assert.equal(server.requests.length, 1, 'an HTTP error is not retried')
    },
  )
})

test('HTTP 400 carrying a JSON-RPC error is a JsonRpcError with its code, message and data', BOUND, async () => {
  await scenario(
    (ctx) => sendJson(ctx.res, 400, rpcError(ctx.id, -32602, 'Invalid params: n must be positive', { field: 'n', got: -1 })),
    {},
    async (client) => {
      const error = await failure(client.callTool('work', { n: -1 }))
      assertIs(error, JsonRpcError)
      assert.ok(!(error instanceof HttpError))
      assert.equal(error.code, -32602)
      assert.deepEqual(error.data, { field: 'n', got: -1 })
      assert.equal(error.message, 'Invalid params: n must be positive')
    },
  )
})

// ---- size bounds ------------------------------------------------------------------------

/**
 * The server writes `head`, then `chunk` every 2 ms until the client goes
 * away: only the size limit can stop the client. Asserts it fails with
 * ResponseTooLargeError well within the timeout.
 */
async function assertTooLargeFast(head: (ctx: Parameters<FaultRoute>[0]) => void, chunk: string, maxBodyBytes: number): Promise<void> {
  let timer: ReturnType<typeof setInterval> | undefined
  try {
    await scenario(
      (ctx) => {
        head(ctx)
        timer = setInterval(() => (ctx.res.destroyed ? clearInterval(timer) : ctx.res.write(chunk)), 2)
        ctx.res.on('close', () => clearInterval(timer))
      },
      { maxBodyBytes, timeoutMs: 5_000 },
      async (client) => {
        const start = performance.now()
        const error = await failure(client.discover())
        const elapsed = performance.now() - start
        assertIs(error, ResponseTooLargeError)
        assert.equal(error.limit, maxBodyBytes)
        assert.match(error.message, /maxBodyBytes/)
        assert.ok(elapsed < 1_000, `took ${elapsed.toFixed(0)} ms`)
      },
    )
  } finally {
    clearInterval(timer)
  }
}

test('a JSON body larger than maxBodyBytes (and never ending) fails fast with ResponseTooLargeError', BOUND, () =>
  assertTooLargeFast(
    (ctx) => {
      ctx.res.writeHead(200, { 'Content-Type': 'application/json' })
      ctx.res.write(`{"jsonrpc":"2.0","id":${ctx.id},"result":{"pad":"`)
    },
    'x'.repeat(8_192),
    16 * 1024,
  ),
)

test('one SSE event larger than maxBodyBytes fails fast with ResponseTooLargeError', BOUND, async () => {
  await scenario(
    (ctx) => {
      const sse = openSse(ctx.res)
      sse.event(rpcResult(ctx.id, { resultType: 'complete', supportedVersions: [VERSION], pad: 'x'.repeat(256 * 1024) }))
      // The stream stays open: the client must give up on size, not wait for the end.
    },
    { maxBodyBytes: 16 * 1024, timeoutMs: 5_000 },
    async (client) => {
      const start = performance.now()
      assertIs(await failure(client.discover()), ResponseTooLargeError)
      assert.ok(performance.now() - start < 1_000)
    },
  )
})

test('an SSE line that never ends fails fast with ResponseTooLargeError', BOUND, () =>
  assertTooLargeFast((ctx) => openSse(ctx.res).raw('data: {"jsonrpc":"2.0","pad":"'), 'y'.repeat(4_096), 32 * 1024),
)

test('one SSE event spread over many data lines, with comment lines between them, still fails fast with ResponseTooLargeError', BOUND, () =>
  // A comment inside an event does not end it (only a blank line does): the
  // data lines keep accumulating in one event, so the limit must still apply.
  assertTooLargeFast(
    (ctx) => openSse(ctx.res).raw('data: {"jsonrpc":"2.0","pad":"\n'),
    `data: ${'z'.repeat(2_000)}\n:keep-alive\n`,
    16 * 1024,
  ),
)

// ---- stalled and dropped streams ----------------------------------------------------------

test(
  'an SSE stream that sends progress and then stalls fails with TimeoutError about timeoutMs after the last message',
  BOUND,
  async () => {
    let callRes: ServerResponse | undefined
    await scenario(
      (ctx) => {
        if (ctx.method === 'tools/list') return listTools(ctx)
        callRes = ctx.res
        const sse = openSse(ctx.res)
        sse.event(progress(ctx, 1))
        // ...and nothing more, ever.
      },
      { timeoutMs: 300 },
      async (client) => {
        const seen: number[] = []
        let lastProgressAt = 0
        const error = await failure(
          client.callTool(
            'work',
            { n: 1 },
            {
              onProgress: (p) => {
                seen.push(p.progress)
                lastProgressAt = performance.now()
              },
            },
          ),
        )
        const sinceProgress = performance.now() - lastProgressAt
        assertIs(error, TimeoutError)
        assert.deepEqual(seen, [1], 'the progress notification reached onProgress')
        assert.match(error.message, /300 ms/)
        assert.match(error.message, /timeoutMs/)
        assert.ok(sinceProgress >= 250 && sinceProgress < 1_500, `timed out ${sinceProgress.toFixed(0)} ms after the progress`)
        // Giving up closes the stream, which is what cancels the request on the server.
        await closedWithin(callRes!, 1_000)
      },
    )
  },
)

test(
  'an SSE stream dropped before the result of tools/call is a non-idempotent StreamError, and the call is not re-sent',
  BOUND,
  async () => {
    const sent: string[] = []
    await scenario(
      async (ctx) => {
        if (ctx.method === 'tools/list') return listTools(ctx)
        const sse = openSse(ctx.res)
        sse.event(progress(ctx, 1))
        await sleep(20)
        sse.destroy()
      },
      { fetch: recordingFetch(sent) },
      async (client, server) => {
        const error = await failure(client.callTool('work', { n: 1 }, { onProgress: () => {} }))
        assertIs(error, StreamError)
        assert.equal(error.idempotent, false)
        assert.match(error.message, /tools\/call/)
        await nextRequestAnswered(client)
        assert.equal(sent.filter((m) => m === 'tools/call').length, 1, 'the client sent tools/call once')
        assert.equal(methods(server).filter((m) => m === 'tools/call').length, 1, 'exactly one tools/call reached the server')
      },
    )
  },
)

test('an SSE stream that ends cleanly before the result of tools/call is a non-idempotent StreamError, not re-sent', BOUND, async () => {
  const sent: string[] = []
  await scenario(
    (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      const sse = openSse(ctx.res)
      sse.event(progress(ctx, 1))
      sse.end()
    },
    { fetch: recordingFetch(sent) },
    async (client, server) => {
      const error = await failure(client.callTool('work', { n: 1 }))
      assertIs(error, StreamError)
      assert.equal(error.idempotent, false)
      assert.match(error.message, /ended before its result/)
      await nextRequestAnswered(client)
      assert.equal(sent.filter((m) => m === 'tools/call').length, 1, 'the client sent tools/call once')
      assert.equal(methods(server).filter((m) => m === 'tools/call').length, 1)
    },
  )
})

test('an SSE stream dropped before the result of tools/list is an idempotent StreamError', BOUND, async () => {
  await scenario(
    (ctx) => {
      const sse = openSse(ctx.res)
      sse.comment('about to drop')
      setTimeout(() => sse.destroy(), 20)
    },
    {},
    async (client, server) => {
      const error = await failure(client.listTools())
      assertIs(error, StreamError)
      assert.equal(error.idempotent, true)
      assert.match(error.message, /tools\/list/)
      assert.equal(server.requests.length, 1)
    },
  )
})

test('keep-alive comments on a request stream are ignored and the result still arrives', BOUND, async () => {
  await scenario(
    async (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      const sse = openSse(ctx.res)
      for (let i = 0; i < 3; i++) {
        sse.comment('keep-alive')
        await sleep(10)
      }
      sse.event(progress(ctx, 5))
      sse.comment('')
      sse.event(rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: 'done' }] }))
      sse.end()
    },
    {},
    async (client) => {
      const seen: number[] = []
      const result = await client.callTool('work', { n: 1 }, { onProgress: (p) => seen.push(p.progress) })
      assert.deepEqual(result.content, [{ type: 'text', text: 'done' }])
      assert.deepEqual(seen, [5])
    },
  )
})

test('many small keep-alive comments, together more than maxBodyBytes, do not count as one oversized event', BOUND, async () => {
  // maxBodyBytes bounds "the response body, or a single SSE event". Comments are
  // neither part of an event nor buffered, so a long call kept alive by them
  // must not fail just because enough of them have gone by.
  await scenario(
    async (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      const sse = openSse(ctx.res)
      for (let i = 0; i < 40; i++) {
        sse.comment(`keep-alive ${'.'.repeat(80)}`)
        if (i % 10 === 0) await sleep(5)
      }
      sse.event(rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: 'done' }] }))
      sse.end()
    },
    { maxBodyBytes: 2_048 },
    async (client) => {
      const result = await client.callTool('work', { n: 1 })
      assert.deepEqual(result.content, [{ type: 'text', text: 'done' }])
    },
  )
})

// ---- result types --------------------------------------------------------------------------

test('an unknown resultType is an UnknownResultTypeError naming it', BOUND, async () => {
  await scenario(
    (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'deferred', content: [{ type: 'text', text: 'later' }] }))
    },
    {},
    async (client) => {
      const error = await failure(client.callTool('work', { n: 1 }))
      assertIs(error, UnknownResultTypeError)
      assert.equal(error.resultType, 'deferred')
      assert.match(error.message, /"deferred"/)
      assert.match(error.message, /tools\/call/)
    },
  )
})

test('a result without resultType is treated as complete', BOUND, async () => {
  await scenario(
    (ctx) => {
      if (ctx.method === 'tools/list') return sendJson(ctx.res, 200, rpcResult(ctx.id, { tools: [WORK_TOOL] }))
      sendJson(ctx.res, 200, rpcResult(ctx.id, { content: [{ type: 'text', text: 'no resultType here' }], isError: false }))
    },
    {},
    async (client, server) => {
      assert.deepEqual(await client.listTools(), [WORK_TOOL])
      const result = await client.callTool('work', { n: 2 })
      assert.deepEqual(result.content, [{ type: 'text', text: 'no resultType here' }])
      assert.deepEqual(methods(server), ['tools/list', 'tools/call'], 'no extra round was attempted')
    },
  )
})

test('input_required on tools/list is a ProtocolError, and no handler is asked', BOUND, async () => {
  const asked: unknown[] = []
  await scenario(
    (ctx) =>
      sendJson(
        ctx.res,
        200,
        rpcResult(ctx.id, {
          resultType: 'input_required',
          inputRequests: {
            who: {
              method: 'elicitation/create',
              params: { mode: 'form', message: 'Who are you?', requestedSchema: { type: 'object', properties: {} } },
            },
          },
        }),
      ),
    { handlers: { elicitation: async (params) => (asked.push(params), { action: 'accept', content: {} }) } },
    async (client, server) => {
      const error = await failure(client.listTools())
      assertIs(error, ProtocolError)
      assert.match(error.message, /input/)
      assert.match(error.message, /tools\/list/)
      assert.deepEqual(asked, [])
      assert.equal(server.requests.length, 1)
    },
  )
})

// ---- protocol version negotiation ---------------------------------------------------------

const versionOf = (r: FaultServer['requests'][number]) => ({
  header: r.headers['mcp-protocol-version'],
  meta: r.body?.params?._meta?.['io.modelcontextprotocol/protocolVersion'],
})

test(
  '-32022 listing only versions the client does not speak is an UnsupportedProtocolVersionError after exactly one request',
  BOUND,
  async () => {
    await scenario(
      (ctx) =>
        sendJson(
          ctx.res,
          400,
          rpcError(ctx.id, -32022, 'Unsupported protocol version', {
            supported: ['2025-11-25', '2099-01-01'],
            requested: ctx.headers['mcp-protocol-version'],
          }),
        ),
      {},
      async (client, server) => {
        const error = await failure(client.discover())
        assertIs(error, UnsupportedProtocolVersionError)
        assert.equal(error.code, -32022)
        assert.deepEqual(error.supported, ['2025-11-25', '2099-01-01'])
        assert.match(error.message, /supports protocol versions 2025-11-25, 2099-01-01/, 'the message says what the server supports')
        // Every version the client speaks, the legacy ones too (2025-11-25 is one: the server's other version is not).
        assert.match(error.message, /this client speaks 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05/, error.message)
        assert.equal(server.requests.length, 1)
        assert.deepEqual(versionOf(server.requests[0]), { header: VERSION, meta: VERSION })
      },
    )
  },
)

test('a 400 with a -32000 for the request from a server that refuses initialize too: one initialize, then the first error, remembered', BOUND, async () => {
  await scenario(
    (ctx) =>
      ctx.method === 'initialize'
        ? sendJson(ctx.res, 400, rpcError(ctx.id, -32601, 'Method not found'))
        : sendJson(ctx.res, 400, rpcError(ctx.id, -32000, 'Quota exceeded')),
    {},
    async (client, server) => {
      const error = await failure(client.listTools())
      assertIs(error, JsonRpcError)
      assert.equal(error.code, -32000)
      assert.match(error.message, /Quota exceeded/)
      assert.equal(client.protocolVersion, VERSION)
      await failure(client.listTools())
      assert.deepEqual(methods(server), ['tools/list', 'initialize', 'tools/list'], 'initialize is tried once, not per request')
    },
  )
})

test('-32022 listing 2026-07-28 after a request for another version is retried once with 2026-07-28 and succeeds', BOUND, async () => {
  await scenario(
    (ctx) => {
      const { header, meta } = versionOf(ctx)
      if (header !== VERSION || meta !== VERSION) {
        return sendJson(ctx.res, 400, rpcError(ctx.id, -32022, 'Unsupported protocol version', { supported: [VERSION], requested: header }))
      }
      if (ctx.method === 'tools/list') return listTools(ctx)
      sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] }))
    },
    { protocolVersion: '2025-01-01' },
    async (client, server) => {
      assert.deepEqual(await client.listTools(), [WORK_TOOL])
      assert.equal(client.protocolVersion, VERSION)
      assert.deepEqual(server.requests.map(versionOf), [
        { header: '2025-01-01', meta: '2025-01-01' },
        { header: VERSION, meta: VERSION },
      ])
      assert.notEqual(server.requests[0].body.id, server.requests[1].body.id, 'the retry is a new request')
      // Later requests go straight to the negotiated version.
      const result = await client.callTool('work', { n: 1 })
      assert.deepEqual(result.content, [{ type: 'text', text: 'ok' }])
      assert.equal(server.requests.length, 3)
      assert.deepEqual(versionOf(server.requests[2]), { header: VERSION, meta: VERSION })
    },
  )
})

test('-32022 again after the version retry is thrown, not retried a second time', BOUND, async () => {
  await scenario(
    (ctx) =>
      sendJson(
        ctx.res,
        400,
        rpcError(ctx.id, -32022, 'Unsupported protocol version', { supported: [VERSION], requested: ctx.headers['mcp-protocol-version'] }),
      ),
    { protocolVersion: '2025-01-01' },
    async (client, server) => {
      const error = await failure(client.discover())
      assertIs(error, UnsupportedProtocolVersionError)
      assert.equal(server.requests.length, 2)
    },
  )
})

// ---- pagination ------------------------------------------------------------------------------

test('a list whose pages never end stops with PageLimitError after maxPages requests', BOUND, async () => {
  await scenario(
    (ctx) => {
      const page = ctx.body.params.cursor === undefined ? 1 : Number(String(ctx.body.params.cursor).slice(1))
      sendJson(
        ctx.res,
        200,
        rpcResult(ctx.id, { resultType: 'complete', tools: [{ ...WORK_TOOL, name: `work_${page}` }], nextCursor: `p${page + 1}` }),
      )
    },
    { maxPages: 3 },
    async (client, server) => {
      const error = await failure(client.listTools())
      assertIs(error, PageLimitError)
      assert.equal(error.limit, 3)
      assert.match(error.message, /tools\/list/)
      assert.match(error.message, /maxPages/)
      assert.equal(server.requests.length, 3)
      assert.deepEqual(
        server.requests.map((r) => r.body.params.cursor),
        [undefined, 'p2', 'p3'],
      )
    },
  )
})

test('a repeated cursor is a ProtocolError naming it, not an endless loop', BOUND, async () => {
  const next: Record<string, string> = { '': 'A', A: 'B', B: 'A' } // A → B → A …
  await scenario(
    (ctx) => {
      const cursor = ctx.body.params.cursor ?? ''
      sendJson(
        ctx.res,
        200,
        rpcResult(ctx.id, { resultType: 'complete', tools: [{ ...WORK_TOOL, name: `work_${cursor}` }], nextCursor: next[cursor] }),
      )
    },
    { maxPages: 50 },
    async (client, server) => {
      const error = await failure(client.listTools())
      assertIs(error, ProtocolError)
      assert.match(error.message, /"A"/)
      assert.match(error.message, /tools\/list/)
      assert.equal(server.requests.length, 3)
    },
  )
})

// ---- abort ----------------------------------------------------------------------------------

test('aborting mid-stream rejects with AbortError and closes the connection the server sees', BOUND, async () => {
  let callRes: ServerResponse | undefined
  let streamOpen!: () => void
  const opened = new Promise<void>((resolve) => (streamOpen = resolve))
  await scenario(
    (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      callRes = ctx.res
      const sse = openSse(ctx.res)
      sse.event(progress(ctx, 1))
      streamOpen()
      // Never answers: only the abort ends this call.
    },
    { timeoutMs: 5_000 },
    async (client, server) => {
      const controller = new AbortController()
      const start = performance.now()
      const call = client.callTool('work', { n: 1 }, { signal: controller.signal, onProgress: () => controller.abort() })
      await opened
      const error = await failure(call)
      assertIs(error, AbortError)
      assert.ok(performance.now() - start < 2_000, 'the abort took effect promptly, not at the timeout')
      await closedWithin(callRes!, 1_000)
      assert.equal(methods(server).filter((m) => m === 'tools/call').length, 1)
    },
  )
})

// ---- sizes a server can lie about, errors it cannot tie to a request -----------------------------

/** A discover result padded to about `bytes` bytes of JSON. */
const padded = (id: unknown, bytes: number) =>
  JSON.stringify(rpcResult(id, { resultType: 'complete', supportedVersions: [VERSION], pad: 'x'.repeat(bytes) }))

const LIMIT = 100 * 1024

for (const [label, headers] of [
  ['absent (chunked)', (_: string) => ({})],
  ['honest', (text: string) => ({ 'Content-Length': String(Buffer.byteLength(text)) })],
] as const) {
  test(`maxBodyBytes holds for a JSON body whose Content-Length is ${label}`, BOUND, async () => {
    await scenario(
      (ctx) => {
        const big = ctx.body?.params?._meta ? padded(ctx.id, 2 * LIMIT) : ''
        ctx.res.writeHead(200, { 'Content-Type': 'application/json', ...headers(big) })
        ctx.res.end(big)
      },
      { maxBodyBytes: LIMIT },
      async (client) => {
        const error = await failure(client.discover())
        assertIs(error, ResponseTooLargeError)
        assert.equal(error.limit, LIMIT)
      },
    )
  })
}

test('maxBodyBytes counts decoded bytes: a small gzip body that inflates past the limit (Content-Length is the wire size) is refused', BOUND, async () => {
  const inflated = 5 * 1024 * 1024
  let wire = 0
  await scenario(
    (ctx) => {
      const zipped = gzipSync(padded(ctx.id, inflated))
      wire = zipped.byteLength
      ctx.res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.byteLength) })
      ctx.res.end(zipped)
    },
    { maxBodyBytes: LIMIT },
    async (client) => {
      assertIs(await failure(client.discover()), ResponseTooLargeError)
      assert.ok(wire < LIMIT, `the compressed body (${wire} bytes) is under the limit, so only decoded counting refuses it`)
    },
  )
})

test('a gzip body within the limit once decoded is read whole', BOUND, async () => {
  await scenario(
    (ctx) => {
      const zipped = gzipSync(padded(ctx.id, LIMIT / 2))
      ctx.res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(zipped.byteLength) })
      ctx.res.end(zipped)
    },
    { maxBodyBytes: LIMIT },
    async (client) => {
      const result = (await client.discover()) as unknown as { pad: string }
      assert.equal(result.pad.length, LIMIT / 2)
    },
  )
})

test('an SSE error response with id null is the request’s error (a JsonRpcError with its code), not "stream ended"', BOUND, async () => {
  await scenario(
    (ctx) => {
      const sse = openSse(ctx.res)
      sse.event(rpcError(null, -32600, 'Invalid request: the body could not be tied to a request'))
      // Left open: a client that ignored the error would wait for its timeout instead.
    },
    {},
    async (client) => {
      const error = await failure(client.discover())
      assertIs(error, JsonRpcError)
      assert.equal(error.code, -32600)
      assert.match(error.message, /could not be tied/)
    },
  )
})

test('TimeoutError for an overall cap says maxTotalTimeMs, an idle one timeoutMs', BOUND, () => {
  assert.match(new TimeoutError(50, 'tools/call', true).message, /maxTotalTimeMs/)
  assert.match(new TimeoutError(50, 'tools/call').message, /timeoutMs/)
  assert.equal(new TimeoutError(50, 'tools/call', true).total, true)
})

// ---- timers and close() ---------------------------------------------------------------------------

test('progress re-arms timeoutMs: a call reporting progress every 0.4 × timeoutMs for 3 × timeoutMs lives and gets its result', BOUND, async () => {
  const timeoutMs = 800 // not smaller: on a loaded machine a first response can take a few hundred ms
  await scenario(
    async (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      const sse = openSse(ctx.res)
      for (let i = 1; i <= 8; i++) {
        await sleep(0.4 * timeoutMs)
        sse.event(progress(ctx, i))
      }
      sse.event(rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: 'done' }] }))
      sse.end()
    },
    { timeoutMs },
    async (client) => {
      const seen: number[] = []
      const started = performance.now()
      const result = await client.callTool('work', { n: 1 }, { onProgress: (p) => seen.push(p.progress) })
      assert.equal((result.content[0] as { text: string }).text, 'done')
      assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8])
      assert.ok(performance.now() - started >= 3 * timeoutMs, 'the call outlived three timeouts')
    },
  )
})

test('close() rejects every call in flight with AbortError and closes each connection (the server sees it)', BOUND, async () => {
  const open: ServerResponse[] = []
  let bothOpen!: () => void
  const streaming = new Promise<void>((resolve) => (bothOpen = resolve))
  await scenario(
    (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      openSse(ctx.res).event(progress(ctx, 1)) // then nothing: only close() can end these
      if (open.push(ctx.res) === 2) bothOpen()
    },
    {},
    async (client) => {
      const calls = [
        failure(client.callTool('work', { n: 1 }, { onProgress: () => {} })),
        failure(client.callTool('work', { n: 2 }, { onProgress: () => {} })),
      ]
      await streaming
      client.close()
      for (const error of await Promise.all(calls)) {
        assertIs(error, AbortError)
        assert.match(error.message, /client closed/)
      }
      await Promise.all(open.map((res) => closedWithin(res, 1_000)))
    },
  )
})

test('maxTotalTimeMs caps a call however much progress it reports: TimeoutError (total) and the stream closed', BOUND, async () => {
  let callRes: ServerResponse | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  try {
    await scenario(
      (ctx) => {
        if (ctx.method === 'tools/list') return listTools(ctx)
        callRes = ctx.res
        const sse = openSse(ctx.res)
        let n = 0
        timer = setInterval(() => (sse.closed ? clearInterval(timer) : sse.event(progress(ctx, ++n))), 50)
      },
      { timeoutMs: 400, maxTotalTimeMs: 700 },
      async (client) => {
        let seen = 0
        const started = performance.now()
        const error = await failure(client.callTool('work', { n: 1 }, { onProgress: () => seen++ }))
        const elapsed = performance.now() - started
        assertIs(error, TimeoutError)
        assert.equal(error.total, true)
        assert.match(error.message, /700 ms in all/)
        assert.ok(seen > 3, `progress kept coming (${seen})`)
        assert.ok(elapsed >= 650, `took ${elapsed.toFixed(0)} ms`)
        await closedWithin(callRes!, 1_000)
      },
    )
  } finally {
    clearInterval(timer)
  }
})

test('an exception in onProgress or onLog does not cancel the call: the result arrives, the other messages too, and the error is reported apart', BOUND, async () => {
  const reported: unknown[] = []
  const consoleError = console.error
  console.error = (error: unknown) => void reported.push(error)
  try {
    await scenario(
      (ctx) => {
        if (ctx.method === 'tools/list') return listTools(ctx)
        const sse = openSse(ctx.res)
        sse.event(progress(ctx, 1))
        sse.event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'log 1' } })
        sse.event(progress(ctx, 2))
        sse.event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'log 2' } })
        sse.event(rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: 'done' }] }))
        sse.end()
      },
      {},
      async (client, server) => {
        const progressSeen: number[] = []
        const logs: unknown[] = []
        const result = await client.callTool(
          'work',
          { n: 1 },
          {
            onProgress: (p) => {
              progressSeen.push(p.progress)
              throw new Error(`progress bar broke at ${p.progress}`)
            },
            onLog: (l) => {
              logs.push(l.data)
              throw new Error('log view broke')
            },
          },
        )
        assert.equal((result.content[0] as { text: string }).text, 'done')
        assert.deepEqual(progressSeen, [1, 2])
        assert.deepEqual(logs, ['log 1', 'log 2'])
        assert.deepEqual(
          reported.map((e) => (e as Error).message),
          ['progress bar broke at 1', 'log view broke', 'progress bar broke at 2', 'log view broke'],
        )
        assert.equal(methods(server).filter((m) => m === 'tools/call').length, 1)
      },
    )
  } finally {
    console.error = consoleError
  }
})

test("on a request stream the first response with the request's id is the answer: another id's error and a later duplicate are ignored", BOUND, async () => {
  const other = { ...WORK_TOOL, name: 'replayed' }
  await scenario(
    (ctx) => {
      const sse = openSse(ctx.res)
      // One write, so all three events reach the client in one read: what follows the answer is in hand, not just late.
      const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`
      sse.raw(
        event(rpcError(Number(ctx.id) + 1000, -32603, 'meant for another request')) +
          event(rpcResult(ctx.id, { resultType: 'complete', tools: [WORK_TOOL] })) +
          event(rpcResult(ctx.id, { resultType: 'complete', tools: [other] })),
      )
      // Left open: the answer must not wait for the stream to end.
    },
    {},
    async (client) => {
      assert.deepEqual((await client.listTools()).map((t) => t.name), ['work'])
    },
  )
})

test('a stream dropped before the result says whether a retry is safe, by method: yes for reads and lists, no for tools/call', BOUND, async () => {
  const params: Record<string, Record<string, unknown>> = {
    'resources/read': { uri: 'file:///a' },
    'prompts/get': { name: 'p' },
    'tools/call': { name: 'work', arguments: {} },
    'completion/complete': { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } },
  }
  const expected: Record<string, boolean> = {
    'server/discover': true,
    'tools/list': true,
    'resources/list': true,
    'resources/templates/list': true,
    'prompts/list': true,
    'resources/read': true,
    'prompts/get': true,
    'completion/complete': true,
    'tools/call': false,
  }
  await scenario(
    (ctx) => {
      const sse = openSse(ctx.res)
      sse.comment('about to drop')
      setTimeout(() => sse.destroy(), 20)
    },
    {},
    async (client) => {
      const seen: Record<string, boolean> = {}
      for (const method of Object.keys(expected)) {
        const error = await failure(client.request(method, params[method] ?? {}))
        assertIs(error, StreamError)
        seen[method] = error.idempotent
      }
      assert.deepEqual(seen, expected)
    },
  )
})

test('a call with timeoutMs: 0 (no idle limit) is still capped by maxTotalTimeMs: TimeoutError (total) and the stream closed', BOUND, async () => {
  let callRes: ServerResponse | undefined
  await scenario(
    (ctx) => {
      if (ctx.method === 'tools/list') return listTools(ctx)
      callRes = ctx.res
      openSse(ctx.res) // then silence: only the overall cap can end the call
    },
    {},
    async (client) => {
      const started = performance.now()
      const error = await failure(client.callTool('work', { n: 1 }, { timeoutMs: 0, maxTotalTimeMs: 400 }))
      assertIs(error, TimeoutError)
      assert.equal(error.total, true)
      assert.ok(performance.now() - started < 3_000, 'failed at the cap, not at some later limit')
      await closedWithin(callRes!, 1_000)
    },
  )
})

test('a server nobody listens on: a StreamError naming the URL and the method, safe to retry, with the network error as cause', BOUND, async () => {
  const gone = await startFaultServer(() => {})
  await gone.close() // its port is now refused
  const client = new McpClient(gone.url, { timeoutMs: 3_000 })
  try {
    const error = await failure(client.listTools())
    assertIs(error, StreamError)
    assert.ok(error.message.includes(`Could not reach ${gone.url}`), error.message)
    assert.match(error.message, /tools\/list/)
    assert.equal(error.idempotent, true)
    assert.ok(error.cause instanceof Error, 'the network error is the cause')
  } finally {
    client.close()
  }
})

/** The tools/list answer as JSON text, padded (all ASCII: one byte a character) to exactly `length`. */
function toolsListOfLength(id: unknown, length: number): string {
  const text = (pad: string) => JSON.stringify(rpcResult(id, { resultType: 'complete', tools: [WORK_TOOL], _meta: { pad } }))
  return text('x'.repeat(length - text('').length))
}

test('a JSON body of exactly maxBodyBytes is accepted; one byte more is ResponseTooLargeError', BOUND, async () => {
  const size = 4_096
  for (const maxBodyBytes of [size, size - 1]) {
    await scenario(
      (ctx) => sendRaw(ctx.res, 200, 'application/json', toolsListOfLength(ctx.id, size)),
      { maxBodyBytes },
      async (client) => {
        const listing = client.listTools()
        if (maxBodyBytes === size) assert.deepEqual((await listing).map((t) => t.name), ['work'])
        else assertIs(await failure(listing), ResponseTooLargeError)
      },
    )
  }
})

test('an SSE event of exactly maxBodyBytes is accepted; one byte more is ResponseTooLargeError', BOUND, async () => {
  const size = 4_096
  for (const maxBodyBytes of [size, size - 1]) {
    await scenario(
      (ctx) => openSse(ctx.res).raw(`data: ${toolsListOfLength(ctx.id, size)}\n\n`),
      { maxBodyBytes },
      async (client) => {
        const listing = client.listTools()
        if (maxBodyBytes === size) assert.deepEqual((await listing).map((t) => t.name), ['work'])
        else assertIs(await failure(listing), ResponseTooLargeError)
      },
    )
  }
})
