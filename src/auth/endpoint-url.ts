/**
 * The one rule for every URL a server gives sign-in (its metadata's
 * endpoints, its authorization servers, its challenge's `resource_metadata`)
 * and for every place such a URL is fetched, navigated to or shown as a link.
 * A `javascript:` URL navigated to in the page's popup (opened as about:blank,
 * so in the page's origin) or by the redirect flow runs the server's script
 * with the page's cookies and storage; `data:`, `blob:` and `file:` are no
 * sign-in page either. Kept apart from the rest of auth so that
 * `<mcp-server>` checks its sign-in link with it without downloading the rest.
 */

/** Whether `hostname` (as `URL` spells it) is this computer: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/**
 * Whether `url` may be used as an endpoint: an absolute `https:` URL, or
 * `http:` on a loopback host (or on any host when the page set
 * `allowInsecureRequests`). Relative, malformed and every other scheme are refused.
 */
export function endpointUrlAllowed(url: unknown, options: { allowInsecureRequests?: boolean } = {}): url is string {
  if (typeof url !== 'string') return false
  let parsed: URL
  try {
    parsed = new URL(url) // relative URLs throw: relative to what the page is on, they would point at the wrong host
  } catch {
    return false
  }
  if (parsed.protocol === 'https:') return true
  return parsed.protocol === 'http:' && (options.allowInsecureRequests === true || isLoopbackHost(parsed.hostname))
}
