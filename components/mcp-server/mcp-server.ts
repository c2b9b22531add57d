import { McpServerElement } from './mcp-server.component.js'

export { McpServerElement }
export type { McpConnectionState, ConnectionStateName } from './connection-state.js'
export type { ConnectedDetail } from './server-connection.js'

if (!customElements.get('mcp-server')) customElements.define('mcp-server', McpServerElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-server': McpServerElement
  }
}
