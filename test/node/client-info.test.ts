// The clientInfo a client sends by default names this package and the version in its package.json (through the
// generated src/protocol/generated/package.ts; `npm run check:generated` fails when that file is stale).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { McpClient, type InputHandlers } from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { startLegacyServer, type LegacyServer } from '../support/legacy-server.js'

const BOUND = { timeout: 10_000 }
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string }

let modern: FixtureServer
let legacy: LegacyServer
before(async () => {
  ;[modern, legacy] = await Promise.all([startFixtureServer(), startLegacyServer('stateful')])
})
after(() => Promise.all([modern.close(), legacy.close()]))

test('a 2026-07-28 request carries clientInfo with package.json’s name and version', BOUND, async () => {
  await new McpClient(modern.url).listTools()
  const sent = modern.stats.requests.find((r) => r.body?.method === 'tools/list')!
  assert.deepEqual(sent.body.params._meta['io.modelcontextprotocol/clientInfo'], { name: pkg.name, version: pkg.version })
})

test('initialize on a legacy server carries the same clientInfo; a given clientInfo replaces it', BOUND, async () => {
  const client = new McpClient(legacy.url)
  await client.listTools()
  client.close()
  const init = legacy.requests.find((r) => r.body?.method === 'initialize')!
  assert.deepEqual(init.body.params.clientInfo, { name: pkg.name, version: pkg.version })
  const mine = new McpClient(modern.url, { clientInfo: { name: 'my-app', version: '2.0.0' } })
  await mine.listTools({ fresh: true })
  const sent = modern.stats.requests.filter((r) => r.body?.method === 'tools/list').at(-1)!
  assert.deepEqual(sent.body.params._meta['io.modelcontextprotocol/clientInfo'], { name: 'my-app', version: '2.0.0' })
})

test('a request declares options.capabilities beside those its handlers imply, merged per capability', BOUND, async () => {
  const client = new McpClient(modern.url, {
    handlers: { elicitation: async () => ({ action: 'decline' }) },
    capabilities: { elicitation: { url: {} }, experimental: { 'example.com/feature': {} } },
  })
  await client.listTools()
  const sent = modern.stats.requests.filter((r) => r.body?.method === 'tools/list').at(-1)!
  assert.deepEqual(sent.body.params._meta['io.modelcontextprotocol/clientCapabilities'], {
    elicitation: { form: {}, url: {} },
    experimental: { 'example.com/feature': {} },
  })
})

test('each request declares what the handlers imply when it is sent: a handler added later is declared', BOUND, async () => {
  const handlers: InputHandlers = {}
  const client = new McpClient(modern.url, { handlers })
  const declared = () => modern.stats.requests.filter((r) => r.body?.method === 'tools/list').at(-1)!.body.params._meta['io.modelcontextprotocol/clientCapabilities']
  await client.listTools({ fresh: true })
  assert.deepEqual(declared(), {})
  handlers.sampling = async () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' })
  await client.listTools({ fresh: true })
  assert.deepEqual(declared(), { sampling: {} })
})
