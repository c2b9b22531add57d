// A server whose one tool answers against its own outputSchema: `weather` declares `{ celsius: number }` and returns
// `{ celsius: 'warm' }` (its text content carries markup, shown as text). The SDK's McpServer checks a tool's output
// before sending it, so its tools/call handler is replaced (protected API of the SDK's Protocol class, as in prompts.ts).
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

export const BAD_OUTPUT_TEXT = '<img src=x onerror="window.__pwned=\'bad-output\'">warm'

export function startServer(): Promise<TestServer> {
  return serveMcp(
    () => {
      const mcp = new McpServer({ name: 'bad-output', version: '1.0.0' })
      mcp.registerTool('weather', { title: 'Weather', outputSchema: z.object({ celsius: z.number() }) }, async () => ({
        content: [],
        structuredContent: { celsius: 0 },
      }))
      const server = mcp.server as unknown as { setRequestHandler(method: string, handler: (request: unknown) => Promise<unknown>): void }
      server.setRequestHandler('tools/call', async () => ({
        content: [{ type: 'text', text: BAD_OUTPUT_TEXT }],
        structuredContent: { celsius: BAD_OUTPUT_TEXT },
      }))
      return mcp
    },
    { cors: true },
  )
}
