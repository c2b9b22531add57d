/**
 * What the answer to the first modern request says about a server's era
 * (streamable-http.mdx, "Backward Compatibility"). Legacy servers turn a
 * request without a session away in more ways than the spec lists: the SDK v1
 * with an error tied to no request, FastMCP 4.x (through mcp-proxy) with a 400
 * and a -32000 tied to the request ("built by the 1.x MCP SDK"). Only the
 * spec's own codes prove a modern server. In a browser, a legacy server may
 * not answer at all: its CORS allow-list predates the 2026-07-28 headers.
 */
import type { HeaderNotAllowedError } from '../../protocol/connection-errors.js'
import { isMcpError } from '../../protocol/errors.js'
import type { JsonRpcResponse } from '../../protocol/jsonrpc.js'
import { ERROR_CODES, LEGACY_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from '../../protocol/meta.js'

/** `modern`: settle; `legacy`: switch; `maybe-legacy`: try `initialize` once, and keep this answer if it fails. */
export type EraVerdict = 'modern' | 'legacy' | 'maybe-legacy'

/** Statuses with which a legacy server turns away a modern request. */
const LEGACY_STATUS = new Set([400, 404, 405])
/** JSON-RPC errors only a modern server sends: the server is modern, whatever the status. */
const MODERN_CODES = new Set(Object.values(ERROR_CODES) as number[])
/** The standard errors (invalid request, method not found, invalid params, internal): modern when they answer the request. */
const STANDARD_CODES = new Set([-32600, -32601, -32602, -32603])

/** The era `response` (with HTTP `status`) points to, for the request with id `id` and method `method`. */
export function eraOfAnswer(status: number, response: JsonRpcResponse, id: number, method: string): EraVerdict {
  if (!('error' in response)) {
    // A server/discover answered with something that is no DiscoverResult: a legacy server answering what it does not know.
    const notDiscover = method === 'server/discover' && !Array.isArray((response.result as { supportedVersions?: unknown }).supportedVersions)
    return notDiscover ? 'legacy' : 'modern'
  }
  const { code } = response.error
  if (code === ERROR_CODES.unsupportedProtocolVersion) return onlyLegacyVersions(response.error.data) ? 'legacy' : 'modern'
  if (!LEGACY_STATUS.has(status) || MODERN_CODES.has(code)) return 'modern'
  const answersRequest = response.id === id
  if (STANDARD_CODES.has(code) && answersRequest) return 'modern'
  // A legacy server turns a request without a session away with an error tied to no request (id null).
  if (!answersRequest) return 'legacy'
  return status === 400 ? 'maybe-legacy' : 'modern'
}

/** A -32022 whose `supported` lists versions, all of them ones the legacy path speaks and none a modern one. */
function onlyLegacyVersions(data: unknown): boolean {
  const supported = (data as { supported?: unknown } | undefined)?.supported
  if (!Array.isArray(supported) || supported.length === 0) return false
  return supported.every((v) => LEGACY_PROTOCOL_VERSIONS.includes(v)) && !supported.some((v) => SUPPORTED_PROTOCOL_VERSIONS.includes(v))
}

/** Headers only a 2026-07-28 request carries (a legacy request never does), as HeaderNotAllowedError spells them. */
const MODERN_ONLY_HEADERS = new Set(['Mcp-Method', 'Mcp-Name'])

/**
 * Whether a first request's failure is a preflight that refused a header only the modern era sends: a legacy
 * server's allow-list looks like that, so the legacy era is worth one `initialize` (a modern server's error stands).
 */
export function refusedModernHeader(error: unknown): boolean {
  return isMcpError(error, 'HeaderNotAllowedError') && MODERN_ONLY_HEADERS.has((error as HeaderNotAllowedError).header)
}
