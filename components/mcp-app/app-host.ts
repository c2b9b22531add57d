/**
 * The host side of the MCP Apps protocol (App protocol 2026-01-26) for one
 * view: JSON-RPC over postMessage with the sandbox proxy's frame. A lazy
 * chunk: `<mcp-app>` imports it when it has a view to show, so a page that
 * shows none never downloads it.
 *
 * Our own bridge rather than the official `AppBridge`: that one bundles the
 * MCP SDK's protocol layer and zod (about 146 kB min+gzip, measured with
 * esbuild); this speaks the same wire protocol to the same views.
 *
 * Every message is checked: it must come from the proxy frame's window and
 * the proxy's origin; a view that posts to the page directly (`window.top`)
 * or any other window is ignored. Nothing is sent to the view before it says
 * `ui/notifications/initialized` except the answer to `ui/initialize`.
 */
import {
  APPS_PROTOCOL_VERSION,
  JsonRpcError,
  visibleToApps,
  type AppResource,
  type ApprovalGate,
  type CallToolResult,
  type McpClient,
  type Tool,
} from '../../src/client/index.js'
import type { ElicitResult } from '../../src/client/index.js'
import type { McpConnection } from '../shared/context.js'
import { PACKAGE_INFO } from '../../src/protocol/generated/package.js'
import '../mcp-elicitation/mcp-elicitation.js'
import type { McpElicitationElement } from '../mcp-elicitation/mcp-elicitation.js'
import { allowAttribute } from '../../sandbox/csp.js'
// For <mcp-app>, in this chunk: what a view is granted and declared is read with the sandbox's own rules.
export { declaredSites, grantPermissions } from './view-grants.js'
import { emit } from '../shared/events.js'
import { msg } from '../shared/i18n.js'
import { serverLabel } from '../shared/server-identity.js'

export type DisplayMode = 'inline' | 'fullscreen' | 'pip'
const HOST_MODES: DisplayMode[] = ['inline', 'fullscreen', 'pip']

/** What the host needs from its `<mcp-app>`. */
interface AppHostElement extends HTMLElement {
  displayMode: DisplayMode
  maxHeight: number
  /** The modes the page lets views have (inline first, always): what the view is told it may ask for. */
  readonly allowedDisplayModes: DisplayMode[]
}

export interface AppHostOptions {
  element: AppHostElement
  /** Where the proxy's frame goes (in the element's shadow root). */
  container: HTMLElement
  client: McpClient
  tool: Tool
  resource: AppResource
  sandboxUrl: URL
  /** How long the proxy may take to say it is ready, and a view to answer `ui/resource-teardown`. */
  timeoutMs?: number
  /** The proxy refused, or never answered: why. */
  onFailure(error: Error): void
  /** The view said `initialized`. */
  onInitialized(): void
  /** The view asks for a mode it declared: the element decides (the page's rules, the user's action); the mode now. */
  onDisplayModeRequest(mode: DisplayMode): DisplayMode
}

type Message = {
  jsonrpc: '2.0'
  id?: string | number
  method?: string
  params?: unknown
  result?: unknown
  error?: { code: number; message: string }
}
/** A message's params as the view sent them: JSON from another origin, each field checked where it is read. */
type Params = { readonly [key: string]: unknown }

/** The detail of `mcp-app-message` (`ui/message`): the view's params as it sent them, not checked (`role`, `content`). */
export type AppMessageDetail = Params
/** The detail of `mcp-app-model-context` (`ui/update-model-context`): the view's params as sent (`content`, `structuredContent`). */
export type AppModelContextDetail = Params
/** The detail of `mcp-app-log` (`notifications/message`): the view's params as sent (`level`, `data`, `logger`). */
export type AppLogDetail = Params

type AppRequestOutcome = { outcome: 'result'; result: unknown } | { outcome: 'error'; error: { code: number; message: string } }

/** The detail of `mcp-app-request`: one request the view made, and how the host answered it. */
export type AppRequestDetail = {
  method: string
  params: unknown
  /** Milliseconds from the request's arrival to its answer (a consent dialog's wait included). */
  durationMs: number
  /** The host refused it itself (an unknown method, bad params, a tool not for apps): nothing reached the client. */
  refusedByHost?: true
} & AppRequestOutcome
type Handler = (params: Params) => unknown | Promise<unknown>

/** A JSON-RPC error to answer the view with. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

// The MCP Apps style variables filled from this package's own theme properties (components/shared/theme.ts);
// any other standard variable a page sets on an ancestor is passed on as it is.
const FROM_THEME: Record<string, string> = {
  '--color-background-primary': '--mcp-color-bg',
  '--color-background-secondary': '--mcp-color-bg-secondary',
  '--color-text-primary': '--mcp-color-text',
  '--color-text-secondary': '--mcp-color-text-secondary',
  '--color-border-primary': '--mcp-color-border',
  '--color-ring-primary': '--mcp-color-accent',
  '--color-text-danger': '--mcp-color-danger',
  '--color-background-danger': '--mcp-color-danger-bg',
  '--color-text-warning': '--mcp-color-warning',
  '--color-background-warning': '--mcp-color-warning-bg',
  '--color-text-success': '--mcp-color-success',
  '--font-sans': '--mcp-font',
  '--font-mono': '--mcp-font-mono',
  '--font-text-md-size': '--mcp-font-size',
  '--border-radius-md': '--mcp-radius',
}
const tones = ['info', 'danger', 'success', 'warning']
const sizes = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl']
const STANDARD_VARIABLES = [
  ...['primary', 'secondary', 'tertiary', 'inverse', 'ghost', ...tones, 'disabled'].flatMap((t) => [
    `--color-background-${t}`,
    `--color-text-${t}`,
    `--color-border-${t}`,
  ]),
  ...['primary', 'secondary', 'inverse', ...tones].map((t) => `--color-ring-${t}`),
  ...['normal', 'medium', 'semibold', 'bold'].map((w) => `--font-weight-${w}`),
  ...sizes.slice(0, 4).flatMap((s) => [`--font-text-${s}-size`, `--font-text-${s}-line-height`]),
  ...sizes.flatMap((s) => [`--font-heading-${s}-size`, `--font-heading-${s}-line-height`]),
  ...[...sizes.slice(0, 5), 'full'].map((s) => `--border-radius-${s}`),
  ...['--font-sans', '--font-mono', '--border-width-regular', '--shadow-hairline', '--shadow-sm', '--shadow-md', '--shadow-lg'],
]

/** Light or dark, as the element is drawn: its `color-scheme` (the `theme` attribute, `--mcp-color-scheme`), else the system's. */
function themeOf(style: CSSStyleDeclaration): 'light' | 'dark' {
  const scheme = style.colorScheme.split(/\s+/)
  if (scheme.includes('dark') && !scheme.includes('light')) return 'dark'
  if (scheme.includes('light') && !scheme.includes('dark')) return 'light'
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/** The style variables for the view: the element's theme properties under their MCP Apps names. */
function styleVariables(style: CSSStyleDeclaration): Record<string, string> {
  const variables: Record<string, string> = {}
  for (const key of STANDARD_VARIABLES) {
    const value = style.getPropertyValue(FROM_THEME[key] ?? key).trim()
    if (value) variables[key] = value
  }
  return variables
}

/** Denials of a view's calls after which its prompt offers to block it. */
const REPEATED_DENIALS = 3

/** Most `size-changed` notifications acted on per second; the rest only update the size applied next. */
const MAX_RESIZES_PER_SECOND = 30

export class AppHost {
  readonly #o: AppHostOptions
  readonly #frame: HTMLIFrameElement
  readonly #origin: string
  readonly #handlers: Record<string, Handler>
  readonly #abort = new AbortController()
  #proxyReady = false
  #initialized = false
  #disposed = false
  /** Messages for the view held until it says `initialized`. */
  #queue: Message[] = []
  #declaredModes: DisplayMode[] = []
  #pending = new Map<number, (m: Message) => void>()
  #nextId = 1
  /** The tool-input / tool-result / tool-cancelled sequence: each at most once, input first. */
  #inputSent = false
  #done = false
  /** The context last sent, to send only what changed. */
  #sent: Record<string, string> = {}
  #resize?: { width?: number; height?: number }
  #resizeScheduled = false
  #resizeWindow = { start: 0, count: 0 }
  #consent?: McpElicitationElement
  /** How many of the view's tool calls were denied; from REPEATED_DENIALS on, the prompt offers to block it. */
  #denials = 0
  /** The user blocked the view's tool calls: refused at once from then on. */
  #blocked = false
  #observers: Array<{ disconnect(): void }> = []
  #readyTimer?: ReturnType<typeof setTimeout>

  constructor(options: AppHostOptions) {
    this.#o = options
    this.#origin = options.sandboxUrl.origin
    const frame = document.createElement('iframe')
    // The proxy needs scripts and its own origin (spec, "Sandbox proxy"); it is another origin than this page's.
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin')
    // A feature must be allowed on this frame too for the proxy to pass it on to the view's.
    frame.setAttribute('allow', allowAttribute(options.resource.permissions))
    frame.setAttribute('referrerpolicy', 'origin')
    frame.setAttribute('part', 'frame')
    frame.title = options.tool.title || options.tool.name
    frame.style.height = `${Math.min(150, options.element.maxHeight)}px`
    this.#frame = frame
    this.#handlers = {
      'ui/initialize': (p) => this.#initialize(p),
      'ui/notifications/initialized': () => this.#onInitialized(),
      ping: () => ({}),
      'tools/call': (p) => this.#callTool(p),
      'resources/read': (p) => this.#readResource(p),
      'ui/open-link': (p) => this.#openLink(p),
      'ui/message': (p) => this.#event<AppMessageDetail>('mcp-app-message', p),
      'ui/update-model-context': (p) => this.#event<AppModelContextDetail>('mcp-app-model-context', p),
      'ui/request-display-mode': (p) => this.#requestDisplayMode(p),
      'notifications/message': (p) => void emit<AppLogDetail>(this.#o.element, 'mcp-app-log', p),
      'ui/notifications/size-changed': (p) => this.#sizeChanged(p),
      'ui/notifications/request-teardown': () => void emit(this.#o.element, 'mcp-app-request-teardown', {}),
    }
  }

  /** Puts the proxy's frame in place and starts listening; the view loads once the proxy says it is ready. */
  start(): void {
    window.addEventListener('message', this.#onMessage)
    this.#frame.src = this.#o.sandboxUrl.href
    this.#o.container.append(this.#frame)
    this.#readyTimer = setTimeout(() => {
      if (!this.#proxyReady) {
        this.#o.onFailure(
          new Error(
            msg('app.proxy-silent', 'The sandbox proxy at {url} did not answer; is it the MCP Apps proxy page, served on another origin?', {
              url: this.#o.sandboxUrl.href,
            }),
          ),
        )
      }
    }, this.#o.timeoutMs ?? 10_000)
  }

  /** Sends `ui/notifications/tool-input-partial` (only before the complete input). */
  inputPartial(args: Record<string, unknown>): void {
    if (!this.#inputSent) this.#notify('ui/notifications/tool-input-partial', { arguments: args })
  }

  /** Sends `ui/notifications/tool-input`, once. */
  input(args: Record<string, unknown> = {}): void {
    if (this.#inputSent) return
    this.#inputSent = true
    this.#notify('ui/notifications/tool-input', { arguments: args })
  }

  /** Sends `ui/notifications/tool-result`, once, after the input; nothing after a cancellation. */
  result(result: CallToolResult, args?: Record<string, unknown>): void {
    if (this.#done) return
    this.input(args)
    this.#done = true
    this.#notify('ui/notifications/tool-result', result)
  }

  /** Sends `ui/notifications/tool-cancelled`, once, after the input; nothing after a result. */
  cancelled(reason: string, args?: Record<string, unknown>): void {
    if (this.#done) return
    this.input(args)
    this.#done = true
    this.#notify('ui/notifications/tool-cancelled', { reason })
  }

  /** The display mode changed (the view asked, or the page set it): the view hears the new mode and size. */
  displayModeChanged(): void {
    this.#contextChanged()
    // Back inline, the frame takes the size the view reported last, maybe while it filled the screen.
    this.#fitHeight()
  }

  /**
   * Asks the view to tear down (`ui/resource-teardown`) and waits for its
   * answer (at most `timeoutMs`), then removes the frame.
   */
  async teardown(): Promise<void> {
    if (this.#disposed) return
    if (this.#initialized) {
      await Promise.race([
        this.#request('ui/resource-teardown', {}),
        new Promise((resolve) => setTimeout(resolve, this.#o.timeoutMs ?? 3_000)),
      ])
    }
    this.dispose()
  }

  /** Removes the frame and every listener at once; calls the view made through the host are aborted. */
  dispose(): void {
    if (this.#disposed) return
    this.#disposed = true
    clearTimeout(this.#readyTimer)
    window.removeEventListener('message', this.#onMessage)
    for (const o of this.#observers) o.disconnect()
    this.#abort.abort(msg('app.closed', 'the app view was closed'))
    this.#consent?.remove()
    this.#frame.remove()
    for (const resolve of this.#pending.values()) resolve({ jsonrpc: '2.0', result: {} })
    this.#pending.clear()
  }

  #onMessage = (event: MessageEvent): void => {
    // Only the proxy frame's window, from the proxy's origin: a view posting to this page directly, another
    // frame, or this page's own scripts are not the view.
    if (this.#disposed || event.source !== this.#frame.contentWindow || event.origin !== this.#origin) return
    const m = event.data as Message
    if (!m || typeof m !== 'object' || m.jsonrpc !== '2.0') return
    if (m.method === 'ui/notifications/sandbox-proxy-ready') return this.#onProxyReady()
    if (m.method === 'ui/notifications/sandbox-proxy-refused') {
      return this.#o.onFailure(new Error(String((m.params as Params | undefined)?.reason ?? 'The sandbox proxy refused to run the view.')))
    }
    if (!this.#proxyReady) return
    if (m.method === undefined) {
      if (typeof m.id === 'number') this.#pending.get(m.id)?.(m)
      return
    }
    void this.#dispatch(m)
  }

  #onProxyReady(): void {
    if (this.#proxyReady) return
    this.#proxyReady = true
    clearTimeout(this.#readyTimer)
    const { html, csp, permissions } = this.#o.resource
    this.#post({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html, csp, permissions } })
  }

  async #dispatch(m: Message): Promise<void> {
    const handler = Object.hasOwn(this.#handlers, m.method!) ? this.#handlers[m.method!] : undefined
    const isRequest = m.id !== undefined && m.id !== null
    if (!isRequest) {
      // Notifications: acted on or ignored, never answered.
      if (handler) await Promise.resolve(handler((m.params ?? {}) as Params)).catch(() => {})
      return
    }
    let reply: Message
    let refusedByHost = false
    const started = performance.now()
    try {
      if (!handler) throw new Refusal(-32601, `Method not found: ${m.method}`)
      const result = await handler((m.params ?? {}) as Params)
      reply = { jsonrpc: '2.0', id: m.id, result: result ?? {} }
    } catch (error) {
      refusedByHost = error instanceof Refusal
      const code = error instanceof Refusal || error instanceof JsonRpcError ? error.code : -32603
      reply = { jsonrpc: '2.0', id: m.id, error: { code, message: error instanceof Error ? error.message : String(error) } }
    }
    if (this.#disposed) return
    // Every request the view made, with how it was answered (spec: hosts log view-initiated RPC calls).
    const outcome: AppRequestOutcome = reply.error ? { outcome: 'error', error: reply.error } : { outcome: 'result', result: reply.result }
    emit<AppRequestDetail>(this.#o.element, 'mcp-app-request', {
      method: m.method!,
      params: m.params,
      ...outcome,
      durationMs: performance.now() - started,
      ...(refusedByHost && { refusedByHost: true }),
    } satisfies AppRequestDetail)
    // The answer to ui/initialize is the one message that goes before `initialized`.
    if (m.method === 'ui/initialize') this.#post(reply)
    else this.#send(reply)
  }

  #initialize(params: Params): unknown {
    const declared = (params?.appCapabilities as Params | undefined)?.availableDisplayModes
    this.#declaredModes = Array.isArray(declared) ? HOST_MODES.filter((mode) => declared.includes(mode)) : []
    const context = this.#context()
    this.#remember(context)
    const { csp, permissions } = this.#o.resource
    return {
      protocolVersion: APPS_PROTOCOL_VERSION,
      hostInfo: PACKAGE_INFO,
      hostCapabilities: {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        message: { text: {}, image: {}, resource: {}, resourceLink: {} },
        updateModelContext: { text: {}, image: {}, resource: {}, resourceLink: {}, structuredContent: {} },
        sandbox: { csp, permissions },
      },
      hostContext: { ...context, toolInfo: { tool: this.#o.tool } },
    }
  }

  #onInitialized(): void {
    if (this.#initialized) return
    this.#initialized = true
    for (const m of this.#queue.splice(0)) this.#post(m)
    this.#watchContext()
    this.#o.onInitialized()
  }

  /** A tool call from the view: only tools of this server that are visible to apps, and none once the user blocked it. */
  async #callTool(params: Params): Promise<unknown> {
    const name = params?.name
    if (typeof name !== 'string') throw new Refusal(-32602, 'tools/call needs a tool name')
    if (this.#blocked) throw new Refusal(-32000, msg('app.blocked', 'The user blocked this app’s tool calls'))
    const tool = (await this.#o.client.listTools({ signal: this.#abort.signal })).find((t) => t.name === name)
    if (!tool || !visibleToApps(tool)) throw new Refusal(-32602, `Tool "${name}" is not available to apps on this server`)
    const args = params.arguments && typeof params.arguments === 'object' ? (params.arguments as Params) : {}
    return this.#o.client.callTool(name, args, {
      signal: this.#abort.signal,
      origin: { kind: 'view', uri: this.#o.resource.uri, tool: this.#o.tool.name },
      ...(this.#pageGate() && { approve: this.#gate }),
    })
  }

  /**
   * The gate of the page for a view's calls, the same human in the loop as any call the user did not make (MCP Apps
   * best practices): the client's (<mcp-server>'s asks the user), or, for a client with none, the approval policy of
   * the enclosing <mcp-server>. With neither, the client denies the call: a view's call never runs ungated.
   */
  #pageGate(): ApprovalGate | undefined {
    const { client } = this.#o
    const connection = (this.#o.element as { connection?: McpConnection }).connection
    return client.options.approve ?? (connection?.client === client ? connection.approve : undefined)
  }

  /**
   * This view's gate: the page's, offering to block the view once it denied REPEATED_DENIALS of its calls. One
   * function for the view's life, so the client asks it about one of the view's calls at a time.
   */
  readonly #gate: ApprovalGate = async (request) => {
    const gate = this.#pageGate()
    if (this.#blocked || !gate) return { decision: 'deny', by: 'user', reason: msg('app.blocked-reason', 'the app’s tool calls are blocked') }
    const offer = this.#denials >= REPEATED_DENIALS && { block: () => void (this.#blocked = true) }
    const answer = await gate({ ...request, ...offer })
    if (!request.signal.aborted && (typeof answer === 'string' ? answer : answer?.decision) === 'deny') this.#denials++
    return answer
  }

  #readResource(params: Params): Promise<unknown> {
    if (typeof params?.uri !== 'string') throw new Refusal(-32602, 'resources/read needs a uri')
    return this.#o.client.readResource(params.uri, { signal: this.#abort.signal })
  }

  /** `ui/open-link`: the same consent as a URL-mode elicitation; nothing is opened unless the user chooses Open. */
  async #openLink(params: Params): Promise<unknown> {
    if (this.#consent) throw new Refusal(-32000, 'Another link is already waiting for the user')
    const consent = document.createElement('mcp-elicitation') as McpElicitationElement
    // The server as this page knows it (its host, and the name it gave), never the tool's title.
    consent.serverName = serverLabel(this.#o.client)
    consent.params = {
      mode: 'url',
      message: msg('app.open-link', 'The app asks to open a page.'),
      url: String(params?.url ?? ''),
      elicitationId: `open-link-${this.#nextId++}`,
    } as never
    this.#consent = consent
    this.#o.element.shadowRoot!.append(consent)
    let answer: ElicitResult
    try {
      answer = await consent.response
    } finally {
      consent.remove()
      this.#consent = undefined
    }
    if (answer.action !== 'accept') throw new Refusal(-32000, 'Link opening denied by user')
    return {}
  }

  /** A DOM event for the page; a listener's `preventDefault()` answers the view with `isError`. */
  #event<Detail extends Params>(type: `mcp-${string}`, params: Detail): unknown {
    return emit<Detail>(this.#o.element, type, params, { cancelable: true }) ? {} : { isError: true }
  }

  #requestDisplayMode(params: Params): unknown {
    const mode = params?.mode as DisplayMode
    // Only a mode the host has and the view declared (spec, "Display Modes"); inline is always allowed back. Whether
    // the view gets it is the element's decision: what the page allows, and whether the user is acting in the view.
    if (HOST_MODES.includes(mode) && (mode === 'inline' || this.#declaredModes.includes(mode))) {
      return { mode: this.#o.onDisplayModeRequest(mode) }
    }
    return { mode: this.#o.element.displayMode }
  }

  /** Resizing follows the view's size, bounded: at most the element's `max-height`, and a flood is coalesced. */
  #sizeChanged(params: Params): void {
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined)
    this.#resize = { width: n(params?.width), height: n(params?.height) }
    if (this.#resizeScheduled) return
    this.#resizeScheduled = true
    const now = performance.now()
    if (now - this.#resizeWindow.start > 1000) this.#resizeWindow = { start: now, count: 0 }
    const delay = ++this.#resizeWindow.count > MAX_RESIZES_PER_SECOND ? this.#resizeWindow.start + 1000 - now : 0
    setTimeout(() => requestAnimationFrame(() => this.#applySize()), delay)
  }

  #applySize(): void {
    this.#resizeScheduled = false
    this.#fitHeight()
  }

  /** The view's last reported height, inline only: fullscreen and picture-in-picture size the frame by the screen. */
  #fitHeight(): void {
    const height = this.#resize?.height
    if (this.#disposed || height === undefined || this.#o.element.displayMode !== 'inline') return
    this.#frame.style.height = `${Math.ceil(Math.min(height, this.#o.element.maxHeight))}px`
  }

  /** What the view is told about where it runs. */
  #context(): Record<string, unknown> {
    const el = this.#o.element
    const style = getComputedStyle(el)
    const mode = el.displayMode
    const rect = el.getBoundingClientRect()
    return {
      theme: themeOf(style),
      styles: { variables: styleVariables(style) },
      displayMode: mode,
      availableDisplayModes: el.allowedDisplayModes,
      containerDimensions:
        mode === 'inline'
          ? { width: Math.round(rect.width), maxHeight: el.maxHeight }
          : { width: window.innerWidth, height: window.innerHeight },
      locale: el.closest('[lang]')?.getAttribute('lang') || navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      userAgent: 'mcp-web-elements',
      platform: 'web',
      deviceCapabilities: { touch: navigator.maxTouchPoints > 0, hover: matchMedia('(hover: hover)').matches },
    }
  }

  #remember(context: Record<string, unknown>): Record<string, unknown> {
    const changed: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(context)) {
      const json = JSON.stringify(value)
      if (this.#sent[key] !== json) changed[key] = value
      this.#sent[key] = json
    }
    return changed
  }

  #contextChanged(): void {
    if (!this.#initialized || this.#disposed) return
    const changed = this.#remember(this.#context())
    if (Object.keys(changed).length) this.#notify('ui/notifications/host-context-changed', changed)
  }

  /** Theme (attributes and classes up the page, the system's scheme) and size changes, coalesced to one check a frame. */
  #watchContext(): void {
    let scheduled = false
    const check = () => {
      if (scheduled) return
      scheduled = true
      requestAnimationFrame(() => {
        scheduled = false
        this.#contextChanged()
      })
    }
    const mutations = new MutationObserver(check)
    const attributeFilter = ['theme', 'class', 'style', 'data-theme', 'lang']
    mutations.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter })
    mutations.observe(this.#o.element, { attributes: true, attributeFilter })
    const sizes = new ResizeObserver(check)
    sizes.observe(this.#o.element)
    const scheme = matchMedia('(prefers-color-scheme: dark)')
    scheme.addEventListener('change', check)
    window.addEventListener('resize', check)
    this.#observers.push(mutations, sizes, {
      disconnect: () => (scheme.removeEventListener('change', check), window.removeEventListener('resize', check)),
    })
  }

  #request(method: string, params: unknown): Promise<Message> {
    const id = this.#nextId++
    return new Promise((resolve) => {
      this.#pending.set(id, (m) => (this.#pending.delete(id), resolve(m)))
      this.#send({ jsonrpc: '2.0', id, method, params })
    })
  }

  #notify(method: string, params: unknown): void {
    this.#send({ jsonrpc: '2.0', method, params })
  }

  /** To the view: held until it is initialized. */
  #send(m: Message): void {
    if (this.#disposed) return
    if (this.#initialized) this.#post(m)
    else this.#queue.push(m)
  }

  #post(m: Message): void {
    this.#frame.contentWindow?.postMessage(m, this.#origin)
  }
}
