// A server whose CORS policy names what it allows, as a deployment would, instead of echoing whatever a preflight
// asks for as the other test servers do: the browser sends a call with Mcp-Param-* headers only when the preflight's
// answer lists them. Every request is recorded, preflights (OPTIONS, with Access-Control-Request-Headers) too.
//
// - `deploy` mirrors `region` and `tenant.id` into Mcp-Param-Region and Mcp-Param-Tenant (the official SDK checks them
//   against the arguments, -32020 on a mismatch) and says what it got.
// - control `allow` (body: header names) replaces the allowed request headers; `reset` restores them.
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveFetch } from '../http-adapter.js'
import { handlerTestServer, type FixtureStats, type TestServer } from '../fixture-server.js'

/** What a 2026-07-28 client sends on every request, and the two headers `deploy` mirrors. */
export const ALLOWED_HEADERS = ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-param-region', 'mcp-param-tenant']

export function makeServer(): McpServer {
  const mcp = new McpServer({ name: 'param-cors', version: '1.0.0' })
  mcp.registerTool(
    'deploy',
    {
      description: 'Deploys for a tenant in a region; region and tenant.id travel as Mcp-Param-* headers too.',
      inputSchema: z.object({
        region: z.string().meta({ 'x-mcp-header': 'Region' }),
        tenant: z.object({ id: z.string().meta({ 'x-mcp-header': 'Tenant' }) }),
      }),
    },
    async ({ region, tenant }) => ({ content: [{ type: 'text', text: `deployed for ${tenant.id} in ${region}` }] }),
  )
  mcp.registerTool('echo', { description: 'Says the text back; no header parameters.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }))
  return mcp
}

export async function startServer(): Promise<TestServer> {
  const stats: FixtureStats = { cancelled: [], requests: [] }
  let allowed = ALLOWED_HEADERS
  const handler = createMcpHandler(makeServer, { responseMode: 'auto' })
  const served = await serveFetch(async (request) => {
    const raw = request.method === 'POST' ? await request.clone().text() : ''
    stats.requests.push({ method: request.method, headers: Object.fromEntries(request.headers), body: raw ? JSON.parse(raw) : undefined })
    const cors = {
      'access-control-allow-origin': request.headers.get('origin') ?? '*',
      vary: 'Origin',
      'access-control-expose-headers': 'MCP-Protocol-Version, Mcp-Method, Mcp-Name, Content-Type',
    }
    if (request.method === 'OPTIONS')
      return new Response(null, {
        status: 204,
        // Max-Age 0: every call is preflighted again, so a changed allow list counts at once.
        headers: {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': allowed.join(', '),
          'access-control-max-age': '0',
        },
      })
    const response = await handler.fetch(request)
    const headers = new Headers(response.headers)
    for (const [name, value] of Object.entries(cors)) headers.set(name, value)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  })
  return handlerTestServer(served, handler, stats, (action, body) => {
    if (action === 'allow') allowed = body as string[]
    else if (action === 'reset') allowed = ALLOWED_HEADERS
    else throw new Error(`unknown action ${action}`)
    return { allowed }
  })
}
