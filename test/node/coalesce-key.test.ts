// What makes two concurrent requests "identical" for coalescing (src/client/coalesce.ts,
// the key built in McpClient#request): the method and parameters, and also what the
// request declares about the client, because the server may answer differently:
// the log level it asks for and the capabilities it declares (a server asks for
// input only of a client that declares it can answer). At the fixture server
// over real HTTP; each POST is counted and its _meta read at the server.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient } from '../../src/client/index.js'
import { META } from '../../src/protocol/meta.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'

const BOUND = { timeout: 10_000 }
let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

/** The `_meta` of each POST of `method` the server received since `from`. */
const sent = (method: string, from: number) =>
  server.stats.requests
    .slice(from)
    .filter((r) => r.body?.method === method)
    .map((r) => (r.body.params?._meta ?? {}) as Record<string, unknown>)

describe('coalescing key', BOUND, () => {
  test('two identical listTools() at once share one POST', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url, { cache: false, logLevel: 'info' })
    const [a, b] = await Promise.all([client.listTools(), client.listTools()])
    assert.deepEqual(a, b)
    const posts = sent('tools/list', from)
    assert.equal(posts.length, 1)
    assert.equal(posts[0][META.logLevel], 'info')
  })

  test('two listTools() at once that ask for different log levels are each sent, each with its level', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url, { cache: false, logLevel: 'info' })
    await Promise.all([client.listTools(), client.listTools({ logLevel: 'debug' }), client.listTools({ logLevel: 'debug' })])
    const levels = sent('tools/list', from).map((meta) => meta[META.logLevel])
    assert.deepEqual(levels.sort(), ['debug', 'info'], 'one POST per level: the two debug ones shared theirs')
  })

  test('two reads at once that declare different capabilities are each sent, each with its capabilities', async () => {
    const from = server.stats.requests.length
    const client = new McpClient(server.url, { cache: false })
    const elicitation = async () => ({ action: 'decline' as const })
    await Promise.all([
      client.readResource('fixture://greeting'),
      client.readResource('fixture://greeting', { handlers: { elicitation } }),
      client.readResource('fixture://greeting', { handlers: { elicitation } }),
    ])
    const declared = sent('resources/read', from).map((meta) => meta[META.clientCapabilities] as Record<string, unknown>)
    assert.equal(declared.length, 2, 'one POST per set of capabilities: the two with a handler shared theirs')
    assert.deepEqual(declared.map((caps) => 'elicitation' in caps).sort(), [false, true])
  })
})
