/**
 * The parts behind McpClient's facade, as it hands them to the code of each
 * concern (listing.ts, input-rounds.ts, tool-call.ts, invalidation.ts): the
 * client's public API, and the state no caller sees.
 */
import type { CacheLayer } from '../cache/layer.js'
import type { CallLog } from './call/call-log.js'
import type { McpClient } from './McpClient.js'
import type { Requests } from './requests.js'
import type { ToolRegistry } from './tools/tool-registry.js'
import type { loadValidator } from './call/validator.js'

export interface ClientParts {
  readonly client: McpClient
  readonly requests: Requests
  readonly cache: CacheLayer
  readonly tools: ToolRegistry
  readonly log: CallLog
  /** The schema validator's chunk, loaded once (validator.ts): handed over so that lazy code reaches no startup file for it. */
  readonly validator: typeof loadValidator
}
