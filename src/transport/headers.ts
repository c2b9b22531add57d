/**
 * The Streamable HTTP request-metadata headers: `Mcp-Method`, `Mcp-Name` and
 * `Mcp-Param-*`, with the `=?base64?…?=` form for values that are not plain,
 * safe ASCII.
 */
import { traitsOf } from '../protocol/methods.js'
import type { HeaderParam } from '../schema/mcp-header.js'

// Visible ASCII, space and tab, with no leading or trailing whitespace (RFC 9110 field values). Not empty:
// proxies may drop an empty header, which the server would read as "no value" (so '' is sent encoded).
const SAFE_VALUE = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/
const SENTINEL = /^=\?base64\?.*\?=$/s

/** Encodes a header value, using the Base64 sentinel form where the plain value would be unsafe or ambiguous. */
function encodeHeaderValue(value: string): string {
  if (SAFE_VALUE.test(value) && !SENTINEL.test(value)) return value
  let binary = ''
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte)
  return `=?base64?${btoa(binary)}?=`
}

/**
 * The caller's headers with what every MCP POST carries over them: content negotiation and the protocol version.
 * The caller's names are lowercased first, so a `Content-Type` of theirs is replaced, not sent beside ours
 * (fetch joins two spellings of one name into one value, which a server refuses).
 */
export function postHeaders(version: string, extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name in extra) headers[name.toLowerCase()] = extra[name]!
  headers['content-type'] = 'application/json'
  headers.accept = 'application/json, text/event-stream'
  headers['mcp-protocol-version'] = version
  return headers
}

/**
 * Headers every 2026-07-28 request carries over the caller's `extra`: content negotiation, the version and the
 * method, and for named calls the name.
 */
export function standardHeaders(
  version: string,
  method: string,
  params: Record<string, unknown> | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  const headers = postHeaders(version, extra)
  headers['mcp-method'] = method
  const key = traitsOf(method).mcpName
  const name = key && params?.[key]
  if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name)
  return headers
}

/**
 * `Mcp-Param-{Name}` headers mirrored from tool arguments. A value absent or
 * null at the annotated path sends no header.
 */
export function paramHeaders(params: readonly HeaderParam[], args: Record<string, unknown> | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const { name, path } of params) {
    let value: unknown = args
    for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
    if (value == null) continue
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isSafeInteger(value))) {
      headers[`mcp-param-${name}`] = encodeHeaderValue(String(value))
    }
  }
  return headers
}

/**
 * Whether this code runs in a page (or worker) on another origin than `url`'s: CORS applies, and a response header
 * the server does not list in `Access-Control-Expose-Headers` reads as absent. False in Node.
 */
export function crossOriginPage(url: string): boolean {
  const page = globalThis.location?.origin
  return page !== undefined && page !== new URL(url).origin
}
