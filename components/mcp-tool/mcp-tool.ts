import { McpToolElement } from './mcp-tool.component.js'

export { McpToolElement }
export type { ToolCallDetail, ToolResultDetail } from './mcp-tool.component.js'
export { TaskOfOtherToolError } from './errors.js'

if (!customElements.get('mcp-tool')) customElements.define('mcp-tool', McpToolElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-tool': McpToolElement
  }
}
