/**
 * Tool input schemas: arguments are checked before anything is sent, 2020-12
 * schemas are kept exactly as served and validated correctly, remote `$ref`s
 * are never fetched, and hostile schemas (deep, huge, exponential, giant
 * patterns, unsupported dialects) are refused fast with a SchemaError.
 *
 * The hostile cases run the client in a worker thread: a schema that made
 * validation loop would block the thread synchronously, which node:test's
 * timeout cannot interrupt; a worker can be terminated, so those tests are
 * bounded even against a regression.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { InvalidArgumentsError, McpClient, SchemaError, checkArguments, type Tool } from '../../src/client/index.js'
import { startFixtureServer } from '../support/fixture-server.js'
import { rpcResult, sendJson, sendRaw, startFaultServer, type FaultServer } from '../support/fault-server.js'
import { assertIs, failure } from '../support/assert.js'

const BOUND = { timeout: 20_000 }
/**
 * What "fast" means for a hostile schema: bound behaviour, not a benchmark. The time is wall time in a worker (the
 * list's transfer and parse included), so it moves with the machine's load: the 100,000-subschema case took 355 ms
 * alone, and 1,093 ms in a fresh-clone `npm test` beside another suite file (test:node runs two at a time). A schema
 * the client walked without a bound would take minutes or never end (the exponential $ref case: 2^30 paths).
 */
const FAST_MS = 2_000

const toolCalls = (server: FaultServer) => server.requests.filter((r) => r.body?.method === 'tools/call')

/**
 * A fault server that lists `tools` (as JSON text, so a caller can hand in a
 * schema too deep for JSON.stringify) and answers every tools/call with the
 * arguments it received.
 */
function schemaServer(toolsJson: string): Promise<FaultServer> {
  return startFaultServer((ctx) => {
    if (ctx.method === 'tools/list') {
      return sendRaw(
        ctx.res,
        200,
        'application/json',
        `{"jsonrpc":"2.0","id":${JSON.stringify(ctx.id)},"result":{"resultType":"complete","tools":${toolsJson}}}`,
      )
    }
    if (ctx.method === 'tools/call') {
      return sendJson(
        ctx.res,
        200,
        rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: JSON.stringify(ctx.body.params.arguments) }] }),
      )
    }
    sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete' }))
  })
}

// ---- arguments are checked before sending --------------------------------------------------------

test('callTool with arguments that break the schema is an InvalidArgumentsError listing the path, and nothing is sent', BOUND, async () => {
  const server = await startFixtureServer()
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  const calls = () => server.stats.requests.filter((r) => r.body?.method === 'tools/call')
  try {
    const error = await failure(client.callTool('add', { a: 'one', b: 2 }))
    assertIs(error, InvalidArgumentsError)
    assert.equal(error.tool, 'add')
    assert.ok(
      error.errors.some((e: { path: string }) => e.path === '/a'),
      `errors name /a: ${JSON.stringify(error.errors)}`,
    )
    assert.match(error.message, /\/a/)
    assert.match(error.message, /number/, 'the message says what was expected')

    const missing = await failure(client.callTool('add', { a: 1 }))
    assertIs(missing, InvalidArgumentsError)
    assert.match(missing.message, /"b"/)

    assert.equal(calls().length, 0, 'no tools/call reached the server')

    // Valid arguments go through, so the check is not a blanket refusal.
    const ok = await client.callTool('add', { a: 2, b: 3 })
    assert.deepEqual(ok.structuredContent, { sum: 5 })
    assert.equal(calls().length, 1)
  } finally {
    client.close()
    await server.close()
  }
})

// ---- arguments a form checked are checked once ----------------------------------------------------

/** A tool whose one argument must match a pattern no other code here uses: each check of it builds that RegExp once. */
const CODE_PATTERN = '^[a-z]{3}-[0-9]{2}$'
const LABEL_TOOL = {
  name: 'label',
  inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: CODE_PATTERN }, note: { type: 'string' } }, required: ['code'] },
}

/** How many times `run` has the tool's pattern built: one per check of the arguments against the schema. */
async function patternChecks(run: () => Promise<unknown>): Promise<number> {
  const Native = globalThis.RegExp
  let built = 0
  globalThis.RegExp = new Proxy(Native, {
    construct(target, args, newTarget) {
      if (args[0] === CODE_PATTERN) built++
      return Reflect.construct(target, args, newTarget)
    },
  })
  try {
    await run()
  } finally {
    globalThis.RegExp = Native
  }
  return built
}

test('arguments checkArguments() found valid against the tool’s schema are not checked again by callTool(), and are sent', BOUND, async () => {
  const server = await schemaServer(JSON.stringify([LABEL_TOOL]))
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    const [tool] = await client.listTools()
    const args = { code: 'abc-12' }
    assert.equal(await patternChecks(() => client.callTool('label', args)), 1, 'a call alone checks its arguments once')
    assert.equal(await patternChecks(() => checkArguments(tool!.inputSchema, args)), 1, 'the form’s check')
    assert.equal(await patternChecks(() => client.callTool('label', args)), 0, 'the call after it checks them no second time')
    assert.deepEqual(toolCalls(server).map((r) => r.body.params.arguments), [args, args])
  } finally {
    client.close()
    await server.close()
  }
})

test('callTool() still refuses invalid arguments whatever was checked before: another schema, other arguments, the same object changed', BOUND, async () => {
  const server = await schemaServer(JSON.stringify([LABEL_TOOL]))
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    const [tool] = await client.listTools()
    const bad = { code: 'ABC' }
    // Valid against a looser schema (a page's own copy of the tool): not against the tool's.
    assert.deepEqual(await checkArguments({ type: 'object', properties: { code: { type: 'string' } } }, bad), [])
    assertIs(await failure(client.callTool('label', bad)), InvalidArgumentsError)
    // Checked invalid: nothing is remembered.
    assert.ok((await checkArguments(tool!.inputSchema, bad)).length > 0)
    assertIs(await failure(client.callTool('label', bad)), InvalidArgumentsError)
    // Other arguments than the ones found valid.
    assert.deepEqual(await checkArguments(tool!.inputSchema, { code: 'abc-12' }), [])
    assertIs(await failure(client.callTool('label', bad)), InvalidArgumentsError)
    // The object found valid, changed before the call.
    const args: Record<string, unknown> = { code: 'abc-12' }
    assert.deepEqual(await checkArguments(tool!.inputSchema, args), [])
    args.code = 'ABC'
    assertIs(await failure(client.callTool('label', args)), InvalidArgumentsError)
    // A null for the optional note is left out of the client's check, so the form's check of the whole value is not its.
    assert.ok((await checkArguments(tool!.inputSchema, { code: 'abc-12', note: null })).length > 0)
    await client.callTool('label', { code: 'abc-12', note: null })
    assert.equal(toolCalls(server).length, 1, 'only the valid call reached the server')
  } finally {
    client.close()
    await server.close()
  }
})

// ---- 2020-12 ------------------------------------------------------------------------------------

const SHAPE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
  },
  properties: {
    kind: { const: 'shape' },
    at: { $ref: '#/$defs/point' },
    card: { type: 'string' },
    billing: { type: 'string' },
  },
  required: ['kind', 'at'],
  dependentRequired: { card: ['billing'] },
  unevaluatedProperties: false,
}

test(
  'a 2020-12 schema (prefixItems, $defs/$ref, unevaluatedProperties, dependentRequired, const) is kept exactly as sent and validated correctly',
  BOUND,
  async () => {
    const served = [{ name: 'shape', description: 'Places a shape.', inputSchema: SHAPE_SCHEMA }]
    const server = await schemaServer(JSON.stringify(served))
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    try {
      const tools = await client.listTools()
      assert.deepEqual(tools, served, 'listTools returns the tool exactly as served')
      const tool = tools[0] as Tool

      // Valid: reaches the server unchanged.
      for (const args of [
        { kind: 'shape', at: [1, 2] },
        { kind: 'shape', at: [0.5, -3], card: 'visa', billing: 'Oslo' },
      ]) {
        const result = await client.callTool('shape', args)
        assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), args)
      }
      assert.equal(toolCalls(server).length, 2)

      const invalid: Array<[string, Record<string, unknown>, (errors: Array<{ path: string; message: string }>) => boolean]> = [
        ['prefixItems: a string where a number goes', { kind: 'shape', at: ['a', 2] }, (es) => es.some((e) => e.path === '/at/0')],
        ['items: false after the prefix', { kind: 'shape', at: [1, 2, 3] }, (es) => es.some((e) => e.path === '/at/2')],
        ['const', { kind: 'circle', at: [1, 2] }, (es) => es.some((e) => e.path === '/kind' && /shape/.test(e.message))],
        ['dependentRequired', { kind: 'shape', at: [1, 2], card: 'visa' }, (es) => es.some((e) => /billing/.test(e.message))],
        [
          'unevaluatedProperties: false',
          { kind: 'shape', at: [1, 2], extra: true },
          (es) => es.some((e) => /extra/.test(e.path + e.message)),
        ],
        ['$ref to $defs: not an array', { kind: 'shape', at: 'here' }, (es) => es.some((e) => e.path === '/at')],
        ['required', { kind: 'shape' }, (es) => es.some((e) => /"at"/.test(e.message))],
      ]
      for (const [what, args, expected] of invalid) {
        const error = await failure(client.callTool('shape', args))
        assertIs(error, InvalidArgumentsError)
        assert.ok(expected(error.errors), `${what}: ${JSON.stringify(error.errors)}`)
      }
      assert.equal(toolCalls(server).length, 2, 'no invalid call reached the server')

      // Validating did not annotate or rewrite the schema the tool carries.
      assert.deepEqual(tool.inputSchema, SHAPE_SCHEMA)
      assert.deepEqual(await client.listTools(), served)
    } finally {
      client.close()
      await server.close()
    }
  },
)

test('a draft-07 schema ($schema with a trailing #) is accepted and validated', BOUND, async () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { n: { type: 'integer', minimum: 1 } },
    required: ['n'],
    additionalProperties: false,
  }
  const server = await schemaServer(JSON.stringify([{ name: 'seven', inputSchema: schema }]))
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    assert.equal((await client.callTool('seven', { n: 3 })).isError, undefined)
    const error = await failure(client.callTool('seven', { n: 0 }))
    assertIs(error, InvalidArgumentsError)
    assert.ok(
      error.errors.some((e: { path: string }) => e.path === '/n'),
      JSON.stringify(error.errors),
    )
    assert.equal(toolCalls(server).length, 1)
  } finally {
    client.close()
    await server.close()
  }
})

// ---- $ref and $schema ------------------------------------------------------------------------------

test('a remote $ref is a SchemaError, and nothing but the server is ever fetched', BOUND, async () => {
  const schema = { type: 'object', properties: { x: { $ref: 'https://example.invalid/x.json' } } }
  const served = [{ name: 'remote', inputSchema: schema }]
  const server = await schemaServer(JSON.stringify(served))
  const urls: string[] = []
  const recording: typeof fetch = (input, init) => {
    urls.push(input instanceof Request ? input.url : String(input))
    return fetch(input, init)
  }
  const client = new McpClient(server.url, { timeoutMs: 5_000, fetch: recording })
  try {
    assert.deepEqual(await client.listTools(), served, 'the tool is listed as served')
    const error = await failure(client.callTool('remote', { x: 1 }))
    assertIs(error, SchemaError)
    assert.match(error.message, /remote/)
    assert.match(error.message, /https:\/\/example\.invalid\/x\.json/)
    assert.ok(urls.length > 0)
    assert.deepEqual([...new Set(urls)], [server.url], `only the server was fetched: ${urls.join(', ')}`)
    assert.equal(toolCalls(server).length, 0)
  } finally {
    client.close()
    await server.close()
  }
})

test('a local $ref that points nowhere is a SchemaError, not a permissive pass', BOUND, async () => {
  const schema = { type: 'object', properties: { x: { $ref: '#/$defs/missing' } } }
  const server = await schemaServer(JSON.stringify([{ name: 'dangling', inputSchema: schema }]))
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    const error = await failure(client.callTool('dangling', { x: 1 }))
    assertIs(error, SchemaError)
    assert.match(error.message, /#\/\$defs\/missing/)
    assert.equal(toolCalls(server).length, 0)
  } finally {
    client.close()
    await server.close()
  }
})

test('a $schema of an unsupported dialect is a SchemaError naming it', BOUND, async () => {
  const dialect = 'http://json-schema.org/draft-03/schema#'
  const schema = { $schema: dialect, type: 'object', properties: { x: { type: 'string' } } }
  const server = await schemaServer(JSON.stringify([{ name: 'old', inputSchema: schema }]))
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    const error = await failure(client.callTool('old', { x: 'a' }))
    assertIs(error, SchemaError)
    assert.ok(error.message.includes(dialect), error.message)
    assert.match(error.message, /not supported/)
    assert.equal(toolCalls(server).length, 0)
  } finally {
    client.close()
    await server.close()
  }
})

// ---- hostile schemas ---------------------------------------------------------------------------------

interface Outcome {
  outcome: 'resolved' | 'rejected'
  /** ms from callTool to settling, measured in the worker. */
  elapsed: number
  name?: string
  message?: string
  isSchemaError?: boolean
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
(async () => {
  const { register } = await import(workerData.tsx);
  register();
  const { McpClient, SchemaError } = await import(workerData.client);
  const client = new McpClient(workerData.url, { timeoutMs: 5000 });
  const start = performance.now();
  try {
    await client.callTool(workerData.tool, workerData.args);
    parentPort.postMessage({ outcome: 'resolved', elapsed: performance.now() - start });
  } catch (e) {
    parentPort.postMessage({
      outcome: 'rejected',
      elapsed: performance.now() - start,
      name: e && e.constructor && e.constructor.name,
      message: String(e && e.message),
      isSchemaError: e instanceof SchemaError,
    });
  } finally {
    client.close();
  }
})().catch((e) => parentPort.postMessage({ outcome: 'rejected', elapsed: -1, name: 'WorkerSetupError', message: String(e && e.stack) }));
`

/**
 * Calls `tool` from a fresh client in a worker thread; the worker is
 * terminated if it has not answered within `limitMs`, so a schema that hangs
 * validation fails the test instead of hanging the run.
 */
async function callInWorker(url: string, tool: string, args: Record<string, unknown>, limitMs = 8_000, stackSizeMb = 1): Promise<Outcome> {
  const worker = new Worker(WORKER, {
    eval: true,
    // A worker's stack defaults to 4 MB; a page's main thread (and Node's) has about 1 MB.
    // Test with what the client will really have, so a recursion that only fits in 4 MB is caught.
    resourceLimits: { stackSizeMb },
    workerData: {
      tsx: import.meta.resolve('tsx/esm/api'),
      client: new URL('../../src/client/index.ts', import.meta.url).href,
      url,
      tool,
      args,
    },
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await new Promise<Outcome>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`callTool("${tool}") did not settle within ${limitMs} ms: the schema hung the client`)),
        limitMs,
      )
      worker.once('message', resolve)
      worker.once('error', reject)
    })
  } finally {
    clearTimeout(timer)
    await worker.terminate()
  }
}

/** Serves one tool whose inputSchema is the given JSON text; calls it; asserts a fast SchemaError and that nothing was sent. */
async function assertRefusedFast(name: string, schemaJson: string, args: Record<string, unknown>, reason: RegExp, stackSizeMb?: number): Promise<void> {
  const server = await schemaServer(`[{"name":${JSON.stringify(name)},"inputSchema":${schemaJson}}]`)
  try {
    const result = await callInWorker(server.url, name, args, undefined, stackSizeMb)
    assert.equal(result.outcome, 'rejected', `callTool("${name}") must fail`)
    assert.ok(result.isSchemaError, `expected SchemaError, got ${result.name}: ${result.message}`)
    assert.match(result.message!, reason)
    assert.ok(result.elapsed < FAST_MS, `took ${result.elapsed.toFixed(0)} ms (bound: ${FAST_MS} ms)`)
    assert.equal(toolCalls(server).length, 0, 'no tools/call reached the server')
  } finally {
    await server.close()
  }
}

test('a schema nested 10,000 levels deep is refused fast with SchemaError', BOUND, async () => {
  // Built as text: JSON.stringify of the object would itself recurse 10,000 deep.
  const depth = 10_000
  let json = ''
  for (let i = 0; i < depth; i++) json += '{"type":"object","properties":{"x":'
  json += '{"type":"string"}'
  for (let i = 0; i < depth; i++) json += '}}'
  await assertRefusedFast('deep', json, { x: { x: 'a' } }, /deeper|depth|nest/i)
})

test('a schema with 100,000 subschemas is refused fast with SchemaError', BOUND, async () => {
  const props: string[] = []
  for (let i = 0; i < 100_000; i++) props.push(`"p${i}":{"type":"string"}`)
  const json = `{"type":"object","properties":{${props.join(',')}}}`
  await assertRefusedFast('wide', json, { p0: 'a' }, /subschemas|too many|too large/i)
})

test('exponential $ref fan-out (30 levels of anyOf of two $refs) is refused fast with SchemaError', BOUND, async () => {
  const levels = 30
  const defs: Record<string, unknown> = {}
  for (let i = 0; i < levels; i++) defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] }
  defs[`d${levels}`] = { type: 'string' }
  const json = JSON.stringify({ type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs: defs })
  // An invalid instance: an unguarded validator would try all 2^30 paths.
  await assertRefusedFast('fanout', json, { x: 1 }, /\$ref/)
})

test('a 10,000-character pattern is refused fast with SchemaError', BOUND, async () => {
  const json = JSON.stringify({ type: 'object', properties: { s: { type: 'string', pattern: `^(${'a'.repeat(10_000)})$` } } })
  await assertRefusedFast('pattern', json, { s: 'aaa' }, /pattern/)
})

test('a chain of 4,000 local $refs is refused fast with SchemaError, not a stack overflow', BOUND, async () => {
  // Each definition only points at the next: shallow to walk, 4,000 deep to follow.
  const length = 4_000
  const defs: string[] = []
  for (let i = 0; i < length; i++) defs.push(`"d${i}":{"$ref":"#/$defs/d${i + 1}"}`)
  defs.push(`"d${length}":{"type":"string"}`)
  const json = `{"type":"object","properties":{"x":{"$ref":"#/$defs/d0"}},"$defs":{${defs.join(',')}}}`
  // Half the usual stack: whether 4,000 frames fit in 1 MB depends on how far the JIT has optimised them (it passed
  // alone and overflowed in a full run), so a recursion that follows the chain must fail here every time.
  await assertRefusedFast('chain', json, { x: 'a' }, /\$ref|deep|depth|nest/i, 0.5)
})

test('a $ref cycle with nothing in between is refused fast with SchemaError', BOUND, async () => {
  const json = JSON.stringify({
    type: 'object',
    properties: { x: { $ref: '#/$defs/a' } },
    $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
  })
  await assertRefusedFast('cycle', json, { x: 'a' }, /its \$refs form a cycle that never reaches a value \(#\/\$defs\/b → #\/\$defs\/a\)/)
})

test('listTools returns promptly with hostile-but-walkable schemas listed, and sane tools stay callable', BOUND, async () => {
  // Listing checks x-mcp-header only; compiling (and refusing) a schema is the cost of calling that tool.
  const defs: Record<string, unknown> = {}
  for (let i = 0; i < 30; i++) defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] }
  defs.d30 = { type: 'string' }
  const fanout = JSON.stringify({ type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs: defs })
  const pattern = JSON.stringify({ type: 'object', properties: { s: { type: 'string', pattern: 'a'.repeat(10_000) } } })
  const server = await schemaServer(
    `[{"name":"fanout","inputSchema":${fanout}},{"name":"pattern","inputSchema":${pattern}},{"name":"echo","inputSchema":{"type":"object"}}]`,
  )
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    const start = performance.now()
    const names = (await client.listTools()).map((t) => t.name)
    assert.ok(performance.now() - start < FAST_MS)
    assert.deepEqual(names, ['fanout', 'pattern', 'echo'])
    // A tool with a sane schema on the same server still works.
    await client.callTool('echo', {})
    assert.equal(toolCalls(server).length, 1)
  } finally {
    client.close()
    await server.close()
  }
})
