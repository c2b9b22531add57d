/**
 * Which rows of one windowed `<ul>` to render, and where (the arithmetic of
 * the tool, prompt and resource lists): the rows
 * RowWindowController has in view and a screenful either side, plus the
 * roving Tab stop wherever it is, so Tab always reaches the list. The rows
 * not rendered before a row are a margin above it; those after the last one
 * rendered are the height of the list's `::after` (`--rows-after`), so the list
 * is as tall as all its rows and the scroll bar tells the truth.
 *
 * The list also holds the height of all its rows (`--rows-height`) while a render swaps the rows: Lit removes the
 * rows that left the window before it inserts those that came in, and a layout in between (WebKit ran one while the
 * new rows' `<mcp-icon>`s connected; without them it did not) found the list 23 rows short and clamped the scroll position to that; End then
 * left the last row 1,400 px below the view, and in a list that scrolls by itself, outside its scroll box.
 */
import { css, html, type ReactiveControllerHost } from 'lit'
import { repeat } from 'lit/directives/repeat.js'
import { RovingFocusController, type RovingItems } from './roving-focus.js'
import { RowWindowController } from './row-window.js'

export interface WindowedRows {
  /**
   * Each row to render: its index among the list's rows, the margin above it (px) for the rows skipped before it,
   * and whether it is off screen (rendered for a scroll to find ready).
   */
  rows: Array<{ index: number; marginPx: number; offScreen: boolean }>
  /** The list's `style`: the space of the rows after the last one rendered, and of all the rows while some are not. */
  listStyle: string
}

/** The rows of a list of `count` rows to render now; `tabStop` is the row Tab reaches (-1 when it is in another list). */
export function windowedRows(window: RowWindowController, count: number, tabStop: number): WindowedRows {
  const { start, end } = window.range()
  const shown = window.onScreen()
  const indices = Array.from({ length: end - start }, (_, i) => start + i)
  if (tabStop >= 0 && tabStop < count && (tabStop < start || tabStop >= end))
    indices.splice(tabStop < start ? 0 : indices.length, 0, tabStop)
  const rows = indices.map((index, i) => ({
    index,
    marginPx: window.offset(index - (i ? indices[i - 1]! : -1) - 1),
    offScreen: index < shown.start || index >= shown.end,
  }))
  const afterPx = window.offset(count - 1 - (indices.at(-1) ?? -1))
  // Held only while some rows are not rendered: a list of all its rows is as tall as they are, before and after.
  const heldPx = rows.length < count ? window.offset(count) : 0
  return { rows, listStyle: `--rows-after:${afterPx}px;--rows-height:${heldPx}px` }
}

/**
 * The `<li>` of each row, keyed by its place: the row that has focus keeps its element as the window moves (and a
 * filter keystroke reuses the rows in view). Each says its place among `count` rows (`aria-posinset`/`aria-setsize`,
 * as only some are in the DOM).
 */
export function renderWindowedRows(rows: WindowedRows['rows'], count: number, content: (index: number) => unknown) {
  return repeat(
    rows,
    (row) => row.index,
    ({ index, marginPx, offScreen }) =>
      html`<li
        class=${offScreen ? 'off-screen' : ''}
        aria-posinset=${index + 1}
        aria-setsize=${count}
        .style=${marginPx ? `margin-top:${marginPx}px` : ''}
      >
        ${content(index)}
      </li>`,
  )
}

/**
 * The items of an element's windowed lists for RovingFocusController: each item button (`part~="item"`) carries
 * `data-index`, its place among all the items of the element (of every list it has); the Tab stop is always
 * rendered (windowedRows), so revealing an item is rendering it there now (RovingFocusController has requested
 * the update that moves the Tab stop; `performUpdate`, which the element passes in as it is protected, runs it),
 * then finding it.
 */
export function windowedItems(host: { readonly renderRoot: ParentNode }, count: () => number, performUpdate: () => void): RovingItems {
  return {
    count,
    indexOf: (element) => (element.matches('[part~="item"][data-index]') ? Number(element.dataset.index) : -1),
    reveal: (index) => {
      performUpdate()
      return host.renderRoot.querySelector<HTMLElement>(`[part~="item"][data-index="${index}"]`) ?? undefined
    },
  }
}

/**
 * The controllers of an element with one windowed list (`ul[part~="list"]`) of `count()` rows: which rows are in
 * view, and the keyboard's roving focus over them (the tool and prompt lists).
 */
export function windowedList(
  host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode },
  count: () => number,
  performUpdate: () => void,
): { roving: RovingFocusController; window: RowWindowController } {
  return {
    roving: new RovingFocusController(host, windowedItems(host, count, performUpdate)),
    window: new RowWindowController(host, () => host.renderRoot.querySelector<HTMLElement>('ul[part~="list"]'), count),
  }
}

/**
 * The look of a windowed list (`<ul class="windowed">`): every row the same height, `--row-height`, and the list
 * scrolling by itself past `--max-height` (unset: the page scrolls it), both set by the element from its own custom
 * properties; what does not fit in a row is cut short (a `.line` or a `.description` on one line). The line under each row replaces the border between rows.
 * `--row-fit` is the height of a row of `--lines` lines of body text and `--meta-lines` of meta text (the theme's
 * `--mcp-font-size-sm`), its padding and its border: a row as tall as what it shows, with no empty space.
 */
export const windowedListStyles = css`
  ul.windowed {
    --row-fit: calc(1.25 * (var(--lines, 2) * 1em + var(--meta-lines, 0) * var(--mcp-font-size-sm)) + 2 * var(--mcp-space) + 1px);
    position: relative;
    border-bottom: 0;
    /* The list lifts off the page, as a card does. */
    box-shadow: var(--mcp-shadow, 0 1px 3px #0002);
    max-height: var(--max-height);
    overflow-y: auto;
    /* The height of all the rows, held through a render (see the top of this file); up to --max-height, past which
       the list scrolls and the ::before below holds its scroll height. */
    min-height: min(var(--rows-height, 0px), var(--max-height, var(--rows-height, 0px)));
  }
  ul.windowed::before {
    content: '';
    position: absolute;
    top: 0;
    left: 0;
    width: 1px;
    height: var(--rows-height, 0px);
    visibility: hidden;
    pointer-events: none;
  }
  ul.windowed > li {
    box-sizing: border-box;
    height: var(--row-height);
    overflow: hidden;
    border-top: 0;
    border-bottom: var(--mcp-border);
  }
  ul.windowed::after {
    content: '';
    display: block;
    height: var(--rows-after, 0);
  }
  ul.windowed [part~='item'] {
    height: 100%;
    line-height: 1.25;
  }
  ul.windowed .icon {
    display: flex;
    width: 20px;
    height: 20px;
  }
  ul.windowed .line {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  ul.windowed .description {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 1;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
`
