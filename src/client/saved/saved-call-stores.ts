/**
 * Where saved calls are kept: an IndexedDB database of their own (through `idb`), beside the cache's and never
 * bounded or expired by it, or memory. Each context key (src/cache/context-key.ts) has its own calls: every read and
 * write names the key, and a store answers with that key's calls only.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { SavedCall } from './saved-call-types.js'

/** A change of one context's calls: what to put (added or changed) and the ids to remove. */
export interface SavedCallChange {
  put?: SavedCall[]
  remove?: string[]
}

export interface SavedCallStore {
  readonly persistent: boolean
  /**
   * Runs `change` on the context's calls and applies what it returns, as one step (no other change in between); what
   * `change` throws leaves the calls as they were.
   */
  update<T>(context: string, change: (calls: SavedCall[]) => { result: T } & SavedCallChange): Promise<T>
}

interface StoredCall extends SavedCall {
  context: string
  format: number
}

interface SavedCallSchema extends DBSchema {
  calls: { key: string; value: StoredCall; indexes: { context: string } }
}

/** The stored record's format: a record of another format is not read. */
const FORMAT = 1

const isSavedCall = (c: unknown): c is SavedCall => {
  const call = c as SavedCall | null
  return (
    typeof call === 'object' &&
    call !== null &&
    typeof call.id === 'string' &&
    typeof call.name === 'string' &&
    typeof call.tool === 'string' &&
    typeof call.arguments === 'object' &&
    call.arguments !== null &&
    !Array.isArray(call.arguments) &&
    Number.isFinite(call.savedAt)
  )
}

const plain = ({ id, name, tool, arguments: args, savedAt }: SavedCall): SavedCall => ({ id, name, tool, arguments: args, savedAt })

/** Saved calls in memory: one map per context key. */
export class MemorySavedCalls implements SavedCallStore {
  readonly persistent = false
  #calls = new Map<string, Map<string, SavedCall>>()

  async update<T>(context: string, change: (calls: SavedCall[]) => { result: T } & SavedCallChange): Promise<T> {
    const calls = this.#calls.get(context) ?? new Map<string, SavedCall>()
    const { result, put = [], remove = [] } = change([...calls.values()].map(copy))
    for (const id of remove) calls.delete(id)
    for (const call of put) calls.set(call.id, copy(call))
    this.#calls.set(context, calls)
    return result
  }
}

/** A copy no caller shares: what is kept cannot be changed from outside. */
const copy = (call: SavedCall): SavedCall => ({ ...call, arguments: structuredClone(call.arguments) })

/** Saved calls in the IndexedDB database `name`. */
export class IdbSavedCalls implements SavedCallStore {
  readonly persistent = true
  #db: Promise<IDBPDatabase<SavedCallSchema>>

  constructor(name: string) {
    this.#db = openDB<SavedCallSchema>(name, 1, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) db.createObjectStore('calls', { keyPath: 'id' }).createIndex('context', 'context')
      },
    })
  }

  /** Resolves when the database is open; rejects when it cannot be. */
  async opened(): Promise<void> {
    await this.#db
  }

  async update<T>(context: string, change: (calls: SavedCall[]) => { result: T } & SavedCallChange): Promise<T> {
    const db = await this.#db
    const tx = db.transaction('calls', 'readwrite')
    // Awaited below; a change that failed aborts it, and that rejection is no one's.
    tx.done.catch(() => {})
    try {
      const stored = await tx.store.index('context').getAll(context)
      const calls = stored.filter((c) => c.format === FORMAT && c.context === context && isSavedCall(c)).map(plain)
      const { result, put = [], remove = [] } = change(calls)
      await Promise.all([...remove.map((id) => tx.store.delete(id)), ...put.map((call) => tx.store.put({ ...plain(call), context, format: FORMAT }))])
      await tx.done
      return result
    } catch (error) {
      // Nothing of a change that failed is written.
      try {
        tx.abort()
      } catch {
        // already ended
      }
      throw error
    }
  }
}
