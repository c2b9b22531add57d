/**
 * Which of a server's `icons` may be shown, and which one fits best. No DOM:
 * `<mcp-icon>` renders the choice, anything else can use the same rules.
 *
 * Icon sources come from the server, so they are untrusted: only `https:`
 * URLs, `data:image/…` URLs, the MCP server's own origin and origins the page
 * allows are accepted; a URL with credentials in it (`https://user:pass@…`)
 * never is (it would send them, or fool a reader about the host). Nor is the
 * page's own host, even over `https:`, unless it is the MCP server's origin or
 * allowed: an image request there carries the visitor's cookies for the page's
 * site, so a server could aim an icon at a logout or another state-changing URL.
 */
import type { Icon } from '../../protocol/generated/2026-07-28.js'

export interface IconSourceOptions {
  /**
   * The MCP server's URL (`client.url`; only its origin counts): icons there are accepted whatever the scheme
   * (`http://localhost:3000` in development), even when the server is on the page's own origin (e.g. `/mcp`).
   */
  serverUrl?: string
  /**
   * The origin of the page that shows the icons; default `globalThis.location?.origin`. Icons on its host (any
   * scheme or port: cookies are kept per host) are refused, `https:` ones too, unless that is the server's origin or
   * `allowOrigins` accepts it: such a request carries the visitor's cookies for the page's site.
   */
  pageOrigin?: string
  /**
   * Further origins to accept (e.g. `['http://intranet.example']`, or the page's own `[location.origin]`), or a
   * function deciding per origin. It can only widen the rules: an `https:` icon on another host loads regardless.
   */
  allowOrigins?: readonly string[] | ((origin: string) => boolean)
}

export interface ChooseIconOptions extends IconSourceOptions {
  /** The page's background: a `light` icon is designed for a light background. */
  theme: 'light' | 'dark'
  /** The size it is drawn at, in image pixels (CSS pixels times devicePixelRatio is the caller's business). */
  size: number
}

// data: URLs other than images (text/html, application/javascript …) have no business in an icon.
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i

/** Whether an icon's `src` may be loaded, by the rules above. Anything unparsable is refused. */
export function iconSourceAllowed(src: unknown, options: IconSourceOptions = {}): boolean {
  if (typeof src !== 'string') return false
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return false // relative or malformed: relative to what? Not to the server, which is elsewhere.
  }
  if (url.username || url.password) return false
  if (url.protocol === 'data:') return DATA_IMAGE.test(url.href)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false // javascript:, blob:, file:, ftp: …
  const { serverUrl, pageOrigin = globalThis.location?.origin, allowOrigins } = options
  if (serverUrl !== undefined && url.origin === originOf(serverUrl)) return true
  if (typeof allowOrigins === 'function' ? allowOrigins(url.origin) === true : (allowOrigins ?? []).some((o) => url.origin === originOf(o)))
    return true
  if (pageOrigin !== undefined && url.hostname === hostOf(pageOrigin)) return false // the page's own site: its cookies would go along
  return url.protocol === 'https:'
}

/**
 * The icon to show for a theme and a size, or undefined when none may be
 * shown. Icons for the page's theme come first, then untagged ones, then
 * those for the other theme; among those, the smallest size at least as
 * large as `size` (`any`, or no `sizes` at all, fits every size), else the
 * largest there is. Ties keep the server's order.
 */
export function chooseIcon(icons: readonly Icon[] | undefined, options: ChooseIconOptions): Icon | undefined {
  if (!Array.isArray(icons)) return undefined
  const themeRank = (icon: Icon) => (icon.theme === options.theme ? 0 : icon.theme === 'light' || icon.theme === 'dark' ? 2 : 1)
  let best: { icon: Icon; theme: number; fit: number } | undefined
  for (const icon of icons) {
    if (typeof icon !== 'object' || icon === null || !iconSourceAllowed(icon.src, options)) continue
    const candidate = { icon, theme: themeRank(icon), fit: sizeFit(icon.sizes, options.size) }
    if (!best || candidate.theme < best.theme || (candidate.theme === best.theme && candidate.fit < best.fit)) best = candidate
  }
  return best?.icon
}

/**
 * How well an icon's sizes suit the target, lower is better: 0 for `any`,
 * the excess for the smallest size that is large enough, and past every
 * large-enough size, the shortfall of the largest.
 */
function sizeFit(sizes: unknown, target: number): number {
  // Some servers send the HTML form, one space-separated string.
  const list = Array.isArray(sizes) ? sizes : typeof sizes === 'string' ? sizes.split(/\s+/) : []
  const pixels: number[] = []
  for (const s of list) {
    if (typeof s !== 'string') continue
    if (s.toLowerCase() === 'any') return 0
    const m = /^(\d{1,5})[xX](\d{1,5})$/.exec(s.trim())
    if (m) pixels.push(Math.max(Number(m[1]), Number(m[2])))
  }
  if (pixels.length === 0) return 0 // no (usable) sizes: usable at any size, as the spec says
  const largeEnough = pixels.filter((p) => p >= target)
  if (largeEnough.length) return Math.min(...largeEnough) - target
  return 1e6 + (target - Math.max(...pixels))
}

function originOf(origin: string): string {
  try {
    return new URL(origin).origin
  } catch {
    return origin
  }
}

/** The host of an origin, or undefined when it has none (an opaque origin, `null`). */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).hostname || undefined
  } catch {
    return undefined
  }
}
