import { TaskStatus } from '@lit/task'
import { html, nothing, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import type { Icon, Tool } from '../../src/client/index.js'
import { toolTitle, visibleToModel } from '../../src/client/index.js'
import '../mcp-icon/mcp-icon.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { EventListenersController } from '../shared/event-listeners.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import { clientOf, iconsOf, ListingController, renderError, renderFilter, skippedNote, usable } from '../shared/item-list.js'
import { hintBadges, renderHintBadge, type ShownHint } from '../shared/tool-hints.js'
import { type ChunkLoadError, lazyModule, preloadWhenIdle } from '../shared/lazy-element.js'
import { renderWindowedRows, windowedList, windowedRows } from '../shared/windowed-rows.js'
import { styles } from './mcp-tool-list.styles.js'

/** The detail of `mcp-tool-select`: the tool picked. */
export interface ToolSelectDetail {
  tool: Tool
}

/** Longest description shown in the list (the whole one is in `<mcp-tool>`): a huge one must not weigh on every render. */
const DESCRIPTION_CHARS = 400

/**
 * `<mcp-tool>` (with the schema form and the result's content) is a chunk of its own: the list is on screen without
 * it. It loads when the browser is idle after the list is shown, or as soon as a pointer or the focus is on the list.
 * When it does not load, the picked tool's place says why, and a pick or Retry imports it again (see ChunkLoadError).
 */
const loadTool = lazyModule(() => import('../mcp-tool/mcp-tool.js'))

/** What the list shows of one tool, worked out once per listing rather than on every render. */
interface ToolRow {
  tool: Tool
  name: string
  title: string
  description: string
  icons: Icon[]
  /** Lower-cased name, title and description, what the filter searches. */
  haystack: string
  badges: ShownHint[]
}

/** The rows of a listing. A broken server may send anything: entries without a string name are left out, and so are repeated names. */
function rowsOf(tools: Tool[]): { rows: ToolRow[]; skipped: number } {
  const { kept, skipped } = usable<Tool>(tools, 'name')
  // MCP Apps: a tool only views may call (`_meta.ui.visibility: ["app"]`) is not for this list.
  const listed = kept.filter(visibleToModel)
  const rows = new Map<string, ToolRow>()
  for (const tool of listed) if (!rows.has(tool.name)) rows.set(tool.name, rowOf(tool))
  return { rows: [...rows.values()], skipped: skipped + listed.length - rows.size }
}

function rowOf(tool: Tool): ToolRow {
  const name = tool.name
  const title = toolTitle(tool)
  const description = typeof tool.description === 'string' ? tool.description.slice(0, DESCRIPTION_CHARS) : ''
  return {
    tool,
    name,
    title,
    description,
    icons: iconsOf(tool),
    haystack: `${name}\n${title}\n${description}`.toLowerCase(),
    badges: hintBadges(tool),
  }
}

/**
 * The tools of a server: icon (a neutral glyph for a tool without one, as in `<mcp-tool>`), title, description and annotations (as
 * badges) of each, a filter box, and keyboard use. Picking a tool opens an
 * `<mcp-tool>` for it: beside the list when the element is at least 900 px
 * wide (a container query), else below it, where the page scrolls to it and
 * it takes the focus. Tools the client left out because their definition
 * breaks the transport's rules are listed in a collapsed warning.
 * The list reloads by itself when the server says its tools changed, and
 * stays quick with thousands of tools: only the rows in view (and a screenful
 * either side) are rendered, each saying its place (`aria-posinset`) among the
 * tools shown (`aria-setsize`). Every row has the same height: two lines (the title,
 * name and badges, then the description), or four where the list is under 560 px wide (title, name, badges and
 * description each on its own, the badges on two lines under 360 px); a description that does not fit is cut short, and the whole text is in `<mcp-tool>`.
 *
 * Keyboard: Tab reaches the filter box, then the list once; ArrowUp/ArrowDown,
 * Home and End move in the list (ArrowDown in the filter box enters it); Enter
 * or Space picks.
 *
 * @tag mcp-tool-list
 *
 * @attr {string} selected - Name of the picked tool (its `<mcp-tool>` is open below the list).
 * @attr {string} filter - The text in the filter box: tools whose name, title or description contain it are shown.
 * @attr {number} heading-level - The heading level of the open tool's title (its `<mcp-tool>`'s), 1 to 6 (default 3).
 * @attr {'light' | 'dark'} theme - Forces light or dark colours, and icons made for that background. Unset, both
 *   follow the user's `prefers-color-scheme`.
 *
 * @property {McpClient} client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 * @property {Record<string, unknown>} toolArguments - Arguments to fill the open tool's form with (`<mcp-tool>`'s
 *   `value`), instead of the ones it was last called with. Picking another tool clears them.
 *
 * @fires {CustomEvent<ToolSelectDetail>} mcp-tool-select - A tool was picked. Detail `{ tool: Tool }`. Cancelable: `preventDefault()` keeps the
 *   built-in `<mcp-tool>` from opening.
 * @fires {CustomEvent<ListLoadingDetail>} mcp-list-loading - A load of the list started. Detail `{ list: 'tools' }`.
 * @fires {CustomEvent<ListLoadedDetail>} mcp-list-loaded - That load settled; the list shows in the next update. Detail `{ list: 'tools', error? }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart filter - The filter text box (shown once there are tools to filter, or while it holds text).
 * @csspart filter-clear - The Clear button beside the filter, while it holds text.
 * @csspart status - The line saying how many tools are shown, or that they are loading.
 * @csspart stale - The note saying the list shown is a saved one (from the cache, or kept after a failed reload), and how old.
 * @csspart error - The error message shown when the list could not be loaded, with its Retry button.
 * @csspart invalid - The collapsed warning listing the tools the client left out, and why.
 * @csspart list - The list of tools.
 * @csspart item - Each tool's button.
 * @csspart badge - Each annotation badge (also `badge-read-only`, `badge-destructive`, `badge-idempotent`, `badge-open-world`).
 *   A tool that does not state `destructiveHint` or `openWorldHint` gets the spec's default (destructive, open world),
 *   drawn dashed and said to be the default.
 * @csspart tool - The `<mcp-tool>` of the picked tool.
 * @csspart tool-error - In the picked tool's place when its code did not load (offline, say): why, and how to retry
 *   (its Retry button, or reloading the page once a retry failed too).
 *
 * @cssprop --mcp-color-accent - Focus ring and the picked tool's marker.
 * @cssprop --mcp-color-border - Borders of the list.
 * @cssprop --mcp-tool-list-max-height - Height past which the list scrolls (default: none).
 * @cssprop --mcp-tool-list-row-height - Height of every row (default: as tall as its lines: one of title, name and
 *   badges, one of description; under 560 px a line each; under 360 px, where the badges may take two lines, two for them).
 * @cssprop --mcp-font-size-sm - Meta text: tool names, the count (default `0.8125rem`, or the page's `--font-text-sm-size`).
 * @cssprop --mcp-font-size-xs - The annotation badges (default `0.75rem`, never smaller).
 * @cssprop --mcp-color-success-bg - The read-only badge's fill (and `--mcp-color-danger-bg` the destructive one's, `--mcp-color-border` the others').
 * @cssprop --mcp-radius-lg - Corners of the list (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-shadow - The list's lift off the page (default `0 1px 3px #0002`).
 * @cssprop --mcp-border - Borders of the list and between rows (default `1px solid var(--mcp-color-border)`).
 * @cssprop --mcp-color-border-strong - Edges of the filter box and buttons (3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpToolListElement extends ConnectedElement {
  static override styles = styles

  @property({ reflect: true }) selected?: string
  @property({ reflect: true }) theme?: 'light' | 'dark'
  @property() filter = ''
  @property({ attribute: 'heading-level', type: Number }) headingLevel = 3
  @property({ attribute: false }) toolArguments?: Record<string, unknown>

  /**
   * Tools the client left out of its listings, with the reason: keyed by name, or by the reason for an entry
   * without a string name (the keys of the two kinds cannot meet).
   */
  @state() private invalid: ReadonlyMap<string, { name?: string; reason: string }> = new Map()

  /** The tool picked when `<mcp-tool>`'s code did not load, and why: shown in its place until the next pick or Retry. */
  @state() private toolLoadFailure?: { selected: string; reason: string; again: boolean }

  #i18n = new I18nController(this)
  #list = windowedList(
    this,
    () => this.#shown.length,
    () => this.performUpdate(),
  )
  #roving = this.#list.roving
  #window = this.#list.window
  /** `invalidtool` on the client in use (and only on it), while in the document. */
  #clientEvents = new EventListenersController(this, () => clientOf(this), { invalidtool: (event) => this.#onInvalidTool(event) })
  #tools = new ListingController<{ rows: ToolRow[]; skipped: number }>(this, 'tools', async (client, options, showStale) =>
    rowsOf(await client.listTools({ ...options, onStale: (stale, { ageMs }) => showStale(rowsOf(stale), ageMs) })),
  )
  /** Derived in willUpdate: the rows the filter lets through, in order (only those in view are rendered). */
  #shown: ToolRow[] = []
  #byName = new Map<string, ToolRow>()
  #rowsSeen?: readonly ToolRow[]

  /** The listing on screen (kept through a reload, a stale one from the cache, the last one when a reload failed). */
  get #listing() {
    const listing = this.#tools.value
    return listing?.offered ? listing.items : undefined
  }

  protected override async scheduleUpdate(): Promise<void> {
    // A tool picked before its element's chunk arrived: wait for it, rather than render an <mcp-tool> that is not one yet.
    // Once it failed for this pick, other updates (a scroll, a keystroke) do not import it again: a pick or Retry does.
    const selected = this.selected
    if (selected !== undefined && !customElements.get('mcp-tool') && this.toolLoadFailure?.selected !== selected) {
      await loadTool().catch((error: unknown) => this.#toolDidNotLoad(selected, error as ChunkLoadError))
    }
    super.scheduleUpdate()
  }

  /**
   * The advice follows the failures the user saw, not the idle preload's: after a failed preload Chromium and WebKit
   * import again at the pick, while Firefox fails it at once, and then Retry's failure says to reload the page.
   */
  #toolDidNotLoad(selected: string, error: ChunkLoadError): void {
    this.toolLoadFailure = { selected, reason: error.message, again: this.#toolFailureShown }
    this.#toolFailureShown = true
  }

  #toolFailureShown = false

  protected override updated(): void {
    if (!this.#toolPreloaded && this.#shown.length > 0) {
      this.#toolPreloaded = true
      preloadWhenIdle(loadTool)
    }
  }

  #toolPreloaded = false
  /** A pointer or the focus on the list loads the tool's code early; once that failed it waits for a pick, not every pointer move. */
  #preloadTool = (): void => {
    if (this.#toolPreloadFailed) return
    loadTool().catch(() => (this.#toolPreloadFailed = true))
  }

  #toolPreloadFailed = false

  protected override willUpdate(changed: PropertyValues<this>): void {
    const rows = this.#listing?.rows
    if (rows !== this.#rowsSeen) {
      this.#rowsSeen = rows
      this.#byName = new Map(rows?.map((row) => [row.name, row]))
      // A tool that lists fine now is no longer left out.
      const listsNow = ({ name }: { name?: string }) => name !== undefined && this.#byName.has(name)
      if ([...this.invalid.values()].some(listsNow)) {
        this.invalid = new Map([...this.invalid].filter(([, entry]) => !listsNow(entry)))
      }
    } else if (!changed.has('filter')) return
    const needle = this.filter.trim().toLowerCase()
    this.#shown = needle ? (rows ?? []).filter((row) => row.haystack.includes(needle)) : (rows ?? [])
  }

  #onInvalidTool(event: Event): void {
    const { tool, reason } = (event as CustomEvent<{ tool: Tool; reason: string }>).detail
    const name = typeof tool?.name === 'string' ? tool.name : undefined
    this.invalid = new Map(this.invalid).set(name === undefined ? `reason:${reason}` : `name:${name}`, { name, reason: String(reason) })
  }

  /** Picks a tool (as a click does): fires `mcp-tool-select`, then opens it unless the page took over. */
  select(tool: Tool): void {
    if (!emit<ToolSelectDetail>(this, 'mcp-tool-select', { tool }, { cancelable: true })) return
    this.selected = String(tool.name)
    this.toolArguments = undefined
    // Picking the tool whose code did not load tries again.
    this.toolLoadFailure = undefined
    void this.updateComplete.then(() => this.#reveal())
  }

  /** Retry of a tool whose code did not load: imports it again; the focus stays in the tool's place. */
  #retryTool = (): void => {
    this.toolLoadFailure = undefined
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.opened')?.focus({ preventScroll: true }))
  }

  /**
   * Stacked (the open tool below the list, off screen on a phone), the picked tool is scrolled to and takes the
   * focus, so a tap or Enter visibly does something; beside the list it is in view already and nothing moves.
   */
  #reveal(): void {
    const base = this.renderRoot.querySelector('[part="base"]')
    // The focus goes to a wrapper: a shadow host of tabindex -1 would take its own controls out of the Tab order.
    const opened = this.renderRoot.querySelector<HTMLElement>('.opened')
    if (!base || !opened || getComputedStyle(base).display === 'grid') return
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches
    opened.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' })
    opened.focus({ preventScroll: true })
  }

  #onClick = (event: Event): void => {
    const item = (event.target as Element).closest<HTMLElement>('[part~="item"]')
    const row = item && this.#byName.get(item.dataset.name ?? '')
    if (row) this.select(row.tool)
  }

  #statusText(): string {
    const total = this.#listing?.rows.length ?? 0
    if (this.#tools.status === TaskStatus.PENDING) return msg('tool-list.loading', 'Loading tools…')
    if (!clientOf(this)) {
      if (this.connection?.status === 'error') return msg('tool-list.not-connected', 'Not connected.')
      return this.connection ? msg('tool-list.connecting', 'Connecting…') : msg('tool-list.no-server', 'No server to list tools from.')
    }
    if (this.#tools.value?.offered === false) return msg('tool-list.not-offered', 'This server offers no tools.')
    if (this.#tools.status !== TaskStatus.COMPLETE && !this.#listing) return ''
    const skipped = skippedNote(this.#listing?.skipped ?? 0)
    if (total === 0) return msg('tool-list.empty', 'No tools.') + skipped
    if (this.#shown.length === total) return msg('tool-list.count', '{count} tools', { count: total }) + skipped
    if (this.#shown.length === 0) return msg('tool-list.no-match', 'Nothing matches “{filter}”.', { filter: this.filter.trim() }) + skipped
    return msg('tool-list.filtered', '{shown} of {count} tools', { shown: this.#shown.length, count: total }) + skipped
  }

  protected override render() {
    const chosen = this.selected === undefined ? undefined : this.#byName.get(this.selected)
    return html`<div part="base" class=${chosen ? 'open' : ''}>
      <div class="browse" @pointerover=${this.#preloadTool} @focusin=${this.#preloadTool}>
        ${
          this.#listing?.rows.length || this.filter
            ? renderFilter(
                msg('tool-list.filter', 'Filter tools'),
                this.filter,
                (value) => (this.filter = value),
                () => this.#roving.focusFirst(),
              )
            : nothing
        }
        ${this.#tools.renderStatus(this.#statusText(), (message) => msg('tool-list.error', 'Could not load the tools: {message}', { message }))}
        ${this.#renderInvalid()} ${this.#renderList()}
      </div>
      ${
        chosen
          ? html`<div class="opened" tabindex="-1">
              ${
                this.toolLoadFailure?.selected === chosen.name && !customElements.get('mcp-tool')
                  ? this.#renderToolFailure(chosen.title, this.toolLoadFailure)
                  : html`<mcp-tool
                      part="tool"
                      .tool=${chosen.tool}
                      .client=${this.client}
                      .headingLevel=${this.headingLevel}
                      .value=${this.toolArguments}
                    ></mcp-tool>`
              }
            </div>`
          : nothing
      }
    </div>`
  }

  /** Why the picked tool cannot open; Retry until a retry failed too, when only a reload of the page is sure to. */
  #renderToolFailure(tool: string, { reason, again }: { reason: string; again: boolean }) {
    const vars = { tool, reason }
    const message = again
      ? msg(
          'tool-list.tool-load-failed-again',
          'The tool “{tool}” could not open: its code did not load again ({reason}). Reload the page to retry.',
          vars,
        )
      : msg(
          'tool-list.tool-load-failed',
          'The tool “{tool}” could not open: its code did not load ({reason}). Retry; if it fails again, reload the page.',
          vars,
        )
    return renderError(message, again ? undefined : this.#retryTool, 'tool-error')
  }

  /** The rows in view and a screenful either side, plus the Tab stop wherever it is (shared/windowed-rows). */
  #renderList() {
    const count = this.#shown.length
    const { rows, listStyle } = windowedRows(this.#window, count, count ? this.#roving.activeIndex(count) : -1)
    return html`<ul
      part="list"
      class="windowed"
      ?hidden=${count === 0}
      aria-label=${msg('tool-list.label', 'Tools')}
      .style=${listStyle}
      @click=${this.#onClick}
      @keydown=${this.#roving.onKeyDown}
      @focusin=${this.#roving.onFocusIn}
      @scroll=${this.#window.onScroll}
    >
      ${renderWindowedRows(rows, count, (index) => this.#renderRow(this.#shown[index]!, index, count))}
    </ul>`
  }

  /** One row's button; kept flat (few nested templates), as it is rendered on every scroll. */
  #renderRow(row: ToolRow, index: number, count: number) {
    return html`<button
      part="item"
      type="button"
      data-name=${row.name}
      data-index=${index}
      tabindex=${this.#roving.tabIndex(index, count)}
      aria-current=${row.name === this.selected ? 'true' : 'false'}
    >
      <span class="icon"
        ><mcp-icon size="20" theme=${ifDefined(this.theme)} .serverUrl=${this.client?.url} .icons=${row.icons}></mcp-icon
      ></span>
      <span class="text">
        <span class="head"
          ><span class="title">${row.title}</span> <span class="name">${row.title === row.name ? '' : row.name}</span
          ><span class="badges">${row.badges.map(renderHintBadge)}</span></span
        >
        <span class="description">${row.description}</span>
      </span>
    </button>`
  }

  #renderInvalid() {
    if (this.invalid.size === 0) return nothing
    return html`<details part="invalid" class="invalid">
      <summary>
        ${msg('tool-list.invalid', '{count} tools left out: their definitions are not valid', { count: this.invalid.size })}
      </summary>
      <ul>
        ${[...this.invalid.values()].map(
          ({ name, reason }) => html`<li><code>${name ?? msg('tool-list.invalid.unnamed', '(no name)')}</code>: ${reason}</li>`,
        )}
      </ul>
    </details>`
  }
}
