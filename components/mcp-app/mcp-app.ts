import { McpAppElement } from './mcp-app.component.js'

export { McpAppElement }
export type { AppDisplayModeDetail, AppDisplayModeRequestDetail } from './mcp-app.component.js'
export type { AppLogDetail, AppMessageDetail, AppModelContextDetail, AppRequestDetail } from './app-host.js'

if (!customElements.get('mcp-app')) customElements.define('mcp-app', McpAppElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-app': McpAppElement
  }
}
