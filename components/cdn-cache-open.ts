/**
 * Part of the CDN entry only, imported before anything else it imports: a page that loads the CDN build shows a server,
 * and a returning visitor's lists wait on the cache database. Asking for it here, before the elements' code evaluates,
 * overlaps the browser's open (7 to 60 ms in Chromium, issue 23's bench) with that evaluation. `<mcp-server>` uses the
 * same store (defaultElementCache() is one per page), so nothing is opened twice. Not in the npm build: there, the
 * page's code decides when the cache is first needed.
 */
import { defaultElementCache } from '../src/cache/idb.js'

defaultElementCache()
