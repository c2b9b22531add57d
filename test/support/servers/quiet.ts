// A server that offers no list changes (so a page opens no listen stream to it), whose discover answer is cached
// for an hour, behind ./front.ts so that it can be stopped and restarted: on a warm start nothing but a fresh
// server/discover can tell whether it is there (components/mcp-server/mcp-server-connection.test.ts).
import { McpServer } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { frontServer } from './front.js'

export async function startServer(): Promise<TestServer> {
  const backend = await serveMcp(
    () =>
      new McpServer(
        { name: 'quiet-server', title: 'Quiet', version: '1.0.0' },
        { capabilities: { logging: {} }, cacheHints: { 'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' } } },
      ),
    { cors: true },
  )
  return frontServer(backend)
}
