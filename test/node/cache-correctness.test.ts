// Cache correctness (issue 6): each case was a failing experiment against the
// client before its fix. Requests are counted at the real fixture server;
// faults (a held response, a dropped stream, rotated cursors) are injected at
// the HTTP level only.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  JsonRpcError,
  McpClient,
  MemoryCache,
  type CacheEntry,
  type CacheStore,
  type ReadResourceResult,
  type Tool,
} from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { rpcError, rpcResult, sendJson, startFaultServer } from '../support/fault-server.js'

const BOUND = { timeout: 10_000 }
let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

const posts = (method: string, from: number) => server.stats.requests.slice(from).filter((r) => r.body?.method === method).length
const methodOf = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.['mcp-method']

/** Waits for `check`, failing (never hanging) after `ms`. */
async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`)
  }
}

/** A fetch that holds the responses of one method until released: a request kept in flight at will. */
function holding(method: string) {
  const held: Array<() => void> = []
  const fetchHeld: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    if (methodOf(init) === method) await new Promise<void>((release) => held.push(release))
    return response
  }
  return { fetch: fetchHeld, held }
}

describe('an answer in flight across an invalidation', BOUND, () => {
  test('is used but not kept when its own list changed; kept when another list changed', async () => {
    for (const [notification, keptAfter] of [
      ['notifications/tools/list_changed', false],
      ['notifications/prompts/list_changed', true],
    ] as const) {
      const from = server.stats.requests.length
      const { fetch, held } = holding('tools/list')
      const client = new McpClient(server.url, { fetch })
      const first = client.listTools()
      await until(() => held.length === 1, 'the tools/list in flight')
      client.applyNotification({ method: notification })
      held[0]()
      assert.ok(
        (await first).some((t) => t.name === 'echo'),
        'the caller still gets its answer',
      )
      const again = client.listTools()
      if (!keptAfter) await until(() => held.length === 2, 'a second tools/list').then(() => held[1]())
      await again
      assert.equal(posts('tools/list', from), keptAfter ? 1 : 2, notification)
    }
  })
})

describe('a re-listen after a drop', BOUND, () => {
  test('makes the lists the stream covered stale: changes during the gap are not missed', async () => {
    let listens = 0
    // The first listen stream breaks 20 ms after its acknowledgement, as a network drop would.
    const dropFirstListen: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      if (methodOf(init) !== 'subscriptions/listen' || listens++ > 0) return response
      const reader = response.body!.getReader()
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const { value, done } = await reader.read()
            if (done) return controller.close()
            controller.enqueue(value)
            setTimeout(() => (controller.error(new TypeError('network connection lost')), reader.cancel().catch(() => {})), 20)
          },
          // Pulled only when the client reads (its SSE parser is loaded on first use): the 20 ms start at the
          // acknowledgement's delivery, not at the stream's construction, however long that first load takes.
        },
        { highWaterMark: 0 },
      )
      return new Response(body, { status: response.status, headers: response.headers })
    }
    const from = server.stats.requests.length
    const client = new McpClient(server.url, { fetch: dropFirstListen })
    await client.listTools()
    await client.listPrompts()
    const sub = client.listen({ toolsListChanged: true })
    try {
      const reconnected = new Promise((resolve) => sub.addEventListener('reconnect', resolve, { once: true }))
      await sub.acknowledged
      await reconnected
      await client.listTools()
      await client.listPrompts()
      assert.equal(posts('tools/list', from), 2, 'the tool list (covered by the stream) is fetched again')
      assert.equal(posts('prompts/list', from), 1, 'the prompt list (not covered) is still served from the cache')
    } finally {
      sub.close()
      await sub.closed
    }
  })
})

describe('cached values handed out', BOUND, () => {
  test('are copies: a caller mutating a result does not change what the next caller gets', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url)
    const first = await client.readResource('fixture://greeting')
    ;(first.contents[0] as { text: string }).text = 'defaced'
    first.contents.push({ uri: 'x://injected', text: 'x' })
    const second = await client.readResource('fixture://greeting')
    assert.deepEqual(second.contents, [{ uri: 'fixture://greeting', mimeType: 'text/plain', text: 'Hello from the fixture server' }])
    // The second one came from the cache: mutating it must not reach the cache either.
    ;(second.contents[0] as { text: string }).text = 'defaced again'
    second.contents.length = 0
    assert.deepEqual((await client.readResource('fixture://greeting')).contents, [
      { uri: 'fixture://greeting', mimeType: 'text/plain', text: 'Hello from the fixture server' },
    ])
    await client.listTools()
    const cachedTools = await client.listTools()
    const echo = cachedTools.find((t) => t.name === 'echo')!
    echo.description = 'rewritten'
    assert.notEqual((await client.listTools()).find((t) => t.name === 'echo')!.description, 'rewritten')
    assert.equal(posts('resources/read', from), 1, 'all from one request')
  })
})

describe('an invalid cursor', BOUND, () => {
  test('discards every cached page of that list and lists again from the beginning', async () => {
    // Cursors carry a list generation; the server moves to a new one, as a server whose list changed would.
    let generation = 1
    const fault = await startFaultServer(({ id, body, res }) => {
      const cursor: string | undefined = body.params?.cursor
      if (cursor !== undefined && cursor !== `g${generation}:2`)
        return sendJson(res, 200, rpcError(id, -32602, `Invalid cursor: ${cursor}`))
      const page = cursor === undefined ? 1 : 2
      sendJson(
        res,
        200,
        rpcResult(id, {
          resultType: 'complete',
          tools: [{ name: `g${generation}_page${page}`, inputSchema: { type: 'object' } }],
          ...(page === 1 && { nextCursor: `g${generation}:2` }),
          // Page 1 stays fresh for a minute; page 2 goes stale at once.
          ttlMs: page === 1 ? 60_000 : 0,
          cacheScope: 'public',
        }),
      )
    })
    try {
      const client = new McpClient(fault.url)
      assert.deepEqual(
        (await client.listTools()).map((t) => t.name),
        ['g1_page1', 'g1_page2'],
      )
      generation = 2
      assert.deepEqual(
        (await client.listTools()).map((t) => t.name),
        ['g2_page1', 'g2_page2'],
        'the refused cursor led to a listing from the top',
      )
      assert.deepEqual(
        (await client.listTools()).map((t) => t.name),
        ['g2_page1', 'g2_page2'],
        'and the next listing uses the new pages',
      )
      // Page by page, the caller sees the refusal; the next walk starts from a fresh first page.
      generation = 3
      const walk = async () => {
        const names: string[] = []
        for await (const page of client.pages('tools/list')) names.push(...page.tools.map((t) => t.name))
        return names
      }
      await assert.rejects(walk(), (e: unknown) => e instanceof JsonRpcError && e.code === -32602)
      assert.deepEqual(await walk(), ['g3_page1', 'g3_page2'])
      const cursors = fault.requests.map((r) => r.body.params?.cursor ?? '-')
      assert.deepEqual(cursors, ['-', 'g1:2', 'g1:2', '-', 'g2:2', 'g2:2', 'g2:2', '-', 'g3:2'])
    } finally {
      await fault.close()
    }
  })
})

/** A shared MemoryCache that records every entry written to it. */
function spyingStore() {
  const shared = new MemoryCache()
  const written: CacheEntry[] = []
  const spying: CacheStore = {
    get: (k) => shared.get(k),
    set: (k, e) => (written.push(e), shared.set(k, e)),
    invalidate: (p) => shared.invalidate(p),
  }
  return { spying, written }
}

describe('private results', BOUND, () => {
  test('with no authorization context known (cookies, a fetch wrapper) stay with the client that fetched them', async () => {
    const from = server.stats.requests.length
    const { spying, written } = spyingStore()
    const pageOfAlice = new McpClient(server.url, { cache: spying })
    const pageOfBob = new McpClient(server.url, { cache: spying })
    await pageOfAlice.readResource('fixture://users/alice')
    await pageOfAlice.readResource('fixture://users/alice')
    assert.equal(posts('resources/read', from), 1, 'reused by the client that fetched it')
    await pageOfBob.readResource('fixture://users/alice')
    assert.equal(posts('resources/read', from), 2, 'never served to another client without a known context')
    assert.deepEqual(
      written.filter((e) => e.scope === 'private'),
      [],
      'never written to the shared store',
    )
  })

  test('with an authContext are shared by clients of that context only, and stored under its digest', async () => {
    const from = server.stats.requests.length
    const { spying, written } = spyingStore()
    const alice = () => new McpClient(server.url, { cache: spying, authContext: 'https://issuer.example alice' })
    await alice().readResource('fixture://users/bob')
    await alice().readResource('fixture://users/bob')
    assert.equal(posts('resources/read', from), 1)
    await new McpClient(server.url, { cache: spying, authContext: () => 'https://issuer.example bob' }).readResource('fixture://users/bob')
    assert.equal(posts('resources/read', from), 2)
    assert.equal(written.length, 2)
    for (const entry of written) assert.ok(entry.authContext && !entry.authContext.includes('alice') && !entry.authContext.includes('bob'))
  })
})

describe('cache keys', BOUND, () => {
  test('keep the _meta keys that can shape a result, and only those', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url)
    const read = (meta: Record<string, unknown>) => client.request('resources/read', { uri: 'fixture://greeting', _meta: meta })
    await read({ 'example.com/tenant': 'a', 'example.com/locale': 'en' })
    await read({ 'example.com/locale': 'en', 'example.com/tenant': 'a' })
    assert.equal(posts('resources/read', from), 1, 'same keys in another order: one entry')
    await read({ 'example.com/tenant': 'b', 'example.com/locale': 'en' })
    assert.equal(posts('resources/read', from), 2, 'another tenant: another entry')
    await read({ 'example.com/tenant': 'b', 'example.com/locale': 'en', progressToken: 'p1' })
    assert.equal(posts('resources/read', from), 2, 'a progress token does not shape the result')
  })
})

describe('a store', BOUND, () => {
  test('that never finishes or fails a write, or fails a read, never fails or delays the call', async () => {
    const from = server.stats.requests.length
    const stores: CacheStore[] = [
      { get: () => undefined, set: () => new Promise(() => {}), invalidate: () => {} },
      {
        get: () => undefined,
        set: () => Promise.reject(new Error('QuotaExceededError')),
        invalidate: () => Promise.reject(new Error('x')),
      },
      {
        get: () => {
          throw new Error('corrupt')
        },
        set: () => {
          throw new Error('closed')
        },
        invalidate: () => {
          throw new Error('closed')
        },
      },
      { get: () => Promise.reject(new Error('InvalidStateError')), set: () => {}, invalidate: () => {} },
    ]
    for (const cache of stores) {
      const client = new McpClient(server.url, { cache })
      assert.ok((await client.listTools()).length > 0)
      client.applyNotification({ method: 'notifications/tools/list_changed' })
    }
    assert.equal(posts('tools/list', from), stores.length)
  })
})

describe('applyNotification()', BOUND, () => {
  test('makes the list or resource it names stale and fires invalidate', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url)
    const heard: unknown[] = []
    client.addEventListener('invalidate', (e) => heard.push(e.detail))
    await client.listTools()
    await client.readResource('fixture://greeting')
    client.applyNotification({ method: 'notifications/tools/list_changed' })
    client.applyNotification({ method: 'notifications/resources/updated', params: { uri: 'fixture://greeting' } })
    client.applyNotification({ method: 'notifications/message', params: { level: 'info', data: 'unrelated' } })
    await client.listTools()
    await client.readResource('fixture://greeting')
    await client.listPrompts()
    await client.listPrompts()
    assert.equal(posts('tools/list', from), 2)
    assert.equal(posts('resources/read', from), 2)
    assert.equal(posts('prompts/list', from), 1)
    assert.deepEqual(heard, [
      { method: 'tools/list', remote: false },
      { method: 'resources/read', uri: 'fixture://greeting', remote: false },
    ])
  })
})

describe('a tool call refused as unknown or with invalid params', BOUND, () => {
  test('lists the tools again', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url)
    await client.listTools()
    await assert.rejects(client.callTool('no_such_tool'), (e: unknown) => e instanceof JsonRpcError && e.code === -32602)
    await until(() => posts('tools/list', from) === 2, 'the tool list fetched again')
    await client.listTools()
    assert.equal(posts('tools/list', from), 2, 'the new listing is cached')
  })
})

describe('stale while revalidate (onStale)', BOUND, () => {
  test('a stale cached value is handed over first, then the call resolves with the fresh one; a fresh one needs neither', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url)
    const seen: string[] = []
    const onStaleRead = (stale: ReadResourceResult, info: { ageMs: number }) => {
      assert.ok(info.ageMs >= 0)
      seen.push(`read ${(stale.contents[0] as { text: string }).text}`)
    }
    const onStaleList = (stale: Tool[]) => seen.push(`list of ${stale.length}`)
    await client.readResource('fixture://greeting', { onStale: onStaleRead })
    const tools = await client.listTools({ onStale: onStaleList })
    assert.deepEqual(seen, [], 'nothing cached yet: no onStale')
    await client.readResource('fixture://greeting', { onStale: onStaleRead })
    await client.listTools({ onStale: onStaleList })
    assert.deepEqual(seen, [], 'fresh: served, no onStale')
    assert.equal(posts('resources/read', from) + posts('tools/list', from), 2)

    client.applyNotification({ method: 'notifications/resources/updated', params: { uri: 'fixture://greeting' } })
    client.applyNotification({ method: 'notifications/tools/list_changed' })
    const read = await client.readResource('fixture://greeting', { onStale: onStaleRead })
    const relisted = await client.listTools({ onStale: onStaleList })
    assert.deepEqual(seen, ['read Hello from the fixture server', `list of ${tools.length}`])
    assert.equal((read.contents[0] as { text: string }).text, 'Hello from the fixture server')
    assert.equal(relisted.length, tools.length)
    assert.equal(posts('resources/read', from) + posts('tools/list', from), 4, 'one request each after the stale value')
  })

  test('a list is handed over stale only when every page is cached', async () => {
    const paged = await startFixtureServer({ pageSize: 3 })
    try {
      const client = new McpClient(paged.url)
      const all = await client.listTools()
      client.applyNotification({ method: 'notifications/tools/list_changed' })
      let stale: unknown[] | undefined
      await client.listTools({ onStale: (tools: unknown[]) => (stale = tools) })
      assert.deepEqual(stale, all, 'every page, in order')
    } finally {
      await paged.close()
    }
  })
})

describe('mcp-web-elements/cache in Node', BOUND, () => {
  test('IdbCache with no IndexedDB works from memory and warns once; a client given no cache keeps one in memory of its own', async () => {
    const { IdbCache, MemoryCache: Memory } = await import('../../src/cache/index.js')
    assert.equal(Memory, MemoryCache)
    const before = server.stats.requests.length
    const own = new McpClient(server.url)
    await own.listTools()
    await own.listTools()
    assert.equal(posts('tools/list', before), 1, 'a client with no cache option caches')
    await new McpClient(server.url).listTools()
    assert.equal(posts('tools/list', before), 2, 'in memory of its own: another client does not share it')
    const cache = new IdbCache({ name: `node-${Date.now()}` })
    const warnings: string[] = []
    cache.addEventListener('warning', (e) => warnings.push(e.detail.message))
    try {
      const from = server.stats.requests.length
      const client = new McpClient(server.url, { cache })
      await client.listTools()
      await client.listTools()
      assert.equal(posts('tools/list', from), 1)
      assert.equal(await cache.persistent(), false)
      assert.equal(warnings.length, 1)
      assert.match(warnings[0], /memory/)
    } finally {
      await cache.close()
    }
  })
})

describe('an invalid cursor, with a store that cannot invalidate', BOUND, () => {
  test('the list is fetched again from the top, from the server: the cached first page that led to the cursor is not reused', async () => {
    /** A store whose invalidate() fails (a closed database, say): its entries stay fresh. */
    class StuckStore extends MemoryCache {
      override invalidate(): void {
        throw new Error('the store is closed')
      }
    }
    let version = 'v1'
    const fault = await startFaultServer(({ id, body, res }) => {
      const cursor: string | undefined = body.params?.cursor
      if (cursor !== undefined && cursor !== `${version}-next`) return sendJson(res, 200, rpcError(id, -32602, `Invalid cursor: ${cursor}`))
      const first = cursor === undefined
      const tools = [{ name: `${version}_${first ? 'first' : 'second'}`, inputSchema: { type: 'object' } }]
      // Only the first page is cached (a minute): the second is asked for with the cached first page's cursor.
      const paging = first ? { nextCursor: `${version}-next`, ttlMs: 60_000, cacheScope: 'public' } : {}
      sendJson(res, 200, rpcResult(id, { resultType: 'complete', tools, ...paging }))
    })
    try {
      const client = new McpClient(fault.url, { cache: new StuckStore() })
      assert.deepEqual(
        (await client.listTools()).map((t) => t.name),
        ['v1_first', 'v1_second'],
      )
      version = 'v2'
      assert.deepEqual(
        (await client.listTools()).map((t) => t.name),
        ['v2_first', 'v2_second'],
      )
      assert.deepEqual(
        fault.requests.map((r) => r.body.params?.cursor ?? '-'),
        ['-', 'v1-next', 'v1-next', '-', 'v2-next'],
      )
    } finally {
      await fault.close()
    }
  })
})
