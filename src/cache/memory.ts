import type { CacheEntry, CacheStore } from './policy.js'

/**
 * The default store in Node and for a client given no store: a Map that lives
 * as long as the client. Bounded so a long session that reads many resources
 * cannot grow it without limit; the least recently used entry goes first.
 */
export class MemoryCache implements CacheStore {
  #entries = new Map<string, CacheEntry>()

  constructor(readonly maxEntries = 500) {}

  get(key: string): CacheEntry | undefined {
    const entry = this.#entries.get(key)
    if (entry) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
    }
    return entry
  }

  set(key: string, entry: CacheEntry): void {
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
  }

  invalidate(prefix: string): void {
    for (const [key, entry] of this.#entries) if (key.startsWith(prefix)) this.#entries.set(key, { ...entry, ttlMs: 0 })
  }

  clear(prefix = ''): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key)
  }
}
