/**
 * One `subscriptions/listen` stream per client, shared by every
 * {@link Subscription}: a page full of elements holds one connection
 * (browsers allow six per host on HTTP/1.1), asking for the union of their
 * filters. Each subscription hears only what its own filter asked for.
 *
 * When a subscription asks for more than the stream carries, a stream with
 * the larger union is opened, and the old one is closed only once the new one
 * is acknowledged, so nothing is missed in between. Subscriptions joining in
 * the same tick share that one re-open. The last subscription to close
 * closes the stream. Leaving does not narrow the stream: extra notifications
 * are filtered out here, which is cheaper than a re-open.
 */
import type { SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { JsonRpcNotification } from '../../protocol/jsonrpc.js'
import type { ListenWith, NotificationStream } from '../era/era.js'
import { ListenStream } from './listen-stream.js'
import type { Subscription, SubscriptionPort } from './subscription.js'

interface Stream {
  stream: NotificationStream
  /** The filter asked for. */
  filter: SubscriptionFilter
  /** The filter the server agreed to, once acknowledged. */
  honoured?: SubscriptionFilter
}

export class SharedListen {
  #ports = new Map<Subscription, SubscriptionPort>()
  /** Subscriptions the delivering stream has acknowledged. */
  #carried = new Set<Subscription>()
  /** The acknowledged stream whose notifications are delivered. */
  #delivering?: Stream
  /** A stream opened with a larger filter, not yet acknowledged. */
  #pending?: Stream
  #reopenScheduled = false

  constructor(private readonly open: (filter: SubscriptionFilter, modern: ListenWith['ListenStream']) => NotificationStream) {}

  /** Attaches a new subscription (the `join` of its constructor); returns how to detach it. */
  join(port: SubscriptionPort, subscription: Subscription): () => void {
    this.#ports.set(subscription, port)
    this.#place(subscription)
    return () => this.#forget(subscription)
  }

  /** Closes every subscription, and with the last one the stream. */
  closeAll(): void {
    for (const subscription of [...this.#ports.keys()]) subscription.close()
  }

  #place(subscription: Subscription): void {
    const asked = this.#pending ?? this.#delivering
    if (!asked || !covers(asked.filter, subscription.filter)) return this.#scheduleReopen()
    // Carried already: acknowledged at once, unless a stream is still opening (its acknowledgement will do).
    if (!this.#pending && this.#delivering?.honoured) this.#carry(subscription, this.#delivering.honoured)
  }

  #carry(subscription: Subscription, honoured: SubscriptionFilter): void {
    this.#carried.add(subscription)
    this.#ports.get(subscription)!.acknowledge(part(honoured, subscription.filter))
  }

  #scheduleReopen(): void {
    if (this.#reopenScheduled) return
    this.#reopenScheduled = true
    queueMicrotask(() => {
      this.#reopenScheduled = false
      if (this.#ports.size) this.#reopen()
    })
  }

  #reopen(): void {
    const filter = [...this.#ports.keys()].reduce((merged, s) => union(merged, s.filter), {} as SubscriptionFilter)
    this.#pending?.stream.close()
    const opened: Stream = { stream: this.open(filter, ListenStream), filter }
    this.#pending = opened
    const { stream } = opened
    stream.acknowledged.then(
      (honoured) => {
        if (this.#pending !== opened) return
        const old = this.#delivering
        this.#pending = undefined
        this.#delivering = opened
        opened.honoured = honoured
        old?.stream.close()
        for (const subscription of this.#ports.keys()) {
          if (!this.#carried.has(subscription)) this.#carry(subscription, honoured)
        }
      },
      () => {}, // its `error` or `end` event says why
    )
    const delivering = () => this.#delivering === opened
    stream.addEventListener('notification', (e) => {
      if (!delivering()) return
      const n = (e as CustomEvent<JsonRpcNotification>).detail
      for (const subscription of this.#carried) {
        if (wants(subscription.filter, n)) this.#ports.get(subscription)!.dispatch(new CustomEvent('notification', { detail: n }))
      }
    })
    stream.addEventListener('drop', (e) => {
      if (!delivering()) return
      for (const subscription of this.#carried)
        this.#ports.get(subscription)!.dispatch(new CustomEvent('drop', { detail: (e as CustomEvent).detail }))
    })
    // Every failed attempt, with the next one's time: to the subscriptions the stream carries, or, while it is not yet
    // acknowledged, to those waiting for it (a server down from the start is heard of this way, with no drop).
    stream.addEventListener('retrying', (e) => {
      const waiting = this.#pending === opened
      if (!waiting && !delivering()) return
      for (const subscription of this.#ports.keys()) {
        if (this.#carried.has(subscription) !== waiting)
          this.#ports.get(subscription)!.dispatch(new CustomEvent('retrying', { detail: (e as CustomEvent).detail }))
      }
    })
    stream.addEventListener('reconnect', (e) => {
      if (!delivering()) return
      const honoured = (opened.honoured = (e as CustomEvent<SubscriptionFilter>).detail)
      for (const subscription of this.#carried)
        this.#ports.get(subscription)!.dispatch(new CustomEvent('reconnect', { detail: part(honoured, subscription.filter) }))
    })
    stream.addEventListener('end', () => this.#finished(opened))
    stream.addEventListener('error', (e) => this.#finished(opened, (e as CustomEvent).detail))
  }

  /** A stream is over for good: the subscriptions it carried (or was opened for) are over too. */
  #finished(stream: Stream, error?: unknown): void {
    let over: Subscription[]
    if (this.#delivering === stream) {
      over = [...this.#carried]
      this.#delivering = undefined
    } else if (this.#pending === stream) {
      over = [...this.#ports.keys()].filter((s) => !this.#carried.has(s))
      this.#pending = undefined
    } else return
    for (const subscription of over) {
      const port = this.#ports.get(subscription)!
      this.#forget(subscription)
      port.finish(error)
    }
  }

  #forget(subscription: Subscription): void {
    this.#ports.delete(subscription)
    this.#carried.delete(subscription)
    if (this.#ports.size) return
    this.#pending?.stream.close()
    this.#delivering?.stream.close()
    this.#pending = this.#delivering = undefined
  }
}

const LIST_FLAGS: Record<string, string> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
}

/** Whether a subscription asked for this notification. Notifications of kinds this client does not know go to everyone. */
function wants(filter: SubscriptionFilter, n: JsonRpcNotification): boolean {
  const flag = LIST_FLAGS[n.method]
  if (flag) return filter[flag] === true
  if (n.method === 'notifications/resources/updated') {
    const uri = (n.params as { uri?: unknown } | undefined)?.uri
    // The spec allows an update of a sub-resource of the one subscribed to.
    return (
      typeof uri === 'string' &&
      asList(filter.resourceSubscriptions).some(
        (s) => typeof s === 'string' && (uri === s || uri.startsWith(s.endsWith('/') ? s : `${s}/`)),
      )
    )
  }
  return true
}

/** The filter asking for everything either asks for: flags or-ed, lists joined. */
function union(a: SubscriptionFilter, b: SubscriptionFilter): SubscriptionFilter {
  const merged: SubscriptionFilter = { ...a }
  for (const [key, value] of Object.entries(b)) {
    if (value === true) merged[key] = true
    else if (Array.isArray(value)) merged[key] = [...new Set([...asList(merged[key]), ...value])]
    else if (value !== false && value !== undefined) merged[key] = value
  }
  return merged
}

/** Whether a stream asked for `outer` carries all that `inner` asks for. */
function covers(outer: SubscriptionFilter, inner: SubscriptionFilter): boolean {
  return Object.entries(inner).every(([key, value]) => {
    if (value === false || value === undefined) return true
    if (value === true) return outer[key] === true
    if (Array.isArray(value)) return value.every((v) => asList(outer[key]).includes(v))
    return JSON.stringify(outer[key]) === JSON.stringify(value)
  })
}

/** The part of what the server honoured that one subscription asked for. */
function part(honoured: SubscriptionFilter, asked: SubscriptionFilter): SubscriptionFilter {
  const result: SubscriptionFilter = {}
  for (const [key, value] of Object.entries(asked)) {
    if (!(key in honoured) || value === false || value === undefined) continue
    if (Array.isArray(value)) result[key] = asList(honoured[key]).filter((v) => value.includes(v))
    else result[key] = honoured[key]
  }
  return result
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
