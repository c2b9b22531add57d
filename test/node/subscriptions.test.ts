// subscriptions/listen: acknowledgement, demultiplexing by subscription id,
// graceful end versus a drop, and re-listening after a drop until closed.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { HttpError, JsonRpcError, McpClient, ProtocolError, TimeoutError, type Subscription } from '../../src/client/index.js'
import { MemoryCache } from '../../src/cache/memory.js'
import type { CacheEntry, CacheStore } from '../../src/cache/policy.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { openSse, rpcError, sendJson, startFaultServer, type SseWriter } from '../support/fault-server.js'

/** Every test is bounded: a regression fails instead of hanging the run. */
const BOUND = { timeout: 15_000 }

let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

const next = (target: EventTarget, type: string) =>
  new Promise<Event>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within 3 s`)), 3000)
    target.addEventListener(type, (e) => (clearTimeout(timer), resolve(e)), { once: true })
  })
const detail = (e: Event) => (e as CustomEvent).detail

describe('subscriptions', { timeout: 300_000 }, () => {
  test('listen() is acknowledged with the honoured filter and delivers the notifications asked for', BOUND, async () => {
    const client = new McpClient(server.url)
    const sub = client.listen({ toolsListChanged: true, resourceSubscriptions: ['fixture://greeting'] })
    try {
      assert.deepEqual(await sub.acknowledged, { toolsListChanged: true, resourceSubscriptions: ['fixture://greeting'] })
      const received: string[] = []
      sub.addEventListener('notification', (e) => received.push(detail(e).method))
      server.notify.toolsChanged()
      server.notify.resourceUpdated('fixture://greeting')
      server.notify.resourceUpdated('fixture://other') // not subscribed: must not arrive
      server.notify.promptsChanged?.()
      // A last one that is asked for: the stream keeps order, so once it is heard, anything unwanted would have been too.
      const marker = new Promise<void>((resolve) =>
        sub.addEventListener('notification', () => received.length === 3 && resolve()),
      )
      server.notify.toolsChanged()
      await marker
      assert.deepEqual(received, ['notifications/tools/list_changed', 'notifications/resources/updated', 'notifications/tools/list_changed'])
    } finally {
      sub.close()
      await sub.closed
    }
  })

  test('a list_changed notification invalidates the cached list', BOUND, async () => {
    const client = new McpClient(server.url)
    const countLists = () => server.stats.requests.filter((r) => r.body?.method === 'tools/list').length
    await client.listTools()
    const before = countLists()
    await client.listTools()
    assert.equal(countLists(), before, 'served from cache while fresh')
    const sub = client.listen({ toolsListChanged: true })
    try {
      await sub.acknowledged
      server.notify.toolsChanged()
      await next(sub, 'notification')
      await client.listTools()
      assert.equal(countLists(), before + 1, 'fetched again after the notification')
    } finally {
      sub.close()
    }
  })

  test('resources/updated makes the cached read stale before listeners hear of it, also with a store that answers later', BOUND, async () => {
    // A store whose every answer takes a few macrotasks, as IndexedDB's do.
    const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5))
    const memory = new MemoryCache()
    const slowStore: CacheStore = {
      get: (key) => later(memory.get(key) as CacheEntry | undefined),
      set: (key, entry) => later(memory.set(key, entry)),
      invalidate: (prefix) => later(memory.invalidate(prefix)),
    }
    const uri = 'fixture://greeting'
    const reads = () => server.stats.requests.filter((r) => r.body?.method === 'resources/read' && r.body.params.uri === uri).length
    for (const cache of [undefined, slowStore]) {
      const client = new McpClient(server.url, cache ? { cache } : {})
      await client.readResource(uri)
      await new Promise((r) => setTimeout(r, 20)) // the slow store's write lands
      const before = reads()
      await client.readResource(uri)
      assert.equal(reads(), before, 'the second read is served from the cache')
      const sub = client.listen({ resourceSubscriptions: [uri] })
      try {
        await sub.acknowledged
        // The listener reads at once, as a view refreshing on the news would: it must not get the old entry.
        const reread = new Promise<void>((resolve, reject) =>
          sub.addEventListener('notification', () => client.readResource(uri).then(() => resolve(), reject), { once: true }),
        )
        server.notify.resourceUpdated(uri)
        await reread
        assert.equal(reads(), before + 1, `${cache ? 'slow store' : 'memory'}: the read after resources/updated went to the server`)
      } finally {
        sub.close()
        await sub.closed
      }
    }
  })

  test('a graceful end from the server fires end, not drop, and does not re-listen', BOUND, async () => {
    const client = new McpClient(server.url)
    const sub = client.listen({ toolsListChanged: true })
    let drops = 0
    sub.addEventListener('drop', () => drops++)
    await sub.acknowledged
    const ended = next(sub, 'end')
    await server.endSubscriptions()
    await ended
    await sub.closed
    assert.equal(drops, 0)
  })

  test('after a drop the subscription listens again with a new request and keeps delivering', BOUND, async () => {
    let listens = 0
    const fault = await startFaultServer(({ id, res }) => {
      listens++
      const sse = openSse(res)
      acknowledgeToolsListChanged(sse, id)
      if (listens === 1) {
        setTimeout(() => sse.destroy(), 20)
        return
      }
      // Another subscription's notification on this stream must be ignored.
      sse.event({
        jsonrpc: '2.0',
        method: 'notifications/prompts/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'someone-else' } },
      })
      sse.event({
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
      })
    })
    const client = new McpClient(fault.url)
    const sub: Subscription = client.listen({ toolsListChanged: true })
    try {
      const dropped = next(sub, 'drop')
      const reconnected = next(sub, 'reconnect')
      const notified = next(sub, 'notification')
      await sub.acknowledged
      await dropped
      assert.deepEqual(detail(await reconnected), { toolsListChanged: true })
      assert.equal(detail(await notified).method, 'notifications/tools/list_changed')
      const ids = fault.requests.map((r) => r.body.id)
      assert.equal(ids.length, 2)
      assert.notEqual(ids[0], ids[1])
    } finally {
      sub.close()
      await sub.closed
      await fault.close()
    }
  })

  test('a server that refuses the listen fails acknowledged with its error and stops', BOUND, async () => {
    const fault = await startFaultServer(({ id, res }) => sendJson(res, 404, rpcError(id, -32601, 'Method not found')))
    try {
      const sub = new McpClient(fault.url).listen({ toolsListChanged: true })
      await assert.rejects(sub.acknowledged, (e: unknown) => e instanceof JsonRpcError && e.code === -32601)
      await sub.closed
      assert.equal(fault.requests.length, 1)
    } finally {
      await fault.close()
    }
  })

  test('close() ends the stream on the server side too', BOUND, async () => {
    let serverSide!: Promise<void>
    const fault = await startFaultServer(({ id, res }) => {
      serverSide = new Promise((resolve) => res.once('close', resolve))
      acknowledge(openSse(res), id)
    })
    try {
      const sub = new McpClient(fault.url).listen({ toolsListChanged: true })
      assert.deepEqual(await sub.acknowledged, { toolsListChanged: true })
      sub.close()
      await sub.closed
      await serverSide // the server saw the stream close (else the suite's timeout fails the test)
    } finally {
      await fault.close()
    }
  })

  test('an acknowledgement whose subscriptionId has the wrong type fails acknowledged (ProtocolError, error event) instead of waiting', BOUND, async () => {
    const fault = await startFaultServer(({ id, res }) => acknowledge(openSse(res), String(id)))
    try {
      const sub = new McpClient(fault.url).listen({ toolsListChanged: true })
      const failed = next(sub, 'error')
      await assert.rejects(sub.acknowledged, (e: unknown) => e instanceof ProtocolError && /subscriptionId "\d+" \(string\)/.test(e.message))
      assert.ok(detail(await failed) instanceof ProtocolError)
      await sub.closed
      assert.equal(fault.requests.length, 1, 'not re-listened: the answer would be the same')
    } finally {
      await fault.close()
    }
  })

  test('after its acknowledgement a listen stream has no request timeout: a notification after 3 × timeoutMs of silence arrives on the same stream', BOUND, async () => {
    let stream: SseWriter | undefined
    const fault = await startFaultServer(({ id, res }) => {
      stream = openSse(res)
      acknowledge(stream, id)
    })
    const client = new McpClient(fault.url, { timeoutMs: 150 })
    const sub = client.listen({ toolsListChanged: true })
    try {
      let drops = 0
      sub.addEventListener('drop', () => drops++)
      await sub.acknowledged
      await new Promise((r) => setTimeout(r, 450)) // the silence under test, not a wait for something to happen
      const notified = next(sub, 'notification')
      stream!.event({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': fault.requests[0].body.id } } })
      assert.equal(detail(await notified).method, 'notifications/tools/list_changed')
      assert.equal(drops, 0)
      assert.equal(fault.requests.length, 1)
    } finally {
      sub.close()
      await sub.closed
      await fault.close()
    }
  })

  test('a listen stream silent for listenIdleMs (no event, no keep-alive) counts as dropped and is listened again', BOUND, async () => {
    const fault = await startFaultServer(({ id, res }) => acknowledge(openSse(res), id)) // then silence
    const sub = new McpClient(fault.url, { listenIdleMs: 300 }).listen({ toolsListChanged: true })
    const random = Math.random
    Math.random = () => 0
    try {
      const dropped = next(sub, 'drop')
      const reconnected = next(sub, 'reconnect')
      await sub.acknowledged
      const error = detail(await dropped)
      assert.ok(error instanceof TimeoutError, `dropped with ${error}`)
      assert.match(error.message, /300 ms/)
      await reconnected
      assert.equal(fault.requests.length, 2)
    } finally {
      Math.random = random
      sub.close()
      await sub.closed
      await fault.close()
    }
  })

  test('keep-alive comments keep a quiet listen stream up past listenIdleMs: a notification after 3 × listenIdleMs arrives on the same stream', BOUND, async () => {
    let timer: ReturnType<typeof setInterval> | undefined
    const fault = await startFaultServer(({ id, res }) => {
      const sse = openSse(res)
      acknowledge(sse, id)
      let beats = 0
      timer = setInterval(() => {
        if (++beats <= 9) return sse.comment('keep-alive')
        clearInterval(timer)
        sse.event({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id } } })
      }, 100)
    })
    const sub = new McpClient(fault.url, { listenIdleMs: 300 }).listen({ toolsListChanged: true })
    try {
      const notified = next(sub, 'notification')
      let drops = 0
      sub.addEventListener('drop', () => drops++)
      await sub.acknowledged
      assert.equal(detail(await notified).method, 'notifications/tools/list_changed')
      assert.equal(drops, 0)
      assert.equal(fault.requests.length, 1)
    } finally {
      clearInterval(timer)
      sub.close()
      await sub.closed
      await fault.close()
    }
  })

  for (const status of [500, 503, 408, 429]) {
    test(`HTTP ${status} on listen is a drop: it listens again`, BOUND, async () => {
      const fault = await startFaultServer(({ id, res }) =>
        fault.requests.length === 1 ? sendJson(res, status, { error: 'later' }) : acknowledge(openSse(res), id),
      )
      const random = Math.random
      Math.random = () => 0 // no backoff wait
      try {
        const sub = new McpClient(fault.url).listen({ toolsListChanged: true })
        // Not yet acknowledged, the subscription hears no drop; the second listen is what shows it.
        assert.deepEqual(await sub.acknowledged, { toolsListChanged: true })
        assert.equal(fault.requests.length, 2)
        sub.close()
        await sub.closed
      } finally {
        Math.random = random
        await fault.close()
      }
    })
  }

  for (const status of [400, 401, 403, 404]) {
    test(`HTTP ${status} on listen stops it for good: acknowledged fails, the error event fires, no re-listen`, BOUND, async () => {
      const fault = await startFaultServer(({ res }) => sendJson(res, status, { error: 'no' }))
      try {
        const sub = new McpClient(fault.url).listen({ toolsListChanged: true })
        const failed = next(sub, 'error')
        await assert.rejects(sub.acknowledged, (e: unknown) => e instanceof HttpError && e.status === status)
        assert.equal((detail(await failed) as HttpError).status, status)
        await sub.closed
        // One listen, never repeated. (A 400/404 without a modern error body also sends a legacy initialize, per the spec's era detection.)
        assert.equal(fault.requests.filter((r) => r.body?.method === 'subscriptions/listen').length, 1)
      } finally {
        await fault.close()
      }
    })
  }

  test('re-listen backoff grows exponentially and is jittered (the upper half of each step scaled by Math.random)', BOUND, async () => {
    const arrivals: number[] = []
    let fourth!: () => void
    const fourListens = new Promise<void>((resolve) => (fourth = resolve))
    const fault = await startFaultServer(({ res }) => {
      if (arrivals.push(performance.now()) === 4) fourth()
      sendJson(res, 503, { error: 'busy' })
    })
    const random = Math.random
    const draws: number[] = []
    Math.random = () => (draws.push(0.25), 0.25) // 500 ms × 2^n × (0.5 + 0.25 / 2): 312, 625, 1250 ms
    const sub = new McpClient(fault.url).listen({ toolsListChanged: true })
    try {
      await fourListens
      const gaps = arrivals.slice(1, 4).map((t, i) => t - arrivals[i])
      const expected = [312.5, 625, 1250]
      gaps.forEach((gap, i) => assert.ok(gap >= expected[i] - 5 && gap < expected[i] + 150, `gap ${i}: ${gap.toFixed(0)} ms, expected about ${expected[i]}`))
      assert.ok(draws.length >= 3, 'each wait draws its jitter')
    } finally {
      Math.random = random
      sub.close()
      await sub.closed
      await fault.close()
    }
  })
})

/** Acknowledges a listen on `sse` with `subscriptionId` and the filter { toolsListChanged: true }. */
function acknowledge(sse: SseWriter, subscriptionId: unknown): void {
  sse.event({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { 'io.modelcontextprotocol/subscriptionId': subscriptionId }, notifications: { toolsListChanged: true } },
  })
}

test('after a listen stream drops and comes back, the lists it covers are fetched again (a change may have been missed meanwhile)', BOUND, async () => {
  let listens = 0
  let toolLists = 0
  const fault = await startFaultServer(({ method, id, res }) => {
    if (method === 'tools/list') {
      toolLists++
      const tools = [{ name: `v${toolLists}`, inputSchema: { type: 'object' } }]
      return sendJson(res, 200, { jsonrpc: '2.0', id, result: { resultType: 'complete', tools, ttlMs: 60_000, cacheScope: 'public' } })
    }
    if (method !== 'subscriptions/listen') return sendJson(res, 200, rpcError(id, -32601, `no ${method} here`))
    listens++
    const sse = openSse(res)
    acknowledgeToolsListChanged(sse, id)
    if (listens === 1) setTimeout(() => sse.destroy(), 20)
  })
  const client = new McpClient(fault.url)
  const sub: Subscription = client.listen({ toolsListChanged: true })
  try {
    const reconnected = next(sub, 'reconnect')
    assert.deepEqual((await client.listTools()).map((t) => t.name), ['v1'])
    assert.deepEqual((await client.listTools()).map((t) => t.name), ['v1'], 'fresh for a minute: from the cache')
    await sub.acknowledged
    await reconnected
    assert.deepEqual((await client.listTools()).map((t) => t.name), ['v2'])
    assert.equal(toolLists, 2)
  } finally {
    sub.close()
    await sub.closed
    await fault.close()
  }
})

/** A fault server's listen stream acknowledging subscription `id` for toolsListChanged. */
function acknowledgeToolsListChanged(sse: SseWriter, id: unknown): void {
  sse.event({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications: { toolsListChanged: true } },
  })
}
