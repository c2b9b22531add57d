import { html, nothing, type PropertyValues } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import { AppSandboxError, appResourceUri, readAppResource, type CallToolResult, type McpClient, type Tool } from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { asError, emit, type ErrorDetail } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import type { AppHost, AppRequestDetail, DisplayMode } from './app-host.js'
import { styles } from './mcp-app.styles.js'
import type { PermissionGrant } from './view-grants.js'
import { serverIdentity } from '../shared/server-identity.js'
import { allowedModes, listOf } from './view-policy.js'

/** The detail of `mcp-app-display-mode`: the mode the view is in now. */
export interface AppDisplayModeDetail {
  mode: DisplayMode
}

/** The detail of `mcp-app-display-mode-request`: the mode the view asks for, the server's URL and the tool's name. */
export interface AppDisplayModeRequestDetail {
  mode: DisplayMode
  server: string | undefined
  tool: string | undefined
}

/**
 * One MCP Apps view (the `io.modelcontextprotocol/ui` extension) for one tool
 * call: the tool's `ui://` resource, run in a sandbox on another origin, told
 * the call's input and then its result (or that it was cancelled), and
 * allowed to call the server's app-visible tools, read its resources, open
 * links (after the user agrees, as for a URL-mode elicitation), resize
 * itself up to `max-height` and ask for fullscreen or picture-in-picture.
 *
 * The view's tool calls pass the client's approval gate (origin `view`): the
 * client's own `approve`, else the enclosing `<mcp-server>`'s policy, which asks
 * the user. With neither (a page-made client and no `<mcp-server>`), they are
 * denied: the page gives the client an `approve` to let them run.
 *
 * The view runs in the sandbox proxy page (the package's `dist/sandbox/`),
 * which must be served from an origin other than the page's: give its URL as
 * `sandbox-url`, or as the client's `apps.sandboxUrl` option. Without one the
 * view is not run, and the element says why; it never falls back to the
 * page's own origin. The protocol code is a lazy chunk loaded with the first
 * view.
 *
 * The view is themed from the elements' custom properties (passed as the MCP
 * Apps style variables), and hears when the theme or its width changes.
 *
 * The view is the server's content, not the page's, and is shown as such: a
 * header names the server (its URL's host, and its name when an enclosing
 * `<mcp-server>` knows it), and notes name the other sites the view declared it
 * may reach and the browser features it asked for. What a view may do to the
 * page is the page's decision: by default it stays inline and gets no browser
 * feature. A page lists more with `allow-display-modes` and `allow-permissions`
 * (or the client's `apps.displayModes` and `apps.permissions`); even then, a
 * view enters fullscreen or picture-in-picture only while the user is acting in
 * it (a click or key press in its frame, which gives the page transient user
 * activation while the frame holds focus), never on its own as its result
 * arrives. Going back inline is always allowed: the view may ask, the header's
 * "Back to the page" button (outside the view's frame, so the view cannot cover
 * it) and Escape on the page do it. The frame, and the view's state, stay the
 * same across modes.
 *
 * @tag mcp-app
 *
 * @attr {string} sandbox-url - The sandbox proxy page, on another origin. Wins over the client's `apps.sandboxUrl`.
 * @attr {number} max-height - The tallest the view may grow inline, in pixels. Default 600.
 * @attr {'inline'|'fullscreen'|'pip'} display-mode - How the view is shown. The page may set it; the view may ask to change it (only to modes it declared, the page allows, and while the user acts in it).
 * @attr {string} allow-display-modes - The modes views may enter besides inline, space-separated (`fullscreen pip`). Default: none (inline only). Wins over the client's `apps.displayModes`.
 * @attr {string} allow-permissions - The browser features views may use when they ask (`_meta.ui.permissions`), as Permissions Policy names, space-separated: `camera microphone geolocation clipboard-write`. Default: none. Wins over the client's `apps.permissions`.
 * @attr {boolean} prefers-border - Reflected: the view's resource asked for a visible border.
 *
 * @property {Tool} tool - The tool whose view to show (its `_meta.ui.resourceUri`).
 * @property {McpClient} client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 * @property {Record<string, unknown>} input - The call's complete arguments, sent once as `tool-input`.
 * @property {Record<string, unknown>} partialInput - Arguments while they are still being written, sent as `tool-input-partial` until `input` is set.
 * @property {CallToolResult} result - The call's result, sent as `tool-result`.
 * @property {string} cancelled - Set to a reason when the call was cancelled: sent as `tool-cancelled`.
 *
 * @fires {CustomEvent<Record<string, never>>} mcp-app-ready - The view said `initialized`.
 * @fires {CustomEvent<AppMessageDetail>} mcp-app-message - The view sent a message for the conversation (`ui/message`). Detail: `{ role, content }`. Cancelable: `preventDefault()` tells the view it was not accepted.
 * @fires {CustomEvent<AppModelContextDetail>} mcp-app-model-context - The view updated what the model should know (`ui/update-model-context`). Detail: `{ content?, structuredContent? }`. Cancelable, as above.
 * @fires {CustomEvent<AppLogDetail>} mcp-app-log - A log message from the view (`notifications/message`). Detail: `{ level, data, logger? }`.
 * @fires {CustomEvent<AppRequestDetail>} mcp-app-request - Every request the view made (tool calls, resource reads, links, display modes, messages, any other), once answered, refused ones included: for a call log. Detail: `{ method, params, outcome: 'result' | 'error', result? | error?: { code, message }, durationMs, refusedByHost? }`. Each is also recorded in the client's `callLog` (origin `view`), except tool calls that reached the client, which records those itself.
 * @fires {CustomEvent<AppDisplayModeRequestDetail>} mcp-app-display-mode-request - The view asks for fullscreen or picture-in-picture, which the page allows, while the user acts in it; fired before the change. Detail: `{ mode, server, tool }` (the server's URL, the tool's name). Cancelable: `preventDefault()` keeps the view as it is. Not fired for going back inline, which is always allowed.
 * @fires {CustomEvent<AppDisplayModeDetail>} mcp-app-display-mode - The view changed its display mode. Detail: `{ mode }`.
 * @fires {CustomEvent<Record<string, never>>} mcp-app-request-teardown - The view asks to be closed; call `teardown()` to agree.
 * @fires {CustomEvent<ErrorDetail>} mcp-app-error - The view cannot be shown (no sandbox, a bad resource, the proxy refused). Detail: `{ error }`.
 *
 * @csspart base - The wrapper.
 * @csspart boundary - The box around the server's content (header, notes and frame): bordered, so the view's edge shows.
 * @csspart header - Above the frame: the server's name and the button back to inline.
 * @csspart server - In the header: whose content this is (the server's URL host, and its name when known).
 * @csspart note - A note for the user: the other sites the view may reach, the browser features it asked for.
 * @csspart frame - The sandbox proxy's `<iframe>`.
 * @csspart exit - The button back to inline, in the header in fullscreen and picture-in-picture.
 * @csspart status - Loading text.
 * @csspart error - Why the view is not shown.
 *
 * @cssprop --color-background-primary - And the other MCP Apps style variables: set on an ancestor, they theme the elements and the view alike.
 */
export class McpAppElement extends ConnectedElement {
  static override styles = styles

  @property({ attribute: false }) tool?: Tool
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string
  @property({ attribute: 'max-height', type: Number }) maxHeight = 600
  @property({ attribute: 'display-mode', reflect: true }) displayMode: DisplayMode = 'inline'
  @property({ attribute: 'allow-display-modes' }) allowDisplayModes?: string
  @property({ attribute: 'allow-permissions' }) allowPermissions?: string
  @property({ attribute: false }) input?: Record<string, unknown>
  @property({ attribute: false }) partialInput?: Record<string, unknown>
  @property({ attribute: false }) result?: CallToolResult
  @property() cancelled?: string

  @state() private error?: Error
  @state() private loading = false
  /** What the running view declared and was granted: for the notes. */
  @state() private view?: { sites: string[]; grant: PermissionGrant }

  @query('.frame-box') private box?: HTMLElement

  #host?: AppHost
  /** Which client, tool and sandbox the running (or starting) view is for. */
  #for?: string
  #i18n = new I18nController(this)

  constructor() {
    super()
    this.addEventListener('mcp-app-request', (event) => this.#record((event as CustomEvent<AppRequestDetail>).detail))
  }

  /** A view's request in the client's call log; a tool call the client ran is in it already. */
  #record(request: AppRequestDetail): void {
    const client = this.#client
    const uri = this.tool && appResourceUri(this.tool)
    if (!client || !uri || (request.method === 'tools/call' && !request.refusedByHost)) return
    const params = request.params && typeof request.params === 'object' ? (request.params as Record<string, unknown>) : undefined
    client.callLog.record({
      time: Date.now() - request.durationMs,
      durationMs: request.durationMs,
      origin: { kind: 'view', uri, tool: this.tool!.name },
      method: request.method,
      ...(params && { params }),
      ...(request.outcome === 'result' ? { result: request.result } : { error: { name: 'JsonRpcError', ...request.error } }),
    })
  }

  get #client(): McpClient | undefined {
    return this.client ?? this.connection?.client
  }

  /** The modes views may enter here: inline, and those the page lists (attribute, else the client's option). */
  get allowedDisplayModes(): DisplayMode[] {
    return allowedModes(listOf(this.allowDisplayModes ?? this.#client?.options.apps?.displayModes))
  }

  get #allowedFeatures(): string[] {
    return listOf(this.allowPermissions ?? this.#client?.options.apps?.permissions)
  }

  /**
   * The view asked for `mode` (one it declared): the mode it is in after this. Fullscreen and picture-in-picture only
   * when the page allows them, the user is acting in the view right now, and no listener of
   * `mcp-app-display-mode-request` says no; inline always. Private: only the view asks; a page sets `displayMode`.
   */
  #displayModeRequested(mode: DisplayMode): DisplayMode {
    if (mode === this.displayMode) return mode
    if (mode !== 'inline') {
      if (!this.allowedDisplayModes.includes(mode) || !this.#userInView()) return this.displayMode
      const detail = { mode, server: this.#client?.url, tool: this.tool?.name }
      if (!emit<AppDisplayModeRequestDetail>(this, 'mcp-app-display-mode-request', detail, { cancelable: true })) return this.displayMode
    }
    this.displayMode = mode
    emit<AppDisplayModeDetail>(this, 'mcp-app-display-mode', { mode })
    return mode
  }

  /**
   * Whether the user is acting in the view now. A click or key press inside the view's frame gives this page transient
   * user activation too (it goes to every ancestor) and leaves that frame focused; one on the page (its Call button)
   * gives activation but focuses the page, and a view cannot take focus without activation of its own.
   */
  #userInView(): boolean {
    const frame = this.box?.querySelector('iframe')
    return !!frame && navigator.userActivation?.isActive === true && this.shadowRoot!.activeElement === frame
  }

  #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && !event.defaultPrevented && this.displayMode !== 'inline') this.displayMode = 'inline'
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // On the window: Escape returns the view inline wherever focus is on the page (inside the view's frame, keys are the view's).
    window.addEventListener('keydown', this.#onKeydown)
    // Back in the document after a move: the view starts again (the frame went with the element); the next update
    // may be far off.
    if (this.hasUpdated) this.requestUpdate()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    window.removeEventListener('keydown', this.#onKeydown)
    // The frame goes with the element; a page that wants the view to save its work calls teardown() first.
    this.#stop()
  }

  /**
   * Asks the view to tear down (`ui/resource-teardown`), waits for its answer
   * (a few seconds at most), then removes it. Call it before removing the
   * element when the view may have work to save.
   */
  async teardown(): Promise<void> {
    const host = this.#host
    this.#host = undefined
    this.#for = 'closed'
    await host?.teardown()
    this.requestUpdate()
  }

  #stop(): void {
    this.#host?.dispose()
    this.#host = undefined
    this.#for = undefined
    this.view = undefined
  }

  protected override updated(changed: PropertyValues<this>): void {
    const client = this.#client
    const sandbox = this.sandboxUrl || client?.options.apps?.sandboxUrl
    // The features granted are fixed in the frame's `allow` when it is made: a change of the page's list starts the view again.
    const features = this.#allowedFeatures.join(' ')
    const key = client && this.tool ? `${client.url}\n${this.tool.name}\n${appResourceUri(this.tool)}\n${sandbox}\n${features}` : undefined
    // Only in the document: an update after removal (#stop's own, a property set on a removed element) must not start a
    // view the element would then hold, with its window listener, for good; connectedCallback starts it on return.
    if (this.isConnected && this.#for !== 'closed' && key !== this.#for) {
      this.#stop()
      this.#for = key
      if (client && this.tool) void this.#start(client, this.tool, sandbox, key!)
    }
    const host = this.#host
    if (!host) return
    if (this.partialInput && this.input === undefined) host.inputPartial(this.partialInput)
    if (this.input !== undefined) host.input(this.input)
    if (this.result) host.result(this.result, this.input)
    else if (this.cancelled !== undefined) host.cancelled(this.cancelled, this.input)
    if (changed.has('displayMode') && changed.get('displayMode') !== undefined) host.displayModeChanged()
  }

  async #start(client: McpClient, tool: Tool, sandbox: string | undefined, key: string): Promise<void> {
    this.error = undefined
    try {
      const sandboxUrl = checkSandbox(sandbox)
      const uri = appResourceUri(tool)
      if (!uri) throw new Error(msg('app.no-view', 'The tool “{name}” has no app view (_meta.ui.resourceUri).', { name: tool.name }))
      this.loading = true
      const [{ AppHost, declaredSites, grantPermissions }, resource] = await Promise.all([
        import('./app-host.js'),
        readAppResource(client, uri),
      ])
      if (this.#for !== key) return
      const grant = grantPermissions(resource.permissions, this.#allowedFeatures)
      this.view = { sites: declaredSites(resource.csp), grant }
      await this.updateComplete
      if (this.#for !== key) return // removed (or changed) while the notes rendered
      this.toggleAttribute('prefers-border', resource.prefersBorder === true)
      const host = new AppHost({
        element: this,
        container: this.box!,
        client,
        tool,
        // Only the features the page allows reach the frames' `allow`, the sandbox and what the view is told it has.
        resource: { ...resource, permissions: grant.granted },
        sandboxUrl,
        onFailure: (error) => {
          if (this.#host === host) this.#fail(error)
        },
        onInitialized: () => emit(this, 'mcp-app-ready', {}),
        onDisplayModeRequest: (mode) => this.#displayModeRequested(mode),
      })
      this.#host = host
      host.start()
      this.requestUpdate()
    } catch (error) {
      if (this.#for === key) this.#fail(error)
    } finally {
      if (this.#for === key) this.loading = false
    }
  }

  /** Shows why the view cannot run; the same tool, client and sandbox are not tried again. */
  #fail(error: unknown): void {
    this.#host?.dispose()
    this.#host = undefined
    const failure = asError(error)
    this.error = failure
    emit<ErrorDetail>(this, 'mcp-app-error', { error: failure })
  }

  /** What the user is told about the view: the other sites it may reach, the features it asked for. Text only. */
  #notes(host: string): string[] {
    if (!this.view) return []
    const { sites, grant } = this.view
    const notes: string[] = []
    if (sites.length)
      notes.push(msg('app.sites', 'This app from {host} may contact other sites: {sites}.', { host, sites: sites.join(', ') }))
    if (grant.grantedFeatures.length) {
      notes.push(
        msg('app.features-granted', 'This app from {host} may use: {features}.', { host, features: grant.grantedFeatures.join(', ') }),
      )
    }
    if (grant.refusedFeatures.length) {
      notes.push(
        msg('app.features-refused', 'This app from {host} asked for {features}; this page does not allow them.', {
          host,
          features: grant.refusedFeatures.join(', '),
        }),
      )
    }
    return notes
  }

  protected override render() {
    const closed = this.#for === 'closed'
    const server = serverIdentity(this.#client)
    return html`<div part="base">
      ${this.loading ? html`<p part="status" class="status" role="status">${msg('app.loading', 'Loading the app…')}</p>` : nothing}
      ${this.error ? html`<p part="error" class="error" role="alert">${this.error.message}</p>` : nothing}
      <div part="boundary" class="boundary" ?hidden=${!!this.error || closed}>
        <div part="header" class="header">
          <span part="server" class="server">
            ${msg('app.from', 'App from {host}', { host: server.host })}${server.name ? html` · <span class="name">${server.name}</span>` : nothing}
          </span>
          ${
            this.displayMode !== 'inline'
              ? html`<button part="exit" class="exit" type="button" @click=${() => (this.displayMode = 'inline')}>
                  ${msg('app.exit', 'Back to the page')}
                </button>`
              : nothing
          }
        </div>
        ${this.#notes(server.host).map((note) => html`<p part="note" class="note">${note}</p>`)}
        <!-- The view's frame goes here, alone: no part of this template may touch this box's children. -->
        <div class="frame-box"></div>
      </div>
    </div>`
  }
}

/** The sandbox proxy's URL, if it can isolate a view: http(s), and another origin than this page's. */
function checkSandbox(raw: string | undefined): URL {
  const where = msg(
    'app.sandbox-how',
    'Serve the package’s dist/sandbox/ on another origin and give its URL as sandbox-url (or the client’s apps.sandboxUrl).',
  )
  if (!raw) throw new AppSandboxError(`${msg('app.no-sandbox', 'This app view was not run: there is no sandbox proxy.')} ${where}`)
  let url: URL
  try {
    url = new URL(raw, location.href)
  } catch {
    throw new AppSandboxError(`${msg('app.bad-sandbox', 'This app view was not run: the sandbox URL is not a URL.')} ${where}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppSandboxError(`${msg('app.bad-sandbox', 'This app view was not run: the sandbox URL is not a URL.')} ${where}`)
  }
  if (url.origin === location.origin) {
    throw new AppSandboxError(
      `${msg('app.same-origin', 'This app view was not run: its sandbox is on this page’s own origin, where it could reach the page.')} ${where}`,
    )
  }
  return url
}
