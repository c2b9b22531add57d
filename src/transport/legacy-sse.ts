/**
 * The deprecated HTTP+SSE transport of 2024-11-05: a GET opens an event
 * stream whose first `endpoint` event names where to POST; every answer
 * comes back on that stream. One channel per session.
 */
import { AbortError, ProtocolError, StreamError, TimeoutError } from '../protocol/errors.js'
import { traitsOf } from '../protocol/methods.js'
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from '../protocol/jsonrpc.js'
import { decodeEvent, openEventStream, postOneWay } from './legacy-session.js'

interface SseChannelInit {
  url: string
  headers: Record<string, string>
  fetch: typeof fetch
  timeoutMs: number
  maxBodyBytes: number
  /** A message that answers no pending request: a notification or a server request. */
  onMessage: (m: JsonRpcNotification | JsonRpcRequest) => void
  /** The stream is gone (pending requests have failed with `error`). */
  onClose: (error: Error) => void
}

interface Pending {
  resolve: (r: JsonRpcResponse) => void
  reject: (e: unknown) => void
  /** The request's method: whether re-sending it is harmless, when the stream breaks before its answer. */
  method: string
}

export class SseChannel {
  /** Where messages are POSTed (from the `endpoint` event, same origin as the stream). */
  endpoint!: string
  #pending = new Map<unknown, Pending>()
  #controller = new AbortController()

  private constructor(private readonly init: SseChannelInit) {}

  /** Opens the stream and waits for its `endpoint` event (a TimeoutError after `timeoutMs` without one). */
  static async open(init: SseChannelInit): Promise<SseChannel> {
    const channel = new SseChannel(init)
    let found!: (endpoint: string) => void
    let refuse!: (e: unknown) => void
    const endpoint = new Promise<string>((resolve, reject) => ((found = resolve), (refuse = reject)))
    const { ended } = await openEventStream({
      url: init.url,
      headers: init.headers,
      fetch: init.fetch,
      signal: channel.#controller.signal,
      timeoutMs: init.timeoutMs,
      maxBodyBytes: init.maxBodyBytes,
      onEvent: (e) => {
        if (e.event === 'endpoint') {
          const url = new URL(e.data.trim(), init.url)
          if (url.origin !== new URL(init.url).origin) return refuse(new ProtocolError(`The server's endpoint event names another origin (${url.origin}); refused`))
          return found(url.href)
        }
        if (e.event !== 'message') return
        const m = decodeEvent(e.data)
        if (!m) return
        if ('method' in m) return init.onMessage(m as JsonRpcNotification | JsonRpcRequest)
        const pending = this.#take(channel, m.id)
        pending?.resolve(m as JsonRpcResponse)
      },
    })
    void ended.then(
      () => channel.#fail(`The server closed the event stream of ${init.url}`),
      (error) => channel.#fail(error instanceof Error ? error : String(error)),
    )
    const timer = setTimeout(() => refuse(new TimeoutError(init.timeoutMs, 'the endpoint event of the HTTP+SSE transport')), init.timeoutMs)
    try {
      channel.endpoint = await endpoint
    } catch (error) {
      channel.close()
      throw error
    } finally {
      clearTimeout(timer)
    }
    return channel
  }

  static #take(channel: SseChannel, id: unknown): Pending | undefined {
    const pending = channel.#pending.get(id)
    channel.#pending.delete(id)
    return pending
  }

  /**
   * The stream is gone: every request still waiting for its answer fails. A request was POSTed (202) and may have
   * run, so whether a retry is safe is its own method's (a tools/call is not), not the stream's.
   */
  #fail(reason: Error | string): void {
    const failed = (method: string) =>
      typeof reason === 'string' || reason instanceof StreamError
        ? new StreamError(typeof reason === 'string' ? reason : reason.message, traitsOf(method).idempotent === true, {
            cause: typeof reason === 'string' ? undefined : reason.cause,
          })
        : reason
    for (const pending of this.#pending.values()) pending.reject(failed(pending.method))
    this.#pending.clear()
    if (!this.#controller.signal.aborted) this.init.onClose(typeof reason === 'string' ? new StreamError(reason, true) : reason)
  }

  /** POSTs a request and resolves with its response from the stream. */
  async request(message: JsonRpcRequest, headers: Record<string, string>, signal: AbortSignal, timeoutMs: number): Promise<JsonRpcResponse> {
    if (this.#controller.signal.aborted) throw new StreamError('The HTTP+SSE stream is closed', true)
    const answer = new Promise<JsonRpcResponse>((resolve, reject) => this.#pending.set(message.id, { resolve, reject, method: message.method }))
    const timer = setTimeout(() => SseChannel.#take(this, message.id)?.reject(new TimeoutError(timeoutMs, message.method)), timeoutMs)
    const onAbort = () => SseChannel.#take(this, message.id)?.reject(signal.reason instanceof AbortError ? signal.reason : new AbortError(signal.reason))
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      // The answer may be rejected (timer, abort, a closed stream) while the POST is still out: racing the two
      // handles that rejection at once instead of leaving it unhandled until the POST ends.
      await Promise.race([this.send(message, headers), answer])
      return await answer
    } finally {
      this.#pending.delete(message.id)
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
    }
  }

  send(message: JsonRpcMessage, headers: Record<string, string>): Promise<void> {
    return postOneWay(this.init.fetch, this.endpoint, message, headers, this.init.timeoutMs)
  }

  close(): void {
    this.#controller.abort(new AbortError('session closed'))
  }
}
