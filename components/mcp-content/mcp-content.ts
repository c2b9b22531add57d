import { McpContentElement } from './mcp-content.component.js'

export { McpContentElement }

if (!customElements.get('mcp-content')) customElements.define('mcp-content', McpContentElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-content': McpContentElement
  }
}
