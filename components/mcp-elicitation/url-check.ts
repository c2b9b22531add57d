/**
 * What a user must see before opening a server's URL-mode elicitation link
 * (client/elicitation.mdx, "Safe URL Handling"): the full URL split so the
 * host can be highlighted, and the reasons to be wary of it. No DOM, no
 * network: parsing a URL fetches nothing.
 */
export interface CheckedUrl {
  /** The URL as the browser will open it (`URL.href`: hosts in punycode, so look-alike letters show as `xn--`). */
  href: string
  /** `href` in three pieces, `before + host + after === href`, to highlight the host. */
  before: string
  host: string
  after: string
  /** Reasons to be careful, as ids: `punycode`, `http`, `credentials`. */
  warnings: Array<'punycode' | 'http' | 'credentials'>
}

/** Parses a server-sent URL for display; `undefined` when it is not an http(s) URL (nothing else may be opened). */
export function checkUrl(raw: unknown): CheckedUrl | undefined {
  if (typeof raw !== 'string') return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  const userinfo = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''
  const before = `${url.protocol}//${userinfo}`
  const host = url.hostname
  const after = url.href.slice(before.length + host.length)
  const warnings: CheckedUrl['warnings'] = []
  if (host.split('.').some((label) => label.startsWith('xn--'))) warnings.push('punycode')
  if (url.protocol === 'http:') warnings.push('http')
  if (userinfo) warnings.push('credentials')
  return { href: url.href, before, host, after, warnings }
}
