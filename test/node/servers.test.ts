// Proves the test servers themselves behave as the client's tests assume,
// using plain fetch (no client code involved).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { startFixtureServer, FIXTURE_SERVER_INFO } from '../support/fixture-server.js'
import { openSse, sendJson, startFaultServer, rpcResult } from '../support/fault-server.js'

/** Every test is bounded: a regression fails instead of hanging the run. */
const BOUND = { timeout: 15_000 }

const VERSION = '2026-07-28'
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'servers-test', version: '0.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
}

let nextId = 1
/** POSTs one request with the 2026-07-28 headers (Mcp-Name from params.name/uri). */
function post(url: string, method: string, params: Record<string, any> = {}, headers: Record<string, string> = {}, signal?: AbortSignal) {
  const name = params.name ?? params.uri
  return fetch(url, {
    method: 'POST',
    signal,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': VERSION,
      'Mcp-Method': method,
      ...(name !== undefined && { 'Mcp-Name': name }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: { ...META, ...params._meta } } }),
  })
}

/** Reads an SSE body until `until` matches the accumulated text. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean): Promise<string> {
  const decoder = new TextDecoder()
  let text = ''
  while (!until(text)) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  return text
}

test('fixture answers server/discover and tools/list with cache hints and serverInfo', BOUND, async () => {
  const server = await startFixtureServer()
  try {
    const discover = await post(server.url, 'server/discover')
    assert.equal(discover.status, 200)
    const d = await discover.json()
    assert.deepEqual(d.result.supportedVersions, [VERSION])
    assert.equal(d.result.resultType, 'complete')
    assert.deepEqual(d.result._meta['io.modelcontextprotocol/serverInfo'], FIXTURE_SERVER_INFO)
    assert.equal(d.result.ttlMs, 3_600_000)
    assert.equal(d.result.cacheScope, 'public')
    assert.equal(d.result.capabilities.resources.subscribe, true)

    const list = await (await post(server.url, 'tools/list')).json()
    assert.equal(list.result.ttlMs, 60_000)
    assert.equal(list.result.cacheScope, 'public')
    const tools = new Map<string, any>(list.result.tools.map((t: any) => [t.name, t]))
    for (const name of ['echo', 'add', 'slow_count', 'log_levels', 'region_query', 'ask_name', 'unicode_名前', 'fail', 'throws']) {
      assert.ok(tools.has(name), name)
    }
    const schema = tools.get('region_query').inputSchema
    assert.equal(schema.properties.region['x-mcp-header'], 'Region')
    assert.equal(schema.properties.tenant.properties.id['x-mcp-header'], 'Tenant')
    assert.ok(tools.get('echo').icons.length > 0)

    // The server saw the headers and the _meta envelope as sent.
    const seen = server.stats.requests.at(-1)!
    assert.equal(seen.headers['mcp-method'], 'tools/list')
    assert.equal(seen.headers['mcp-protocol-version'], VERSION)
    assert.deepEqual(seen.body.params._meta, META)

    // Without Mcp-Method the request is refused as a header mismatch.
    const bare = await fetch(server.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': VERSION },
      body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/list', params: { _meta: META } }),
    })
    assert.equal(bare.status, 400)
    assert.equal((await bare.json()).error.code, -32020)
  } finally {
    await server.close()
  }
})

test('fixture paginates lists when given a pageSize', BOUND, async () => {
  const server = await startFixtureServer({ pageSize: 4 })
  try {
    const names: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await (await post(server.url, 'tools/list', cursor === undefined ? {} : { cursor })).json()
      names.push(...page.result.tools.map((t: any) => t.name))
      cursor = page.result.nextCursor
      pages++
    } while (cursor !== undefined)
    assert.ok(pages >= 3)
    assert.equal(new Set(names).size, names.length)
    assert.ok(names.includes('throws'))
  } finally {
    await server.close()
  }
})

test('fixture validates Mcp-Param headers against x-mcp-header arguments', BOUND, async () => {
  const server = await startFixtureServer()
  try {
    const args = { name: 'region_query', arguments: { region: 'eu-west', tenant: { id: 't-1' } } }
    const missing = await post(server.url, 'tools/call', args, { 'Mcp-Param-Region': 'eu-west' })
    assert.equal(missing.status, 400)
    assert.equal((await missing.json()).error.code, -32020)

    const ok = await post(server.url, 'tools/call', args, { 'Mcp-Param-Region': 'eu-west', 'Mcp-Param-Tenant': 't-1' })
    assert.equal(ok.status, 200)
    assert.match((await ok.json()).result.content[0].text, /region=eu-west tenant=t-1/)
  } finally {
    await server.close()
  }
})

test('fixture streams progress and notices cancellation', BOUND, async () => {
  const server = await startFixtureServer()
  try {
    const abort = new AbortController()
    const params = { name: 'slow_count', arguments: { n: 100, delayMs: 10 }, _meta: { progressToken: 'p' } }
    const res = await post(server.url, 'tools/call', params, {}, abort.signal)
    assert.equal(res.headers.get('content-type'), 'text/event-stream')
    const text = await readUntil(res.body!.getReader(), (t) => t.includes('"progress":2'))
    assert.match(text, /notifications\/progress/)
    abort.abort()
    for (let i = 0; i < 50 && server.stats.cancelled.length === 0; i++) await new Promise((r) => setTimeout(r, 10))
    assert.deepEqual(server.stats.cancelled, ['slow_count'])
  } finally {
    await server.close()
  }
})

test('fixture delivers subscription notifications and ends subscriptions gracefully', BOUND, async () => {
  const server = await startFixtureServer()
  try {
    const res = await post(server.url, 'subscriptions/listen', {
      notifications: { toolsListChanged: true, resourceSubscriptions: ['fixture://greeting'] },
    })
    const reader = res.body!.getReader()
    const ack = await readUntil(reader, (t) => t.includes('\n\n'))
    assert.match(ack, /notifications\/subscriptions\/acknowledged/)

    server.notify.toolsChanged()
    server.notify.resourceUpdated('fixture://greeting')
    const notes = await readUntil(reader, (t) => t.includes('resources/updated'))
    assert.match(notes, /notifications\/tools\/list_changed/)

    await server.endSubscriptions()
    const rest = await readUntil(reader, () => false) // until the stream ends
    assert.match(rest, /"resultType":"complete"/)
    assert.match(rest, /io\.modelcontextprotocol\/subscriptionId/)
  } finally {
    await server.close()
  }
})

test('fault server streams SSE events incrementally and close() drops open streams', BOUND, async () => {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  const server = await startFaultServer(async ({ method, id, res }) => {
    if (method !== 'tools/list') return sendJson(res, 404, { error: 'nope' })
    const sse = openSse(res)
    sse.comment('keep-alive')
    sse.event({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })
    await released // the first event must reach the client before this resolves
    sse.event(rpcResult(id, { tools: [] }))
    // Never end(): close() must still finish.
  })
  try {
    const res = await post(server.url, 'tools/list')
    const reader = res.body!.getReader()
    const first = await readUntil(reader, (t) => t.includes('notifications/progress'))
    assert.doesNotMatch(first, /"result"/)
    release()
    const second = await readUntil(reader, (t) => t.includes('"result"'))
    assert.match(second, /"tools":\[\]/)
    assert.equal(server.requests.length, 1)
    assert.equal(server.requests[0]!.headers['mcp-method'], 'tools/list')
  } finally {
    await server.close()
  }
})
