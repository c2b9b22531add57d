import { McpSchemaFormElement } from './mcp-schema-form.component.js'

export { McpSchemaFormElement }
export type { FormInputDetail } from './mcp-schema-form.component.js'

if (!customElements.get('mcp-schema-form')) customElements.define('mcp-schema-form', McpSchemaFormElement)

declare global {
  interface HTMLElementTagNameMap {
    'mcp-schema-form': McpSchemaFormElement
  }
}
