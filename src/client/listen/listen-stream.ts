/**
 * One `subscriptions/listen` stream on the wire: acknowledged once, then
 * notifications until the server ends it gracefully (a result) or the client
 * closes it. A drop (the stream ending without a result, or the network
 * failing) is followed by a new listen after a backoff with jitter.
 *
 * Callers never see it: they hold {@link Subscription}s, which share one
 * stream per client (shared-listen.ts).
 */
import { AbortError, HttpError, JsonRpcError, McpError, ProtocolError, toError } from '../../protocol/errors.js'
import type { SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { JsonRpcNotification, JsonRpcResponse } from '../../protocol/jsonrpc.js'
import { META } from '../../protocol/meta.js'
import { backoffMs, sleep } from './backoff.js'

export type ListenSend = (
  id: number,
  signal: AbortSignal,
  onNotification: (n: JsonRpcNotification) => void,
  timeoutMs?: number,
) => Promise<JsonRpcResponse>

/**
 * How long an acknowledged stream must have stayed up for its drop to start the backoff over. A server (or proxy)
 * that acknowledges and then drops at once would otherwise be asked again within 500 ms, forever.
 */
const HEALTHY_STREAM_MS = 30_000

/**
 * Events: `notification` (detail: the JSON-RPC notification), `drop`
 * (detail: the error; a re-listen follows), `retrying` (detail: `{ error,
 * retryAt }`: an attempt failed, before or after an acknowledgement, and the
 * next is sent at `retryAt`, ms since the epoch), `reconnect` (detail: the
 * filter acknowledged again), `end` (the server ended it gracefully), `error`
 * (detail: the error that stopped it for good).
 */
export class ListenStream extends EventTarget {
  /** Resolves with the filter the server agreed to honour (a subset of the one asked for). */
  readonly acknowledged: Promise<SubscriptionFilter>
  /** Resolves when the subscription is over for good: closed, ended by the server, or failed. */
  readonly closed: Promise<void>
  #controller = new AbortController()

  constructor(
    readonly filter: SubscriptionFilter,
    send: ListenSend,
    nextId: () => number,
    onNotification: (n: JsonRpcNotification) => void | Promise<void>,
  ) {
    super()
    let acknowledge!: (f: SubscriptionFilter) => void
    let refuse!: (e: unknown) => void
    this.acknowledged = new Promise((resolve, reject) => ((acknowledge = resolve), (refuse = reject)))
    this.acknowledged.catch(() => {}) // a caller who never awaits it still sees the `error` event
    const signal = this.#controller.signal
    let queue: Promise<void> = Promise.resolve()

    const run = async () => {
      let acked = false
      for (let attempt = 0; !signal.aborted;) {
        const id = nextId()
        let ackedThisTime = false
        let ackedAt = 0
        try {
          const response = await send(id, signal, (n) => {
            const meta = (n.params?._meta ?? {}) as Record<string, unknown>
            const subscriptionId = meta[META.subscriptionId]
            if (subscriptionId !== id) {
              // This stream is this request's alone: an acknowledgement naming anything else (the id as a string, say)
              // will never become the one awaited, so it fails the subscription instead of leaving it waiting.
              if (n.method === 'notifications/subscriptions/acknowledged')
                throw new ProtocolError(
                  `The server acknowledged subscriptions/listen with subscriptionId ${JSON.stringify(subscriptionId) ?? 'absent'} (${typeof subscriptionId}); the request's id is ${id} (number)`,
                )
              return
            }
            if (n.method === 'notifications/subscriptions/acknowledged') {
              const honoured = (n.params?.notifications ?? {}) as SubscriptionFilter
              if (acked) this.dispatchEvent(new CustomEvent('reconnect', { detail: honoured }))
              acked = ackedThisTime = true
              ackedAt = Date.now()
              acknowledge(honoured)
            } else if (ackedThisTime) {
              // Listeners refresh on a notification, so the stale cache entries go first (the store may be async);
              // the queue keeps notifications in order. A store that fails to invalidate still lets the news through.
              queue = queue
                .then(() => onNotification(n))
                .catch(() => {})
                .then(() => void this.dispatchEvent(new CustomEvent('notification', { detail: n })))
            }
          })
          if ('error' in response) throw toError(response.error)
          await queue // notifications that arrived before the end are heard before it
          this.dispatchEvent(new Event('end'))
          return
        } catch (error) {
          if (signal.aborted) return
          // An answer that will not change on retry (a JSON-RPC error, a 4xx, a broken protocol) stops here.
          const fatal =
            error instanceof JsonRpcError ||
            error instanceof ProtocolError ||
            (error instanceof HttpError && error.status < 500 && error.status !== 408 && error.status !== 429)
          if (fatal || !(error instanceof McpError)) {
            refuse(error)
            this.dispatchEvent(new CustomEvent('error', { detail: error }))
            return
          }
          // Only a stream that stayed up a while starts the backoff over; one dropped soon after its acknowledgement does not.
          if (ackedThisTime && Date.now() - ackedAt >= HEALTHY_STREAM_MS) attempt = 0
          const waitMs = backoffMs(attempt++)
          this.dispatchEvent(new CustomEvent('drop', { detail: error }))
          this.dispatchEvent(new CustomEvent('retrying', { detail: { error, retryAt: Date.now() + waitMs } }))
          await sleep(waitMs, signal)
        }
      }
    }
    this.closed = run().finally(() => {
      this.#controller.abort()
      refuse(new AbortError('the subscription ended before it was acknowledged'))
    })
  }

  /** Closes the stream (which ends the subscription on the server). */
  close(): void {
    this.#controller.abort(new AbortError('subscription closed'))
  }
}
