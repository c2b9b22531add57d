// A server for `<mcp-server url-state>`: a search tool, and a sign-in tool whose password and API key the schema marks
// as secret (`format: password`, `writeOnly`). Each tool answers with the arguments it got, as JSON.
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

const echo = async (args: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(args) }] })

export function startServer(): Promise<TestServer> {
  return serveMcp(
    () => {
      const mcp = new McpServer({ name: 'url-state', version: '1.0.0' })
      mcp.registerTool(
        'search',
        {
          title: 'Search',
          inputSchema: z.object({ query: z.string().meta({ title: 'Query' }), limit: z.number().int().optional().meta({ title: 'Limit' }) }),
        },
        echo,
      )
      mcp.registerTool(
        'connect_account',
        {
          title: 'Connect account',
          inputSchema: z.object({
            user: z.string().meta({ title: 'User' }),
            password: z.string().meta({ title: 'Password', format: 'password' }),
            api_key: z.string().optional().meta({ title: 'API key', writeOnly: true }),
          }),
        },
        echo,
      )
      return mcp
    },
    { cors: true },
  )
}
