/**
 * A JSON value as a collapsible tree: objects and arrays are `<details>`
 * whose children are drawn only while open, so a huge value costs only what
 * is on screen. Keys and values are text bindings. Each level shows
 * ITEM_LIMIT entries (see expansion.ts) and long strings TEXT_LIMIT
 * characters until the reader asks for all of it; a list shown in full past
 * ITEM_LIMIT is drawn windowed, only its chunks near the view (chunk-window.ts).
 */
import { html, nothing, type TemplateResult } from 'lit'
import { guard } from 'lit/directives/guard.js'
import { repeat } from 'lit/directives/repeat.js'
import { escapePointer } from '../../src/schema/json-pointer.js'
import { formatCount, msg } from '../shared/i18n.js'
import type { ChunkWindowController } from './chunk-window.js'
import { ExpansionController, ITEM_LIMIT, TEXT_LIMIT, showAllButton, showAllCharactersButton } from './expansion.js'

/** An object or array with at most this many entries opens by default under an equally small root. */
const SMALL = 20
/** Values nested deeper than this are shown closed, whatever the defaults say, so nothing recurses without the reader asking. */
const MAX_AUTO_OPEN_DEPTH = 1

/** Renders `value` as a tree; `key` names it for the expansion state (unique within the element). */
export function renderJsonTree(value: unknown, key: string, expansion: ExpansionController, chunks: ChunkWindowController): TemplateResult {
  return html`<div class="json-tree" part="json">${renderNode(value, undefined, key, expansion, chunks, 0, true, [])}</div>`
}

function itemCount(count: number, isArray: boolean): string {
  if (isArray)
    return count === 1 ? msg('content.json-one-item', '1 item') : msg('content.json-items', '{count} items', { count: formatCount(count) })
  return count === 1 ? msg('content.json-one-key', '1 key') : msg('content.json-keys', '{count} keys', { count: formatCount(count) })
}

function renderNode(
  value: unknown,
  label: string | undefined,
  key: string,
  expansion: ExpansionController,
  chunks: ChunkWindowController,
  depth: number,
  parentSmall: boolean,
  ancestors: readonly object[],
): TemplateResult {
  const labelPart = label === undefined ? nothing : html`<span class="json-key">${label}</span><span class="json-colon">: </span>`
  if (typeof value !== 'object' || value === null) return html`${labelPart}${renderPrimitive(value, key, expansion)}`
  // A page can hand over objects that refer to themselves; JSON from a server cannot.
  if (ancestors.includes(value)) return html`${labelPart}<span class="json-circular">${msg('content.json-circular', '[circular]')}</span>`

  const isArray = Array.isArray(value)
  const names = isArray ? undefined : Object.keys(value)
  const count = isArray ? value.length : names!.length
  if (count === 0) return html`${labelPart}<span class="json-empty">${isArray ? '[]' : '{}'}</span>`

  const small = count <= SMALL
  const byDefault = depth === 0 || (depth <= MAX_AUTO_OPEN_DEPTH && parentSmall && small)
  const open = expansion.isOpen(key, byDefault)
  let body: TemplateResult | typeof nothing = nothing
  if (open) {
    const shown = expansion.entriesShown(key, count)
    const within = [...ancestors, value]
    const entry = (i: number): TemplateResult => {
      const name = isArray ? String(i) : names![i]
      const child = (value as Record<string, unknown>)[name]
      // Short primitives (most entries of a big array) are one flat template: a 50,000-entry "Show all" is mostly these.
      return isShortPrimitive(child)
        ? html`<li>
            <span class="json-key">${name}</span><span class="json-colon">: </span
            ><span class=${primitiveClass(child)}>${primitiveText(child)}</span>
          </li>`
        : html`<li>${renderNode(child, name, `${key}/${escapePointer(name)}`, expansion, chunks, depth + 1, small, within)}</li>`
    }
    const entries = (start: number, end: number) => Array.from({ length: end - start }, (_, i) => entry(start + i))
    const more =
      shown < count
        ? html`<li>
            ${showAllButton(msg('content.show-all-entries', 'Show all {count} entries', { count: formatCount(count) }), () =>
              expansion.showAllEntries(key, count),
            )}
          </li>`
        : nothing
    if (count <= ITEM_LIMIT) {
      body = html`<ul>
        ${entries(0, count)}
      </ul>`
    } else {
      // A long list is drawn in chunks, windowed once shown in full (chunk-window.ts): the entries drawn before
      // "Show all" stay drawn, and a drawn chunk is not drawn again while others come and go (keyed, and guard),
      // only when something in it may have changed.
      body = html`${repeat(
          chunks.pieces(key, shown, ITEM_LIMIT),
          (piece) => (piece.drawn ? `c${piece.index}` : `g${piece.from}`),
          (piece) =>
            piece.drawn
              ? html`<ul class="chunk" data-chunk-list=${key} data-index=${piece.index}>
                  ${guard([value, piece.start, piece.end, expansion.versionFor(key)], () => entries(piece.start, piece.end))}
                </ul>`
              : html`<ul
                  class="gap"
                  data-chunk-list=${key}
                  data-from=${piece.from}
                  data-to=${piece.to}
                  .style=${`height:${piece.height}`}
                ></ul>`,
        )}
        <ul>
          ${more}
        </ul>`
    }
  }
  return html`<details
    ?open=${open}
    @toggle=${(event: Event) => expansion.setOpen(key, (event.target as HTMLDetailsElement).open, byDefault)}
  >
    <summary>${labelPart}<span class="json-meta">${itemCount(count, isArray)}</span></summary>
    ${body}
  </details>`
}

const isShortPrimitive = (value: unknown) =>
  (typeof value !== 'object' || value === null) && !(typeof value === 'string' && value.length > TEXT_LIMIT)
const primitiveClass = (value: unknown) => `json-${value === null ? 'null' : typeof value}`
const primitiveText = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value))

function renderPrimitive(value: unknown, key: string, expansion: ExpansionController): TemplateResult {
  if (typeof value === 'string' && value.length > TEXT_LIMIT && !expansion.shownInFull(key)) {
    return html`<span class="json-string">"${value.slice(0, TEXT_LIMIT)}…"</span> ${showAllCharactersButton(expansion, key, value.length)}`
  }
  return html`<span class=${primitiveClass(value)}>${primitiveText(value)}</span>`
}
