// Cache hints (server/utilities/caching): ttlMs freshness, cacheScope and
// authorization contexts, and results that must never be cached.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, MemoryCache } from '../../src/client/index.js'
import { rpcResult, sendJson, startFaultServer } from '../support/fault-server.js'
import { startFixtureServer } from '../support/fixture-server.js'

/** A server whose every result carries the given hints; counts requests per method. */
async function hintedServer(hints: { ttlMs?: number; cacheScope?: string }) {
  const counts: Record<string, number> = {}
  const server = await startFaultServer(({ id, method, body, res }) => {
    counts[method] = (counts[method] ?? 0) + 1
    const payload =
      method === 'resources/read'
        ? { contents: [{ uri: body.params.uri, text: `read #${counts[method]}` }] }
        : { tools: [{ name: `tool${counts[method]}`, inputSchema: { type: 'object' } }] }
    sendJson(res, 200, rpcResult(id, { resultType: 'complete', ...payload, ...hints }))
  })
  return { server, counts }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('cache', () => {
  test('a fresh result is served without a request; fresh: true asks the server', async () => {
    const s = await startFixtureServer()
    try {
      const client = new McpClient(s.url)
      const first = await client.discover()
      const again = await client.discover()
      assert.deepEqual(again, first)
      assert.equal(s.stats.requests.length, 1)
      await client.discover({ fresh: true })
      assert.equal(s.stats.requests.length, 2)
    } finally {
      await s.close()
    }
  })

  test('a result goes stale when its ttlMs runs out', async () => {
    const { server, counts } = await hintedServer({ ttlMs: 80, cacheScope: 'public' })
    try {
      const client = new McpClient(server.url)
      assert.equal((await client.listTools())[0].name, 'tool1')
      assert.equal((await client.listTools())[0].name, 'tool1')
      await sleep(120)
      assert.equal((await client.listTools())[0].name, 'tool2')
      assert.equal(counts['tools/list'], 2)
    } finally {
      await server.close()
    }
  })

  test('ttlMs 0, negative or absent means immediately stale', async () => {
    for (const hints of [{ ttlMs: 0 }, { ttlMs: -5 }, {}]) {
      const { server, counts } = await hintedServer({ ...hints, cacheScope: 'public' })
      try {
        const client = new McpClient(server.url)
        await client.listTools()
        await client.listTools()
        assert.equal(counts['tools/list'], 2, JSON.stringify(hints))
      } finally {
        await server.close()
      }
    }
  })

  test('private results are reused only within the same authorization context', async () => {
    const { server, counts } = await hintedServer({ ttlMs: 60_000, cacheScope: 'private' })
    try {
      const shared = new MemoryCache()
      const alice = new McpClient(server.url, { cache: shared, headers: { authorization: 'Bearer alice' } })
      const bob = new McpClient(server.url, { cache: shared, headers: { authorization: 'Bearer bob' } })
      const text = async (c: McpClient) => ((await c.readResource('x://doc')).contents[0] as { text: string }).text
      assert.equal(await text(alice), 'read #1')
      assert.equal(await text(alice), 'read #1', 'same token: served from cache')
      assert.equal(await text(bob), 'read #2', "another token never sees the first one's entry")
      assert.equal(await text(new McpClient(server.url, { cache: shared })), 'read #3', 'no token is a context of its own')
      assert.equal(counts['resources/read'], 3)
    } finally {
      await server.close()
    }
  })

  test('public results are shared across authorization contexts', async () => {
    const { server, counts } = await hintedServer({ ttlMs: 60_000, cacheScope: 'public' })
    try {
      const shared = new MemoryCache()
      await new McpClient(server.url, { cache: shared, headers: { authorization: 'Bearer alice' } }).listTools()
      await new McpClient(server.url, { cache: shared, headers: { authorization: 'Bearer bob' } }).listTools()
      assert.equal(counts['tools/list'], 1)
    } finally {
      await server.close()
    }
  })

  test('results of multi round-trip retries are never cached', async () => {
    const s = await startFixtureServer()
    try {
      const client = new McpClient(s.url, { handlers: { elicitation: async () => ({ action: 'accept', content: { confirm: true } }) } })
      await client.readResource('fixture://secret')
      await client.readResource('fixture://secret')
      const reads = s.stats.requests.filter((r) => r.body.method === 'resources/read')
      assert.equal(reads.length, 4, 'each read asks and retries again')
    } finally {
      await s.close()
    }
  })

  test('cache: false turns caching off; a MemoryCache keeps at most maxEntries', async () => {
    const { server, counts } = await hintedServer({ ttlMs: 60_000, cacheScope: 'public' })
    try {
      const client = new McpClient(server.url, { cache: false })
      await client.listTools()
      await client.listTools()
      assert.equal(counts['tools/list'], 2)
      const small = new MemoryCache(2)
      const c = new McpClient(server.url, { cache: small })
      for (const uri of ['x://1', 'x://2', 'x://3']) await c.readResource(uri)
      const before = counts['resources/read']
      await c.readResource('x://3')
      await c.readResource('x://1')
      assert.equal(counts['resources/read'] - before, 1, 'only the oldest entry was evicted')
    } finally {
      await server.close()
    }
  })
})
