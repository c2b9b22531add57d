/**
 * The two panels under a tool's form, Copy as code and Save call: their toggle buttons, and each panel with its code
 * loaded when the user first opens it (a panel whose chunk did not load says why; opening it again tries again).
 */
import { html, nothing, type ReactiveControllerHost } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { McpClient, Tool } from '../../src/client/index.js'
import { msg } from '../shared/i18n.js'
import { lazyModule } from '../shared/lazy-element.js'
import { LazySaveCallForm } from '../shared/save-call/lazy-save-call-form.js'
import type { CopyCodePanel } from './copy-code.js'

const loadCopyCode = lazyModule(() => import('./copy-code.js'))

/** What the panels read of their element: the client it calls with, and the form's arguments now. */
export interface ToolPanelsSource {
  client(): McpClient | undefined
  args(): Record<string, unknown>
}

export class ToolPanels {
  #codeOpen = false
  /** Why the Copy as code chunk did not load (offline, say). */
  #codeError = ''
  #codePanel?: CopyCodePanel
  #saveOpen = false
  /** Why the Save call chunk did not load. */
  #saveError = ''
  #saveForm: LazySaveCallForm

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly source: ToolPanelsSource,
  ) {
    this.#saveForm = new LazySaveCallForm(host)
  }

  /** The two toggle buttons, for the form's row of actions. */
  renderToggles() {
    return html`<button
        id="copy-code-toggle"
        part="button copy-code-toggle"
        type="button"
        aria-expanded=${this.#codeOpen ? 'true' : 'false'}
        aria-controls=${ifDefined(this.#codeOpen && this.#codePanel ? 'copy-code-panel' : undefined)}
        @click=${this.#toggleCode}
      >
        ${msg('tool.copy-code', 'Copy as code')}
      </button>
      <button
        id="save-call-toggle"
        part="button save-call-toggle"
        type="button"
        aria-expanded=${this.#saveOpen ? 'true' : 'false'}
        @click=${this.#toggleSave}
      >
        ${msg('tool.save-call', 'Save call')}
      </button>`
  }

  /** The open panels, for `tool`. */
  renderPanels(tool: Tool) {
    return html`${this.#codeOpen ? this.#renderCode(tool) : nothing} ${this.#saveOpen ? this.#renderSave(tool) : nothing}`
  }

  #toggleCode = (): void => {
    this.#codeOpen = !this.#codeOpen
    this.#codeError = ''
    this.host.requestUpdate()
    if (this.#codePanel || !this.#codeOpen) return
    loadCopyCode().then(
      ({ CopyCodePanel }) => {
        this.#codePanel ??= new CopyCodePanel(this.host)
        this.host.requestUpdate()
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error)
        this.#codeError = msg('tool.copy-load-failed', 'Copy as code could not load ({reason}). Close it and open it again to retry.', {
          reason,
        })
        this.host.requestUpdate()
      },
    )
  }

  #toggleSave = (): void => {
    this.#saveOpen = !this.#saveOpen
    this.#saveError = ''
    this.host.requestUpdate()
    if (!this.#saveOpen) return
    this.#saveForm.open((reason) => {
      this.#saveError = msg('tool.save-load-failed', 'Save call could not load ({reason}). Close it and open it again to retry.', {
        reason,
      })
      this.host.requestUpdate()
    })
  }

  #renderCode(tool: Tool) {
    const client = this.source.client()
    if (this.#codeError) return html`<p part="error" class="error" role="alert">${this.#codeError}</p>`
    if (!this.#codePanel || !client) return html`<p class="status" role="status">${msg('tool.copy-loading', 'Loading…')}</p>`
    return this.#codePanel.render({ client, tool, args: this.source.args })
  }

  #renderSave(tool: Tool) {
    const client = this.source.client()
    if (this.#saveError) return html`<p part="error" class="error" role="alert">${this.#saveError}</p>`
    const form = this.#saveForm.form
    if (!form || !client) return html`<p class="status" role="status">${msg('tool.copy-loading', 'Loading…')}</p>`
    return form.render({
      client,
      tool,
      id: 'tool',
      args: this.source.args,
      close: () => {
        this.#saveOpen = false
        this.host.requestUpdate()
        void this.host.updateComplete.then(() => this.host.shadowRoot?.querySelector<HTMLButtonElement>('#save-call-toggle')?.focus())
      },
    })
  }
}
