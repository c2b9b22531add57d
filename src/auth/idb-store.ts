/**
 * {@link AuthStore} in IndexedDB (through idb): tokens survive a reload and
 * are shared by the origin's tabs, but are not readable as synchronously as
 * `localStorage` would make them. One database of its own, apart from the
 * cache's, so clearing the cache never signs anyone out.
 */
import { openDB, type IDBPDatabase } from 'idb'
import type { AuthStore } from './store.js'

const STORE = 'auth'

export class IdbAuthStore implements AuthStore {
  #db: Promise<IDBPDatabase>
  constructor(name = 'mcp-web-elements-auth') {
    this.#db = openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore(STORE)
      },
    })
  }
  async get<T>(key: string): Promise<T | undefined> {
    return (await (await this.#db).get(STORE, key)) as T | undefined
  }
  async set(key: string, value: unknown): Promise<void> {
    await (await this.#db).put(STORE, value, key)
  }
  async delete(key: string): Promise<void> {
    await (await this.#db).delete(STORE, key)
  }
}
