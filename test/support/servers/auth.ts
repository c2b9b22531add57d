// A protected MCP server and its authorization server, both real: the official
// SDK's McpServer behind the SDK's own bearer gate (requireBearerAuth,
// verifying the JWT access tokens' RS256 signatures against the authorization
// server's JWKS), and oauth2-mock-server as the authorization server, behind a
// front that can answer as a broken one would (control `as-mode`).
//
// Controls (POST /__fixture/control?server=auth&action=A, or server.control(A, body) in Node):
// - `as-mode` `{ mode }`: `ok`; `foreign-issuer` (metadata names another issuer);
//   `token-html` (the token endpoint answers an HTML page); `deny` (the user says no: error=access_denied);
//   `hold` (the sign-in page takes 10 s to answer: a user still reading it); `offline-access` (metadata lists
//   scopes_supported with offline_access, as servers that issue refresh tokens on request do)
// - `token-ttl` `{ seconds, announce? }`: access tokens issued from now on expire after
//   `seconds`; with `announce: false` the token response leaves out expires_in
// - `revoke`: every access token issued so far is refused from now on
// - `attack` `{ field, value }` (`{}` ends it): a hostile server's endpoint. `field` is an authorization server
//   metadata field (`authorization_endpoint`, `token_endpoint`, `jwks_uri`, …: that field of the metadata becomes
//   `value`), `authorization_servers` (the resource metadata names `value` as its one authorization server) or
//   `resource_metadata` (the 401 challenge points at `value`). Requests whose path holds `/bad/`, on either front, are
//   counted (`badRequests`) and answered 404: a test points `value` there to see whether anything was sent to it.
// - `metadata-documents` `{ on, redirect_uris? }`: the authorization server accepts Client ID Metadata Documents
//   (`client_id_metadata_document_supported`): a URL client id is fetched at /authorize, and refused unless the
//   document names itself as `client_id` and lists the `redirect_uri`; a client id that is neither a URL nor the
//   registered one is refused. The MCP front serves one such document at
//   /client-metadata.json, listing `redirect_uris`. `startServer({ metadataDocuments: true })` starts with it on.
// - `dpop` `{ on?, algs?, asNonce?, rsNonce? }` (`startServer({ dpop: true })` starts with it on): the authorization
//   server offers DPoP (`dpop_signing_alg_values_supported`: `algs`, default ES256), checks the proof of every token
//   request, binds tokens (and refresh tokens) to the proof's key (`cnf.jkt`, `token_type` DPoP); the MCP server
//   takes only `Authorization: DPoP` with a proof for that key (servers/dpop-proofs.ts: signature, htm, htu, iat,
//   ath, a `jti` never seen before) and challenges with `DPoP`. `asNonce` / `rsNonce` (a string; null for none): the
//   nonce each server requires (`use_dpop_nonce` with a `DPoP-Nonce` header until a proof carries it; the MCP server
//   also sends it on every answer). Setting a new one rotates it; `rsNonce: 'every-request'` plays a hostile server
//   whose nonce changes on every request. `allowProof: false` / `exposeNonce: false`: the MCP
//   server's CORS forgets the `DPoP` request header in its preflight answer / leaves `DPoP-Nonce` unexposed;
//   `asAllowProof: false`: the authorization server's preflight forgets the `DPoP` header.
// - `stats`: `{ tokenRequests: { grant_type, resource, scope }[], authorizeRequests: params[], mcpRequests, badRequests: paths[],
//   documentFetches: urls[], dpop: { refusals: why[], nonceChallenges, accepted: Mcp-Method[], lastProof?, lastToken? } }`
import { McpServer, requireBearerAuth, OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server'
import { OAuth2Server } from 'oauth2-mock-server'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { serveFetch } from '../http-adapter.js'
import { startLegacyServer, type LegacyMode } from '../legacy-server.js'
import { checkProof, type ProofCheck } from './dpop-proofs.js'

type AsMode = 'ok' | 'foreign-issuer' | 'token-html' | 'deny' | 'hold' | 'offline-access'
type Attack = { field: string; value: string }

/** The authorization server's metadata documents (RFC 8414, OpenID Discovery), as the client looks for them. */
const METADATA_PATHS = new Set(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'])

/** The client id tests sign in with (oauth2-mock-server accepts any; it offers no dynamic registration). */
export const AUTH_CLIENT_ID = 'mcp-elements-tests'

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Content-Type, MCP-Protocol-Version, Mcp-Method, Mcp-Name, WWW-Authenticate, DPoP-Nonce',
}

const b64urlJson = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

/** Why the metadata document at `clientId` does not allow `redirectUri`, or undefined when it does. */
async function documentRefusal(clientId: string, redirectUri: string): Promise<string | undefined> {
  let document: { client_id?: unknown; redirect_uris?: unknown }
  try {
    const answer = await fetch(clientId, { headers: { accept: 'application/json' }, redirect: 'error' })
    if (!answer.ok) return `the client metadata document ${clientId} answered HTTP ${answer.status}`
    document = await answer.json()
  } catch (error) {
    return `the client metadata document ${clientId} could not be read: ${error}`
  }
  if (document.client_id !== clientId) return `the client metadata document at ${clientId} names another client_id`
  if (!Array.isArray(document.redirect_uris) || !document.redirect_uris.includes(redirectUri)) {
    return `the client metadata document at ${clientId} does not list the redirect_uri ${redirectUri}`
  }
  return undefined
}

/** The protected server, and the other servers behind it, by what they are (for `npm start` to say which port is which). */
export interface ProtectedServer extends TestServer {
  /** The authorization server's public origin (its issuer). */
  authorizationServer: string
  /** The servers behind the two fronts: the SDK's MCP server and oauth2-mock-server. */
  behind: { mcp: string; authorizationServer: string }
}

/** The DPoP mode's switches and what it saw (control `dpop`, `stats`). */
interface DpopMode {
  on: boolean
  algs: string[]
  asNonce?: string
  rsNonce?: string
  /** Every jti accepted, by both servers. */
  seen: Set<string>
  /** The key each refresh token is bound to. */
  refreshKeys: Map<string, string>
  refusals: string[]
  nonceChallenges: number
  /** The `Mcp-Method` of each request whose proof was accepted. */
  accepted: string[]
  /** The MCP server's CORS: whether its preflight allows the `DPoP` header, and whether `DPoP-Nonce` is exposed. */
  cors: { allowProof: boolean; exposeNonce: boolean; asAllowProof: boolean }
  lastProof?: string
  lastToken?: string
}

/** A preflight's allowed headers: those asked for, without `DPoP` unless `allowProof`. */
const withoutProof = (asked: string | null, allowProof: boolean) =>
  allowProof ? (asked ?? '*') : (asked ?? '').split(',').filter((name) => name.trim().toLowerCase() !== 'dpop').join(',')

/** The MCP server's CORS headers, without `DPoP-Nonce` exposed when the DPoP mode plays a server that forgot it. */
const mcpCors = (mode: DpopMode): Record<string, string> =>
  mode.cors.exposeNonce ? CORS : { ...CORS, 'access-control-expose-headers': CORS['access-control-expose-headers'].replace(', DPoP-Nonce', '') }

/** A refused proof's answer: 400 at the token endpoint (RFC 9449 §5), 401 with a DPoP challenge at the MCP server (§7.1). */
function refusedProof(check: Extract<ProofCheck, { ok: false }>, mode: DpopMode, resource: boolean): Response {
  if (check.error === 'use_dpop_nonce') mode.nonceChallenges++
  else mode.refusals.push(check.why)
  const nonce = resource ? mode.rsNonce : mode.asNonce
  const headers: Record<string, string> = { ...(resource ? mcpCors(mode) : CORS), ...(check.error === 'use_dpop_nonce' && nonce ? { 'dpop-nonce': nonce } : {}) }
  if (!resource) return Response.json({ error: check.error, error_description: check.why }, { status: 400, headers })
  headers['www-authenticate'] = `DPoP error="${check.error}", error_description="${check.why}", algs="${mode.algs.join(' ')}"`
  return Response.json({ error: check.error }, { status: 401, headers })
}

export async function startServer(options: { metadataDocuments?: boolean; dpop?: boolean; legacy?: LegacyMode } = {}): Promise<ProtectedServer> {
  // ---- the authorization server, behind a front that owns its public origin ----
  const as = new OAuth2Server()
  await as.issuer.keys.generate('RS256')
  await as.start(0, '127.0.0.1')
  const asInner = as.issuer.url!.replace('localhost', '127.0.0.1')
  let asMode: AsMode = 'ok'
  let ttl: { seconds: number; announce: boolean } | undefined
  /** Tokens carry the generation they were issued in; `revoke` starts a new one. */
  let generation = 0
  const tokenRequests: Array<Record<string, string>> = []
  const authorizeRequests: Array<Record<string, string>> = []
  let mcpRequests = 0
  let attack: Attack | undefined
  const badRequests: string[] = []
  let metadataDocuments = options.metadataDocuments ?? false
  let documentRedirects: string[] = []
  const documentFetches: string[] = []
  const dpop: DpopMode = { on: options.dpop ?? false, algs: ['ES256'], seen: new Set(), refreshKeys: new Map(), refusals: [], nonceChallenges: 0, accepted: [], cors: { allowProof: true, exposeNonce: true, asAllowProof: true } }
  /** A request to where a hostile endpoint points: counted, never answered. */
  const bad = (url: URL) => {
    if (!url.pathname.includes('/bad/')) return undefined
    badRequests.push(url.pathname)
    return new Response('not here', { status: 404, headers: CORS })
  }

  const asFront = await serveFetch(async (request) => {
    const url = new URL(request.url)
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...CORS,
          'access-control-allow-methods': 'GET, POST',
          ...(dpop.on && { 'access-control-max-age': '0' }),
          'access-control-allow-headers': withoutProof(request.headers.get('access-control-request-headers'), dpop.cors.asAllowProof),
        },
      })
    }
    const refused = bad(url)
    if (refused) return refused
    if (url.pathname === '/authorize') {
      authorizeRequests.push(Object.fromEntries(url.searchParams))
      if (asMode === 'hold') await new Promise((resolve) => setTimeout(resolve, 10_000))
      const clientId = url.searchParams.get('client_id') ?? ''
      if (metadataDocuments && clientId !== AUTH_CLIENT_ID) {
        // Then a client is either the registered one or a document: any other id is unknown here.
        if (/^https?:\/\//.test(clientId)) documentFetches.push(clientId)
        const refusal = /^https?:\/\//.test(clientId)
          ? await documentRefusal(clientId, url.searchParams.get('redirect_uri') ?? '')
          : `unknown client_id ${clientId}: neither the registered client nor a client metadata document URL`
        if (refusal) return new Response(refusal, { status: 400, headers: { ...CORS, 'content-type': 'text/plain' } })
      }
    }
    const body = request.method === 'POST' ? await request.text() : undefined
    const forwarded = new Headers(request.headers)
    forwarded.delete('x-dpop-jkt') // set only here, after a proof is checked
    let jkt: string | undefined
    if (url.pathname === '/token') {
      const params = Object.fromEntries(new URLSearchParams(body))
      tokenRequests.push(params)
      if (asMode === 'token-html') return new Response('<html><body>Sign-in service is down for maintenance</body></html>', { status: 200, headers: { ...CORS, 'content-type': 'text/html' } })
      if (dpop.on) {
        const check = await checkProof(request.headers.get('dpop'), { method: 'POST', url: `${issuer}/token`, nonce: dpop.asNonce, seen: dpop.seen })
        if (!check.ok) return refusedProof(check, dpop, false)
        const bound = params.grant_type === 'refresh_token' ? dpop.refreshKeys.get(params.refresh_token ?? '') : undefined
        if (bound && bound !== check.jkt) {
          dpop.refusals.push('a refresh token used with another key')
          return Response.json({ error: 'invalid_grant', error_description: 'the refresh token is bound to another key' }, { status: 400, headers: CORS })
        }
        jkt = check.jkt
        forwarded.set('x-dpop-jkt', jkt)
      }
    }
    const answer = await fetch(`${asInner}${url.pathname}${url.search}`, {
      method: request.method,
      headers: forwarded,
      body,
      redirect: 'manual',
    })
    if (jkt && answer.ok) {
      const tokens = (await answer.json()) as Record<string, unknown>
      if (typeof tokens.refresh_token === 'string') dpop.refreshKeys.set(tokens.refresh_token, jkt)
      return Response.json({ ...tokens, token_type: 'DPoP' }, { headers: CORS })
    }
    const headers = new Headers(answer.headers)
    for (const [k, v] of Object.entries(CORS)) headers.set(k, v)
    headers.delete('content-length')
    if (url.pathname === '/.well-known/openid-configuration' && asMode === 'foreign-issuer') {
      const json = await answer.json()
      return Response.json({ ...json, issuer: 'https://login.example.net' }, { headers: CORS })
    }
    if (url.pathname === '/.well-known/openid-configuration' && asMode === 'offline-access') {
      return Response.json({ ...(await answer.json()), scopes_supported: ['openid', 'mcp', 'offline_access'] }, { headers: CORS })
    }
    const attacked = attack && !['authorization_servers', 'resource_metadata'].includes(attack.field) ? attack : undefined
    if (METADATA_PATHS.has(url.pathname) && answer.ok && (attacked || metadataDocuments || dpop.on)) {
      return Response.json(
        {
          ...(await answer.json()),
          ...(metadataDocuments && { client_id_metadata_document_supported: true }),
          ...(dpop.on && { dpop_signing_alg_values_supported: dpop.algs }),
          ...(attacked && { [attacked.field]: attacked.value }),
        },
        { headers: CORS },
      )
    }
    return new Response(answer.body, { status: answer.status, headers })
  })
  const issuer = asFront.origin
  as.issuer.url = issuer // tokens, metadata and redirects name the front
  as.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string>; headers?: Record<string, string> }) => {
    token.payload.gen = generation
    const jkt = req.headers?.['x-dpop-jkt']
    if (jkt) token.payload.cnf = { jkt }
    if (ttl) token.payload.exp = Math.floor(Date.now() / 1000) + ttl.seconds
    // RFC 8707: the access token is for the resource the client named (an ID token stays the client's).
    if (req.body?.resource && token.payload.aud !== req.body.client_id) token.payload.aud = req.body.resource
  })
  as.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    if (asMode !== 'deny') return
    redirect.url.searchParams.delete('code')
    redirect.url.searchParams.set('error', 'access_denied')
    redirect.url.searchParams.set('error_description', 'The user declined')
  })
  as.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
    if (!ttl) return
    if (ttl.announce) response.body.expires_in = ttl.seconds
    else delete response.body.expires_in
  })

  // ---- the MCP server, behind the SDK's bearer gate ----
  // `legacy`: an initialize-era server behind the gates instead (its own tools), for the legacy transports' requests.
  const backend = options.legacy ? await startLegacyServer(options.legacy) : await serveMcp(() => {
    // The tool list may differ per user: private, so a client keeps it per authorization context.
    const mcp = new McpServer({ name: 'protected-server', version: '1.0.0' }, { cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'private' } } })
    // Reached only through the bearer gate in front: answering at all means the token was good.
    mcp.registerTool('whoami', { description: 'Says you are signed in.' }, async () => ({ content: [{ type: 'text', text: 'signed in' }] }))
    mcp.registerTool('secret', { description: 'Only for signed-in users.' }, async () => ({ content: [{ type: 'text', text: 'the secret is 42' }] }))
    return mcp
  })

  const jwks = async () => ((await (await fetch(`${asInner}/jwks`)).json()) as { keys: JsonWebKey[] }).keys
  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const parts = token.split('.')
      if (parts.length !== 3) throw new OAuthError(OAuthErrorCode.InvalidToken, 'not a JWT')
      const header = b64urlJson(parts[0]!)
      const payload = b64urlJson(parts[1]!)
      const jwk = (await jwks()).find((k: any) => k.kid === header.kid)
      if (!jwk) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown key')
      const key = await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify'])
      const ok = await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, Buffer.from(parts[2]!, 'base64url'), Buffer.from(`${parts[0]}.${parts[1]}`))
      if (!ok || payload.iss !== issuer) throw new OAuthError(OAuthErrorCode.InvalidToken, 'bad signature or issuer')
      if (payload.gen !== generation) throw new OAuthError(OAuthErrorCode.InvalidToken, 'revoked')
      return {
        token,
        clientId: String(payload.client_id ?? AUTH_CLIENT_ID),
        scopes: String(payload.scope ?? '').split(' ').filter(Boolean),
        expiresAt: payload.exp,
        ...(payload.aud ? { resource: new URL(String(payload.aud)) } : {}),
        extra: { sub: payload.sub },
      }
    },
  }
  let mcpUrl = ''
  const front = await serveFetch(async (request) => {
    const url = new URL(request.url)
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...CORS,
          'access-control-allow-methods': 'GET, POST, DELETE',
          // Not cached (Chromium keeps a preflight 5 s by default): switching `allowProof` takes effect at once.
          ...(dpop.on && { 'access-control-max-age': '0' }),
          'access-control-allow-headers': withoutProof(request.headers.get('access-control-request-headers'), dpop.cors.allowProof),
        },
      })
    }
    const refused = bad(url)
    if (refused) return refused
    if (request.method === 'GET' && url.pathname === '/.well-known/oauth-protected-resource/mcp') {
      const servers = attack?.field === 'authorization_servers' ? [attack.value] : [issuer]
      return Response.json({ resource: mcpUrl, authorization_servers: servers, scopes_supported: ['mcp'] }, { headers: CORS })
    }
    if (request.method === 'GET' && url.pathname === '/client-metadata.json') {
      const clientId = `${url.origin}/client-metadata.json`
      return Response.json(
        { client_id: clientId, client_name: 'mcp-elements tests', redirect_uris: documentRedirects, token_endpoint_auth_method: 'none' },
        { headers: CORS },
      )
    }
    mcpRequests++
    const gate = requireBearerAuth({
      verifier,
      expectedResource: new URL(mcpUrl),
      resourceMetadataUrl: `${new URL(mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`,
    })
    const bound = dpop.on ? await dpopGate(request) : undefined
    if (bound instanceof Response) return bound
    const auth = await gate(bound ?? request)
    if (auth instanceof Response) {
      const headers = new Headers(auth.headers)
      for (const [k, v] of Object.entries(mcpCors(dpop))) headers.set(k, v)
      const challenge = headers.get('www-authenticate')
      // A server that takes only DPoP-bound tokens challenges with the DPoP scheme (RFC 9449 §7.1).
      if (challenge && dpop.on) headers.set('www-authenticate', `${challenge.replace(/^Bearer/, 'DPoP')}, algs="${dpop.algs.join(' ')}"`)
      if (challenge && attack?.field === 'resource_metadata') {
        headers.set('www-authenticate', challenge.replace(/resource_metadata="[^"]*"/, `resource_metadata="${attack.value.replace(/["\\]/g, '\\$&')}"`))
      }
      return new Response(auth.body, { status: auth.status, headers })
    }
    const body = await request.text()
    const headers = new Headers(request.headers)
    headers.delete('host')
    const answer = await fetch(backend.url, { method: request.method, headers, body: body || undefined, signal: request.signal })
    const out = new Headers(answer.headers)
    for (const [k, v] of Object.entries(mcpCors(dpop))) out.set(k, v)
    if (dpop.on && dpop.rsNonce) out.set('dpop-nonce', dpop.rsNonce)
    out.delete('content-length')
    return new Response(answer.body, { status: answer.status, headers: out })
  })
  mcpUrl = front.url

  /**
   * The DPoP mode's gate before the bearer one: a request with a token must present it as `DPoP` with a proof for the
   * key the token is bound to. Refused: the answer; accepted: the request as the bearer gate reads it.
   */
  async function dpopGate(request: Request): Promise<Response | Request | undefined> {
    const [scheme, token] = (request.headers.get('authorization') ?? '').split(' ')
    if (!scheme) return undefined // no token: the bearer gate's challenge, as DPoP
    const refuse = (why: string) => refusedProof({ ok: false, error: 'invalid_dpop_proof', why }, dpop, true)
    if (scheme.toLowerCase() !== 'dpop' || !token) return refuse(`the token was sent with the ${scheme} scheme`)
    // A hostile server's nonce: a new one for every request, so no proof ever carries the current one.
    if (dpop.rsNonce?.startsWith('every-request')) dpop.rsNonce = `every-request-${crypto.randomUUID()}`
    const check = await checkProof(request.headers.get('dpop'), { method: request.method, url: request.url, token, nonce: dpop.rsNonce, seen: dpop.seen })
    if (!check.ok) return refusedProof(check, dpop, true)
    let cnf: { jkt?: string } | undefined
    try {
      cnf = b64urlJson(token.split('.')[1]!).cnf
    } catch {
      cnf = undefined
    }
    if (cnf?.jkt !== check.jkt) return refuse('the proof is signed by another key than the token is bound to')
    dpop.accepted.push(request.headers.get('mcp-method') ?? request.method)
    dpop.lastProof = request.headers.get('dpop')!
    dpop.lastToken = token
    const headers = new Headers(request.headers)
    headers.set('authorization', `Bearer ${token}`)
    return new Request(request.url, { method: request.method, headers })
  }

  return {
    // A legacy backend has no notifier or fixture stats: a test of it uses the controls only.
    ...(backend as TestServer),
    url: front.url,
    origin: front.origin,
    authorizationServer: issuer,
    behind: { mcp: backend.url, authorizationServer: asInner },
    async close() {
      await front.close()
      await backend.close()
      await asFront.close()
      await as.stop()
    },
    control(action: string, body: any) {
      switch (action) {
        case 'as-mode':
          asMode = body.mode
          return { mode: asMode }
        case 'token-ttl':
          ttl = body?.seconds ? { seconds: body.seconds, announce: body.announce ?? true } : undefined
          return { ttl }
        case 'revoke':
          generation++
          return { generation }
        case 'attack':
          attack = body?.field ? { field: String(body.field), value: String(body.value) } : undefined
          return { attack }
        case 'metadata-documents':
          metadataDocuments = Boolean(body?.on)
          documentRedirects = Array.isArray(body?.redirect_uris) ? body.redirect_uris.map(String) : []
          return { metadataDocuments, documentRedirects }
        case 'dpop':
          if (body?.on !== undefined) dpop.on = Boolean(body.on)
          if (Array.isArray(body?.algs)) dpop.algs = body.algs.map(String)
          if (body?.asNonce !== undefined) dpop.asNonce = body.asNonce ?? undefined
          if (body?.rsNonce !== undefined) dpop.rsNonce = body.rsNonce ?? undefined
          if (body?.allowProof !== undefined) dpop.cors.allowProof = Boolean(body.allowProof)
          if (body?.exposeNonce !== undefined) dpop.cors.exposeNonce = Boolean(body.exposeNonce)
          if (body?.asAllowProof !== undefined) dpop.cors.asAllowProof = Boolean(body.asAllowProof)
          return { on: dpop.on, algs: dpop.algs, asNonce: dpop.asNonce, rsNonce: dpop.rsNonce }
        case 'stats':
          return {
            issuer,
            tokenRequests: [...tokenRequests],
            authorizeRequests: [...authorizeRequests],
            mcpRequests,
            badRequests: [...badRequests],
            documentFetches: [...documentFetches],
            dpop: { refusals: [...dpop.refusals], nonceChallenges: dpop.nonceChallenges, accepted: [...dpop.accepted], lastProof: dpop.lastProof, lastToken: dpop.lastToken },
          }
        default:
          throw new Error(`unknown control action ${action}`)
      }
    },
  }
}
