// Icon sources that never finish loading, for <mcp-icon>'s load timeout (components/mcp-icon/mcp-icon.test.ts):
// GET /stalled.svg takes the request and never answers (headers never come); GET /icon.svg answers a small SVG.
// Each request to /stalled.svg is counted (control `stalled`), so a test knows the image was asked for, and so is each
// one the browser gave up on (its connection closed: `closed`).
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server'
import { serveFetch } from '../http-adapter.js'
import { handlerTestServer, type FixtureStats, type TestServer } from '../fixture-server.js'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>'

export async function startServer(): Promise<TestServer> {
  const stats: FixtureStats = { cancelled: [], requests: [] }
  const handler = createMcpHandler(() => new McpServer({ name: 'stalled-icons', version: '1.0.0' }), { responseMode: 'auto' })
  let stalled = 0
  let closed = 0
  const served = await serveFetch(
    (request) => {
      const { pathname } = new URL(request.url)
      if (pathname === '/stalled.svg') {
        stalled++
        request.signal.addEventListener('abort', () => closed++, { once: true })
        return new Promise<Response>(() => {}) // never answers; close() drops the socket
      }
      if (pathname === '/icon.svg') return new Response(SVG, { headers: { 'content-type': 'image/svg+xml' } })
      return handler.fetch(request)
    },
    { cors: true },
  )
  return handlerTestServer(served, handler, stats, (action) => {
    if (action !== 'stalled') throw new Error(`unknown action ${action}`)
    return { requests: stalled, closed }
  })
}
