// Dual era: one McpClient, the same calls, against real legacy servers from
// the official SDK v1 (Streamable HTTP with and without sessions).
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, MemoryCache, JsonRpcError, AbortError } from '../../src/client/index.js'
import { NOTE_URI, LEGACY_SERVER_INFO, startLegacyServer, type LegacyMode, type LegacyServer } from '../support/legacy-server.js'

const BOUND = { timeout: 15_000 }
const text = (result: { content?: unknown[] }) => (result.content?.[0] as { text?: string } | undefined)?.text
const until = async (check: () => boolean, what: string, ms = 5_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

for (const mode of ['stateful', 'stateless', 'sse'] as LegacyMode[]) {
  describe(`legacy server (${mode === 'sse' ? 'HTTP+SSE 2024-11-05' : `Streamable HTTP, ${mode}`})`, () => {
    let server: LegacyServer
    before(async () => (server = await startLegacyServer(mode)))
    after(() => server.close())

    test('discover() maps the initialize result: version, capabilities, server info, instructions', BOUND, async () => {
      const client = new McpClient(server.url)
      const found = await client.discover()
      assert.equal(client.protocolVersion, '2025-11-25')
      assert.deepEqual(found.supportedVersions, ['2025-11-25'])
      assert.ok(found.capabilities.tools, 'tools capability')
      assert.deepEqual(found._meta?.['io.modelcontextprotocol/serverInfo'], LEGACY_SERVER_INFO)
      assert.equal(found.instructions, 'A legacy fixture.')
      client.close()
    })

    test('tools: list and call, results without resultType are complete', BOUND, async () => {
      const client = new McpClient(server.url)
      const names = (await client.listTools()).map((t) => t.name)
      assert.ok(names.includes('echo') && names.includes('ask'), names.join())
      assert.equal(text(await client.callTool('echo', { text: 'hi there' })), 'hi there')
      const posts = server.requests.filter((r) => r.method === 'POST' && r.body?.method === 'tools/call')
      const last = posts.at(-1)!
      assert.equal(last.headers['mcp-protocol-version'], '2025-11-25')
      assert.equal(last.body.params._meta, undefined, 'no modern _meta on a legacy request')
      if (mode === 'stateful') assert.ok(last.headers['mcp-session-id'], 'the session id is echoed')
      client.close()
    })

    test('resources and prompts', BOUND, async () => {
      const client = new McpClient(server.url)
      assert.deepEqual((await client.listResources()).map((r) => r.uri), [NOTE_URI])
      const read = await client.readResource(NOTE_URI)
      assert.equal((read.contents[0] as { text: string }).text, 'a note')
      assert.deepEqual((await client.listPrompts()).map((p) => p.name), ['greet'])
      const prompt = await client.getPrompt('greet', { name: 'Ada' })
      assert.equal((prompt.messages[0].content as { text: string }).text, 'Hello Ada')
      client.close()
    })

    test('a missing resource is a JSON-RPC error (-32002 accepted as not found, reported as -32602)', BOUND, async () => {
      const client = new McpClient(server.url)
      await assert.rejects(client.readResource('note://missing'), (e: unknown) => e instanceof JsonRpcError && e.code === -32602)
      client.close()
    })

    test('progress arrives through onProgress', BOUND, async () => {
      const client = new McpClient(server.url)
      const seen: number[] = []
      const result = await client.callTool('count', { n: 3 }, { onProgress: (p) => seen.push(p.progress) })
      assert.equal(text(result), 'counted 3')
      assert.deepEqual(seen, [1, 2, 3])
      client.close()
    })

    test('a log level is set with logging/setLevel and log lines reach onLog', BOUND, async () => {
      const lines: string[] = []
      const client = new McpClient(server.url, { logLevel: 'warning', onLog: (p) => lines.push(String(p.data)) })
      await client.callTool('log', {})
      assert.ok(server.levels.includes('warning'), `levels set: ${server.levels.join()}`)
      // Filtering by level is the server's job (this fixture's tool logs every level regardless): the lines arrive through onLog.
      assert.ok(lines.includes('warning line'), lines.join())
      client.close()
    })

    test('the era is remembered in the cache store: a second client skips the modern probe', BOUND, async () => {
      const cache = new MemoryCache()
      const first = new McpClient(server.url, { cache })
      await first.listTools()
      first.close()
      const before = server.requests.length
      const second = new McpClient(server.url, { cache })
      await second.callTool('echo', { text: 'again' })
      const sent = server.requests.slice(before).filter((r) => r.method === 'POST').map((r) => r.body?.method)
      assert.equal(sent[0], 'initialize', `first message of a returning client: ${sent.join()}`)
      second.close()
    })
  })
}

describe('legacy Streamable HTTP with sessions: server requests, notifications, sessions', () => {
  let server: LegacyServer
  before(async () => (server = await startLegacyServer('stateful')))
  after(() => server.close())

  test('elicitation, sampling and roots are answered by the same handlers, POSTed back', BOUND, async () => {
    const contexts: string[] = []
    const client = new McpClient(server.url, {
      handlers: {
        elicitation: async (params, context) => {
          contexts.push(`${context.method}:${(context.request.params as { name?: string }).name}`)
          assert.equal(params.message, 'What is your name?')
          return { action: 'accept', content: { name: 'Ada' } }
        },
        sampling: async () => ({ role: 'assistant', content: { type: 'text', text: 'beep' }, model: 'test' }),
        roots: async () => ({ roots: [{ uri: 'file:///work' }] }),
      },
    })
    assert.equal(text(await client.callTool('ask', {})), 'hello Ada')
    assert.deepEqual(contexts, ['tools/call:ask'])
    assert.equal(text(await client.callTool('sample', {})), 'model said: beep')
    assert.equal(text(await client.callTool('roots', {})), 'file:///work')
    const init = server.requests.find((r) => r.body?.method === 'initialize')!
    client.close()
    assert.ok(init.body.params.capabilities.elicitation, 'capabilities declared at initialize follow the handlers')
  })

  test('a server request with no handler gets a JSON-RPC error, and the call fails with the server\'s answer', BOUND, async () => {
    const client = new McpClient(server.url)
    const before = server.requests.length
    // The SDK turns the tool's failed elicitation into an error result.
    const result = await client.callTool('ask', {})
    assert.equal(result.isError, true)
    assert.match(text(result) ?? '', /no elicitation handler/)
    const answers = server.requests.slice(before).filter((r) => r.body && 'error' in r.body && r.body.id !== undefined && !r.body.method)
    assert.equal(answers.length, 1, 'one error response POSTed back')
    assert.equal(answers[0].body.error.code, -32601)
    client.close()
  })

  test('list changes arrive through listen(), invalidate the cache and fire events', BOUND, async () => {
    const client = new McpClient(server.url)
    await client.listTools()
    const sub = client.listen({ toolsListChanged: true })
    const honoured = await sub.acknowledged
    assert.equal(honoured.toolsListChanged, true)
    const heard: string[] = []
    sub.addEventListener('notification', (e) => heard.push((e as CustomEvent).detail.method))
    const invalidated: string[] = []
    client.addEventListener('invalidate', (e) => invalidated.push((e as CustomEvent).detail.method))
    server.addTool('added_later')
    await until(() => heard.includes('notifications/tools/list_changed'), 'tools/list_changed')
    assert.ok(invalidated.includes('tools/list'))
    assert.ok((await client.listTools()).some((t) => t.name === 'added_later'), 'the next listing is fresh')
    sub.close()
    client.close()
  })

  test('resource subscriptions: resources/subscribe, then notifications/resources/updated', BOUND, async () => {
    const client = new McpClient(server.url)
    const sub = client.listen({ resourceSubscriptions: [NOTE_URI] })
    assert.deepEqual((await sub.acknowledged).resourceSubscriptions, [NOTE_URI])
    assert.ok(server.subscribed.includes(NOTE_URI))
    const heard: string[] = []
    sub.addEventListener('notification', (e) => heard.push((e as CustomEvent).detail.params?.uri))
    await server.updateResource(NOTE_URI)
    await until(() => heard.includes(NOTE_URI), 'resources/updated')
    sub.close()
    client.close()
  })

  test('aborting a call sends notifications/cancelled, and the server stops the work', BOUND, async () => {
    const client = new McpClient(server.url)
    await client.listTools()
    const controller = new AbortController()
    const call = client.callTool('slow', {}, { signal: controller.signal })
    await until(() => server.requests.some((r) => r.body?.params?.name === 'slow'), 'the slow call')
    controller.abort()
    await assert.rejects(call, AbortError)
    await until(() => server.cancelled.includes('slow'), 'the server to see the cancellation')
    assert.ok(server.requests.some((r) => r.body?.method === 'notifications/cancelled'))
    client.close()
  })

  test('a restarted server (session lost, 404): the next call initializes again and succeeds', BOUND, async () => {
    const client = new McpClient(server.url)
    assert.equal(text(await client.callTool('echo', { text: 'before' })), 'before')
    await server.restart()
    const before = server.requests.length
    assert.equal(text(await client.callTool('echo', { text: 'after' })), 'after')
    const sent = server.requests.slice(before).map((r) => r.body?.method)
    assert.deepEqual(sent.slice(0, 4), ['tools/call', 'initialize', 'notifications/initialized', 'tools/call'])
    client.close()
  })

  test('close() ends the session with DELETE', BOUND, async () => {
    const client = new McpClient(server.url)
    await client.listTools()
    const id = server.requests.at(-1)!.headers['mcp-session-id']
    client.close()
    await until(() => server.requests.some((r) => r.method === 'DELETE' && r.headers['mcp-session-id'] === id), 'DELETE')
  })

  test("protocolVersion: '2025-06-18' forces legacy: initialize is the first request", BOUND, async () => {
    const before = server.requests.length
    const client = new McpClient(server.url, { protocolVersion: '2025-06-18' })
    await client.listTools()
    const first = server.requests[before]
    assert.equal(first.body.method, 'initialize')
    assert.equal(first.body.params.protocolVersion, '2025-06-18')
    assert.equal(client.protocolVersion, '2025-06-18')
    client.close()
  })
})

describe('legacy HTTP+SSE (2024-11-05): server requests and news come on the one stream', () => {
  let server: LegacyServer
  before(async () => (server = await startLegacyServer('sse')))
  after(() => server.close())

  test('an elicitation is answered by the handler and POSTed to the endpoint', BOUND, async () => {
    const client = new McpClient(server.url, { handlers: { elicitation: async () => ({ action: 'accept', content: { name: 'Lin' } }) } })
    assert.equal(text(await client.callTool('ask', {})), 'hello Lin')
    assert.ok(server.requests.some((r) => r.method === 'GET'), 'the stream was opened with GET')
    client.close()
  })

  test('list changes reach listen() from the session stream', BOUND, async () => {
    const client = new McpClient(server.url)
    await client.listTools()
    const sub = client.listen({ toolsListChanged: true })
    assert.equal((await sub.acknowledged).toolsListChanged, true)
    const heard: string[] = []
    sub.addEventListener('notification', (e) => heard.push((e as CustomEvent).detail.method))
    server.addTool('sse_added')
    await until(() => heard.includes('notifications/tools/list_changed'), 'tools/list_changed')
    sub.close()
    client.close()
  })
})

test('a client with any one server-request handler (sampling alone) opens the session stream those requests come on', BOUND, async () => {
  // A legacy server asks for sampling outside any call on its GET stream; without the stream the request is lost.
  const server = await startLegacyServer('stateful')
  try {
    const client = new McpClient(server.url, {
      handlers: { sampling: async () => ({ role: 'assistant', content: { type: 'text', text: 'beep' }, model: 'test' }) },
    })
    await client.listTools()
    await until(() => server.requests.some((r) => r.method === 'GET' && r.headers['mcp-session-id']), 'the session stream opened with GET')
    client.close()
  } finally {
    await server.close()
  }
})

describe('a legacy server that answers 2026-07-28 with the spec-shaped -32022 (supported: 2025-11-25, 2025-06-18)', () => {
  let server: LegacyServer
  before(async () => (server = await startLegacyServer('stateful', { refuseModern: true })))
  after(() => server.close())

  test('the client takes the legacy path: one modern request, then initialize; tools list and call', BOUND, async () => {
    const client = new McpClient(server.url)
    assert.equal(text(await client.callTool('echo', { text: 'older' })), 'older')
    assert.equal(client.protocolVersion, '2025-11-25')
    const sent = server.requests.filter((r) => r.method === 'POST').map((r) => r.body?.method)
    assert.deepEqual(sent.slice(0, 2), ['tools/list', 'initialize'], sent.join())
    assert.equal(sent.filter((m) => m === 'initialize').length, 1)
    client.close()
  })
})

describe('log lines the server sends on its own (issue 19): the client-level onLog, never a call that happens to be in flight', () => {
  for (const mode of ['stateful', 'sse'] as LegacyMode[]) {
    test(mode === 'sse' ? 'HTTP+SSE: the session stream' : 'Streamable HTTP: the GET stream', BOUND, async () => {
      const server = await startLegacyServer(mode)
      const clientLines: string[] = []
      const callLines: string[] = []
      const notified: string[] = []
      const client = new McpClient(server.url, { onLog: (p) => clientLines.push(String(p.data)) })
      client.addEventListener('notification', (e) => notified.push(e.detail.method))
      try {
        // A subscription keeps the stream for messages tied to no request open.
        const sub = client.listen({ toolsListChanged: true })
        await sub.acknowledged
        await client.callTool('log_later', {})
        // A call in flight, with a log callback of its own, while the unsolicited line arrives.
        const controller = new AbortController()
        const slow = client.callTool('slow', {}, { signal: controller.signal, onLog: (p) => callLines.push(String(p.data)) }).catch(() => {})
        await until(() => clientLines.includes('unsolicited line'), 'the unsolicited line at the client-level onLog')
        controller.abort()
        await slow
        assert.deepEqual(callLines, [], 'the call in flight did not get a line that is not its own')
        assert.ok(!notified.includes('notifications/message'), 'taken by onLog, not also the notification event')
        sub.close()
      } finally {
        client.close()
        await server.close()
      }
    })
  }

  test('Streamable HTTP with only an onLog (no subscription, no handlers): the GET stream opens for the log lines', BOUND, async () => {
    const server = await startLegacyServer('stateful')
    const clientLines: string[] = []
    const client = new McpClient(server.url, { onLog: (p) => clientLines.push(String(p.data)) })
    try {
      await client.callTool('log_later', {})
      await until(() => clientLines.includes('unsolicited line'), 'the unsolicited line at the client-level onLog')
      assert.ok(server.requests.some((r) => r.method === 'GET'), 'a GET stream was opened')
    } finally {
      client.close()
      await server.close()
    }
  })
})
