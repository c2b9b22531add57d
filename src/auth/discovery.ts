/**
 * Where the authorization server is, and what it offers: Protected Resource
 * Metadata (RFC 9728) from the `WWW-Authenticate` challenge or the well-known
 * URIs, then authorization server metadata (RFC 8414, OpenID Discovery) in
 * the spec's order, with the issuer checked by simple string comparison.
 */
import type { AuthorizationServer } from 'oauth4webapi'
import { endpointUrlAllowed } from './endpoint-url.js'
import { AuthMetadataError, IssuerMismatchError, ResourceMismatchError, UnsafeEndpointError } from './errors.js'
import type { AuthServerEndpoint } from '../protocol/connection-errors.js'

/** What the MCP server says about its protection (RFC 9728). */
export interface ResourceMetadata {
  resource: string
  authorization_servers: string[]
  scopes_supported?: string[]
  [key: string]: unknown
}

type Fetch = typeof globalThis.fetch

/** What the page allows of a server's URLs. */
export interface DiscoveryOptions {
  /** Accept plain `http:` on any host, not only on this computer (`OAuthProviderOptions.allowInsecureRequests`). */
  allowInsecureRequests?: boolean
}

/**
 * Every URL-valued field of authorization server metadata that names an
 * endpoint: those the client uses and those a later feature could navigate
 * to or fetch. Each present one must pass {@link endpointUrlAllowed}.
 */
const ENDPOINT_FIELDS = [
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
  'end_session_endpoint',
  'userinfo_endpoint',
  'pushed_authorization_request_endpoint',
  'device_authorization_endpoint',
  'jwks_uri',
] as const

/** Refuses `url` unless it passes {@link endpointUrlAllowed}. */
function checkEndpoint(field: string, url: unknown, source: string, options: DiscoveryOptions): void {
  if (!endpointUrlAllowed(url, options)) throw new UnsafeEndpointError(field, url, source)
}

/**
 * GETs a JSON document; undefined when the URL has none (an error status, or not JSON). A fetch that fails is
 * recorded in `failed` (with its error), for the connection doctor.
 */
async function getJson(fetch: Fetch, url: string, signal?: AbortSignal, failed?: Array<[string, unknown]>): Promise<Record<string, unknown> | undefined> {
  let res: Response
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal })
  } catch (error) {
    if (signal?.aborted) throw error
    failed?.push([url, error])
    return undefined // unreachable is "not here": the next candidate may answer
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (!res.ok || !(type === 'application/json' || type.endsWith('+json'))) {
    await res.body?.cancel().catch(() => {})
    return undefined
  }
  try {
    const json: unknown = await res.json()
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/**
 * `fetcher`, but in a page a request to the authorization server that fails with only "Failed to fetch" is
 * diagnosed (transport/diagnose.ts, loaded then): an answer to a `no-cors` probe means it sends no CORS headers.
 */
export function diagnosedAuthFetch(fetcher: Fetch, endpoint: AuthServerEndpoint): Fetch {
  return async (input, init) => {
    try {
      return await fetcher(input, init)
    } catch (error) {
      const page = globalThis.location?.href
      if (!(error instanceof TypeError) || init?.signal?.aborted || !page) throw error
      const url = input instanceof Request ? input.url : String(input)
      const { diagnoseAuthServer } = await import('../transport/diagnose-auth.js')
      throw (await diagnoseAuthServer(fetcher, url, endpoint, error, page, init)) ?? error
    }
  }
}

/** The canonical URI of an MCP server (RFC 8707): no fragment, lowercase scheme and host (URL does that), no lone trailing slash. */
export function canonicalResource(url: string | URL): string {
  const u = new URL(url)
  u.hash = ''
  const s = u.href
  return u.pathname === '/' && !u.search ? s.slice(0, -1) : s
}

/** Whether metadata for `resource` may be used for the server at `server`: the same, or a path prefix of it on the same origin. */
function covers(resource: string, server: string): boolean {
  let r: URL
  try {
    r = new URL(resource)
  } catch {
    return false
  }
  const s = new URL(server)
  if (r.origin !== s.origin || r.search || r.hash) return false
  const base = r.pathname.replace(/\/$/, '')
  return s.pathname === base || s.pathname.startsWith(`${base}/`) || base === ''
}

/**
 * The server's Protected Resource Metadata: from `resourceMetadataUrl` (the
 * challenge's `resource_metadata`) when given, else the path-based then the
 * root well-known URI.
 * @throws {AuthMetadataError} none found. {@link ResourceMismatchError} it describes another resource.
 *   {@link UnsafeEndpointError} `resourceMetadataUrl` or an `authorization_servers` entry is not https: (nor http: on this computer).
 */
export async function discoverResource(
  fetch: Fetch,
  serverUrl: string,
  resourceMetadataUrl?: string,
  signal?: AbortSignal,
  options: DiscoveryOptions = {},
): Promise<ResourceMetadata> {
  const server = new URL(serverUrl)
  if (resourceMetadataUrl) {
    checkEndpoint('resource_metadata', resourceMetadataUrl, `The WWW-Authenticate challenge of ${serverUrl}`, options)
  }
  const candidates = resourceMetadataUrl
    ? [resourceMetadataUrl]
    : [
        ...(server.pathname !== '/' ? [new URL(`/.well-known/oauth-protected-resource${server.pathname.replace(/\/$/, '')}`, server).href] : []),
        new URL('/.well-known/oauth-protected-resource', server).href,
      ]
  for (const url of candidates) {
    const json = await getJson(fetch, url, signal)
    if (!json) continue
    if (typeof json.resource !== 'string' || !covers(json.resource, canonicalResource(server))) {
      throw new ResourceMismatchError(canonicalResource(server), json.resource)
    }
    const servers = json.authorization_servers
    if (!Array.isArray(servers) || !servers.length || !servers.every((s) => typeof s === 'string')) {
      throw new AuthMetadataError(`The resource metadata at ${url} names no authorization server`)
    }
    for (const issuer of servers) checkEndpoint('authorization_servers', issuer, `The resource metadata at ${url}`, options)
    return json as ResourceMetadata
  }
  throw new AuthMetadataError(`${serverUrl} asks for authorization but publishes no resource metadata (tried ${candidates.join(', ')})`)
}

/** The metadata URLs of an issuer, in the order the spec says to try them. */
export function metadataUrls(issuer: string): string[] {
  const u = new URL(issuer)
  const path = u.pathname.replace(/\/$/, '')
  const at = (p: string) => new URL(p, u.origin).href
  return path
    ? [
        at(`/.well-known/oauth-authorization-server${path}`),
        at(`/.well-known/openid-configuration${path}`),
        at(`${path}/.well-known/openid-configuration`),
      ]
    : [at('/.well-known/oauth-authorization-server'), at('/.well-known/openid-configuration')]
}

/**
 * The authorization server metadata of `issuer`. The document's `issuer`
 * must equal `issuer` exactly (RFC 8414 §3.3), and every endpoint in it be
 * https: (or http: on this computer).
 * @throws {AuthMetadataError} none found or unusable. {@link IssuerMismatchError} it names another issuer.
 *   {@link UnsafeEndpointError} an endpoint is not https: (nor http: on this computer), or is not a URL.
 */
export async function discoverAuthorizationServer(
  fetch: Fetch,
  issuer: string,
  signal?: AbortSignal,
  options: DiscoveryOptions = {},
): Promise<AuthorizationServer> {
  checkEndpoint('issuer', issuer, 'The authorization server to discover', options)
  const urls = metadataUrls(issuer)
  const failed: Array<[string, unknown]> = []
  for (const url of urls) {
    const json = await getJson(fetch, url, signal, failed)
    if (!json) continue
    if (json.issuer !== issuer) throw new IssuerMismatchError(issuer, typeof json.issuer === 'string' ? json.issuer : undefined, 'metadata')
    for (const key of ENDPOINT_FIELDS) {
      if (json[key] !== undefined) checkEndpoint(key, json[key], `The authorization server metadata at ${url}`, options)
    }
    if (typeof json.token_endpoint !== 'string') throw new AuthMetadataError(`The authorization server metadata at ${url} has no token_endpoint`)
    return json as unknown as AuthorizationServer
  }
  // Not found, and a fetch failed: in a page the connection doctor tells a server without CORS from one not there.
  const page = globalThis.location?.href
  if (failed.length && page) {
    const [url, cause] = failed[0]
    const { diagnoseAuthServer } = await import('../transport/diagnose-auth.js')
    const found = await diagnoseAuthServer(fetch, url, 'metadata', cause, page)
    if (found) throw found
  }
  throw new AuthMetadataError(`No authorization server metadata for ${issuer} (tried ${urls.join(', ')})`)
}
