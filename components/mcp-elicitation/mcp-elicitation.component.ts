import { LitElement, html, nothing } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import type { ElicitRequestParams, ElicitResult } from '../../src/client/index.js'
import type { McpSchemaFormElement } from '../mcp-schema-form/mcp-schema-form.js'
import '../mcp-schema-form/mcp-schema-form.js'
import { emit } from '../shared/events.js'
import { deepActiveElement } from '../shared/focus.js'
import { I18nController, msg } from '../shared/i18n.js'
import { styles } from './mcp-elicitation.styles.js'
import { checkUrl } from './url-check.js'

/** The request that asked for input: the method and params of the originating call (a tool and its arguments, a prompt, a resource). */
export interface ElicitationOrigin {
  method: string
  params?: Record<string, unknown>
}

/**
 * One elicitation request from a server, shown as a modal dialog that always
 * names the server that asks. Form mode shows the message and a form built
 * from the restricted `requestedSchema` (defaults pre-filled), validated
 * before it is sent; URL mode shows the full URL with its host highlighted,
 * warns about punycode hosts, plain `http:` and embedded credentials, and
 * fetches nothing until the user chooses Open (a new tab, `noopener`). Besides Accept or Open, the user can say no
 * (`decline`) or leave the question for now (`cancel`).
 *
 * One element answers one request: the answer resolves `response` and fires
 * `mcp-elicitation-response`, and the dialog closes. Escape, or removing the
 * element unanswered, answers `cancel`.
 *
 * @tag mcp-elicitation
 *
 * @attr {string} server-name - The name of the server that asks (shown in the title).
 *
 * @property {ElicitRequestParams} params - The request's `params` (`mode`, `message`, and `requestedSchema` or `url`).
 * @property {ElicitationOrigin} request - Optional: the call that asked (e.g. `{ method: 'tools/call', params: { name, arguments } }`), shown as context.
 * @property {Promise<ElicitResult>} response - Read-only: settles with the user's answer.
 *
 * @fires {CustomEvent<ElicitResult>} mcp-elicitation-response - The user answered. `detail`: the `ElicitResult` (`{ action, content? }`).
 *
 * @csspart dialog - The `<dialog>`.
 * @csspart title - The heading naming the server.
 * @csspart context - The line saying which call asks.
 * @csspart message - The server's message.
 * @csspart form - The `<mcp-schema-form>` (form mode).
 * @csspart url - The full URL (URL mode).
 * @csspart host - The URL's host, highlighted.
 * @csspart warnings - The list of warnings about the URL.
 * @csspart error - Why the request cannot be answered with Accept / Open.
 * @csspart actions - The row of buttons.
 * @csspart actions-note - The line under the buttons saying what “Say no” and “Not now” tell the server.
 * @csspart button - Every button; also `accept`, `open`, `decline`, `cancel`.
 *
 * @cssprop --mcp-elicitation-width - The dialog's width. Default `min(36rem, 100vw - 2rem)`.
 * @cssprop --mcp-font-size-lg - The dialog's title (default `1.25rem`, or `--font-heading-sm-size`).
 * @cssprop --mcp-space-xl - Space inside the dialog (default `1.5rem`).
 * @cssprop --mcp-radius-lg - Corners of the dialog (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-shadow-lg - The dialog's shadow (default `0 1rem 3rem rgb(0 0 0 / 0.3)`).
 * @cssprop --mcp-color-border-strong - Edges of the secondary buttons (3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpElicitationElement extends LitElement {
  static override styles = styles

  @property({ attribute: false }) params?: ElicitRequestParams
  @property({ attribute: 'server-name' }) serverName = ''
  @property({ attribute: false }) request?: ElicitationOrigin

  @state() private answered = false

  @query('dialog') private dialog?: HTMLDialogElement
  @query('mcp-schema-form') private form?: McpSchemaFormElement

  /** Settles with the user's answer. */
  readonly response: Promise<ElicitResult>
  #resolve!: (result: ElicitResult) => void
  /** Where focus was before the dialog opened; it goes back there when the dialog closes. */
  #returnFocus?: HTMLElement
  #i18n = new I18nController(this)

  constructor() {
    super()
    this.response = new Promise((resolve) => (this.#resolve = resolve))
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.#returnFocus = deepActiveElement()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    // Taken away unanswered (the page removed it, the call was aborted): the server hears "cancel", never nothing.
    this.#finish({ action: 'cancel' })
  }

  protected override async firstUpdated(): Promise<void> {
    if (!this.dialog?.isConnected || this.dialog.open || this.answered) return
    this.dialog.showModal()
    // Form mode: the first field (its `control` part; the form's own first stop is its JSON toggle). URL mode: Not now
    // (cancel), so that Enter never opens a link by accident.
    if (this.#isUrlMode) {
      this.renderRoot.querySelector<HTMLButtonElement>('button[data-action=cancel]')?.focus()
      return
    }
    await this.form?.updateComplete
    const first = this.form?.shadowRoot?.querySelector<HTMLElement>('[part~="control"]')
    if (first) first.focus()
    else this.renderRoot.querySelector<HTMLButtonElement>('button[data-action=accept], button[data-action=cancel]')?.focus()
  }

  /** Answers for the user (as the buttons do); the first answer wins. */
  respond(result: ElicitResult): void {
    this.#finish(result)
  }

  get #isUrlMode(): boolean {
    return this.params?.mode === 'url'
  }

  #finish(result: ElicitResult): void {
    if (this.answered) return
    this.answered = true
    if (this.dialog?.open) this.dialog.close()
    if (this.#returnFocus?.isConnected) this.#returnFocus.focus()
    emit<ElicitResult>(this, 'mcp-elicitation-response', result)
    this.#resolve(result)
  }

  /** Accept in form mode: the form checks the answer against `requestedSchema` (required, formats, bounds, then the whole schema). */
  async #accept(): Promise<void> {
    const form = this.form
    if (!form || this.answered || this.#isUrlMode) return
    if (!(await form.validate())) return
    this.#finish({ action: 'accept', content: form.arguments as ElicitResult['content'] })
  }

  #open(href: string): void {
    if (this.answered) return
    // A new top-level browsing context with no opener and no referrer: neither this page nor the server's page can reach the other.
    window.open(href, '_blank', 'noopener,noreferrer')
    this.#finish({ action: 'accept' })
  }

  /** Escape (the dialog's own `cancel` event) answers cancel; closing by any other way than an answer does too. */
  #onCancel(event: Event): void {
    event.preventDefault()
    this.#finish({ action: 'cancel' })
  }

  protected override render() {
    const server = this.serverName || msg('elicitation.unnamed-server', 'A server with no name')
    const urlMode = this.#isUrlMode
    return html`<dialog
      part="dialog"
      aria-labelledby="title"
      aria-describedby="message"
      @cancel=${this.#onCancel}
      @close=${() => this.#finish({ action: 'cancel' })}
    >
      <h2 id="title" part="title">
        ${
          urlMode
            ? msg('elicitation.url-title', '“{server}” asks you to open a page', { server })
            : msg('elicitation.form-title', '“{server}” asks for information', { server })
        }
      </h2>
      ${this.#renderOrigin()}
      <p id="message" part="message">${this.params?.message ?? ''}</p>
      ${urlMode ? this.#renderUrl() : this.#renderForm()}
    </dialog>`
  }

  #renderOrigin() {
    const origin = this.request
    if (!origin) return nothing
    const p = origin.params ?? {}
    const name = typeof p.name === 'string' ? p.name : ''
    const text =
      origin.method === 'tools/call'
        ? msg('elicitation.origin-tool', 'Asked while running the tool “{name}”', { name })
        : origin.method === 'prompts/get'
          ? msg('elicitation.origin-prompt', 'Asked while getting the prompt “{name}”', { name })
          : origin.method === 'resources/read'
            ? msg('elicitation.origin-resource', 'Asked while reading {uri}', { uri: String(p.uri ?? '') })
            : msg('elicitation.origin-other', 'Asked during {method}', { method: origin.method })
    const args = origin.method === 'tools/call' ? p.arguments : origin.method === 'prompts/get' ? p.arguments : undefined
    const shown = args && typeof args === 'object' && Object.keys(args).length ? compactJson(args) : ''
    return html`<p part="context" class="context">
      ${text}${shown ? html` ${msg('elicitation.origin-arguments', 'with')} <code>${shown}</code>` : nothing}
    </p>`
  }

  #renderForm() {
    const params = this.params
    const schema: unknown = params && 'requestedSchema' in params ? params.requestedSchema : undefined
    // A hostile or broken request may send anything here; the form needs an object schema with properties.
    const usable = isObjectSchema(schema)
    const failure = usable ? undefined : msg('elicitation.bad-schema', 'The server sent no form that can be shown.')
    return html`${
        usable
          ? html`<mcp-schema-form
              part="form"
              .schema=${schema}
              ?disabled=${this.answered}
              @mcp-form-submit=${() => this.#accept()}
            ></mcp-schema-form>`
          : nothing
      }
      ${failure ? html`<p part="error" class="error" role="alert">${failure}</p>` : nothing}
      ${this.#actions(failure ? nothing : this.#button('accept', msg('elicitation.accept', 'Accept'), () => this.#accept(), true))}`
  }

  #renderUrl() {
    const raw = this.params && 'url' in this.params ? this.params.url : undefined
    const checked = checkUrl(raw)
    const warnings = {
      punycode: msg(
        'elicitation.warn-punycode',
        'The host name contains encoded international letters (xn--): it may imitate the name of another site.',
      ),
      http: msg('elicitation.warn-http', 'The address uses plain http: what you send there is not encrypted.'),
      credentials: msg(
        'elicitation.warn-credentials',
        'The address carries a user name or password before “@”: the site you would visit is the host after it.',
      ),
    }
    return html`${
        checked
          ? html`<p part="url" class="url">
                <span class="visually-hidden">${msg('elicitation.url-label', 'Address:')}</span>${checked.before}<strong
                  part="host"
                  class="host"
                  >${checked.host}</strong
                >${checked.after}
              </p>
              ${
                checked.warnings.length
                  ? html`<ul part="warnings" class="warnings">
                      ${checked.warnings.map((w) => html`<li data-warning=${w}>${warnings[w]}</li>`)}
                    </ul>`
                  : nothing
              }
              <p class="note">
                ${msg(
                  'elicitation.url-note',
                  'Nothing has been loaded from this address. Open shows it in a new tab; what you enter there goes to that site, not to this page.',
                )}
              </p>`
          : html`<p part="url" class="url">${String(raw ?? '')}</p>
              <p part="error" class="error" role="alert">
                ${msg('elicitation.bad-url', 'This address cannot be opened: only http and https addresses are allowed.')}
              </p>`
      }
      ${this.#actions(checked ? this.#button('open', msg('elicitation.open', 'Open'), () => this.#open(checked.href), true) : nothing)}`
  }

  /**
   * The two ways not to answer, named by what the server hears (the protocol's decline and cancel), then `main`, and
   * a line saying how the two differ.
   */
  #actions(main: unknown) {
    return html`<div part="actions" class="actions">
        ${this.#button('cancel', msg('elicitation.cancel', 'Not now'), () => this.#finish({ action: 'cancel' }))}
        ${this.#button('decline', msg('elicitation.decline', 'Say no'), () => this.#finish({ action: 'decline' }))} ${main}
      </div>
      <p part="actions-note" class="note">
        ${msg('elicitation.actions-note', '“Say no” tells the server you refuse. “Not now” closes this and leaves its question unanswered.')}
      </p>`
  }

  #button(action: string, label: string, onClick: () => void, primary = false) {
    return html`<button
      type="button"
      part="button ${action}"
      class=${primary ? 'primary' : ''}
      data-action=${action}
      ?disabled=${this.answered}
      @click=${onClick}
    >
      ${label}
    </button>`
  }
}


function isObjectSchema(schema: unknown): schema is { type: 'object'; properties: object } {
  const s = schema as { type?: unknown; properties?: unknown } | null
  return typeof s === 'object' && s !== null && s.type === 'object' && typeof s.properties === 'object' && s.properties !== null
}

/** JSON on one line, cut to a length that fits a context line. */
function compactJson(value: unknown, max = 160): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? ''
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
