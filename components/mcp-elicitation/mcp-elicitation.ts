import { McpElicitationElement } from './mcp-elicitation.component.js'

export { McpElicitationElement }
export type { ElicitationOrigin } from './mcp-elicitation.component.js'

if (!customElements.get('mcp-elicitation')) customElements.define('mcp-elicitation', McpElicitationElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-elicitation': McpElicitationElement
  }
}
