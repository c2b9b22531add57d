import { McpSkillListElement } from './mcp-skill-list.component.js'

export * from './mcp-skill-list.component.js'

if (!customElements.get('mcp-skill-list')) customElements.define('mcp-skill-list', McpSkillListElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-skill-list': McpSkillListElement
  }
}
