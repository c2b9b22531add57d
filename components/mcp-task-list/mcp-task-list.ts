import { McpTaskListElement } from './mcp-task-list.component.js'

export * from './mcp-task-list.component.js'

if (!customElements.get('mcp-task-list')) customElements.define('mcp-task-list', McpTaskListElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-task-list': McpTaskListElement
  }
}
