/**
 * The headless MCP client for revision 2026-07-28. Stateless: every request
 * carries its own `_meta` and needs no handshake, so the first useful result
 * costs one round trip.
 *
 * This file is the public API. Each concern behind it has a file of its own:
 * sending (requests.ts), listing and paging (listing.ts), the tool index
 * (tool-registry.ts), a tool call (tool-call.ts), the multi round-trip loop
 * (input-rounds.ts) and invalidation (invalidation.ts).
 */
import { MemoryCache } from '../cache/memory.js'
import { CacheLayer } from '../cache/layer.js'
import { resolveServerUrl, sendsHiddenCredential, type ContextKey } from '../cache/context-key.js'
import type {
  CallToolResult,
  ClientCapabilities,
  CompleteResult,
  DiscoverResult,
  GetPromptResult,
  Implementation,
  Prompt,
  PromptReference,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ResourceTemplateReference,
  SubscriptionFilter,
  Tool,
} from '../protocol/generated/2026-07-28.js'
import { LATEST_PROTOCOL_VERSION } from '../protocol/meta.js'
import { PACKAGE_INFO } from '../protocol/generated/package.js'
import { diagnosingFetch } from '../transport/diagnosing-fetch.js'
import { appsCapabilities } from './tools/apps.js'
import { mergeCapabilities } from './call/input-required.js'
import type { McpClientEventMap } from './events.js'
import { EraSelector } from './era/era-select.js'
import type { ListenWith } from './era/era.js'
import type { ListenSend } from './listen/listen-stream.js'
import type { SharedListen } from './listen/shared-listen.js'
import { Subscription } from './listen/subscription.js'
import type { InputHandlers, McpClientOptions, RequestOptions, StaleOptions, ToolCallOptions } from './options.js'
import { Requests, type Params, type Result } from './requests.js'
import { ToolRegistry } from './tools/tool-registry.js'
import { listAll, pages, type ListMethod, type ListPage } from './lists/listing.js'
import { loadOnce } from './load-once.js'
import { loadValidator } from './call/validator.js'
import { coveredPrefixes, markStale, notificationPrefixes } from './listen/invalidation.js'
import type { ClientParts } from './parts.js'
import { CallLog } from './call/call-log.js'
import type { AlwaysAllowed } from './call/approval.js'
import type { StoredTask, TaskFollowOptions } from './tasks/task-types.js'
import type { Skill, SkillFile, SkillReadOptions } from './skills/skill-types.js'

// Calls, approval and input rounds load on first use: a page that only lists tools (and a cached list's warm
// start) never downloads them (issue 23: the CDN first-list chunk).
const loadToolCall = loadOnce(() => import('./call/tool-call.js'))
const loadInputRounds = loadOnce(() => import('./call/input-rounds.js'))
// The kept tasks' code (and the input rounds it answers) is loaded at the first use: a page that lists never runs it.
const loadTasks = loadOnce(() => import('./tasks/tasks.js'))
// The shared listen stream's code is loaded by the first listen(), which <mcp-server> makes once its lists are loaded.
const loadSharedListen = loadOnce(() => import('./listen/shared-listen.js'))
const loadApproval = async () => (await loadToolCall()).loadApproval()
// The Skills extension's code (and its YAML parser, later still) loads with the first skills call.
const loadSkills = loadOnce(() => import('./skills/skills.js'))
/** Clients made in this realm: names each one's own context key (context-key.ts). */
let instances = 0

export type { InputContext, InputHandlers, McpClientOptions, RequestOptions, StaleOptions, ToolCallOptions } from './options.js'

/**
 * A client for one MCP server endpoint.
 *
 * Events (typed in {@link McpClientEventMap}): `invalidtool` (detail
 * `{ tool, reason }`, once per tool definition), `notification` (detail: a
 * server notification not consumed by a call's callbacks).
 *
 * @example
 * const client = new McpClient('https://example.com/mcp')
 * for (const tool of await client.listTools()) console.log(tool.name)
 * const result = await client.callTool('get_weather', { city: 'Oslo' })
 */
// Typed listeners for the events in McpClientEventMap (declaration merging with the class).
export interface McpClient {
  removeEventListener<K extends keyof McpClientEventMap>(
    type: K,
    listener: (this: McpClient, event: McpClientEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void
}
export class McpClient extends EventTarget {
  readonly url: string
  readonly options: McpClientOptions
  /** The state behind the facade, handed to the code of each concern. */
  #parts: ClientParts
  /** The one subscriptions/listen stream every Subscription of this client shares, made by the first listen(). */
  #listens?: SharedListen
  /** Subscriptions made while the shared stream's code was loading, for close() to close. */
  #joining = new Set<Subscription>()
  #openListen = (filter: SubscriptionFilter, ListenStream: ListenWith['ListenStream']) => {
    const requests = this.#parts.requests
    const send: ListenSend = async (id, signal, onNotification, timeoutMs) =>
      requests.send({
        method: 'subscriptions/listen',
        params: { notifications: filter },
        id,
        headers: await requests.headers(),
        options: { signal, timeoutMs },
        onNotification,
        longLived: true,
      })
    const stream = this.#era.listen(filter, { send, ListenStream })
    // A re-listen after a drop may have missed changes: what the stream covers is stale.
    stream.addEventListener('reconnect', (e) => this.#invalidate(coveredPrefixes(this.url, (e as CustomEvent<SubscriptionFilter>).detail)))
    return stream
  }
  /** The server's era (modern, or a legacy session), chosen on first use. */
  #era: EraSelector
  /** The event types a listener was ever added for. */
  #heard = new Set<string>()

  constructor(url: string | URL, options: McpClientOptions = {}) {
    super()
    this.url = resolveServerUrl(url)
    const { auth } = options
    const hiddenCredential = !auth && sendsHiddenCredential(this.url, options.fetch !== undefined)
    // Auth lives behind the fetch: every request (listen streams too) is signed and retried the same way.
    // The page's own fetch is used as it is (it may go through a proxy); the default one explains a failure the browser
    // keeps quiet about (the connection doctor). Below auth, so the doctor sees the Authorization header too.
    const base = options.fetch ?? diagnosingFetch((...a: Parameters<typeof fetch>) => fetch(...a))
    if (auth) options = { ...options, fetch: auth.wrapFetch(base), authContext: options.authContext ?? (() => auth.context()) }
    this.options = options
    const { authContext } = options
    const cache = new CacheLayer(
      this.url,
      options.cache === false ? undefined : (options.cache ?? new MemoryCache()),
      { authContext: typeof authContext === 'function' ? authContext : () => authContext, hiddenCredential, instance: String(++instances) },
      (prefix) => markStale(this.#parts, prefix, true),
    )
    const requests = new Requests(this, cache, () => this.#era)
    const tools = new ToolRegistry((tool, reason) => {
      this.options.onInvalidTool?.(tool, reason)
      this.dispatchEvent(new CustomEvent('invalidtool', { detail: { tool, reason } }))
    })
    const log = new CallLog(
      options.callLogSize ?? 100,
      () => ({ url: this.url, name: this.serverInfo?.name }),
      // No event is made for a call nobody listens to (an event costs microseconds on every call).
      (record) => this.#heard.has('callrecord') && this.dispatchEvent(new CustomEvent('callrecord', { detail: record })),
    )
    this.#parts = { client: this, requests, cache, tools, log, validator: loadValidator }
    this.#era = new EraSelector(
      {
        url: this.url,
        fetch: options.fetch ?? base,
        nextId: () => requests.nextId(),
        headers: () => requests.headers(),
        applyNotification: (n) => this.applyNotification(n),
        dispatchNotification: (n) => requests.unrelated(n),
        logsWanted: options.onLog !== undefined,
        timeoutMs: options.timeoutMs ?? 60_000,
        maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024,
      },
      {
        version: options.protocolVersion ?? LATEST_PROTOCOL_VERSION,
        clientInfo: options.clientInfo ?? PACKAGE_INFO,
        capabilities: () => this.capabilities(),
        handlers: () => this.options.handlers ?? {},
        store: () => cache.store,
        probe: () => this.discover({ fresh: true }),
      },
    )
  }

  override addEventListener<K extends keyof McpClientEventMap>(
    type: K,
    listener: (this: McpClient, event: McpClientEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void {
    this.#heard.add(type)
    super.addEventListener(type, listener, options)
  }

  /** The protocol version requests are sent with (changes if the server asks for another). */
  get protocolVersion(): string {
    return this.#era.protocolVersion
  }

  /**
   * The server's name, version (and title, icons) as it reports itself: from the newest result that carried
   * `_meta['io.modelcontextprotocol/serverInfo']` (2026-07-28), or from `initialize` (legacy); undefined until then
   * (`discover()` settles it). Self-reported: show it beside the URL, decide nothing by it.
   */
  get serverInfo(): Implementation | undefined {
    return this.#parts.requests.serverInfo ?? this.#era.serverInfo
  }

  /** Capabilities declared on each request: those the handlers imply, plus `options.capabilities`. */
  capabilities(handlers: InputHandlers = this.options.handlers ?? {}): ClientCapabilities {
    const implied: ClientCapabilities = {
      ...(handlers.elicitation && { elicitation: { form: {} } }),
      ...(handlers.sampling && { sampling: {} }),
      ...(handlers.roots && { roots: {} }),
      ...(this.options.apps && appsCapabilities()),
    }
    return this.options.capabilities ? mergeCapabilities(implied, this.options.capabilities) : implied
  }

  /** The server's versions, capabilities and identity (`server/discover`). Cached as the server's hints allow. */
  discover(options?: StaleOptions<DiscoverResult>): Promise<DiscoverResult> {
    return this.request('server/discover', {}, options as RequestOptions) as Promise<DiscoverResult>
  }

  /** Every tool, across all pages. Tools whose `x-mcp-header` annotations break the transport's rules are left out and reported. */
  listTools(options?: StaleOptions<Tool[]>): Promise<Tool[]> {
    return listAll(this.#parts, 'tools/list', options)
  }

  listResources(options?: StaleOptions<Resource[]>): Promise<Resource[]> {
    return listAll(this.#parts, 'resources/list', options)
  }

  listResourceTemplates(options?: StaleOptions<ResourceTemplate[]>): Promise<ResourceTemplate[]> {
    return listAll(this.#parts, 'resources/templates/list', options)
  }

  listPrompts(options?: StaleOptions<Prompt[]>): Promise<Prompt[]> {
    return listAll(this.#parts, 'prompts/list', options)
  }

  /**
   * Iterates a list page by page, each page fetched (or served from cache)
   * when asked for.
   *
   * @example
   * for await (const page of client.pages('resources/list')) render(page.resources)
   */
  pages<M extends ListMethod>(method: M, options: RequestOptions = {}): AsyncGenerator<ListPage<M>> {
    return pages(this.#parts, method, options)
  }

  /**
   * The tools the newest listing left out, with why: for a view that starts
   * after the `invalidtool` events were fired (they fire once per definition).
   */
  get invalidTools(): Array<{ tool: Tool; reason: string }> {
    return this.#parts.tools.invalid
  }

  /**
   * Calls a tool. Arguments are checked against the tool's `inputSchema`
   * first; arguments marked `x-mcp-header` are mirrored into headers; input
   * requests are answered by the handlers, round after round.
   *
   * Then the approval gate (`options.approve`, or the client's) is asked, and
   * the call, whatever its outcome, is recorded in {@link callLog}.
   *
   * @throws InvalidArgumentsError before sending, when the arguments do not fit the schema.
   * @throws ToolCallDeniedError before sending, when the gate denied the call or failed.
   * @throws ApprovalTimeoutError before sending, when the gate did not answer within `timeoutMs`.
   * @throws InputRequiredError when the server asks for input no handler can give.
   *
   * A server may answer with a task (the Tasks extension, declared when the server offers it: `options.tasks`): the
   * promise then follows it (`tasks/get` at the server's interval, never faster; input requests answered by the
   * handlers with `tasks/update`) and settles as the task ends; `onTask` hears each status. Aborting `signal` sends
   * `tasks/cancel`. The task is kept in the cache store until it is forgotten: see {@link tasks}, {@link resumeTask}.
   * @throws TaskFailedError when the task failed on the server (its JSON-RPC error in `error`).
   * @throws TaskCancelledError when it was cancelled (`byClient`: by the signal; else by the server).
   * @throws TaskExpiredError, TaskNotFoundError when the server no longer knows it.
   * @example
   * await client.callTool('delete_file', { path }, { origin: { kind: 'model', model: 'my-model' } })
   * await client.callTool('export', { table }, { onTask: (t) => show(t.status, t.statusMessage) })
   */
  callTool(name: string, args: Record<string, unknown> = {}, options: ToolCallOptions = {}): Promise<CallToolResult> {
    // Once the call code is loaded it runs at once: no extra promise turn on every call.
    const calls = loadToolCall.loaded
    if (calls) return calls.callTool(this.#parts, name, args, options)
    return loadToolCall().then((loaded) => loaded.callTool(this.#parts, name, args, options))
  }

  /**
   * The log of this client's tool calls, and of what views report through `callLog.record()`: newest last,
   * `options.callLogSize` at most; each record is also a `callrecord` event.
   *
   * @example
   * client.addEventListener('callrecord', (e) => console.log(e.detail.tool, e.detail.approval?.decision))
   * download(client.callLog.export())
   */
  get callLog(): CallLog {
    return this.#parts.log
  }

  /**
   * Who this client calls its server as, for what a page or element keeps or shares of its own: its `key` starts
   * every record key, channel and lock name, so nothing crosses servers or authorization contexts. When `shared` is
   * false (a credential out of the client's sight, or headers that come from a promise), keep nothing beyond this
   * client and share nothing.
   *
   * @example
   * const { key, shared } = client.contextKey()
   * if (shared) sessionStorage.setItem(`my-app/draft\n${key}`, draft)
   */
  contextKey(): ContextKey {
    const headers = this.#parts.requests.headers()
    if (!(headers instanceof Promise)) return this.#parts.cache.contextKey(headers)
    // Headers that come from a promise are not known now: this client's own key, and the promise's failure is not ours.
    headers.catch(() => {})
    return this.#parts.cache.contextKey(undefined)
  }

  /**
   * The tools the approval gate allowed always on this server, in the authorization context of this client's
   * requests now: each for the calls of one origin (`view`: MCP Apps views'; `page`: the page's code and models').
   */
  async alwaysAllowed(): Promise<AlwaysAllowed[]> {
    return (await loadApproval()).alwaysAllowed(this.#parts)
  }

  /**
   * Revokes "always" for one tool, or for every tool of this server (in this authorization context): the gate is
   * asked again. Resolves with how many were revoked.
   *
   * @example
   * for (const { tool } of await client.alwaysAllowed()) if (!stillWanted(tool)) await client.revokeAlwaysAllowed(tool)
   */
  async revokeAlwaysAllowed(tool?: string): Promise<number> {
    return (await loadApproval()).revokeAlwaysAllowed(this.#parts, tool)
  }

  /**
   * The tasks this client keeps for its server, in the authorization context of its requests now (a task made in
   * another context is never listed): running ones, and ended ones with their last status until forgotten. Kept in
   * the cache store (IndexedDB in browsers with `<mcp-server>`'s default store), so a reloaded page finds them; with
   * a `MemoryCache`, as long as the store lives. Newest first.
   *
   * @example
   * for (const task of await client.tasks()) if (task.last.status === 'working') client.resumeTask(task.taskId).then(show)
   */
  tasks(): Promise<StoredTask[]> {
    return loadTasks().then((tasks) => tasks.listTasks(this.#parts))
  }

  /**
   * Follows a kept task again (after a reload, or after `close()`): the same promise as the `callTool()` that made it,
   * settled by the task's end (a task that already ended settles at the first `tasks/get`). A task the server no
   * longer keeps rejects with `TaskExpiredError` or `TaskNotFoundError` and is removed from the store.
   *
   * @throws TaskNotFoundError when this client keeps no task of that id (in this authorization context), or the server does not know it.
   * @example
   * const result = await client.resumeTask(id, { onTask: (t) => show(t.statusMessage), signal })
   */
  resumeTask(taskId: string, options: TaskFollowOptions = {}): Promise<CallToolResult> {
    return loadTasks().then((tasks) => tasks.resumeTask(this.#parts, taskId, options))
  }

  /** Removes a task from the store (it is not cancelled: the server keeps working on it). Resolves with whether it was kept. */
  forgetTask(taskId: string): Promise<boolean> {
    return loadTasks().then((tasks) => tasks.forgetTask(this.#parts, taskId))
  }

  /** Removes every ended task (completed, failed, cancelled) from the store; resolves with how many. */
  clearFinishedTasks(): Promise<number> {
    return loadTasks().then((tasks) => tasks.clearFinishedTasks(this.#parts))
  }

  /** Reads a resource by URI. Cached as the server's hints allow. */
  readResource(uri: string, options?: StaleOptions<ReadResourceResult>): Promise<ReadResourceResult> {
    return loadInputRounds().then(({ withInput }) => withInput(this.#parts, 'resources/read', { uri }, options as RequestOptions)) as Promise<ReadResourceResult>
  }

  /**
   * Every skill the server serves (the Skills extension: `skills/list`, every page), cached as the server's hints
   * allow and listed again after `notifications/resources/list_changed`. A server that does not declare the extension
   * in `server/discover` is not asked: the list is empty. No skill file is read. Entries that break the extension's
   * rules are left out. Names are labels, not keys: a skill is its server and its `uri`. With `onStale`, a saved list
   * past its time is handed over at once, while the fresh one is asked for (as `listTools()` does).
   *
   * @example
   * for (const skill of await client.listSkills()) show(skill.frontmatter.name, skill.frontmatter.description)
   * const skills = await client.listSkills({ onStale: (saved, { ageMs }) => show(saved, { ageMs }) })
   */
  listSkills(options?: StaleOptions<Skill[]>): Promise<Skill[]> {
    return loadSkills().then((skills) => skills.listSkills(this.#parts, options))
  }

  /**
   * The entry of one skill by its SKILL.md's URI (`skills/get`), listed or not; `{ fresh: true }` after a failed
   * verification fetches the current one. The entry becomes the one later reads are checked against.
   *
   * @throws SkillsNotSupportedError when the server does not declare the Skills extension (nothing sent).
   * @throws SkillEntryInvalidError when the entry breaks the extension's rules.
   * @example
   * const skill = await client.getSkill('skill://git-workflow/SKILL.md', { fresh: true })
   */
  getSkill(uri: string, options?: RequestOptions): Promise<Skill> {
    return loadSkills().then((skills) => skills.getSkill(this.#parts, uri, options))
  }

  /**
   * One file of a skill (`path` relative to the skill's folder: `SKILL.md`, `references/FORMS.md`), read with
   * `resources/read` and returned only once its byte size and SHA-256 digest match the skill's entry and, for
   * SKILL.md, its frontmatter equals the entry's. The entry is `options.skill` (the one the user approved), else the
   * newest one this client received, else `getSkill()`'s. Skill text is untrusted, server-authored model input.
   *
   * @throws SkillFileNotListedError when the entry does not list the file (nothing read).
   * @throws SkillSizeMismatchError, SkillDigestMismatchError when the bytes differ from the entry (not used).
   * @throws SkillFrontmatterMismatchError when SKILL.md's frontmatter differs from the entry's (not used).
   * @throws SkillDynamicError when the skill's files are `"dynamic"` (no digests) and `allowDynamic` is not set.
   * @throws SkillLimitError when the skill lists more than 512 files or 16 MiB.
   * @example
   * const { text } = await client.readSkillFile(skill.uri, 'SKILL.md', { skill })
   * const forms = await client.readSkillFile(skill.uri, 'references/FORMS.md', { skill })
   */
  readSkillFile(skillUri: string, path: string, options?: SkillReadOptions): Promise<SkillFile> {
    return loadSkills().then((skills) => skills.readSkillFile(this.#parts, skillUri, path, options))
  }

  /**
   * The direct children of a directory resource (`resources/directory/read`, every page), from a server that declares
   * the Skills extension with `directoryRead`. A live view of the server: it never adds to the files a skill's entry
   * lists, and `readSkillFile()` still reads only those.
   *
   * @throws SkillsNotSupportedError when the server does not declare `directoryRead` (nothing sent).
   * @example
   * for (const child of await client.readSkillDirectory('skill://pdf-processing/templates')) console.log(child.uri, child.mimeType)
   */
  readSkillDirectory(uri: string, options?: RequestOptions): Promise<Resource[]> {
    return loadSkills().then((skills) => skills.readSkillDirectory(this.#parts, uri, options))
  }

  /** Gets a prompt, filled in with `args`. */
  getPrompt(name: string, args?: Record<string, string>, options?: RequestOptions): Promise<GetPromptResult> {
    return loadInputRounds().then(({ withInput }) => withInput(this.#parts, 'prompts/get', args ? { name, arguments: args } : { name }, options)) as Promise<GetPromptResult>
  }

  /**
   * Completion suggestions for a prompt or resource-template argument. A server that does not declare the
   * `completions` capability (in `server/discover`, read first if not yet known) is not asked: the result is empty.
   */
  async complete(
    ref: PromptReference | ResourceTemplateReference,
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
    options?: RequestOptions,
  ): Promise<CompleteResult> {
    const capabilities = this.#parts.requests.serverCapabilities ?? (await this.discover({ signal: options?.signal })).capabilities
    if (!capabilities?.completions) return { resultType: 'complete', completion: { values: [] } }
    return this.request('completion/complete', context ? { ref, argument, context } : { ref, argument }, options) as Promise<CompleteResult>
  }

  /**
   * Listens for server notifications. All subscriptions of a client share
   * one `subscriptions/listen` stream asking for the union of their filters
   * (re-opened when it must grow), and each hears only what its own filter
   * asked for. The stream re-listens after a drop (with backoff and jitter)
   * and closes with the last subscription; a list-changed or updated
   * notification invalidates the matching cached results first.
   *
   * @example
   * const sub = client.listen({ toolsListChanged: true })
   * sub.addEventListener('notification', () => refresh())
   * await sub.acknowledged
   */
  listen(filter: SubscriptionFilter): Subscription {
    return new Subscription(filter, (port, subscription) => {
      const join = ({ SharedListen }: typeof import('./listen/shared-listen.js')) =>
        (this.#listens ??= new SharedListen(this.#openListen)).join(port, subscription)
      if (loadSharedListen.loaded) return join(loadSharedListen.loaded)
      let leave: (() => void) | undefined
      this.#joining.add(subscription)
      loadSharedListen().then(
        (code) => this.#joining.delete(subscription) && (leave = join(code)),
        (error: unknown) => this.#joining.delete(subscription) && port.finish(error),
      )
      return () => {
        this.#joining.delete(subscription)
        leave?.()
      }
    })
  }

  /**
   * Aborts every request in flight and closes every subscription. The client can still be used afterwards.
   * Calls following a task stop polling and reject with an `AbortError`, but the task is not cancelled: the server
   * keeps working, and the task stays in the store for `resumeTask()`.
   */
  close(): void {
    this.#parts.requests.abortAll()
    for (const subscription of [...this.#joining]) subscription.close()
    this.#listens?.closeAll()
    this.#era.close()
  }

  /**
   * Sends one request and returns its result; the building block of every
   * method. Serves cacheable methods from the cache while fresh, retries once
   * with a mutually supported version on -32022, and turns error responses
   * into typed errors.
   */
  request(method: string, params: Params = {}, options: RequestOptions = {}): Promise<Result> {
    return this.#parts.requests.request(method, params, options)
  }

  /**
   * Applies a server notification to the cache: a list-changed notification
   * makes that list stale, `resources/updated` that resource. Notifications
   * heard on `listen()` are applied already; call this for ones heard
   * elsewhere (a server push of your own, a message from another page). With
   * a shared store (IndexedDB) the other tabs of the origin learn of it too.
   * Fires `invalidate` for each list or resource made stale.
   *
   * @example
   * channel.onmessage = (e) => client.applyNotification(e.data)
   */
  applyNotification(n: { method: string; params?: Record<string, unknown> }): void {
    this.#invalidate(notificationPrefixes(this.url, n))
  }

  #invalidate(prefixes: string[]): void {
    for (const prefix of prefixes) {
      this.#parts.cache.invalidate(prefix)
      markStale(this.#parts, prefix, false)
    }
  }
}

