// A server whose tools check against patterns only they use, so a test counts how often each pattern is built to see
// how many times a call's arguments (`label`: `code` as `abc-12`, echoed) or a result (`stamp`: its structuredContent
// against its outputSchema) are checked.
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

export const CODE_PATTERN = '^[a-z]{3}-[0-9]{2}$'
const STAMP_PATTERN = '^stamped [a-z]{3}-[0-9]{2}$'

export function startServer(): Promise<TestServer> {
  return serveMcp(
    () => {
      const mcp = new McpServer({ name: 'checked-args', version: '1.0.0' })
      mcp.registerTool(
        'label',
        { title: 'Label', inputSchema: z.object({ code: z.string().regex(new RegExp(CODE_PATTERN)).meta({ title: 'Code' }) }) },
        async ({ code }) => ({ content: [{ type: 'text', text: code }] }),
      )
      mcp.registerTool(
        'stamp',
        {
          title: 'Stamp',
          inputSchema: z.object({ code: z.string().meta({ title: 'Code' }) }),
          outputSchema: z.object({ stamp: z.string().regex(new RegExp(STAMP_PATTERN)) }),
        },
        async ({ code }) => ({ content: [{ type: 'text', text: `stamped ${code}` }], structuredContent: { stamp: `stamped ${code}` } }),
      )
      return mcp
    },
    { cors: true },
  )
}
