/**
 * The headless MCP client for revision 2026-07-28. Stateless: every request
 * carries its own `_meta` and needs no handshake, so the first useful result
 * costs one round trip.
 */
import { cacheKey, methodPrefix, type CacheStore } from '../cache/policy.js'
import { INPUT_METHODS, LIST_FIELD, traitsOf } from '../protocol/methods.js'
import { MemoryCache } from '../cache/memory.js'
import { CacheLayer } from '../cache/layer.js'
import {
  AbortError,
  HeaderMismatchError,
  InvalidStructuredContentError,
  InvalidToolError,
  JsonRpcError,
  MissingClientCapabilityError,
  PageLimitError,
  ProtocolError,
  RoundLimitError,
  SchemaError,
  TimeoutError,
  UnknownResultTypeError,
  toError,
} from '../protocol/errors.js'
import type {
  CallToolResult,
  ClientCapabilities,
  CompleteResult,
  CreateMessageRequestParams,
  CreateMessageResult,
  DiscoverResult,
  ElicitRequestParams,
  ElicitResult,
  GetPromptResult,
  Implementation,
  InputRequests,
  InputResponses,
  ListRootsResult,
  LoggingLevel,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  Prompt,
  PromptReference,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ResourceTemplateReference,
  SubscriptionFilter,
  Tool,
} from '../protocol/generated/2026-07-28.js'
import type { JsonRpcNotification, JsonRpcResponse } from '../protocol/jsonrpc.js'
import { LATEST_PROTOCOL_VERSION } from '../protocol/meta.js'
import { PACKAGE_INFO } from '../protocol/generated/package.js'
import { findHeaderParams, type HeaderParam } from '../schema/mcp-header.js'
import { paramHeaders } from '../transport/headers.js'
import { Coalescer } from './coalesce.js'
import { appsCapabilities, type AppsOptions } from './apps.js'
import { INPUT_CAPABILITIES, InputRequiredError, capabilitiesToAnswer, declares, mergeCapabilities } from './input-required.js'
import { loadValidator } from './validator.js'
import type { McpClientEventMap } from './events.js'
import type { AuthHook } from '../auth/hook.js'
import { EraSelector } from './era-select.js'
import { SharedListen } from './shared-listen.js'
import type { Subscription } from './subscription.js'

/** Context handed to an input handler. */
export interface InputContext {
  /** The server's key for this input request. */
  key: string
  /** The request that asked for input (`tools/call`, `prompts/get` or `resources/read`). */
  method: string
  /**
   * The call that asked, so a dialog can say who asks and why: its method and
   * params as the caller gave them (tool name and arguments, prompt name and
   * arguments, resource uri), without `_meta`, `inputResponses` or `requestState`.
   */
  request: { method: string; params: Record<string, unknown> }
  /** Aborts when the originating call is aborted, or when another handler of the same round fails (its answer is no longer wanted). */
  signal: AbortSignal
}

/**
 * Answers the server's input requests during multi round-trip calls. The
 * capabilities each request declares follow from the handlers present.
 *
 * @example
 * new McpClient(url, { handlers: {
 *   elicitation: async (params) => ({ action: 'accept', content: await askUser(params) }),
 *   roots: async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
 * } })
 */
export interface InputHandlers {
  elicitation?: (params: ElicitRequestParams, context: InputContext) => Promise<ElicitResult>
  sampling?: (params: CreateMessageRequestParams, context: InputContext) => Promise<CreateMessageResult>
  roots?: (params: Record<string, unknown> | undefined, context: InputContext) => Promise<ListRootsResult>
}

export interface McpClientOptions {
  /** Who this client is, sent on every request. @default this package's name and version (from its package.json, at build time) */
  clientInfo?: Implementation
  /** Answer input requests (elicitation, sampling, roots) of multi round-trip calls. See {@link InputHandlers}. */
  handlers?: InputHandlers
  /** Capabilities to declare besides those implied by `handlers`, e.g. `{ elicitation: { form: {}, url: {} } }`. */
  capabilities?: ClientCapabilities
  /**
   * MCP Apps: when set, the client declares the `io.modelcontextprotocol/ui` extension and `<mcp-app>` may show
   * tools' views (see apps.ts). @example { sandboxUrl: 'https://mcp-sandbox.example.net/index.html' }
   */
  apps?: AppsOptions
  /** Where cacheable results are kept, or `false` for none. @default a {@link MemoryCache} per client */
  cache?: CacheStore | false
  /**
   * Who is signed in, as a stable name (e.g. `${issuer} ${subject}`), or a
   * function returning it. Private results are cached per context: give it
   * when credentials are cookies or are added by a `fetch` wrapper. Without
   * it the `Authorization` header's digest is the context; with neither,
   * private results are kept for this client only and never persisted.
   */
  authContext?: string | (() => string | undefined)
  /**
   * Extra headers on every request, e.g. `{ authorization: 'Bearer …' }`; a function is called per request.
   * The protocol's own headers (`Content-Type`, `Accept`, `MCP-Protocol-Version`, `Mcp-Method`, and `Mcp-Name`
   * on a call that names something) are the client's: one given here under any spelling is replaced, not sent
   * beside it.
   */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>)
  /** The fetch to use (a proxy, a test double at the HTTP level). @default globalThis.fetch */
  fetch?: typeof fetch
  /**
   * Signs requests and answers 401/403 (refresh, sign in, step up, then retry
   * once); private cache entries follow its authorization context. See
   * `mcp-web-elements/auth`.
   *
   * @example
   * import { OAuthProvider } from 'mcp-web-elements/auth'
   * const auth = new OAuthProvider(url, { redirectUri: location.origin + '/callback.html', clientName: 'My app' })
   * new McpClient(url, { auth })
   */
  auth?: AuthHook
  /** Protocol version to ask for first. @default '2026-07-28' */
  protocolVersion?: string
  /** Fail a request when no message arrives for this long. @default 60000 */
  timeoutMs?: number
  /** Largest response body, or single SSE event, accepted. @default 16 MiB */
  maxBodyBytes?: number
  /** Most pages a `list*()` call follows. @default 100 */
  maxPages?: number
  /** Most input rounds of one multi round-trip call. @default 10 */
  maxRounds?: number
  /**
   * Fail a call whose server takes longer than this in all, however much
   * progress it reports (`timeoutMs` is re-armed by every message; this is
   * not), with a {@link TimeoutError} whose `total` is true.
   *
   * For a call that asks for input (`callTool()`, `readResource()`,
   * `getPrompt()`), the cap covers every round together: the time from
   * sending each round to its answer, summed, each round getting what the
   * ones before it left. The time the input handlers take to answer (often
   * a person filling a form), and the time before `resume()`, are not
   * counted; nor is the listing again after a -32020, a request of its own.
   * On servers before 2026-07-28 input requests arrive during the one request,
   * so their answers' time counts. Each page of a `list*()` call, and any
   * other request, is capped on its own. `subscriptions/listen` streams have
   * no cap (`listenIdleMs` instead). 0 means no cap. For a bound on the
   * caller's whole wait, pass `signal: AbortSignal.timeout(ms)`.
   * @default 600000 (10 minutes)
   */
  maxTotalTimeMs?: number
  /**
   * A `listen()` stream that brings nothing at all (no notification, no
   * keep-alive comment) for this long is taken as dropped (a sleeping
   * laptop, a proxy that went away) and listened again. @default 300000 (5 minutes)
   */
  listenIdleMs?: number
  /** Ask servers for log messages at or above this level on every request. */
  logLevel?: LoggingLevel
  /** Receives `notifications/message` log entries. */
  onLog?: (params: LoggingMessageNotificationParams) => void
  /** Called for each tool left out of `listTools()` because its definition breaks the transport's rules. Also dispatched as an `invalidtool` event. */
  onInvalidTool?: (tool: Tool, reason: string) => void
}

/** Options of one call. */
export interface RequestOptions {
  /** Aborting closes the request's stream, which cancels it on the server. */
  signal?: AbortSignal
  /** Receives `notifications/progress` for this call. */
  onProgress?: (progress: ProgressNotificationParams) => void
  /** Log level for this call (overrides the client's). */
  logLevel?: LoggingLevel
  /** Receives this call's log messages (overrides the client's `onLog`). */
  onLog?: (params: LoggingMessageNotificationParams) => void
  /** Input handlers for this call, over the client's. */
  handlers?: InputHandlers
  /** Skip the cache and ask the server. */
  fresh?: boolean
  /** Stale-while-revalidate for `request()`: see {@link StaleOptions}. */
  onStale?: (stale: Record<string, unknown>, info: { ageMs: number }) => void
  /** Override the client's timeout for this call. */
  timeoutMs?: number
  /** Override the client's `maxTotalTimeMs` for this call. */
  maxTotalTimeMs?: number
}

/** Options of a cached read (`discover()`, `list*()`, `readResource()`), whose stale value is a `T`. */
export interface StaleOptions<T> extends Omit<RequestOptions, 'onStale'> {
  /**
   * Stale-while-revalidate: when the cache holds only a stale answer (expired,
   * or invalidated by a change), it is handed to `onStale` at once, then the
   * server is asked and the call resolves with the fresh answer. If asking
   * fails, the call rejects: the caller keeps showing the stale value beside
   * the error (stale-if-error). A fresh cached answer resolves the call with
   * no request and no `onStale`. For `list*()`, the whole stale list (every
   * page cached); for `discover()` and `readResource()`, the result.
   *
   * @example
   * const tools = await client.listTools({ onStale: (stale, { ageMs }) => render(stale, { stale: true, ageMs }) })
   * render(tools, { stale: false })
   */
  onStale?: (stale: T, info: { ageMs: number }) => void
}

/** Options as passed down to a send: a multi round-trip call keeps one progress token across its rounds. */
interface SendOptions extends RequestOptions {
  progressToken?: string
}

/** One request as #send takes it. */
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

type Result = Record<string, unknown> & { resultType?: string }
type Params = Record<string, unknown>
type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list'
interface ListItems {
  'tools/list': Tool
  'resources/list': Resource
  'resources/templates/list': ResourceTemplate
  'prompts/list': Prompt
}

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
  addEventListener<K extends keyof McpClientEventMap>(
    type: K,
    listener: (this: McpClient, event: McpClientEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void
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
  #nextId = 0
  #cache: CacheLayer
  /** Each listed tool with its header annotations, from the newest listing. */
  #tools = new Map<string, ToolEntry>()
  /** Tools called by name that the newest listing did not hold: not listed again for each call. */
  #unlisted = new Set<string>()
  /** The definition last reported as invalid, by tool name: a cached or repeated listing reports nothing new. */
  #reportedInvalid = new Map<string, string>()
  #controllers = new Set<AbortController>()
  /** The one subscriptions/listen stream every Subscription of this client shares. */
  #listens = new SharedListen((filter) => {
    const stream = this.#era.listen(filter, async (id, signal, onNotification, timeoutMs) =>
      this.#send({
        method: 'subscriptions/listen',
        params: { notifications: filter },
        id,
        headers: await this.#headers(),
        options: { signal, timeoutMs },
        onNotification,
        longLived: true,
      }),
    )
    // A re-listen after a drop may have missed changes: what the stream covers is stale.
    stream.addEventListener('reconnect', (e) => this.#invalidateCovered((e as CustomEvent<SubscriptionFilter>).detail))
    return stream
  })
  #inFlight = new Coalescer()
  /** The server's era (modern, or a legacy session), chosen on first use. */
  #era: EraSelector

  constructor(url: string | URL, options: McpClientOptions = {}) {
    super()
    this.url = String(url)
    const { auth } = options
    // Auth lives behind the fetch: every request (listen streams too) is signed and retried the same way.
    if (auth) {
      const inner = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
      options = { ...options, fetch: auth.wrapFetch(inner), authContext: options.authContext ?? (() => auth.context()) }
    }
    this.options = options
    this.#era = new EraSelector(
      {
        url: this.url,
        fetch: options.fetch ?? ((...a) => fetch(...a)),
        nextId: () => ++this.#nextId,
        headers: () => this.#headers(),
        applyNotification: (n) => this.applyNotification(n),
        dispatchNotification: (n) => void this.dispatchEvent(new CustomEvent('notification', { detail: n })),
        timeoutMs: options.timeoutMs ?? 60_000,
        maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024,
      },
      {
        version: options.protocolVersion ?? LATEST_PROTOCOL_VERSION,
        clientInfo: options.clientInfo ?? PACKAGE_INFO,
        capabilities: () => this.capabilities(),
        handlers: () => this.options.handlers ?? {},
        store: () => this.#cache.store,
        probe: () => this.discover({ fresh: true }),
      },
    )
    const { authContext } = options
    this.#cache = new CacheLayer(
      this.url,
      options.cache === false ? undefined : (options.cache ?? new MemoryCache()),
      typeof authContext === 'function' ? authContext : () => authContext,
      (prefix) => this.#stale(prefix, true),
    )
  }

  /** The protocol version requests are sent with (changes if the server asks for another). */
  get protocolVersion(): string {
    return this.#era.protocolVersion
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
    return this.#all('tools/list', options)
  }

  listResources(options?: StaleOptions<Resource[]>): Promise<Resource[]> {
    return this.#all('resources/list', options)
  }

  listResourceTemplates(options?: StaleOptions<ResourceTemplate[]>): Promise<ResourceTemplate[]> {
    return this.#all('resources/templates/list', options)
  }

  listPrompts(options?: StaleOptions<Prompt[]>): Promise<Prompt[]> {
    return this.#all('prompts/list', options)
  }

  /**
   * Iterates a list page by page, each page fetched (or served from cache)
   * when asked for.
   *
   * @example
   * for await (const page of client.pages('resources/list')) render(page.resources)
   */
  async *pages<M extends ListMethod>(
    method: M,
    options: RequestOptions = {},
  ): AsyncGenerator<Result & Record<(typeof LIST_FIELD)[M], ListItems[M][]>> {
    let cursor: string | undefined
    const seen = new Set<string>()
    const max = this.options.maxPages ?? 100
    // onStale of request() is about one result; a list's is about the whole list (see #all).
    const { onStale: _, ...pageOptions } = options
    for (let page = 1; ; page++) {
      if (page > max) throw new PageLimitError(max, method)
      let result: Result
      try {
        result = await this.request(method, cursor === undefined ? {} : { cursor }, pageOptions)
      } catch (error) {
        // The spec (caching, pagination): a cursor the server no longer takes means the cached pages that led to it
        // are from an older list. All of them are discarded; the next listing starts from the beginning.
        if (cursor !== undefined && isInvalidParams(error)) this.#cache.invalidate(methodPrefix(this.url, method))
        throw error
      }
      const field = LIST_FIELD[method]
      const items = Array.isArray(result[field]) ? (result[field] as Tool[]) : []
      // A copy: the cached result stays as the server sent it.
      // A page from the cache is checked by its cached tools (checkTool remembers them), not by the copy's.
      const checked = method === 'tools/list' ? this.#acceptTools(items, page === 1, this.#cache.source(result)?.[field]) : items
      yield { ...result, [field]: checked } as Result & Record<(typeof LIST_FIELD)[M], ListItems[M][]>
      // Cursors are opaque: "" is a cursor like any other, and only its absence ends the list.
      const next = result.nextCursor
      if (typeof next !== 'string') return
      // A cursor seen before would loop for ever.
      if (seen.has(next)) throw new ProtocolError(`${method} returned the cursor ${JSON.stringify(next)} twice`)
      seen.add(next)
      cursor = next
    }
  }

  async #all<M extends ListMethod>(method: M, { onStale, ...options }: StaleOptions<ListItems[M][]> = {}): Promise<ListItems[M][]> {
    if (onStale && !options.fresh) {
      const stale = await this.#cachedList(method)
      // The cached items themselves were read: the caller gets a copy, made only when it is handed out.
      const items = stale && !stale.fresh ? this.#cache.copy(stale.items) : undefined
      if (items) onStale(items, { ageMs: stale!.ageMs })
    }
    let pagesSeen = 0
    const collect = async (pageOptions: RequestOptions) => {
      const items: ListItems[M][] = []
      for await (const page of this.pages(method, pageOptions)) {
        pagesSeen++
        // One push per item: spreading a page of a few hundred thousand into push() overflows the stack.
        for (const item of page[LIST_FIELD[method]] as ListItems[M][]) items.push(item)
      }
      return items
    }
    try {
      return await collect(options)
    } catch (error) {
      // An invalid cursor on a later page: pages() discarded the cached ones; once more from the top, from the server.
      if (pagesSeen === 0 || !isInvalidParams(error) || options.fresh) throw error
      return await collect({ ...options, fresh: true })
    }
  }

  /**
   * The whole list as the cache holds it, fresh or stale, without a request:
   * undefined unless every page is there. `fresh` only if every page is. The
   * items are the cached ones, not copies: to read, or to copy for a caller.
   */
  async #cachedList<M extends ListMethod>(method: M): Promise<{ items: ListItems[M][]; fresh: boolean; ageMs: number } | undefined> {
    const headers = await this.#headers()
    const items: ListItems[M][] = []
    let fresh = true
    let ageMs = 0
    let cursor: string | undefined
    const seen = new Set<string>()
    for (let page = 1; page <= (this.options.maxPages ?? 100); page++) {
      const plan = this.#cache.plan(method, cursor === undefined ? {} : { cursor }, headers)
      const found = plan && this.#cache.read(plan, false)
      const hit = found instanceof Promise ? await found : found
      if (!hit) return undefined
      const pageItems = Array.isArray(hit.value[LIST_FIELD[method]]) ? (hit.value[LIST_FIELD[method]] as ListItems[M][]) : []
      // Tools that break the transport's rules stay out, as in a listing (reported when the fresh listing arrives).
      for (const item of pageItems) if (method !== 'tools/list' || !('error' in checkTool(item as Tool))) items.push(item)
      fresh &&= hit.fresh
      ageMs = Math.max(ageMs, hit.ageMs)
      const next = hit.value.nextCursor
      if (typeof next !== 'string') return { items, fresh, ageMs }
      if (seen.has(next)) return undefined
      seen.add(next)
      cursor = next
    }
    return undefined
  }

  /** Keeps the tools whose header annotations are valid, remembering them for calls; reports the others. */
  #acceptTools(tools: Tool[], firstPage: boolean, cached?: unknown): Tool[] {
    // The cached page this one is a copy of, item for item: a checked tool of it is a check of the copy's.
    const originals = Array.isArray(cached) && cached.length === tools.length ? (cached as Tool[]) : undefined
    if (firstPage) {
      this.#tools.clear()
      this.#unlisted.clear()
    }
    return tools.filter((tool, i) => {
      const original = checkTool(originals?.[i] ?? tool)
      // The entry names the caller's tool (invalidTools hands it out), never the cached one.
      const entry = original.tool === tool ? original : { ...original, tool }
      this.#tools.set(tool?.name, entry)
      if (!('error' in entry)) return true
      const name = String(tool?.name)
      const definition = JSON.stringify(tool)
      if (this.#reportedInvalid.get(name) !== definition) {
        this.#reportedInvalid.set(name, definition)
        this.options.onInvalidTool?.(tool, entry.error.message)
        this.dispatchEvent(new CustomEvent('invalidtool', { detail: { tool, reason: entry.error.message } }))
      }
      return false
    })
  }

  /**
   * The tools the newest listing left out, with why: for a view that starts
   * after the `invalidtool` events were fired (they fire once per definition).
   */
  get invalidTools(): Array<{ tool: Tool; reason: string }> {
    return [...this.#tools.values()].flatMap((entry) => ('error' in entry ? [{ tool: entry.tool, reason: entry.error.message }] : []))
  }

  /**
   * Calls a tool. Arguments are checked against the tool's `inputSchema`
   * first; arguments marked `x-mcp-header` are mirrored into headers; input
   * requests are answered by the handlers, round after round.
   *
   * @throws InvalidArgumentsError before sending, when the arguments do not fit the schema.
   * @throws InputRequiredError when the server asks for input no handler can give.
   */
  async callTool(name: string, args: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<CallToolResult> {
    if (!this.#tools.has(name) && !this.#unlisted.has(name)) {
      // Its x-mcp-header paths are in its schema. A server that cannot list still gets the call: its answer says what is wrong.
      await this.listTools({ signal: options.signal }).catch((e) => {
        if (e instanceof AbortError) throw e
      })
      // Not in the listing either: called as it is, without listing again on every call until the tools change.
      if (!this.#tools.has(name)) this.#unlisted.add(name)
    }
    const known = () => {
      const entry = this.#tools.get(name)
      if (entry && 'error' in entry) throw entry.error
      return entry
    }
    let tool = known()
    // Synchronous once the validator is loaded: no await on the path of every call.
    const validate = (): Promise<void> | void => {
      if (!tool) return
      const loaded = loadValidator.loaded
      if (loaded) return loaded.validateArguments(name, tool.tool.inputSchema, args)
      return loadValidator().then((v) => v.validateArguments(name, tool!.tool.inputSchema, args))
    }
    const validating = validate()
    if (validating) await validating
    let result: CallToolResult
    try {
      result = (await this.#withInput(
        'tools/call',
        { name, arguments: args },
        options,
        () => (tool ? paramHeaders(tool.headers, args) : {}),
        async () => {
          // -32020: the tool's schema may have changed. List again and check the arguments against the new schema;
          // then only the round that failed is sent again (answers already given are not asked for twice).
          await this.listTools({ signal: options.signal, fresh: true })
          tool = known()
          await validate()
        },
      )) as CallToolResult
    } catch (error) {
      if (isInvalidParams(error)) {
        // Unknown tool or invalid params: the cached listing may be out of date (spec, caching). Listed again for next time.
        this.#cache.invalidate(methodPrefix(this.url, 'tools/list'))
        this.listTools({ fresh: true }).catch(() => {})
      }
      throw error
    }
    return tool?.tool.outputSchema ? this.#checkOutput(name, tool, result) : result
  }

  /**
   * A result's `structuredContent` against the tool's `outputSchema` (tools.mdx: clients SHOULD validate
   * structured results). A mismatch is an {@link InvalidStructuredContentError} that still carries the result.
   */
  async #checkOutput(name: string, tool: { tool: Tool } | undefined, result: CallToolResult): Promise<CallToolResult> {
    const schema = tool?.tool.outputSchema
    if (!schema || result.isError) return result
    let problems: Array<{ path: string; message: string }>
    if (result.structuredContent === undefined) problems = [{ path: '', message: 'the tool has an outputSchema, but the result has no structuredContent' }]
    else
      try {
        problems = (await loadValidator()).validateAgainstSchema(schema, result.structuredContent)
      } catch (error) {
        problems = [{ path: '', message: `the outputSchema cannot be used: ${(error as Error).message}` }]
      }
    if (problems.length) throw new InvalidStructuredContentError(name, problems, result)
    return result
  }

  /** Reads a resource by URI. Cached as the server's hints allow. */
  readResource(uri: string, options?: StaleOptions<ReadResourceResult>): Promise<ReadResourceResult> {
    return this.#withInput('resources/read', { uri }, options as RequestOptions) as Promise<ReadResourceResult>
  }

  /** Gets a prompt, filled in with `args`. */
  getPrompt(name: string, args?: Record<string, string>, options?: RequestOptions): Promise<GetPromptResult> {
    return this.#withInput('prompts/get', args ? { name, arguments: args } : { name }, options) as Promise<GetPromptResult>
  }

  /** Completion suggestions for a prompt or resource-template argument. */
  complete(
    ref: PromptReference | ResourceTemplateReference,
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
    options?: RequestOptions,
  ): Promise<CompleteResult> {
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
    return this.#listens.listen(filter)
  }

  /** Aborts every request in flight and closes every subscription. The client can still be used afterwards. */
  close(): void {
    for (const c of this.#controllers) c.abort(new AbortError('client closed'))
    this.#listens.closeAll()
    this.#era.close()
  }

  /**
   * Runs a request that may ask for input: answers each round's input
   * requests with the handlers (concurrently) and retries with
   * `inputResponses` and the exact `requestState`, each try a new request id.
   */
  #withInput(
    method: string,
    params: Params,
    callOptions: RequestOptions = {},
    headers?: () => Record<string, string>,
    onHeaderMismatch?: () => Promise<void>,
  ): Promise<Result> {
    // One progress token for every round, so progress reads as one bar; what would run it backwards is dropped.
    // A copy of the options: each round's maxTotalTimeMs is what the rounds before it left of the cap.
    const options: SendOptions = callOptions.onProgress
      ? { ...callOptions, progressToken: `p${++this.#nextId}`, onProgress: forwardOnly(callOptions.onProgress) }
      : { ...callOptions }
    // The cap bounds the server's time over all the rounds; the time handlers (people, often) take to answer is not counted.
    const cap = this.#maxTotalTimeMs(callOptions)
    let spent = 0
    const handlers = options.handlers ? { ...this.options.handlers, ...options.handlers } : (this.options.handlers ?? {})
    const max = this.options.maxRounds ?? 10
    // Declared by this call beyond the handlers' and the options': input capabilities the server said it needs
    // and no handler covers (the caller answers through InputRequiredError.resume()), and those of answers given.
    let declared: ClientCapabilities = {}
    let headersRetried = false
    const run = async (round: number, extra?: Params): Promise<Result> => {
      let result: Result
      if (cap) {
        // What the rounds before left (the times are whole milliseconds; 0 would mean no cap to the transport).
        if (spent >= cap) throw new TimeoutError(cap, method, true)
        options.maxTotalTimeMs = cap - spent
      }
      const started = Date.now()
      try {
        result = await this.#request(
          method,
          extra ? { ...params, ...extra } : params,
          options,
          headers?.(),
          mergeCapabilities(this.capabilities(handlers), declared),
        )
      } catch (error) {
        spent += Date.now() - started
        // The transport knows only this round's share: the error names the call's cap.
        if (error instanceof TimeoutError && error.total) throw new TimeoutError(cap, method, true)
        if (error instanceof HeaderMismatchError && onHeaderMismatch && !headersRetried) {
          headersRetried = true
          await onHeaderMismatch()
          return run(round, extra)
        }
        const wanted = error instanceof MissingClientCapabilityError ? unhandledInput(error.requiredCapabilities, handlers) : undefined
        if (!wanted || declares(declared, wanted)) throw error
        declared = mergeCapabilities(declared, wanted)
        return run(round, extra)
      }
      spent += Date.now() - started
      if (result.resultType !== 'input_required') return result
      if (round >= max) throw new RoundLimitError(max, method)
      const { inputRequests, requestState } = result as { inputRequests?: InputRequests; requestState?: string }
      const next = (inputResponses?: InputResponses) =>
        run(round + 1, { ...(inputResponses && { inputResponses }), ...(typeof requestState === 'string' && { requestState }) })
      if (!inputRequests || Object.keys(inputRequests).length === 0) return next()
      const entries = Object.entries(inputRequests)
      const missing = entries.filter(([, r]) => !handlerFor(handlers, r?.method))
      const request = { method, params: { ...params } }
      if (missing.length) {
        const resume = (inputResponses: InputResponses) => {
          declared = mergeCapabilities(declared, capabilitiesToAnswer(Object.keys(inputResponses ?? {}).map((key) => inputRequests[key])))
          return next(inputResponses)
        }
        throw new InputRequiredError(method, inputRequests, requestState, resume, request)
      }
      const answers = await answerRound(handlers, entries, { method, request }, options.signal)
      return next(Object.fromEntries(entries.map(([key], i) => [key, answers[i]])) as InputResponses)
    }
    return run(0)
  }

  /**
   * Sends one request and returns its result; the building block of every
   * method. Serves cacheable methods from the cache while fresh, retries once
   * with a mutually supported version on -32022, and turns error responses
   * into typed errors.
   */
  request(method: string, params: Params = {}, options: RequestOptions = {}): Promise<Result> {
    return this.#request(method, params, options)
  }

  async #request(
    method: string,
    params: Params,
    options: SendOptions,
    headers?: Record<string, string>,
    capabilities: ClientCapabilities = this.capabilities(),
  ): Promise<Result> {
    // Awaited only when the headers option is an async function: no extra turn on every request otherwise.
    const given = this.#headers()
    const extraHeaders = given instanceof Promise ? await given : given
    const plan = this.#cache.plan(method, params, extraHeaders)
    if (plan && !options.fresh) {
      const found = this.#cache.read(plan)
      // In memory (the usual case) the hit is synchronous: no await on storage.
      const cached = found instanceof Promise ? await found : found
      if (cached?.fresh) return cached.value
      if (cached) options.onStale?.(cached.value, { ageMs: cached.ageMs })
    }
    const sendHeaders = { ...extraHeaders, ...headers }
    const ask = async (signal: AbortSignal | undefined): Promise<Result> => {
      const response = await this.#send({
        method,
        params,
        id: ++this.#nextId,
        headers: sendHeaders,
        // The call's own options unless the coalescer gave a signal of its own: no copy per request.
        options: signal === options.signal ? options : { ...options, signal },
        capabilities,
      })
      if ('error' in response) throw toError(response.error)
      const result = response.result as Result
      const type = result.resultType ?? 'complete'
      if (type !== 'complete' && type !== 'input_required') throw new UnknownResultTypeError(type, method)
      if (type === 'input_required' && !traitsOf(method).mayAskForInput) {
        throw new ProtocolError(`The server asked for input on ${method}, which cannot take input requests`)
      }
      // Not awaited: a slow or failing store never delays or fails the call. An answer that was in flight across a change is not kept.
      if (plan && type === 'complete') this.#cache.write(plan, result)
      return result
    }
    // Identical requests in flight share one; a call's own progress or log callbacks need a request of its own.
    const shareable =
      traitsOf(method).idempotent === true && !('inputResponses' in params) && !('requestState' in params) && !options.onProgress && !options.onLog
    if (!shareable) return ask(options.signal)
    const sharedKey = [
      // The cache plan's key is this very key; computed once when the method is cacheable.
      plan?.key ?? cacheKey(this.url, method, params),
      JSON.stringify(sendHeaders),
      JSON.stringify(capabilities),
      options.logLevel ?? this.options.logLevel ?? '',
    ].join('\n')
    return this.#inFlight.run(sharedKey, options.signal, ask)
  }

  /** The overall cap of one request or multi round-trip call (see McpClientOptions.maxTotalTimeMs). */
  #maxTotalTimeMs(options: RequestOptions): number {
    return options.maxTotalTimeMs ?? this.options.maxTotalTimeMs ?? 600_000
  }

  #headers(): Record<string, string> | Promise<Record<string, string>> {
    const h = this.options.headers
    return typeof h === 'function' ? h() : (h ?? NO_HEADERS)
  }

  /** Wires the caller's abort, progress and log callbacks to one request, which the server's era sends. */
  async #send({ method, params, id, headers, options, capabilities = this.capabilities(), onNotification, longLived }: SendInit): Promise<JsonRpcResponse> {
    const progressToken = options.onProgress ? (options.progressToken ?? `p${id}`) : undefined
    const controller = new AbortController()
    const onAbort = () => controller.abort(new AbortError(options.signal?.reason))
    if (options.signal?.aborted) onAbort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    this.#controllers.add(controller)
    try {
      return await this.#era.send({
        method,
        params,
        id,
        headers,
        capabilities,
        logLevel: options.logLevel ?? this.options.logLevel,
        progressToken,
        controller,
        timeoutMs: options.timeoutMs ?? this.options.timeoutMs ?? 60_000,
        // A subscription lives as long as it is wanted: no overall cap, but a silence limit instead.
        maxTotalTimeMs: longLived ? undefined : this.#maxTotalTimeMs(options),
        idleMs: longLived ? (this.options.listenIdleMs ?? 300_000) : undefined,
        idempotent: traitsOf(method).idempotent === true,
        longLived,
        handlers: options.handlers ? { ...this.options.handlers, ...options.handlers } : (this.options.handlers ?? {}),
        onNotification: (n) => {
          const p = n.params as Params | undefined
          if (n.method === 'notifications/progress' && progressToken !== undefined && p?.progressToken === progressToken) {
            callBack(options.onProgress!, p as unknown as ProgressNotificationParams)
          } else if (n.method === 'notifications/message' && (options.onLog ?? this.options.onLog)) {
            callBack((options.onLog ?? this.options.onLog)!, p as unknown as LoggingMessageNotificationParams)
          } else if (onNotification) onNotification(n)
          else this.dispatchEvent(new CustomEvent('notification', { detail: n }))
        },
      })
    } finally {
      options.signal?.removeEventListener('abort', onAbort)
      this.#controllers.delete(controller)
    }
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
    const uri = n.params?.uri
    const prefixes = [
      ...(LISTS_CHANGED[n.method] ?? []).map((m) => methodPrefix(this.url, m)),
      ...(n.method === 'notifications/resources/updated' && typeof uri === 'string' ? [cacheKey(this.url, 'resources/read', { uri })] : []),
    ]
    for (const prefix of prefixes) {
      this.#cache.invalidate(prefix)
      this.#stale(prefix, false)
    }
  }

  /** What a listen stream carried may have changed while it was down. */
  #invalidateCovered(filter: SubscriptionFilter): void {
    const lists = Object.entries(LISTS_CHANGED).filter(([method]) => filter[LIST_FLAG[method]] === true)
    const methods = lists.flatMap(([, m]) => m)
    // Sub-resources of a subscribed URI count too: every read is the simple safe bound.
    if (Array.isArray(filter.resourceSubscriptions) && filter.resourceSubscriptions.length) methods.push('resources/read')
    for (const method of methods) {
      this.#cache.invalidate(methodPrefix(this.url, method))
      this.#stale(methodPrefix(this.url, method), false)
    }
  }

  /** Results under `prefix` changed: later callers send anew rather than join a request in flight, and listeners hear of it. */
  #stale(prefix: string, remote: boolean): void {
    this.#inFlight.forget(prefix)
    const [, method = '', rest = ''] = prefix.slice(this.url.length).split('\n')
    if (method === 'tools/list') this.#unlisted.clear()
    let uri: string | undefined
    try {
      uri = method === 'resources/read' && rest ? (JSON.parse(rest) as { uri?: string }).uri : undefined
    } catch {
      uri = undefined
    }
    this.dispatchEvent(new CustomEvent('invalidate', { detail: { method, ...(uri !== undefined && { uri }), remote } }))
  }
}

/** The lists each list-changed notification makes stale. */
const LISTS_CHANGED: Record<string, string[]> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
}
/** The subscription filter flag of each list-changed notification. */
const LIST_FLAG: Record<string, string> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
}

/** No headers: shared by every request of a client without `options.headers` (headers objects are only read). */
const NO_HEADERS: Record<string, string> = {}

/** -32602: invalid params (an unknown tool, bad arguments, a cursor the server does not take). */
const isInvalidParams = (error: unknown) => error instanceof JsonRpcError && error.code === -32602

type ToolEntry = { tool: Tool; headers: HeaderParam[] } | { tool: Tool; error: InvalidToolError | SchemaError }

// A listing served from the cache holds the same tool objects: each schema is walked once.
const checkedTools = new WeakMap<Tool, ToolEntry>()

/** A tool with the header paths to mirror, or the error that keeps it out of the list. */
function checkTool(tool: Tool): ToolEntry {
  if (typeof tool !== 'object' || tool === null)
    return { tool, error: new InvalidToolError(String(tool), 'the listing entry is not an object') }
  let entry = checkedTools.get(tool)
  if (entry) return entry
  try {
    const found = findHeaderParams(tool?.inputSchema)
    entry = found.ok ? { tool, headers: found.params } : { tool, error: new InvalidToolError(tool?.name, found.reason) }
  } catch (e) {
    if (!(e instanceof SchemaError)) throw e
    entry = { tool, error: new SchemaError(`The inputSchema of tool "${tool?.name}" was refused: ${e.message}`) }
  }
  checkedTools.set(tool, entry)
  return entry
}

/**
 * Answers one round's input requests concurrently. Each handler gets its own
 * signal, aborted when the call is, and when a sibling fails: the round fails
 * with that first error, so the other answers are no longer wanted (a dialog
 * can close).
 */
async function answerRound(
  handlers: InputHandlers,
  entries: Array<[string, InputRequests[string]]>,
  context: Omit<InputContext, 'key' | 'signal'>,
  callSignal: AbortSignal | undefined,
): Promise<unknown[]> {
  const controllers = entries.map(() => new AbortController())
  const abortAll = (reason: unknown) => controllers.forEach((c) => c.abort(reason))
  const onCallAbort = () => abortAll(new AbortError(callSignal?.reason))
  if (callSignal?.aborted) onCallAbort()
  callSignal?.addEventListener('abort', onCallAbort, { once: true })
  try {
    return await Promise.all(
      entries.map(async ([key, r], i) => {
        try {
          return await handlerFor(handlers, r.method)!(r.params as never, { ...context, key, signal: controllers[i].signal })
        } catch (error) {
          abortAll(new AbortError(`another input request of the same round (${key}) failed`))
          throw error
        }
      }),
    )
  } finally {
    callSignal?.removeEventListener('abort', onCallAbort)
  }
}

/**
 * Runs a caller's progress or log callback. What it throws is reported apart
 * (as an exception in an event listener is) and never reaches the stream: a
 * user's bug must not close the stream, which the server would take as
 * cancelling its work.
 */
function callBack<T>(callback: (value: T) => void, value: T): void {
  try {
    callback(value)
  } catch (error) {
    if (typeof reportError === 'function') reportError(error)
    else console.error(error)
  }
}

/**
 * Passes on progress that moves forward. The spec has progress increase with
 * each notification; a server that restarts its count in a later round would
 * otherwise run the caller's progress bar backwards.
 */
function forwardOnly(onProgress: (progress: ProgressNotificationParams) => void): (progress: ProgressNotificationParams) => void {
  let last = -Infinity
  return (progress) => {
    if (typeof progress.progress === 'number') {
      if (progress.progress <= last) return
      last = progress.progress
    }
    onProgress(progress)
  }
}

/** The input capabilities among `required` that no handler covers, or undefined when the server needs anything else. */
function unhandledInput(required: Record<string, unknown>, handlers: InputHandlers): Record<string, unknown> | undefined {
  const keys = Object.keys(required)
  const answerable = (key: string) => key in INPUT_CAPABILITIES && !handlers[key as keyof typeof INPUT_CAPABILITIES]
  return keys.length && keys.every(answerable) ? required : undefined
}

function handlerFor(handlers: InputHandlers, method: string | undefined) {
  const key = method !== undefined && Object.hasOwn(INPUT_METHODS, method) ? INPUT_METHODS[method] : undefined
  return key && handlers[key]
}
