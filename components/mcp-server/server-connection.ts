/**
 * The connection `<mcp-server>` provides (`McpConnection`): discover (from the cache, then the server), the listen
 * stream once the first lists are on screen, its drops and retries, the lists' change counters, and the
 * `connectionState` the header shows (`mcp-connection-state` on each change).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import {
  HttpError,
  isMcpError,
  JsonRpcError,
  ProtocolError,
  type ApprovalGate,
  type DiscoverResult,
  type Implementation,
  type McpClient,
  type Subscription,
  type SubscriptionFilter,
} from '../../src/client/index.js'
import type { McpConnection } from '../shared/context.js'
import { asError, emit, type ErrorDetail } from '../shared/events.js'
import { connectionStateOf, type ConnectionFacts, type McpConnectionState } from './connection-state.js'

export type ListName = keyof McpConnection['changes']

/** The detail of `mcp-connected`: the server's discover answer, and its name and version as it reports them. */
export interface ConnectedDetail {
  server: DiscoverResult
  serverInfo?: Implementation
}

/** Which list each list-changed notification is about. */
const LIST_OF_NOTIFICATION: Record<string, ListName> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
}

/**
 * Longest wait for the first lists before the listen stream opens anyway: a list taken out of the element while it
 * loads never says it loaded. Short enough to matter, it would load the stream's code ahead of a slow first list.
 */
const FIRST_LISTS_WAIT_MS = 30_000

/** What the controller needs of `<mcp-server>`. */
type ConnectionHost = ReactiveControllerHost &
  HTMLElement & {
    readonly activeClient: McpClient | undefined
    readonly hasUpdated: boolean
    connection?: McpConnection
  }

/** What the state is made of (ConnectionFacts' own, and more): each change updates the host, as a `@state` field would. */
interface Facts extends Omit<ConnectionFacts, 'status' | 'error'> {
  /** The listen stream is acknowledged: list changes reach us now. */
  live: boolean
  /** A cached answer's check with the server failed (a server without a listen stream). */
  checkError?: Error
}

export class ServerConnection implements ReactiveController {
  #host: ConnectionHost
  /** The approval gate provided with the connection. */
  #gate: ApprovalGate
  /** Told when the server needs a sign-in (`required`) and when it answered (`none`). */
  #signIn: (state: 'none' | 'required') => void
  #facts: Facts = { live: false, heard: false }
  #state: McpConnectionState = { state: 'none', since: Date.now() }
  #stateChanged = false
  #subscription?: Subscription
  /** Aborts the discover in flight when a newer connect (or a disconnect) supersedes it. */
  #attempt?: AbortController
  /** Counters keep counting across reconnects and new clients, so every consumer reloads when they move. */
  #changes = { tools: 0, resources: 0, prompts: 0 }
  /** Loads of the lists inside under way (their `mcp-list-loading` without its `mcp-list-loaded`). */
  #listsLoading = 0
  #listsSettled?: () => void

  constructor(host: ConnectionHost, gate: ApprovalGate, signIn: (state: 'none' | 'required') => void) {
    this.#host = host
    this.#gate = gate
    this.#signIn = signIn
    host.addController(this)
    host.addEventListener('mcp-list-loading', () => this.#listsLoading++)
    host.addEventListener('mcp-list-loaded', () => {
      this.#listsLoading = Math.max(0, this.#listsLoading - 1)
      if (this.#listsLoading === 0) this.#listsSettled?.()
    })
  }

  /** The connection as the header shows it. */
  get state(): McpConnectionState {
    return this.#state
  }

  /** The listen stream is acknowledged. */
  get live(): boolean {
    return this.#facts.live
  }

  hostConnected(): void {
    // Moved in the DOM, or put back: pick up where it left off (discover is cached, so this is cheap).
    if (this.#host.hasUpdated) void this.connect()
  }

  hostDisconnected(): void {
    this.#stop()
  }

  hostUpdate(): void {
    const connection = this.#host.connection
    const facts = this.#facts
    const next = connectionStateOf({ ...facts, status: connection?.status, error: connection?.status === 'error' ? connection.error : facts.checkError })
    const now = this.#state
    if (next.state === now.state && next.nextRetryAt === now.nextRetryAt && next.error === now.error && next.savedAt === now.savedAt) return
    this.#state = { ...next, since: next.state === now.state ? now.since : Date.now() }
    this.#stateChanged = true
  }

  hostUpdated(): void {
    if (!this.#stateChanged) return
    this.#stateChanged = false
    emit<McpConnectionState>(this.#host, 'mcp-connection-state', this.#state)
  }

  #set(patch: Partial<Facts>): void {
    for (const [name, value] of Object.entries(patch) as [keyof Facts, never][]) {
      if (this.#facts[name] === value) continue
      this.#facts[name] = value
      this.#host.requestUpdate()
    }
  }

  #stop(): void {
    this.#attempt?.abort()
    this.#attempt = undefined
    // A connect waiting for the first lists stops waiting (its timer goes too): it was aborted.
    this.#listsSettled?.()
    this.#subscription?.close()
    this.#subscription = undefined
    this.#set({ live: false, heard: false, savedAt: undefined, retry: undefined, checkError: undefined })
  }

  /** Connects to the host's client; `fresh` asks the server afresh (Retry, a sign-in) instead of the cache. */
  async connect(fresh = false): Promise<void> {
    this.#stop()
    const host = this.#host
    // Out of the document nothing is opened (connectedCallback connects on the way back), as nothing would close it.
    if (!host.isConnected) return
    const client = host.activeClient
    if (!client) {
      host.connection = undefined
      return
    }
    // Anything may have changed while we were not connected: every list reloads.
    if (host.connection) this.bump('tools', 'resources', 'prompts')
    const attempt = (this.#attempt = new AbortController())
    this.provide({ client, status: 'connecting', server: undefined, error: undefined })
    let server: DiscoverResult
    let cached = false
    const saved = (ageMs: number) => this.#set({ savedAt: Date.now() - ageMs })
    try {
      server = await client.discover({
        signal: attempt.signal,
        fresh,
        // A fresh answer from the cache: the server has not said anything yet.
        onCached: ({ ageMs }) => ((cached = true), saved(ageMs)),
        // A stale answer from the cache: the lists inside start from the cache at once (stale-while-revalidate), and
        // keep what they show if the server turns out to be down.
        onStale: (stale, { ageMs }) => attempt.signal.aborted || (saved(ageMs), this.provide({ status: 'ready', server: stale })),
      })
    } catch (error) {
      if (attempt.signal.aborted) return
      const failure = asError(error)
      this.provide({ status: 'error', error: failure })
      // Named, not imported: the auth module stays out of pages that use none.
      if (isMcpError(error, 'SignInRequiredError')) {
        if (emit<ErrorDetail>(host, 'mcp-auth-required', { error: failure }, { cancelable: true })) this.#signIn('required')
        return
      }
      emit<ErrorDetail>(host, 'mcp-error', { error: failure })
      return
    }
    this.#signIn('none')
    if (attempt.signal.aborted) return
    if (!cached) this.#set({ heard: true, savedAt: undefined })
    this.provide({ status: 'ready', server })
    emit<ConnectedDetail>(host, 'mcp-connected', { server, serverInfo: client.serverInfo })
    await this.#firstListsShown()
    if (attempt.signal.aborted) return
    // With no listen stream to prove it, a cached answer is checked with the server once the lists are on screen.
    if (!this.#listen(client, server) && !this.#facts.heard) void this.#check(client, attempt.signal)
  }

  /** Asks the server afresh whether it is there (a warm start on a server that offers no list changes). */
  async #check(client: McpClient, signal: AbortSignal): Promise<void> {
    try {
      await client.discover({ signal, fresh: true })
      if (signal.aborted) return
      this.#set({ heard: true, savedAt: undefined })
    } catch (error) {
      if (!signal.aborted) this.#set({ checkError: error instanceof Error ? error : new Error(String(error)) })
    }
  }

  /**
   * Resolves once the lists inside have loaded (or failed) and rendered what the connection just gave them (or after
   * FIRST_LISTS_WAIT_MS). The listen stream opens then, so neither its code nor its request competes with the first
   * lists: on a warm start the lists come from the cache, and nothing goes over the network before they are on
   * screen. A change in between is not lost to a list already shown any more than one just before it was loaded: the
   * cache's freshness rules cover both.
   */
  async #firstListsShown(): Promise<void> {
    // The lists get the connection in their next update and start loading there.
    await this.#host.updateComplete
    await new Promise((resolve) => setTimeout(resolve))
    if (this.#listsLoading > 0) {
      let done!: () => void
      const settled = new Promise<void>((resolve) => (done = resolve))
      const timer = setTimeout(done, FIRST_LISTS_WAIT_MS)
      this.#listsSettled = done
      await settled
      clearTimeout(timer)
      // A newer connect may have put its own in place meanwhile.
      if (this.#listsSettled === done) this.#listsSettled = undefined
    }
    // Their render of the loaded lists.
    await new Promise((resolve) => setTimeout(resolve))
  }

  /** Subscribes to the list changes the server offers; false when it offers none. */
  #listen(client: McpClient, server: DiscoverResult): boolean {
    const capabilities = server.capabilities ?? {}
    const filter: SubscriptionFilter = {
      ...(capabilities.tools?.listChanged && { toolsListChanged: true }),
      ...(capabilities.resources?.listChanged && { resourcesListChanged: true }),
      ...(capabilities.prompts?.listChanged && { promptsListChanged: true }),
    }
    if (Object.keys(filter).length === 0) return false
    const subscription = (this.#subscription = client.listen(filter))
    const current = () => this.#subscription === subscription
    subscription.acknowledged.then(
      () => {
        if (!current()) return
        // Reached at last after failed tries: the lists that could not load (or came from the cache) load again.
        if (this.#facts.retry) this.bump('tools', 'resources', 'prompts')
        this.#set({ live: true, heard: true, retry: undefined, checkError: undefined })
      },
      () => {},
    )
    subscription.addEventListener('notification', (event) => {
      const notification = (event as CustomEvent<{ method: string }>).detail
      if (!current()) return
      const list = LIST_OF_NOTIFICATION[notification.method]
      if (list) this.bump(list)
    })
    // A drop is followed by `retrying` with the next try's time (a legacy server's GET stream gives only the drop).
    subscription.addEventListener('drop', (event) => {
      if (!current()) return
      this.#set({ live: false, retry: { error: asError(event.detail) } })
    })
    subscription.addEventListener('retrying', (event) => {
      if (!current()) return
      this.#set({ live: false, retry: { error: asError(event.detail.error), retryAt: event.detail.retryAt } })
    })
    subscription.addEventListener('reconnect', () => {
      if (!current()) return
      this.#set({ live: true, heard: true, retry: undefined })
      // Notifications sent while the stream was down are lost: every list reloads.
      this.bump('tools', 'resources', 'prompts')
    })
    subscription.addEventListener('error', (event) => {
      if (!current()) return
      const error = asError(event.detail)
      this.#set({ live: false, retry: undefined })
      // An answer refusing the stream still says the server is there; anything else leaves it unproven.
      if (error instanceof HttpError || error instanceof JsonRpcError || error instanceof ProtocolError) this.#set({ heard: true })
      else if (!this.#facts.heard) this.#set({ checkError: error })
      emit<ErrorDetail>(this.#host, 'mcp-error', { error })
    })
    return true
  }

  /** The lists named may have changed: their counters move, and a list showing one reloads. */
  bump(...lists: ListName[]): void {
    for (const list of lists) this.#changes[list]++
    if (this.#host.connection) this.provide({})
  }

  /** Provides a new connection object (consumers re-render on a new object, never on a mutated one). */
  provide(patch: Partial<McpConnection>): void {
    const host = this.#host
    const base = host.connection ?? { client: host.activeClient!, status: 'connecting' as const }
    host.connection = { ...base, ...patch, changes: { ...this.#changes }, approve: this.#gate }
  }
}
