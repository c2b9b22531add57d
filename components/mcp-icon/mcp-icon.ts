import { McpIconElement } from './mcp-icon.component.js'

export { McpIconElement }

if (!customElements.get('mcp-icon')) customElements.define('mcp-icon', McpIconElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-icon': McpIconElement
  }
}
