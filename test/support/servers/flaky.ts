// A small real server behind ./front.ts, for failure states: the front's
// `mode` control makes it unreachable by CORS, answer HTTP 500, or answer with
// a page that is not JSON-RPC; `mode: ok` lets it answer properly again.
import { McpServer } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { frontServer } from './front.js'

export async function startServer(): Promise<TestServer> {
  const backend = await serveMcp(
    () => {
      const mcp = new McpServer({ name: 'flaky-server', version: '1.0.0' })
      mcp.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }))
      return mcp
    },
    { cors: true },
  )
  return frontServer(backend)
}
