/**
 * `mcp-web-elements/cache`: where results are kept. `MemoryCache` is the
 * default of `McpClient` (and in Node); `IdbCache` keeps results in IndexedDB
 * across visits and tabs (the default of `<mcp-server>` in browsers).
 *
 * @example
 * import { McpClient } from 'mcp-web-elements/client'
 * import { IdbCache, clearCache } from 'mcp-web-elements/cache'
 * const client = new McpClient(url, { cache: new IdbCache() })
 * signOutButton.onclick = () => clearCache()
 */
export { MemoryCache } from './memory.js'
export {
  IdbCache,
  sharedIdbCache,
  defaultElementCache,
  clearCache,
  DEFAULT_DATABASE,
  type IdbCacheOptions,
  type IdbCacheEventMap,
  type IdbCacheWarning,
} from './idb.js'
export type { CacheStore, CacheEntry } from './policy.js'
