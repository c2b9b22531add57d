// One subscriptions/listen stream per client, shared by every Subscription:
// merged filters, each subscription hearing only what it asked for, a re-open
// when the union grows, the connection closed with the last subscription.
// A pass-through proxy in front of the fixture server counts the listen
// streams that are open at the HTTP level.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, type Subscription } from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { serveFetch, type ServedHandle } from '../support/http-adapter.js'

const BOUND = { timeout: 10_000 }
let server: FixtureServer
let proxy: ServedHandle
/** Listen requests whose response stream is still open between client and server. */
let openListens = 0

before(async () => {
  server = await startFixtureServer()
  proxy = await serveFetch(async (request) => {
    const body = await request.text()
    const upstream = await fetch(server.url, {
      method: request.method,
      headers: request.headers,
      body: body || undefined,
      signal: request.signal,
    })
    if (!body.includes('"subscriptions/listen"') || !upstream.body) return upstream
    openListens++
    let open = true
    const closed = () => open && ((open = false), openListens--)
    request.signal.addEventListener('abort', closed)
    const reader = upstream.body.getReader()
    const counted = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }))
        if (done) return (closed(), controller.close())
        controller.enqueue(value)
      },
      cancel() {
        closed()
        return reader.cancel()
      },
    })
    return new Response(counted, { status: upstream.status, headers: upstream.headers })
  })
})
after(async () => {
  await proxy.close()
  await server.close()
})

const listenRequests = (from: number) => server.stats.requests.slice(from).filter((r) => r.body?.method === 'subscriptions/listen')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function eventually(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await sleep(20)
  assert.ok(check(), what)
}
/** Records the notification methods (and uris) a subscription hears. */
function heard(sub: Subscription): string[] {
  const seen: string[] = []
  sub.addEventListener('notification', (e) => {
    const n = (e as CustomEvent).detail
    seen.push(n.params?.uri ? `${n.method} ${n.params.uri}` : n.method)
  })
  return seen
}

describe('one shared listen stream per client', BOUND, () => {
  test('four subscriptions opened together cost one stream with the union, and each hears only its own', BOUND, async () => {
    const from = server.stats.requests.length
    const client = new McpClient(proxy.url)
    const tools = client.listen({ toolsListChanged: true })
    const prompts = client.listen({ promptsListChanged: true })
    const greeting = client.listen({ resourceSubscriptions: ['fixture://greeting'] })
    const mixed = client.listen({ toolsListChanged: true, resourceSubscriptions: ['fixture://logo.png'] })
    const all = [tools, prompts, greeting, mixed]
    try {
      const acks = await Promise.all(all.map((s) => s.acknowledged))
      assert.deepEqual(acks, [
        { toolsListChanged: true },
        { promptsListChanged: true },
        { resourceSubscriptions: ['fixture://greeting'] },
        { toolsListChanged: true, resourceSubscriptions: ['fixture://logo.png'] },
      ])
      const requests = listenRequests(from)
      assert.equal(requests.length, 1)
      assert.deepEqual(requests[0].body.params.notifications, {
        toolsListChanged: true,
        promptsListChanged: true,
        resourceSubscriptions: ['fixture://greeting', 'fixture://logo.png'],
      })
      assert.equal(openListens, 1)
      const logs = all.map(heard)
      server.notify.toolsChanged()
      server.notify.promptsChanged()
      server.notify.resourceUpdated('fixture://greeting')
      server.notify.resourceUpdated('fixture://logo.png')
      // One ordered stream: once the last notification sent has arrived, every earlier one has been delivered.
      await eventually(() => logs[3].includes('notifications/resources/updated fixture://logo.png'), 'the last notification arrived')
      assert.deepEqual(logs, [
        ['notifications/tools/list_changed'],
        ['notifications/prompts/list_changed'],
        ['notifications/resources/updated fixture://greeting'],
        ['notifications/tools/list_changed', 'notifications/resources/updated fixture://logo.png'],
      ])
    } finally {
      client.close()
    }
    await eventually(() => openListens === 0, 'client.close() closed the stream')
    for (const s of all) await s.closed
  })

  test('asking for more re-opens the stream with the union; the old one closes once the new one is acknowledged', BOUND, async () => {
    const from = server.stats.requests.length
    const client = new McpClient(proxy.url)
    const tools = client.listen({ toolsListChanged: true })
    try {
      await tools.acknowledged
      const toolsLog = heard(tools)
      const prompts = client.listen({ promptsListChanged: true })
      assert.deepEqual(await prompts.acknowledged, { promptsListChanged: true })
      const requests = listenRequests(from)
      assert.deepEqual(
        requests.map((r) => r.body.params.notifications),
        [{ toolsListChanged: true }, { toolsListChanged: true, promptsListChanged: true }],
      )
      await eventually(() => openListens === 1, 'one stream left open')
      const promptsLog = heard(prompts)
      server.notify.toolsChanged()
      server.notify.promptsChanged()
      // A later notification on the same ordered stream: when it arrives, anything the first two brought has arrived.
      server.notify.promptsChanged()
      await eventually(() => promptsLog.length === 2, 'prompts heard the later one too')
      assert.deepEqual(toolsLog, ['notifications/tools/list_changed'], 'once, not once per stream')
      assert.deepEqual(promptsLog, ['notifications/prompts/list_changed', 'notifications/prompts/list_changed'])
    } finally {
      client.close()
    }
    await eventually(() => openListens === 0, 'closed')
  })

  test('a subscription the stream already carries joins without a new request', BOUND, async () => {
    const from = server.stats.requests.length
    const client = new McpClient(proxy.url)
    const both = client.listen({ toolsListChanged: true, promptsListChanged: true })
    try {
      await both.acknowledged
      const tools = client.listen({ toolsListChanged: true })
      assert.deepEqual(await tools.acknowledged, { toolsListChanged: true })
      assert.equal(listenRequests(from).length, 1)
    } finally {
      client.close()
    }
  })

  test('the stream stays open while any subscription does; the last close() closes it', BOUND, async () => {
    const from = server.stats.requests.length
    const client = new McpClient(proxy.url)
    const a = client.listen({ toolsListChanged: true })
    const b = client.listen({ toolsListChanged: true })
    await Promise.all([a.acknowledged, b.acknowledged])
    assert.equal(openListens, 1)
    const bLog = heard(b)
    a.close()
    await a.closed
    // b hearing a notification after a closed, on the stream both had, with no listen request since: that stream stayed open.
    server.notify.toolsChanged()
    await eventually(() => bLog.length === 1, 'b still hears')
    assert.equal(listenRequests(from).length, 1, 'no new stream for b')
    assert.equal(openListens, 1, 'still open for b')
    b.close()
    await b.closed
    await eventually(() => openListens === 0, 'closed with the last subscription')
    const c = client.listen({ toolsListChanged: true })
    await c.acknowledged
    assert.equal(listenRequests(from).length, 2, 'a later listen opens a new stream')
    c.close()
    await eventually(() => openListens === 0, 'closed again')
  })

  test('a graceful end from the server ends every subscription on the stream', BOUND, async () => {
    const client = new McpClient(proxy.url)
    const subs = [client.listen({ toolsListChanged: true }), client.listen({ promptsListChanged: true })]
    await Promise.all(subs.map((s) => s.acknowledged))
    const ended = subs.map((s) => new Promise((resolve) => s.addEventListener('end', resolve, { once: true })))
    await server.endSubscriptions()
    await Promise.all(ended)
    await Promise.all(subs.map((s) => s.closed))
    await eventually(() => openListens === 0, 'no stream left')
  })
})

test('a subscription to resources the stream already carries joins without a new request', BOUND, async () => {
  const from = server.stats.requests.length
  const client = new McpClient(proxy.url)
  const both = client.listen({ resourceSubscriptions: ['fixture://greeting', 'fixture://logo.png'] })
  try {
    await both.acknowledged
    const greeting = client.listen({ resourceSubscriptions: ['fixture://greeting'] })
    assert.deepEqual(await greeting.acknowledged, { resourceSubscriptions: ['fixture://greeting'] })
    assert.equal(listenRequests(from).length, 1)
  } finally {
    client.close()
  }
})
