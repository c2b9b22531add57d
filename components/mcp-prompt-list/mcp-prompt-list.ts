import { McpPromptListElement } from './mcp-prompt-list.component.js'

export * from './mcp-prompt-list.component.js'

if (!customElements.get('mcp-prompt-list')) customElements.define('mcp-prompt-list', McpPromptListElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-prompt-list': McpPromptListElement
  }
}
