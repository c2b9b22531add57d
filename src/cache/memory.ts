import type { CacheEntry, CacheStore } from './policy.js'

/**
 * Entries by key in least-recently-used order, bounded to `maxEntries` (the
 * oldest go first): the memory of MemoryCache, and the memory layer of
 * IdbCache (which also keeps `null` for "not in the database either").
 */
export class LruEntries<E extends CacheEntry | null> {
  /** Map order is insertion order: a key moved to the end is the most recently used. */
  readonly #entries = new Map<string, E>()

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.#entries.size
  }

  has(key: string): boolean {
    return this.#entries.has(key)
  }

  /** The entry, without counting it as used. */
  peek(key: string): E | undefined {
    return this.#entries.get(key)
  }

  /** The entry, moved to the young end. */
  get(key: string): E | undefined {
    const entry = this.#entries.get(key)
    if (entry !== undefined) this.set(key, entry)
    return entry
  }

  /** Puts an entry at the young end, dropping the oldest beyond the bound. */
  set(key: string, entry: E): void {
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }

  /** Marks the entries under `prefix` stale (`ttlMs` 0), in place: still there to show, never fresh. */
  markStale(prefix: string): void {
    for (const [key, entry] of this.#entries) if (entry && key.startsWith(prefix)) this.#entries.set(key, { ...entry, ttlMs: 0 })
  }

  /** Removes the entries under `prefix`. */
  clear(prefix: string): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key)
  }
}

/**
 * The default store in Node and for a client given no store: a Map that lives
 * as long as the client. Bounded so a long session that reads many resources
 * cannot grow it without limit; the least recently used entry goes first.
 */
export class MemoryCache implements CacheStore {
  #entries: LruEntries<CacheEntry>

  constructor(readonly maxEntries = 500) {
    this.#entries = new LruEntries(maxEntries)
  }

  get(key: string): CacheEntry | undefined {
    return this.#entries.get(key)
  }

  set(key: string, entry: CacheEntry): void {
    this.#entries.set(key, entry)
  }

  invalidate(prefix: string): void {
    this.#entries.markStale(prefix)
  }

  clear(prefix = ''): void {
    this.#entries.clear(prefix)
  }
}
