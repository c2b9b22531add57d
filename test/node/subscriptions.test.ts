// subscriptions/listen: acknowledgement, demultiplexing by subscription id,
// graceful end versus a drop, and re-listening after a drop until closed.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { JsonRpcError, McpClient, type Subscription } from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { openSse, rpcError, sendJson, startFaultServer, type SseWriter } from '../support/fault-server.js'

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

describe('subscriptions', () => {
  test('listen() is acknowledged with the honoured filter and delivers the notifications asked for', async () => {
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
      await next(sub, 'notification')
      await new Promise((r) => setTimeout(r, 100))
      assert.deepEqual(received, ['notifications/tools/list_changed', 'notifications/resources/updated'])
    } finally {
      sub.close()
      await sub.closed
    }
  })

  test('a list_changed notification invalidates the cached list', async () => {
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

  test('a graceful end from the server fires end, not drop, and does not re-listen', async () => {
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

  test('after a drop the subscription listens again with a new request and keeps delivering', async () => {
    let listens = 0
    const fault = await startFaultServer(({ id, res }) => {
      listens++
      const sse = openSse(res)
      sse.event({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications: { toolsListChanged: true } },
      })
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

  test('a server that refuses the listen fails acknowledged with its error and stops', async () => {
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

  test('close() ends the stream on the server side too', async () => {
    const fault = await startFaultServer(({ id, res }) => {
      const sse = openSse(res)
      sse.event({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications: {} },
      })
      serverStream = sse
    })
    let serverStream: SseWriter | undefined
    try {
      const sub = new McpClient(fault.url).listen({ toolsListChanged: true })
      assert.deepEqual(await sub.acknowledged, {})
      sub.close()
      await sub.closed
      for (let i = 0; i < 100 && !serverStream?.closed; i++) await new Promise((r) => setTimeout(r, 20))
      assert.equal(serverStream?.closed, true, 'the server saw the stream close')
    } finally {
      await fault.close()
    }
  })
})
