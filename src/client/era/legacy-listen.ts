/** One subscription's stream on a legacy server (what SharedListen holds): it joins the era's GET stream and leaves it. */
import type { SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { NotificationStream } from './era.js'

/** The era's side: a subscription joins (the GET stream opened, resources subscribed) and leaves. */
export interface ListenHub {
  /** Resolves with what the server honours of the subscription's filter. */
  join(listen: LegacyListen): Promise<SubscriptionFilter>
  leave(listen: LegacyListen): void
}

export class LegacyListen extends EventTarget implements NotificationStream {
  readonly acknowledged: Promise<SubscriptionFilter>
  readonly closed: Promise<void>
  honoured?: SubscriptionFilter
  #finish!: () => void

  constructor(
    readonly filter: SubscriptionFilter,
    private readonly era: ListenHub,
  ) {
    super()
    this.closed = new Promise((resolve) => (this.#finish = resolve))
    this.acknowledged = era.join(this).then((honoured) => (this.honoured = honoured))
    this.acknowledged.catch((error) => {
      this.dispatchEvent(new CustomEvent('error', { detail: error }))
      this.close()
    })
  }

  close(): void {
    this.era.leave(this)
    this.#finish()
  }
}
