/**
 * The seam between `McpClient` and the two eras of MCP. What is the same in
 * both (caching, pagination, the tool index, multi round-trip answers,
 * validation, errors) stays in the client; what differs (the handshake or its
 * absence, session headers, where server notifications and server requests
 * arrive, how a subscription is made) lives behind {@link Era}, with a modern
 * side (modern-era.ts) and a legacy side (legacy-era.ts). Which one a server
 * gets is decided in era-select.ts, once per server.
 */
import type {
  ClientCapabilities,
  DiscoverResult,
  Implementation,
  LoggingLevel,
  ProgressToken,
  SubscriptionFilter,
} from '../../protocol/generated/2026-07-28.js'
import type { JsonRpcNotification, JsonRpcResponse } from '../../protocol/jsonrpc.js'
import type { InputHandlers } from '../options.js'
import type { ListenSend, ListenStream } from '../listen/listen-stream.js'

/** One request as the client hands it to an era. */
export interface EraRequest {
  method: string
  /** The caller's params (a caller's own `_meta` included); the era adds what its protocol needs. */
  params: Record<string, unknown>
  id: number
  /** The caller's headers and any `Mcp-Param-*` headers. */
  headers: Record<string, string>
  /** Declared on a modern request; fixed at `initialize` on a legacy session. */
  capabilities: ClientCapabilities
  logLevel?: LoggingLevel
  /** The request's progress token, the only one it carries (a caller's own in `params._meta`, `0` included, is already this). */
  progressToken?: ProgressToken
  /** Aborted (with an AbortError) to cancel the request. */
  controller: AbortController
  timeoutMs: number
  idempotent: boolean
  /** A stream that lives as long as its subscription. */
  longLived?: boolean
  /** The most the whole request may take, progress or not (none for a subscription). */
  maxTotalTimeMs?: number
  /** A subscription's stream: the longest silence (no message, no keep-alive comment) before it counts as dropped. */
  idleMs?: number
  /** Each notification heard while the request is open. */
  onNotification: (n: JsonRpcNotification) => void
  /** Answer server-to-client requests that arrive while this request is open (legacy streams). */
  handlers: InputHandlers
  /** Sees the HTTP response before its body is read (era detection looks at the status). */
  onResponse?: (response: Response) => void
}

/**
 * What a listen stream is opened with: the request that carries it, and the modern stream's class, which the listen
 * chunk (loaded by the first listen()) holds, so that a page that never listens does not load it.
 */
export interface ListenWith {
  send: ListenSend
  ListenStream: typeof ListenStream
}

/** What SharedListen needs of a listen stream (ListenStream on a modern server, LegacyListen on a legacy one). */
export interface NotificationStream extends EventTarget {
  readonly filter: SubscriptionFilter
  /** Resolves with the filter the server honours. */
  readonly acknowledged: Promise<SubscriptionFilter>
  /** Resolves when the stream is over for good. */
  readonly closed: Promise<void>
  close(): void
}

/** The services the client lends an era. */
export interface EraHost {
  readonly url: string
  fetch: typeof fetch
  nextId(): number
  /** The caller's headers (`options.headers`). */
  headers(): Record<string, string> | Promise<Record<string, string>>
  /** A notification that concerns the whole server (a list changed, a resource updated): cache invalidation and events. */
  applyNotification(n: JsonRpcNotification): void | Promise<void>
  /** A notification tied to no request: a log line to the client's onLog, anything else to its notification event. */
  dispatchNotification(n: JsonRpcNotification): void
  /** The client has an `onLog`: a legacy server's log lines tied to no request come on its GET stream, so it is kept open. */
  logsWanted: boolean
  timeoutMs: number
  maxBodyBytes: number
}

export interface Era {
  readonly kind: 'modern' | 'legacy'
  /** The protocol version requests are sent with. */
  readonly protocolVersion: string
  /** The server's identity when the era learns it apart from results (legacy: `initialize`'s serverInfo). */
  readonly serverInfo?: Implementation
  /** Sends one request; resolves with its response, error responses included. */
  send(request: EraRequest): Promise<JsonRpcResponse>
  /** Opens a stream of the server notifications `filter` asks for. */
  listen(filter: SubscriptionFilter, using: ListenWith): NotificationStream
  /** The server's identity and capabilities when the era learns them without a request (legacy: from `initialize`). */
  discovered?(): Promise<DiscoverResult>
  /** Ends what the era holds open (a legacy session, its GET stream). */
  close(): void
}

/**
 * The caller's `_meta` with the request's progress token in place of any the caller wrote: each era sends the token
 * the client chose, and a token of `0` (or `''`) is a token like any other.
 */
export function metaWithProgressToken(params: Record<string, unknown>, progressToken: ProgressToken | undefined): Record<string, unknown> {
  const { progressToken: _written, ...meta } = (params._meta ?? {}) as Record<string, unknown>
  return progressToken === undefined ? meta : { ...meta, progressToken }
}
