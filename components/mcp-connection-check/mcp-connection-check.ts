import { McpConnectionCheckElement } from './mcp-connection-check.component.js'

export * from './mcp-connection-check.component.js'

if (!customElements.get('mcp-connection-check')) customElements.define('mcp-connection-check', McpConnectionCheckElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-connection-check': McpConnectionCheckElement
  }
}
