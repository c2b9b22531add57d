// The client against the official @modelcontextprotocol/server over real HTTP:
// discovery, lists and pages, calls with progress, cancellation and logging,
// resources, prompts and completion.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { AbortError, InvalidStructuredContentError, JsonRpcError, McpClient, type McpClientOptions } from '../../src/client/index.js'
import { MemoryCache } from '../../src/cache/memory.js'
import { rpcError, rpcResult, sendJson, startFaultServer } from '../support/fault-server.js'
import { FIXTURE_SERVER_INFO, LOGO_PNG_BASE64, startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { startServer as startTools } from '../support/servers/many.js'

/** Every test is bounded: a regression fails instead of hanging the run. */
const BOUND = { timeout: 15_000 }

let server: FixtureServer
before(async () => {
  server = await startFixtureServer({ pageSize: 4 })
})
after(() => server.close())

describe('discovery and lists', () => {
  test('discover() reports the server identity, versions and capabilities', BOUND, async () => {
    const result = await new McpClient(server.url).discover()
    assert.deepEqual(result.supportedVersions.includes('2026-07-28'), true)
    assert.ok(result.capabilities.tools)
    assert.deepEqual(result._meta?.['io.modelcontextprotocol/serverInfo'], FIXTURE_SERVER_INFO)
  })

  test('the first tool list from a cold start costs one request when it fits one page', BOUND, async () => {
    const s = await startFixtureServer()
    try {
      const tools = await new McpClient(s.url).listTools()
      assert.ok(tools.some((t) => t.name === 'echo'))
      assert.deepEqual(
        s.stats.requests.map((r) => r.body.method),
        ['tools/list'],
      )
    } finally {
      await s.close()
    }
  })

  test('listTools() follows every page; pages() yields them one at a time', BOUND, async () => {
    const client = new McpClient(server.url, { cache: false })
    const all = await client.listTools()
    assert.ok(all.length > 8, `expected several pages of tools, got ${all.length}`)
    assert.equal(new Set(all.map((t) => t.name)).size, all.length, 'no tool listed twice')
    const sizes: number[] = []
    for await (const page of client.pages('tools/list')) sizes.push(page.tools.length)
    assert.ok(sizes.length >= 3)
    assert.ok(sizes.every((n) => n <= 4))
    assert.equal(
      sizes.reduce((a, b) => a + b),
      all.length,
    )
  })

  test('resources, templates and prompts list across pages', BOUND, async () => {
    const client = new McpClient(server.url)
    const resources = await client.listResources()
    assert.ok(resources.some((r) => r.uri === 'fixture://greeting'))
    assert.ok((await client.listResourceTemplates()).some((t) => t.uriTemplate === 'fixture://users/{id}'))
    assert.deepEqual((await client.listPrompts()).map((p) => p.name).sort(), ['greet', 'status'])
  })
})

describe('calls', () => {
  test('callTool() returns content and structured content', BOUND, async () => {
    const client = new McpClient(server.url)
    const echoed = await client.callTool('echo', { text: 'hello' })
    assert.deepEqual(echoed.content, [{ type: 'text', text: 'hello' }])
    const sum = await client.callTool('add', { a: 2, b: 3 })
    assert.deepEqual(sum.structuredContent, { sum: 5 })
  })

  test('a tool error is a result with isError, a JSON-RPC error is thrown with its code', BOUND, async () => {
    const client = new McpClient(server.url)
    assert.equal((await client.callTool('fail')).isError, true)
    await assert.rejects(client.callTool('throws'), (e: unknown) => e instanceof JsonRpcError && e.code === -32603)
  })

  test('progress notifications reach onProgress in order', BOUND, async () => {
    const seen: number[] = []
    const result = await new McpClient(server.url).callTool(
      'slow_count',
      { n: 4, delayMs: 5 },
      { onProgress: (p) => seen.push(p.progress) },
    )
    assert.deepEqual(seen, [1, 2, 3, 4])
    assert.match(JSON.stringify(result.content), /counted to 4/)
  })

  test('aborting a call rejects with AbortError and cancels it on the server', BOUND, async () => {
    const controller = new AbortController()
    const call = new McpClient(server.url).callTool(
      'slow_count',
      { n: 100, delayMs: 50 },
      {
        signal: controller.signal,
        onProgress: (p) => p.progress === 2 && controller.abort(),
      },
    )
    await assert.rejects(call, AbortError)
    for (let i = 0; i < 50 && !server.stats.cancelled.includes('slow_count'); i++) await new Promise((r) => setTimeout(r, 20))
    assert.ok(server.stats.cancelled.includes('slow_count'), 'the server saw the stream close')
  })

  test('after an abort, no more progress reaches the call, even progress read in the same chunk', BOUND, async () => {
    const controller = new AbortController()
    const seen: number[] = []
    const call = new McpClient(server.url).callTool(
      'slow_count',
      { n: 50, delayMs: 0 },
      {
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p.progress)
          controller.abort()
        },
      },
    )
    await assert.rejects(call, AbortError)
    await new Promise((r) => setTimeout(r, 100))
    assert.deepEqual(seen, [1])
  })

  test('log messages arrive only when a level is asked for', BOUND, async () => {
    const quiet: string[] = []
    await new McpClient(server.url, { onLog: (m) => quiet.push(m.level) }).callTool('log_levels')
    assert.deepEqual(quiet, [])
    const levels: string[] = []
    await new McpClient(server.url, { capabilities: {}, logLevel: 'info' }).callTool(
      'log_levels',
      {},
      { onLog: (m) => levels.push(m.level) },
    )
    assert.deepEqual(levels, ['info', 'warning', 'error'])
  })

  test('resources read as text and as blobs; prompts fill in arguments; completion suggests values', BOUND, async () => {
    const client = new McpClient(server.url)
    const text = await client.readResource('fixture://greeting')
    assert.equal((text.contents[0] as { text: string }).text, 'Hello from the fixture server')
    const blob = await client.readResource('fixture://logo.png')
    assert.equal((blob.contents[0] as { blob: string }).blob, LOGO_PNG_BASE64)
    const user = await client.readResource('fixture://users/bob')
    assert.match(JSON.stringify(user.contents), /bob/)
    const prompt = await client.getPrompt('greet', { name: 'Ada' })
    assert.match(JSON.stringify(prompt.messages), /Ada/)
    const done = await client.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'B' })
    assert.deepEqual(done.completion.values, ['Bob'])
    const ids = await client.complete({ type: 'ref/resource', uri: 'fixture://users/{id}' }, { name: 'id', value: 'a' })
    assert.deepEqual(ids.completion.values, ['alice'])
  })

  test('complete() does not ask a server that declares no completions capability: nothing sent, no suggestion', BOUND, async () => {
    const tools = await startTools()
    try {
      const client = new McpClient(tools.url)
      const result = await client.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'B' })
      assert.deepEqual(result.completion.values, [])
      assert.deepEqual(
        tools.stats.requests.map((r) => r.body?.method),
        ['server/discover'],
        'only the discovery that tells the capabilities',
      )
    } finally {
      await tools.close()
    }
  })

  test('every request is its own POST with a fresh id', BOUND, async () => {
    const before = server.stats.requests.length
    const client = new McpClient(server.url)
    await client.callTool('echo', { text: 'a' })
    await client.callTool('echo', { text: 'b' })
    const calls = server.stats.requests.slice(before).filter((r) => r.body.method === 'tools/call')
    assert.equal(calls.length, 2)
    assert.notEqual(calls[0].body.id, calls[1].body.id)
    assert.ok(calls.every((r) => r.method === 'POST'))
  })
})

test('the Authorization header is found in any case, also from a headers function, and decides who sees a private cached result', BOUND, async () => {
  // fixture://logo.png has no hint of its own: resources/read's default, private.
  const own = await startFixtureServer()
  const store = new MemoryCache()
  const reads = () => own.stats.requests.filter((r) => r.body?.method === 'resources/read').length
  const read = (headers: McpClientOptions['headers']) => new McpClient(own.url, { cache: store, headers }).readResource('fixture://logo.png')
  try {
    await read(() => ({ AUTHORIZATION: 'Bearer alice' }))
    assert.equal(reads(), 1)
    await read({ authorization: 'Bearer alice' })
    assert.equal(reads(), 1, 'the same token, spelled in another case, from an object: served from the shared store')
    await read(async () => ({ Authorization: 'Bearer alice' }))
    assert.equal(reads(), 1, 'from an async headers function too')
    await read(() => ({ authorization: 'Bearer bob' }))
    assert.equal(reads(), 2, 'another token never sees alice’s private entry')
    await read({})
    assert.equal(reads(), 3, 'no credentials: not alice’s either')
  } finally {
    await own.close()
  }
})

describe('lists and calls the server shapes oddly', () => {
  const listed = (id: unknown, result: Record<string, unknown>) => rpcResult(id, { resultType: 'complete', ...result })

  test('nextCursor "" is a cursor like any other (opaque), not the end of the list', BOUND, async () => {
    const fault = await startFaultServer(({ id, method, body, res }) => {
      if (method !== 'resources/list') return sendJson(res, 404, { error: 'no' })
      const cursor = body.params.cursor
      if (cursor === undefined) return sendJson(res, 200, listed(id, { resources: [{ uri: 'a://1', name: 'one' }], nextCursor: '' }))
      if (cursor === '') return sendJson(res, 200, listed(id, { resources: [{ uri: 'a://2', name: 'two' }] }))
      sendJson(res, 200, rpcError(id, -32602, `unknown cursor ${JSON.stringify(cursor)}`))
    })
    try {
      const names = (await new McpClient(fault.url).listResources()).map((r) => r.name)
      assert.deepEqual(names, ['one', 'two'])
      assert.deepEqual(
        fault.requests.map((r) => r.body.params.cursor),
        [undefined, ''],
      )
    } finally {
      await fault.close()
    }
  })

  test('a page of 300,000 resources lists without a RangeError', BOUND, async () => {
    const resources = Array.from({ length: 300_000 }, (_, i) => ({ uri: `a://${i}`, name: `r${i}` }))
    const fault = await startFaultServer(({ id, res }) => sendJson(res, 200, listed(id, { resources })))
    try {
      const all = await new McpClient(fault.url, { timeoutMs: 10_000 }).listResources()
      assert.equal(all.length, 300_000)
      assert.equal(all.at(-1)!.name, 'r299999')
    } finally {
      await fault.close()
    }
  })

  test('callTool of a tool the listing lacks lists once, not again on every call, until the tool list changes', BOUND, async () => {
    const fault = await startFaultServer(({ id, method, res }) => {
      if (method === 'tools/list') return sendJson(res, 200, listed(id, { tools: [{ name: 'listed', inputSchema: { type: 'object' } }] }))
      sendJson(res, 200, listed(id, { content: [{ type: 'text', text: 'ran anyway' }] }))
    })
    try {
      const client = new McpClient(fault.url)
      const count = (m: string) => fault.requests.filter((r) => r.body.method === m).length
      for (let i = 0; i < 3; i++) await client.callTool('unlisted', {})
      assert.equal(count('tools/call'), 3)
      assert.equal(count('tools/list'), 1, 'listed once for the unknown tool')
      client.applyNotification({ method: 'notifications/tools/list_changed' })
      await client.callTool('unlisted', {})
      assert.equal(count('tools/list'), 2, 'listed again once the tool list changed')
    } finally {
      await fault.close()
    }
  })

  test('structuredContent is checked against the tool’s outputSchema: a mismatch is an InvalidStructuredContentError carrying the result', BOUND, async () => {
    const outputSchema = { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] }
    const answers: Record<string, Record<string, unknown>> = {
      good: { content: [{ type: 'text', text: '21' }], structuredContent: { celsius: 21 } },
      bad: { content: [{ type: 'text', text: 'warm' }], structuredContent: { celsius: 'warm' } },
      missing: { content: [{ type: 'text', text: '21' }] },
      failed: { content: [{ type: 'text', text: 'sensor down' }], isError: true },
    }
    const fault = await startFaultServer(({ id, method, body, res }) => {
      if (method === 'tools/list')
        return sendJson(res, 200, listed(id, { tools: [{ name: 'weather', inputSchema: { type: 'object' }, outputSchema }] }))
      sendJson(res, 200, listed(id, answers[body.params.arguments.case]))
    })
    try {
      const client = new McpClient(fault.url)
      assert.deepEqual((await client.callTool('weather', { case: 'good' })).structuredContent, { celsius: 21 })
      assert.equal((await client.callTool('weather', { case: 'failed' })).isError, true, 'a tool error has no structured result to check')
      const bad = await client.callTool('weather', { case: 'bad' }).catch((e: unknown) => e)
      assert.ok(bad instanceof InvalidStructuredContentError, `got ${bad}`)
      assert.deepEqual(bad.errors.map((e) => e.path), ['/celsius'])
      assert.match(bad.message, /"weather" does not match its outputSchema: \/celsius/)
      assert.deepEqual((bad.result as { structuredContent: unknown }).structuredContent, { celsius: 'warm' })
      const missing = await client.callTool('weather', { case: 'missing' }).catch((e: unknown) => e)
      assert.ok(missing instanceof InvalidStructuredContentError)
      assert.match(missing.message, /no structuredContent/)
    } finally {
      await fault.close()
    }
  })
})
