import { TaskStatus } from '@lit/task'
import { html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import type { Prompt } from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import {
  errorText,
  iconsOf,
  ListingController,
  renderError,
  renderStaleNote,
  renderFilter,
  skippedNote,
  textMatches,
  usable,
} from '../shared/item-list.js'
import { RovingFocusController } from '../shared/roving-focus.js'
import '../mcp-icon/mcp-icon.js'
import '../mcp-prompt/mcp-prompt.js'
import { styles } from './mcp-prompt-list.styles.js'

/** Detail of `mcp-prompt-select`. */
export interface PromptSelectDetail {
  name: string
  prompt: Prompt
}

/**
 * The prompts of a server, with a filter box. Picking one opens an
 * `<mcp-prompt>` below the list, to fill in its arguments and get its
 * messages. The list reloads by itself when the server says it changed.
 *
 * Keyboard: Tab reaches the filter box, then the list once; ArrowUp/ArrowDown,
 * Home and End move in the list (ArrowDown in the filter box enters it); Enter
 * or Space picks.
 *
 * @tag mcp-prompt-list
 *
 * @property client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 *
 * @fires mcp-prompt-select - A prompt was picked. Detail: `{ name, prompt }` (`PromptSelectDetail`).
 *   Cancelable: `preventDefault()` keeps the built-in `<mcp-prompt>` from opening.
 * @fires mcp-list-loading - A load of the list started. Detail `{ list: 'prompts' }`.
 * @fires mcp-list-loaded - That load settled; the list shows in the next update. Detail `{ list: 'prompts', error? }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart filter - The filter text box.
 * @csspart status - The line saying how many prompts are shown, or that they are loading.
 * @csspart stale - The note saying the list shown is a saved one (from the cache, or kept after a failed reload), and how old.
 * @csspart error - The error shown when the list could not be loaded, with its Retry button.
 * @csspart list - The list of prompts.
 * @csspart item - Each prompt's button.
 * @csspart prompt - The `<mcp-prompt>` of the picked prompt.
 *
 * @cssprop --mcp-color-accent - Focus ring and the picked item's marker.
 * @cssprop --mcp-color-border - Borders of the list.
 */
export class McpPromptListElement extends ConnectedElement {
  static override styles = styles

  @state() private filter = ''
  /** The picked prompt, by name (a reloaded list holds new objects). */
  @state() private picked?: string

  #i18n = new I18nController(this)
  #roving = new RovingFocusController(this, () => [...this.renderRoot.querySelectorAll<HTMLElement>('[part="item"]')])
  #listing = new ListingController<{ kept: Prompt[]; skipped: number }>(this, 'prompts', async (client, options, showStale) =>
    usable<Prompt>(
      await client.listPrompts({ ...options, onStale: (stale, { ageMs }) => showStale(usable<Prompt>(stale, 'name'), ageMs) }),
      'name',
    ),
  )

  override render() {
    const listing = this.#listing.value
    const all = listing?.offered ? listing.items.kept : []
    const needle = this.filter.trim().toLowerCase()
    const prompts = all.filter((p) => textMatches(needle, p.name, p.title, p.description))
    // The picked prompt as the newest listing has it (its arguments may have changed).
    const picked = all.find((p) => p.name === this.picked)
    return html`<div part="base">
      ${renderFilter(
        msg('prompt-list.filter', 'Filter prompts'),
        this.filter,
        (value) => (this.filter = value),
        () => this.#roving.focusFirst(),
      )}
      <p part="status" class="status" role="status" aria-live="polite">${this.#status(prompts.length)}</p>
      ${renderStaleNote(this.#listing.stale, this.#listing.status === TaskStatus.PENDING)}
      ${
        this.#listing.status === TaskStatus.ERROR
          ? renderError(
              msg('prompt-list.error', 'Could not load the prompts: {message}', { message: errorText(this.#listing.error) }),
              () => this.#listing.run(),
            )
          : nothing
      }
      <ul
        part="list"
        aria-label=${msg('prompt-list.label', 'Prompts')}
        @keydown=${this.#roving.onKeyDown}
        @focusin=${this.#roving.onFocusIn}
      >
        ${prompts.map(
          (prompt, i) =>
            html`<li>
              <button
                type="button"
                part="item"
                tabindex=${this.#roving.tabIndex(i, prompts.length)}
                aria-current=${prompt.name === this.picked ? 'true' : 'false'}
                @click=${() => this.#pick(prompt)}
              >
                <mcp-icon class="icon" size="20" .icons=${iconsOf(prompt)}></mcp-icon>
                <span class="text">
                  <span class="title">${prompt.title || prompt.name}</span>
                  ${prompt.title && prompt.title !== prompt.name ? html`<span class="name">${prompt.name}</span>` : nothing}
                  ${prompt.description ? html`<span class="description">${prompt.description}</span>` : nothing} ${renderArguments(prompt)}
                </span>
              </button>
            </li>`,
        )}
      </ul>
      ${picked ? html`<mcp-prompt part="prompt" .prompt=${picked} .client=${this.client}></mcp-prompt>` : nothing}
    </div>`
  }

  #status(shown: number): string {
    const listing = this.#listing.value
    return this.#count(shown) + (listing?.offered ? skippedNote(listing.items.skipped) : '')
  }

  #count(shown: number): string {
    const listing = this.#listing.value
    if (this.#listing.status === TaskStatus.PENDING && !listing) return msg('prompt-list.loading', 'Loading prompts…')
    if (!listing) return this.#listing.status === TaskStatus.INITIAL ? msg('prompt-list.waiting', 'Waiting for the server…') : ''
    if (!listing.offered) return msg('prompt-list.not-offered', 'This server offers no prompts.')
    if (listing.items.kept.length === 0) return msg('prompt-list.empty', 'No prompts.')
    if (shown === 0) return msg('prompt-list.no-match', 'Nothing matches “{filter}”.', { filter: this.filter.trim() })
    return msg('prompt-list.count', '{shown} of {total} prompts', { shown, total: listing.items.kept.length })
  }

  #pick(prompt: Prompt): void {
    if (emit<PromptSelectDetail>(this, 'mcp-prompt-select', { name: prompt.name, prompt }, { cancelable: true })) this.picked = prompt.name
  }
}

/** The line naming a prompt's arguments, comma-separated; nothing for none, or for a list that is not one. */
function renderArguments(prompt: Prompt) {
  const names = Array.isArray(prompt.arguments) ? prompt.arguments.map((a) => String(a?.name)).join(', ') : ''
  return names ? html`<span class="facts">${msg('prompt-list.arguments', 'Arguments: {names}', { names })}</span>` : nothing
}
