/**
 * The Streamable HTTP request-metadata headers of revision 2026-07-28: the
 * value encoding, the x-mcp-header rules, and what actually reaches a real
 * server (the official SDK behind test/support/fixture-server.ts, which
 * rejects a request whose headers disagree with its body). The header
 * mismatch retry is driven from the fault server, which can change its
 * answer between requests.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { HeaderMismatchError, InvalidArgumentsError, InvalidToolError, McpClient, type Tool } from '../../src/client/index.js'
import { paramHeaders } from '../../src/transport/headers.js'
import { findHeaderParams } from '../../src/schema/mcp-header.js'
import { startFixtureServer, type FixtureServer, type RecordedRequest } from '../support/fixture-server.js'
import { rpcError, rpcResult, sendJson, startFaultServer } from '../support/fault-server.js'
import { assertIs, failure } from '../support/assert.js'

const VERSION = '2026-07-28'
const BOUND = { timeout: 15_000 }
const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
}

const b64 = (s: string) => `=?base64?${Buffer.from(s, 'utf8').toString('base64')}?=`
const textOf = (result: { content?: unknown }) => (result.content as Array<{ type: string; text?: string }>).map((c) => c.text).join('')
const calls = (requests: RecordedRequest[]) => requests.filter((r) => r.body?.method === 'tools/call')
/** The `Mcp-Param-X` header the client sends for an argument `v` of `value` (every header value is encoded so). */
const encodedParam = (value: string) => paramHeaders([{ name: 'X', path: ['v'] }], { v: value })['mcp-param-X']

/** Runs `body` against a fresh fixture server, closing it (and the client) whatever happens. */
async function withFixture(
  options: Parameters<typeof startFixtureServer>[0],
  body: (server: FixtureServer) => Promise<void>,
): Promise<void> {
  const server = await startFixtureServer(options)
  try {
    await body(server)
  } finally {
    await server.close()
  }
}

// ---- value encoding ---------------------------------------------------------------------

test('a header value matches every row of the spec encoding table', BOUND, () => {
  const table: Array<[string, string]> = [
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
    // Beyond the table: a value that only looks encoded, and the empty string (an empty header may be dropped by a proxy).
    ['=?base64?SGk=?=', '=?base64?PT9iYXNlNjQ/U0drPT89?='],
    ['', '=?base64??='],
  ]
  for (const [value, encoded] of table) assert.equal(encodedParam(value), encoded, `encoding ${JSON.stringify(value)}`)
})

test('an encoded header value is always a legal header value that decodes back to the input', BOUND, () => {
  for (const value of [
    'us-west1',
    'Hello, 世界',
    ' padded ',
    'line1\nline2',
    '=?base64?literal?=',
    'tab\tinside',
    'trailing\t',
    'nul\0byte',
    '😀',
    'a'.repeat(500),
    '',
    '=?base64??=',
  ]) {
    const encoded = encodedParam(value)!
    assert.match(encoded, /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/, `${JSON.stringify(value)} → ${JSON.stringify(encoded)}`)
    assert.doesNotThrow(() => new Headers({ 'mcp-param-x': encoded }))
    const decoded = encoded.startsWith('=?base64?') ? Buffer.from(encoded.slice(9, -2), 'base64').toString('utf8') : encoded
    assert.equal(decoded, value)
  }
})

// ---- x-mcp-header rules -------------------------------------------------------------------

test('findHeaderParams finds annotations on string, integer and boolean properties, nested through properties', BOUND, () => {
  const found = findHeaderParams({
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      tenant: {
        type: 'object',
        properties: {
          id: { type: 'string', 'x-mcp-header': 'Tenant' },
          deep: { type: 'object', properties: { flag: { type: 'boolean', 'x-mcp-header': 'Flag' } } },
        },
      },
      limit: { type: 'integer', 'x-mcp-header': 'Limit' },
      query: { type: 'string' },
    },
  })
  assert.ok(found.ok, !found.ok ? found.reason : '')
  assert.deepEqual(
    [...found.params].sort((a, b) => a.name.localeCompare(b.name)),
    [
      { name: 'Flag', path: ['tenant', 'deep', 'flag'] },
      { name: 'Limit', path: ['limit'] },
      { name: 'Region', path: ['region'] },
      { name: 'Tenant', path: ['tenant', 'id'] },
    ],
  )
  const none = findHeaderParams({ type: 'object', properties: { a: { type: 'string' } } })
  assert.deepEqual(none, { ok: true, params: [] })
})

test('findHeaderParams accepts a nullable primitive (type ["string", "null"]): a null value sends no header', BOUND, () => {
  const found = findHeaderParams({
    type: 'object',
    properties: { region: { type: ['string', 'null'], 'x-mcp-header': 'Region' }, n: { type: ['null', 'integer'], 'x-mcp-header': 'N' } },
  })
  assert.deepEqual(found, {
    ok: true,
    params: [
      { name: 'Region', path: ['region'] },
      { name: 'N', path: ['n'] },
    ],
  })
})

test('findHeaderParams rejects each invalid annotation with a reason naming the problem', BOUND, () => {
  const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra })
  const cases: Array<[string, unknown, RegExp]> = [
    ['an empty name', obj({ a: { type: 'string', 'x-mcp-header': '' } }), /not a valid HTTP header token/],
    ['a name with a space', obj({ a: { type: 'string', 'x-mcp-header': 'Has Space' } }), /"Has Space".*not a valid HTTP header token/],
    ['a name with a colon', obj({ a: { type: 'string', 'x-mcp-header': 'X:Y' } }), /"X:Y".*not a valid HTTP header token/],
    ['a non-ASCII name', obj({ a: { type: 'string', 'x-mcp-header': 'Région' } }), /"Région".*not a valid HTTP header token/],
    ['a non-string name', obj({ a: { type: 'string', 'x-mcp-header': 42 } }), /42.*not a valid HTTP header token/],
    ['a number-typed property', obj({ n: { type: 'number', 'x-mcp-header': 'N' } }), /"N".*"number".*only string, integer and boolean/],
    ['an object-typed property', obj({ o: { type: 'object', 'x-mcp-header': 'O' } }), /"O".*"object"/],
    ['an untyped property', obj({ u: { 'x-mcp-header': 'U' } }), /"U".*untyped/],
    ['a union of two primitives', obj({ u: { type: ['string', 'integer'], 'x-mcp-header': 'U' } }), /"U".*\["string","integer"\]/],
    ['only null', obj({ u: { type: ['null'], 'x-mcp-header': 'U' } }), /"U".*\["null"\]/],
    [
      'a property under items',
      obj({ list: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', 'x-mcp-header': 'Id' } } } } }),
      /not reachable from the root through "properties"/,
    ],
    [
      'a branch of anyOf',
      obj({ v: { anyOf: [{ type: 'string', 'x-mcp-header': 'V' }, { type: 'integer' }] } }),
      /not reachable from the root through "properties"/,
    ],
    [
      'a definition in $defs',
      obj({ r: { $ref: '#/$defs/R' } }, { $defs: { R: { type: 'string', 'x-mcp-header': 'R' } } }),
      /not reachable from the root through "properties"/,
    ],
    ['the root schema', { type: 'object', 'x-mcp-header': 'Root', properties: {} }, /not reachable from the root through "properties"/],
    [
      'a duplicate ignoring case',
      obj({ a: { type: 'string', 'x-mcp-header': 'Dup' }, b: { type: 'string', 'x-mcp-header': 'dup' } }),
      /used twice.*ignoring case/,
    ],
  ]
  for (const [name, schema, reason] of cases) {
    const found = findHeaderParams(schema)
    assert.equal(found.ok, false, `${name} must be rejected`)
    if (!found.ok) assert.match(found.reason, reason, `${name}: ${found.reason}`)
  }
})

// ---- what reaches a real server ------------------------------------------------------------

test('every request carries MCP-Protocol-Version, Mcp-Method, Mcp-Name where named, and the _meta envelope', BOUND, async () => {
  await withFixture({}, async (server) => {
    const clientInfo = { name: 'headers-test', version: '9.9.9' }
    const client = new McpClient(server.url, {
      clientInfo,
      timeoutMs: 5_000,
      handlers: { elicitation: async () => ({ action: 'decline' }) },
    })
    try {
      await client.discover()
      await client.listTools()
      assert.equal(textOf(await client.callTool('echo', { text: 'hi' })), 'hi')
      await client.listResources()
      await client.listResourceTemplates()
      const read = await client.readResource('fixture://greeting')
      assert.equal((read.contents[0] as { text: string }).text, 'Hello from the fixture server')
      await client.listPrompts()
      const prompt = await client.getPrompt('greet', { name: 'Ada' })
      assert.match(JSON.stringify(prompt.messages), /Please greet Ada/)
      const completion = await client.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'A' })
      assert.deepEqual(completion.completion.values, ['Alice'])
      const subscription = client.listen({ toolsListChanged: true })
      try {
        await subscription.acknowledged
      } finally {
        subscription.close()
        await subscription.closed
      }
    } finally {
      client.close()
    }

    const requests = server.stats.requests.filter((r) => r.method === 'POST')
    const seen = requests.map((r) => r.body.method)
    for (const m of [
      'server/discover',
      'tools/list',
      'tools/call',
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'prompts/list',
      'prompts/get',
      'completion/complete',
      'subscriptions/listen',
    ]) {
      assert.ok(seen.includes(m), `${m} was sent`)
    }
    for (const r of requests) {
      const m = r.body.method
      assert.equal(r.headers['mcp-protocol-version'], VERSION, `${m}: MCP-Protocol-Version`)
      assert.equal(r.headers['mcp-method'], m, `${m}: Mcp-Method`)
      const name = m === 'resources/read' ? r.body.params.uri : m === 'tools/call' || m === 'prompts/get' ? r.body.params.name : undefined
      assert.equal(r.headers['mcp-name'], name, `${m}: Mcp-Name`)
      const meta = r.body.params?._meta ?? {}
      assert.equal(meta[META.protocolVersion], VERSION, `${m}: _meta protocolVersion`)
      assert.deepEqual(meta[META.clientInfo], clientInfo, `${m}: _meta clientInfo`)
      assert.deepEqual(meta[META.clientCapabilities], { elicitation: { form: {} } }, `${m}: _meta clientCapabilities`)
    }
  })
})

test('region_query mirrors its annotated arguments into Mcp-Param-* headers, and omits absent ones', BOUND, async () => {
  await withFixture({}, async (server) => {
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    try {
      const plain = await client.callTool('region_query', { region: 'us-west1', tenant: { id: 'acme' } })
      assert.equal(textOf(plain), 'region=us-west1 tenant=acme limit=- dry_run=- query=-')
      const first = calls(server.stats.requests).at(-1)!
      assert.equal(first.headers['mcp-param-region'], 'us-west1')
      assert.equal(first.headers['mcp-param-tenant'], 'acme')
      assert.ok(!('mcp-param-limit' in first.headers), 'no Mcp-Param-Limit when limit is absent')
      assert.ok(!('mcp-param-dry-run' in first.headers), 'no Mcp-Param-Dry-Run when dry_run is absent')

      const full = await client.callTool('region_query', {
        region: 'Zürich',
        tenant: { id: ' acme ' },
        limit: 5,
        dry_run: false,
        query: 'q',
      })
      assert.equal(textOf(full), 'region=Zürich tenant= acme  limit=5 dry_run=false query=q')
      const second = calls(server.stats.requests).at(-1)!
      assert.equal(second.headers['mcp-param-region'], b64('Zürich'))
      assert.equal(second.headers['mcp-param-tenant'], b64(' acme '))
      assert.equal(second.headers['mcp-param-limit'], '5')
      assert.equal(second.headers['mcp-param-dry-run'], 'false')
      assert.ok(!Object.keys(second.headers).some((h) => h === 'mcp-param-query'), 'an unannotated argument is not mirrored')
    } finally {
      client.close()
    }
  })
})

test('a null argument at an x-mcp-header path sends no Mcp-Param-* header (not "null", not empty)', BOUND, async () => {
  await withFixture({}, async (server) => {
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    try {
      // The server may refuse null for its own reasons; what matters here is which headers reached it.
      await client.callTool('region_query', { region: 'us-west1', tenant: { id: 'acme' }, limit: null }).catch(() => {})
      const sent = calls(server.stats.requests).at(-1)!
      assert.equal(sent.body.params.arguments.limit, null, 'the null is in the body as given')
      assert.equal(sent.headers['mcp-param-region'], 'us-west1')
      assert.ok(!('mcp-param-limit' in sent.headers), `no Mcp-Param-Limit for a null limit, got ${JSON.stringify(sent.headers['mcp-param-limit'])}`)
    } finally {
      client.close()
    }
  })
})

test('a non-ASCII tool name is sent as a base64 Mcp-Name, and the server accepts it', BOUND, async () => {
  await withFixture({}, async (server) => {
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    try {
      const result = await client.callTool('unicode_名前', {})
      assert.equal(textOf(result), 'こんにちは')
      const call = calls(server.stats.requests).at(-1)!
      assert.equal(call.headers['mcp-name'], '=?base64?dW5pY29kZV/lkI3liY0=?=')
      assert.equal(call.headers['mcp-name'], b64('unicode_名前'))
      assert.equal(call.body.params.name, 'unicode_名前', 'the body keeps the name as is')
    } finally {
      client.close()
    }
  })
})

const BAD_TOOLS: Record<string, RegExp> = {
  bad_number_header: /"N".*"number"/,
  bad_items_header: /not reachable from the root through "properties"/,
  bad_duplicate_header: /used twice.*ignoring case/,
  bad_token_header: /"Has Space".*not a valid HTTP header token/,
}

test(
  'listTools leaves out tools with invalid x-mcp-header annotations and reports each through the event and onInvalidTool',
  BOUND,
  async () => {
    await withFixture({ invalidHeaderTools: true }, async (server) => {
      const viaOption: Array<{ name: string; reason: string }> = []
      const viaEvent: Array<{ name: string; reason: string }> = []
      const client = new McpClient(server.url, {
        timeoutMs: 5_000,
        onInvalidTool: (tool, reason) => viaOption.push({ name: tool.name, reason }),
      })
      client.addEventListener('invalidtool', (e) => {
        const { tool, reason } = (e as CustomEvent<{ tool: Tool; reason: string }>).detail
        viaEvent.push({ name: tool.name, reason })
      })
      try {
        const names = (await client.listTools()).map((t) => t.name)
        for (const bad of Object.keys(BAD_TOOLS)) assert.ok(!names.includes(bad), `${bad} is left out`)
        for (const good of ['echo', 'add', 'region_query', 'unicode_名前']) assert.ok(names.includes(good), `${good} is listed`)

        const byName = (list: typeof viaOption) => [...list].sort((a, b) => a.name.localeCompare(b.name))
        assert.deepEqual(
          byName(viaOption).map((r) => r.name),
          Object.keys(BAD_TOOLS).sort(),
          'onInvalidTool once per bad tool',
        )
        assert.deepEqual(byName(viaEvent), byName(viaOption), 'the event reports the same tools and reasons')
        for (const { name, reason } of viaOption) assert.match(reason, BAD_TOOLS[name], `${name}: ${reason}`)
      } finally {
        client.close()
      }
    })
  },
)

test('invalidtool fires once per tool definition, not again for a cached or repeated listing', BOUND, async () => {
  await withFixture({ invalidHeaderTools: true }, async (server) => {
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    const reported: string[] = []
    // Typed: the detail is known without a cast.
    client.addEventListener('invalidtool', (e) => reported.push(e.detail.tool.name))
    try {
      await client.listTools()
      await client.listTools() // from the cache
      await client.listTools({ fresh: true }) // from the server again, same definitions
      assert.deepEqual(reported.sort(), Object.keys(BAD_TOOLS).sort())
      // A view that starts late still learns what was left out.
      assert.deepEqual(client.invalidTools.map((i) => i.tool.name).sort(), Object.keys(BAD_TOOLS).sort())
      for (const { tool, reason } of client.invalidTools) assert.match(reason, BAD_TOOLS[tool.name])
    } finally {
      client.close()
    }
  })
})

test('callTool of a tool with invalid annotations is an InvalidToolError, and no tools/call reaches the server', BOUND, async () => {
  await withFixture({ invalidHeaderTools: true }, async (server) => {
    const client = new McpClient(server.url, { timeoutMs: 5_000 })
    try {
      // No listTools first: callTool must learn the tool is invalid on its own.
      const error = await failure(client.callTool('bad_token_header', { s: 'x' }))
      assertIs(error, InvalidToolError)
      assert.equal(error.tool, 'bad_token_header')
      assert.match(error.message, /bad_token_header/)
      assert.match(error.reason, BAD_TOOLS.bad_token_header)
      assert.equal(calls(server.stats.requests).length, 0)
    } finally {
      client.close()
    }
  })
})

test(
  'after listTools (again, from the cache) every invalid tool still fails with InvalidToolError and nothing is sent',
  BOUND,
  async () => {
    await withFixture({ invalidHeaderTools: true }, async (server) => {
      const client = new McpClient(server.url, { timeoutMs: 5_000 })
      try {
        await client.listTools()
        await client.listTools() // a UI refresh: served from the cache (ttlMs 60 s)
        assert.equal(
          server.stats.requests.filter((r) => r.body?.method === 'tools/list').length,
          1,
          'the second listing came from the cache',
        )
        const args: Record<string, Record<string, unknown>> = {
          bad_number_header: { n: 1 },
          bad_items_header: { list: [{ id: 'a' }] },
          bad_duplicate_header: { a: 'x', b: 'y' },
          bad_token_header: { s: 'x' },
        }
        for (const [name, reason] of Object.entries(BAD_TOOLS)) {
          const error = await failure(client.callTool(name, args[name]))
          assertIs(error, InvalidToolError)
          assert.match(error.reason, reason, `${name}: ${error.reason}`)
        }
        assert.equal(calls(server.stats.requests).length, 0, 'no tools/call reached the server')
        // The valid tools still work.
        assert.equal(textOf(await client.callTool('echo', { text: 'still fine' })), 'still fine')
      } finally {
        client.close()
      }
    })
  },
)

// ---- -32020 HeaderMismatch: re-list, retry once ------------------------------------------------

function mismatchServer(options: { annotateAfterFirstList: boolean }) {
  let lists = 0
  const plain = { type: 'object', properties: { region: { type: 'string' } }, required: ['region'] }
  const annotated = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } }, required: ['region'] }
  return startFaultServer((ctx) => {
    if (ctx.method === 'tools/list') {
      lists++
      const inputSchema = lists > 1 && options.annotateAfterFirstList ? annotated : plain
      // Cacheable for a minute, so a second listing only reaches the server if the client asks for a fresh one.
      return sendJson(
        ctx.res,
        200,
        rpcResult(ctx.id, { resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', tools: [{ name: 'query', inputSchema }] }),
      )
    }
    const region = ctx.body.params.arguments.region
    if (ctx.headers['mcp-param-region'] !== region) {
      const header = ctx.headers['mcp-param-region']
      return sendJson(
        ctx.res,
        400,
        rpcError(ctx.id, -32020, `Header mismatch: Mcp-Param-Region is ${header === undefined ? 'missing' : JSON.stringify(header)}`, {
          mismatch: { header: 'Mcp-Param-Region', body: region },
        }),
      )
    }
    sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: `ran in ${region}` }] }))
  })
}

test('-32020 on tools/call re-lists tools (fresh, past the cache) once and retries with the new annotation', BOUND, async () => {
  const server = await mismatchServer({ annotateAfterFirstList: true })
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    const result = await client.callTool('query', { region: 'eu-north1' })
    assert.equal(textOf(result), 'ran in eu-north1')
    assert.deepEqual(
      server.requests.map((r) => r.body.method),
      ['tools/list', 'tools/call', 'tools/list', 'tools/call'],
    )
    const [, firstCall, , retry] = server.requests
    assert.equal(firstCall.headers['mcp-param-region'], undefined)
    assert.equal(retry.headers['mcp-param-region'], 'eu-north1')
    assert.deepEqual(retry.body.params.arguments, firstCall.body.params.arguments)
    assert.notEqual(retry.body.id, firstCall.body.id)

    // The refreshed annotation sticks: the next call is right the first time.
    assert.equal(textOf(await client.callTool('query', { region: 'us-east1' })), 'ran in us-east1')
    assert.deepEqual(
      server.requests.slice(4).map((r) => r.body.method),
      ['tools/call'],
    )
  } finally {
    client.close()
    await server.close()
  }
})

test('-32020 again after the re-list is a HeaderMismatchError, retried only once', BOUND, async () => {
  const server = await mismatchServer({ annotateAfterFirstList: false })
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    const error = await failure(client.callTool('query', { region: 'eu-north1' }))
    assertIs(error, HeaderMismatchError)
    assert.equal(error.code, -32020)
    assert.match(error.message, /Mcp-Param-Region/)
    assert.deepEqual(error.data, { mismatch: { header: 'Mcp-Param-Region', body: 'eu-north1' } })
    assert.deepEqual(
      server.requests.map((r) => r.body.method),
      ['tools/list', 'tools/call', 'tools/list', 'tools/call'],
    )
  } finally {
    client.close()
    await server.close()
  }
})

test('-32020 in a later round of a multi round-trip call retries that round only: the user is asked once, the answers and requestState go again', BOUND, async () => {
  let lists = 0
  const server = await startFaultServer((ctx) => {
    if (ctx.method === 'tools/list') {
      const annotated = ++lists > 1
      const schema = { type: 'object', properties: { region: { type: 'string', ...(annotated && { 'x-mcp-header': 'Region' }) } } }
      return sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', tools: [{ name: 'query', inputSchema: schema }] }))
    }
    const params = ctx.body.params
    if (!params.inputResponses)
      return sendJson(
        ctx.res,
        200,
        rpcResult(ctx.id, {
          resultType: 'input_required',
          requestState: 'round-2',
          inputRequests: { ok: { method: 'elicitation/create', params: { mode: 'form', message: 'Sure?', requestedSchema: { type: 'object', properties: {} } } } },
        }),
      )
    // The second round is where the server (now annotating) checks the header.
    if (ctx.headers['mcp-param-region'] !== params.arguments.region)
      return sendJson(ctx.res, 400, rpcError(ctx.id, -32020, 'Header mismatch: Mcp-Param-Region'))
    sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: `ran in ${params.arguments.region}` }] }))
  })
  let asked = 0
  const client = new McpClient(server.url, { handlers: { elicitation: async () => (asked++, { action: 'accept', content: {} }) } })
  try {
    assert.equal(textOf(await client.callTool('query', { region: 'eu-north1' })), 'ran in eu-north1')
    assert.equal(asked, 1, 'the user was asked once')
    const calls = server.requests.filter((r) => r.body.method === 'tools/call')
    assert.equal(calls.length, 3, 'round 1, round 2 (-32020), round 2 again')
    assert.deepEqual(calls[2].body.params.inputResponses, calls[1].body.params.inputResponses)
    assert.equal(calls[2].body.params.requestState, 'round-2')
    assert.equal(calls[2].headers['mcp-param-region'], 'eu-north1')
    assert.deepEqual(
      server.requests.map((r) => r.body.method),
      ['tools/list', 'tools/call', 'tools/call', 'tools/list', 'tools/call'],
    )
  } finally {
    client.close()
    await server.close()
  }
})

test('after -32020 the arguments are checked against the re-listed schema: arguments it no longer accepts are an InvalidArgumentsError, not sent', BOUND, async () => {
  let lists = 0
  const server = await startFaultServer((ctx) => {
    if (ctx.method === 'tools/list') {
      const now = ++lists > 1
      const schema = now
        ? { type: 'object', properties: { region: { type: 'string', enum: ['us-east1'], 'x-mcp-header': 'Region' } }, required: ['region'] }
        : { type: 'object', properties: { region: { type: 'string' } } }
      return sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', tools: [{ name: 'query', inputSchema: schema }] }))
    }
    sendJson(ctx.res, 400, rpcError(ctx.id, -32020, 'Header mismatch: Mcp-Param-Region'))
  })
  const client = new McpClient(server.url)
  try {
    const error = await failure(client.callTool('query', { region: 'eu-north1' }))
    assertIs(error, InvalidArgumentsError)
    assert.deepEqual(error.errors.map((e: { path: string }) => e.path), ['/region'])
    assert.deepEqual(
      server.requests.map((r) => r.body.method),
      ['tools/list', 'tools/call', 'tools/list'],
    )
  } finally {
    client.close()
    await server.close()
  }
})

test('the caller’s headers are sent beside the standard ones and never replace them, however they are spelled', BOUND, async () => {
  await withFixture({}, async (server) => {
    const client = new McpClient(server.url, {
      timeoutMs: 5_000,
      headers: { 'X-App': 'demo', 'Mcp-Method': 'forged', 'MCP-Protocol-Version': '1999-01-01', 'content-type': 'text/plain' },
    })
    try {
      assert.equal(textOf(await client.callTool('echo', { text: 'hi' })), 'hi')
    } finally {
      client.close()
    }
    const call = calls(server.stats.requests).at(-1)!
    assert.equal(call.headers['x-app'], 'demo')
    assert.equal(call.headers['mcp-method'], 'tools/call')
    assert.equal(call.headers['mcp-protocol-version'], VERSION)
    assert.equal(call.headers['content-type'], 'application/json')
  })
})

test('an x-mcp-header under an optional object the arguments leave out sends no header, and the call goes through', BOUND, async () => {
  const inputSchema = {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      tenant: { type: 'object', properties: { id: { type: 'string', 'x-mcp-header': 'Tenant' } } }, // optional
    },
    required: ['region'],
  }
  const server = await startFaultServer((ctx) => {
    if (ctx.method === 'tools/list') return sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', tools: [{ name: 'query', inputSchema }] }))
    sendJson(ctx.res, 200, rpcResult(ctx.id, { resultType: 'complete', content: [{ type: 'text', text: 'ran' }] }))
  })
  const client = new McpClient(server.url, { timeoutMs: 5_000 })
  try {
    assert.equal(textOf(await client.callTool('query', { region: 'eu-north1' })), 'ran')
    const call = server.requests.find((r) => r.body?.method === 'tools/call')!
    assert.equal(call.headers['mcp-param-region'], 'eu-north1')
    assert.ok(!('mcp-param-tenant' in call.headers), `no Mcp-Param-Tenant, got ${JSON.stringify(call.headers['mcp-param-tenant'])}`)
  } finally {
    client.close()
    await server.close()
  }
})
