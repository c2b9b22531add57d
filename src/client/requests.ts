/**
 * Sending: one request from the caller's options to the server's era. The
 * cache is asked first; identical requests in flight share one POST; the
 * caller's abort, progress and log callbacks are wired to the request; error
 * responses become typed errors.
 */
import { cacheKey } from '../cache/policy.js'
import type { CacheLayer } from '../cache/layer.js'
import { AbortError, JsonRpcError, ProtocolError, UnknownResultTypeError, toError } from '../protocol/errors.js'
import type {
  ClientCapabilities,
  Implementation,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  ProgressToken,
  ServerCapabilities,
} from '../protocol/generated/2026-07-28.js'
import type { JsonRpcNotification, JsonRpcResponse } from '../protocol/jsonrpc.js'
import { RequestController } from '../transport/request-controller.js'
import { traitsOf } from '../protocol/methods.js'
import { Coalescer } from './coalesce.js'
import type { Era } from './era/era.js'
import type { InputHandlers, McpClientOptions, RequestOptions } from './options.js'
import { serverInfoOf } from './server-info.js'
import { declaresTasks } from './tasks/task-types.js'

/** Options as passed down to a send: a multi round-trip call keeps one progress token across its rounds. */
export interface SendOptions extends RequestOptions {
  progressToken?: ProgressToken
}

/** The progress token a caller wrote in `params._meta` itself (a string or a number, `0` included), if any. */
export function callerProgressToken(params: Params): ProgressToken | undefined {
  const token = (params._meta as Params | undefined)?.progressToken
  return typeof token === 'string' || typeof token === 'number' ? token : undefined
}

/** One request as send() takes it. */
interface SendInit {
  method: string
  params: Params
  id: number
  headers: Record<string, string>
  options: SendOptions
  /** @default the capabilities the client's handlers imply */
  capabilities?: ClientCapabilities
  /** Notifications not consumed by the call's progress and log callbacks (default: the client's `notification` event). */
  onNotification?: (n: JsonRpcNotification) => void
  /** A subscription's stream: it outlives the timeout once it has started. */
  longLived?: boolean
}

export type Result = Record<string, unknown> & { resultType?: string }
export type Params = Record<string, unknown>

/** What sending needs of its client. */
interface RequestsHost {
  readonly url: string
  readonly options: McpClientOptions
  capabilities(handlers?: InputHandlers): ClientCapabilities
  dispatchEvent(event: Event): boolean
}

export class Requests {
  #nextId = 0
  #controllers = new Set<AbortController>()
  #inFlight = new Coalescer()
  /** The server's identity from the newest result that carried it (cached ones too: a warm start knows it at once). */
  serverInfo?: Implementation

  /** @param era The server's era (modern, or a legacy session), chosen on first use. */
  constructor(
    readonly host: RequestsHost,
    readonly cache: CacheLayer,
    readonly era: () => Era,
  ) {}

  nextId(): number {
    return ++this.#nextId
  }

  /**
   * One request: from the cache while fresh, else sent (shared with an identical one in flight). Error
   * responses become typed errors; a result of a type this client does not know is refused.
   */
  async request(
    method: string,
    params: Params,
    options: SendOptions,
    headers?: Record<string, string>,
    capabilities: ClientCapabilities = this.host.capabilities(),
  ): Promise<Result> {
    // Awaited only when the headers option is an async function: no extra turn on every request otherwise.
    const given = this.headers()
    const extraHeaders = given instanceof Promise ? await given : given
    const plan = this.cache.plan(method, params, extraHeaders)
    if (plan && !options.fresh) {
      const found = this.cache.read(plan)
      // In memory (the usual case) the hit is synchronous: no await on storage.
      const cached = found instanceof Promise ? await found : found
      if (cached) this.#noteServer(cached.value, method)
      if (cached?.fresh) {
        options.onCached?.({ ageMs: cached.ageMs })
        return cached.value
      }
      if (cached) options.onStale?.(cached.value, { ageMs: cached.ageMs })
    }
    const sendHeaders = { ...extraHeaders, ...headers }
    const ask = async (signal: AbortSignal | undefined): Promise<Result> => {
      const response = await this.send({
        method,
        params,
        id: this.nextId(),
        headers: sendHeaders,
        // The call's own options unless the coalescer gave a signal of its own: no copy per request.
        options: signal === options.signal ? options : { ...options, signal },
        capabilities,
      })
      if ('error' in response) throw toError(response.error)
      const result = response.result as Result
      this.#noteServer(result, method)
      const type = result.resultType ?? 'complete'
      // A task only where the extension allows one, and only to a request that declared it (tasks.md: a server MUST NOT send one otherwise).
      const task = type === 'task' && traitsOf(method).mayBecomeTask && declaresTasks(capabilities)
      if (type !== 'complete' && type !== 'input_required' && !task) throw new UnknownResultTypeError(type, method)
      if (type === 'input_required' && !traitsOf(method).mayAskForInput) {
        throw new ProtocolError(`The server asked for input on ${method}, which cannot take input requests`)
      }
      // Not awaited: a slow or failing store never delays or fails the call. An answer that was in flight across a change is not kept.
      if (plan && type === 'complete') this.cache.write(plan, result)
      return result
    }
    // Identical requests in flight share one; a call's own progress or log callbacks need a request of its own.
    const shareable =
      traitsOf(method).idempotent === true && !('inputResponses' in params) && !('requestState' in params) && !options.onProgress && !options.onLog
    if (!shareable) return ask(options.signal)
    const sharedKey = [
      // The cache plan's key is this very key; computed once when the method is cacheable.
      plan?.key ?? cacheKey(this.host.url, method, params),
      JSON.stringify(sendHeaders),
      JSON.stringify(capabilities),
      options.logLevel ?? this.host.options.logLevel ?? '',
    ].join('\n')
    return this.#inFlight.run(sharedKey, options.signal, ask)
  }

  /** The capabilities the server's newest `server/discover` answer listed (cached ones too). */
  serverCapabilities?: ServerCapabilities

  #noteServer(result: Result, method?: string): void {
    if (method === 'server/discover' && typeof result.capabilities === 'object' && result.capabilities) this.serverCapabilities = result.capabilities as ServerCapabilities
    // Only results that carry it (_meta is rare on most): one property read otherwise.
    if (result._meta) this.serverInfo = serverInfoOf(result, this.serverInfo) ?? this.serverInfo
  }

  /** The overall cap of one request or multi round-trip call (see McpClientOptions.maxTotalTimeMs). */
  maxTotalTimeMs(options: RequestOptions): number {
    return options.maxTotalTimeMs ?? this.host.options.maxTotalTimeMs ?? 600_000
  }

  headers(): Record<string, string> | Promise<Record<string, string>> {
    const h = this.host.options.headers
    return typeof h === 'function' ? h() : (h ?? NO_HEADERS)
  }

  /** Wires the caller's abort, progress and log callbacks to one request, which the server's era sends. */
  async send({ method, params, id, headers, options, capabilities = this.host.capabilities(), onNotification, longLived }: SendInit): Promise<JsonRpcResponse> {
    const clientOptions = this.host.options
    // The caller's own token (in params._meta) is kept, and sent whether or not it asked for onProgress.
    const progressToken = options.progressToken ?? callerProgressToken(params) ?? (options.onProgress ? `p${id}` : undefined)
    const controller = new RequestController()
    const onAbort = () => controller.abort(new AbortError(options.signal?.reason))
    if (options.signal?.aborted) onAbort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    const untrack = this.track(controller)
    try {
      return await this.era().send({
        method,
        params,
        id,
        headers,
        capabilities,
        logLevel: options.logLevel ?? clientOptions.logLevel,
        progressToken,
        controller,
        timeoutMs: options.timeoutMs ?? clientOptions.timeoutMs ?? 60_000,
        // A subscription lives as long as it is wanted: no overall cap, but a silence limit instead.
        maxTotalTimeMs: longLived ? undefined : this.maxTotalTimeMs(options),
        idleMs: longLived ? (clientOptions.listenIdleMs ?? 300_000) : undefined,
        idempotent: traitsOf(method).idempotent === true,
        longLived,
        handlers: options.handlers ? { ...clientOptions.handlers, ...options.handlers } : (clientOptions.handlers ?? {}),
        onNotification: (n) => {
          const p = n.params as Params | undefined
          if (n.method === 'notifications/progress' && options.onProgress && progressToken !== undefined && p?.progressToken === progressToken) {
            // Progress read in the same chunk as the one the caller aborted on is not the caller's any more.
            if (!controller.aborted) callBack(options.onProgress!, p as unknown as ProgressNotificationParams)
          } else if (n.method === 'notifications/message' && (options.onLog ?? clientOptions.onLog)) {
            callBack((options.onLog ?? clientOptions.onLog)!, p as unknown as LoggingMessageNotificationParams)
          } else if (onNotification) onNotification(n)
          else this.unrelated(n)
        },
      })
    } finally {
      options.signal?.removeEventListener('abort', onAbort)
      untrack()
    }
  }

  /**
   * A notification tied to no request (a legacy server's GET or session stream): a log line goes to the client's
   * `onLog`, anything else (and a log line with no `onLog`) to the client's `notification` event.
   */
  unrelated(n: JsonRpcNotification): void {
    const onLog = this.host.options.onLog
    if (n.method === 'notifications/message' && onLog) callBack(onLog, n.params as unknown as LoggingMessageNotificationParams)
    else this.host.dispatchEvent(new CustomEvent('notification', { detail: n }))
  }

  /** Later callers of requests under `prefix` send anew rather than join one in flight. */
  forget(prefix: string): void {
    this.#inFlight.forget(prefix)
  }

  /** Has `controller` aborted by `abortAll()` (the client's `close()`) until the returned function is called. */
  track(controller: AbortController): () => void {
    this.#controllers.add(controller)
    return () => this.#controllers.delete(controller)
  }

  /** Aborts every request in flight. */
  abortAll(): void {
    for (const c of this.#controllers) c.abort(new AbortError('client closed'))
  }
}

/** No headers: shared by every request of a client without `options.headers` (headers objects are only read). */
const NO_HEADERS: Record<string, string> = {}

/** -32602: invalid params (an unknown tool, bad arguments, a cursor the server does not take). */
export const isInvalidParams = (error: unknown) => error instanceof JsonRpcError && error.code === -32602

/**
 * Runs a caller's progress or log callback. What it throws is reported apart
 * (as an exception in an event listener is) and never reaches the stream: a
 * user's bug must not close the stream, which the server would take as
 * cancelling its work.
 */
export function callBack<T>(callback: (value: T) => void, value: T): void {
  try {
    callback(value)
  } catch (error) {
    if (typeof reportError === 'function') reportError(error)
    else console.error(error)
  }
}
