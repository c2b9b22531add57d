import { McpResourceListElement } from './mcp-resource-list.component.js'

export * from './mcp-resource-list.component.js'

if (!customElements.get('mcp-resource-list')) customElements.define('mcp-resource-list', McpResourceListElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-resource-list': McpResourceListElement
  }
}
