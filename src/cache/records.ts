/**
 * The library's own records in a client's cache store (approval grants, kept tasks, the remembered era): one value
 * per record name and context key (context-key.ts; CacheLayer.ownRecord), or, for what is the same for everyone who
 * calls a server (its era), per record name and server URL. Their keys are made here and nowhere else; a record's
 * name carries its format.
 */
import type { CacheEntry, CacheStore } from './policy.js'

/** One named record: read, kept, removed. */
export interface CacheRecord {
  /** The store it is kept in: the client's, or the client's own memory (CacheLayer.ownRecord). */
  readonly store: CacheStore
  get(): CacheEntry | undefined | Promise<CacheEntry | undefined>
  /** Keeps `value` for `ttlMs`: private to the record's context, or public for a record about the server. */
  put(value: Record<string, unknown>, ttlMs: number): void | Promise<void>
  /** Removes the record (a store without `clear` keeps it). */
  delete(): void | Promise<void>
}

/**
 * The record `name` in `store` of `of`: a context key's `key`, kept private to `context` (the context's digest,
 * `anonymous` or `this client`), or a server's URL, for a public record about the server.
 */
export function recordOf(store: CacheStore, name: string, of: string, context?: string): CacheRecord {
  // Ended by a line break: delete() clears by prefix, and the record of …/mcp must not take …/mcp2's with it.
  const key = `${name}\n${of}\n`
  return {
    store,
    get: () => store.get(key),
    put: (value, ttlMs) =>
      store.set(key, { value, receivedAt: Date.now(), ttlMs, ...(context === undefined ? { scope: 'public' } : { scope: 'private', authContext: context }) }),
    delete: () => store.clear?.(key),
  }
}
