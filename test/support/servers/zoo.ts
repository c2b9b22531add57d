// The <mcp-tool> suite's server: one tool per schema of the schema zoo
// (../schema-zoo.ts), listed with that exact raw JSON Schema as its
// inputSchema and echoing the arguments it received, so a test can fill the
// form as a user would and compare what arrived; plus `ticking`, which
// reports progress without a total (an indeterminate bar).
import { McpServer, fromJsonSchema } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { SCHEMA_ZOO } from '../schema-zoo.js'

/** The tool that carries a zoo entry's schema. */
const zooTool = (entry: string) => `zoo_${entry}`

function makeServer(): McpServer {
  const mcp = new McpServer({ name: 'schema-zoo', version: '1.0.0' })
  for (const [name, entry] of Object.entries(SCHEMA_ZOO)) {
    mcp.registerTool(
      zooTool(name),
      { description: entry.description, inputSchema: fromJsonSchema(entry.schema as never) },
      async (args) => ({
        content: [{ type: 'text', text: JSON.stringify(args) }],
      }),
    )
  }

  mcp.registerTool(
    'ticking',
    {
      description: 'Reports `steps` progress notifications with a message and no total, one every delayMs, then answers.',
      inputSchema: z.object({ steps: z.number().int().min(1), delayMs: z.number().int().min(0) }),
    },
    async ({ steps, delayMs }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken
      for (let i = 1; i <= steps; i++) {
        await new Promise((r) => setTimeout(r, delayMs))
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: i, message: `tick ${i}` } })
        }
      }
      return { content: [{ type: 'text', text: `ticked ${steps} times` }] }
    },
  )
  return mcp
}

export function startServer(): Promise<TestServer> {
  return serveMcp(() => makeServer(), { cors: true })
}
