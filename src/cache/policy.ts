/**
 * What the spec's cache hints allow (server/utilities/caching): a result is
 * fresh while `now < receivedAt + ttlMs`; an absent or negative `ttlMs` is 0;
 * results of multi round-trip retries are never cached; a `private` result is
 * served only to the authorization context that received it.
 */

import { METHODS } from '../protocol/methods.js'

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
  /**
   * Marks every entry whose key starts with `prefix` stale (its `ttlMs` set
   * to 0): not served as fresh any more, still there to show while a fresh
   * one is fetched, or when fetching fails.
   */
  invalidate(prefix: string): void | Promise<void>
  /** Removes every entry whose key starts with `prefix`, or every entry. */
  clear?(prefix?: string): void | Promise<void>
}

/** Methods whose complete results carry cache hints: the method table's cacheable rows (a Set, for the per-request look-up). */
export const CACHEABLE = new Set(Object.keys(METHODS).filter((method) => METHODS[method]!.cacheable))

/**
 * `_meta` keys that belong to one request and never shape its result. Every
 * other `_meta` key a caller sets (a tenant, a locale, an extension's switch)
 * may change what the server answers, so it stays in the key.
 */
const PER_REQUEST_META = new Set(['progressToken'])

/** The key of a result: the server, the method, and the parameters that shape the result (cursor, uri, caller `_meta`), in a stable order. */
export function cacheKey(url: string, method: string, params: Record<string, unknown> = {}): string {
  const { _meta, ...rest } = params
  const meta = _meta && typeof _meta === 'object' ? Object.entries(_meta).filter(([k]) => !PER_REQUEST_META.has(k)) : []
  return `${methodPrefix(url, method)}${stableJson(meta.length ? { ...rest, _meta: Object.fromEntries(meta) } : rest)}`
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` make one key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
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

/** Whether an entry is still fresh (`now < receivedAt + ttlMs`); an invalidated entry has `ttlMs` 0. */
export const isFresh = (entry: CacheEntry, now = Date.now()) => now < entry.receivedAt + entry.ttlMs

/**
 * Whether an entry may be shown to this authorization context at all (fresh
 * or stale): public entries to anyone, private ones only to the very context
 * that fetched them. With no context known, no stored private entry matches.
 */
export const isVisibleTo = (entry: CacheEntry, authContext: string | undefined) =>
  entry.scope === 'public' || (authContext !== undefined && entry.authContext === authContext)

/** Whether a value read back from storage has the shape of an entry; anything else (corrupt, another program's) is discarded. */
export function isEntry(value: unknown): value is CacheEntry {
  const e = value as CacheEntry | null
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.value === 'object' &&
    e.value !== null &&
    !Array.isArray(e.value) &&
    Number.isFinite(e.receivedAt) &&
    Number.isFinite(e.ttlMs) &&
    (e.scope === 'public' || (e.scope === 'private' && typeof e.authContext === 'string'))
  )
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
