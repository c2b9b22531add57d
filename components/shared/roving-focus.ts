/**
 * Keyboard use of a list of buttons (a "roving tabindex"): Tab enters the list
 * once, on the item last focused; ArrowUp/ArrowDown move between items,
 * Home/End jump to the ends; Enter and Space press the focused button as
 * buttons always do. The host renders `tabindex=${roving.tabIndex(i, count)}`
 * on each item and hands the list's `keydown` and `focusin` events over.
 */
import type { ReactiveControllerHost } from 'lit'

export class RovingFocusController {
  /** Index of the item that takes Tab focus. */
  #active = 0

  /** `items` returns the list's buttons in order, as rendered now. */
  constructor(
    private host: ReactiveControllerHost,
    private items: () => HTMLElement[],
  ) {}

  /** 0 for the one item Tab reaches (the last one focused, or the first), -1 for the others. */
  tabIndex(index: number, count: number): number {
    return index === Math.min(this.#active, Math.max(count - 1, 0)) ? 0 : -1
  }

  /** Moves focus to the first item (e.g. ArrowDown in a filter box above the list). */
  focusFirst(): void {
    this.#focus(0)
  }

  readonly onFocusIn = (event: FocusEvent): void => {
    const index = this.items().indexOf(event.target as HTMLElement)
    if (index >= 0 && index !== this.#active) {
      this.#active = index
      this.host.requestUpdate()
    }
  }

  readonly onKeyDown = (event: KeyboardEvent): void => {
    const items = this.items()
    const current = items.indexOf(event.target as HTMLElement)
    if (current < 0) return
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: items.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    this.#focus(Math.max(0, Math.min(items.length - 1, next)))
  }

  #focus(index: number): void {
    const item = this.items()[index]
    if (!item) return
    this.#active = index
    this.host.requestUpdate()
    item.focus()
  }
}
