import type { CacheEntry, CacheStore } from './policy.js'

/**
 * The default store: a Map that lives as long as the client. Bounded so a
 * long session that reads many resources cannot grow it without limit; the
 * oldest entry goes first.
 */
export class MemoryCache implements CacheStore {
  #entries = new Map<string, CacheEntry>()

  constructor(readonly maxEntries = 500) {}

  get(key: string): CacheEntry | undefined {
    return this.#entries.get(key)
  }

  set(key: string, entry: CacheEntry): void {
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
  }

  invalidate(prefix: string): void {
    for (const key of this.#entries.keys()) if (key.startsWith(prefix)) this.#entries.delete(key)
  }
}
