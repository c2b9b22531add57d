import { McpToolCallElement } from './mcp-tool-call.component.js'

export { McpToolCallElement }
export type { ToolCallState, ToolCallStateDetail } from './mcp-tool-call.component.js'

if (!customElements.get('mcp-tool-call')) customElements.define('mcp-tool-call', McpToolCallElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool-call': McpToolCallElement
  }
}
