// A server whose tools/list answers only after LIST_DELAY_MS (everything else at once), for the CDN page's order of
// loading (test/browser/cdn.test.ts): a slow first list still comes before any listen stream code. It offers list
// changes, so <mcp-server> opens a listen stream once the list is shown. Control `methods`: the JSON-RPC methods it
// was sent, in order of arrival.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server'
import { serveFetch } from '../http-adapter.js'
import { handlerTestServer, type FixtureStats, type TestServer } from '../fixture-server.js'

/** Longer than <mcp-server> waited for its lists before it opened the listen stream anyway (2 s). */
export const LIST_DELAY_MS = 2_500

export async function startServer(): Promise<TestServer> {
  const stats: FixtureStats = { cancelled: [], requests: [] }
  const handler = createMcpHandler(
    () => {
      const mcp = new McpServer({ name: 'slow-list', version: '1.0.0' })
      mcp.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }))
      return mcp
    },
    { responseMode: 'auto' },
  )
  const methods: string[] = []
  const served = await serveFetch(
    async (request) => {
      const method = request.headers.get('mcp-method')
      if (method) methods.push(method)
      if (method === 'tools/list') await new Promise((resolve) => setTimeout(resolve, LIST_DELAY_MS))
      return handler.fetch(request)
    },
    { cors: true },
  )
  return handlerTestServer(served, handler, stats, (action) => {
    if (action !== 'methods') throw new Error(`unknown action ${action}`)
    return methods
  })
}
