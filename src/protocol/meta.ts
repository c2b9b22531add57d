/** Reserved `_meta` keys and protocol versions of revision 2026-07-28 (basic/index, "_meta"). */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const

/**
 * The `_meta` of a 2026-07-28 request: what `base` (the caller's `_meta`) holds, then the client's version, identity
 * and capabilities, and its log level when it asks for one.
 */
export function requestMeta(
  base: Record<string, unknown> | undefined,
  version: string,
  clientInfo: unknown,
  capabilities: unknown,
  logLevel?: string,
): Record<string, unknown> {
  return {
    ...base,
    [META.protocolVersion]: version,
    [META.clientInfo]: clientInfo,
    [META.clientCapabilities]: capabilities,
    ...(logLevel && { [META.logLevel]: logLevel }),
  }
}

/** The newest protocol version this client speaks. */
export const LATEST_PROTOCOL_VERSION = '2026-07-28'

/** Modern (per-request `_meta`) versions this client speaks, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION]

/** Legacy (`initialize`) versions this client speaks, newest first (not in legacy-era.ts, which stays a lazy chunk). */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']

/** Error codes the spec reserves for itself (basic/index, "Error Codes"). */
export const ERROR_CODES = {
  headerMismatch: -32020,
  missingRequiredClientCapability: -32021,
  unsupportedProtocolVersion: -32022,
} as const
