// Identical concurrent requests share one POST; each caller keeps its own abort.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { AbortError, McpClient } from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { openSse, rpcResult, sendJson, startFaultServer, type SseWriter } from '../support/fault-server.js'

const BOUND = { timeout: 10_000 }
let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

const posts = (method: string, from = 0) => server.stats.requests.slice(from).filter((r) => r.body?.method === method).length

/** Waits for `check`, failing (never hanging) after `ms`. */
async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`)
  }
}

describe('coalescing', BOUND, () => {
  test('four concurrent listTools() cost one POST and all get the tools', async () => {
    for (const cache of [undefined, false as const]) {
      const from = server.stats.requests.length
      const client = new McpClient(server.url, { cache })
      const lists = await Promise.all([client.listTools(), client.listTools(), client.listTools(), client.listTools()])
      assert.equal(posts('tools/list', from), 1, `cache: ${cache}`)
      for (const tools of lists) assert.deepEqual(tools, lists[0])
      assert.ok(lists[0].some((t) => t.name === 'echo'))
    }
  })

  test('different requests, and requests after the first has finished, are each sent', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url, { cache: false })
    await Promise.all([
      client.readResource('fixture://greeting'),
      client.readResource('fixture://greeting'),
      client.readResource('fixture://users/bob'),
      client.discover(),
      client.listPrompts(),
    ])
    assert.equal(posts('resources/read', from), 2)
    assert.equal(posts('server/discover', from), 1)
    await client.readResource('fixture://greeting')
    assert.equal(posts('resources/read', from), 3, 'nothing shared once the first request finished')
  })

  test('tool calls are never shared', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url)
    await client.listTools()
    await Promise.all([client.callTool('echo', { text: 'a' }), client.callTool('echo', { text: 'a' })])
    assert.equal(posts('tools/call', from), 2)
  })

  test('different credentials are never shared', async () => {
    const from = server.stats.requests.length
    let n = 0
    const client = new McpClient(server.url, { cache: false, headers: () => ({ authorization: `Bearer t${n++ % 2}` }) })
    await Promise.all([client.listPrompts(), client.listPrompts(), client.listPrompts()])
    assert.equal(posts('prompts/list', from), 2)
  })

  test('headers from an async function are awaited: each request carries the credential it resolved to', async () => {
    const from = server.stats.requests.length
    let n = 0
    const client = new McpClient(server.url, {
      cache: false,
      headers: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        return { authorization: `Bearer async-${++n}` }
      },
    })
    await client.listTools()
    await client.callTool('echo', { text: 'a' })
    const sent = server.stats.requests.slice(from).map((r) => [r.body?.method, r.headers.authorization])
    assert.deepEqual(sent, [
      ['tools/list', 'Bearer async-1'],
      ['tools/call', 'Bearer async-2'],
    ])
  })
})

describe('aborting a shared request', BOUND, () => {
  /** A server whose tools/list answers after `delayMs`, recording whether the client went away first. */
  async function slowListServer(delayMs: number) {
    const closedEarly: boolean[] = []
    const fault = await startFaultServer(({ id, res }) => {
      const timer = setTimeout(
        () => sendJson(res, 200, rpcResult(id, { resultType: 'complete', tools: [{ name: 't', inputSchema: { type: 'object' } }] })),
        delayMs,
      )
      res.on('close', () => {
        if (res.writableFinished) return
        clearTimeout(timer)
        closedEarly.push(true)
      })
    })
    return { fault, closedEarly }
  }

  test("one caller's abort leaves the others' request running", async () => {
    const { fault, closedEarly } = await slowListServer(200)
    try {
      const client = new McpClient(fault.url)
      const controller = new AbortController()
      const leaving = client.listTools({ signal: controller.signal })
      const staying = client.listTools()
      const alsoStaying = client.listTools({ signal: new AbortController().signal })
      setTimeout(() => controller.abort(), 50)
      await assert.rejects(leaving, AbortError)
      assert.deepEqual(
        (await staying).map((t) => t.name),
        ['t'],
      )
      assert.deepEqual(
        (await alsoStaying).map((t) => t.name),
        ['t'],
      )
      assert.equal(fault.requests.length, 1)
      assert.deepEqual(closedEarly, [], 'the shared request was not aborted')
    } finally {
      await fault.close()
    }
  })

  test('when every caller aborts, the request is aborted; the next call sends a new one', async () => {
    const { fault, closedEarly } = await slowListServer(300)
    try {
      const client = new McpClient(fault.url)
      const a = new AbortController()
      const b = new AbortController()
      const first = client.listTools({ signal: a.signal })
      const second = client.listTools({ signal: b.signal })
      await until(() => fault.requests.length === 1, 'the request to reach the server')
      a.abort()
      await assert.rejects(first, AbortError)
      assert.deepEqual(closedEarly, [])
      b.abort()
      await assert.rejects(second, AbortError)
      await until(() => closedEarly.length > 0, 'the server to see the request go away')
      assert.deepEqual(closedEarly, [true])
      assert.deepEqual(
        (await client.listTools()).map((t) => t.name),
        ['t'],
      )
      assert.equal(fault.requests.length, 2)
    } finally {
      await fault.close()
    }
  })
})

describe('a change notification while a list is in flight', BOUND, () => {
  test('later callers send a new request instead of joining the stale one, and the stale answer is not cached', async () => {
    let version = 'old'
    let listen: SseWriter | undefined
    let listenId: unknown
    const held: Array<() => void> = []
    const fault = await startFaultServer(({ id, method, res }) => {
      if (method === 'subscriptions/listen') {
        listenId = id
        listen = openSse(res)
        return listen.event({
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications: { toolsListChanged: true } },
        })
      }
      // The answer is what the tools were when the request arrived; it is held until released.
      const tools = [{ name: `${version}_tool`, inputSchema: { type: 'object' } }]
      held.push(
        () =>
          void (
            res.headersSent || sendJson(res, 200, rpcResult(id, { resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', tools }))
          ),
      )
    })
    const client = new McpClient(fault.url)
    const sub = client.listen({ toolsListChanged: true })
    try {
      await sub.acknowledged
      const lists = () => fault.requests.filter((r) => r.body?.method === 'tools/list').length
      const first = client.listTools()
      await until(() => held.length === 1, 'the first tools/list')
      version = 'new'
      const notified = new Promise((resolve) => sub.addEventListener('notification', resolve, { once: true }))
      listen!.event({
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': listenId } },
      })
      await notified
      const second = client.listTools()
      await until(() => held.length === 2, 'a second tools/list after the change')
      // The fresh answer lands first, the stale one after it: a stale answer cached would now win.
      held[1]()
      assert.deepEqual(
        (await second).map((t) => t.name),
        ['new_tool'],
      )
      held[0]()
      assert.deepEqual(
        (await first).map((t) => t.name),
        ['old_tool'],
      )
      assert.deepEqual(
        (await client.listTools()).map((t) => t.name),
        ['new_tool'],
        'served from the cache, with the fresh answer',
      )
      assert.equal(lists(), 2)
    } finally {
      held.forEach((release) => release())
      sub.close()
      await fault.close()
    }
  })
})
