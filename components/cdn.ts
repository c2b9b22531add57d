/**
 * The CDN entry, dist/cdn/mcp-web-elements.js: the autoloader (components/autoloader.ts), which loads an element's
 * chunk (dist/cdn/elements/mcp-foo.js) the first time its tag is in the document, and the strings API. McpClient too. Page
 * code that needs more imports it beside this file: the rest of the client from client.js, an element's class from
 * elements/mcp-foo.js (which registers it). components/index.ts is the npm root entry, which registers every element.
 */
// First: it starts opening the cache database while the rest evaluates (see the file).
import './cdn-cache-open.js'
import { startAutoloader } from './autoloader.js'
import { McpServerElement } from './mcp-server/mcp-server.component.js'
import { McpToolListElement } from './mcp-tool-list/mcp-tool-list.component.js'

export { discover, loadElement } from './autoloader.js'
export { setStrings, msg } from './shared/i18n.js'
// The client class lives in the first-list chunk anyway (<mcp-server> runs it), so exporting it here costs no bytes
// and keeps `import { McpClient } from '…/mcp-web-elements.js'` pages working; the rest of the client is in client.js.
export { McpClient } from '../src/client/McpClient.js'

// The two elements nearly every page shows are in this file's chunk (vite.config.ts firstListGroup): their tags are
// defined as soon as they appear, with no request for elements/mcp-server.js or elements/mcp-tool-list.js (those
// files stay, for page code that imports an element's class).
startAutoloader({ 'mcp-server': McpServerElement, 'mcp-tool-list': McpToolListElement })
