// Tools for the approval suites (<mcp-tool-call>, <mcp-server>'s approval policy): one with no annotations and a
// schema whose properties have titles and choices (so the card's labels can be checked), one that says it is
// read-only and closed-world, one that runs slowly with progress (and is cancellable), one that fails with a tool
// error. What was called is read from the request log.
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })

export function startServer(): Promise<TestServer> {
  return serveMcp(
    (stats) => {
      const mcp = new McpServer({ name: 'approvals', version: '1.0.0', title: 'Approval Fixture' })
      mcp.registerTool(
        'move_file',
        {
          title: 'Move a file',
          description: 'Says nothing about what it does: the spec’s defaults apply.',
          inputSchema: z.object({
            from_path: z.string().meta({ title: 'Source path' }),
            mode: z.enum(['copy', 'move']).meta({ title: 'Mode' }),
            overwrite: z.boolean().optional(),
          }),
        },
        async ({ from_path, mode }) => text(`${mode} ${from_path}: done`),
      )
      mcp.registerTool(
        'read_notes',
        {
          title: 'Read notes',
          description: 'Reads notes; says it is read-only and closed-world.',
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
        async () => text('the notes'),
      )
      mcp.registerTool(
        'slow',
        { description: 'Takes steps × 100 ms, reporting progress.', inputSchema: z.object({ steps: z.number().int() }) },
        async ({ steps }, ctx) => {
          const token = ctx.mcpReq._meta?.progressToken
          try {
            for (let i = 1; i <= steps; i++) {
              await sleep(100, ctx.mcpReq.signal)
              if (token !== undefined) {
                await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: steps } })
              }
            }
          } catch (error) {
            if (ctx.mcpReq.signal.aborted) stats.cancelled.push('slow')
            throw error
          }
          return text(`${steps} steps done`)
        },
      )
      mcp.registerTool('fails', { description: 'Returns a tool error.' }, async () => ({ ...text('the disk is full'), isError: true }))
      return mcp
    },
    { cors: true },
  )
}
