/**
 * What a legacy server's `initialize` answer opens: the session (its id, version, capabilities, identity), checked
 * before it is used; the same answer in the shape `server/discover` gives; and when a session is lost.
 */
import { HttpError, ProtocolError } from '../../protocol/errors.js'
import { LEGACY_PROTOCOL_VERSIONS, META } from '../../protocol/meta.js'
import type { DiscoverResult } from '../../protocol/generated/2026-07-28.js'
import type { JsonRpcResponse } from '../../protocol/jsonrpc.js'
import type { SseChannel } from '../../transport/legacy-sse.js'

export interface Session {
  id?: string
  version: string
  capabilities: Record<string, Record<string, unknown> | undefined>
  serverInfo?: Record<string, unknown>
  instructions?: string
  /** The deprecated HTTP+SSE transport (2024-11-05): messages go to its endpoint, answers come on its stream. */
  sse?: SseChannel
}

/** The session an initialize answer opens, or the ProtocolError that says what is wrong with it. */
export function toSession(response: JsonRpcResponse, sessionId: string | undefined): Session {
  if ('error' in response) {
    throw new ProtocolError(`The server refused initialize (${response.error.code}): ${response.error.message}`)
  }
  const result = response.result as Record<string, unknown>
  const version = result.protocolVersion
  const capabilities = result.capabilities
  if (typeof version !== 'string' || typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    throw new ProtocolError(
      `The server's initialize result is not one: ${JSON.stringify(result).slice(0, 120)} (expected protocolVersion and capabilities)`,
    )
  }
  if (!LEGACY_PROTOCOL_VERSIONS.includes(version)) {
    throw new ProtocolError(`The server chose protocol version ${version}; this client speaks ${LEGACY_PROTOCOL_VERSIONS.join(', ')} on legacy servers`)
  }
  return {
    id: sessionId,
    version,
    capabilities: capabilities as Session['capabilities'],
    serverInfo: result.serverInfo as Record<string, unknown> | undefined,
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
  }
}

/** A 404 for a session that was sent: the server no longer knows it. */
export function sessionLost(error: unknown, session: Session): boolean {
  return error instanceof HttpError && error.status === 404 && (session.id !== undefined || session.sse !== undefined)
}

/** The initialize result in the shape server/discover answers with. */
export function discoverResult(session: Session): DiscoverResult {
  return {
    resultType: 'complete',
    cacheScope: 'private',
    ttlMs: 0,
    supportedVersions: [session.version],
    capabilities: session.capabilities as DiscoverResult['capabilities'],
    ...(session.instructions !== undefined && { instructions: session.instructions }),
    ...(session.serverInfo && { _meta: { [META.serverInfo]: session.serverInfo } }),
  } as DiscoverResult
}
