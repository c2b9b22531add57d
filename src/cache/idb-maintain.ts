/**
 * The IndexedDB cache's bookkeeping, a chunk of its own: when each key was last used, and the least recently used
 * records evicted beyond the store's bounds (`maxEntries`, `maxBytes`).
 */
import type { IDBPDatabase } from 'idb'
import type { CacheSchema } from './idb.js'

/** Notes each key's last use (`used`), then deletes the least recently used records past the bounds, telling `evicted` each key. */
export async function maintain(
  db: IDBPDatabase<CacheSchema>,
  used: Array<[string, number]>,
  maxEntries: number,
  maxBytes: number,
  evicted: (key: string) => void,
): Promise<void> {
  const tx = db.transaction('results', 'readwrite')
  for (const [key, usedAt] of used) {
    const record = await tx.store.get(key)
    if (record && record.usedAt < usedAt) await tx.store.put({ ...record, usedAt })
  }
  // Newest first; the index key carries each record's size, so no entry is read to count bytes.
  let count = 0
  let bytes = 0
  for (let cursor = await tx.store.index('lru').openKeyCursor(null, 'prev'); cursor; cursor = await cursor.continue()) {
    count++
    bytes += cursor.key[1]
    if (count > maxEntries || bytes > maxBytes) {
      await tx.store.delete(cursor.primaryKey)
      evicted(cursor.primaryKey)
    }
  }
  await tx.done
}
