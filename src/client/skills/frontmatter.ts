/**
 * SKILL.md's frontmatter, compared with a skill entry's: the YAML between the
 * leading `---` lines, parsed with js-yaml's YAML 1.2 core schema (what the
 * Agent Skills format uses: no dates, no custom tags), field by field. A
 * chunk of its own: only reading a SKILL.md downloads the parser.
 */
import { CORE_SCHEMA, load } from 'js-yaml'

/** The frontmatter block: `---` on the first line, up to the next line that is `---`. */
const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/

/** Values compared before giving up: a hostile frontmatter cannot make the comparison run for ever. */
const COMPARE_BUDGET = 100_000

/**
 * The top-level fields in which `markdown`'s frontmatter differs from `expected` (missing, extra or unequal ones),
 * or a sentence saying why it could not be read.
 */
export function frontmatterDifferences(markdown: string, expected: Record<string, unknown>): string[] | { problem: string } {
  const block = FRONTMATTER.exec(markdown)
  if (!block) return { problem: 'it does not begin with a YAML frontmatter block between --- lines' }
  let parsed: unknown
  try {
    // Aliases refused: an anchor repeated into a huge value is the YAML bomb, and frontmatter has no need of them.
    parsed = load(block[1] ?? '', { schema: CORE_SCHEMA, maxAliases: 0, maxDepth: 50 })
  } catch (error) {
    return { problem: `its frontmatter is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'its frontmatter is not a YAML mapping' }
  const found = parsed as Record<string, unknown>
  const budget = { left: COMPARE_BUDGET }
  const fields = new Set([...Object.keys(expected), ...Object.keys(found)])
  return [...fields].filter(
    (field) => !(Object.hasOwn(expected, field) && Object.hasOwn(found, field) && same(expected[field], found[field], budget)),
  )
}

/** JSON equality (object keys in any order), counting each value compared against `budget`. */
function same(a: unknown, b: unknown, budget: { left: number }): boolean {
  if (--budget.left < 0) return false
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i], budget))
  }
  const aKeys = Object.keys(a)
  const bRecord = b as Record<string, unknown>
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => Object.hasOwn(bRecord, key) && same((a as Record<string, unknown>)[key], bRecord[key], budget))
  )
}
