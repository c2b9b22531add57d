// A server for the cache tests: its tool list has a version that `bump`
// changes (telling open listen streams), the TTL of its lists is set by
// `reset`, and `cache://me` is a private resource whose text counts the reads.
// Served behind ./front.ts, so a test can take it down (`mode` `http-500`).
import { McpServer } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { frontServer } from './front.js'

export async function startServer(): Promise<TestServer> {
  let version = 1
  let ttlMs = 60_000
  let reads = 0
  const backend = await serveMcp(
    () => {
      const mcp = new McpServer(
        { name: 'cache-server', version: '1.0.0' },
        {
          capabilities: { resources: { subscribe: true, listChanged: true } },
          cacheHints: {
            'server/discover': { ttlMs, cacheScope: 'public' },
            'tools/list': { ttlMs, cacheScope: 'public' },
            'resources/list': { ttlMs, cacheScope: 'public' },
            'resources/read': { ttlMs, cacheScope: 'private' },
          },
        },
      )
      for (const name of [`alpha_v${version}`, `beta_v${version}`]) {
        mcp.registerTool(name, { title: `Tool ${name}`, description: `Version ${version} of the list.` }, async () => ({
          content: [{ type: 'text', text: name }],
        }))
      }
      mcp.registerResource('me', 'cache://me', { title: 'Me', mimeType: 'text/plain' }, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'text/plain', text: `read #${++reads}` }],
      }))
      return mcp
    },
    { cors: true },
  )
  return frontServer(backend, async (action, body: { ttlMs?: number; notify?: boolean } | null) => {
    if (action === 'reset') {
      version = 1
      reads = 0
      ttlMs = body?.ttlMs ?? 60_000
      backend.stats.requests.length = 0
    } else if (action === 'bump') {
      version++
      if (body?.notify !== false) backend.notify.toolsChanged()
    } else throw new Error(`cache: unknown action ${action}`)
  })
}
