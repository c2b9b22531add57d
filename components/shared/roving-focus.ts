/**
 * Keyboard use of a list of buttons (a "roving tabindex"): Tab enters the list
 * once, on the item last focused; ArrowUp/ArrowDown move between items,
 * Home/End jump to the ends; Enter and Space press the focused button as
 * buttons always do. The host renders `tabindex=${roving.tabIndex(i, count)}`
 * on each item and hands the list's `keydown` and `focusin` events over.
 *
 * A list that renders only some of its items (a long one, windowed) passes a
 * `RovingItems` instead of the rendered buttons: keys then move over every
 * item, rendered or not, and `reveal` brings the one moved to into the DOM.
 * Such a list must always render item `activeIndex(count)`, the Tab stop.
 */
import type { ReactiveControllerHost } from 'lit'

/** The items of a list that may not all be rendered. */
export interface RovingItems {
  /** How many items there are, rendered or not. */
  count(): number
  /** The index of a rendered item's element, or -1 for an element that is not an item. */
  indexOf(element: HTMLElement): number
  /** The element of item `index`, rendered now if it was not (the host renders the active item, see `activeIndex`). */
  reveal(index: number): HTMLElement | undefined
}

/** The rendered buttons, in order, as the items: every item is rendered. */
const allRendered = (items: () => HTMLElement[]): RovingItems => ({
  count: () => items().length,
  indexOf: (element) => items().indexOf(element),
  reveal: (index) => items()[index],
})

export class RovingFocusController {
  /** Index of the item that takes Tab focus. */
  #active = 0
  #items: RovingItems

  /** `items` returns the list's buttons in order, as rendered now; or, for a list that renders only some, a `RovingItems`. */
  constructor(
    private host: ReactiveControllerHost,
    items: (() => HTMLElement[]) | RovingItems,
  ) {
    this.#items = typeof items === 'function' ? allRendered(items) : items
  }

  /** The index of the one item Tab reaches (the last one focused, or the first), among `count`. */
  activeIndex(count: number): number {
    return Math.min(this.#active, Math.max(count - 1, 0))
  }

  /** 0 for the one item Tab reaches, -1 for the others. */
  tabIndex(index: number, count: number): number {
    return index === this.activeIndex(count) ? 0 : -1
  }

  /** Moves focus to the first item (e.g. ArrowDown in a filter box above the list). */
  focusFirst(): void {
    this.#focus(0)
  }

  readonly onFocusIn = (event: FocusEvent): void => {
    const index = this.#items.indexOf(event.target as HTMLElement)
    if (index >= 0 && index !== this.#active) {
      this.#active = index
      this.host.requestUpdate()
    }
  }

  readonly onKeyDown = (event: KeyboardEvent): void => {
    const count = this.#items.count()
    const current = this.#items.indexOf(event.target as HTMLElement)
    if (current < 0) return
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: count - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    this.#focus(Math.max(0, Math.min(count - 1, next)))
  }

  #focus(index: number): void {
    if (index >= this.#items.count()) return
    this.#active = index
    this.host.requestUpdate()
    const item = this.#items.reveal(index)
    item?.focus()
    // Firefox scrolls a focused element into view at its next layout, which a windowed list's render may move it
    // out of again (End in 1,000 rows left the last one off screen, focused, in one fresh-clone run of stop 34):
    // once the host has rendered, the item is brought into view if it still has focus ('nearest': no scroll when
    // it is in view).
    if (item) void this.host.updateComplete.then(() => item.matches(':focus') && item.scrollIntoView({ block: 'nearest' }))
  }
}
