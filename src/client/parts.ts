/**
 * The parts behind McpClient's facade, as it hands them to the code of each
 * concern (listing.ts, input-rounds.ts, tool-call.ts, invalidation.ts): the
 * client's public API, and the state no caller sees.
 */
import type { CacheLayer } from '../cache/layer.js'
import type { CallLog } from './call-log.js'
import type { McpClient } from './McpClient.js'
import type { Requests } from './requests.js'
import type { ToolRegistry } from './tool-registry.js'

export interface ClientParts {
  readonly client: McpClient
  readonly requests: Requests
  readonly cache: CacheLayer
  readonly tools: ToolRegistry
  readonly log: CallLog
}
