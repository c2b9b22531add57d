// The approval gate (issue 18) against the official SDK server over real HTTP: what the gate is given, deny /
// allow once / allow always (remembered in the store, per authorization context, revocable), a gate that throws,
// a gate that never answers (the call's own timeout and abort still end it), the per-call override, and the
// effective annotation hints. "Nothing was sent" is the server's own request log.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  AbortError,
  ApprovalTimeoutError,
  McpClient,
  MemoryCache,
  TimeoutError,
  ToolCallDeniedError,
  toolHints,
  type ApprovalGate,
  type ApprovalRequest,
} from '../../src/client/index.js'
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { FIXTURE_SERVER_INFO, serveMcp, startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { assertIs, failure } from '../support/assert.js'

const BOUND = { timeout: 15_000 }

let server: FixtureServer
before(async () => {
  server = await startFixtureServer({ annotatedTools: true })
})
after(() => server.close())

/** The tools/call requests the server received. */
const toolCalls = () => server.stats.requests.filter((r) => r.body?.method === 'tools/call')

/** A gate that answers `answer` and keeps what it was asked. */
function recordingGate(answer: ReturnType<ApprovalGate> = 'allow-once') {
  const asked: ApprovalRequest[] = []
  const gate: ApprovalGate = (request) => {
    asked.push(request)
    return answer
  }
  return { gate, asked }
}

describe('the approval gate', () => {
  test('a denied call sends nothing and rejects with ToolCallDeniedError saying who denied it and why', BOUND, async () => {
    const { gate, asked } = recordingGate({ decision: 'deny', by: 'user', reason: 'not today' })
    const client = new McpClient(server.url, { approve: gate })
    await client.listTools()
    const before = server.stats.requests.length
    const error = await failure(client.callTool('echo', { text: 'hi' }))
    assertIs(error, ToolCallDeniedError)
    assert.equal(error.by, 'user')
    assert.equal(error.reason, 'not today')
    assert.equal(error.tool, 'echo')
    assert.match(error.message, /denied by user: not today/)
    assert.equal(server.stats.requests.length, before, 'the server received nothing')
    assert.equal(asked.length, 1)
  })

  test('the gate is given the tool as listed, the arguments as sent, the server with its name, and the origin', BOUND, async () => {
    const { gate, asked } = recordingGate('allow-once')
    const client = new McpClient(server.url, { approve: gate })
    await client.discover()
    const args = { text: 'as sent', dropped: undefined }
    await client.callTool('echo', args, { origin: { kind: 'view', uri: 'ui://fixture/view', tool: 'show' } })
    const [request] = asked
    assert.equal(request.tool.name, 'echo')
    assert.equal(request.tool.title, 'Echo')
    assert.equal(request.tool.icons?.[0]?.mimeType, 'image/svg+xml')
    assert.deepEqual(request.arguments, { text: 'as sent' }, 'the wire form: an undefined member is not sent')
    assert.notEqual(request.arguments, args, 'a copy: the caller cannot change it after approval')
    assert.deepEqual(request.server, { url: server.url, name: FIXTURE_SERVER_INFO.name })
    assert.deepEqual(request.origin, { kind: 'view', uri: 'ui://fixture/view', tool: 'show' })
    assert.equal(request.hints.destructiveHint, true, 'no annotations: the spec default')
    assert.equal(request.signal.aborted, false)
    const sent = toolCalls().at(-1)!.body.params
    assert.deepEqual(sent.arguments, request.arguments, 'the server got exactly what the gate saw')
  })

  test('what the caller, or the gate, changes in the arguments while the gate is asked is not sent', BOUND, async () => {
    const args = { text: 'approved' }
    const client = new McpClient(server.url, {
      approve: async (request) => {
        args.text = 'changed by the caller'
        request.arguments.text = 'changed by the gate'
        return 'allow-once' as const
      },
    })
    const result = await client.callTool('echo', args)
    assert.deepEqual(result.content, [{ type: 'text', text: 'approved' }])
  })

  test('allow once: the call runs, and the next call asks again', BOUND, async () => {
    const { gate, asked } = recordingGate('allow-once')
    const client = new McpClient(server.url, { approve: gate })
    const first = await client.callTool('echo', { text: 'one' })
    const second = await client.callTool('echo', { text: 'two' })
    assert.deepEqual(first.content, [{ type: 'text', text: 'one' }])
    assert.deepEqual(second.content, [{ type: 'text', text: 'two' }])
    assert.equal(asked.length, 2)
    assert.deepEqual(await client.alwaysAllowed(), [])
  })

  test("with no gate, the page's own calls go through unasked (headless default)", BOUND, async () => {
    const before = toolCalls().length
    const client = new McpClient(server.url)
    const result = await client.callTool('echo', { text: 'ungated' })
    assert.deepEqual(result.content, [{ type: 'text', text: 'ungated' }])
    await client.callTool('echo', { text: 'pressed' }, { origin: { kind: 'user' } })
    assert.equal(toolCalls().length, before + 2)
    assert.deepEqual(
      client.callLog.records.map((r) => r.approval?.decision),
      ['ungated', 'ungated'],
    )
  })

  test("with no gate, a view's or a model's call is denied by policy, recorded as denied, and nothing is sent", BOUND, async () => {
    const client = new McpClient(server.url)
    await client.listTools()
    const before = toolCalls().length
    const origins = [
      { kind: 'view', uri: 'ui://fixture/view', tool: 'show' },
      { kind: 'model', model: 'scripted' },
      { kind: 'view', uri: 'ui://fixture/view' },
    ] as const
    for (const [i, origin] of origins.entries()) {
      // The last one says approve: false, which is no gate either.
      const error = await failure(client.callTool('echo', { text: 'transfer' }, { origin, ...(i === 2 && { approve: false }) }))
      assertIs(error, ToolCallDeniedError)
      assert.equal(error.by, 'policy')
      assert.match(error.message, /no approval gate is set for calls a view or a model makes/)
    }
    assert.equal(toolCalls().length, before, 'the server received nothing')
    for (const record of client.callLog.records) {
      assert.equal(record.approval?.decision, 'deny')
      assert.equal(record.approval?.by, 'policy')
      assert.equal(record.error?.name, 'ToolCallDeniedError')
    }
    // The page's own gate says otherwise.
    const result = await client.callTool('echo', { text: 'allowed' }, { origin: origins[0], approve: () => 'allow-once' })
    assert.deepEqual(result.content, [{ type: 'text', text: 'allowed' }])
  })

  test('a gate that throws denies the call: nothing is sent, the error is the cause', BOUND, async () => {
    const broken = new Error('the prompt could not open')
    const client = new McpClient(server.url, {
      approve: () => {
        throw broken
      },
    })
    await client.listTools()
    const before = server.stats.requests.length
    const error = await failure(client.callTool('echo', { text: 'hi' }))
    assertIs(error, ToolCallDeniedError)
    assert.equal(error.by, 'the approval gate')
    assert.equal(error.cause, broken)
    assert.match(error.message, /the prompt could not open/)
    assert.equal(server.stats.requests.length, before)
  })

  test('a gate that rejects, or answers something else than a decision, denies too', BOUND, async () => {
    const rejecting = new McpClient(server.url, { approve: async () => Promise.reject(new Error('no')) })
    assertIs(await failure(rejecting.callTool('echo', { text: 'hi' })), ToolCallDeniedError)
    const confused = new McpClient(server.url, { approve: (() => true) as unknown as ApprovalGate })
    const error = await failure(confused.callTool('echo', { text: 'hi' }))
    assertIs(error, ToolCallDeniedError)
    assert.match(error.reason, /answered true/)
  })

  test('a gate that never answers: the call times out after its timeoutMs, the gate is told, nothing is sent', BOUND, async () => {
    const { gate, asked } = recordingGate(new Promise<never>(() => {}))
    const client = new McpClient(server.url, { approve: gate })
    await client.listTools()
    const before = server.stats.requests.length
    const started = Date.now()
    const error = await failure(client.callTool('echo', { text: 'hi' }, { timeoutMs: 300 }))
    assertIs(error, ApprovalTimeoutError)
    assertIs(error, TimeoutError)
    assert.match(error.message, /No approval for tool "echo" within 300 ms/)
    assert.ok(Date.now() - started < 5_000)
    assert.equal(asked[0].signal.aborted, true, 'a prompt can close')
    assert.equal(server.stats.requests.length, before)
  })

  test("a gate that never answers: the call's abort ends it with AbortError, and so does close()", BOUND, async () => {
    const { gate, asked } = recordingGate(new Promise<never>(() => {}))
    const client = new McpClient(server.url, { approve: gate, timeoutMs: 0 })
    await client.listTools()
    const before = server.stats.requests.length
    const controller = new AbortController()
    const call = client.callTool('echo', { text: 'hi' }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    assertIs(await failure(call), AbortError)
    assert.equal(asked[0].signal.aborted, true)
    const closing = client.callTool('echo', { text: 'hi' })
    setTimeout(() => client.close(), 100)
    assertIs(await failure(closing), AbortError)
    assert.equal(asked[1].signal.aborted, true)
    assert.equal(server.stats.requests.length, before)
  })

  test("a call's own approve replaces the client's; approve: false runs it unasked", BOUND, async () => {
    const client = new McpClient(server.url, { approve: () => 'deny' })
    const own = recordingGate('allow-once')
    const result = await client.callTool('echo', { text: 'own gate' }, { approve: own.gate })
    assert.deepEqual(result.content, [{ type: 'text', text: 'own gate' }])
    assert.equal(own.asked.length, 1)
    const unasked = await client.callTool('echo', { text: 'unasked' }, { approve: false, origin: { kind: 'user' } })
    assert.deepEqual(unasked.content, [{ type: 'text', text: 'unasked' }])
    assertIs(await failure(client.callTool('echo', { text: 'client gate' })), ToolCallDeniedError)
  })
})

describe('one prompt at a time', () => {
  /** A gate whose answers the test gives, one open request at a time or more: it counts how many were open at once. */
  function heldGate() {
    const open: Array<{ request: ApprovalRequest; answer(a: ReturnType<ApprovalGate>): void }> = []
    let most = 0
    const gate: ApprovalGate = (request) =>
      new Promise((answer) => {
        open.push({ request, answer: (a) => (open.splice(open.findIndex((o) => o.request === request), 1), answer(a as never)) })
        most = Math.max(most, open.length)
      })
    return { gate, open, most: () => most }
  }
  const until = async (check: () => boolean, what: string) => {
    for (const end = Date.now() + 5_000; !check(); await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    }
  }

  test("the page's and models' calls ask one at a time, the rest wait their turn; a person's own call waits for none", BOUND, async () => {
    const held = heldGate()
    const client = new McpClient(server.url, { approve: held.gate })
    await client.listTools()
    const calls = Promise.allSettled([
      client.callTool('echo', { text: 'page 1' }),
      client.callTool('echo', { text: 'model' }, { origin: { kind: 'model' } }),
      client.callTool('echo', { text: 'page 2' }),
    ])
    await until(() => held.open.length === 1, 'the first prompt')
    // The user's own call is asked at once, beside the open prompt.
    const user = client.callTool('echo', { text: 'user' }, { origin: { kind: 'user' } })
    await until(() => held.open.length === 2, "the user's call at the gate")
    held.open.find((o) => o.request.origin.kind === 'user')!.answer('allow-once')
    await user
    for (const expected of ['page 1', 'model', 'page 2']) {
      await until(() => held.open.length === 1, `the prompt for ${expected}`)
      assert.equal(held.open[0].request.arguments.text, expected)
      held.open[0].answer(expected === 'model' ? 'deny' : 'allow-once')
    }
    const [first, model, second] = await calls
    assert.equal(first.status, 'fulfilled')
    assert.equal(model.status, 'rejected')
    assert.equal(second.status, 'fulfilled')
    assert.equal(held.most(), 2, "at most the page's prompt and the user's call at once")
  })

  test('a view waits in a line of its own; a call that ends while it waits never reaches the gate; "always" given meanwhile lets the rest run', BOUND, async () => {
    const held = heldGate()
    const client = new McpClient(server.url, { approve: held.gate })
    await client.listTools()
    const view = (uri: string) => ({ origin: { kind: 'view' as const, uri } })
    const a1 = client.callTool('echo', { text: 'a1' }, view('ui://a'))
    const aborted = new AbortController()
    const a2 = client.callTool('echo', { text: 'a2' }, { ...view('ui://a'), signal: aborted.signal })
    const a3 = client.callTool('echo', { text: 'a3' }, view('ui://a'))
    const b1 = client.callTool('echo', { text: 'b1' }, view('ui://b'))
    await until(() => held.open.length === 2, 'one prompt per view')
    assert.deepEqual(held.open.map((o) => o.request.arguments.text).sort(), ['a1', 'b1'])
    aborted.abort()
    assertIs(await failure(a2), AbortError)
    held.open.find((o) => o.request.arguments.text === 'b1')!.answer('deny')
    assertIs(await failure(b1), ToolCallDeniedError)
    held.open.find((o) => o.request.arguments.text === 'a1')!.answer('allow-always')
    await a1
    const third = await a3
    assert.deepEqual(third.content, [{ type: 'text', text: 'a3' }])
    assert.equal(client.callLog.records.find((r) => r.arguments?.text === 'a3')?.approval?.decision, 'remembered')
    assert.equal(held.open.length, 0, 'a2 and a3 never reached the gate')
  })
})

describe('allow always', () => {
  test('skips the gate for that tool on that server and context, across clients sharing the store, until revoked', BOUND, async () => {
    const cache = new MemoryCache()
    const first = recordingGate('allow-always')
    const alice = new McpClient(server.url, { cache, authContext: 'issuer alice', approve: first.gate })
    await alice.callTool('echo', { text: 'one' })
    await alice.callTool('echo', { text: 'two' })
    assert.equal(first.asked.length, 1, 'asked once')
    const allowed = await alice.alwaysAllowed()
    assert.deepEqual(
      allowed.map((a) => a.tool),
      ['echo'],
    )
    assert.ok(allowed[0].since <= Date.now())

    // Another tool of the same server is still asked about.
    await alice.callTool('add', { a: 1, b: 2 })
    assert.equal(first.asked.length, 2)

    // A new client (a new page) with the same store and context: not asked.
    const again = recordingGate('deny')
    const aliceLater = new McpClient(server.url, { cache, authContext: 'issuer alice', approve: again.gate })
    const result = await aliceLater.callTool('echo', { text: 'remembered' })
    assert.deepEqual(result.content, [{ type: 'text', text: 'remembered' }])
    assert.equal(again.asked.length, 0)

    // Another authorization context on the same store: asked.
    const bob = new McpClient(server.url, { cache, authContext: 'issuer bob', approve: again.gate })
    assertIs(await failure(bob.callTool('echo', { text: 'not bob' })), ToolCallDeniedError)
    assert.equal(again.asked.length, 1)
    assert.deepEqual(await bob.alwaysAllowed(), [])

    // Revoked: asked again.
    assert.equal(await aliceLater.revokeAlwaysAllowed('echo'), 1)
    assert.deepEqual(
      (await alice.alwaysAllowed()).map((a) => a.tool),
      ['add'],
      'the other tool stays allowed',
    )
    assertIs(await failure(aliceLater.callTool('echo', { text: 'revoked' })), ToolCallDeniedError)
    assert.equal(again.asked.length, 2)
  })

  test('a tool whose definition changed since "always" is asked about again', BOUND, async () => {
    let description = 'Reads a note.'
    const changing = await serveMcp(() => {
      const mcp = new McpServer({ name: 'changing', version: '1.0.0' })
      mcp.registerTool('note', { description, inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: 'ran' }] }))
      return mcp
    })
    try {
      const cache = new MemoryCache()
      const gate = recordingGate('allow-always')
      await new McpClient(changing.url, { cache, authContext: 'someone', approve: gate.gate }).callTool('note')
      await new McpClient(changing.url, { cache, authContext: 'someone', approve: gate.gate }).callTool('note')
      assert.equal(gate.asked.length, 1, 'the same tool: remembered')
      description = 'Deletes every note.'
      await new McpClient(changing.url, { cache, authContext: 'someone', approve: gate.gate }).callTool('note')
      assert.equal(gate.asked.length, 2, 'a changed tool: asked again')
      assert.equal(gate.asked[1].tool.description, 'Deletes every note.')
    } finally {
      await changing.close()
    }
  })

  test("a tool whose _meta (who may see it, its view), icons or execution changed since \"always\" is asked about again", BOUND, async () => {
    const definition: { _meta: Record<string, unknown>; icons?: Array<{ src: string }>; execution?: { taskSupport: string } } = {
      _meta: { ui: { visibility: ['model'], resourceUri: 'ui://notes/view.html' } },
    }
    const changing = await serveMcp(
      () => {
        const mcp = new McpServer({ name: 'changing', version: '1.0.0' })
        const { _meta, icons } = definition
        const config = { description: 'Reads a note.', inputSchema: z.object({}), _meta, ...(icons && { icons }) }
        mcp.registerTool('note', config, async () => ({ content: [{ type: 'text', text: 'ran' }] }))
        return mcp
      },
      {
        // The SDK lists no `execution` (servers of 2025-11-25 do): added to its tools/list answer as such a server sends it.
        front: async (_request, body, next) => {
          const response = await next()
          if (body?.method !== 'tools/list' || !definition.execution) return response
          const answer = await response.json()
          for (const tool of answer.result.tools) tool.execution = definition.execution
          return Response.json(answer, { status: response.status })
        },
      },
    )
    try {
      const cache = new MemoryCache()
      const gate = recordingGate('allow-always')
      const call = () => new McpClient(changing.url, { cache, authContext: 'someone', approve: gate.gate }).callTool('note')
      await call()
      await call()
      assert.equal(gate.asked.length, 1, 'the same tool: remembered')
      const changes: Array<[string, () => void, (tool: ApprovalRequest['tool']) => unknown]> = [
        ['visibility', () => (definition._meta = { ui: { visibility: ['model', 'app'], resourceUri: 'ui://notes/view.html' } }), (t) => t._meta],
        ['view', () => (definition._meta = { ui: { visibility: ['model', 'app'], resourceUri: 'ui://notes/other.html' } }), (t) => t._meta],
        ['icons', () => (definition.icons = [{ src: 'https://example.com/new.png' }]), (t) => t.icons],
        ['execution', () => (definition.execution = { taskSupport: 'optional' }), (t) => (t as { execution?: unknown }).execution],
      ]
      let asked = 1
      for (const [what, change, seen] of changes) {
        change()
        await call()
        assert.equal(gate.asked.length, ++asked, `a changed ${what}: asked again`)
        assert.ok(seen(gate.asked.at(-1)!.tool), `the ${what} as listed`)
        await call()
        assert.equal(gate.asked.length, asked, `the changed ${what}, allowed always: remembered`)
      }
    } finally {
      await changing.close()
    }
  })

  test("\"always\" covers the calls of one origin: a page's or model's grant does not cover a view's call, nor the other way", BOUND, async () => {
    const cache = new MemoryCache()
    const gate = recordingGate('allow-always')
    const client = new McpClient(server.url, { cache, authContext: 'issuer carol', approve: gate.gate })
    const view = { origin: { kind: 'view' as const, uri: 'ui://fixture/view' } }
    await client.callTool('echo', { text: 'page' })
    await client.callTool('echo', { text: 'model' }, { origin: { kind: 'model' } })
    assert.equal(gate.asked.length, 1, "the page's grant covers a model's call")
    await client.callTool('echo', { text: 'view' }, view)
    assert.equal(gate.asked.length, 2, "a view's call is asked about all the same")
    assert.equal(gate.asked[1].origin.kind, 'view')
    await client.callTool('echo', { text: 'view again' }, view)
    assert.equal(gate.asked.length, 2, "the view's own grant covers it")
    assert.deepEqual(
      (await client.alwaysAllowed()).map((g) => [g.tool, g.origin]),
      [
        ['echo', 'page'],
        ['echo', 'view'],
      ],
    )
    // A view's grant alone does not cover page code.
    assert.equal(await client.revokeAlwaysAllowed('echo'), 2)
    await client.callTool('echo', { text: 'view' }, view)
    await client.callTool('echo', { text: 'page' })
    assert.deepEqual(
      gate.asked.slice(2).map((r) => r.origin.kind),
      ['view', 'page'],
    )
  })

  test('the Authorization header is a context too; revokeAlwaysAllowed() with no tool revokes all', BOUND, async () => {
    const cache = new MemoryCache()
    const make = (token: string, answer: 'allow-always' | 'deny') =>
      new McpClient(server.url, { cache, headers: { authorization: `Bearer ${token}` }, approve: () => answer })
    const one = make('token-1', 'allow-always')
    await one.callTool('echo', { text: 'a' })
    await one.callTool('add', { a: 1, b: 1 })
    assert.equal((await make('token-1', 'deny').callTool('echo', { text: 'b' })).isError, undefined)
    assertIs(await failure(make('token-2', 'deny').callTool('echo', { text: 'c' })), ToolCallDeniedError)
    assert.equal(await one.revokeAlwaysAllowed(), 2)
    assertIs(await failure(make('token-1', 'deny').callTool('echo', { text: 'd' })), ToolCallDeniedError)
  })

  test('with no authorization context known, "always" lasts as long as the client and is not written to the store', BOUND, async () => {
    const cache = new MemoryCache()
    const gate = recordingGate('allow-always')
    const client = new McpClient(server.url, { cache, approve: gate.gate })
    await client.callTool('echo', { text: 'a' })
    await client.callTool('echo', { text: 'b' })
    assert.equal(gate.asked.length, 1, 'remembered by this client')
    const next = recordingGate('deny')
    assertIs(await failure(new McpClient(server.url, { cache, approve: next.gate }).callTool('echo', { text: 'c' })), ToolCallDeniedError)
    assert.equal(next.asked.length, 1, 'asked again by another client')
  })

  test('a store that fails is a gate asked every time, never a failed or an unasked call', BOUND, async () => {
    const failing = {
      get: () => Promise.reject(new Error('store down')),
      set: () => {
        throw new Error('store down')
      },
      invalidate: () => {},
    }
    const gate = recordingGate('allow-always')
    const client = new McpClient(server.url, { cache: failing, authContext: 'someone', approve: gate.gate })
    await client.callTool('echo', { text: 'a' })
    await client.callTool('echo', { text: 'b' })
    assert.equal(gate.asked.length, 2)
  })
})

describe('tool hints', () => {
  test('no annotations: the spec defaults (may destroy, open world), not read-only', BOUND, async () => {
    const tools = await new McpClient(server.url).listTools()
    const hints = toolHints(tools.find((t) => t.name === 'echo'))
    assert.deepEqual(
      { ...hints, stated: undefined },
      {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
        stated: undefined,
        trusted: false,
        readOnly: false,
      },
    )
    assert.deepEqual(hints.stated, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false })
  })

  test('readOnlyHint counts only from a trusted server (trustAnnotations), in the hints the gate gets', BOUND, async () => {
    const lookup = (await new McpClient(server.url).listTools()).find((t) => t.name === 'lookup')!
    const untrusted = toolHints(lookup)
    assert.equal(untrusted.readOnlyHint, true, 'as the server says')
    assert.equal(untrusted.openWorldHint, false)
    assert.equal(untrusted.readOnly, false, 'decides nothing')
    assert.equal(toolHints(lookup, true).readOnly, true)

    const asked: ApprovalRequest[] = []
    const policy: ApprovalGate = (request) => (asked.push(request), request.hints.readOnly ? 'allow-once' : 'deny')
    const trusted = new McpClient(server.url, { trustAnnotations: true, approve: policy })
    assert.deepEqual((await trusted.callTool('lookup', { key: 'k' })).content, [{ type: 'text', text: 'value of k' }])
    assertIs(await failure(trusted.callTool('echo', { text: 'no hints' })), ToolCallDeniedError)
    const notTrusted = new McpClient(server.url, { approve: policy })
    assertIs(await failure(notTrusted.callTool('lookup', { key: 'k' })), ToolCallDeniedError)
    assert.deepEqual(
      asked.map((r) => [r.tool.name, r.hints.trusted, r.hints.readOnly]),
      [
        ['lookup', true, true],
        ['echo', true, false],
        ['lookup', false, false],
      ],
    )
  })

  test('hints that are not booleans count as not stated', () => {
    const hints = toolHints({ annotations: { readOnlyHint: 'yes', destructiveHint: 0 } as never }, true)
    assert.equal(hints.readOnly, false)
    assert.equal(hints.destructiveHint, true)
    assert.equal(hints.stated.readOnlyHint, false)
  })
})
