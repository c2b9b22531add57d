/**
 * The legacy side of the era seam: servers of revisions 2025-11-25 and
 * earlier, which open a session with `initialize`. One session per client,
 * opened on first use: capabilities are declared there, from the client's
 * handlers and options (per-call handlers cannot widen them). The session id
 * is echoed on every message; a 404 for it means the session is gone, so one
 * new `initialize` and one retry follow. Server requests (elicitation,
 * sampling, roots, ping) arriving on a response stream or the GET stream are
 * answered by the same handlers as multi round-trip input requests, and the
 * answer is POSTed back. Subscriptions are the GET stream plus
 * `resources/subscribe`; `listen()` works as on a modern server.
 */
import { AbortError, HttpError, ProtocolError, StreamError, TimeoutError, toError } from '../../protocol/errors.js'
import { SessionIdNotExposedError } from '../../protocol/connection-errors.js'
import { LEGACY_PROTOCOL_VERSIONS } from '../../protocol/meta.js'
import { postRequest } from '../../transport/http.js'
import { crossOriginPage } from '../../transport/headers.js'
import { metaWithProgressToken } from './era.js'
import { serverInfoOf } from '../server-info.js'
import { backoffMs, sleep } from '../listen/backoff.js'
import { declaresTasks } from '../tasks/task-types.js'
import type { Implementation, SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from '../../protocol/jsonrpc.js'
import { decodeEvent, deleteSession, openEventStream, postOneWay, sessionHeaders } from '../../transport/legacy-session.js'
import { SseChannel } from '../../transport/legacy-sse.js'
import type { Era, EraHost, EraRequest, NotificationStream } from './era.js'
import type { EraChoice } from './era-select.js'
import { discoverResult, sessionLost, toSession, type Session } from './legacy-initialize.js'
import { LegacyListen, type ListenHub } from './legacy-listen.js'
import { resumeResponse } from './legacy-resume.js'
import { answerServerRequest } from './legacy-server-requests.js'
import type { InputHandlers } from '../options.js'
import { acceptsToolTasks, fromCreateTaskResult } from '../tasks/tasks-legacy.js'

/** Notifications about the whole server: they go to the cache and to listen() subscriptions. */
const SERVER_NEWS = new Set([
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
])

export class LegacyEra implements Era, ListenHub {
  readonly kind = 'legacy'
  #session?: Promise<Session>
  #current?: Session
  #wanted: string
  #logLevel?: string
  #listens = new Set<LegacyListen>()
  #stream?: { controller: AbortController; connected: Promise<void> }
  #lastEventId?: string
  #subscribed = new Set<string>()

  constructor(
    private readonly host: EraHost,
    private readonly choice: EraChoice,
  ) {
    this.#wanted = LEGACY_PROTOCOL_VERSIONS.includes(choice.version) ? choice.version : LEGACY_PROTOCOL_VERSIONS[0]
  }

  get protocolVersion(): string {
    return this.#current?.version ?? this.#wanted
  }

  /** The session's `initialize` serverInfo (legacy results carry none of their own). */
  get serverInfo(): Implementation | undefined {
    return this.#current && serverInfoOf(discoverResult(this.#current))
  }

  /** The open session, initializing one when there is none. */
  session(): Promise<Session> {
    if (!this.#session) {
      this.#session = this.#initialize()
      this.#session.catch(() => (this.#session = undefined))
    }
    return this.#session
  }

  /** The session `old` is gone (404): the next use initializes a new one. */
  #expire(old: Session): void {
    old.sse?.close()
    if (this.#current === old) {
      this.#current = undefined
      this.#session = undefined
      this.#logLevel = undefined
      this.#subscribed.clear()
    }
  }

  async #initialize(): Promise<Session> {
    const extra = await this.host.headers()
    let sessionId: string | undefined
    let response: JsonRpcResponse
    try {
      response = await postRequest({
        url: this.host.url,
        message: this.#initializeRequest(),
        headers: sessionHeaders(this.#wanted, undefined, extra),
        fetch: this.host.fetch,
        controller: new AbortController(),
        timeoutMs: this.host.timeoutMs,
        maxBodyBytes: this.host.maxBodyBytes,
        idempotent: true,
        onResponse: (res) => (sessionId = res.headers.get('mcp-session-id') ?? undefined),
      })
    } catch (error) {
      // A POST turned away: the server may be one of the HTTP+SSE transport (2024-11-05), which starts with a GET.
      if (error instanceof HttpError && [400, 404, 405].includes(error.status)) return this.#initializeSse(extra)
      throw error
    }
    const session = toSession(response, sessionId)
    await postOneWay(
      this.host.fetch,
      this.host.url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      sessionHeaders(session.version, sessionId, extra),
      this.host.timeoutMs,
    ).catch((error: unknown) => {
      // Turned away right after initialize with no session id to send: the server sent one this page could not read.
      if (!sessionId && error instanceof HttpError && (error.status === 400 || error.status === 404) && crossOriginPage(this.host.url)) {
        throw new SessionIdNotExposedError(this.host.url, { cause: error })
      }
      throw error
    })
    this.#current = session
    // Server requests not tied to a call (a server asking for roots, say) and log lines tied to none come on the GET
    // stream: with handlers to answer them, or an onLog to take them, it is opened.
    if (this.#streamWanted()) queueMicrotask(() => void this.#openStream().catch(() => {}))
    return session
  }

  /** Whether the GET stream stays open with no subscription: handlers to answer server requests, or an onLog. */
  #streamWanted(): boolean {
    const handlers = this.choice.handlers()
    return Boolean(handlers.elicitation || handlers.sampling || handlers.roots || this.host.logsWanted)
  }

  #initializeRequest(): JsonRpcRequest {
    return {
      jsonrpc: '2.0',
      id: this.host.nextId(),
      method: 'initialize',
      params: {
        protocolVersion: this.#wanted,
        capabilities: this.choice.capabilities(),
        clientInfo: this.choice.clientInfo,
      },
    }
  }

  /** The HTTP+SSE transport: the stream first (its endpoint event), then initialize through it. */
  async #initializeSse(extra: Record<string, string>): Promise<Session> {
    let session: Session | undefined
    const channel = await SseChannel.open({
      url: this.host.url,
      headers: sessionHeaders(this.#wanted, undefined, extra),
      fetch: this.host.fetch,
      timeoutMs: this.host.timeoutMs,
      maxBodyBytes: this.host.maxBodyBytes,
      onMessage: (m) => session && this.#onSseMessage(session, m),
      onClose: () => session && this.#expire(session),
    })
    const headers = sessionHeaders(this.#wanted, undefined, extra)
    try {
      const response = await channel.request(this.#initializeRequest(), headers, new AbortController().signal, this.host.timeoutMs)
      session = { ...toSession(response, undefined), sse: channel }
      await channel.send({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
    } catch (error) {
      channel.close()
      throw error
    }
    this.#current = session
    return session
  }

  /** Calls open on an HTTP+SSE session: their progress and log notifications, and server requests, are theirs. */
  #sseCalls = new Set<EraRequest>()

  #onSseMessage(session: Session, m: JsonRpcNotification | JsonRpcRequest): void {
    const calls = [...this.#sseCalls]
    const only = calls.length === 1 ? calls[0] : undefined
    if ('id' in m) return void this.#answer(session, m, only?.handlers ?? this.choice.handlers(), only)
    if (SERVER_NEWS.has(m.method)) return void this.#deliver(m)
    // One stream carries every call's messages: a message is a call's only when it says so (its progress token, in
    // params or in _meta); a log line that names no call is the server's own (client-level onLog), even with one call open.
    const token = m.params?.progressToken ?? (m.params?._meta as { progressToken?: unknown } | undefined)?.progressToken
    const call = token !== undefined ? calls.find((c) => c.progressToken === token) : undefined
    if (call) call.onNotification(m)
    else this.host.dispatchNotification(m)
  }

  async send(request: EraRequest): Promise<JsonRpcResponse> {
    for (let attempt = 0; ; attempt++) {
      const session = await this.session()
      if (request.method === 'server/discover') return { jsonrpc: '2.0', id: request.id, result: discoverResult(session) }
      try {
        if (request.logLevel && request.logLevel !== this.#logLevel && session.capabilities.logging) {
          await this.#post(session, { ...request, method: 'logging/setLevel', params: { level: request.logLevel }, id: this.host.nextId() })
          this.#logLevel = request.logLevel
        }
        let status = 200
        const onResponse = (res: Response) => ((status = res.status), request.onResponse?.(res))
        // A call that may become a task (the Tasks extension declared) is task-augmented where the server takes that
        // (2025-11-25 experimental tasks); its CreateTaskResult is read as the extension's task answer (tasks-legacy.ts).
        const asTask = request.method === 'tools/call' && declaresTasks(request.capabilities) && acceptsToolTasks(session.capabilities)
        const params = asTask ? { ...request.params, task: {} } : request.params
        const sent = await this.#post(session, { ...request, params, ...(attempt && { id: this.host.nextId() }), onResponse })
        const response = asTask ? fromCreateTaskResult(sent) : sent
        // A 404 for a session that was sent: the server no longer knows it (its JSON-RPC body, if any, says so too).
        if (status === 404 && session.id !== undefined) throw new HttpError(404, 'error' in response ? response.error.message : '', this.host.url)
        if (status === 400 && session.id === undefined && 'error' in response && !session.sse && crossOriginPage(this.host.url)) {
          // A page cannot read a header the server does not expose: the session it has is invisible to it.
          throw new SessionIdNotExposedError(this.host.url, { cause: toError(response.error) })
        }
        // Earlier revisions said -32002 for a resource that does not exist; 2026-07-28 says -32602 (server/resources).
        if ('error' in response && response.error.code === -32002 && request.method === 'resources/read') {
          return { ...response, error: { ...response.error, code: -32602 } }
        }
        return response
      } catch (error) {
        if (attempt > 0 || !sessionLost(error, session)) throw error
        this.#expire(session)
      }
    }
  }

  /** One request on the session; a server request arriving meanwhile is answered, and aborting tells the server (notifications/cancelled). */
  async #post(session: Session, request: EraRequest): Promise<JsonRpcResponse> {
    const { method, id, progressToken } = request
    const meta = metaWithProgressToken(request.params, progressToken)
    const params = { ...request.params, ...(Object.keys(meta).length ? { _meta: meta } : {}) }
    if (!Object.keys(meta).length) delete params._meta
    const extra = await this.host.headers()
    const signal = request.controller.signal
    let done = false
    const onAbort = () => {
      // Only the caller's abort, close() or a timeout cancels the server's work: postRequest also aborts the
      // controller, with no reason, to release a failed response (an HTTP error, or a stream to resume with GET).
      if (done || !(signal.reason instanceof AbortError || signal.reason instanceof TimeoutError)) return
      const reason = signal.reason instanceof Error ? signal.reason.message : String(signal.reason ?? 'aborted')
      this.#notify(session, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } })
    }
    signal.addEventListener('abort', onAbort, { once: true })
    let lastId: string | undefined
    let retryMs: number | undefined
    const onNotification = (n: JsonRpcNotification) => (SERVER_NEWS.has(n.method) ? void this.#deliver(n) : request.onNotification(n))
    const onRequest = (r: JsonRpcRequest) => void this.#answer(session, r, request.handlers, request)
    if (session.sse) {
      this.#sseCalls.add(request)
      try {
        const headers = sessionHeaders(session.version, undefined, { ...extra, ...request.headers })
        return await session.sse.request({ jsonrpc: '2.0', id, method, params }, headers, signal, request.timeoutMs)
      } finally {
        this.#sseCalls.delete(request)
        done = true
        signal.removeEventListener('abort', onAbort)
      }
    }
    try {
      return await postRequest({
        url: this.host.url,
        message: { jsonrpc: '2.0', id, method, params },
        headers: sessionHeaders(session.version, session.id, { ...extra, ...request.headers }),
        fetch: this.host.fetch,
        controller: request.controller,
        timeoutMs: request.timeoutMs,
        maxBodyBytes: this.host.maxBodyBytes,
        idempotent: request.idempotent,
        onNotification,
        onRequest,
        onResponse: request.onResponse,
        onEventId: (id, retry) => ((lastId = id ?? lastId), (retryMs = retry ?? retryMs)),
        maxTotalTimeMs: request.maxTotalTimeMs,
      })
    } catch (error) {
      // A stream that closed before its result, having given event ids, is resumed with GET (2025-11-25, SEP-1699).
      // (postRequest aborts the controller to release a failed response; only an AbortError reason is the caller's.)
      if (!(error instanceof StreamError) || lastId === undefined || signal.reason instanceof AbortError) throw error
      return await resumeResponse(this.host, session, request, lastId, retryMs, { onNotification, onRequest })
    } finally {
      done = true
      signal.removeEventListener('abort', onAbort)
    }
  }

  #notify(session: Session, message: JsonRpcMessage): Promise<void> {
    return Promise.resolve(this.host.headers())
      .then((extra) => {
        const headers = sessionHeaders(session.version, session.id, extra)
        return session.sse ? session.sse.send(message, headers) : postOneWay(this.host.fetch, this.host.url, message, headers, this.host.timeoutMs)
      })
      .catch(() => {}) // a lost notification or answer: the server times its request out
  }

  /** Answers a server request with the handlers (legacy-server-requests.ts) and sends the answer back. */
  async #answer(session: Session, r: JsonRpcRequest, handlers: InputHandlers, during?: EraRequest): Promise<void> {
    await this.#notify(session, await answerServerRequest(r, handlers, during))
  }

  /** News about the whole server: the cache first, then the subscriptions that asked for it. */
  async #deliver(n: JsonRpcNotification): Promise<void> {
    try {
      await this.host.applyNotification(n)
    } catch {
      // a store that fails to invalidate still lets the news through
    }
    for (const listen of this.#listens) listen.dispatchEvent(new CustomEvent('notification', { detail: n }))
  }

  listen(filter: SubscriptionFilter): NotificationStream {
    return new LegacyListen(filter, this)
  }

  /** A subscription joins: the GET stream is opened (once), and its resources subscribed. Resolves with what is honoured. */
  async join(listen: LegacyListen): Promise<SubscriptionFilter> {
    this.#listens.add(listen)
    const session = await this.session()
    // On HTTP+SSE the session's own stream carries the news.
    if (!session.sse) await this.#openStream()
    const { filter } = listen
    const honoured: SubscriptionFilter = {}
    const caps = session.capabilities
    if (filter.toolsListChanged && caps.tools?.listChanged) honoured.toolsListChanged = true
    if (filter.promptsListChanged && caps.prompts?.listChanged) honoured.promptsListChanged = true
    if (filter.resourcesListChanged && caps.resources?.listChanged) honoured.resourcesListChanged = true
    const uris = Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions.filter((u) => typeof u === 'string') : []
    if (uris.length && caps.resources?.subscribe) {
      for (const uri of uris) await this.#subscribe(uri)
      honoured.resourceSubscriptions = uris
    }
    return honoured
  }

  async #subscribe(uri: string): Promise<void> {
    if (this.#subscribed.has(uri)) return
    const response = await this.send(this.#internal('resources/subscribe', { uri }))
    if ('error' in response) throw new ProtocolError(`resources/subscribe ${uri} was refused: ${response.error.message}`)
    this.#subscribed.add(uri)
  }

  #internal(method: string, params: Record<string, unknown>): EraRequest {
    return {
      method,
      params,
      id: this.host.nextId(),
      headers: {},
      capabilities: {},
      controller: new AbortController(),
      timeoutMs: this.host.timeoutMs,
      idempotent: true,
      onNotification: (n) => this.host.dispatchNotification(n),
      handlers: this.choice.handlers(),
    }
  }

  leave(listen: LegacyListen): void {
    if (!this.#listens.delete(listen)) return
    const wanted = new Set([...this.#listens].flatMap((l) => (Array.isArray(l.filter.resourceSubscriptions) ? l.filter.resourceSubscriptions : [])))
    for (const uri of [...this.#subscribed]) {
      if (wanted.has(uri)) continue
      this.#subscribed.delete(uri)
      this.send(this.#internal('resources/unsubscribe', { uri })).catch(() => {})
    }
    if (this.#listens.size === 0 && !this.#streamWanted()) {
      this.#stream?.controller.abort(new AbortError('no subscription left'))
      this.#stream = undefined
    }
  }

  /**
   * The GET stream for server-initiated messages, kept open while a
   * subscription is: resumed with Last-Event-ID after a drop (with backoff),
   * re-initialized when the session is gone. Resolves once first connected
   * (or the server said it offers none: 405).
   */
  #openStream(): Promise<void> {
    if (this.#stream) return this.#stream.connected
    const controller = new AbortController()
    const signal = controller.signal
    let connected!: () => void
    let refused!: (e: unknown) => void
    const first = new Promise<void>((resolve, reject) => ((connected = resolve), (refused = reject)))
    this.#stream = { controller, connected: first }
    const run = async () => {
      for (let attempt = 0, ever = false; !signal.aborted; ) {
        const session = await this.session()
        try {
          const { ended } = await openEventStream({
            url: this.host.url,
            headers: sessionHeaders(session.version, session.id, await this.host.headers()),
            fetch: this.host.fetch,
            signal,
            timeoutMs: this.host.timeoutMs,
            maxBodyBytes: this.host.maxBodyBytes,
            lastEventId: this.#lastEventId,
            onEvent: (e) => {
              if (e.id) this.#lastEventId = e.id
              const m = e.event === 'message' ? decodeEvent(e.data) : undefined
              if (!m) return
              if ('method' in m && 'id' in m) void this.#answer(session, m as JsonRpcRequest, this.choice.handlers())
              else if ('method' in m) {
                if (SERVER_NEWS.has(m.method)) void this.#deliver(m)
                else this.host.dispatchNotification(m)
              }
            },
          })
          if (ever) this.#each('reconnect')
          ever = true
          attempt = 0
          connected()
          await ended
          if (signal.aborted) return
          throw new StreamError('The server closed the event stream', true)
        } catch (error) {
          if (signal.aborted) return
          if (error instanceof HttpError && error.status === 405) return connected() // no stream offered: news comes on responses only
          if (sessionLost(error, session)) {
            this.#expire(session)
            this.#lastEventId = undefined
            continue
          }
          if (!ever) return refused(error)
          this.#each('drop', error)
          await sleep(backoffMs(attempt++), signal)
        }
      }
    }
    void run()
    first.catch(() => {
      if (this.#stream?.controller === controller) this.#stream = undefined
    })
    return first
  }

  #each(type: string, detail?: unknown): void {
    for (const listen of this.#listens) listen.dispatchEvent(new CustomEvent(type, { detail: type === 'reconnect' ? listen.honoured : detail }))
  }

  close(): void {
    for (const listen of [...this.#listens]) listen.close()
    this.#stream?.controller.abort(new AbortError('client closed'))
    this.#stream = undefined
    const session = this.#current
    session?.sse?.close()
    this.#session = undefined
    this.#current = undefined
    this.#logLevel = undefined
    this.#subscribed.clear()
    if (session?.id) {
      void Promise.resolve(this.host.headers()).then((extra) =>
        deleteSession(this.host.fetch, this.host.url, sessionHeaders(session.version, session.id, extra)),
      )
    }
  }
}
