import { html, nothing, type PropertyValues } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import {
  AppSandboxError,
  appResourceUri,
  readAppResource,
  type CallToolResult,
  type McpClient,
  type Tool,
} from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import type { AppHost, DisplayMode } from './app-host.js'
import { styles } from './mcp-app.styles.js'

/**
 * One MCP Apps view (the `io.modelcontextprotocol/ui` extension) for one tool
 * call: the tool's `ui://` resource, run in a sandbox on another origin, told
 * the call's input and then its result (or that it was cancelled), and
 * allowed to call the server's app-visible tools, read its resources, open
 * links (after the user agrees, as for a URL-mode elicitation), resize
 * itself up to `max-height` and ask for fullscreen or picture-in-picture.
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
 * @tag mcp-app
 *
 * @attr {string} sandbox-url - The sandbox proxy page, on another origin. Wins over the client's `apps.sandboxUrl`.
 * @attr {number} max-height - The tallest the view may grow inline, in pixels. Default 600.
 * @attr {'inline'|'fullscreen'|'pip'} display-mode - How the view is shown; the view may ask to change it (only to modes it declared).
 * @attr {boolean} prefers-border - Reflected: the view's resource asked for a visible border.
 *
 * @property {Tool} tool - The tool whose view to show (its `_meta.ui.resourceUri`).
 * @property {McpClient} client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 * @property {Record<string, unknown>} input - The call's complete arguments, sent once as `tool-input`.
 * @property {Record<string, unknown>} partialInput - Arguments while they are still being written, sent as `tool-input-partial` until `input` is set.
 * @property {CallToolResult} result - The call's result, sent as `tool-result`.
 * @property {string} cancelled - Set to a reason when the call was cancelled: sent as `tool-cancelled`.
 *
 * @fires mcp-app-ready - The view said `initialized`.
 * @fires mcp-app-message - The view sent a message for the conversation (`ui/message`). Detail: `{ role, content }`. Cancelable: `preventDefault()` tells the view it was not accepted.
 * @fires mcp-app-model-context - The view updated what the model should know (`ui/update-model-context`). Detail: `{ content?, structuredContent? }`. Cancelable, as above.
 * @fires mcp-app-log - A log message from the view (`notifications/message`). Detail: `{ level, data, logger? }`.
 * @fires mcp-app-request - Every request the view made (tool calls, resource reads, links, display modes, messages, any other), once answered, refused ones included: for a call log. Detail: `{ method, params, outcome: 'result' | 'error', result? | error?: { code, message }, durationMs }`.
 * @fires mcp-app-display-mode - The view changed its display mode. Detail: `{ mode }`.
 * @fires mcp-app-request-teardown - The view asks to be closed; call `teardown()` to agree.
 * @fires mcp-app-error - The view cannot be shown (no sandbox, a bad resource, the proxy refused). Detail: `{ error }`.
 *
 * @csspart base - The wrapper.
 * @csspart frame - The sandbox proxy's `<iframe>`.
 * @csspart exit - The button back to inline, in fullscreen and picture-in-picture.
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
  @property({ attribute: false }) input?: Record<string, unknown>
  @property({ attribute: false }) partialInput?: Record<string, unknown>
  @property({ attribute: false }) result?: CallToolResult
  @property() cancelled?: string

  @state() private error?: Error
  @state() private loading = false

  @query('.frame-box') private box?: HTMLElement

  #host?: AppHost
  /** Which client, tool and sandbox the running (or starting) view is for. */
  #for?: string
  #i18n = new I18nController(this)

  get #client(): McpClient | undefined {
    return this.client ?? this.connection?.client
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Back in the document after a move: the view starts again (the frame went with the element); the next update
    // may be far off.
    if (this.hasUpdated) this.requestUpdate()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
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
  }

  protected override updated(changed: PropertyValues<this>): void {
    const client = this.#client
    const sandbox = this.sandboxUrl || client?.options.apps?.sandboxUrl
    const key = client && this.tool ? `${client.url}\n${this.tool.name}\n${appResourceUri(this.tool)}\n${sandbox}` : undefined
    if (this.#for !== 'closed' && key !== this.#for) {
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
      const [{ AppHost }, resource] = await Promise.all([import('./app-host.js'), readAppResource(client, uri)])
      if (this.#for !== key) return
      await this.updateComplete
      this.toggleAttribute('prefers-border', resource.prefersBorder === true)
      const host = new AppHost({
        element: this,
        container: this.box!,
        client,
        tool,
        resource,
        sandboxUrl,
        onFailure: (error) => {
          if (this.#host === host) this.#fail(error)
        },
        onInitialized: () => emit(this, 'mcp-app-ready', {}),
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
    this.error = error instanceof Error ? error : new Error(String(error))
    emit(this, 'mcp-app-error', { error: this.error })
  }

  protected override render() {
    const closed = this.#for === 'closed'
    return html`<div part="base">
      ${this.loading ? html`<p part="status" class="status" role="status">${msg('app.loading', 'Loading the app…')}</p>` : nothing}
      ${this.error ? html`<p part="error" class="error" role="alert">${this.error.message}</p>` : nothing}
      <div class="frame-box" ?hidden=${!!this.error || closed}>
        ${
          this.displayMode !== 'inline'
            ? html`<button part="exit" class="exit" type="button" @click=${() => (this.displayMode = 'inline')}>
                ${msg('app.exit', 'Back to the page')}
              </button>`
            : nothing
        }
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
