/**
 * What the reader has opened in a piece of content: truncated text shown in
 * full, lists showing all their entries, and JSON tree nodes opened or closed.
 * Keys are paths chosen by the renderer (`b0`, `b2/json/items/3`,
 * `structured/a`); `reset()` forgets everything when new content arrives.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit'
import { formatCount, msg } from '../shared/i18n.js'

/** Text longer than this many characters is cut, with a "Show all" button. */
export const TEXT_LIMIT = 20_000
/** Arrays and objects show this many entries per level, with a "Show all" button. */
export const ITEM_LIMIT = 200

/** The reader's choices, held for the element that draws them (it draws again on each change). */
export class ExpansionController {
  #shownInFull = new Set<string>()
  #entriesShown = new Map<string, number>()
  #open = new Map<string, boolean>()
  /** Moves on every change; `#showAllMoves` counts the moves made by each list's own "Show all" (see versionFor). */
  #version = 0
  #showAllMoves = new Map<string, number>()

  /**
   * A number that changes whenever anything changes that could alter what the
   * list at `key` has already drawn (a chunk of it): every change except that
   * list's own "Show all", which only adds entries after those drawn.
   */
  versionFor(key: string): number {
    return this.#version - (this.#showAllMoves.get(key) ?? 0)
  }

  #changed(): void {
    this.#version++
    this.host.requestUpdate()
  }

  constructor(private host: ReactiveControllerHost) {}

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

  /** Shows every entry of the list at `key` (the JSON tree draws a long list windowed: see chunk-window.ts). */
  showAllEntries(key: string, total: number): void {
    this.#entriesShown.set(key, total)
    this.#showAllMoves.set(key, (this.#showAllMoves.get(key) ?? 0) + 1)
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
    this.#version++
    this.#shownInFull.clear()
    this.#entriesShown.clear()
    this.#showAllMoves.clear()
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
