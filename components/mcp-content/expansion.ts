/**
 * What the reader has opened in a piece of content: truncated text shown in
 * full, lists showing all their entries, and JSON tree nodes opened or closed.
 * Keys are paths chosen by the renderer (`b0`, `b2/json/items/3`,
 * `structured/a`); `reset()` forgets everything when new content arrives.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit'
import { msg } from '../shared/i18n.js'

/** Text longer than this many characters is cut, with a "Show all" button. */
export const TEXT_LIMIT = 20_000
/** Arrays and objects show this many entries per level, with a "Show all" button. */
export const ITEM_LIMIT = 200
/** "Show all" on a long list draws this many more entries per task, so the page keeps answering input while 50,000 appear. */
const ENTRIES_PER_STEP = 2_000

export class ExpansionController implements ReactiveController {
  #shownInFull = new Set<string>()
  #entriesShown = new Map<string, number>()
  #revealing = new Set<string>()
  #open = new Map<string, boolean>()
  /** Moves on reset and disconnect, so a reveal in progress for old content stops. */
  #generation = 0
  /** Moves on every change; `#revealSteps` counts the moves made by each list's own "Show all" steps (see versionFor). */
  #version = 0
  #revealSteps = new Map<string, number>()

  /**
   * A number that changes whenever anything changes that could alter what the
   * list at `key` has already drawn: every change except that list's own
   * "Show all" steps, which only add entries after those drawn.
   */
  versionFor(key: string): number {
    return this.#version - (this.#revealSteps.get(key) ?? 0)
  }

  #changed(): void {
    this.#version++
    this.host.requestUpdate()
  }

  constructor(private host: ReactiveControllerHost & { readonly updateComplete: Promise<boolean> }) {
    host.addController(this)
  }

  hostDisconnected(): void {
    this.#generation++
    this.#revealing.clear()
  }

  /** Whether the text at `key` is shown in full rather than cut. */
  shownInFull(key: string): boolean {
    return this.#shownInFull.has(key)
  }

  showInFull(key: string): void {
    this.#shownInFull.add(key)
    this.#changed()
  }

  /** How many of the `total` entries of the list at `key` to draw. */
  entriesShown(key: string, total: number): number {
    return Math.min(total, this.#entriesShown.get(key) ?? ITEM_LIMIT)
  }

  /** Whether "Show all" was pressed for the list at `key` and it is still drawing. */
  revealing(key: string): boolean {
    return this.#revealing.has(key)
  }

  /** Draws the rest of a list, ENTRIES_PER_STEP at a time, yielding to the browser between steps. */
  async showAllEntries(key: string, total: number): Promise<void> {
    if (this.#revealing.has(key)) return
    const generation = this.#generation
    this.#revealing.add(key)
    while (generation === this.#generation && this.entriesShown(key, total) < total) {
      this.#entriesShown.set(key, this.entriesShown(key, total) + ENTRIES_PER_STEP)
      this.#revealSteps.set(key, (this.#revealSteps.get(key) ?? 0) + 1)
      this.#changed()
      await this.host.updateComplete
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    if (generation !== this.#generation) return
    this.#revealing.delete(key)
    this.#revealSteps.set(key, (this.#revealSteps.get(key) ?? 0) + 1) // only the status line after the entries changes
    this.#changed()
  }

  /** Whether the tree node at `key` is open: what the reader chose, else `byDefault`. */
  isOpen(key: string, byDefault: boolean): boolean {
    return this.#open.get(key) ?? byDefault
  }

  /** Records a node the reader opened or closed; re-renders only when that changes what is drawn (children are drawn only when open). */
  setOpen(key: string, open: boolean, byDefault: boolean): void {
    if (this.isOpen(key, byDefault) === open) return
    this.#open.set(key, open)
    this.#changed()
  }

  reset(): void {
    this.#generation++
    this.#version++
    this.#shownInFull.clear()
    this.#entriesShown.clear()
    this.#revealing.clear()
    this.#open.clear()
  }
}

/** The "Show all" button under cut content; `label` says how much there is. */
export function showAllButton(label: string, onClick: () => void): TemplateResult {
  return html`<button type="button" part="show-all" class="show-all" @click=${onClick}>${label}</button>`
}

/** The "Show all" button under text cut at TEXT_LIMIT characters. */
export function showAllCharactersButton(expansion: ExpansionController, key: string, length: number): TemplateResult {
  const label = msg('content.show-all-characters', 'Show all {count} characters', { count: formatCount(length) })
  return showAllButton(label, () => expansion.showInFull(key))
}

/** A count in the page's language (50,000). */
export function formatCount(count: number): string {
  return count.toLocaleString(document.documentElement.lang || undefined)
}
