import { McpSavedCallsElement } from './mcp-saved-calls.component.js'

export * from './mcp-saved-calls.component.js'

if (!customElements.get('mcp-saved-calls')) customElements.define('mcp-saved-calls', McpSavedCallsElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-saved-calls': McpSavedCallsElement
  }
}
