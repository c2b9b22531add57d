/**
 * A text field with suggestions: the WAI-ARIA 1.2 combobox with a listbox
 * popup (list autocomplete, no automatic selection), for a prompt's arguments
 * and a resource template's variables. A native `<datalist>` cannot be styled,
 * and with the keyboard a partial value was submitted as if picked.
 *
 * A controller and a template rather than an element of its own: the input,
 * its `<label for>` and the options `aria-activedescendant` names must live in
 * one tree (the host's shadow root), and the host's form must see the input.
 *
 * Keys (in the input): ArrowDown/ArrowUp open the list and move through it
 * (wrapping; Alt+ArrowDown only opens); Enter picks the active option, and
 * while the list is open it never submits the form; Escape closes the list,
 * a second Escape clears the field; Tab leaves (the list closes, nothing is
 * picked). A polite live region says how many suggestions there are. Where
 * the suggestions come from is the host's business (`ask`, `suggestions`):
 * see completion.ts.
 */
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit'
import { msg } from './i18n.js'

/** One field, as the host renders it. */
export interface ComboboxField {
  /** The input's id (a `<label for>` points at it); the listbox's and options' ids start with it. */
  id: string
  name: string
  value: string
  /** The field's label text, also the listbox's accessible name. */
  label: string
  /** The suggestions for this field now. */
  suggestions: readonly string[]
  /** The user typed, picked a suggestion, or cleared the field with Escape. */
  onValue(value: string): void
  /** Suggestions are wanted for `value` (on focus, typing, ArrowDown with none known). */
  ask(value: string): void
  required?: boolean
  invalid?: boolean
  /** Ids of the help and error texts (`aria-describedby`). */
  describedBy?: string
}

export class ComboboxController implements ReactiveController {
  /** The field (by id) whose list the user opened, by typing or with the arrows. */
  #open?: string
  /** The active option, by its text: an answer arriving while the user moves keeps the same suggestion active. */
  #active?: string
  /** The active option moved by key: scroll it into view after the update. */
  #moved = false

  constructor(private host: ReactiveControllerHost & { renderRoot: ParentNode }) {
    host.addController(this)
  }

  hostUpdated(): void {
    if (!this.#moved) return
    this.#moved = false
    this.host.renderRoot.querySelector('[role="option"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest' })
  }

  /** Closes any open list (a different prompt or template, a submit). */
  close(): void {
    if (this.#open === undefined && this.#active === undefined) return
    this.#open = undefined
    this.#active = undefined
    this.host.requestUpdate()
  }

  // The input's name is its caller's <label for>, in another template; the options' keys are the input's
  // (aria-activedescendant), as the ARIA combobox pattern has it.
  /* eslint-disable lit-a11y/accessible-name, lit-a11y/click-events-have-key-events */
  render(field: ComboboxField) {
    const { id, suggestions } = field
    const expanded = this.#open === id && suggestions.length > 0
    const active = expanded && this.#active !== undefined ? suggestions.indexOf(this.#active) : -1
    const count = suggestions.length
    return html`<div class="combobox">
      <input
        id=${id}
        name=${field.name}
        role="combobox"
        autocomplete="off"
        aria-autocomplete="list"
        aria-expanded=${expanded ? 'true' : 'false'}
        aria-controls="${id}-listbox"
        aria-activedescendant=${active >= 0 ? `${id}-option-${active}` : nothing}
        aria-required=${field.required ? 'true' : 'false'}
        aria-invalid=${field.invalid ? 'true' : 'false'}
        aria-describedby=${field.describedBy || nothing}
        .value=${field.value}
        @focus=${() => field.ask(field.value)}
        @blur=${() => this.#open === id && this.close()}
        @input=${(e: Event) => {
          const value = (e.target as HTMLInputElement).value
          this.#open = id
          this.#active = undefined
          field.onValue(value)
          field.ask(value)
          this.host.requestUpdate()
        }}
        @keydown=${(e: KeyboardEvent) => this.#onKeyDown(e, field, expanded, active)}
      />
      <ul
        id="${id}-listbox"
        part="listbox"
        role="listbox"
        aria-label=${field.label}
        ?hidden=${!expanded}
        @mousedown=${(e: Event) => e.preventDefault() /* the input keeps focus */}
      >
        ${
          expanded
            ? suggestions.map(
                (text, i) =>
                  html`<li
                    id="${id}-option-${i}"
                    part="option"
                    role="option"
                    aria-selected=${i === active ? 'true' : 'false'}
                    @click=${() => this.#pick(field, text)}
                  >
                    ${text}
                  </li>`,
              )
            : nothing
        }
      </ul>
      <span class="visually-hidden" role="status"
        >${
          expanded
            ? count === 1
              ? msg('combobox.count-one', '1 suggestion')
              : msg('combobox.count', '{count} suggestions', { count })
            : ''
        }</span
      >
    </div>`
  }
  /* eslint-enable lit-a11y/accessible-name, lit-a11y/click-events-have-key-events */

  #onKeyDown(e: KeyboardEvent, field: ComboboxField, expanded: boolean, active: number): void {
    if (e.isComposing) return
    const options = field.suggestions
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault()
        if (!expanded) {
          this.#open = field.id
          if (!options.length) field.ask(field.value)
        }
        if (options.length && !(e.altKey && !expanded)) {
          const step = e.key === 'ArrowDown' ? 1 : -1
          const next = active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length
          this.#active = options[next]
          this.#moved = true
        }
        this.host.requestUpdate()
        return
      }
      case 'Enter':
        // With the list closed, Enter is the form's (it submits).
        if (!expanded) return
        e.preventDefault()
        if (active >= 0) this.#pick(field, options[active]!)
        else this.close()
        return
      case 'Escape':
        if (expanded) this.close()
        else if (field.value) field.onValue('')
        else return
        // Consumed: an enclosing dialog must not close as well.
        e.preventDefault()
        e.stopPropagation()
        return
      case 'Tab':
        this.close()
        return
    }
  }

  #pick(field: ComboboxField, text: string): void {
    field.onValue(text)
    this.close()
  }
}

/** The combobox's popup and options. */
export const comboboxStyles = css`
  .combobox {
    position: relative;
    display: flex;
    flex-direction: column;
  }
  .combobox ul[role='listbox'] {
    position: absolute;
    top: 100%;
    inset-inline: 0;
    z-index: 1;
    margin: 2px 0 0;
    padding: 2px 0;
    list-style: none;
    max-height: 15em;
    overflow-y: auto;
    background: var(--mcp-color-bg);
    color: var(--mcp-color-text);
    border: var(--mcp-border);
    border-radius: var(--mcp-radius);
    box-shadow: 0 4px 12px rgb(0 0 0 / 0.2);
  }
  .combobox li[role='option'] {
    padding: var(--mcp-space-xs) var(--mcp-space);
    border: 0;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  .combobox li[role='option']:hover {
    background: var(--mcp-color-bg-secondary);
  }
  .combobox li[role='option'][aria-selected='true'] {
    background: var(--mcp-color-accent);
    color: var(--mcp-color-bg);
  }
`
