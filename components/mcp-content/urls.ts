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

/** Where content images may come from besides `data:image/…` and the MCP server's own origin (see imageAllowed). */
export interface ImageSourceOptions {
  /** The MCP server's URL: images on its origin load. */
  serverUrl?: string
  /** Further origins the page lets content images load from (the page's own origin is not one unless listed), or a function deciding per origin. */
  allowOrigins?: readonly string[] | ((origin: string) => boolean)
}

/**
 * An image source in content (markdown) that may be loaded: a `data:image/…`
 * URL, a URL on the MCP server's own origin, or one on an origin the page
 * allows, by the icon rules (no credentials, nothing but http(s) and data:).
 * Not any https: host, as an icon may be: content can come from anyone the
 * server quotes, and loading an image from a third host tells it who reads
 * what (a tracking pixel). Not the page's own origin either unless the page
 * lists it: an image GET carries the visitor's cookies for the page's site, so
 * a server could make it hit a logout or another state-changing URL there.
 * SVG is safe because images are only ever drawn through `<img>`.
 */
export function imageAllowed(url: unknown, { serverUrl, allowOrigins }: ImageSourceOptions = {}): boolean {
  const server = parse(serverUrl)?.origin
  const allowed = (origin: string) =>
    origin === server ||
    (typeof allowOrigins === 'function' ? allowOrigins(origin) === true : (allowOrigins ?? []).some((o) => parse(o)?.origin === origin))
  // iconSourceAllowed vets the form (scheme, credentials, data: type); the origin rule is ours, so https: is not enough.
  if (!iconSourceAllowed(url, { allowOrigins: allowed })) return false
  const { protocol, origin } = parse(url)!
  return protocol === 'data:' || allowed(origin)
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
