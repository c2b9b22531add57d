import { McpCallLogElement } from './mcp-call-log.component.js'

export * from './mcp-call-log.component.js'

if (!customElements.get('mcp-call-log')) customElements.define('mcp-call-log', McpCallLogElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-call-log': McpCallLogElement
  }
}
