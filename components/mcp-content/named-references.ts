/**
 * The markdown parser's decoder of named character references (`&amp;`, `&copy;`), without the DOM.
 *
 * micromark and mdast-util-from-markdown import `decode-named-character-reference`, whose `browser` build
 * decodes by setting `innerHTML`: a page that requires Trusted Types refuses that, and the whole block fails.
 * Every build aliases that package to this module (vite.config.ts for the CDN file and the npm build, which
 * bundles the parser for that reason; the browser test runner and the demo site too). It reads the table that
 * package's own non-DOM build reads (character-entities, the HTML standard's list), which is about 12 KB
 * gzipped: so the table is a chunk of its own, loaded only for text that has a named reference in it.
 */

/** The table once loaded; `{}` if it could not be (references are then left as written). */
let table: Record<string, string> | undefined
let loading: Promise<void> | undefined

/**
 * A named reference as CommonMark reads one: `&`, letters and digits, `;`. Source without this shape needs no
 * table (the parser only asks for names it found so), numeric references (`&#169;`) never do.
 */
const NAMED_REFERENCE = /&[A-Za-z0-9]+;/

/**
 * Undefined when `source` can be parsed now; otherwise a promise that settles once the table it needs is
 * loaded (or failed to load: the references are then shown as written).
 */
export function namedReferencesLoad(source: string): Promise<void> | undefined {
  if (table || !NAMED_REFERENCE.test(source)) return undefined
  loading ??= import('./entity-table.js').then(
    (module) => void (table = module.characterEntities),
    (error) => {
      table = {}
      console.warn('mcp-content: the table of named character references could not be loaded; they are shown as written.', error)
    },
  )
  return loading
}

/** `decode-named-character-reference`'s API: the character(s) `value` (without `&` and `;`) names, or false. */
export function decodeNamedCharacterReference(value: string): string | false {
  return table && Object.hasOwn(table, value) ? table[value] : false
}
