/**
 * maxTotalTimeMs bounds a whole multi round-trip call, not each round: the
 * server's time over all the rounds is summed, and the time the input
 * handlers take to answer is not. Against a real official-SDK server whose
 * tool works a given time on each round and asks for input on all but the last.
 */
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { McpServer, inputRequired } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { InputRequiredError, McpClient, TimeoutError } from '../../src/client/index.js'
import { serveMcp, type FixtureServer } from '../support/fixture-server.js'
import { assertIs, failure } from '../support/assert.js'

const BOUND = { timeout: 10_000 }

/** Resolves after `ms`, or rejects when the request is cancelled (so a cancelled round is seen to end). */
function work(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

let server: FixtureServer
/** Each round the server started, and whether it was cancelled before it finished. */
const rounds: Array<{ round: number; cancelled?: boolean }> = []
let roundEnded: (() => void) | undefined

before(async () => {
  server = await serveMcp(() => {
    const mcp = new McpServer({ name: 'total-time', version: '1.0.0' })
    const answer = z.object({ ok: z.boolean() })
    mcp.registerTool(
      'slow_rounds',
      {
        description: 'Works delaysMs[n] on round n, and asks for input on every round but the last.',
        inputSchema: z.object({ delaysMs: z.array(z.number().int()) }),
      },
      async ({ delaysMs }, ctx) => {
        const round = Number(ctx.mcpReq.requestState<string>() ?? 0)
        const seen: { round: number; cancelled?: boolean } = { round }
        rounds.push(seen)
        try {
          await work(delaysMs[round] ?? 0, ctx.mcpReq.signal)
        } catch (error) {
          seen.cancelled = true
          throw error
        } finally {
          roundEnded?.()
        }
        if (round < delaysMs.length - 1)
          return inputRequired({
            inputRequests: { [`q${round}`]: inputRequired.elicit({ message: `Question ${round}?`, requestedSchema: answer }) },
            requestState: String(round + 1),
          })
        return { content: [{ type: 'text', text: `done after ${round} rounds of input` }] }
      },
    )
    return mcp
  })
})
after(() => server.close())

test(
  'maxTotalTimeMs caps all the rounds together: rounds of 200, 200 and 600 ms under a 700 ms cap fail in the third, which the server sees cancelled',
  BOUND,
  async () => {
    rounds.length = 0
    const client = new McpClient(server.url, {
      maxTotalTimeMs: 700,
      handlers: { elicitation: async () => ({ action: 'accept', content: { ok: true } }) },
    })
    await client.listTools() // so the call's time is its rounds' only
    const thirdEnded = new Promise<void>((resolve) => (roundEnded = () => rounds.length === 3 && resolve()))
    const started = performance.now()
    const error = await failure(client.callTool('slow_rounds', { delaysMs: [200, 200, 600] }))
    const elapsed = performance.now() - started
    assertIs(error, TimeoutError)
    assert.equal(error.total, true)
    assert.match(error.message, /tools\/call took longer than 700 ms in all/)
    // Each round alone is under the cap; the third is cut where the sum reaches it (250 ms to spare for a loaded machine).
    assert.ok(elapsed >= 650 && elapsed < 1_000, `failed after ${elapsed.toFixed(0)} ms`)
    await thirdEnded
    assert.deepEqual(rounds, [{ round: 0 }, { round: 1 }, { round: 2, cancelled: true }])
  },
)

test(
  'the time input handlers take is not counted: 3 × 150 ms of server time and 2 × 600 ms of answering fit a 700 ms cap',
  BOUND,
  async () => {
    rounds.length = 0
    roundEnded = undefined
    const client = new McpClient(server.url, {
      maxTotalTimeMs: 700,
      handlers: {
        // A person taking their time over each question.
        elicitation: () => new Promise((resolve) => setTimeout(() => resolve({ action: 'accept', content: { ok: true } }), 600)),
      },
    })
    const result = await client.callTool('slow_rounds', { delaysMs: [150, 150, 150] })
    assert.deepEqual(result.content, [{ type: 'text', text: 'done after 2 rounds of input' }])
    assert.deepEqual(rounds, [{ round: 0 }, { round: 1 }, { round: 2 }])
  },
)

test('a per-call maxTotalTimeMs overrides the client’s for all the rounds', BOUND, async () => {
  rounds.length = 0
  roundEnded = undefined
  const client = new McpClient(server.url, {
    maxTotalTimeMs: 60_000,
    handlers: { elicitation: async () => ({ action: 'accept', content: { ok: true } }) },
  })
  const error = await failure(client.callTool('slow_rounds', { delaysMs: [100, 100, 400] }, { maxTotalTimeMs: 500 }))
  assertIs(error, TimeoutError)
  assert.match(error.message, /500 ms in all/)
  assert.equal(rounds.length, 3)
})

test('resume() goes on with what the first rounds left, and the time before it is not counted', BOUND, async () => {
  rounds.length = 0
  const client = new McpClient(server.url, { maxTotalTimeMs: 500 })
  await client.listTools()
  // With no handler, round 0 may be sent twice (again declaring the elicitation capability the server asks for):
  // 2 × 150 ms of the 500.
  const asked = await failure(client.callTool('slow_rounds', { delaysMs: [150, 400] }))
  assertIs(asked, InputRequiredError)
  // The person takes longer than the whole cap to answer: that is not the server's time.
  await new Promise((resolve) => setTimeout(resolve, 600))
  const secondEnded = new Promise<void>((resolve) => (roundEnded = () => rounds.at(-1)?.round === 1 && resolve()))
  const started = performance.now()
  const error = await failure((asked as InputRequiredError).resume({ q0: { action: 'accept', content: { ok: true } } }))
  assertIs(error, TimeoutError)
  assert.match(error.message, /500 ms in all/)
  // Round 1 was sent, with what round 0 left (about 200 ms), not a fresh 500 ms.
  const elapsed = performance.now() - started
  assert.ok(elapsed >= 100 && elapsed < 380, `the resumed round was cut after ${elapsed.toFixed(0)} ms`)
  await secondEnded
  assert.deepEqual(rounds.at(-1), { round: 1, cancelled: true })
  assert.equal(rounds.filter((r) => r.round === 1).length, 1)
})
