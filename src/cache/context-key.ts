/**
 * The one key of everything the library keeps or shares about a server: private cache entries, approval grants,
 * kept tasks, the remembered era, and the names of the channels and locks tabs share. It joins the server's URL
 * (resolved) with who the client calls it as: the page's `authContext` and every header the page adds, or else
 * "anonymous" when the requests carry no credential at all. Where a credential may travel out of the client's sight
 * (a `fetch` of the page's own, or the page's cookies to a server of its origin), nobody can tell users apart, so
 * the key is this client instance's own and nothing under it is kept beyond it or shared.
 */
import { digest } from './policy.js'

export interface ContextKey {
  /** The server's URL and who the client calls it as: the start of every key and name kept or shared for it. */
  readonly key: string
  /** A digest naming who the client calls the server as; undefined when the requests carry no credential, or one out of sight. */
  readonly id: string | undefined
  /** Whether other clients (another tab, a later visit) may read what is kept under the key: false for a client instance's own key. */
  readonly shared: boolean
}

/** What the key of a client is made from. */
export interface ContextSource {
  /** The server's URL, resolved (see resolveServerUrl). */
  url: string
  /** The page's name for who is signed in (McpClientOptions.authContext, or the sign-in's issuer and subject). */
  authContext: () => string | undefined
  /** Whether requests may carry a credential the client cannot see: a `fetch` of the page's own, or cookies. */
  hiddenCredential: boolean
  /** A name of this client instance, for the key no other client shares. */
  instance: string
}

/**
 * The key of the requests a client makes with these headers (the page's own, as `McpClientOptions.headers` gives
 * them); undefined headers (not known yet) give the client's own key.
 */
export function contextKey(source: ContextSource, headers: Record<string, string> | undefined): ContextKey {
  if (!headers) return ownKey(source)
  const given = source.authContext()
  // Every header the page adds may be a credential (`X-Api-Key`); the Authorization of a named sign-in is not part of
  // it, as its token changes at each refresh while the person stays the same.
  const sent = Object.entries(headers)
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .filter((line) => !(given && line.startsWith('authorization: ')))
    .sort()
  if (given || (sent.length && !source.hiddenCredential)) {
    const id = digest((given ? [`context\n${given}`, ...sent] : sent).join('\n'))
    return { key: `${source.url}\n@${id}`, id, shared: true }
  }
  return source.hiddenCredential ? ownKey(source) : { key: `${source.url}\n@anonymous`, id: undefined, shared: true }
}

const ownKey = (source: ContextSource): ContextKey => ({ key: `${source.url}\n@client ${source.instance}`, id: undefined, shared: false })

/**
 * Whether a client's requests may carry a credential it cannot see: through the page's own `fetch`, or as the
 * page's cookies, which a browser's default fetch sends to a server of the page's origin.
 */
export function sendsHiddenCredential(url: string, ownFetch: boolean): boolean {
  if (ownFetch) return true
  const page = (globalThis as { location?: { origin?: string } }).location?.origin
  try {
    return !!page && new URL(url).origin === page
  } catch {
    return true
  }
}

/**
 * A server URL as the client keeps it: a relative one resolved against the document's base URL, so `mcp` on two
 * paths is two servers; an absolute one as given.
 */
export function resolveServerUrl(url: string | URL): string {
  const text = String(url)
  try {
    return /^[a-z][\w+.-]*:/i.test(text) ? text : new URL(text, (globalThis as { document?: { baseURI?: string } }).document?.baseURI).href
  } catch {
    return text
  }
}
