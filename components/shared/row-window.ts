/**
 * Windowing for a long list of rows of one height: only the rows in view,
 * and a screenful either side, are rendered; the space of the others is kept
 * as margin above and an empty block below, so the list is as tall as all its rows
 * and the scroll bar tells the truth. A thousand rows then cost what thirty
 * do, to render and on every keystroke of a filter.
 *
 * Every row must have the same height, set by CSS (e.g. `height: 6em`); the
 * controller measures a rendered row after each update and works in that
 * unit. It follows scrolling of the page, of any scrolling ancestor (in light
 * or shadow DOM) and of the list itself, and resizing of the window.
 *
 * Why not `@lit-labs/virtualizer`: it handles rows of any height, which this
 * list does not need, for 8.4 KB min+gzip, more than a tenth of the whole
 * CDN budget; rows of one height need only this arithmetic.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

/** Rows rendered beyond each edge of the view, so a scroll shows rendered rows before the next update lands. */
const OVERSCAN = 6
/**
 * The row height assumed until a row is measured (px): 6.5em at the theme's 15px font (`<mcp-prompt-list>`'s rows).
 * A wrong guess costs one more update, and only when the rendered rows or the space around them depend on it.
 */
const GUESS_PX = 97.5

export interface RowRange {
  /** First rendered row. */
  start: number
  /** One past the last rendered row. */
  end: number
}

export class RowWindowController implements ReactiveController {
  /** Height of one row in px, measured. */
  rowHeight = GUESS_PX
  #range: RowRange = { start: 0, end: 0 }
  #onScreen: RowRange = { start: 0, end: 0 }
  /** Whether the last render placed anything by the row height (a margin, the space after the last row): a new height moves it. */
  #placedByHeight = false
  /** The frame in which the row height is read, when one is asked for. */
  #measuring?: number
  /** Where scroll events are heard: the window, and every shadow root above the host (scroll events do not leave one). */
  #heard: EventTarget[] = []

  /**
   * `list` is the scrolling-or-not element the rows are children of (its first
   * child is row `start`, its top border is where row 0 begins); `count` is how
   * many rows there are in all.
   */
  constructor(
    private host: ReactiveControllerHost & HTMLElement,
    private list: () => HTMLElement | null,
    private count: () => number,
  ) {
    host.addController(this)
  }

  hostConnected(): void {
    this.#heard = [window]
    for (let root = this.host.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) this.#heard.push(root)
    for (const target of this.#heard) target.addEventListener('scroll', this.onScroll, { capture: true, passive: true })
    window.addEventListener('resize', this.onScroll, { passive: true })
  }

  hostDisconnected(): void {
    for (const target of this.#heard) target.removeEventListener('scroll', this.onScroll, { capture: true })
    window.removeEventListener('resize', this.onScroll)
    this.#heard = []
    if (this.#measuring !== undefined) cancelAnimationFrame(this.#measuring)
    this.#measuring = undefined
  }

  hostUpdate(): void {
    // A new render: what it places by the row height is noted afresh (offset()).
    this.#placedByHeight = false
  }

  hostUpdated(): void {
    // Every row has the same height: a rendered one tells it, read in the next frame, when the browser lays the rows
    // out anyway, rather than by forcing a layout in the middle of every update (a keystroke, a scroll).
    if (this.count() > 0 && this.#measuring === undefined) {
      this.#measuring = requestAnimationFrame(() => {
        this.#measuring = undefined
        this.#measure()
      })
    }
  }

  #measure(): void {
    const row = this.count() > 0 ? this.list()?.firstElementChild : undefined
    const height = row?.getBoundingClientRect().height
    if (!height || Math.abs(height - this.rowHeight) <= 0.5) return
    const before = this.#range
    this.rowHeight = height
    // Rendered again only if the new height changes which rows are rendered or where they sit.
    const { start, end } = this.range()
    if (this.#placedByHeight || start !== before.start || end !== before.end) this.host.requestUpdate()
  }

  /**
   * The rows to render now, from where the list is on screen. Reads layout (unless all the rows fit in one window,
   * which then holds them all wherever the list is): call it in render().
   */
  range(): RowRange {
    const count = this.count()
    const h = this.rowHeight
    const rows = Math.ceil((window.innerHeight || 800) / h) + 2 * OVERSCAN
    // A list still loading, or short (filtered to a few): every row is rendered, so no layout is forced to find where.
    if (count <= rows) {
      this.#onScreen = { start: 0, end: count }
      return (this.#range = { start: 0, end: count })
    }
    const list = this.list()
    let firstInView = 0
    let inViewPx = window.innerHeight || 800
    if (list?.isConnected) {
      const box = list.getBoundingClientRect()
      // Where row 0's top is now, in viewport coordinates (the list may scroll itself).
      const rowsTop = box.top + list.clientTop - list.scrollTop
      firstInView = Math.floor((Math.max(box.top, 0) - rowsTop) / h)
      inViewPx = Math.max(0, Math.min(box.bottom, inViewPx) - Math.max(box.top, 0))
    }
    this.#onScreen = { start: Math.max(0, firstInView), end: Math.min(count, firstInView + Math.ceil(inViewPx / h) + 1) }
    const start = Math.max(0, Math.min(firstInView - OVERSCAN, count - rows))
    return (this.#range = { start, end: Math.min(count, start + rows) })
  }

  /**
   * The rows on screen at the last range(): a part of the rendered ones (all of them in a list short enough to be
   * rendered whole). The others are only there for a scroll to find ready. Read in render(), after range().
   */
  onScreen(): RowRange {
    return this.#onScreen
  }

  /** The space the rows before `index` take, in px (a margin above the first row rendered after a gap). */
  offset(rows: number): number {
    if (rows > 0) this.#placedByHeight = true
    return rows * this.rowHeight
  }

  readonly onScroll = (): void => {
    const before = this.#range
    const { start, end } = this.range()
    if (start !== before.start || end !== before.end) this.host.requestUpdate()
  }
}
