// Loaded by cache-tab.html in an iframe: hands the test page this realm's
// McpClient and IdbCache, so a test can build a client living in another page.
import { McpClient } from '../../src/client/index.js'
import { IdbCache } from '../../src/cache/index.js'

declare global {
  interface Window {
    cacheTab?: { McpClient: typeof McpClient; IdbCache: typeof IdbCache }
  }
}
window.cacheTab = { McpClient, IdbCache }
