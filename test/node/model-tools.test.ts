// Tools in function-calling form for a model (issue 18), against two official SDK servers over real HTTP: names
// that fit model APIs (1-64 of [a-zA-Z0-9_-]), prefixed by a server key with several servers, collisions kept
// apart, the mapping back to the right server (its request log shows which got the call), the gate asked with
// origin model, and no call at all without a gate.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  InvalidArgumentsError,
  McpClient,
  ModelTools,
  ToolCallDeniedError,
  UnknownModelToolError,
  modelTools,
  type ApprovalRequest,
} from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { assertIs, failure } from '../support/assert.js'

const BOUND = { timeout: 15_000 }
const FITS = /^[a-zA-Z0-9_-]{1,64}$/

let alpha: FixtureServer
let beta: FixtureServer
before(async () => {
  alpha = await startFixtureServer()
  beta = await startFixtureServer({ annotatedTools: true })
})
after(async () => {
  await alpha.close()
  await beta.close()
})

/** The tools/call requests a server received, as tool name and arguments. */
const callsTo = (s: FixtureServer) =>
  s.stats.requests.filter((r) => r.body?.method === 'tools/call').map((r) => ({ name: r.body.params.name, arguments: r.body.params.arguments }))

describe('modelTools', () => {
  test('one client: name, description and inputSchema as parameters; names that fit stay as they are', BOUND, async () => {
    const client = new McpClient(alpha.url)
    const tools = await modelTools(client)
    const listed = await client.listTools()
    assert.equal(tools.functions.length, listed.length)
    const echo = tools.functions.find((f) => f.name === 'echo')!
    assert.equal(echo.description, 'Returns its input text.')
    assert.deepEqual(echo.parameters, listed.find((t) => t.name === 'echo')!.inputSchema)
    for (const f of tools.functions) assert.match(f.name, FITS)
    // A name with characters model APIs refuse is made to fit, and still maps back to its tool.
    const unicode = tools.functions.find((f) => tools.resolve(f.name)?.tool.name === 'unicode_名前')!
    assert.match(unicode.name, /^unicode____[a-z0-9]{8}$/)
    assert.equal(tools.resolve(unicode.name)!.client, client)
  })

  test('several servers: names prefixed by the server key, the same tool name kept apart, each call to its own server', BOUND, async () => {
    const approve = () => 'allow-once' as const
    const a = new McpClient(alpha.url, { approve })
    const b = new McpClient(beta.url, { approve })
    const tools = await modelTools({ alpha: a, beta: b })
    const names = tools.functions.map((f) => f.name)
    assert.ok(names.includes('alpha__echo') && names.includes('beta__echo'))
    assert.ok(names.includes('beta__lookup') && !names.includes('alpha__lookup'))
    assert.equal(new Set(names).size, names.length, 'no two functions share a name')
    for (const name of names) assert.match(name, FITS)
    assert.equal(tools.resolve('beta__echo')!.client, b)
    assert.equal(tools.resolve('beta__echo')!.key, 'beta')

    const beforeA = callsTo(alpha).length
    const result = await tools.call('beta__echo', '{"text":"to beta"}')
    assert.deepEqual(result.content, [{ type: 'text', text: 'to beta' }])
    assert.deepEqual(callsTo(beta).at(-1), { name: 'echo', arguments: { text: 'to beta' } })
    assert.equal(callsTo(alpha).length, beforeA, 'alpha got nothing')
    await tools.call('alpha__echo', { text: 'to alpha' })
    assert.deepEqual(callsTo(alpha).at(-1), { name: 'echo', arguments: { text: 'to alpha' } })
  })

  test('a long server key and tool name fit in 64 characters, stay apart and map back', BOUND, async () => {
    const key = 'a-server-key-that-is-much-longer-than-anyone-would-choose-for-a-name'
    const client = new McpClient(alpha.url, { approve: () => 'allow-once' })
    const tools = await modelTools({ [key]: client, [`${key}-too`]: new McpClient(beta.url) })
    const names = tools.functions.map((f) => f.name)
    for (const name of names) assert.match(name, FITS)
    assert.equal(new Set(names).size, names.length)
    const echo = names.find((n) => tools.resolve(n)?.key === key && tools.resolve(n)?.tool.name === 'echo')!
    assert.deepEqual((await tools.call(echo, { text: 'long' })).content, [{ type: 'text', text: 'long' }])
    // The same names from one listing to the next (a model's conversation keeps working).
    const again = await modelTools({ [key]: client, [`${key}-too`]: new McpClient(beta.url) })
    assert.deepEqual(
      again.functions.map((f) => f.name),
      names,
    )
  })

  test("a model's call goes through the gate with origin model, and is logged", BOUND, async () => {
    const asked: ApprovalRequest[] = []
    const client = new McpClient(alpha.url, { approve: (r) => (asked.push(r), { decision: 'deny', by: 'user' }) })
    const tools = await modelTools(client)
    const before = callsTo(alpha).length
    const error = await failure(tools.call('echo', { text: 'no' }, { model: 'scripted', callId: 'call_1' }))
    assertIs(error, ToolCallDeniedError)
    assert.deepEqual(asked[0].origin, { kind: 'model', model: 'scripted', callId: 'call_1' })
    assert.equal(callsTo(alpha).length, before)
    assert.deepEqual(client.callLog.records.at(-1)!.origin, { kind: 'model', model: 'scripted', callId: 'call_1' })
  })

  test("no gate (approve: false is none): a model's call is denied by policy, nothing sent; a page's gate runs it", BOUND, async () => {
    const tools = await modelTools(new McpClient(alpha.url))
    const before = callsTo(alpha).length
    for (const options of [{}, { approve: false as const }]) {
      const error = await failure(tools.call('echo', { text: 'unasked' }, options))
      assertIs(error, ToolCallDeniedError)
      assert.equal(error.by, 'policy')
      assert.match(error.message, /no approval gate/)
    }
    assert.equal(callsTo(alpha).length, before)
    await tools.call('echo', { text: 'on purpose' }, { approve: () => 'allow-once' })
    assert.equal(callsTo(alpha).length, before + 1)
  })

  test('an unknown function name and arguments that are not a JSON object are typed errors, and send nothing', BOUND, async () => {
    const tools = await modelTools(new McpClient(alpha.url, { approve: () => 'allow-once' }))
    const before = alpha.stats.requests.length
    const unknown = await failure(tools.call('made_up', {}))
    assertIs(unknown, UnknownModelToolError)
    assert.match(unknown.message, /"made_up"/)
    for (const bad of ['{"text": ', '["a"]', '"text"']) {
      const error = await failure(tools.call('echo', bad))
      assertIs(error, InvalidArgumentsError)
      assert.match(error.message, /not a JSON object/)
    }
    assert.equal(alpha.stats.requests.length, before)
    // Empty arguments are no arguments (echo needs text: its schema says so).
    assertIs(await failure(tools.call('echo', '')), InvalidArgumentsError)
  })

  test('names that would collide (a key and a tool name both with __) are kept apart, each mapping back to its own tool', BOUND, async () => {
    const one = new McpClient(alpha.url)
    const other = new McpClient(beta.url)
    const tools = new ModelTools([
      { key: 'a', client: one, tools: [{ name: 'b__c', inputSchema: { type: 'object' } }] },
      { key: 'a__b', client: other, tools: [{ name: 'c', inputSchema: { type: 'object' } }] },
    ])
    const [first, second] = tools.functions.map((f) => f.name)
    assert.equal(first, 'a__b__c')
    assert.notEqual(second, first)
    assert.match(second, FITS)
    assert.equal(tools.resolve(first)!.client, one)
    assert.equal(tools.resolve(second)!.client, other)
    assert.equal(tools.resolve(second)!.tool.name, 'c')
  })

  test('a server that cannot list is reported; the model gets the others', BOUND, async () => {
    const down = new McpClient('http://127.0.0.1:9/mcp', { timeoutMs: 2_000 })
    const tools = await modelTools({ up: new McpClient(alpha.url), down })
    assert.ok(tools.functions.some((f) => f.name === 'up__echo'))
    assert.equal(tools.unavailable.length, 1)
    assert.equal(tools.unavailable[0].key, 'down')
  })
})
