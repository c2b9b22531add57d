import { Task, TaskStatus } from '@lit/task'
import { html, nothing, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { ContentBlock, GetPromptResult, McpClient, Prompt, PromptArgument, PromptMessage } from '../../src/client/index.js'
import { humaniseName } from '../../src/schema/form-model.js'
import { ComboboxController } from '../shared/combobox.js'
import { CompletionController } from '../shared/completion.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import { clientOf, errorText, usable } from '../shared/item-list.js'
import '../mcp-content/mcp-content.js'
import { styles } from './mcp-prompt.styles.js'

/** Detail of `mcp-prompt-result`. */
export interface PromptResultDetail {
  name: string
  /** The arguments sent (empty optional fields left out). */
  arguments: Record<string, string>
  result: GetPromptResult
}

/**
 * One prompt: a form with a labelled field per argument (required ones
 * marked, descriptions as help, the server's completion suggestions offered
 * as you type in a listbox: ArrowDown/ArrowUp move, Enter picks, Escape closes,
 * a second Escape clears), a Get button, and the messages the server returns, each
 * labelled with its role and shown through `<mcp-content>`.
 *
 * @tag mcp-prompt
 *
 * @property prompt - The prompt to show (`Prompt` from a prompts listing).
 * @property client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 *
 * @fires {CustomEvent<PromptResultDetail>} mcp-prompt-result - The server answered Get. Detail: `{ name, arguments, result }` (`PromptResultDetail`).
 *
 * @csspart base - The wrapper around everything.
 * @csspart form - The arguments form.
 * @csspart field - Each argument's label, input, help and error. An argument with no title is labelled by its name
 *   humanised ("user_id" → "User id"), the name itself beside it (part `key`).
 * @csspart key - An untitled argument's own name, beside its humanised label.
 * @csspart listbox - The list of an argument's completion suggestions.
 * @csspart option - Each suggestion.
 * @csspart get - The Get button.
 * @csspart status - The live region saying the prompt is being fetched.
 * @csspart error - The error message when Get failed.
 * @csspart result - The result: its description and messages.
 * @csspart message - Each message (also `message-user` or `message-assistant`).
 * @csspart role - The role label of a message.
 *
 * @cssprop --mcp-color-danger - Required marks and errors.
 * @cssprop --mcp-color-border - Borders of the form and the messages.
 * @cssprop --mcp-font-size-lg - The prompt's title (default `1.25rem`, or `--font-heading-sm-size`).
 * @cssprop --mcp-radius-lg - Corners of the form and the messages (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-color-border-strong - Edges of the text boxes (3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpPromptElement extends ConnectedElement {
  static override styles = styles

  /** The prompt to fill in and get. */
  @property({ attribute: false }) prompt?: Prompt

  /** What the user typed, by argument name. */
  @state() private values: Record<string, string> = {}
  /** Required arguments left empty at the last Get. */
  @state() private missing: string[] = []

  #i18n = new I18nController(this)
  #completion = new CompletionController(this)
  #combobox = new ComboboxController(this)
  #get = new Task(this, {
    autoRun: false,
    task: async ([client, name, args]: readonly [McpClient, string, Record<string, string>], { signal }) => {
      const result = await client.getPrompt(name, args, { signal })
      emit<PromptResultDetail>(this, 'mcp-prompt-result', { name, arguments: args, result })
      return { name, result }
    },
  })

  protected override willUpdate(changed: PropertyValues): void {
    const before = changed.get('prompt') as Prompt | undefined
    if (changed.has('prompt') && before?.name !== this.prompt?.name) {
      this.values = {}
      this.missing = []
      this.#completion.reset()
      this.#combobox.close()
      this.#get.abort()
    }
  }

  override render() {
    const prompt = this.prompt
    if (!prompt) return nothing
    const args = usable<PromptArgument>(prompt.arguments, 'name').kept
    const ref = { type: 'ref/prompt' as const, name: prompt.name }
    const ask = (name: string, value: string) => this.#completion.request(clientOf(this), ref, name, value, this.values)
    const pending = this.#get.status === TaskStatus.PENDING
    const shown = this.#get.status === TaskStatus.COMPLETE && this.#get.value?.name === prompt.name ? this.#get.value.result : undefined
    return html`<div part="base">
      <form part="form" novalidate @submit=${this.#submit}>
        <p id="prompt-title" class="title">${prompt.title || prompt.name}</p>
        ${prompt.description ? html`<p class="description">${prompt.description}</p>` : nothing}
        ${args.map((arg, i) => {
          const name = arg.name
          const invalid = this.missing.includes(name)
          const describedBy = [arg.description ? `help-${i}` : '', invalid ? `error-${i}` : ''].filter(Boolean).join(' ')
          return html`<div part="field" class="field">
            <label for="arg-${i}">
              <span class="arg-label">${arg.title || humaniseName(name)}</span>
              ${
                arg.required
                  ? html`<span class="required" aria-hidden="true">*</span
                      ><span class="visually-hidden">${msg('prompt.required', '(required)')}</span>`
                  : nothing
              }
            </label>
            ${arg.title || humaniseName(name) === name ? nothing : html`<code class="key" part="key">${name}</code>`}
            ${this.#combobox.render({
              id: `arg-${i}`,
              name,
              label: arg.title || humaniseName(name),
              value: this.values[name] ?? '',
              suggestions: this.#completion.suggestions[name] ?? [],
              required: arg.required === true,
              invalid,
              describedBy,
              onValue: (value) => {
                this.values = { ...this.values, [name]: value }
                if (value) this.missing = this.missing.filter((n) => n !== name)
              },
              ask: (value) => ask(name, value),
            })}
            ${arg.description ? html`<span id="help-${i}" class="help">${arg.description}</span>` : nothing}
            ${invalid ? html`<span id="error-${i}" class="field-error">${msg('prompt.missing', 'Fill this in.')}</span>` : nothing}
          </div>`
        })}
        <button part="get" class="primary" type="submit" ?disabled=${pending || !clientOf(this)}>${msg('prompt.get', 'Get')}</button>
      </form>
      <p part="status" class="status" role="status" aria-live="polite">${pending ? msg('prompt.getting', 'Getting the prompt…') : ''}</p>
      ${
        this.#get.status === TaskStatus.ERROR
          ? html`<p part="error" class="error" role="alert">
              ${msg('prompt.error', 'Could not get the prompt: {message}', { message: errorText(this.#get.error) })}
            </p>`
          : nothing
      }
      <div aria-live="polite">${shown ? this.#renderResult(shown) : nothing}</div>
    </div>`
  }

  #renderResult(result: GetPromptResult) {
    const messages: PromptMessage[] = Array.isArray(result.messages) ? result.messages : []
    return html`<section part="result" class="result" role="group" aria-label=${msg('prompt.result', 'Prompt messages')}>
      ${result.description ? html`<p class="description">${result.description}</p>` : nothing}
      ${
        messages.length
          ? html`<ol class="messages">
              ${messages.map((message) => {
                const role = String(message?.role)
                const label =
                  role === 'user'
                    ? msg('prompt.role.user', 'User')
                    : role === 'assistant'
                      ? msg('prompt.role.assistant', 'Assistant')
                      : role
                const content = message?.content as ContentBlock | ContentBlock[] | undefined
                return html`<li
                  part="message message-${role === 'assistant' ? 'assistant' : 'user'}"
                  class="message ${role === 'assistant' ? 'assistant' : 'user'}"
                >
                  <span part="role" class="role">${label}</span>
                  <mcp-content
                    .blocks=${Array.isArray(content) ? content : content === undefined ? [] : [content]}
                    .client=${clientOf(this)}
                  ></mcp-content>
                </li>`
              })}
            </ol>`
          : html`<p class="description">${msg('prompt.no-messages', 'The prompt has no messages.')}</p>`
      }
    </section>`
  }

  #submit = (event: SubmitEvent): void => {
    event.preventDefault()
    const prompt = this.prompt
    const client = clientOf(this)
    if (!prompt || !client) return
    const args = usable<PromptArgument>(prompt.arguments, 'name').kept
    this.missing = args.filter((a) => a.required && !this.values[a.name]).map((a) => a.name)
    if (this.missing.length) {
      // Focus the first field to fill in, once it is marked invalid.
      const first = args.findIndex((a) => a.name === this.missing[0])
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>(`#arg-${first}`)?.focus())
      return
    }
    this.#completion.cancel()
    this.#combobox.close()
    // Empty optional fields are left out, never sent as "".
    const filled = Object.fromEntries(args.map((a) => [a.name, this.values[a.name] ?? '']).filter(([, value]) => value !== ''))
    void this.#get.run([client, prompt.name, filled])
  }
}
