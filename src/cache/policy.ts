/**
 * What the spec's cache hints allow (server/utilities/caching): a result is
 * fresh while `now < receivedAt + ttlMs`; an absent or negative `ttlMs` is 0;
 * results of multi round-trip retries are never cached; a `private` result is
 * served only to the authorization context that received it.
 */

/** One cached result and the hints it came with. */
export interface CacheEntry {
  value: Record<string, unknown>
  /** Local time (ms since epoch) at which the response arrived. */
  receivedAt: number
  /** Freshness lifetime in ms, as sent (negative or absent stored as 0). */
  ttlMs: number
  scope: 'public' | 'private'
  /** For private entries: an opaque digest of the credentials that fetched it. */
  authContext?: string
}

/**
 * Where results are kept. Methods may be sync or async, so an IndexedDB
 * store fits the same shape as the in-memory one.
 */
export interface CacheStore {
  get(key: string): CacheEntry | undefined | Promise<CacheEntry | undefined>
  set(key: string, entry: CacheEntry): void | Promise<void>
  /** Removes every entry whose key starts with `prefix`. */
  invalidate(prefix: string): void | Promise<void>
}

/** Methods whose complete results carry cache hints. */
export const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
])

/** The key of a result: the server, the method, and the parameters that shape the result (`_meta` excluded). */
export function cacheKey(url: string, method: string, params: Record<string, unknown> = {}): string {
  const { _meta, ...rest } = params
  return `${methodPrefix(url, method)}${JSON.stringify(rest)}`
}

/** The prefix shared by every key of one method on one server, for invalidation. */
export const methodPrefix = (url: string, method: string) => `${url}\n${method}\n`

/** Builds an entry from a result, or undefined when the hints say it must not be kept. */
export function toEntry(result: Record<string, unknown>, authContext: string | undefined, now = Date.now()): CacheEntry | undefined {
  const ttlMs = typeof result.ttlMs === 'number' && result.ttlMs > 0 ? result.ttlMs : 0
  if (ttlMs === 0) return undefined
  const scope = result.cacheScope === 'public' ? 'public' : 'private'
  return { value: result, receivedAt: now, ttlMs, scope, authContext: scope === 'private' ? authContext : undefined }
}

/** Whether an entry may answer a request now, from this authorization context. */
export function isUsable(entry: CacheEntry | undefined, authContext: string | undefined, now = Date.now()): entry is CacheEntry {
  if (!entry || now >= entry.receivedAt + entry.ttlMs) return false
  return entry.scope === 'public' || entry.authContext === authContext
}

/**
 * A short digest of a credential, so cache entries can be told apart by
 * authorization context without the token itself sitting in a key or entry.
 * FNV-1a, 2×32 bits: enough to separate contexts, not a security boundary.
 */
export function digest(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193)
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995)
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36)
}
