/**
 * Which server-given URLs may become live links or images. Everything here is
 * untrusted: a URL that fails these checks is shown as text, never followed.
 */
import { iconSourceAllowed } from '../../src/client/index.js'

function parse(url: unknown): URL | undefined {
  if (typeof url !== 'string') return undefined
  try {
    return new URL(url) // relative URLs throw: relative to the page, they would point at the wrong host
  } catch {
    return undefined
  }
}

/** A link target that may be an `<a href>`: absolute http(s) or mailto, with no credentials (which would fool a reader about the host). */
export function linkAllowed(url: unknown): boolean {
  const parsed = parse(url)
  if (!parsed || parsed.username || parsed.password) return false
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' || parsed.protocol === 'mailto:'
}

/**
 * An image source in content (markdown) that may be loaded: a `data:image/…`
 * URL, or a URL on the MCP server's own origin or the page's, by the icon rules
 * (no credentials, nothing but http(s) and data:). Not any https: host, as an
 * icon may be: content can come from anyone the server quotes, and loading an
 * image from a third host tells it who reads what (a tracking pixel). SVG is
 * safe because images are only ever drawn through `<img>`.
 */
export function imageAllowed(url: unknown, serverUrl?: string): boolean {
  const server = parse(serverUrl)?.origin
  const pageOrigin = globalThis.location?.origin
  if (!iconSourceAllowed(url, { pageOrigin, allowOrigins: server ? [server] : [] })) return false
  const { protocol, origin } = parse(url)!
  return protocol === 'data:' || origin === server || origin === pageOrigin
}

/** `type/subtype` in lower case, without parameters (`text/plain; charset=utf-8` → `text/plain`); empty when absent. */
export function baseMimeType(mimeType: unknown): string {
  return typeof mimeType === 'string' ? mimeType.split(';')[0].trim().toLowerCase() : ''
}

/** A media type that may appear in a `data:` URL for the given top-level type (`image`, `audio`, `video`). */
export function mediaTypeAllowed(mimeType: string, topLevel: 'image' | 'audio' | 'video'): boolean {
  return MEDIA_TYPE.exec(mimeType)?.[1] === topLevel
}

const MEDIA_TYPE = /^([a-z]+)\/[a-z0-9.+-]+$/
