import { McpToolListElement } from './mcp-tool-list.component.js'

export { McpToolListElement }
export type { ToolSelectDetail } from './mcp-tool-list.component.js'

if (!customElements.get('mcp-tool-list')) customElements.define('mcp-tool-list', McpToolListElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-list': McpToolListElement
  }
}
