/**
 * What `client.listen(filter)` returns: one caller's share of the client's
 * `subscriptions/listen` stream. It hears only the notifications its own
 * filter asked for, however many other subscriptions share the stream.
 */
import { AbortError } from '../../protocol/errors.js'
import type { SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { SubscriptionEventMap } from '../events.js'

/** How the shared stream drives one subscription (see shared-listen.ts). */
export interface SubscriptionPort {
  /** The stream now carries this subscription; `honoured` is the part of its filter the server agreed to. */
  acknowledge(honoured: SubscriptionFilter): void
  /** Dispatches an event on the subscription, if it is still open. */
  dispatch(event: Event): void
  /** Over for good: the server ended the stream (no error) or it failed (the error). */
  finish(error?: unknown): void
}

/**
 * Events (typed in {@link SubscriptionEventMap}): `notification` (detail: the JSON-RPC notification), `drop`
 * (detail: the error; a re-listen follows), `retrying` (detail: `{ error, retryAt }`: an attempt failed, before or
 * after an acknowledgement, and the next is sent at `retryAt`), `reconnect` (detail: the filter
 * acknowledged again), `end` (the server ended it gracefully), `error`
 * (detail: the error that stopped it for good).
 */
// Typed listeners for the events in SubscriptionEventMap (declaration merging with the class).
export interface Subscription {
  addEventListener<K extends keyof SubscriptionEventMap>(
    type: K,
    listener: (this: Subscription, event: SubscriptionEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void
  removeEventListener<K extends keyof SubscriptionEventMap>(
    type: K,
    listener: (this: Subscription, event: SubscriptionEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void
}
export class Subscription extends EventTarget {
  /** Resolves with the filter the server agreed to honour (a subset of the one asked for). */
  readonly acknowledged: Promise<SubscriptionFilter>
  /** Resolves when the subscription is over for good: closed, ended by the server, or failed. */
  readonly closed: Promise<void>
  #open = true
  #leave: () => void
  #finish: (event?: Event, error?: unknown) => void

  /** `join` attaches the subscription to a shared stream and returns how to detach it. */
  constructor(
    readonly filter: SubscriptionFilter,
    join: (port: SubscriptionPort, subscription: Subscription) => () => void,
  ) {
    super()
    let acknowledge!: (f: SubscriptionFilter) => void
    let refuse!: (e: unknown) => void
    let done!: () => void
    this.acknowledged = new Promise((resolve, reject) => ((acknowledge = resolve), (refuse = reject)))
    this.acknowledged.catch(() => {}) // a caller who never awaits it still sees the `error` event
    this.closed = new Promise((resolve) => (done = resolve))
    const finish = (event?: Event, error?: unknown) => {
      if (!this.#open) return
      if (event) this.dispatchEvent(event)
      this.#open = false
      refuse(error ?? new AbortError('the subscription ended before it was acknowledged'))
      done()
    }
    this.#finish = finish
    this.#leave = join(
      {
        acknowledge,
        dispatch: (event) => void (this.#open && this.dispatchEvent(event)),
        finish: (error) => finish(error === undefined ? new Event('end') : new CustomEvent('error', { detail: error }), error),
      },
      this,
    )
  }

  /** Stops hearing notifications; the last subscription of a client to close ends the stream (on the server too). */
  close(): void {
    if (!this.#open) return
    this.#finish()
    this.#leave()
  }
}
