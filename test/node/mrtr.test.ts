// Multi round-trip requests: input requests answered by handlers, retried with
// inputResponses and the exact requestState, each try a new request id.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  AbortError,
  InputRequiredError,
  McpClient,
  MissingClientCapabilityError,
  RoundLimitError,
  type InputContext,
  type McpClientOptions,
} from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { rpcError, rpcResult, sendJson, startFaultServer } from '../support/fault-server.js'

/** Every test is bounded: a regression fails instead of hanging the run. */
const BOUND = { timeout: 15_000 }

let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

const handlers: McpClientOptions['handlers'] = {
  elicitation: async () => ({ action: 'accept', content: { name: 'Ada' } }),
  sampling: async () => ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' }),
  roots: async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
}
const text = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text
const callsOf = (name: string) => server.stats.requests.filter((r) => r.body?.method === 'tools/call' && r.body.params.name === name)

describe('multi round-trip requests', () => {
  test('an elicitation is answered by the handler and the retry echoes requestState exactly', BOUND, async () => {
    const asked: unknown[] = []
    const client = new McpClient(server.url, {
      handlers: { elicitation: async (params) => (asked.push(params), { action: 'accept', content: { name: 'Ada' } }) },
    })
    const result = await client.callTool('ask_name')
    assert.equal(text(result), 'Hello, Ada')
    assert.equal((asked[0] as { message: string }).message, 'What is your name?')
    const [first, retry] = callsOf('ask_name')
      .slice(-2)
      .map((r) => r.body)
    assert.notEqual(first.id, retry.id, 'the retry is a new request')
    assert.equal('requestState' in first.params, false)
    assert.equal(retry.params.requestState, 'ask_name/round-1')
    assert.deepEqual(retry.params.inputResponses, { name: { action: 'accept', content: { name: 'Ada' } } })
    assert.deepEqual(first.params._meta['io.modelcontextprotocol/clientCapabilities'], { elicitation: { form: {} } })
  })

  test('sampling and roots handlers answer their requests', BOUND, async () => {
    const client = new McpClient(server.url, { handlers })
    assert.equal(text(await client.callTool('ask_model')), 'Model said: Paris')
    assert.equal(text(await client.callTool('list_roots')), 'file:///work')
  })

  test('the input requests of one round are answered concurrently', BOUND, async () => {
    let running = 0
    let peak = 0
    const slow =
      <T>(value: T) =>
      async () => {
        peak = Math.max(peak, ++running)
        await new Promise((r) => setTimeout(r, 30))
        running--
        return value
      }
    const client = new McpClient(server.url, {
      handlers: {
        elicitation: slow({ action: 'accept' as const, content: { name: 'Ada' } }),
        sampling: slow({ role: 'assistant' as const, content: { type: 'text' as const, text: 'Paris' }, model: 'm' }),
      },
    })
    assert.equal(text(await client.callTool('ask_both')), 'name=Ada model=Paris')
    assert.equal(peak, 2)
  })

  test('several rounds in a row, carrying the server state between them', BOUND, async () => {
    let n = 0
    const client = new McpClient(server.url, {
      handlers: { elicitation: async () => ({ action: 'accept', content: { answer: `a${++n}` } }) },
    })
    const result = await client.callTool('two_rounds')
    assert.match(text(result), /first=a1 second=a2/)
  })

  test('resources/read can ask for input too', BOUND, async () => {
    const client = new McpClient(server.url, { handlers: { elicitation: async () => ({ action: 'accept', content: { confirm: true } }) } })
    const result = await client.readResource('fixture://secret')
    assert.equal((result.contents[0] as { text: string }).text, 'the secret is 42')
  })

  test('without a handler the caller gets the input requests, and resume() finishes the call', BOUND, async () => {
    // The app declares elicitation itself: it will answer in its own UI.
    const client = new McpClient(server.url, { capabilities: { elicitation: { form: {} } } })
    const error = await client.callTool('ask_name').then(
      () => assert.fail('expected InputRequiredError'),
      (e: unknown) => e,
    )
    assert.ok(error instanceof InputRequiredError)
    assert.equal(error.inputRequests.name.method, 'elicitation/create')
    assert.equal(error.requestState, 'ask_name/round-1')
    const result = (await error.resume({ name: { action: 'accept', content: { name: 'Grace' } } })) as { content: unknown[] }
    assert.equal(text(result), 'Hello, Grace')
  })

  test('a handler is told which call asks: method, tool name and arguments, without the retry fields', { timeout: 5000 }, async () => {
    const contexts: InputContext[] = []
    const client = new McpClient(server.url, {
      handlers: {
        elicitation: async (_, context) => (contexts.push(context), { action: 'accept', content: { answer: 'x', confirm: true } }),
      },
    })
    await client.callTool('two_rounds')
    assert.equal(contexts.length, 2)
    for (const context of contexts) {
      assert.deepEqual(context.request, { method: 'tools/call', params: { name: 'two_rounds', arguments: {} } })
      assert.ok(context.signal instanceof AbortSignal)
    }
    assert.deepEqual(
      contexts.map((c) => c.key),
      ['first', 'second'],
    )
    await client.readResource('fixture://secret')
    assert.deepEqual(contexts.at(-1)!.request, { method: 'resources/read', params: { uri: 'fixture://secret' } })
    const error = await new McpClient(server.url, { capabilities: { sampling: {} } })
      .callTool('ask_model', { question: 'Why?' })
      .catch((e: unknown) => e)
    assert.ok(error instanceof InputRequiredError)
    assert.deepEqual(error.request, { method: 'tools/call', params: { name: 'ask_model', arguments: { question: 'Why?' } } })
  })

  test('when one handler of a round fails, its siblings are aborted and the call fails with that error', { timeout: 5000 }, async () => {
    let samplingSignal: AbortSignal | undefined
    const client = new McpClient(server.url, {
      handlers: {
        elicitation: async () => {
          await new Promise((r) => setTimeout(r, 20))
          throw new Error('the user closed the dialog')
        },
        // A dialog that would wait for ever, unless its signal tells it to go.
        sampling: (_, { signal }) =>
          new Promise((_, reject) => {
            samplingSignal = signal
            signal.addEventListener('abort', () => reject(signal.reason))
          }),
      },
    })
    const before = callsOf('ask_both').length
    await assert.rejects(client.callTool('ask_both'), /the user closed the dialog/)
    assert.equal(samplingSignal?.aborted, true)
    assert.ok(samplingSignal?.reason instanceof AbortError)
    assert.equal(callsOf('ask_both').length, before + 1, 'no retry was sent')
  })

  test("aborting the call aborts every handler's signal", { timeout: 5000 }, async () => {
    const signals: AbortSignal[] = []
    const waitForAbort = (_: unknown, { signal }: InputContext) =>
      new Promise<never>((_, reject) => (signals.push(signal), signal.addEventListener('abort', () => reject(signal.reason))))
    const client = new McpClient(server.url, { handlers: { elicitation: waitForAbort, sampling: waitForAbort } })
    const controller = new AbortController()
    const call = client.callTool('ask_both', {}, { signal: controller.signal })
    for (let i = 0; i < 400 && signals.length < 2; i++) await new Promise((r) => setTimeout(r, 5))
    assert.equal(signals.length, 2, 'both handlers were asked')
    assert.notEqual(signals[0], signals[1], 'each handler has its own signal')
    controller.abort()
    await assert.rejects(call, AbortError)
    assert.ok(signals.every((s) => s.aborted))
  })

  test(
    'answering through resume() needs no capability listed by hand: the server is told what the caller answers',
    { timeout: 5000 },
    async () => {
      const capabilitiesSent = (name: string, from: number) =>
        callsOf(name)
          .slice(from)
          .map((r) => r.body.params._meta['io.modelcontextprotocol/clientCapabilities'])
      for (const [tool, answer, declared, expected] of [
        ['ask_name', { name: { action: 'accept', content: { name: 'Grace' } } }, { elicitation: { form: {} } }, 'Hello, Grace'],
        ['list_roots', { roots: { roots: [{ uri: 'file:///home', name: 'home' }] } }, { roots: {} }, 'file:///home'],
      ] as const) {
        const from = callsOf(tool).length
        const error = await new McpClient(server.url).callTool(tool).catch((e: unknown) => e)
        assert.ok(error instanceof InputRequiredError, `${tool}: ${error}`)
        const result = (await error.resume(answer as never)) as { content: unknown[] }
        assert.equal(text(result), expected)
        // Refused for want of the capability, asked again declaring it, then the resumed retry declares what it answers.
        assert.deepEqual(capabilitiesSent(tool, from), [{}, declared, declared])
      }
    },
  )

  test('the resumed retry declares the capability of each answer, e.g. URL-mode elicitation', { timeout: 5000 }, async () => {
    // A server that asks without checking capabilities (as a server may for a request that needs none up front).
    const fault = await startFaultServer(({ id, method, res, body }) => {
      if (method === 'tools/list')
        return sendJson(res, 200, rpcResult(id, { resultType: 'complete', tools: [{ name: 'sign_in', inputSchema: { type: 'object' } }] }))
      if (body.params.inputResponses)
        return sendJson(res, 200, rpcResult(id, { resultType: 'complete', content: [{ type: 'text', text: 'signed in' }] }))
      sendJson(
        res,
        200,
        rpcResult(id, {
          resultType: 'input_required',
          inputRequests: {
            login: {
              method: 'elicitation/create',
              params: { mode: 'url', message: 'Sign in', url: 'https://auth.example/login', elicitationId: 'e1' },
            },
            roots: { method: 'roots/list', params: {} },
          },
        }),
      )
    })
    try {
      const error = await new McpClient(fault.url, { handlers: {} }).callTool('sign_in').catch((e: unknown) => e)
      assert.ok(error instanceof InputRequiredError)
      await error.resume({ login: { action: 'accept' } })
      const calls = fault.requests
        .filter((r) => r.body.method === 'tools/call')
        .map((r) => r.body.params._meta['io.modelcontextprotocol/clientCapabilities'])
      assert.deepEqual(calls, [{}, { elicitation: { url: {} } }], 'only what was answered (roots was not)')
    } finally {
      await fault.close()
    }
  })

  test(
    'a missing capability that is not an input kind, or one a handler covers, is not declared behind the caller’s back',
    { timeout: 5000 },
    async () => {
      const fault = await startFaultServer(({ id, method, res, body }) => {
        if (method === 'tools/list')
          return sendJson(res, 200, rpcResult(id, { resultType: 'complete', tools: [{ name: 'x', inputSchema: { type: 'object' } }] }))
        const required =
          body.params.name === 'x' && Object.keys(body.params._meta['io.modelcontextprotocol/clientCapabilities']).length === 0
            ? { experimental: { y: {} } }
            : { elicitation: { url: {} } }
        sendJson(res, 200, rpcError(id, -32021, 'missing capability', { requiredCapabilities: required }))
      })
      try {
        const calls = () => fault.requests.filter((r) => r.body.method === 'tools/call').length
        const error = await new McpClient(fault.url).callTool('x').catch((e: unknown) => e)
        assert.ok(error instanceof MissingClientCapabilityError)
        assert.deepEqual(error.requiredCapabilities, { experimental: { y: {} } })
        assert.equal(calls(), 1)
        const handled = await new McpClient(fault.url, { handlers: { elicitation: async () => ({ action: 'cancel' }) } })
          .callTool('x')
          .catch((e: unknown) => e)
        assert.ok(handled instanceof MissingClientCapabilityError, 'the elicitation handler chose form mode only')
        assert.equal(calls(), 2)
      } finally {
        await fault.close()
      }
    },
  )

  test('capabilities are declared per request from the handlers given', BOUND, async () => {
    const client = new McpClient(server.url, { handlers })
    await client.callTool('echo', { text: 'x' })
    const last = server.stats.requests.at(-1)!.body
    assert.deepEqual(last.params._meta['io.modelcontextprotocol/clientCapabilities'], {
      elicitation: { form: {} },
      sampling: {},
      roots: {},
    })
  })

  test('a server that asks for ever stops at the round limit with its own error', BOUND, async () => {
    const fault = await startFaultServer(({ id, method, res, body }) => {
      if (method === 'tools/list')
        return sendJson(res, 200, rpcResult(id, { resultType: 'complete', tools: [{ name: 'loop', inputSchema: { type: 'object' } }] }))
      sendJson(
        res,
        200,
        rpcResult(id, {
          resultType: 'input_required',
          inputRequests: {
            again: {
              method: 'elicitation/create',
              params: { mode: 'form', message: 'again?', requestedSchema: { type: 'object', properties: {} } },
            },
          },
          requestState: `s${body.params.requestState ?? ''}`,
        }),
      )
    })
    try {
      const client = new McpClient(fault.url, { maxRounds: 3, handlers: { elicitation: async () => ({ action: 'accept', content: {} }) } })
      await assert.rejects(client.callTool('loop'), (e: unknown) => e instanceof RoundLimitError && /3 rounds/.test(e.message))
      const calls = fault.requests.filter((r) => r.body.method === 'tools/call')
      assert.equal(calls.length, 4, 'the first try and three retries')
      assert.deepEqual(
        calls.map((r) => r.body.params.requestState),
        [undefined, 's', 'ss', 'sss'],
      )
    } finally {
      await fault.close()
    }
  })

  test('a server that sent no requestState gets none back: the key is absent from the retry, not ""', BOUND, async () => {
    const fault = await startFaultServer(({ id, method, res, body }) => {
      if (method === 'tools/list')
        return sendJson(res, 200, rpcResult(id, { resultType: 'complete', tools: [{ name: 'ask', inputSchema: { type: 'object' } }] }))
      if (!body.params.inputResponses)
        return sendJson(
          res,
          200,
          rpcResult(id, {
            resultType: 'input_required',
            inputRequests: { who: { method: 'elicitation/create', params: { mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: {} } } } },
          }),
        )
      sendJson(res, 200, rpcResult(id, { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] }))
    })
    try {
      const client = new McpClient(fault.url, { handlers: { elicitation: async () => ({ action: 'accept', content: {} }) } })
      assert.equal(text(await client.callTool('ask')), 'ok')
      const retry = fault.requests.filter((r) => r.body.method === 'tools/call')[1].body
      assert.deepEqual(retry.params.inputResponses, { who: { action: 'accept', content: {} } })
      assert.equal('requestState' in retry.params, false, `requestState sent as ${JSON.stringify(retry.params.requestState)}`)
    } finally {
      await fault.close()
    }
  })

  test('-32021 from the official server is a MissingClientCapabilityError naming what it needs; callTool declares it once and asks the caller', BOUND, async () => {
    const client = new McpClient(server.url)
    const error = await client.request('tools/call', { name: 'ask_name', arguments: {} }).catch((e: unknown) => e)
    assert.ok(error instanceof MissingClientCapabilityError, `got ${error}`)
    assert.equal(error.code, -32021)
    assert.deepEqual(error.requiredCapabilities, { elicitation: { form: {} } })
    const before = callsOf('ask_name').length
    const asked = await client.callTool('ask_name').catch((e: unknown) => e)
    assert.ok(asked instanceof InputRequiredError, `got ${asked}`)
    const sent = callsOf('ask_name').slice(before).map((r) => r.body.params._meta['io.modelcontextprotocol/clientCapabilities'])
    assert.deepEqual(sent, [{}, { elicitation: { form: {} } }])
  })
})
