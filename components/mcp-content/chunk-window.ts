/**
 * Windowing for the long lists of a JSON tree: a list shown in full is cut
 * into chunks of CHUNK entries, and only the chunks within a screen of the
 * view are drawn; each run of other chunks is one empty block as tall as they
 * were when last drawn (or as their entries would be on one line each), so
 * the tree is as tall as all its entries and the scroll bar tells the truth.
 * A 50,000-entry "Show all" then costs what is on screen, in every engine:
 * drawing them all, even 2,000 per task with off-screen chunks skipped by
 * `content-visibility`, blocked WebKit for seconds per step.
 *
 * Why not shared/row-window.ts: it needs every row to have one height, and a
 * JSON entry does not (a nested value the reader opens, a string that wraps).
 * What is near the view is told by an IntersectionObserver (no scroll
 * listeners; any scrolling ancestor), which draws one chunk per round (a
 * frame), so a jump to the end never draws several at once.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

/** Entries per chunk of a windowed list. */
const CHUNK = 50
/** How far beyond the view (above and below) a chunk counts as near and is drawn. */
const NEAR = '100% 0px'
/** An entry's height when on one line: the host's line height (1.45) in the list's font. */
const LINE_EM = 1.45

/** A drawn chunk (entries `start` to `end`), or a run of undrawn chunks (`from` to `to`, exclusive) as one block. */
export type ListPiece =
  { drawn: true; index: number; start: number; end: number } | { drawn: false; from: number; to: number; height: string }

export class ChunkWindowController implements ReactiveController {
  #observer?: IntersectionObserver
  /** Chunks drawn now, by list key. */
  #drawn = new Map<string, Set<number>>()
  /** Last measured height (px) of each chunk that was drawn, by list key. */
  #heights = new Map<string, Map<number, number>>()
  /** Entries shown in each list (for the estimate of a chunk never drawn). */
  #shown = new Map<string, number>()

  constructor(private host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode }) {
    host.addController(this)
  }

  hostConnected(): void {
    this.#observer = new IntersectionObserver(this.#seen, { rootMargin: NEAR })
  }

  hostDisconnected(): void {
    this.#observer?.disconnect()
    this.#observer = undefined
  }

  hostUpdated(): void {
    // Observed afresh after every update: each block is then reported once more, so a block whose chunks changed is
    // looked at again. The blocks are few (the drawn chunks and the gaps between them).
    const observer = this.#observer
    if (!observer) return
    observer.disconnect()
    for (const element of this.host.renderRoot.querySelectorAll('[data-chunk-list]')) observer.observe(element)
  }

  /** The list at `listKey` with `shown` entries, in pieces to render; its first `alwaysDrawn` entries are always drawn. */
  pieces(listKey: string, shown: number, alwaysDrawn: number): ListPiece[] {
    this.#shown.set(listKey, shown)
    const drawn = this.#drawn.get(listKey)
    const chunks = Math.ceil(shown / CHUNK)
    const pieces: ListPiece[] = []
    for (let index = 0; index < chunks;) {
      const start = index * CHUNK
      if (start < alwaysDrawn || drawn?.has(index)) {
        pieces.push({ drawn: true, index, start, end: Math.min(start + CHUNK, shown) })
        index++
        continue
      }
      let to = index + 1
      while (to < chunks && !drawn?.has(to)) to++
      pieces.push({ drawn: false, from: index, to, height: this.#gapHeight(listKey, index, to) })
      index = to
    }
    return pieces
  }

  /** Forgets every chunk (new content). */
  reset(): void {
    this.#drawn.clear()
    this.#heights.clear()
    this.#shown.clear()
  }

  #entriesIn(listKey: string, index: number): number {
    return Math.max(0, Math.min(CHUNK, (this.#shown.get(listKey) ?? 0) - index * CHUNK))
  }

  #gapHeight(listKey: string, from: number, to: number): string {
    const heights = this.#heights.get(listKey)
    let px = 0
    let lines = 0
    for (let index = from; index < to; index++) {
      const measured = heights?.get(index)
      if (measured === undefined) lines += this.#entriesIn(listKey, index)
      else px += measured
    }
    return `calc(${px}px + ${lines * LINE_EM}em)`
  }

  readonly #seen = (entries: IntersectionObserverEntry[]): void => {
    const focused = (this.host.renderRoot as ShadowRoot).activeElement
    let changed = false
    let nearest: { listKey: string; index: number; distance: number } | undefined
    for (const entry of entries) {
      const element = entry.target as HTMLElement
      const listKey = element.dataset.chunkList!
      const box = entry.boundingClientRect
      if (element.dataset.index !== undefined) {
        // A drawn chunk: its height is kept for when it is not; far from the view it is not drawn, unless it holds
        // focus (the keyboard's place is not lost while the reader scrolls away).
        const index = Number(element.dataset.index)
        this.#heightsOf(listKey).set(index, box.height)
        const drawn = this.#drawn.get(listKey)
        if (!entry.isIntersecting && drawn?.has(index) && !(focused && element.contains(focused))) {
          drawn.delete(index)
          changed = true
        }
        continue
      }
      if (!entry.isIntersecting) continue
      // A gap near the view: which of its chunks are near, by their heights from its top.
      const near = entry.rootBounds ?? { top: -innerHeight, bottom: 2 * innerHeight }
      const middle = (near.top + near.bottom) / 2
      const linePx = parseFloat(getComputedStyle(element).fontSize) * LINE_EM
      const heights = this.#heights.get(listKey)
      let top = box.top
      for (let index = Number(element.dataset.from); index < Number(element.dataset.to) && top < near.bottom; index++) {
        const height = heights?.get(index) ?? this.#entriesIn(listKey, index) * linePx
        if (top + height > near.top) {
          const distance = Math.abs(top + height / 2 - middle)
          if (!nearest || distance < nearest.distance) nearest = { listKey, index, distance }
        }
        top += height
      }
    }
    // One chunk per round: the update that draws it reports the blocks again, and the next one follows.
    if (nearest) {
      let drawn = this.#drawn.get(nearest.listKey)
      if (!drawn) this.#drawn.set(nearest.listKey, (drawn = new Set()))
      drawn.add(nearest.index)
      changed = true
    }
    if (changed) this.host.requestUpdate()
  }

  #heightsOf(listKey: string): Map<number, number> {
    let heights = this.#heights.get(listKey)
    if (!heights) this.#heights.set(listKey, (heights = new Map()))
    return heights
  }
}
