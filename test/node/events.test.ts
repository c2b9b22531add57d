// The typed event maps of McpClient and Subscription. The type checker
// (npx tsc) is the real judge here: each @ts-expect-error below fails the
// type check if the maps stop catching the mistake; the runtime part checks
// the events carry what the maps promise.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, type JsonRpcNotification, type SubscriptionFilter } from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'

let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

test('subscription events are typed and carry what the map says', { timeout: 5000 }, async () => {
  const client = new McpClient(server.url)
  const sub = client.listen({ toolsListChanged: true })
  const heard: JsonRpcNotification[] = []
  sub.addEventListener('notification', (e) => heard.push(e.detail))
  sub.addEventListener('reconnect', (e) => {
    const filter: SubscriptionFilter = e.detail
    void filter
    // @ts-expect-error a filter is not a notification
    const notification: JsonRpcNotification = e.detail
    void notification
  })
  // @ts-expect-error `end` is a plain Event, without detail
  sub.addEventListener('end', (e) => void e.detail)
  client.addEventListener('notification', (e) => void (e.detail.method satisfies string))
  // @ts-expect-error the invalidtool detail has no `name` (it is detail.tool.name)
  client.addEventListener('invalidtool', (e) => void e.detail.name)
  // Untyped event names still work.
  client.addEventListener('something-else', (e: Event) => void e)
  try {
    await sub.acknowledged
    server.notify.toolsChanged()
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    assert.equal(heard[0]?.method, 'notifications/tools/list_changed')
  } finally {
    client.close()
  }
})
