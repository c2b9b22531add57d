import { McpAppElement } from './mcp-app.component.js'

export { McpAppElement }

if (!customElements.get('mcp-app')) customElements.define('mcp-app', McpAppElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-app': McpAppElement
  }
}
