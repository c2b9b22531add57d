/**
 * Property-based tests (fast-check) of what decodes server bytes: the SSE
 * path of transport/http.ts and the JSON-RPC decoder. Whatever a server
 * sends (any chunking, random bytes, truncation, huge lines, BOMs, CR/LF
 * mixes, comments between events), the caller gets the right messages or a
 * typed McpError, never a hang and never an untyped throw.
 *
 * The bytes are served by a fetch that answers with a Response over a
 * ReadableStream: only there can a test choose where every chunk ends
 * (a loopback socket coalesces writes).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { McpError, ProtocolError, ResponseTooLargeError } from '../../src/protocol/errors.js'
import { decodeMessage, parseJson, type JsonRpcNotification } from '../../src/protocol/jsonrpc.js'
import { postRequest } from '../../src/transport/http.js'

const BOUND = { timeout: 60_000 }
const RUNS = { numRuns: 150 }
const ID = 7

/** A fetch that answers with `chunks` as a `content-type` body, one chunk per read. */
const serving =
  (chunks: Uint8Array[], contentType = 'text/event-stream'): typeof fetch =>
  async () => {
    const queue = [...chunks] // fast-check replays a failing case: the chunks themselves stay as they are
    return new Response(
      new ReadableStream({
        pull(controller) {
          const next = queue.shift()
          if (next) controller.enqueue(next)
          else controller.close()
        },
      }),
      { headers: { 'content-type': contentType } },
    )
  }

/** Posts one request through the transport to bytes served as given; resolves with what the caller sees. */
async function post(chunks: Uint8Array[], options: { maxBodyBytes?: number; contentType?: string } = {}) {
  const notifications: JsonRpcNotification[] = []
  try {
    const response = await postRequest({
      url: 'http://fuzz.invalid/mcp',
      message: { jsonrpc: '2.0', id: ID, method: 'tools/call', params: { name: 't' } },
      headers: {},
      fetch: serving(chunks, options.contentType),
      controller: new AbortController(),
      timeoutMs: 2_000,
      maxBodyBytes: options.maxBodyBytes ?? 1 << 20,
      idempotent: false,
      onNotification: (n) => notifications.push(n),
    })
    return { response, notifications }
  } catch (error) {
    return { error, notifications }
  }
}

/** Splits `bytes` at the given cut points (any order, duplicates allowed). */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
  const out: Uint8Array[] = []
  let from = 0
  for (const p of [...points, bytes.length]) {
    if (p > from) out.push(bytes.slice(from, p))
    from = p
  }
  return out
}

const encoder = new TextEncoder()
const progress = (n: number): JsonRpcNotification => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 'p', progress: n, message: `step ${n} ✓ ünïcödé` },
})
const result = { jsonrpc: '2.0', id: ID, result: { content: [{ type: 'text', text: 'done — 完了' }], resultType: 'complete' } }

/** One SSE stream: the notifications, then the result; `eol` per line, comments where `comments` says. */
const streamArb = fc
  .record({
    count: fc.integer({ min: 0, max: 6 }),
    eol: fc.constantFrom('\n', '\r\n', '\r'),
    mixEol: fc.boolean(),
    bom: fc.boolean(),
    comments: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    splitData: fc.boolean(),
    cuts: fc.array(fc.nat(), { maxLength: 40 }),
  })
  .map(({ count, eol, mixEol, bom, comments, splitData, cuts }) => {
    // In this order no CR is followed by an LF of the next line end (CR LF would be one line end, not two).
    const eols = ['\n', '\r', '\r\n']
    let line = 0
    const end = () => (mixEol ? eols[line++ % 3] : eol)
    const events = [...Array.from({ length: count }, (_, i) => progress(i)), result]
    let text = bom ? '\uFEFF' : ''
    events.forEach((event, i) => {
      if (comments[i % comments.length]) text += `: keep-alive ${i}${end()}`
      const json = JSON.stringify(event)
      // A data field may be spread over lines (joined with "\n", which JSON allows between tokens).
      const data = splitData ? json.replace(/,"/g, () => `,${end()}data: "`) : json
      text += `event: message${end()}id: ${i}${end()}data: ${data}${end()}${end()}`
    })
    const bytes = encoder.encode(text)
    return { count, bytes, chunks: split(bytes, cuts) }
  })

test('any chunking of a valid SSE stream (BOM, CR/LF/CRLF mixes, comments, split data lines) gives the same messages', BOUND, async () => {
  await fc.assert(
    fc.asyncProperty(streamArb, async ({ count, chunks }) => {
      const seen = await post(chunks)
      assert.equal(seen.error, undefined, String((seen.error as Error)?.message))
      assert.deepEqual(seen.response, result)
      assert.deepEqual(seen.notifications, Array.from({ length: count }, (_, i) => progress(i)))
    }),
    RUNS,
  )
})

test('a valid SSE stream cut short anywhere gives the result (if its event was complete) or a typed McpError, never a hang', BOUND, async () => {
  await fc.assert(
    fc.asyncProperty(streamArb, fc.nat(), async ({ bytes }, cut) => {
      const head = bytes.slice(0, cut % (bytes.length + 1))
      const seen = await post([head])
      if (seen.error === undefined) assert.deepEqual(seen.response, result)
      else assert.ok(seen.error instanceof McpError, `untyped: ${seen.error}`)
    }),
    RUNS,
  )
})

test('random bytes, as SSE or as JSON, give a typed McpError (or a response), never a hang or an untyped throw', BOUND, async () => {
  const bytesArb = fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 })
  // Random text that is mostly SSE-shaped, so the parser's states are reached, not only its first line.
  const sseish = fc
    .array(
      fc.oneof(
        fc.constantFrom('data: ', 'event: message\n', ': c\n', '\n', '\r\n', '\r', 'id: 1\n', 'retry: 5\n', '{', '}', '"', '\uFEFF'),
        fc.string({ maxLength: 20 }),
        fc.constant(`data: ${JSON.stringify(result)}`),
        fc.constant(`data: {"jsonrpc":"2.0","id":${ID},"result":7}`),
        fc.constant('data: {"jsonrpc":"2.0","id":null,"error":{"code":-1,"message":"x"}}'),
      ),
      { maxLength: 30 },
    )
    .map((parts) => [encoder.encode(parts.join(''))])
  for (const [label, arb, contentType] of [
    ['bytes as SSE', bytesArb, 'text/event-stream'],
    ['SSE-shaped text', sseish, 'text/event-stream'],
    ['bytes as JSON', bytesArb, 'application/json'],
  ] as const) {
    await fc.assert(
      fc.asyncProperty(arb, async (chunks) => {
        const seen = await post(chunks, { contentType })
        if (seen.error !== undefined) assert.ok(seen.error instanceof McpError, `${label}: untyped ${seen.error}`)
        else assert.ok('result' in seen.response! || 'error' in seen.response!)
      }),
      RUNS,
    )
  }
})

test('a line or event longer than maxBodyBytes, however chunked, is a ResponseTooLargeError', BOUND, async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1_025, max: 20_000 }), fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), async (size, cuts, comment) => {
      const text = `${comment ? ': hi\n' : ''}data: {"jsonrpc":"2.0","id":${ID},"result":{"pad":"${'x'.repeat(size)}"}}\n\n`
      const seen = await post(split(encoder.encode(text), cuts), { maxBodyBytes: 1_024 })
      assert.ok(seen.error instanceof ResponseTooLargeError, `got ${seen.error ?? 'a response'}`)
    }),
    { numRuns: 60 },
  )
})

test('decodeMessage takes any JSON value to a message of the right kind or a ProtocolError', BOUND, () => {
  const messageish = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double(), fc.jsonValue()),
      method: fc.oneof(fc.string(), fc.jsonValue()),
      params: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
      result: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
      error: fc.oneof(fc.record({ code: fc.integer(), message: fc.string() }), fc.jsonValue()),
    },
    { requiredKeys: [] },
  )
  fc.assert(
    fc.property(fc.oneof(fc.jsonValue(), messageish), (value) => {
      let m
      try {
        m = decodeMessage(value)
      } catch (error) {
        assert.ok(error instanceof ProtocolError, `untyped: ${error}`)
        return
      }
      const v = m as unknown as Record<string, unknown>
      assert.equal(v.jsonrpc, '2.0')
      if (typeof v.method === 'string') assert.ok(!('id' in v) || typeof v.id === 'string' || Number.isInteger(v.id))
      else if ('result' in v) assert.ok(v.result !== null && typeof v.result === 'object' && !Array.isArray(v.result))
      else assert.ok(Number.isInteger((v.error as { code: unknown }).code))
    }),
    { numRuns: 2_000 },
  )
})

test('parseJson takes any text to a value or a ProtocolError quoting its start', BOUND, () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
      try {
        assert.deepEqual(parseJson(text), JSON.parse(text))
      } catch (error) {
        assert.ok(error instanceof ProtocolError, `untyped: ${error}`)
        assert.match(error.message, /malformed JSON/)
      }
    }),
    { numRuns: 2_000 },
  )
})

test('decodeMessage refuses each malformed error object on its own (a mutant that needed two faults at once survived the fuzz)', BOUND, () => {
  for (const error of [
    { code: 1.5, message: 'x' },
    { code: -32600, message: 7 },
    { code: '-32600', message: 'x' },
    { message: 'x' },
    { code: -32600 },
    'boom',
    null,
  ]) {
    assert.throws(
      () => decodeMessage({ jsonrpc: '2.0', id: 1, error }),
      (e: unknown) => e instanceof ProtocolError && /malformed error object/.test(e.message),
      JSON.stringify(error),
    )
  }
  assert.throws(() => decodeMessage({ jsonrpc: '2.0', id: 1.5, error: { code: 1, message: 'x' } }), /bad id/)
})
