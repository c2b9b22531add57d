// The headless client in a real browser (headless Chromium, via
// web-test-runner) against the real fixture server over real HTTP: the MCP
// server lives on another loopback origin, so every request is a CORS request.
// The fixture is reached through test-only routes that web-test-runner.config.mjs
// serves on this page's own origin (/__fixture/*).
import { expect } from '@open-wc/testing'
import {
  AbortError,
  LATEST_PROTOCOL_VERSION,
  McpClient,
  type CallToolResult,
  type ElicitRequestParams,
  type ProgressNotificationParams,
} from '../../src/client/index.js'

// Mocha's globals, as web-test-runner provides them (the repo has no @types/mocha).
declare function describe(title: string, fn: () => void): void
declare function it(title: string, fn: (this: { timeout(ms: number): void }) => Promise<void> | void): void
declare function before(fn: () => Promise<void> | void): void
declare function afterEach(fn: () => Promise<void> | void): void

interface FixtureStats {
  cancelled: string[]
  requests: Array<{ method: string; headers: Record<string, string>; body: any }>
}

async function fixture<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`/__fixture/${path}`, init)
  if (!res.ok) throw new Error(`/__fixture/${path}: HTTP ${res.status} ${await res.text()}`)
  return (res.status === 204 ? undefined : await res.json()) as T
}
const stats = () => fixture<FixtureStats>('stats')
const calls = (s: FixtureStats, method: string) => s.requests.filter((r) => r.body?.method === method).length

/** Polls until `check` holds (the server notices some things a moment after the client does). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** The next `type` event on `target`, or a rejection after `timeoutMs`. */
function nextEvent<E extends Event>(target: EventTarget, type: string, timeoutMs = 5_000): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs)
    target.addEventListener(type, (e) => (clearTimeout(timer), resolve(e as E)), { once: true })
  })
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('')
}

describe('McpClient in the browser, against the fixture server', () => {
  let url: string
  const clients: McpClient[] = []
  const newClient = (options?: ConstructorParameters<typeof McpClient>[1]) => {
    const client = new McpClient(url, options)
    clients.push(client)
    return client
  }

  before(async () => {
    ;({ url } = await fixture<{ url: string }>('info'))
    // The point of these tests: the server is on another origin than this page.
    expect(new URL(url).origin).to.not.equal(location.origin)
  })

  afterEach(() => {
    for (const client of clients.splice(0)) client.close()
  })

  it('discover() returns the versions the server supports', async () => {
    const result = await newClient().discover()

    // What the server itself answers on the wire, asked without the client.
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': LATEST_PROTOCOL_VERSION,
            'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '0' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    })
    expect(res.headers.get('content-type')).to.match(/^application\/json/)
    const wire = (await res.json()).result

    expect(result.supportedVersions).to.be.an('array').that.includes(LATEST_PROTOCOL_VERSION)
    expect(result.supportedVersions).to.deep.equal(wire.supportedVersions)
    expect(result.capabilities).to.have.property('tools')
  })

  it('listTools() lists echo with its schema', async () => {
    const tools = await newClient().listTools()
    const names = tools.map((t) => t.name)
    expect(names).to.include.members(['echo', 'add', 'slow_count', 'ask_name'])
    const echo = tools.find((t) => t.name === 'echo')!
    expect(echo.description).to.equal('Returns its input text.')
    expect(echo.inputSchema.properties).to.have.property('text')
  })

  it("callTool('echo') returns the text it was given", async () => {
    const result = await newClient().callTool('echo', { text: 'hello from Chromium ✓' })
    expect(result.isError ?? false).to.equal(false)
    expect(textOf(result)).to.equal('hello from Chromium ✓')
  })

  it('readResource() reads a text resource', async () => {
    const result = await newClient().readResource('fixture://greeting')
    expect(result.contents).to.have.length(1)
    expect(result.contents[0]).to.include({ uri: 'fixture://greeting', mimeType: 'text/plain', text: 'Hello from the fixture server' })
  })

  it('answers an elicitation (ask_name) through the handler, then gets the final result', async () => {
    const asked: ElicitRequestParams[] = []
    const client = newClient({
      handlers: {
        elicitation: async (params) => {
          asked.push(params)
          return { action: 'accept', content: { name: 'Ada' } }
        },
      },
    })
    const before = await stats()

    const result = await client.callTool('ask_name')

    expect(textOf(result)).to.equal('Hello, Ada')
    expect(asked).to.have.length(1)
    expect(asked[0]).to.have.property('message', 'What is your name?')
    expect((asked[0] as { requestedSchema?: { properties?: object } }).requestedSchema?.properties).to.have.property('name')
    // Two round trips: the first asked for input, the retry carried the answer.
    expect(calls(await stats(), 'tools/call') - calls(before, 'tools/call')).to.equal(2)
  })

  it('reports progress of slow_count to onProgress', async () => {
    const progress: ProgressNotificationParams[] = []
    const result = await newClient().callTool('slow_count', { n: 5, delayMs: 20 }, { onProgress: (p) => progress.push(p) })

    expect(textOf(result)).to.equal('counted to 5')
    expect(progress.map((p) => p.progress)).to.deep.equal([1, 2, 3, 4, 5])
    expect(progress.every((p) => p.total === 5)).to.equal(true)
    expect(progress[0]).to.have.property('message', 'step 1')
  })

  it('aborting slow_count rejects with AbortError and cancels it on the server', async () => {
    const cancelledBefore = (await stats()).cancelled.length
    const controller = new AbortController()
    const progress: number[] = []
    const started = Date.now()

    const error = await newClient()
      .callTool(
        'slow_count',
        { n: 200, delayMs: 50 },
        {
          signal: controller.signal,
          onProgress: (p) => {
            progress.push(p.progress)
            // Abort once the server is demonstrably running the tool.
            if (p.progress === 2) controller.abort()
          },
        },
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      )

    expect(error).to.be.instanceOf(AbortError)
    expect(progress).to.deep.equal([1, 2])
    // Rejected promptly, not after the 10 s the whole count would take.
    expect(Date.now() - started).to.be.below(3_000)
    await eventually(async () => (await stats()).cancelled.length > cancelledBefore, 'the server to record the cancellation')
    expect((await stats()).cancelled.slice(cancelledBefore)).to.deep.equal(['slow_count'])
  })

  it('listen() is acknowledged and delivers tools/list_changed, which refreshes listTools()', async () => {
    const client = newClient()
    await client.listTools()
    const listsBefore = calls(await stats(), 'tools/list')
    await client.listTools()
    expect(calls(await stats(), 'tools/list'), 'second listTools() served from cache').to.equal(listsBefore)

    const subscription = client.listen({ toolsListChanged: true })
    try {
      const honoured = await subscription.acknowledged
      expect(honoured).to.have.property('toolsListChanged', true)

      const received = nextEvent<CustomEvent>(subscription, 'notification')
      await fixture('notify/tools-changed', { method: 'POST' })
      const event = await received
      expect(event.detail).to.have.property('method', 'notifications/tools/list_changed')

      // The notification made the cached tool list stale: the next listing asks the server.
      const tools = await client.listTools()
      expect(tools.map((t) => t.name)).to.include('echo')
      expect(calls(await stats(), 'tools/list')).to.equal(listsBefore + 1)
    } finally {
      subscription.close()
      await subscription.closed
    }
  })
})

describe('McpClient in the browser, against a server that leaves response streams open', () => {
  const control = (mode: string) => fixture('control?server=flaky&action=mode', { method: 'POST', body: JSON.stringify({ mode }) })

  it('ten calls in a row all answer: the client lets go of each stream once its result is in (browsers allow six connections to a server)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { url } = await fixture<{ url: string }>('info?server=flaky')
    await control('sse-left-open')
    const client = new McpClient(url, { timeoutMs: 3_000 })
    try {
      // Firefox keeps a connection whose body was only cancelled busy: before the fix the seventh call never left.
      for (let i = 0; i < 10; i++) expect(textOf(await client.callTool('ping', {})), `call ${i + 1}`).to.equal('pong')
    } finally {
      client.close()
      await control('ok')
    }
  })
})
