/**
 * The Content-Security-Policy a view runs under, built from its resource's
 * `_meta.ui.csp` (App protocol 2026-01-26, "Host Behavior" and "Sandbox
 * proxy"): the spec's restrictive default, widened only by origins the
 * resource declared, each checked to be a plain origin. An entry that is not
 * (a keyword, a scheme, `*`, anything with spaces, quotes or `;`) is dropped,
 * never passed on: a declaration can only name sites, not loosen the policy.
 */
export interface ViewCsp {
  connectDomains?: unknown
  resourceDomains?: unknown
  frameDomains?: unknown
  baseUriDomains?: unknown
}

// http(s) or ws(s), an optional `*.` subdomain wildcard, a host of letters, digits, dots and dashes, an optional port.
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?\/?$/

/** The entries of `list` that are origins, without a trailing slash; `dropped` collects the others. */
export function origins(list: unknown, dropped: string[] = []): string[] {
  if (!Array.isArray(list)) return []
  const kept: string[] = []
  for (const entry of list) {
    const value = typeof entry === 'string' ? entry.trim().toLowerCase() : ''
    if (ORIGIN.test(value)) kept.push(value.replace(/\/$/, ''))
    else dropped.push(String(entry))
  }
  return kept
}

/** The policy for a view; `dropped` collects declared entries that were not origins. */
export function buildCsp(csp: ViewCsp | undefined, dropped: string[] = []): string {
  const connect = origins(csp?.connectDomains, dropped)
  const resource = origins(csp?.resourceDomains, dropped)
  const frame = origins(csp?.frameDomains, dropped)
  const base = origins(csp?.baseUriDomains, dropped)
  const list = (first: string, extra: string[]) => [first, ...extra].join(' ')
  return [
    "default-src 'none'",
    list("script-src 'self' 'unsafe-inline'", resource),
    list("style-src 'self' 'unsafe-inline'", resource),
    list("img-src 'self' data:", resource),
    list("media-src 'self' data:", resource),
    list("font-src 'self'", resource),
    connect.length ? `connect-src ${connect.join(' ')}` : "connect-src 'none'",
    frame.length ? `frame-src ${frame.join(' ')}` : "frame-src 'none'",
    base.length ? `base-uri 'self' ${base.join(' ')}` : "base-uri 'self'",
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ')
}

/**
 * The proxy page's own policy while it holds a view: its frame may be navigated only to the view's declared frame
 * domains, or nowhere. The view's document is srcdoc, which this does not block; a document the view navigates its
 * frame to (a data: URL, a page of the proxy's origin or any other) is refused before it loads, so no script of it
 * runs outside the view's policy. The view inherits this policy, which allows nothing its own does not.
 */
export function frameNavigationPolicy(csp: ViewCsp | undefined): string {
  const frame = origins(csp?.frameDomains)
  return `frame-src ${frame.length ? frame.join(' ') : "'none'"}`
}

/** Permission Policy features a view may ask for, by `_meta.ui.permissions` key. */
const FEATURES: Record<string, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
}

/** The frame's `allow` attribute for the permissions a view asked for (unknown keys ignored). */
export function allowAttribute(permissions: unknown): string {
  if (!permissions || typeof permissions !== 'object') return ''
  return Object.keys(permissions)
    .filter((key) => Object.hasOwn(FEATURES, key) && (permissions as Record<string, unknown>)[key])
    .map((key) => FEATURES[key])
    .join('; ')
}

/**
 * The view's HTML with the policy in front of everything it wrote: a doctype
 * (so the page is in standards mode; the view's own doctype is then ignored)
 * and the `<meta>` policy, before any markup of the view's could run or
 * hide it in a comment.
 */
export function withPolicy(html: string, policy: string): string {
  const attr = policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="${attr}">${html}`
}
