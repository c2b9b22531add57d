/**
 * Text a person must read exactly (what a tool call will send), made safe to look at: characters that would not
 * be seen or that reorder what is around them (controls, bidirectional controls, zero-width and other invisible
 * characters, spaces other than U+0020, lone surrogates) become markers such as ⟨U+202E RLO⟩, and runs that would
 * push the rest out of sight (long runs of spaces or line breaks, piles of combining marks) are counted, not drawn.
 * A budget cuts the text; what was left out is counted.
 */
import { css, html, nothing, type TemplateResult } from 'lit'
import { formatCount, msg } from './i18n.js'

/** A piece of text as shown: as it is, or a marker standing for characters a reader would not see. */
export type Piece = { text: string } | { marker: string; title: string }

export interface VisibleText {
  pieces: Piece[]
  /** UTF-16 code units of the source left out by the budget (0: shown whole). */
  left: number
}

export interface VisibleTextOptions {
  /** Characters to show at most (a marker counts as its own length). */
  budget?: number
  /** Markers to draw at most: each is an element, and a page of them slows the browser down. */
  markers?: number
  /** The source is JSON text: its line breaks and the indentation after them are its layout, drawn as they are. */
  json?: boolean
}

/** Short names of the characters most often used to hide or reorder text, with their Unicode names. */
const NAMES: Record<number, [short: string, name: string]> = {
  0x00: ['NUL', 'NULL'],
  0x09: ['TAB', 'CHARACTER TABULATION'],
  0x0b: ['VT', 'LINE TABULATION'],
  0x0c: ['FF', 'FORM FEED'],
  0x0d: ['CR', 'CARRIAGE RETURN'],
  0x1b: ['ESC', 'ESCAPE'],
  0x7f: ['DEL', 'DELETE'],
  0x85: ['NEL', 'NEXT LINE'],
  0xa0: ['NBSP', 'NO-BREAK SPACE'],
  0xad: ['SHY', 'SOFT HYPHEN'],
  0x34f: ['CGJ', 'COMBINING GRAPHEME JOINER'],
  0x61c: ['ALM', 'ARABIC LETTER MARK'],
  0x115f: ['HCF', 'HANGUL CHOSEONG FILLER'],
  0x1160: ['HJF', 'HANGUL JUNGSEONG FILLER'],
  0x180e: ['MVS', 'MONGOLIAN VOWEL SEPARATOR'],
  0x2000: ['NQSP', 'EN QUAD'],
  0x2001: ['MQSP', 'EM QUAD'],
  0x2002: ['ENSP', 'EN SPACE'],
  0x2003: ['EMSP', 'EM SPACE'],
  0x2007: ['FSP', 'FIGURE SPACE'],
  0x2008: ['PSP', 'PUNCTUATION SPACE'],
  0x2009: ['THSP', 'THIN SPACE'],
  0x200a: ['HSP', 'HAIR SPACE'],
  0x200b: ['ZWSP', 'ZERO WIDTH SPACE'],
  0x200c: ['ZWNJ', 'ZERO WIDTH NON-JOINER'],
  0x200d: ['ZWJ', 'ZERO WIDTH JOINER'],
  0x200e: ['LRM', 'LEFT-TO-RIGHT MARK'],
  0x200f: ['RLM', 'RIGHT-TO-LEFT MARK'],
  0x2028: ['LSEP', 'LINE SEPARATOR'],
  0x2029: ['PSEP', 'PARAGRAPH SEPARATOR'],
  0x202a: ['LRE', 'LEFT-TO-RIGHT EMBEDDING'],
  0x202b: ['RLE', 'RIGHT-TO-LEFT EMBEDDING'],
  0x202c: ['PDF', 'POP DIRECTIONAL FORMATTING'],
  0x202d: ['LRO', 'LEFT-TO-RIGHT OVERRIDE'],
  0x202e: ['RLO', 'RIGHT-TO-LEFT OVERRIDE'],
  0x202f: ['NNBSP', 'NARROW NO-BREAK SPACE'],
  0x205f: ['MMSP', 'MEDIUM MATHEMATICAL SPACE'],
  0x2060: ['WJ', 'WORD JOINER'],
  0x2066: ['LRI', 'LEFT-TO-RIGHT ISOLATE'],
  0x2067: ['RLI', 'RIGHT-TO-LEFT ISOLATE'],
  0x2068: ['FSI', 'FIRST STRONG ISOLATE'],
  0x2069: ['PDI', 'POP DIRECTIONAL ISOLATE'],
  0x3000: ['IDSP', 'IDEOGRAPHIC SPACE'],
  0x3164: ['HF', 'HANGUL FILLER'],
  0xfe0e: ['VS15', 'VARIATION SELECTOR-15'],
  0xfe0f: ['VS16', 'VARIATION SELECTOR-16'],
  0xfeff: ['BOM', 'ZERO WIDTH NO-BREAK SPACE'],
  0xffa0: ['HWHF', 'HALFWIDTH HANGUL FILLER'],
}

/** More plain spaces in a row than this are counted, not drawn. */
const SPACE_RUN = 8
/** More line breaks in a row than this are counted, not drawn. */
const LINE_BREAK_RUN = 2
/** More combining marks in a row than this are counted: a pile of them draws over the lines around it. */
const MARK_RUN = 4

// One match is one thing to mark. `hidden` is any character a reader would not see as itself: controls (Cc),
// format characters (Cf: bidirectional controls, zero-width ones, tags), line and paragraph separators, lone
// surrogates, default-ignorable code points (variation selectors, fillers), and every space but U+0020.
const SPECIAL = new RegExp(
  [
    `(?<spaces> {${SPACE_RUN + 1},})`,
    '(?<breaks>\\n+)',
    `(?<marks>\\p{M}{${MARK_RUN + 1},})`,
    '(?<hidden>[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\p{Default_Ignorable_Code_Point}]|[^\\P{Zs} ])\\k<hidden>*',
  ].join('|'),
  'gu',
)

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
}

/** The marker for `run`, `char` one or more times. */
function hiddenMarker(run: string, char: string): Piece {
  const [short, name] = NAMES[char.codePointAt(0)!] ?? []
  const label = short ? `${codePoint(char)} ${short}` : codePoint(char)
  const times = run.length / char.length
  return {
    marker: times > 1 ? `⟨${formatCount(times)} × ${label}⟩` : `⟨${label}⟩`,
    title: name ? `${codePoint(char)} ${name}` : codePoint(char),
  }
}

/** What one match of SPECIAL shows as. */
function shownAs(match: RegExpExecArray, source: string, json: boolean): Piece[] {
  const { spaces, breaks, marks, hidden } = match.groups!
  if (spaces) {
    // In JSON text the spaces after a line break are its indentation (a string's own line breaks are escaped).
    if (json && source[match.index - 1] === '\n') return [{ text: spaces }]
    return [{ marker: msg('visible-text.spaces', '⟨{count} spaces⟩', { count: formatCount(spaces.length) }), title: 'U+0020 SPACE' }]
  }
  if (breaks) {
    if (json) return [{ text: breaks }]
    const title = 'U+000A LINE FEED'
    if (breaks.length > LINE_BREAK_RUN)
      return [
        { marker: msg('visible-text.line-breaks', '⟨{count} line breaks⟩', { count: formatCount(breaks.length) }), title },
        { text: '\n' },
      ]
    return Array.from(breaks, () => [{ marker: '↵', title }, { text: '\n' }]).flat()
  }
  if (marks)
    return [{ marker: msg('visible-text.marks', '⟨{count} combining marks⟩', { count: formatCount([...marks].length) }), title: '' }]
  return [hiddenMarker(match[0], hidden!)]
}

const lengthOf = (piece: Piece) => ('text' in piece ? piece.text.length : piece.marker.length)

/** `source` as pieces to draw, cut once `budget` characters are drawn. */
export function visibleText(source: string, { budget = Infinity, markers = Infinity, json = false }: VisibleTextOptions = {}): VisibleText {
  const pieces: Piece[] = []
  let room = budget
  let markersLeft = markers
  /** How much of the source is shown. */
  let at = 0
  const push = (piece: Piece) => {
    const last = pieces.at(-1)
    if ('text' in piece && last && 'text' in last) last.text += piece.text
    else pieces.push(piece)
    room -= lengthOf(piece)
  }
  // Shows the source up to `to` as it is, as far as the budget goes; false when it ran out.
  const plain = (to: number): boolean => {
    const text = source.slice(at, to)
    if (text.length <= room) {
      if (text) push({ text })
      at = to
      return true
    }
    // Never cut between the halves of a surrogate pair.
    const cut = /[\uD800-\uDBFF]/.test(text[room - 1] ?? '') ? room - 1 : room
    if (cut > 0) push({ text: text.slice(0, cut) })
    at += cut
    return false
  }
  SPECIAL.lastIndex = 0
  for (let match = SPECIAL.exec(source); match; match = SPECIAL.exec(source)) {
    if (!plain(match.index)) return { pieces, left: source.length - at }
    const shown = shownAs(match, source, json)
    const marked = shown.filter((piece) => 'marker' in piece).length
    if (shown.reduce((sum, piece) => sum + lengthOf(piece), 0) > room || marked > markersLeft) return { pieces, left: source.length - at }
    shown.forEach(push)
    markersLeft -= marked
    at = match.index + match[0].length
  }
  plain(source.length)
  return { pieces, left: source.length - at }
}

/** The pieces as Lit content: text as text, each marker in a `<span class="marker" part="marker">`. */
export function renderPieces(pieces: Piece[]): Array<string | TemplateResult> {
  return pieces.map((piece) =>
    'text' in piece ? piece.text : html`<span class="marker" part="marker" title=${piece.title || nothing}>${piece.marker}</span>`,
  )
}

/**
 * How shown text looks: each one isolated from the text around it (its direction is its own, and it cannot reorder
 * its neighbours), its line breaks and spaces kept, long words broken; a marker unlike the text it sits in.
 */
export const visibleTextStyles = css`
  .visible-text {
    unicode-bidi: isolate;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .marker {
    unicode-bidi: isolate;
    margin: 0 0.1em;
    padding: 0 0.25em;
    border: 1px dashed currentColor;
    border-radius: calc(var(--mcp-radius) / 2);
    background: var(--mcp-color-warning-bg);
    color: var(--mcp-color-warning);
    font-family: var(--mcp-font-mono);
    font-size: 0.85em;
    white-space: nowrap;
  }
`
