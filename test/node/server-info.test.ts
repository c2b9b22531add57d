// client.serverInfo: the server's identity, one way for both eras (issue 19): `_meta['io.modelcontextprotocol/serverInfo']`
// on 2026-07-28 results (the official SDK 2.x sends it on every result), `initialize`'s serverInfo on a legacy server.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, namedServer, serverName } from '../../src/client/index.js'
import { serverInfoOf } from '../../src/client/server-info.js'
import { FIXTURE_SERVER_INFO, startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { LEGACY_SERVER_INFO, startLegacyServer, type LegacyServer } from '../support/legacy-server.js'
import { FASTMCP_SERVER_INFO, startFastMcpServer, type FastMcpServer } from '../support/fastmcp-server.js'

const BOUND = { timeout: 15_000 }

let modern: FixtureServer
let legacy: LegacyServer
let fast: FastMcpServer
before(async () => {
  ;[modern, legacy, fast] = await Promise.all([startFixtureServer(), startLegacyServer('stateless'), startFastMcpServer()])
})
after(() => Promise.all([modern.close(), legacy.close(), fast.close()]))

test('2026-07-28: unknown before any result, then the name and version from the first result (no discover)', BOUND, async () => {
  const client = new McpClient(modern.url)
  assert.equal(client.serverInfo, undefined)
  await client.listTools()
  assert.deepEqual(client.serverInfo, FIXTURE_SERVER_INFO)
  client.close()
})

test('legacy servers (SDK v1, FastMCP): initialize’s serverInfo, after any call', BOUND, async () => {
  for (const [url, info] of [
    [legacy.url, LEGACY_SERVER_INFO],
    [fast.url, FASTMCP_SERVER_INFO],
  ] as const) {
    const client = new McpClient(url)
    await client.listTools()
    assert.deepEqual(client.serverInfo, info, url)
    client.close()
  }
})

test('a server named for people (serverName) and to an approval gate (namedServer): the host until it reports a name', BOUND, async () => {
  let asked: unknown
  const client = new McpClient(modern.url, { approve: (request) => ((asked = request.server), 'allow-once') })
  const host = new URL(modern.url).host
  assert.equal(serverName(client.url, client.serverInfo), host)
  assert.deepEqual(namedServer(client.url, client.serverInfo), { url: modern.url })
  await client.callTool('echo', { text: 'hi' })
  assert.equal(serverName(client.url, client.serverInfo), FIXTURE_SERVER_INFO.name)
  assert.deepEqual(asked, { url: modern.url, name: FIXTURE_SERVER_INFO.name })
  assert.deepEqual(namedServer(client.url, { ...FIXTURE_SERVER_INFO, title: 'Fixture' }), { url: modern.url, name: FIXTURE_SERVER_INFO.name, title: 'Fixture' })
  assert.equal(serverName(client.url, { ...FIXTURE_SERVER_INFO, title: 'Fixture' }), 'Fixture', 'the title before the name')
  assert.equal(serverName('not a url'), 'not a url')
  client.close()
})

test('2026-07-28: the same identity on every result keeps one serverInfo object; another identity replaces it', BOUND, async () => {
  const client = new McpClient(modern.url)
  await client.listTools()
  const first = client.serverInfo
  await client.callTool('echo', { text: 'hi' })
  await client.callTool('echo', { text: 'again' })
  // The server sends its identity on every result: a page comparing client.serverInfo sees no change where there is none.
  assert.equal(client.serverInfo, first)
  client.close()

  const known = { name: 'a', version: '1', title: 'A' }
  const result = (info: Record<string, unknown>) => ({ _meta: { 'io.modelcontextprotocol/serverInfo': info } })
  assert.equal(serverInfoOf(result({ name: 'a', version: '1', title: 'A' }), known), known)
  assert.deepEqual(serverInfoOf(result({ name: 'a', version: '1', title: 'B' }), known), { name: 'a', version: '1', title: 'B' })
  assert.deepEqual(serverInfoOf(result({ name: 'a', version: '2', title: 'A' }), known), { name: 'a', version: '2', title: 'A' })
  const icons = [{ src: 'https://example.com/a.png' }]
  const withIcons = serverInfoOf(result({ name: 'a', version: '1', title: 'A', icons }), known)
  assert.deepEqual(withIcons, { ...known, icons })
  assert.equal(serverInfoOf(result({ name: 'a', version: '1', title: 'A', icons: [{ src: 'https://example.com/a.png' }] }), withIcons), withIcons)
  assert.notEqual(serverInfoOf(result({ name: 'a', version: '1', title: 'A', icons: [{ src: 'https://example.com/b.png' }] }), withIcons), withIcons)
})
