/**
 * Version and era selection: which side of the era seam a server gets.
 * Modern until the server says otherwise (streamable-http.mdx, "Backward
 * Compatibility").
 */
import type { ClientCapabilities, Implementation, SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { CacheStore } from '../../cache/policy.js'
import { recordOf, type CacheRecord } from '../../cache/records.js'
import type { JsonRpcResponse } from '../../protocol/jsonrpc.js'
import type { Era, EraHost, EraRequest, ListenWith, NotificationStream } from './era.js'
import type { InputHandlers } from '../options.js'
import { ModernEra } from './modern-era.js'
import { HttpError, ProtocolError } from '../../protocol/errors.js'
import { LEGACY_PROTOCOL_VERSIONS } from '../../protocol/meta.js'
import { eraOfAnswer, refusedModernHeader } from './era-answer.js'

export interface EraChoice {
  /** The version asked for first; a legacy one (2025-11-25 or older) forces the legacy era. */
  version: string
  /** Who the client is: the caller's clientInfo, or this package's name and version. */
  clientInfo: Implementation
  /** What a legacy `initialize` declares: the client's own handlers and options. */
  capabilities: () => ClientCapabilities
  handlers: () => InputHandlers
  /** Where the era of a server is remembered across page loads. */
  store: () => CacheStore | undefined
  /** Settles the era when a listen stream is asked for before any request (one `server/discover`). */
  probe: () => Promise<unknown>
}

/** Statuses with which a legacy server turns away a modern request (streamable-http.mdx, "Backward Compatibility"). */
const LEGACY_STATUS = new Set([400, 404, 405])
/** How long a server's era is remembered. */
const REMEMBER_MS = 7 * 24 * 3600_000

export class EraSelector implements Era {
  #era: Era
  /** Modern confirmed, or legacy chosen: requests go straight to the era. */
  #settled = false
  #recalled?: Promise<void>
  #fallingBack?: Promise<Era>
  /** The one `initialize` tried after an answer that only may be a legacy server's: whether it opened a session. */
  #trying?: Promise<boolean>
  /** The legacy era came from the store, not from this page's probe: if it fails, the server is probed again. */
  #fromStore = false

  constructor(
    private readonly host: EraHost,
    private readonly choice: EraChoice,
  ) {
    this.#era = new ModernEra(host, choice.version, choice.clientInfo)
    if (LEGACY_PROTOCOL_VERSIONS.includes(choice.version)) this.#recalled = this.#toLegacy().then(() => {})
  }

  get kind(): Era['kind'] {
    return this.#era.kind
  }

  get protocolVersion(): string {
    return this.#era.protocolVersion
  }

  get serverInfo(): Implementation | undefined {
    return this.#era.serverInfo
  }

  send(request: EraRequest): Promise<JsonRpcResponse> {
    return this.#settled ? this.#era.send(request) : this.#first(request)
  }

  /** A request while the era is open: the remembered era, else a modern request that may say "legacy". */
  async #first(request: EraRequest): Promise<JsonRpcResponse> {
    await (this.#recalled ??= this.#recall())
    // A modern listen opened while a remembered (or forced) legacy era was loading: it goes on as a legacy one.
    if (this.#settled && request.method === 'subscriptions/listen' && this.#era.kind === 'legacy') throw new EraChanged()
    if (this.#settled) {
      if (!this.#fromStore || this.#era.kind !== 'legacy') return this.#era.send(request)
      try {
        const response = await this.#era.send(request)
        this.#fromStore = false
        return response
      } catch (error) {
        if (!(error instanceof HttpError || error instanceof ProtocolError)) throw error
        // The remembered assumption failed: forget it and probe again.
        this.#forget()
        return this.#first(request)
      }
    }
    let status = 200
    // The probe has a controller of its own: a failed POST spends its controller (postRequest aborts it to release the
    // response), and a legacy try after it must still be sendable. The caller's abort, close() and timeout reach it.
    const attempt = new AbortController()
    const relay = () => attempt.abort(request.controller.signal.reason)
    if (request.controller.signal.aborted) relay()
    else request.controller.signal.addEventListener('abort', relay, { once: true })
    const probe = { ...request, controller: attempt, onResponse: (res: Response) => ((status = res.status), request.onResponse?.(res)) }
    let response: JsonRpcResponse
    try {
      response = await this.#era.send(probe)
    } catch (error) {
      if (error instanceof HttpError && LEGACY_STATUS.has(error.status)) return this.#fallBack(request)
      if (refusedModernHeader(error) && (await this.#tryLegacy())) return this.#fallBack(request)
      throw error
    }
    // (Concurrent first requests each see the legacy answer; the first to fall back loads the legacy era for all.)
    const verdict = eraOfAnswer(status, response, request.id, request.method)
    if (verdict === 'legacy') return this.#fallBack(request)
    if (verdict === 'maybe-legacy' && (await this.#tryLegacy())) return this.#fallBack(request)
    if (!this.#settled && (status < 300 || 'error' in response)) this.#settled = true
    return response
  }

  /**
   * An answer a legacy server may give (a 400 with an error of its own): one `initialize` decides. A session opened
   * makes the era legacy (remembered); a refused one leaves it modern, and the caller gets the first answer.
   */
  #tryLegacy(): Promise<boolean> {
    return (this.#trying ??= import('./legacy-era.js').then(async ({ LegacyEra }) => {
      if (this.#settled) return this.#era.kind === 'legacy'
      const era = new LegacyEra(this.host, this.choice)
      try {
        await era.session()
      } catch {
        era.close()
        return false
      }
      if (this.#settled) era.close()
      else this.#fallingBack ??= Promise.resolve(this.#settle(era, true))
      return this.#era.kind === 'legacy'
    }))
  }

  async #fallBack(request: EraRequest): Promise<JsonRpcResponse> {
    const era = await this.#toLegacy(true)
    // A listen request has no legacy counterpart: the stream that sent it opens a legacy one instead (SwitchingStream).
    if (request.method === 'subscriptions/listen') throw new EraChanged()
    return era.send(request)
  }

  /** Switches to the legacy era (loaded on first need: a modern page never downloads it). */
  #toLegacy(remember = false): Promise<Era> {
    return (this.#fallingBack ??= import('./legacy-era.js').then(({ LegacyEra }) => this.#settle(new LegacyEra(this.host, this.choice), remember)))
  }

  #settle(era: Era, remember: boolean): Era {
    this.#era = era
    this.#settled = true
    if (remember) this.#remember()
    return era
  }

  #record(): CacheRecord | undefined {
    const store = this.choice.store()
    return store && recordOf(store, 'mcp-web-elements/era', this.host.url)
  }

  async #recall(): Promise<void> {
    try {
      const entry = await this.#record()?.get()
      if (entry?.value.era === 'legacy' && Date.now() < entry.receivedAt + entry.ttlMs) {
        this.#fromStore = true
        await this.#toLegacy()
      }
    } catch {
      // an unreadable store: probe
    }
  }

  #remember(): void {
    try {
      void Promise.resolve(this.#record()?.put({ era: 'legacy' }, REMEMBER_MS)).catch(() => {})
    } catch {
      // a store that throws: not remembered
    }
  }

  #forget(): void {
    this.#era.close()
    this.#era = new ModernEra(this.host, this.choice.version, this.choice.clientInfo)
    this.#settled = this.#fromStore = false
    this.#fallingBack = this.#trying = undefined
    try {
      void Promise.resolve(this.#record()?.delete()).catch(() => {})
    } catch {
      // nothing to forget
    }
  }

  listen(filter: SubscriptionFilter, using: ListenWith): NotificationStream {
    if (this.#settled) return this.#era.listen(filter, using)
    // The era is not known yet: a modern listen is the probe; if the server turns out legacy, a legacy listen follows.
    return new SwitchingStream(filter, this.#era.listen(filter, using), () => this.#era.listen(filter, using))
  }

  close(): void {
    this.#era.close()
  }
}

/** Thrown to a modern listen stream whose request found a legacy server. */
class EraChanged extends Error {
  override name = 'EraChanged'
}

/** A listen stream that starts modern and, if its request finds a legacy server, goes on as a legacy one. */
class SwitchingStream extends EventTarget implements NotificationStream {
  readonly acknowledged: Promise<SubscriptionFilter>
  readonly closed: Promise<void>
  #inner!: NotificationStream
  #acknowledge!: (f: SubscriptionFilter) => void
  #refuse!: (e: unknown) => void
  #finish!: () => void

  constructor(
    readonly filter: SubscriptionFilter,
    first: NotificationStream,
    private readonly next: () => NotificationStream,
  ) {
    super()
    this.acknowledged = new Promise((resolve, reject) => ((this.#acknowledge = resolve), (this.#refuse = reject)))
    this.acknowledged.catch(() => {})
    this.closed = new Promise((resolve) => (this.#finish = resolve))
    this.#attach(first, true)
  }

  #attach(stream: NotificationStream, canSwitch: boolean): void {
    this.#inner = stream
    const switches = (e: unknown) => canSwitch && e instanceof EraChanged
    for (const type of ['notification', 'drop', 'retrying', 'reconnect', 'end', 'error']) {
      stream.addEventListener(type, (e) => {
        const detail = (e as CustomEvent).detail
        if (type === 'error' && switches(detail)) return this.#attach(this.next(), false)
        this.dispatchEvent(new CustomEvent(type, { detail }))
      })
    }
    stream.acknowledged.then(this.#acknowledge, (e) => void (switches(e) || this.#refuse(e)))
    void stream.closed.then(() => this.#inner === stream && this.#finish())
  }

  close(): void {
    this.#inner.close()
  }
}
