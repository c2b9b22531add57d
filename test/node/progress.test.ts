// Progress of a multi round-trip call: one progress token across its rounds,
// and never backwards. The server is the official SDK, with tools that report
// progress in each round and ask for input in between.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpServer, inputRequired, inputResponse, type ServerContext } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { McpClient, type ProgressNotificationParams } from '../../src/client/index.js'
import { serveMcp, type FixtureServer } from '../support/fixture-server.js'
import { startLegacyServer } from '../support/legacy-server.js'

let server: FixtureServer
before(async () => {
  server = await serveMcp(() => {
    const mcp = new McpServer({ name: 'progress-rounds', version: '1.0.0' })
    const report = async (ctx: ServerContext, steps: number[], total: number) => {
      const progressToken = ctx.mcpReq._meta?.progressToken
      if (progressToken === undefined) return
      for (const progress of steps) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress, total, message: `step ${progress}` },
        })
      }
    }
    const confirm = z.object({ ok: z.boolean() })
    // Round 1 reports steps 1-2 and asks to confirm; round 2 reports 3-4 and finishes.
    mcp.registerTool('two_round_job', { description: 'Progress in both rounds, a confirmation between them.' }, async (ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'confirm').kind === 'missing') {
        await report(ctx, [1, 2], 4)
        return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: 'Go on?', requestedSchema: confirm }) } })
      }
      await report(ctx, [3, 4], 4)
      return { content: [{ type: 'text', text: 'done' }] }
    })
    // Counts from 1 again in its second round, as a careless server might.
    mcp.registerTool('restarting_job', { description: 'Reports 1-2 in each of two rounds.' }, async (ctx) => {
      await report(ctx, [1, 2], 2)
      if (inputResponse(ctx.mcpReq.inputResponses, 'confirm').kind === 'missing') {
        return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: 'Again?', requestedSchema: confirm }) } })
      }
      return { content: [{ type: 'text', text: 'done' }] }
    })
    return mcp
  })
})
after(() => server.close())

const client = () => new McpClient(server.url, { handlers: { elicitation: async () => ({ action: 'accept', content: { ok: true } }) } })
const tokensSent = (tool: string) =>
  server.stats.requests
    .filter((r) => r.body?.method === 'tools/call' && r.body.params.name === tool)
    .map((r) => r.body.params._meta?.progressToken)

test('a call keeps one progress token across its rounds, and its progress reads as one bar', { timeout: 5000 }, async () => {
  const seen: ProgressNotificationParams[] = []
  const result = await client().callTool('two_round_job', {}, { onProgress: (p) => seen.push(p) })
  assert.deepEqual(result.content, [{ type: 'text', text: 'done' }])
  const tokens = tokensSent('two_round_job')
  assert.equal(tokens.length, 2, 'two rounds')
  assert.ok(tokens[0] !== undefined)
  assert.equal(tokens[1], tokens[0], 'the retry carries the same progress token')
  assert.deepEqual(
    seen.map((p) => p.progress),
    [1, 2, 3, 4],
  )
  assert.ok(seen.every((p) => p.progressToken === tokens[0]))
})

test('two calls get different tokens', { timeout: 5000 }, async () => {
  const c = client()
  await Promise.all([c.callTool('two_round_job', {}, { onProgress: () => {} }), c.callTool('two_round_job', {}, { onProgress: () => {} })])
  const tokens = new Set(tokensSent('two_round_job').slice(-4))
  assert.equal(tokens.size, 2)
})

test('progress that would run backwards (a server counting again from 1) is not passed on', { timeout: 5000 }, async () => {
  const seen: number[] = []
  await client().callTool('restarting_job', {}, { onProgress: (p) => seen.push(p.progress) })
  assert.deepEqual(seen, [1, 2])
})

// A caller may choose its own progress token (the spec's ProgressToken: a string or a number) in params._meta.
for (const era of ['modern', 'legacy'] as const) {
  test(`${era}: a caller's own progress token, 0 included, is the one sent and the one its progress comes back under`, { timeout: 10_000 }, async () => {
    const legacy = era === 'legacy' ? await startLegacyServer('stateful') : undefined
    try {
      const c = legacy ? new McpClient(legacy.url, { protocolVersion: '2025-11-25' }) : client()
      const [tool, args] = legacy ? ['count', { n: 3 }] : ['restarting_job', {}]
      const seen: ProgressNotificationParams[] = []
      await c.request('tools/call', { name: tool, arguments: args, _meta: { progressToken: 0 } }, { onProgress: (p) => seen.push(p) })
      assert.ok(seen.length > 0, 'progress reached onProgress')
      assert.deepEqual(new Set(seen.map((p) => p.progressToken)), new Set([0]), 'the server reported under the caller’s token')

      // Without onProgress the token still goes out, and the progress is the client's `notification` event.
      const notified: unknown[] = []
      c.addEventListener('notification', (e) => notified.push((e as CustomEvent).detail.params?.progressToken))
      await c.request('tools/call', { name: tool, arguments: args, _meta: { progressToken: 0 } })
      assert.ok(notified.length > 0 && notified.every((t) => t === 0), `progress under token 0 as notifications: ${JSON.stringify(notified)}`)
      await c.close()
    } finally {
      await legacy?.close()
    }
  })
}
