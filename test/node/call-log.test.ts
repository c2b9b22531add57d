// The call log (issue 18) against the official SDK server over real HTTP: a record per tool call whatever its
// outcome (result, tool error, JSON-RPC error, denial, invalid arguments), with time, origin, server, tool,
// arguments as sent, the approval decision and the duration; an event per record; the bound; the JSON export;
// and a view's request recorded through the public record().
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { CallLog, InvalidArgumentsError, McpClient, ToolCallDeniedError, type CallRecord } from '../../src/client/index.js'
import { FIXTURE_SERVER_INFO, startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { assertIs, failure } from '../support/assert.js'

const BOUND = { timeout: 15_000 }

let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

/** A client and every callrecord event it fires. */
function logged(options: ConstructorParameters<typeof McpClient>[1] = {}) {
  const client = new McpClient(server.url, options)
  const events: CallRecord[] = []
  client.addEventListener('callrecord', (e) => events.push(e.detail))
  return { client, events }
}

describe('the call log', () => {
  test('a call is recorded with its time, origin, server, tool, arguments as sent, approval, result and duration', BOUND, async () => {
    const { client, events } = logged({ approve: () => ({ decision: 'allow-once', by: 'user' }) })
    await client.discover()
    const before = Date.now()
    const result = await client.callTool('slow_count', { n: 2, delayMs: 60 }, { origin: { kind: 'model', model: 'test-model', callId: 'c1' } })
    const [record] = client.callLog.records
    assert.equal(events.length, 1, 'one event per record')
    assert.equal(events[0], record)
    assert.equal(record.method, 'tools/call')
    assert.equal(record.tool, 'slow_count')
    assert.deepEqual(record.arguments, { n: 2, delayMs: 60 })
    assert.deepEqual(record.origin, { kind: 'model', model: 'test-model', callId: 'c1' })
    assert.deepEqual(record.server, { url: server.url, name: FIXTURE_SERVER_INFO.name })
    assert.equal(record.approval?.decision, 'allow-once')
    assert.equal(record.approval?.by, 'user')
    assert.equal(typeof record.approval?.waitedMs, 'number')
    assert.equal(record.result, result)
    assert.equal(record.error, undefined)
    assert.ok(record.time >= before && record.time <= Date.now())
    assert.ok(record.durationMs >= 100, `the server took two steps of 60 ms, the record says ${record.durationMs} ms`)
  })

  test('failures are recorded too: a denial, invalid arguments, a JSON-RPC error; a call with no gate says ungated', BOUND, async () => {
    const { client } = logged({ approve: ({ tool }) => (tool.name === 'echo' ? { decision: 'deny', by: 'policy', reason: 'no echo' } : 'allow-once') })
    assertIs(await failure(client.callTool('echo', { text: 'x' })), ToolCallDeniedError)
    assertIs(await failure(client.callTool('add', { a: 'not a number', b: 1 })), InvalidArgumentsError)
    await failure(client.callTool('throws', {}))
    await client.callTool('fail', {}, { approve: false })
    const [denied, invalid, thrown, ungated] = client.callLog.records
    assert.deepEqual(denied.approval, { decision: 'deny', by: 'policy', reason: 'no echo', waitedMs: denied.approval!.waitedMs })
    assert.equal(denied.error?.name, 'ToolCallDeniedError')
    assert.match(denied.error!.message, /denied by policy: no echo/)
    assert.equal(invalid.approval, undefined, 'invalid arguments fail before the gate')
    assert.equal(invalid.error?.name, 'InvalidArgumentsError')
    assert.deepEqual(invalid.arguments, { a: 'not a number', b: 1 })
    assert.equal(thrown.error?.code, -32603)
    assert.equal(thrown.approval?.decision, 'allow-once')
    assert.equal(ungated.approval?.decision, 'ungated')
    assert.equal((ungated.result as { isError?: boolean }).isError, true, 'a tool error is a result')
    assert.deepEqual(
      client.callLog.records.map((r) => r.id),
      [1, 2, 3, 4],
    )
  })

  test('a call remembered as "always" is recorded as remembered', BOUND, async () => {
    const { client } = logged({ authContext: 'someone', approve: () => 'allow-always' })
    await client.callTool('echo', { text: 'a' })
    await client.callTool('echo', { text: 'b' })
    assert.deepEqual(
      client.callLog.records.map((r) => r.approval?.decision),
      ['allow-always', 'remembered'],
    )
  })

  test('the log is bounded by callLogSize (oldest go first); 0 keeps none but still fires events', BOUND, async () => {
    const { client } = logged({ callLogSize: 2 })
    for (const text of ['a', 'b', 'c']) await client.callTool('echo', { text })
    assert.deepEqual(
      client.callLog.records.map((r) => r.arguments?.text),
      ['b', 'c'],
    )
    const none = logged({ callLogSize: 0 })
    await none.client.callTool('echo', { text: 'a' })
    assert.equal(none.client.callLog.records.length, 0)
    assert.equal(none.events.length, 1)
  })

  test('a full log keeps the newest, oldest first, however often it wrapped; export() and clear() agree', BOUND, () => {
    const record = (log: CallLog, n: number) =>
      log.record({ time: n, durationMs: 0, origin: { kind: 'page' }, method: 'tools/call', tool: 'echo', arguments: { n } })
    const log = new CallLog(3, () => ({ url: 'http://127.0.0.1:1/mcp?key=secret' }), () => {})
    for (let n = 1; n <= 8; n++) record(log, n)
    assert.deepEqual(
      log.records.map((r) => r.arguments?.n),
      [6, 7, 8],
    )
    assert.deepEqual(
      JSON.parse(log.export()).records.map((r: CallRecord) => r.arguments?.n),
      [6, 7, 8],
    )
    assert.equal(log.records[0]!.server.url, 'http://127.0.0.1:1/mcp?key=•••')
    log.clear()
    for (const n of [9, 10, 11, 12]) record(log, n)
    assert.deepEqual(
      log.records.map((r) => r.arguments?.n),
      [10, 11, 12],
    )
    // A size that is not a whole number keeps as many as fit under it.
    const fractional = new CallLog(2.5, () => ({ url: 'http://127.0.0.1:1/mcp' }), () => {})
    for (let n = 1; n <= 5; n++) record(fractional, n)
    assert.deepEqual(
      fractional.records.map((r) => r.arguments?.n),
      [4, 5],
    )
  })

  test("a view's request is recorded through record(), with the server filled in", BOUND, async () => {
    const { client, events } = logged()
    const time = Date.now()
    const result = await client.readResource('fixture://greeting')
    const record = client.callLog.record({
      time,
      durationMs: Date.now() - time,
      origin: { kind: 'view', uri: 'ui://fixture/view' },
      method: 'resources/read',
      params: { uri: 'fixture://greeting' },
      result,
    })
    const failed = client.callLog.record({
      time,
      durationMs: 1,
      origin: { kind: 'view', uri: 'ui://fixture/view' },
      method: 'ui/open-link',
      params: { url: 'javascript:alert(1)' },
      error: new Error('refused: not an http(s) URL'),
    })
    assert.equal(record.server.url, server.url)
    assert.deepEqual(failed.error, { name: 'Error', message: 'refused: not an http(s) URL' })
    assert.deepEqual(events, [record, failed])
    assert.deepEqual(client.callLog.records, [record, failed])
  })

  test('export() is JSON of every record kept, in a versioned envelope; clear() empties the log', BOUND, async () => {
    const { client } = logged({ approve: () => 'allow-once' })
    await client.callTool('echo', { text: 'exported' })
    await failure(client.callTool('throws', {}))
    const exported = JSON.parse(client.callLog.export())
    assert.equal(exported.version, 1)
    assert.ok(!Number.isNaN(Date.parse(exported.exportedAt)))
    assert.equal(exported.records.length, 2)
    assert.deepEqual(exported.records[0].arguments, { text: 'exported' })
    assert.deepEqual(exported.records[0].result.content, [{ type: 'text', text: 'exported' }])
    assert.equal(exported.records[1].error.name, 'JsonRpcError')
    client.callLog.clear()
    assert.equal(client.callLog.records.length, 0)
  })
})
