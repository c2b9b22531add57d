/**
 * The options of the client and of its calls: the public shapes McpClient's
 * methods take, apart from the class so the parts behind it share them.
 */
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  Implementation,
  ListRootsResult,
  LoggingLevel,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
  Tool,
} from '../protocol/generated/2026-07-28.js'
import type { CacheStore } from '../cache/policy.js'
// Named by the {@link}s below, which TypeDoc resolves through the imports.
/* eslint-disable @typescript-eslint/no-unused-vars */
import type { MemoryCache } from '../cache/memory.js'
import type { TimeoutError } from '../protocol/errors.js'
import type { ToolCallDeniedError } from './call/call-errors.js'
/* eslint-enable @typescript-eslint/no-unused-vars */
import type { ToolHints } from './tools/tool-hints.js'
import type { AuthHook } from '../auth/hook.js'
import type { AppsOptions } from './tools/apps.js'
import type { Task, TasksOptions } from './tasks/task-types.js'

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
 * } })
 */
export interface InputHandlers {
  elicitation?: (params: ElicitRequestParams, context: InputContext) => Promise<ElicitResult>
  /**
   * @deprecated Sampling is deprecated as of protocol revision 2026-07-28 (SEP-2577) and stays for at least twelve
   * months; servers move to calling model providers themselves.
   */
  sampling?: (params: CreateMessageRequestParams, context: InputContext) => Promise<CreateMessageResult>
  /**
   * @deprecated Roots are deprecated as of protocol revision 2026-07-28 (SEP-2577) and stay for at least twelve months;
   * servers move to taking paths as tool arguments or configuration.
   */
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
  /**
   * The fetch to use (a proxy, a test double at the HTTP level), used as it is. @default globalThis.fetch, which in a
   * page also explains a bare "Failed to fetch" (a `ConnectionProblemError`: README, "Connection problems")
   */
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
  /**
   * Ask servers for log messages at or above this level on every request.
   * @deprecated Logging is deprecated as of protocol revision 2026-07-28 (SEP-2577) and stays for at least twelve months; servers move to stderr or OpenTelemetry.
   */
  logLevel?: LoggingLevel
  /**
   * Receives `notifications/message` log entries.
   * @deprecated Logging is deprecated as of protocol revision 2026-07-28 (SEP-2577) and stays for at least twelve months; servers move to stderr or OpenTelemetry.
   */
  onLog?: (params: LoggingMessageNotificationParams) => void
  /** Called for each tool left out of `listTools()` because its definition breaks the transport's rules. Also dispatched as an `invalidtool` event. */
  onInvalidTool?: (tool: Tool, reason: string) => void
  /**
   * The approval step every `callTool()` passes through (a call's own `approve` option overrides it). It is given
   * the tool, the arguments exactly as they will be sent, the server and who started the call, and answers
   * `'allow-once'`, `'allow-always'` (remembered for this tool, server and authorization context, in the cache
   * store, until revoked: see `alwaysAllowed()`; for calls of the same origin only: views', or the page's and
   * models') or `'deny'`. A denied call, or one whose gate throws, sends
   * nothing and rejects with a {@link ToolCallDeniedError}. The wait counts as the call's `timeoutMs` and ends with
   * its `signal` (the gate gets a signal that aborts then). It is asked about one call at a time per view, and one
   * at a time for the page's and models' calls: the others wait their turn (within their `timeoutMs`), so a view
   * cannot stack prompts. Without a gate, only the page's own calls (origin `page` or `user`) go through unasked; a
   * call a view or a model makes is denied (`by: 'policy'`). The elements set a policy of their own.
   *
   * "Always" is kept per authorization context (`authContext`, `auth`, or the `Authorization` header); with none
   * known it lasts as long as this client and is never written to the store.
   *
   * @example
   * new McpClient(url, {
   *   approve: async ({ tool, arguments: args, origin, hints }) =>
   *     hints.readOnly || origin.kind === 'user' ? 'allow-once'
   *       : (await askUser(`Run ${tool.title ?? tool.name}?`, args)) ? 'allow-once' : { decision: 'deny', by: 'user' },
   * })
   */
  approve?: ApprovalGate
  /**
   * Trust this server's tool annotations. Only then does a tool count as read-only (`readOnlyHint: true`); from any
   * other server annotations are shown "as the server says" and decide nothing (see `toolHints()`). @default false
   */
  trustAnnotations?: boolean
  /** Most records the call log keeps (`client.callLog`); 0 keeps none (`callrecord` events still fire). @default 100 */
  callLogSize?: number
  /**
   * Long-running tools (the Tasks extension, `io.modelcontextprotocol/tasks`): a server may answer `callTool()` with a
   * task, which the client follows to its result (see {@link TasksOptions}). `false`: never declared, and a task
   * answer is refused. @default {} (declared when the server offers it)
   */
  tasks?: TasksOptions | false
}

/**
 * Who started a tool call: a person pressing Call with the arguments on screen (`user`), the page's own code
 * (`page`, the default), an MCP Apps view (`view`: its `ui://` resource, and the tool whose view it is), or a model
 * (`model`, e.g. through `modelTools()`).
 */
export type CallOrigin =
  | { kind: 'user' }
  | { kind: 'page' }
  | { kind: 'view'; uri: string; tool?: string }
  | { kind: 'model'; model?: string; callId?: string }

/** The gate's answer: run this call (`allow-once`), run it and every later call of this tool unasked (`allow-always`), or not. */
export type ApprovalDecision = 'allow-once' | 'allow-always' | 'deny'

/** The gate's answer with who decided and why (a denial's `ToolCallDeniedError` carries both). */
export interface ApprovalAnswer {
  decision: ApprovalDecision
  /** Who decided, e.g. `'user'` or `'policy'`. @default 'the approval gate' */
  by?: string
  reason?: string
}

/** What the approval gate is asked. */
export interface ApprovalRequest {
  /** The tool as listed (name, title, icons, annotations as sent); only `name` for a tool no listing held. */
  tool: Tool
  /** The arguments exactly as they will be sent (a copy: what the gate sees is what the server gets). */
  arguments: Record<string, unknown>
  /** The server: its URL, and the name it gave in `server/discover` when the client knows it. */
  server: { url: string; name?: string; title?: string }
  origin: CallOrigin
  /** The tool's annotations with the spec's defaults; `readOnly` only for a server the client trusts. */
  hints: ToolHints
  /** Aborted when the call is (its `signal`, its `timeoutMs`, `close()`): a prompt can close. */
  signal: AbortSignal
  /**
   * Set by `<mcp-app>` once the calls of this view were denied repeatedly: calling it blocks the view's tool calls
   * for the rest of its life (answer `deny` too). A prompt offers it as a button.
   */
  block?: () => void
}

/** Decides whether a tool call may run. See {@link McpClientOptions.approve}. */
export type ApprovalGate = (request: ApprovalRequest) => ApprovalDecision | ApprovalAnswer | Promise<ApprovalDecision | ApprovalAnswer>

/** Options of one tool call. */
export interface ToolCallOptions extends RequestOptions {
  /** Who started the call, for the gate and the log. @default { kind: 'page' } */
  origin?: CallOrigin
  /**
   * This call's approval gate instead of the client's; `false`: none (the call is its own approval, e.g. a person
   * pressed Call). With none, a call whose origin is a view or a model is denied.
   */
  approve?: ApprovalGate | false
  /**
   * Called with each status of the task when the server answers the call with one (Tasks extension): first the
   * server's `CreateTaskResult`, then each `tasks/get` answer that changed the status or its message. The call's
   * promise still resolves with the final result; `signal` then sends `tasks/cancel`.
   */
  onTask?: (task: Task) => void
  /** When the server answers with a task: stops following it without cancelling it (see TaskFollowOptions.detach). */
  detach?: AbortSignal
}

/** Options of one call. */
export interface RequestOptions {
  /** Aborting closes the request's stream, which cancels it on the server. */
  signal?: AbortSignal
  /** Receives `notifications/progress` for this call. */
  onProgress?: (progress: ProgressNotificationParams) => void
  /**
   * Log level for this call (overrides the client's).
   * @deprecated Logging is deprecated as of protocol revision 2026-07-28 (SEP-2577) and stays for at least twelve months; servers move to stderr or OpenTelemetry.
   */
  logLevel?: LoggingLevel
  /**
   * Receives this call's log messages (overrides the client's `onLog`).
   * @deprecated Logging is deprecated as of protocol revision 2026-07-28 (SEP-2577) and stays for at least twelve months; servers move to stderr or OpenTelemetry.
   */
  onLog?: (params: LoggingMessageNotificationParams) => void
  /** Input handlers for this call, over the client's. */
  handlers?: InputHandlers
  /** Skip the cache and ask the server. */
  fresh?: boolean
  /**
   * Called when the cache answers the request and the server is not asked (a fresh cached answer), with the answer's
   * age: a page showing it can say how old it is while the server has not confirmed it (`<mcp-server>` offline).
   */
  onCached?: (info: { ageMs: number }) => void
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
