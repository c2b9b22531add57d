import { TaskStatus } from '@lit/task'
import { html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import type { Prompt } from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import { iconsOf, ListingController, renderFilter, skippedNote, textMatches, usable } from '../shared/item-list.js'
import { renderWindowedRows, windowedList, windowedRows } from '../shared/windowed-rows.js'
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
 * It stays quick with thousands of prompts: only the rows in view (and a
 * screenful either side) are rendered, each saying its place
 * (`aria-posinset`) among the prompts shown (`aria-setsize`). Every row has
 * the same height (long titles and descriptions are cut short).
 *
 * Keyboard: Tab reaches the filter box, then the list once; ArrowUp/ArrowDown,
 * Home and End move in the list (ArrowDown in the filter box enters it); Enter
 * or Space picks.
 *
 * @tag mcp-prompt-list
 *
 * @property client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 *
 * @fires {CustomEvent<PromptSelectDetail>} mcp-prompt-select - A prompt was picked. Detail: `{ name, prompt }` (`PromptSelectDetail`).
 *   Cancelable: `preventDefault()` keeps the built-in `<mcp-prompt>` from opening.
 * @fires {CustomEvent<ListLoadingDetail>} mcp-list-loading - A load of the list started. Detail `{ list: 'prompts' }`.
 * @fires {CustomEvent<ListLoadedDetail>} mcp-list-loaded - That load settled; the list shows in the next update. Detail `{ list: 'prompts', error? }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart filter - The filter text box (shown once there are prompts to filter, or while it holds text).
 * @csspart filter-clear - The Clear button beside the filter, while it holds text.
 * @csspart status - The line saying how many prompts are shown, or that they are loading.
 * @csspart stale - The note saying the list shown is a saved one (from the cache, or kept after a failed reload), and how old.
 * @csspart error - The error shown when the list could not be loaded, with its Retry button.
 * @csspart list - The list of prompts.
 * @csspart item - Each prompt's button.
 * @csspart prompt - The `<mcp-prompt>` of the picked prompt.
 *
 * @cssprop --mcp-color-accent - Focus ring and the picked item's marker.
 * @cssprop --mcp-color-border - Borders of the list.
 * @cssprop --mcp-prompt-list-max-height - Height past which the list scrolls (default: none).
 * @cssprop --mcp-prompt-list-row-height - Height of every row (default: as tall as its lines, the title, then a line of description and one of arguments when any prompt has them).
 * @cssprop --mcp-font-size-sm - Meta text: names, arguments, the count (default `0.8125rem`, or `--font-text-sm-size`).
 * @cssprop --mcp-radius-lg - Corners of the list (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-shadow - The list's lift off the page (default `0 1px 3px #0002`).
 * @cssprop --mcp-border - Borders of the list and between rows (default `1px solid var(--mcp-color-border)`).
 * @cssprop --mcp-color-border-strong - Edges of the filter box and buttons (3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpPromptListElement extends ConnectedElement {
  static override styles = styles

  @state() private filter = ''
  /** The picked prompt, by name (a reloaded list holds new objects). */
  @state() private picked?: string

  #i18n = new I18nController(this)
  #list = windowedList(
    this,
    () => this.#shown.length,
    () => this.performUpdate(),
  )
  #roving = this.#list.roving
  #window = this.#list.window
  /** Derived in willUpdate: the prompts the filter lets through, in order (only those in view are rendered). */
  #shown: Prompt[] = []
  #shownFrom?: { all: Prompt[]; filter: string }
  #listing = new ListingController<{ kept: Prompt[]; skipped: number }>(this, 'prompts', async (client, options, showStale) =>
    usable<Prompt>(
      await client.listPrompts({ ...options, onStale: (stale, { ageMs }) => showStale(usable<Prompt>(stale, 'name'), ageMs) }),
      'name',
    ),
  )

  get #all(): Prompt[] {
    const listing = this.#listing.value
    return listing?.offered ? listing.items.kept : []
  }

  protected override willUpdate(): void {
    const all = this.#all
    if (this.#shownFrom?.all === all && this.#shownFrom.filter === this.filter) return
    this.#shownFrom = { all, filter: this.filter }
    const needle = this.filter.trim().toLowerCase()
    this.#shown = needle ? all.filter((p) => textMatches(needle, p.name, p.title, p.description)) : all
  }

  override render() {
    const all = this.#all
    const prompts = this.#shown
    // The picked prompt as the newest listing has it (its arguments may have changed).
    const picked = all.find((p) => p.name === this.picked)
    return html`<div part="base">
      ${
        all.length || this.filter
          ? renderFilter(
              msg('prompt-list.filter', 'Filter prompts'),
              this.filter,
              (value) => (this.filter = value),
              () => this.#roving.focusFirst(),
            )
          : nothing
      }
      ${this.#listing.renderStatus(this.#status(prompts.length), (message) =>
        msg('prompt-list.error', 'Could not load the prompts: {message}', { message }),
      )}
      ${this.#renderList(prompts)}
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

  /** The rows in view and a screenful either side, and the Tab stop (see windowedRows). */
  #renderList(prompts: Prompt[]) {
    const count = prompts.length
    const { rows, listStyle } = windowedRows(this.#window, count, this.#roving.activeIndex(count))
    // Rows are as tall as the prompts need: no line for descriptions, or for arguments, when no prompt has any.
    const all = this.#all
    const terse = `${all.some((p) => p.description) ? '' : ' terse'}${all.some((p) => argumentNames(p)) ? '' : ' no-arguments'}`
    return html`<ul
      part="list"
      class="windowed${terse}"
      ?hidden=${count === 0}
      aria-label=${msg('prompt-list.label', 'Prompts')}
      .style=${listStyle}
      @keydown=${this.#roving.onKeyDown}
      @focusin=${this.#roving.onFocusIn}
      @scroll=${this.#window.onScroll}
    >
      ${renderWindowedRows(rows, count, (index) => this.#renderItem(prompts[index]!, index, count))}
    </ul>`
  }

  #renderItem(prompt: Prompt, index: number, count: number) {
    return html`<button
      type="button"
      part="item"
      data-index=${index}
      tabindex=${this.#roving.tabIndex(index, count)}
      aria-current=${prompt.name === this.picked ? 'true' : 'false'}
      @click=${() => this.#pick(prompt)}
    >
      <mcp-icon class="icon" size="20" .serverUrl=${this.client?.url} .icons=${iconsOf(prompt)}></mcp-icon>
      <span class="text">
        <span class="line"
          ><span class="title">${prompt.title || prompt.name}</span>
          ${prompt.title && prompt.title !== prompt.name ? html`<span class="name">${prompt.name}</span>` : nothing}</span
        >
        ${prompt.description ? html`<span class="description">${prompt.description}</span>` : nothing} ${renderArguments(prompt)}
      </span>
    </button>`
  }

  #pick(prompt: Prompt): void {
    if (emit<PromptSelectDetail>(this, 'mcp-prompt-select', { name: prompt.name, prompt }, { cancelable: true })) this.picked = prompt.name
  }
}

/** A prompt's argument names, comma-separated; empty for none, or for a list that is not one. */
const argumentNames = (prompt: Prompt): string =>
  Array.isArray(prompt.arguments) ? prompt.arguments.map((a) => String(a?.name)).join(', ') : ''

/** The line naming a prompt's arguments; nothing for none. */
function renderArguments(prompt: Prompt) {
  const names = argumentNames(prompt)
  return names ? html`<span class="facts line">${msg('prompt-list.arguments', 'Arguments: {names}', { names })}</span>` : nothing
}
