import { McpPromptElement } from './mcp-prompt.component.js'

export * from './mcp-prompt.component.js'

if (!customElements.get('mcp-prompt')) customElements.define('mcp-prompt', McpPromptElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-prompt': McpPromptElement
  }
}
