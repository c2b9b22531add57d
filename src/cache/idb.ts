/**
 * A cache that outlives the page: results kept in IndexedDB (through `idb`),
 * so a returning visitor, or the next page of the same site, sees a server's
 * tools before any round trip.
 *
 * - A memory layer in front: a key read once is answered synchronously
 *   afterwards; writes go to memory at once and to IndexedDB in the
 *   background (never awaited by a call).
 * - Bounded: at most `maxEntries` entries and about `maxBytes` of JSON; the
 *   least recently used go first.
 * - Tabs of one origin share it: invalidations, fresh entries and clears are
 *   told to the others through a `BroadcastChannel`, whose `invalidate`
 *   events the clients there turn into refreshes.
 * - Never fails the page: IndexedDB missing (Node, some private modes),
 *   blocked, over quota, or upgraded by a newer version in another tab, the
 *   store goes on in memory and fires one `warning` event. Entries that are
 *   not ours or not whole are discarded when read.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb'
import { LruEntries } from './memory.js'
import { isEntry, type CacheEntry, type CacheStore } from './policy.js'

/** The database every `<mcp-server>` of an origin shares by default. */
export const DEFAULT_DATABASE = 'mcp-web-elements'

/**
 * The schema version. Each version's upgrade step only adds (see `upgrade`),
 * so a later version can add object stores (the protocol era a server speaks,
 * OAuth registrations and tokens) and keep every cached result.
 */
const SCHEMA_VERSION = 1
/** The shape of a stored record; a record of another format is discarded. */
const RECORD_FORMAT = 1

interface ResultRecord {
  key: string
  entry: CacheEntry
  /** Last time it was read or written (ms since epoch): least recently used goes first. */
  usedAt: number
  /** Its size as JSON, for the byte bound. */
  bytes: number
  format: number
}

export interface CacheSchema extends DBSchema {
  results: { key: string; value: ResultRecord; indexes: { lru: [number, number] } }
}

type Message = { type: 'invalidate'; prefix: string } | { type: 'set'; key: string; entry: CacheEntry } | { type: 'clear'; prefix: string }

export interface IdbCacheOptions {
  /** Database name (also the BroadcastChannel's). @default 'mcp-web-elements' */
  name?: string
  /** Most entries kept. @default 500 */
  maxEntries?: number
  /** About how many bytes of results are kept (measured as JSON). @default 5 MiB */
  maxBytes?: number
  /** The IndexedDB to use. @default globalThis.indexedDB */
  indexedDB?: IDBFactory
}

export interface IdbCacheEventMap {
  /** Another tab made entries under `prefix` stale. */
  invalidate: CustomEvent<{ prefix: string }>
  /**
   * IndexedDB cannot be used, or not for everything (detail says why); what it cannot keep stays in memory, and no
   * call fails. Fired once per store.
   */
  warning: CustomEvent<IdbCacheWarning>
}

/**
 * Why the store warned: no IndexedDB here (`unavailable`), it would not open (`cannot-open`), a newer version
 * took over in another tab (`newer-version`), the browser closed it (`closed`), a read got no answer in time (`slow`:
 * another page's transaction may hold it): the store is in memory from then on; or the origin's storage is full
 * (`quota`): what did not fit is kept in memory only (a page may free room, e.g. with clearCache()).
 */
export interface IdbCacheWarning {
  reason: 'unavailable' | 'cannot-open' | 'newer-version' | 'closed' | 'quota' | 'slow'
  message: string
  error?: unknown
}
export interface IdbCache {
  addEventListener<K extends keyof IdbCacheEventMap>(
    type: K,
    listener: (this: IdbCache, event: IdbCacheEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void
}

/**
 * How long a read waits for the database before the store goes on in memory: another page's transaction can hold it
 * for minutes (WebKit keeps one open in a page it put in its back/forward cache).
 */
const READ_DEADLINE_MS = 3_000

/**
 * @example
 * import { IdbCache } from 'mcp-web-elements/cache'
 * const cache = new IdbCache()
 * cache.addEventListener('warning', (e) => console.warn(e.detail.message))
 * const client = new McpClient(url, { cache, authContext: `${issuer} ${subject}` })
 */
export class IdbCache extends EventTarget implements CacheStore {
  readonly name: string
  readonly maxEntries: number
  readonly maxBytes: number
  /** What this tab knows: an entry, or null for "not in the database either". Least recently used first. */
  #memory: LruEntries<CacheEntry | null>
  #loading = new Map<string, Promise<CacheEntry | undefined>>()
  /** Keys read or written since the last maintenance, with when. */
  #used = new Map<string, number>()
  #maintenance?: ReturnType<typeof setTimeout>
  #db: Promise<IDBPDatabase<CacheSchema> | undefined>
  #channel?: BroadcastChannel
  #warned = false
  /** Database writes under way, for flush(). */
  #writes = new Set<Promise<void>>()

  constructor(options: IdbCacheOptions = {}) {
    super()
    this.name = options.name ?? DEFAULT_DATABASE
    this.maxEntries = options.maxEntries ?? 500
    this.maxBytes = options.maxBytes ?? 5 * 1024 * 1024
    this.#memory = new LruEntries(this.maxEntries)
    this.#db = this.#open(options.indexedDB ?? globalThis.indexedDB)
    if (typeof BroadcastChannel === 'function') {
      this.#channel = new BroadcastChannel(this.name)
      this.#channel.onmessage = (event) => this.#heard(event.data)
    }
  }

  /** Whether IndexedDB is in use (false once fallen back to memory). */
  async persistent(): Promise<boolean> {
    return (await this.#db) !== undefined
  }

  get(key: string): CacheEntry | undefined | Promise<CacheEntry | undefined> {
    if (this.#memory.has(key)) {
      const entry = this.#memory.peek(key)!
      this.#remember(key, entry)
      return entry ?? undefined
    }
    const loading = this.#loading.get(key)
    // Joining a read under way (another get(), or a preload): the entry it finds counts as a use of this get() too.
    if (loading) return loading.then((entry) => (entry && this.#remember(key, entry), entry))
    return this.#track(key, this.#load(key))
  }

  /** Notes a read of `key` under way, so a get() meanwhile joins it instead of reading the database again. */
  #track(key: string, read: Promise<CacheEntry | undefined>): Promise<CacheEntry | undefined> {
    const tracked = read.finally(() => this.#loading.delete(key))
    this.#loading.set(key, tracked)
    return tracked
  }

  /**
   * Reads `keys` from the database in one transaction, ahead of their `get()`s: what it finds is answered from
   * memory then, so a returning visitor's discover and first list pages cost about one database round trip, not one
   * each in turn; a `get()` while it runs joins it. What it does not find is not remembered as absent (another tab
   * may write it meanwhile): a later `get()` of it reads the database as before.
   */
  preload(keys: string[]): void {
    const wanted = keys.filter((key) => !this.#memory.has(key) && !this.#loading.has(key))
    if (!wanted.length) return
    const batch = this.#loadMany(wanted, /* asked: */ false)
    for (const key of wanted) void this.#track(key, batch.then((found) => found.get(key)))
  }

  set(key: string, entry: CacheEntry): void {
    this.#remember(key, entry)
    this.#post({ type: 'set', key, entry })
    void this.#write(async (db) => {
      const bytes = JSON.stringify(entry).length
      await db.put('results', { key, entry, usedAt: Date.now(), bytes, format: RECORD_FORMAT })
    })
  }

  invalidate(prefix: string): void {
    this.#memory.markStale(prefix)
    this.#post({ type: 'invalidate', prefix })
    void this.#write(async (db) => {
      const tx = db.transaction('results', 'readwrite')
      for await (const cursor of tx.store.iterate(range(prefix))) {
        if (cursor.value.entry?.ttlMs) cursor.update({ ...cursor.value, entry: { ...cursor.value.entry, ttlMs: 0 } })
      }
      await tx.done
    })
  }

  /** Removes the entries under `prefix` (every entry by default), in every tab. Resolves once the database is cleared. */
  async clear(prefix = ''): Promise<void> {
    this.#memory.clear(prefix)
    this.#post({ type: 'clear', prefix })
    await this.#write((db) => db.delete('results', range(prefix)))
  }

  /** Resolves when every write so far (and the pending LRU bookkeeping) is in the database. */
  async flush(): Promise<void> {
    if (this.#maintenance !== undefined) {
      clearTimeout(this.#maintenance)
      this.#maintenance = undefined
      void this.#write((db) => this.#maintain(db))
    }
    while (this.#writes.size) await Promise.all(this.#writes)
  }

  /** Writes what is pending, then closes the database and the channel (tests, or a page done with it). */
  async close(): Promise<void> {
    await this.flush()
    this.#channel?.close()
    ;(await this.#db)?.close()
  }

  async #open(factory: IDBFactory | undefined): Promise<IDBPDatabase<CacheSchema> | undefined> {
    if (!factory) return this.#fallBack('unavailable', 'IndexedDB is not available here; results are cached in memory only')
    try {
      // idb's openDB() with the factory given (it always uses the global one): wrap() makes the request a promise.
      const request = factory.open(this.name, SCHEMA_VERSION)
      request.addEventListener('upgradeneeded', (event) => {
        // One step per version, each only adding what it introduced: a database at any older version walks
        // through them all and keeps its results. Version 2 adds its own stores here (`if (oldVersion < 2)`).
        const db = request.result
        if (event.oldVersion < 1) db.createObjectStore('results', { keyPath: 'key' }).createIndex('lru', ['usedAt', 'bytes'])
      })
      const db = (await wrap(request)) as unknown as IDBPDatabase<CacheSchema>
      db.addEventListener('versionchange', () => {
        // Another tab opens a newer version: let it upgrade, go on in memory.
        db.close()
        this.#inMemory('newer-version', 'a newer version of the cache opened in another tab')
      })
      db.addEventListener('close', () => this.#inMemory('closed', 'the browser closed the cache database'))
      return db
    } catch (error) {
      // VersionError (a newer version made it), InvalidStateError, SecurityError (blocked, private mode)...
      return this.#fallBack(
        'cannot-open',
        `the cache database cannot be opened (${(error as Error)?.name ?? error}); caching in memory only`,
        error,
      )
    }
  }

  /** Goes on in memory from now on, warning why. */
  #inMemory(reason: IdbCacheWarning['reason'], why: string): void {
    this.#db = Promise.resolve(this.#fallBack(reason, `${why}; caching in memory only`))
  }

  #fallBack(reason: IdbCacheWarning['reason'], message: string, error?: unknown): undefined {
    if (!this.#warned) {
      this.#warned = true
      // Later, not during the constructor: a listener added right after `new IdbCache()` hears it.
      queueMicrotask(() => this.dispatchEvent(new CustomEvent('warning', { detail: { reason, message, error } })))
    }
    return undefined
  }

  async #load(key: string): Promise<CacheEntry | undefined> {
    return (await this.#loadMany([key])).get(key)
  }

  /**
   * Reads keys in one transaction; a key the read failed for is missing from the answer (a miss, not remembered). A
   * read with no answer within READ_DEADLINE_MS is given up (a transaction waiting its turn cannot be aborted), and
   * the store goes on in memory.
   */
  async #loadMany(keys: string[], asked = true): Promise<Map<string, CacheEntry | undefined>> {
    let timer: ReturnType<typeof setTimeout> | undefined
    let records: Array<ResultRecord | undefined> | undefined
    try {
      records = await Promise.race([
        (async () => {
          const store = (await this.#db)?.transaction('results', 'readonly').store
          return Promise.all(keys.map((key) => store?.get(key)))
        })(),
        new Promise<undefined>((resolve) => (timer = setTimeout(resolve as () => void, READ_DEADLINE_MS))),
      ])
    } catch {
      return new Map()
    } finally {
      clearTimeout(timer)
    }
    if (!records) {
      this.#inMemory('slow', `the cache database did not answer in ${READ_DEADLINE_MS / 1000} s`)
      return new Map()
    }
    return new Map(keys.map((key, i) => [key, this.#loaded(key, records[i], asked)]))
  }

  /**
   * What a key read from the database comes to: its entry or undefined. A get() that `asked` for it also remembers
   * an absence, and counts as a use.
   */
  #loaded(key: string, record: ResultRecord | undefined, asked: boolean): CacheEntry | undefined {
    // Something written meanwhile (a response, another tab's entry) is newer than what the database had.
    if (this.#memory.has(key)) return this.#memory.peek(key) ?? undefined
    if (record !== undefined && (record?.format !== RECORD_FORMAT || !isEntry(record.entry))) {
      // Not ours, or not whole: dropped, never handed on.
      void this.#write((db) => db.delete('results', key))
      record = undefined
    }
    const entry = record?.entry
    if (entry || asked) this.#remember(key, entry ?? null, asked)
    return entry
  }

  /** Puts a key at the young end of the memory layer (bounded), and notes its use for the database's LRU order. */
  #remember(key: string, entry: CacheEntry | null, used = true): void {
    this.#memory.set(key, entry)
    if (entry && used) {
      this.#used.set(key, Date.now())
      this.#scheduleMaintenance()
    }
  }

  /** Runs a database write; a failure is a lost write (and a warning when it is the quota), never an error for the caller. */
  #write(write: (db: IDBPDatabase<CacheSchema>) => Promise<unknown>): Promise<void> {
    const done = (async () => {
      const db = await this.#db
      if (!db) return
      try {
        await write(db)
      } catch (error) {
        if ((error as Error)?.name === 'QuotaExceededError')
          this.#fallBack('quota', 'the storage quota is exceeded; some results are kept in memory only', error)
      }
    })()
    this.#writes.add(done)
    void done.finally(() => this.#writes.delete(done))
    return done
  }

  #scheduleMaintenance(): void {
    this.#maintenance ??= setTimeout(() => {
      this.#maintenance = undefined
      void this.#write((db) => this.#maintain(db))
    }, 200)
  }

  /**
   * Records when keys were used, then evicts the least recently used beyond the bounds. Its code loads when it first
   * runs, 200 ms after a use: after the first list is on screen, not in the script before it.
   */
  async #maintain(db: IDBPDatabase<CacheSchema>): Promise<void> {
    const used = [...this.#used]
    this.#used.clear()
    const { maintain } = await import('./idb-maintain.js')
    await maintain(db, used, this.maxEntries, this.maxBytes, (key) => this.#memory.delete(key))
  }

  #heard(message: Message): void {
    if (!message || typeof message !== 'object' || typeof (message as { type?: unknown }).type !== 'string') return
    if (message.type === 'set' && typeof message.key === 'string' && isEntry(message.entry)) {
      // Another tab fetched it (and wrote it): this tab serves it from now on, without reading the database.
      this.#remember(message.key, message.entry, false)
    } else if (message.type === 'invalidate' && typeof message.prefix === 'string') {
      this.#memory.markStale(message.prefix)
      this.dispatchEvent(new CustomEvent('invalidate', { detail: { prefix: message.prefix } }))
    } else if (message.type === 'clear' && typeof message.prefix === 'string') this.#memory.clear(message.prefix)
  }

  #post(message: Message): void {
    try {
      this.#channel?.postMessage(message)
    } catch {
      // A value the channel cannot clone stays in this tab.
    }
  }
}

/** Every key starting with `prefix`. */
const range = (prefix: string) => (prefix ? IDBKeyRange.bound(prefix, `${prefix}\uffff`) : IDBKeyRange.lowerBound(''))

let shared: IdbCache | undefined
/** The store every `<mcp-server>` of the page shares (one database connection, one channel). */
export function sharedIdbCache(): IdbCache {
  return (shared ??= new IdbCache())
}

/** The store elements use by default: the page's shared IdbCache in a browser, none (the client's own memory) elsewhere. */
export function defaultElementCache(): IdbCache | undefined {
  return typeof indexedDB === 'undefined' ? undefined : sharedIdbCache()
}

/**
 * Removes cached results from the shared store, in every tab: those of one
 * server (its endpoint URL), or all. For a sign-out, or a "clear cache" button.
 *
 * @example
 * await clearCache('https://example.com/mcp')
 */
export function clearCache(serverUrl?: string | URL): Promise<void> {
  return sharedIdbCache().clear(serverUrl === undefined ? '' : `${String(serverUrl)}\n`)
}
