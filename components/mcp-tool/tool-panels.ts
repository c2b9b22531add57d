/**
 * The two panels under a tool's form, Copy as code and Save call: their toggle buttons, and each panel with its code
 * loaded when the user first opens it (a panel whose chunk did not load says why, and how to retry: opening it again,
 * which works in Chromium and WebKit, or reloading the page, which Firefox needs: see ChunkLoadError).
 */
import { html, nothing, type ReactiveControllerHost } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { McpClient, Tool } from '../../src/client/index.js'
import { msg } from '../shared/i18n.js'
import { type ChunkLoadError, lazyModule } from '../shared/lazy-element.js'
import { LazySaveCallForm } from '../shared/save-call/lazy-save-call-form.js'
import type { CopyCodePanel } from './copy-code.js'

const loadCopyCode = lazyModule(() => import('./copy-code.js'))

/** What the panels read of their element: the client it calls with, and the form's arguments now. */
export interface ToolPanelsSource {
  client(): McpClient | undefined
  args(): Record<string, unknown>
}

/** What a panel named `panel` says when its chunk did not load (message `id`, and `id`-again once a retry failed too). */
const loadFailed =
  (id: string, panel: string) =>
  ({ message: reason, again }: ChunkLoadError): string =>
    again
      ? msg(`${id}-again`, `${panel} could not load again ({reason}). Reload the page to retry.`, { reason })
      : msg(id, `${panel} could not load ({reason}). Close it and open it again to retry; if it fails again, reload the page.`, { reason })

/** One panel's open state, and why its code did not load (offline, say): opening it again imports it again. */
class PanelState {
  open = false
  error = ''

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly failedMessage: (error: ChunkLoadError) => string,
  ) {}

  /** Opens or closes the panel; opening it runs `load`, which reports why it failed, if it does. */
  toggle(load: (failed: (error: ChunkLoadError) => void) => void): void {
    this.open = !this.open
    this.error = ''
    this.host.requestUpdate()
    if (!this.open) return
    load((error) => {
      this.error = this.failedMessage(error)
      this.host.requestUpdate()
    })
  }

  /** What the panel shows until it can render: why its code did not load, or that it is loading. */
  renderStatus() {
    if (this.error) return html`<p part="error" class="error" role="alert">${this.error}</p>`
    return html`<p class="status" role="status">${msg('tool.copy-loading', 'Loading…')}</p>`
  }
}

export class ToolPanels {
  #code: PanelState
  #codePanel?: CopyCodePanel
  #save: PanelState
  #saveForm: LazySaveCallForm

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly source: ToolPanelsSource,
  ) {
    this.#code = new PanelState(host, loadFailed('tool.copy-load-failed', 'Copy as code'))
    this.#save = new PanelState(host, loadFailed('tool.save-load-failed', 'Save call'))
    this.#saveForm = new LazySaveCallForm(host)
  }

  /** The two toggle buttons, for the form's row of actions. */
  renderToggles() {
    return html`<button
        id="copy-code-toggle"
        part="button copy-code-toggle"
        type="button"
        aria-expanded=${this.#code.open ? 'true' : 'false'}
        aria-controls=${ifDefined(this.#code.open && this.#codePanel ? 'copy-code-panel' : undefined)}
        @click=${this.#toggleCode}
      >
        ${msg('tool.copy-code', 'Copy as code')}
      </button>
      <button
        id="save-call-toggle"
        part="button save-call-toggle"
        type="button"
        aria-expanded=${this.#save.open ? 'true' : 'false'}
        @click=${this.#toggleSave}
      >
        ${msg('tool.save-call', 'Save call')}
      </button>`
  }

  /** The open panels, for `tool`. */
  renderPanels(tool: Tool) {
    return html`${this.#code.open ? this.#renderCode(tool) : nothing} ${this.#save.open ? this.#renderSave(tool) : nothing}`
  }

  #toggleCode = (): void =>
    this.#code.toggle((failed) => {
      if (this.#codePanel) return
      loadCopyCode().then(
        ({ CopyCodePanel }) => {
          this.#codePanel ??= new CopyCodePanel(this.host)
          this.host.requestUpdate()
        },
        // lazyModule rejects with a ChunkLoadError only.
        (error: unknown) => failed(error as ChunkLoadError),
      )
    })

  #toggleSave = (): void => this.#save.toggle((failed) => this.#saveForm.open(failed))

  #renderCode(tool: Tool) {
    const client = this.source.client()
    const panel = this.#codePanel
    if (this.#code.error || !panel || !client) return this.#code.renderStatus()
    return panel.render({ client, tool, args: this.source.args })
  }

  #renderSave(tool: Tool) {
    const client = this.source.client()
    const form = this.#saveForm.form
    if (this.#save.error || !form || !client) return this.#save.renderStatus()
    return form.render({
      client,
      tool,
      id: 'tool',
      args: this.source.args,
      close: () => {
        this.#save.open = false
        this.host.requestUpdate()
        void this.host.updateComplete.then(() => this.host.shadowRoot?.querySelector<HTMLButtonElement>('#save-call-toggle')?.focus())
      },
    })
  }
}
