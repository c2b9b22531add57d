// A server whose one tool takes an argument that must match a pattern (`label`: `code` as `abc-12`), echoing it:
// a test counts how often that pattern is built to see how many times a call's arguments are checked.
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

export const CODE_PATTERN = '^[a-z]{3}-[0-9]{2}$'

export function startServer(): Promise<TestServer> {
  return serveMcp(
    () => {
      const mcp = new McpServer({ name: 'checked-args', version: '1.0.0' })
      mcp.registerTool(
        'label',
        { title: 'Label', inputSchema: z.object({ code: z.string().regex(new RegExp(CODE_PATTERN)).meta({ title: 'Code' }) }) },
        async ({ code }) => ({ content: [{ type: 'text', text: code }] }),
      )
      return mcp
    },
    { cors: true },
  )
}
