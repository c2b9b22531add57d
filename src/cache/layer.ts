/**
 * Everything the client does with its cache, in one place, so McpClient only
 * asks three questions: what may I serve (`read`), keep this (`write`), and
 * this changed (`invalidate`).
 *
 * - Keys and authorization contexts. A private result is kept under the
 *   context that fetched it (context-key.ts: the caller's `authContext` and
 *   every header the page adds). With none known (no credential, or one out
 *   of the client's sight: cookies, a token added by a `fetch` wrapper)
 *   nobody can tell users apart, so a private result is kept for this client
 *   instance only, never in a shared or persistent store.
 * - Generations. A request that was in flight when its results were
 *   invalidated carries an answer from before the change: it is handed to
 *   its caller but not kept. Each invalidated prefix remembers when it was
 *   invalidated; a result is dropped only if its own key was concerned.
 * - Copies. Callers get their own copy of a cached value, so a caller that
 *   mutates a result cannot change what the next caller is served. A copy is
 *   parsed from the kept value's JSON text, made once per kept value (results
 *   are JSON from the wire): a thousand tools copy in about a third of a
 *   structured clone's time (and a value too deep to copy is not kept). `source()` leads from a copy back to the kept
 *   value, for work done once per kept value (McpClient's tool checks), never
 *   to be handed on.
 * - Failures. A store that throws or rejects is a cache miss or a lost write,
 *   never a failed call.
 */
import { contextKey, type ContextKey, type ContextSource } from './context-key.js'
import { MemoryCache } from './memory.js'
import { recordOf, type CacheRecord } from './records.js'
import { CACHEABLE, cacheKey, isFresh, isVisibleTo, toEntry, type CacheEntry, type CacheStore } from './policy.js'

/** One request's place in the cache: its key, the context it is asked in, and when it started. */
export interface CachePlan {
  key: string
  /** A digest of the authorization context, or undefined when none is known. */
  context: string | undefined
  /** The invalidation count when the request started. */
  startedAt: number
}

/** A cached value as handed to a caller: a copy, with whether it is still fresh and how old it is. */
export interface CacheHit {
  value: Record<string, unknown>
  fresh: boolean
  /** Milliseconds since the server sent it. */
  ageMs: number
}

/**
 * A store that can read keys ahead (IdbCache): the keys a page opening a server reads first are fetched together
 * while the store opens, one storage round trip instead of one per key. A hint; `get()` answers the same without it.
 */
interface PreloadingStore extends CacheStore {
  preload(keys: string[]): void
}

/** What a page opening a server reads first: `server/discover` and the first page of each list. */
const FIRST_READS = ['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']

/** A store that tells of changes made elsewhere (another tab): `invalidate` events with `{ prefix }`. */
interface ObservableStore extends CacheStore {
  addEventListener(type: 'invalidate', listener: (event: CustomEvent<{ prefix: string }>) => void): void
  removeEventListener(type: 'invalidate', listener: (event: CustomEvent<{ prefix: string }>) => void): void
}

export class CacheLayer {
  readonly store: CacheStore | undefined
  /** Private results fetched with no known authorization context: this client's alone, never persisted. */
  #ownPrivate = new MemoryCache(200)
  #invalidations = 0
  /** When each prefix was last invalidated (in invalidation counts). */
  #invalidatedAt = new Map<string, number>()
  #onRemoteInvalidate?: (prefix: string) => void
  readonly #context: ContextSource

  /**
   * @param context Who the client calls the server as (context-key.ts); without it, every request is anonymous.
   * @param onRemoteInvalidate Called when another tab invalidated keys of this server (the prefix says which).
   */
  constructor(
    readonly url: string,
    store: CacheStore | undefined,
    context?: Omit<ContextSource, 'url'>,
    onRemoteInvalidate?: (prefix: string) => void,
  ) {
    this.#context = { url, authContext: () => undefined, hiddenCredential: false, instance: '', ...context }
    this.store = store
    this.#onRemoteInvalidate = onRemoteInvalidate
    try {
      ;(store as Partial<PreloadingStore> | undefined)?.preload?.(FIRST_READS.map((method) => cacheKey(url, method)))
    } catch {
      // only a hint
    }
    const observable = store as Partial<ObservableStore> | undefined
    if (!observable?.addEventListener) return
    // A shared store outlives its clients: it holds this layer weakly, so a client nobody uses can be collected.
    const layer = new WeakRef(this)
    const listener = (event: CustomEvent<{ prefix: string }>) => {
      const alive = layer.deref()
      if (alive) alive.#heardRemote(event.detail.prefix)
      else observable.removeEventListener?.('invalidate', listener)
    }
    observable.addEventListener('invalidate', listener)
  }

  /** Another tab invalidated `prefix`: answers in flight for it are not kept here either. */
  #heardRemote(prefix: string): void {
    if (!prefix.startsWith(`${this.url}\n`)) return
    this.#markInvalidated(prefix)
    this.#onRemoteInvalidate?.(prefix)
  }

  /** The cache plan of a request, or undefined when its result must not be cached. */
  plan(method: string, params: Record<string, unknown>, headers: Record<string, string>): CachePlan | undefined {
    if (!this.store || !CACHEABLE.has(method) || 'inputResponses' in params || 'requestState' in params) return undefined
    return { key: cacheKey(this.url, method, params), context: this.context(headers), startedAt: this.#invalidations }
  }

  /**
   * The client's own record (not a server's result: approval grants, kept tasks) named `name`, for who these headers
   * call the server as (records.ts): in the store under the context key when the context is named (or, with
   * `anonymousToo`, when the requests carry no credential at all), else in this client's memory only, as private
   * results with no context are.
   */
  ownRecord(name: string, headers: Record<string, string>, anonymousToo = false): CacheRecord {
    const { key, id, shared } = this.contextKey(headers)
    const kept = this.store && shared && (id !== undefined || anonymousToo)
    return recordOf(kept ? this.store! : this.#ownPrivate, name, key, kept ? (id ?? 'anonymous') : 'this client')
  }

  /** Who requests with these headers call the server as (context-key.ts); with headers not known yet, this client alone. */
  contextKey(headers: Record<string, string> | undefined): ContextKey {
    return contextKey(this.#context, headers)
  }

  /** A digest naming the authorization context of requests with these headers, or undefined when none is known. */
  context(headers: Record<string, string>): string | undefined {
    return this.contextKey(headers).id
  }

  /**
   * What the cache holds for this request and context, fresh or stale, as a
   * copy (with `copy` false, the kept value itself: only to read, never to hand on). Synchronous when the answer is in memory (the usual case), so a hit
   * costs no await.
   */
  read(plan: CachePlan, copy = true): CacheHit | undefined | Promise<CacheHit | undefined> {
    const hit = (entry: CacheEntry) => hitOf(entry, copy)
    if (plan.context === undefined) {
      const own = this.#ownPrivate.get(plan.key)
      if (own) return hit(own)
    }
    // Public entries sit under the key; private ones under the key and their context (see write()).
    const keys = plan.context === undefined ? [plan.key] : [plan.key, privateKey(plan.key, plan.context)]
    const found = keys.map((key) => this.#get(key))
    const choose = (entries: Array<CacheEntry | undefined>) => {
      const visible = entries.filter((e): e is CacheEntry => e !== undefined && isVisibleTo(e, plan.context))
      const newest = visible.sort((a, b) => b.receivedAt - a.receivedAt)[0]
      return newest && hit(newest)
    }
    return found.some((f) => f instanceof Promise) ? Promise.all(found).then(choose) : choose(found as Array<CacheEntry | undefined>)
  }

  /** A store read that cannot throw or reject. */
  #get(key: string): CacheEntry | undefined | Promise<CacheEntry | undefined> {
    try {
      const found = this.store?.get(key)
      return found instanceof Promise ? found.catch(() => undefined) : found
    } catch {
      return undefined
    }
  }

  /** Keeps a result as its hints allow, unless its key was invalidated while it was in flight. Never waits, never throws. */
  write(plan: CachePlan, result: Record<string, unknown>): void {
    for (const [prefix, at] of this.#invalidatedAt) if (at > plan.startedAt && plan.key.startsWith(prefix)) return
    // The hints first: most results carry no ttlMs and are never kept, so they are not copied either.
    const hinted = toEntry(result, plan.context)
    if (!hinted) return
    let kept: Record<string, unknown>
    try {
      const text = JSON.stringify(result)
      kept = JSON.parse(text)
      texts.set(kept, text)
    } catch {
      // A value too deep to copy (a hostile schema) is not kept; the caller still gets it, and the tool checks refuse it.
      return
    }
    const entry: CacheEntry = { ...hinted, value: kept }
    if (entry.scope === 'private' && plan.context === undefined) return this.#ownPrivate.set(plan.key, entry)
    try {
      // Each context's private entry has a key of its own: one user's entry does not push out another's.
      const done = this.store?.set(entry.scope === 'private' ? privateKey(plan.key, plan.context!) : plan.key, entry)
      if (done instanceof Promise) done.catch(() => {})
    } catch {
      // A lost write costs a request later, nothing more.
    }
  }

  /** A caller's own copy of (part of) a value read with `copy` false; undefined when it cannot be copied. */
  copy<T extends object>(value: T): T | undefined {
    return copyOf(value)
  }

  /** The kept value a copy handed out by `read()` was made from: to read (and remember work by), never to hand on. */
  source(copy: object): Record<string, unknown> | undefined {
    return sources.get(copy)
  }

  /** Marks every entry under `prefix` stale, here and in the store (which tells other tabs). */
  invalidate(prefix: string): void {
    this.#markInvalidated(prefix)
    try {
      const done = this.store?.invalidate(prefix)
      if (done instanceof Promise) done.catch(() => {})
    } catch {
      // The generation above already keeps answers in flight out.
    }
  }

  #markInvalidated(prefix: string): void {
    // Re-inserted so the map stays in invalidation order; bounded (a request would have to outlive 500 changes to miss one).
    this.#invalidatedAt.delete(prefix)
    this.#invalidatedAt.set(prefix, ++this.#invalidations)
    if (this.#invalidatedAt.size > 500) this.#invalidatedAt.delete(this.#invalidatedAt.keys().next().value!)
    this.#ownPrivate.invalidate(prefix)
  }
}

const privateKey = (key: string, context: string) => `${key}\n@${context}`

/** The JSON text of each kept value, made once: its copies are parsed from it. */
const texts = new WeakMap<object, string>()
/** Each copy handed out → the kept value it was made from (see `CacheLayer.source`). */
const sources = new WeakMap<object, Record<string, unknown>>()

/**
 * A copy through JSON (results are JSON from the wire, so nothing is lost), or undefined when the value cannot be
 * copied (nested deeper than the engine's stack). Only a `kept` value (one no caller holds, so never changed) has
 * its text remembered, so that each later copy of it is one parse.
 */
function copyOf<T>(value: T, kept = false): T | undefined {
  if (typeof value !== 'object' || value === null) return value
  try {
    let text = kept ? texts.get(value) : undefined
    if (text === undefined) {
      text = JSON.stringify(value)
      if (kept) texts.set(value, text)
    }
    return JSON.parse(text) as T
  } catch {
    return undefined
  }
}

function hitOf(entry: CacheEntry, copy: boolean): CacheHit | undefined {
  const now = Date.now()
  const value = copy ? copyOf(entry.value, true) : entry.value
  if (copy && value) sources.set(value, entry.value)
  return value === undefined ? undefined : { value, fresh: isFresh(entry, now), ageMs: Math.max(0, now - entry.receivedAt) }
}
