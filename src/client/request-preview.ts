/**
 * What one request of a client looks like on the wire, without sending it: the URL, the headers the client adds
 * (the standard ones, `Mcp-Param-*` for a tool's `x-mcp-header` arguments, the caller's own) and the JSON-RPC body
 * with the `_meta` a 2026-07-28 request carries. For a page that shows a call as code (curl, the JSON-RPC request).
 * Read from the client's public state only, so nothing of it runs on the path of a real request.
 */
import { findHeaderParams } from '../schema/mcp-header.js'
import { LEGACY_PROTOCOL_VERSIONS, requestMeta } from '../protocol/meta.js'
import { PACKAGE_INFO } from '../protocol/generated/package.js'
import type { JsonRpcRequest } from '../protocol/jsonrpc.js'
import { paramHeaders, postHeaders, standardHeaders } from '../transport/headers.js'
import type { McpClient } from './McpClient.js'

/** One request as the client would send it (see {@link requestFor}). */
export interface RequestPreview {
  /** The server's endpoint (the client's `url`). */
  url: string
  /**
   * `modern`: one self-contained POST (2026-07-28). `legacy`: the server keeps sessions (2025-11-25 or older); the
   * request is sent inside a session that `initialize` opens, and its `Mcp-Session-Id` header is not in `headers`.
   */
  era: 'modern' | 'legacy'
  /**
   * The headers, names lower-cased, the caller's own (`options.headers`) included as they are: an `authorization`
   * there is a real credential. The `auth` option's token is added at sending and is never here (see `signedIn`).
   */
  headers: Record<string, string>
  body: JsonRpcRequest
  /** The client's `auth` has a signed-in user: the request would carry a token that `headers` does not show. */
  signedIn: boolean
}

/**
 * The request `client` would send for `method` with `params`, without sending it: for a `tools/call`, the one a
 * `callTool(name, args)` sends first, without the Tasks extension's capabilities (the server answers at once). The
 * tool list is read (from the cache when fresh) for the tool's `x-mcp-header` arguments.
 *
 * @example
 * const { url, headers, body } = await requestFor(client, 'tools/call', { name: 'get_weather', arguments: { city: 'Oslo' } })
 * await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
 */
export async function requestFor(client: McpClient, method: string, params: Record<string, unknown> = {}): Promise<RequestPreview> {
  const { options } = client
  const given = typeof options.headers === 'function' ? await options.headers() : (options.headers ?? {})
  const version = client.protocolVersion
  const signedIn = options.auth?.context() !== undefined
  const id = 1
  if (LEGACY_PROTOCOL_VERSIONS.includes(version)) {
    return { url: client.url, era: 'legacy', headers: postHeaders(version, given), body: { jsonrpc: '2.0', id, method, params }, signedIn }
  }
  const extra = method === 'tools/call' ? { ...given, ...(await toolHeaders(client, params)) } : given
  const meta = requestMeta(
    params._meta as Record<string, unknown> | undefined,
    version,
    options.clientInfo ?? PACKAGE_INFO,
    client.capabilities(),
    options.logLevel,
  )
  return {
    url: client.url,
    era: 'modern',
    headers: standardHeaders(version, method, params, extra),
    body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } },
    signedIn,
  }
}

/** The `Mcp-Param-*` headers of a `tools/call`'s arguments, from the listed tool's `x-mcp-header` annotations. */
async function toolHeaders(client: McpClient, params: Record<string, unknown>): Promise<Record<string, string>> {
  const tool = (await client.listTools().catch(() => [])).find((t) => t.name === params.name)
  // A listed tool's annotations were checked when it was listed (one that breaks the rules is not listed).
  const found = tool ? findHeaderParams(tool.inputSchema) : undefined
  return found?.ok ? paramHeaders(found.params, params.arguments as Record<string, unknown> | undefined) : {}
}
