/**
 * `mcp-web-elements`: everything. The headless client, the element classes,
 * and, as a side effect of importing it, every element registered.
 *
 * @example
 * import 'mcp-web-elements'            // registers <mcp-server>, <mcp-tool-list>, …
 * import { McpClient } from 'mcp-web-elements'
 */
export * from '../src/client/index.js'
export { setStrings, msg } from './shared/i18n.js'
export { connectionContext, type McpConnection } from './shared/context.js'
export type { ErrorDetail } from './shared/events.js'
export type { ListLoadedDetail, ListLoadingDetail } from './shared/item-list.js'
// Each element's registering file is imported below as it lands (one line each).
export * from './mcp-icon/mcp-icon.js'
export * from './mcp-server/mcp-server.js'
export * from './mcp-schema-form/mcp-schema-form.js'
export * from './mcp-tool/mcp-tool.js'
export * from './mcp-tool-call/mcp-tool-call.js'
export * from './mcp-app/mcp-app.js'
export * from './mcp-elicitation/mcp-elicitation.js'
export { createInputHandlers, INPUT_CAPABILITIES, InputDeclinedError, type InputRequiredDetail } from './mcp-elicitation/input-handlers.js'
export * from './mcp-content/mcp-content.js'
export * from './mcp-resource-view/mcp-resource-view.js'
export * from './mcp-resource-list/mcp-resource-list.js'
export * from './mcp-prompt/mcp-prompt.js'
export * from './mcp-prompt-list/mcp-prompt-list.js'
export * from './mcp-skill-list/mcp-skill-list.js'
export * from './mcp-tool-list/mcp-tool-list.js'
export * from './mcp-call-log/mcp-call-log.js'
export * from './mcp-task-list/mcp-task-list.js'
export * from './mcp-connection-check/mcp-connection-check.js'
export * from './mcp-saved-calls/mcp-saved-calls.js'
