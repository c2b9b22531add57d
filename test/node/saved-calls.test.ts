// Saved calls (savedCalls(client)) against a real server over HTTP: save, list, rename, delete, export and import,
// per server and authorization context, secrets left out, hostile imports refused with existing calls kept, and
// never evicted with the cache. Node has no IndexedDB: these are the memory store's; the browser suite
// (components/mcp-saved-calls) runs the same against IndexedDB.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, MemoryCache, SavedCallError, SavedCallImportError, savedCalls, type SavedCalls } from '../../src/client/index.js'
import { startServer } from '../support/servers/url-state.js'
import type { TestServer } from '../support/fixture-server.js'
import { assertIs, failure } from '../support/assert.js'

const BOUND = { timeout: 15_000 }

let server: TestServer
before(async () => {
  server = await startServer()
})
after(() => server.close())

/** Asserts `promise` rejects with an error of `Class`, and runs `check` on it. */
async function refused<E extends Error>(promise: Promise<unknown>, Class: abstract new (...args: any[]) => E, check: (error: E) => void): Promise<void> {
  const error = await failure(promise)
  assertIs(error, Class)
  check(error as E)
}

const names = async (saved: SavedCalls) => (await saved.list()).map((c) => c.name).sort()

describe('saved calls', () => {
  test('save, list, rename and delete; a new client of the same store lists them; nothing is called', BOUND, async () => {
    const store = new MemoryCache()
    const saved = savedCalls(new McpClient(server.url, { cache: store }))
    const oslo = await saved.save({ name: '  Oslo  ', tool: 'search', arguments: { query: 'oslo', limit: 3 } })
    assert.equal(oslo.name, 'Oslo')
    await saved.save({ name: 'Bergen', tool: 'search', arguments: { query: 'bergen' } })
    const again = savedCalls(new McpClient(server.url, { cache: store }))
    assert.deepEqual(await names(again), ['Bergen', 'Oslo'])
    assert.deepEqual((await again.list()).find((c) => c.id === oslo.id)?.arguments, { query: 'oslo', limit: 3 })
    await again.rename(oslo.id, 'Oslo, three')
    assert.deepEqual(await names(saved), ['Bergen', 'Oslo, three'])
    assert.equal(await saved.delete(oslo.id), true)
    assert.equal(await saved.delete(oslo.id), false)
    assert.deepEqual(await names(again), ['Bergen'])
    assert.equal(server.stats.requests.filter((r) => r.body?.method === 'tools/call').length, 0)
  })

  test('names are checked: empty, too long and taken names are refused with a typed error', BOUND, async () => {
    const saved = savedCalls(new McpClient(server.url))
    const first = await saved.save({ name: 'One', tool: 'search', arguments: { query: 'a' } })
    await saved.save({ name: 'Two', tool: 'search', arguments: { query: 'b' } })
    await refused(saved.save({ name: ' ', tool: 'search' }), SavedCallError, (e) => assert.equal(e.problem, 'name'))
    await refused(saved.save({ name: 'x'.repeat(201), tool: 'search' }), SavedCallError, (e) => assert.equal(e.problem, 'name'))
    await refused(saved.save({ name: 'Two', tool: 'search' }), SavedCallError, (e) => assert.match(e.message, /named “Two” already/))
    await refused(saved.rename(first.id, 'Two'), SavedCallError, (e) => assert.equal(e.problem, 'name-taken'))
    await refused(saved.rename('no-such-id', 'Three'), SavedCallError, (e) => assert.equal(e.problem, 'not-found'))
    await refused(saved.save({ name: 'Nope', tool: 'no_such_tool' }), SavedCallError, (e) => assert.equal(e.problem, 'unknown-tool'))
    assert.deepEqual(await names(saved), ['One', 'Two'])
  })

  test('what the schema marks as secret (format: password, writeOnly) is never saved, nor imported', BOUND, async () => {
    const saved = savedCalls(new McpClient(server.url))
    const call = await saved.save({ name: 'Ada', tool: 'connect_account', arguments: { user: 'ada', password: 'hunter2', api_key: 'sk-123' } })
    assert.deepEqual(call.arguments, { user: 'ada' })
    const exported = await saved.export()
    assert.doesNotMatch(exported, /hunter2|sk-123/)
    const file = JSON.stringify({
      format: 'mcp-web-elements/saved-calls',
      version: 1,
      calls: [{ name: 'Bob', tool: 'connect_account', arguments: { user: 'bob', password: 'pw-in-file' } }],
    })
    const { added } = await saved.import(file)
    assert.deepEqual(added[0]?.arguments, { user: 'bob' })
    assert.doesNotMatch(await saved.export(), /pw-in-file/)
  })

  test('two authorization contexts on one store never see each other’s saved calls', BOUND, async () => {
    const store = new MemoryCache()
    const alice = savedCalls(new McpClient(server.url, { cache: store, authContext: 'alice' }))
    const bob = savedCalls(new McpClient(server.url, { cache: store, authContext: 'bob' }))
    const keyA = savedCalls(new McpClient(server.url, { cache: store, headers: { 'X-Api-Key': 'a' } }))
    const keyB = savedCalls(new McpClient(server.url, { cache: store, headers: { 'X-Api-Key': 'b' } }))
    const anonymous = savedCalls(new McpClient(server.url, { cache: store }))
    await alice.save({ name: 'Alice’s', tool: 'search', arguments: { query: 'a' } })
    await keyA.save({ name: 'Key A’s', tool: 'search', arguments: { query: 'k' } })
    assert.deepEqual(await names(alice), ['Alice’s'])
    assert.deepEqual(await names(bob), [])
    assert.deepEqual(await names(keyA), ['Key A’s'])
    assert.deepEqual(await names(keyB), [])
    assert.deepEqual(await names(anonymous), [])
    // The same name is free in another context; a rename or delete by id reaches only the context's own calls.
    const bobs = await bob.save({ name: 'Alice’s', tool: 'search', arguments: { query: 'b' } })
    await refused(alice.rename(bobs.id, 'taken over'), SavedCallError, (e) => assert.equal(e.problem, 'not-found'))
    assert.equal(await alice.delete(bobs.id), false)
    assert.deepEqual(await names(bob), ['Alice’s'])
  })

  test('a client whose credential is out of its sight (its own fetch) keeps its saved calls to itself', BOUND, async () => {
    const store = new MemoryCache()
    const ownFetch: typeof fetch = (input, init) => fetch(input, init)
    const hidden = savedCalls(new McpClient(server.url, { cache: store, fetch: ownFetch }))
    const other = savedCalls(new McpClient(server.url, { cache: store, fetch: ownFetch }))
    const anonymous = savedCalls(new McpClient(server.url, { cache: store }))
    await anonymous.save({ name: 'Public', tool: 'search', arguments: { query: 'p' } })
    await hidden.save({ name: 'Mine', tool: 'search', arguments: { query: 'm' } })
    assert.deepEqual(await names(hidden), ['Mine'])
    assert.deepEqual(await names(other), [])
    assert.deepEqual(await names(anonymous), ['Public'])
    assert.equal(await hidden.persistent(), false)
  })

  test('export → import round trip into another context; importing again skips what is saved; a taken name gets a number', BOUND, async () => {
    const from = savedCalls(new McpClient(server.url, { authContext: 'from' }))
    await from.save({ name: 'Oslo', tool: 'search', arguments: { query: 'oslo', limit: 2 } })
    await from.save({ name: 'Bergen', tool: 'search', arguments: { query: 'bergen' } })
    const text = await from.export()
    const into = savedCalls(new McpClient(server.url, { authContext: 'into' }))
    await into.save({ name: 'Oslo', tool: 'search', arguments: { query: 'something else' } })
    const first = await into.import(text)
    assert.deepEqual(first.added.map((c) => c.name).sort(), ['Bergen', 'Oslo (2)'])
    assert.equal(first.skipped, 0)
    assert.deepEqual((await into.list()).find((c) => c.name === 'Oslo (2)')?.arguments, { query: 'oslo', limit: 2 })
    const second = await into.import(text)
    assert.equal(second.added.length, 1, 'Oslo as exported is saved as “Oslo (2)”: a call of that name and arguments is not “Oslo”')
    assert.deepEqual(await names(into), ['Bergen', 'Oslo', 'Oslo (2)', 'Oslo (3)'])
    assert.equal((await into.import(await into.export())).skipped, 4)
  })

  test('malformed and hostile imports are refused with a message, and every saved call is kept', BOUND, async () => {
    const saved = savedCalls(new McpClient(server.url))
    await saved.save({ name: 'Kept', tool: 'search', arguments: { query: 'k' } })
    const before = await saved.export()
    const file = (calls: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ format: 'mcp-web-elements/saved-calls', version: 1, calls, ...extra })
    const hostile: Array<[unknown, RegExp]> = [
      ['not json {', /not valid JSON/],
      ['[]', /"format" is not/],
      [JSON.stringify({ calls: [] }), /"format" is not/],
      [file([], { version: 99 }), /version 99/],
      [JSON.stringify({ format: 'mcp-web-elements/saved-calls', version: 1, calls: {} }), /no list of "calls"/],
      [file([{ name: 'ok', tool: 'search' }, { tool: 'search' }]), /Call 2 of the export has no "name"/],
      [file([{ name: 'x', tool: '' }]), /Call 1 .* no "tool"/],
      [file([{ name: 'x', tool: 'search', arguments: ['a'] }]), /"arguments" that are not an object/],
      [file([{ name: 'x', tool: 'search', arguments: { q: 'x'.repeat(100_001) } }]), /arguments longer than/],
      [file(Array.from({ length: 501 }, (_, i) => ({ name: `n${i}`, tool: 'search' }))), /at most 500/],
      ['['.repeat(100_000) + ']'.repeat(100_000), /nested too deeply|not valid JSON|"format"/],
      [' '.repeat(4_000_001), /too large/],
      [42, /text of an export/],
    ]
    for (const [text, message] of hostile) {
      await refused(saved.import(text as string), SavedCallImportError, (e) => assert.match(e.message, message))
    }
    assert.equal(await saved.export(), before)
  })

  test('an import cannot pollute prototypes: __proto__ keys are dropped, unknown fields ignored', BOUND, async () => {
    const saved = savedCalls(new McpClient(server.url))
    const text =
      '{"format":"mcp-web-elements/saved-calls","version":1,"unknown":1,"__proto__":{"polluted":1},' +
      '"calls":[{"name":"p","tool":"search","extra":true,"arguments":{"query":"q","__proto__":{"polluted":2},"nested":{"__proto__":{"polluted":3}}}}]}'
    const { added } = await saved.import(text)
    assert.equal(({} as { polluted?: number }).polluted, undefined)
    const call = added[0]!
    assert.deepEqual(Object.keys(call.arguments).sort(), ['nested', 'query'])
    assert.equal(Object.getPrototypeOf(call.arguments), Object.prototype)
    assert.equal(Object.hasOwn(call.arguments.nested as object, '__proto__'), false)
    assert.deepEqual(Object.keys(call).sort(), ['arguments', 'id', 'name', 'savedAt', 'tool'])
  })

  test('saved calls are user data, not cache: clearing or filling the cache store keeps them', BOUND, async () => {
    const store = new MemoryCache(1)
    const client = new McpClient(server.url, { cache: store })
    const saved = savedCalls(client)
    await saved.save({ name: 'Stays', tool: 'search', arguments: { query: 's' } })
    await saved.save({ name: 'Stays too', tool: 'search', arguments: { query: 't' } })
    store.clear()
    await client.listTools({ fresh: true })
    await client.discover({ fresh: true })
    assert.deepEqual(await names(savedCalls(new McpClient(server.url, { cache: store }))), ['Stays', 'Stays too'])
  })

  test('every change fires savedcallschange on the client', BOUND, async () => {
    const client = new McpClient(server.url)
    let heard = 0
    client.addEventListener('savedcallschange', () => heard++)
    const saved = savedCalls(client)
    const call = await saved.save({ name: 'A', tool: 'search', arguments: { query: 'a' } })
    await saved.rename(call.id, 'B')
    await saved.import(await saved.export())
    await saved.delete(call.id)
    assert.equal(heard, 4)
  })
})
