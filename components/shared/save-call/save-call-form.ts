/**
 * The "Save call" form of `<mcp-tool>` and `<mcp-call-log>`: a name field, Save and Cancel, inline (never a
 * `prompt()`). A chunk of its own, loaded when the user first opens it. Saving goes through `savedCalls(client)`,
 * which leaves out what the tool's schema marks as secret; nothing is called.
 */
import { css, html, type ReactiveControllerHost, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import { savedCalls, type McpClient, type Tool } from '../../../src/client/index.js'
import { adoptStyles } from '../adopt-styles.js'
import { msg } from '../i18n.js'
import { textFieldStyles } from '../text-field-styles.js'

/** The call a form saves: its tool, and its arguments at the moment Save is pressed. */
export interface CallToSave {
  client: McpClient
  tool: Tool | string
  args: () => Record<string, unknown>
  /** Makes the form's ids unique in its shadow root (one form per call-log record). */
  id: string
  /** Closes the form (Cancel, or Escape). */
  close: () => void
}

const styles = css`
  .save-call-form {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-space);
    align-items: end;
    margin: 0 0 var(--mcp-space-m);
  }
  .save-call-form label {
    display: flex;
    flex-direction: column;
    gap: var(--mcp-space-xs);
    flex: 1 1 12rem;
    min-width: 0;
  }
  .save-call-form p {
    flex-basis: 100%;
    margin: 0;
    overflow-wrap: anywhere;
  }
  .save-call-form .failed {
    color: var(--mcp-color-danger);
  }
`


export class SaveCallForm {
  #name = ''
  #status = ''
  #failed = false
  #saving = false

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    adoptStyles(host.shadowRoot, styles)
    adoptStyles(host.shadowRoot, textFieldStyles)
  }

  render(call: CallToSave): TemplateResult {
    const input = `save-call-name-${call.id}`
    return html`<form
      part="save-call-form"
      class="save-call-form"
      aria-label=${msg('save-call.form', 'Save this call')}
      @submit=${(e: Event) => this.#save(e, call)}
      @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.stopPropagation(), call.close())}
    >
      <label part="save-call-label" for=${input}
        >${msg('save-call.name', 'Name of the saved call')}
        <input
          id=${input}
          part="save-call-name"
          type="text"
          name="name"
          required
          maxlength="200"
          autocomplete="off"
          .value=${live(this.#name)}
          @input=${(e: Event) => (this.#name = (e.target as HTMLInputElement).value)}
      /></label>
      <button part="save-call-save" class="primary" type="submit" ?disabled=${this.#saving}>${msg('save-call.save', 'Save')}</button>
      <button part="save-call-cancel" type="button" @click=${() => call.close()}>${msg('save-call.cancel', 'Cancel')}</button>
      <p part="save-call-status" class=${this.#failed ? 'failed' : ''} role="status">${this.#status}</p>
    </form>`
  }

  async #save(event: Event, call: CallToSave): Promise<void> {
    event.preventDefault()
    if (this.#saving) return
    this.#saving = true
    this.#status = ''
    this.host.requestUpdate()
    try {
      const saved = await savedCalls(call.client).save({ name: this.#name, tool: call.tool, arguments: call.args() })
      this.#status = msg('save-call.saved', 'Saved as “{name}”.', { name: saved.name })
      this.#failed = false
      this.#name = ''
    } catch (error) {
      this.#status = error instanceof Error ? error.message : String(error)
      this.#failed = true
    } finally {
      this.#saving = false
      this.host.requestUpdate()
    }
  }
}
