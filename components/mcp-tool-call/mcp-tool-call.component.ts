import { html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import {
  AbortError,
  ApprovalTimeoutError,
  ToolCallDeniedError,
  namedServer,
  toolHints,
  type ApprovalAnswer,
  type ApprovalDecision,
  type ApprovalRequest,
  type CallOrigin,
  type CallToolResult,
  type McpClient,
  type Tool,
  type ToolHints,
} from '../../src/client/index.js'
import '../mcp-content/mcp-content.js'
import '../mcp-icon/mcp-icon.js'
import { ResultFrameController, formatDuration, renderProgress, renderToolHeader } from '../shared/call/call-display.js'
import { CallRunner } from '../shared/call/call-runner.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { deepActiveElement } from '../shared/focus.js'
import { I18nController, msg } from '../shared/i18n.js'
import { shownHints, type HintKind } from '../shared/tool-hints.js'
import { serverIdentity, serverLabel } from '../shared/server-identity.js'
import { ArgumentReview, renderArguments, type ShownText } from './argument-review.js'
import { styles } from './mcp-tool-call.styles.js'

/**
 * Where a call is: `idle` (not started, or preparing), `awaiting` (approval), `allowed` (a prompt's answer was
 * allow, the call runs elsewhere), `running`, `done`, `error`, `denied`, `cancelled`.
 */
export type ToolCallState = 'idle' | 'awaiting' | 'allowed' | 'running' | 'done' | 'error' | 'denied' | 'cancelled'

/** Detail of `mcp-call-state`: the new state and the one before, with what the new state is about. */
export interface ToolCallStateDetail {
  state: ToolCallState
  previous: ToolCallState
  /** Leaving `awaiting`: the answer; `running` with no prompt: `remembered` (allowed always earlier). */
  decision?: ApprovalDecision | 'remembered'
  /** `done`, or `error` for a tool error (`isError`). */
  result?: CallToolResult
  /** `error`, `denied`, `cancelled`: what ended the call. */
  error?: unknown
  /** `done` and `error`: from sending to the answer, in ms (the approval's wait not included). */
  durationMs?: number
}

/** What the card shows of the call: the tool, the server, who asked, the arguments as they will be sent. */
interface Shown {
  tool: Tool
  server: ApprovalRequest['server']
  origin: CallOrigin
  args: Record<string, unknown>
  hints: ToolHints
  /** The request's offer to block the view that asked (see ApprovalRequest.block). */
  block?: () => void
}

/**
 * One tool call the user did not fill in (a view's request, a page's or a
 * model's choice), from approval to result. It shows the server (name and URL
 * host), the tool (icon, title, name), who asked for the call, the arguments
 * with the labels of the tool's schema and as JSON, and what the annotations
 * say, with the spec's defaults spelled out (a tool that says nothing "may
 * change or delete data" and "may reach outside systems"), marked "as the
 * server says" unless the client trusts the server (`trustAnnotations`).
 *
 * Its states (attribute `state`) are each shown and announced (a status line,
 * `role="status"`; failures `role="alert"`): awaiting approval (Allow once,
 * Always allow this tool, Deny; and Deny and block this app when the request
 * offers it: a view denied repeatedly), running (progress and Cancel), done (the
 * result with its duration), error (in words, with Retry), denied, cancelled.
 * A result or failure is framed as in `<mcp-tool>`: status, duration, Copy,
 * and the whole `CallToolResult` as JSON.
 * Every transition fires `mcp-call-state`.
 *
 * Two ways to use it:
 * - **Driven**: set `client` (or put it in an `<mcp-server>`), `name`, `arguments` and `origin`; connected, it
 *   starts the call (unless `manual`: then `start()`), and is itself the call's approval step: the client's own
 *   gate is not asked, the user is (a tool allowed always on this server runs at once). Retry is the user's
 *   approval of the same arguments.
 * - **As a prompt**: `ask(request)` from an approval gate shows the request and resolves with the user's answer
 *   (`<mcp-server>` does this in a dialog for calls from views and page code):
 *   `new McpClient(url, { approve: (request) => card.ask(request) })`.
 *
 * Server text (titles, arguments, results) is shown as text only.
 *
 * @tag mcp-tool-call
 *
 * @attr {string} name - The tool to call (driven use).
 * @attr {boolean} manual - Do not start the call on connect; `start()` does.
 * @attr {boolean} modal - Show the card in a modal dialog, naming the server, while it awaits approval. Escape denies.
 * @attr {ToolCallState} state - Read-only, reflected: where the call is.
 *
 * @property {McpClient} client - The client to call through (driven use); else the enclosing `<mcp-server>`'s.
 * @property {Record<string, unknown>} arguments - The call's arguments (driven use).
 * @property {CallOrigin} origin - Who asked for the call: `{ kind: 'model', model }`, `{ kind: 'view', uri }`, `{ kind: 'page' }` (default).
 *
 * @fires {CustomEvent<ToolCallStateDetail>} mcp-call-state - Each transition. Detail `{ state, previous, decision?, result?, error?, durationMs? }`.
 *
 * @csspart dialog - The `<dialog>` (with `modal`, while awaiting approval).
 * @csspart heading - The dialog's heading naming the server.
 * @csspart base - The card.
 * @csspart server - The server's name and host.
 * @csspart header - The tool's icon, title and name.
 * @csspart title - The tool's title.
 * @csspart origin - Who asked for the call.
 * @csspart arguments - The arguments, by their schema labels.
 * @csspart json - The arguments as JSON (a `<details>`).
 * @csspart name - An argument's name as sent. Like `value` and `json-text`: isolated (`unicode-bidi: isolate`), its
 *   invisible characters marked and long runs of spaces counted, cut short until shown whole.
 * @csspart value - An argument's value as sent.
 * @csspart json-text - The JSON text.
 * @csspart marker - A character a reader would not see (a control, bidirectional or zero-width character), or a run
 *   counted, shown as a marker such as ⟨U+202E RLO⟩ or ⟨100,001 spaces⟩.
 * @csspart key - An argument's name beside its schema label.
 * @csspart cut - The ellipsis after a name, value or JSON cut short.
 * @csspart show-whole - The button that shows a name, value or the JSON whole (also `button`).
 * @csspart too-long - Said in place of that button when the text is too long to show here.
 * @csspart review-note - Why Allow once and Always allow wait: a value not yet shown whole, or one too long to show.
 * @csspart hints - What the annotations say (each item also `hint hint-<kind>`: read-only, destructive, changes,
 *   idempotent, open-world, closed-world).
 * @csspart status - The announced line saying where the call is.
 * @csspart actions - The row of buttons.
 * @csspart button - Every button; also `allow`, `always`, `deny`, `block`, `cancel`, `retry`.
 * @csspart progress-bar - The `<progress>` while running.
 * @csspart result - The result or failure, in the frame `<mcp-tool>` uses: `result-frame` (with `data-status`:
 *   `success`, `tool-error`, `failure`), `result-heading`, `result-status`, `duration`, `copy`, `json-toggle`,
 *   `copy-status`, `result-json` (the whole `CallToolResult` with Show JSON); see `<mcp-tool>`.
 * @csspart error - A failure in words (said once).
 *
 * @cssprop --mcp-tool-call-width - The dialog's width. Default `min(36rem, 100vw - 2rem)`.
 * @cssprop --mcp-color-danger - Destructive hints and failures.
 * @cssprop --mcp-font-size-lg - The dialog's title (default `1.25rem`, or `--font-heading-sm-size`).
 * @cssprop --mcp-space-xl - Space inside the dialog (default `1.5rem`).
 * @cssprop --mcp-radius-lg - Corners of the dialog and of the card shown in the page (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-shadow - The card's lift off the page (default `0 1px 3px #0002`).
 * @cssprop --mcp-shadow-lg - The dialog's shadow (default `0 1rem 3rem rgb(0 0 0 / 0.3)`).
 * @cssprop --mcp-color-border-strong - Edges of the secondary buttons (3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpToolCallElement extends ConnectedElement {
  static override styles = styles

  @property({ reflect: true }) name = ''
  @property({ attribute: false }) arguments: Record<string, unknown> = {}
  @property({ attribute: false }) origin: CallOrigin = { kind: 'page' }
  @property({ type: Boolean, reflect: true }) modal = false
  @property({ type: Boolean }) manual = false
  /** Read-only: where the call is (reflected as the `state` attribute). */
  @property({ reflect: true }) state: ToolCallState = 'idle'

  @state() private shown?: Shown

  @query('dialog') private dialog?: HTMLDialogElement

  #i18n = new I18nController(this)
  #frame = new ResultFrameController(this)
  /** The driven call: in flight, or how it ended. */
  #calls = new CallRunner(this)
  /** Answers the approval shown, while one is. */
  #answer?: (answer: ApprovalAnswer) => void
  #started = false
  /** Where focus was before the dialog opened; it goes back there when the dialog closes. */
  #returnFocus?: HTMLElement

  get #client(): McpClient | undefined {
    return this.client ?? this.connection?.client
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    // Taken away: a pending approval is denied (never left hanging), a running call cancelled. A move (taken out and
    // put back at once) keeps both.
    queueMicrotask(() => {
      if (this.isConnected) return
      this.#answer?.({ decision: 'deny', by: 'user', reason: msg('tool-call.removed', 'the prompt was closed') })
      this.#calls.cancel(msg('tool-call.removed-running', 'the call card was closed'))
    })
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    if (!this.manual && !this.#started && this.name && this.#client && !this.#answer) {
      this.#started = true
      void this.start()
    }
    const dialog = this.dialog
    if (!dialog && this.#returnFocus) {
      // The dialog went with the answer: focus goes back where it was.
      if (this.#returnFocus.isConnected) this.#returnFocus.focus()
      this.#returnFocus = undefined
    }
    if (dialog && !dialog.open) {
      this.#returnFocus = deepActiveElement()
      dialog.showModal()
      // Deny first: Enter on an unread prompt must not run anything.
      this.renderRoot.querySelector<HTMLButtonElement>('button[data-action=deny]')?.focus()
    }
  }

  /**
   * Shows `request` (an approval gate's) and resolves with the user's answer: Allow once, Always allow this tool
   * (`allow-always`), or Deny. When the request's signal aborts (the call was cancelled or timed out) the card
   * shows `cancelled`. A newer `ask()` denies the one shown.
   */
  ask(request: ApprovalRequest): Promise<ApprovalAnswer> {
    this.#answer?.({ decision: 'deny', by: 'user', reason: msg('tool-call.replaced', 'another call was shown in its place') })
    const { block } = request
    this.shown = {
      tool: request.tool,
      server: request.server,
      origin: request.origin,
      args: request.arguments,
      hints: request.hints,
      ...(typeof block === 'function' && { block }),
    }
    this.#to('awaiting')
    return new Promise<ApprovalAnswer>((resolve) => {
      const settle = (answer: ApprovalAnswer) => {
        if (this.#answer !== settle) return
        this.#answer = undefined
        request.signal.removeEventListener('abort', onAbort)
        resolve(answer)
      }
      const onAbort = () => {
        settle({ decision: 'deny', by: 'user', reason: msg('tool-call.ended', 'the call ended before an answer') })
        this.#to('cancelled', { error: request.signal.reason })
      }
      this.#answer = settle
      if (request.signal.aborted) return onAbort()
      request.signal.addEventListener('abort', onAbort, { once: true })
    })
  }

  /** Answers the approval shown, as its buttons do. */
  respond(decision: ApprovalDecision): void {
    this.#respond({ decision, by: 'user' })
  }

  /** Denies the approval shown and blocks the view that asked, when the request offers it (Block this app). */
  block(): void {
    const block = this.shown?.block
    if (!this.#answer || !block) return
    block()
    this.#respond({ decision: 'deny', by: 'user', reason: msg('tool-call.blocked', 'the user blocked the app’s tool calls') })
  }

  #respond(answered: ApprovalAnswer): void {
    const answer = this.#answer
    if (!answer) return
    const { decision } = answered
    answer(answered)
    // Driven, the call goes on here; as a prompt, it runs wherever the gate was asked.
    this.#to(decision === 'deny' ? 'denied' : this.#calls.running ? 'running' : 'allowed', { decision })
  }

  /** Starts the call (driven use): what connecting does unless `manual`, and Retry. */
  async start(): Promise<void> {
    await this.#run(false)
  }

  /** Cancels the running call, or denies the approval shown. */
  cancel(): void {
    if (this.#answer) return this.respond('deny')
    this.#calls.cancel(msg('tool.cancelled-by-user', 'cancelled by the user'))
  }

  async #run(retry: boolean): Promise<void> {
    const client = this.#client
    const name = this.name
    if (!client || !name || this.#answer || this.state === 'running') return
    const args = this.arguments ?? {}
    const origin = this.origin ?? { kind: 'page' }
    const known = this.shown?.tool.name === name ? this.shown.tool : { name, inputSchema: { type: 'object' as const } }
    await this.#calls.run({
      tool: known,
      start: async ({ signal, onProgress }) => {
        const placed = (this.shown = { tool: known, server: { url: client.url }, origin, args, hints: toolHints(known, client.options.trustAnnotations) })
        if (retry) this.#to('running', { decision: 'allow-once' })
        else this.#to('idle')
        void this.#describe(client, name, placed, signal)
        // Retry is the user's: they see the arguments and press it. Otherwise the card asks, unless "always" was given.
        const approve = retry
          ? () => ({ decision: 'allow-once' as const, by: 'user', reason: msg('tool-call.retry-reason', 'pressed Retry with the arguments on screen') })
          : (request: ApprovalRequest) => this.ask(request)
        const whose = origin.kind === 'view' ? 'view' : 'page'
        const remembered = !retry && (await client.alwaysAllowed().catch(() => [])).some((g) => g.tool === name && g.origin === whose)
        // A newer run took its place meanwhile: this one ends unseen (the runner shows only its current run).
        if (!this.#calls.isRunning(signal)) throw signal.reason
        if (remembered) this.#to('running', { decision: 'remembered' })
        return client.callTool(name, args, { origin, approve, signal, onProgress })
      },
      ended: (end) => {
        const { durationMs } = this.#calls
        if ('result' in end) this.#to(end.result.isError ? 'error' : 'done', { result: end.result, durationMs })
        else if ('cancelled' in end) this.#to('cancelled', { error: end.cancelled })
        else if (end.error instanceof ToolCallDeniedError) this.#to('denied', { error: end.error })
        else if (end.error instanceof AbortError || end.error instanceof ApprovalTimeoutError) this.#to('cancelled', { error: end.error })
        else this.#to('error', { error: end.error, ...(durationMs !== undefined && { durationMs }) })
      },
    })
  }

  /** The tool as listed (title, icon, schema, annotations) and the server's name, for the card; shown as they come. */
  async #describe(client: McpClient, name: string, placed: Shown, signal: AbortSignal): Promise<void> {
    try {
      const [tool] = await Promise.all([
        client.listTools({ signal }).then((tools) => tools.find((t) => t.name === name)),
        // Settles client.serverInfo (a cached discover on a warm client).
        client.discover({ signal }).catch(() => undefined),
      ])
      // Only over what this run put on the card, even when the call has ended meanwhile (an always-allowed call
      // can end first). The gate's request, once shown, is what the call was approved on: it stays. So does a newer run's.
      if (this.shown !== placed) return
      this.shown = {
        ...placed,
        ...(tool && { tool, hints: toolHints(tool, client.options.trustAnnotations) }),
        server: namedServer(client.url, client.serverInfo),
      }
    } catch {
      // Only the card's looks: the call says what went wrong, if anything did.
    }
  }

  #to(next: ToolCallState, detail: Omit<ToolCallStateDetail, 'state' | 'previous'> = {}): void {
    const previous = this.state
    // The call is sent once it runs (after its approval): its duration counts from here.
    if (next === 'running') this.#calls.sent()
    if (next === previous) return
    this.state = next
    emit<ToolCallStateDetail>(this, 'mcp-call-state', { state: next, previous, ...detail })
  }

  #onDialogCancel(event: Event): void {
    // Escape: deny, and let the card (not the browser) close the dialog.
    event.preventDefault()
    this.respond('deny')
  }

  protected override render() {
    const card = this.#renderCard()
    if (!(this.modal && this.state === 'awaiting')) return card
    return html`<dialog part="dialog" aria-labelledby="heading" @cancel=${this.#onDialogCancel}>
      <h2 id="heading" part="heading">${msg('tool-call.dialog-title', '“{server}” wants to run a tool', { server: this.#serverLabel() })}</h2>
      ${card}
    </dialog>`
  }

  /** The server as the page knows it (its URL's host), with the name it gave itself (see shared/server-identity.ts). */
  /** The server as the page knows it (its URL's host), with the name it gave itself (see shared/server-identity.ts). */
  #server(): [client: Parameters<typeof serverIdentity>[0], given: string | undefined] {
    const server = this.shown?.server
    // The request's server when the card has no client of its own (a page's prompt): its URL is the one called.
    return [this.#client ?? server, server?.title || server?.name]
  }

  #serverLabel(): string {
    return serverLabel(...this.#server())
  }

  #renderCard() {
    const shown = this.shown
    if (!shown) {
      return html`<div part="base" class="base">
        <p part="status" class="status" role="status" aria-live="polite">
          ${this.#client && this.name ? msg('tool-call.idle', 'Preparing the call…') : msg('tool-call.nothing', 'No call to show.')}
        </p>
      </div>`
    }
    const { tool } = shown
    const url = shown.server.url
    const { host, name } = serverIdentity(...this.#server())
    const note = this.#reviewNote()
    return html`<article part="base" class="base" aria-labelledby="title">
      <p part="server" class="server">
        ${msg('tool-call.server', 'Server:')} <strong>${name ?? host}</strong>
        <span class="host">(${host})</span>
      </p>
      ${renderToolHeader(tool, url)}
      <p part="origin" class="origin">${originText(shown.origin)}</p>
      ${this.#renderArguments(tool, shown.args)} ${this.#renderHints(tool, shown.hints)}
      <p part="status" class="status" role="status" aria-live="polite" data-state=${this.state}>${this.#statusText()}</p>
      ${note ? html`<p id="review-note" part="review-note" class="review-note">${note}</p>` : nothing}
      ${this.#renderState()}
    </article>`
  }

  /** The arguments shown, as reviewed: built again for each new set of arguments, so nothing seen carries over. */
  #review?: ArgumentReview

  #reviewOf(args: Record<string, unknown>): ArgumentReview {
    if (this.#review?.args !== args) this.#review = new ArgumentReview(args)
    return this.#review
  }

  #renderArguments(tool: Tool, args: Record<string, unknown>) {
    return renderArguments(this.#reviewOf(args), tool, (text) => void this.#showWhole(text))
  }

  /** Shows `text` whole; its Show button goes, so focus moves to the text, where a keyboard user reads on. */
  async #showWhole(text: ShownText): Promise<void> {
    text.opened = true
    this.requestUpdate()
    await this.updateComplete
    this.renderRoot.querySelector(`[data-shown="${text.id}"]`)?.closest<HTMLElement>('[tabindex]')?.focus()
  }

  /** Why Allow waits while the call awaits approval: a name or value not yet seen whole, or one too long to show. */
  #reviewNote(): string | undefined {
    return this.state === 'awaiting' && this.shown ? this.#reviewOf(this.shown.args).note() : undefined
  }

  #renderHints(tool: Tool, hints: ToolHints) {
    const said = hints.trusted ? '' : msg('tool-call.hint-as-said', '(as the server says)')
    const assumed = msg('tool-call.hint-assumed', '(not stated: the spec’s default)')
    return html`<section role="group" aria-label=${msg('tool-call.hints', 'What this tool may do')}>
      <h4>${msg('tool-call.hints', 'What this tool may do')}</h4>
      <ul part="hints">
        ${shownHints(tool).map(
          ({ kind, stated }) =>
            html`<li part="hint hint-${kind}" class="hint ${kind}">${hintText(kind)} ${stated ? said : assumed}</li>`,
        )}
      </ul>
    </section>`
  }

  #statusText(): string {
    switch (this.state) {
      case 'awaiting':
        return msg('tool-call.awaiting', 'Waiting for your approval. Nothing has been sent.')
      case 'allowed':
        return msg('tool-call.allowed', 'Allowed.')
      case 'running':
        return msg('tool-call.running', 'Running…')
      case 'done':
        return msg('tool-call.done', 'Done in {duration}.', { duration: formatDuration(this.#calls.durationMs ?? 0) })
      case 'error':
        return this.#calls.durationMs === undefined
          ? msg('tool-call.failed-unsent', 'Failed before it was sent.')
          : msg('tool-call.failed', 'Failed after {duration}.', { duration: formatDuration(this.#calls.durationMs) })
      case 'denied':
        return msg('tool-call.denied', 'Denied. Nothing was sent.')
      case 'cancelled':
        return msg('tool-call.cancelled', 'Cancelled.')
      default:
        return this.#client && this.name ? msg('tool-call.idle', 'Preparing the call…') : ''
    }
  }

  #renderState(): TemplateResult | typeof nothing {
    switch (this.state) {
      case 'awaiting':
        return html`<div part="actions" class="actions">
          ${this.#button('deny', msg('tool-call.deny', 'Deny'), () => this.respond('deny'))}
          ${this.shown?.block ? this.#button('block', msg('tool-call.block', 'Deny and block this app'), () => this.block()) : nothing}
          ${this.#button('always', msg('tool-call.always', 'Always allow this tool'), () => this.respond('allow-always'))}
          ${this.#button('allow', msg('tool-call.allow', 'Allow once'), () => this.respond('allow-once'), true)}
        </div>`
      case 'idle':
      case 'running':
        if (!this.#calls.running) return nothing
        return html`<div class="progress">${this.state === 'running' ? renderProgress(this.#calls.running.progress) : nothing}</div>
          <div part="actions" class="actions">${this.#button('cancel', msg('tool.cancel', 'Cancel'), () => this.cancel())}</div>`
      case 'done':
        return this.#renderResult()
      case 'error':
        return html`${this.#renderResult()}
          ${this.name && this.#client ? html`<div part="actions" class="actions">${this.#button('retry', msg('tool-call.retry', 'Retry'), () => this.#retry())}</div>` : nothing}`
      case 'denied':
      case 'cancelled': {
        const { error } = this.#calls
        return error instanceof Error && !(error instanceof ToolCallDeniedError && error.by === 'user')
          ? html`<p class="reason">${error.message}</p>`
          : nothing
      }
      default:
        return nothing
    }
  }

  #retry(): void {
    void this.#run(true)
    // The Retry button goes away with the state: keep the keyboard user on the card.
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('button[data-action=cancel]')?.focus())
  }

  /** The result or failure in the shared frame (status, duration, Copy, JSON); the card's own Retry is below it. */
  #renderResult() {
    const shown = this.shown
    if (!shown) return nothing
    return html`<div part="result" class="result">
      ${this.#frame.render({
        tool: shown.tool,
        result: this.#calls.result,
        error: this.#calls.error,
        durationMs: this.#calls.durationMs,
        serverUrl: this.#client?.url ?? shown.server.url,
      })}
    </div>`
  }

  #button(action: string, label: string, onClick: () => void, primary = false) {
    // What the user approves is what is sent: allowing waits until every name and value has been seen whole.
    const waits = (action === 'allow' || action === 'always') && this.#reviewNote() !== undefined
    return html`<button
      type="button"
      part="button ${action}"
      class=${primary ? 'primary' : ''}
      data-action=${action}
      ?disabled=${waits}
      aria-describedby=${waits ? 'review-note' : nothing}
      @click=${onClick}
    >
      ${label}
    </button>`
  }
}

const hintText = (kind: HintKind): string =>
  ({
    'read-only': () => msg('tool-call.hint.read-only', 'Only reads data'),
    destructive: () => msg('tool-call.hint.destructive', 'May change or delete data'),
    changes: () => msg('tool-call.hint.changes', 'May change data, but not delete it'),
    idempotent: () => msg('tool-call.hint.idempotent', 'Running it again with the same arguments changes nothing more'),
    'open-world': () => msg('tool-call.hint.open-world', 'May reach outside systems'),
    'closed-world': () => msg('tool-call.hint.closed-world', 'Stays within the server’s own systems'),
  })[kind]()

function originText(origin: CallOrigin): string {
  switch (origin?.kind) {
    case 'user':
      return msg('tool-call.origin.user', 'You asked for this call.')
    case 'view':
      return msg('tool-call.origin.view', 'Asked for by the app view {uri}.', { uri: String(origin.uri ?? '') })
    case 'model':
      return origin.model
        ? msg('tool-call.origin.model-named', 'Chosen by a model ({model}).', { model: String(origin.model) })
        : msg('tool-call.origin.model', 'Chosen by a model.')
    default:
      return msg('tool-call.origin.page', 'Asked for by this page’s code.')
  }
}
