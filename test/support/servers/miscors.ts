// An MCP server whose CORS is misconfigured on demand, one way at a time, for the connection doctor's browser tests
// (test/browser/connection-doctor.test.ts). Behind one front: the official SDK server (param-cors.ts's `deploy` tool,
// which mirrors Mcp-Param-Region and Mcp-Param-Tenant), a legacy (SDK v1, sessions) server, and a protected
// resource with its authorization server's metadata. Every request reaching the front is recorded (preflights too),
// so a test counts the doctor's probes.
//
// Control `mode` (body `{ mode, refuse? }`):
// - `ok`: CORS as a server should send it (the preflight's asked headers echoed, everything exposed);
// - `no-cors`: no CORS header on anything, preflights included (a server that never heard of CORS);
// - `refuse`: the preflight allows what is asked except the header names in `refuse` (lower-case);
// - `allow`: the preflight allows exactly the header names in `allow` (lower-case), as a hand-written allow-list does;
// - `legacy-hidden-session`: the legacy server, with CORS that allows everything but exposes no `Mcp-Session-Id`;
// - `legacy`: the legacy server, with CORS as in `refuse` (a legacy allow-list: no Mcp-Method, no Mcp-Name);
// - `hidden-challenge`: every MCP request answers 401 whose `WWW-Authenticate` (pointing at resource metadata at a
//   path no well-known URI finds) is not exposed;
// - `as-no-cors`: every MCP request answers 401 with an exposed challenge; the resource metadata names the
//   authorization server `<origin>/as`, whose metadata is served without CORS.
// - `token-no-cors`: as `as-no-cors`, but the metadata has CORS and the token endpoint (`<origin>/as/token`) has none.
// Control `dead`: the URL of a port nothing listens on (bound, then released).
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createMcpHandler } from '@modelcontextprotocol/server'
import { serveFetch } from '../http-adapter.js'
import { startLegacyServer } from '../legacy-server.js'
import { handlerTestServer, type FixtureStats, type TestServer } from '../fixture-server.js'
import { makeServer } from './param-cors.js'

type Mode = 'ok' | 'no-cors' | 'refuse' | 'allow' | 'legacy' | 'legacy-hidden-session' | 'hidden-challenge' | 'as-no-cors' | 'token-no-cors'

const EXPOSE_ALL = 'Mcp-Session-Id, WWW-Authenticate, MCP-Protocol-Version, Content-Type'

async function deadUrl(): Promise<string> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return `http://127.0.0.1:${port}/mcp`
}

export async function startServer(): Promise<TestServer> {
  const stats: FixtureStats = { cancelled: [], requests: [] }
  let mode: Mode = 'ok'
  let refuse: string[] = []
  let allow: string[] = []
  const handler = createMcpHandler(makeServer, { responseMode: 'auto' })
  const legacy = await startLegacyServer('stateful')
  let origin = ''

  /** The CORS headers of this mode, for a response to `request`. */
  const cors = (request: Request, expose = EXPOSE_ALL): Record<string, string> => {
    if (mode === 'no-cors') return {}
    const asked = (request.headers.get('access-control-request-headers') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h && !refuse.includes(h) && (mode !== 'allow' || allow.includes(h.toLowerCase())))
    return {
      'access-control-allow-origin': request.headers.get('origin') ?? '*',
      vary: 'Origin',
      'access-control-expose-headers': expose,
      ...(request.method === 'OPTIONS' && {
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': asked.join(', '),
        // Every request is preflighted again, so a changed mode counts at once.
        'access-control-max-age': '0',
      }),
    }
  }
  const withHeaders = (response: Response, headers: Record<string, string>) => {
    const out = new Headers(response.headers)
    out.delete('content-length')
    for (const [name, value] of Object.entries(headers)) out.set(name, value)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out })
  }

  const served = await serveFetch(async (request) => {
    const url = new URL(request.url)
    const raw = request.method === 'POST' ? await request.clone().text() : ''
    let body: unknown = raw || undefined
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      // a probe's body: kept as text
    }
    stats.requests.push({ method: request.method, headers: { ...Object.fromEntries(request.headers), ':path': url.pathname }, body })

    const exposed =
      mode === 'legacy-hidden-session' ? 'WWW-Authenticate, Content-Type' : mode === 'hidden-challenge' ? 'Content-Type' : EXPOSE_ALL
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors(request, exposed) })

    // The sign-in side: resource metadata (with CORS) and the authorization server's metadata (none in as-no-cors).
    if (url.pathname === '/.well-known/oauth-authorization-server/as') {
      return Response.json(
        {
          issuer: `${origin}/as`,
          authorization_endpoint: `${origin}/as/authorize`,
          token_endpoint: `${origin}/as/token`,
          response_types_supported: ['code'],
        },
        {
          headers: mode === 'as-no-cors' ? {} : cors(request),
        },
      )
    }
    if (url.pathname === '/as/token')
      return Response.json({ error: 'invalid_grant' }, { status: 400, headers: mode === 'token-no-cors' ? {} : cors(request) })
    if (url.pathname === '/.well-known/oauth-protected-resource/mcp' || url.pathname === '/prm/mcp') {
      // In hidden-challenge only the challenge's own address has it: without the challenge it cannot be found.
      if (mode === 'hidden-challenge' && url.pathname !== '/prm/mcp')
        return new Response('not here', { status: 404, headers: cors(request) })
      return Response.json({ resource: `${origin}/mcp`, authorization_servers: [`${origin}/as`] }, { headers: cors(request) })
    }
    if (url.pathname !== '/mcp') return new Response('not here', { status: 404, headers: cors(request) })

    if (mode === 'hidden-challenge' || mode === 'as-no-cors' || mode === 'token-no-cors') {
      const where = mode === 'hidden-challenge' ? `${origin}/prm/mcp` : `${origin}/.well-known/oauth-protected-resource/mcp`
      return new Response('{"error":"invalid_token"}', {
        status: 401,
        headers: {
          'content-type': 'application/json',
          'www-authenticate': `Bearer resource_metadata="${where}"`,
          ...cors(request, exposed),
        },
      })
    }
    if (mode === 'legacy-hidden-session' || mode === 'legacy') {
      const headers = new Headers(request.headers)
      headers.delete('host')
      const answer = await fetch(legacy.url, { method: request.method, headers, body: raw || undefined, signal: request.signal })
      return withHeaders(answer, cors(request, exposed))
    }
    return withHeaders(await handler.fetch(request), cors(request, exposed))
  })
  origin = served.origin

  const server = handlerTestServer(served, handler, stats, async (action, body) => {
    if (action === 'dead') return { url: await deadUrl() }
    if (action !== 'mode') throw new Error(`unknown action ${action}`)
    const wanted = body as { mode: Mode; refuse?: string[]; allow?: string[] }
    mode = wanted.mode
    refuse = wanted.refuse ?? []
    allow = wanted.allow ?? []
    return { mode, refuse, allow }
  })
  return {
    ...server,
    async close() {
      await server.close()
      await legacy.close()
    },
  }
}
