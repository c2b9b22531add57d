import { McpResourceViewElement } from './mcp-resource-view.component.js'

export * from './mcp-resource-view.component.js'

if (!customElements.get('mcp-resource-view')) customElements.define('mcp-resource-view', McpResourceViewElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-resource-view': McpResourceViewElement
  }
}
