/**
 * Regular expressions from servers (`pattern`, `patternProperties` keys) run
 * on the page's one thread, and a backtracking engine can take exponential
 * time on a pattern such as `^(a|aa)*$`: one long argument would freeze the
 * page. Such patterns are found before they run and refused.
 *
 * Two shapes make backtracking exponential. Nested quantifiers (`(a+)+`,
 * `(\w+\s?)*`) are found by safe-regex2 (star height above one). A repeated
 * alternation whose branches can begin with the same character (`(a|aa)*`,
 * `(a|b|ab)*`) is not, so it is checked here on the same parse (ret).
 */
import safeRegex from 'safe-regex2'
import parse, { types, type Root, type SetTokens, type Token } from 'ret'

/** A character class as ranges of code points; `not` for a negated class (or any character). */
type CharClass = { ranges: Array<[number, number]>; not: boolean }

const ANY: CharClass = { ranges: [], not: true }

/** Why `pattern` may take exponential time to match, or undefined when it does not look so. */
export function unsafePattern(pattern: string): string | undefined {
  if (!safeRegex(pattern)) return 'it nests quantifiers (or cannot be parsed), which can take exponential time to match'
  let root: Root
  try {
    root = parse(pattern) as Root
  } catch {
    return 'it cannot be parsed'
  }
  return overlappingRepetition(root) ? 'it repeats a choice whose branches can match the same text, which can take exponential time to match' : undefined
}

/** True when a repetition that can go round more than once holds alternatives that may start alike. */
function overlappingRepetition(token: Root | Token): boolean {
  switch (token.type) {
    case types.REPETITION: {
      const inner = token.value
      if (token.max > 1 && inner.type === types.GROUP && inner.options && overlapping(inner.options.map((o) => first(o)))) return true
      return overlappingRepetition(inner)
    }
    case types.ROOT:
    case types.GROUP:
      return (token.options ?? [token.stack ?? []]).some((branch) => branch.some(overlappingRepetition))
    default:
      return false
  }
}

/** Whether any two branches may begin with the same character. */
function overlapping(firsts: CharClass[][]): boolean {
  for (let i = 0; i < firsts.length; i++)
    for (let j = i + 1; j < firsts.length; j++) if (firsts[i].some((a) => firsts[j].some((b) => intersect(a, b)))) return true
  return false
}

/** The classes a sequence of tokens may begin with; [ANY] when it may match the empty string (then anything may follow). */
function first(sequence: Token[]): CharClass[] {
  const found: CharClass[] = []
  for (const token of sequence) {
    const [classes, nullable] = firstOf(token)
    found.push(...classes)
    if (!nullable) return found
  }
  return [ANY]
}

/** The classes a token may begin with, and whether it may match nothing. */
function firstOf(token: Token): [CharClass[], boolean] {
  switch (token.type) {
    case types.CHAR:
      return [[{ ranges: [[token.value, token.value]], not: false }], false]
    case types.SET:
      return [[{ ranges: ranges(token.set), not: token.not }], false]
    case types.POSITION:
      return [[], true]
    case types.REPETITION: {
      const [classes, nullable] = firstOf(token.value)
      return [classes, nullable || token.min === 0]
    }
    case types.GROUP: {
      // Lookarounds match nothing themselves.
      if (token.followedBy || token.notFollowedBy || token.lookBehind) return [[], true]
      const branches = (token.options ?? [token.stack ?? []]).map(first)
      return [branches.flat(), branches.some((b) => b.includes(ANY))]
    }
    default:
      // A back-reference may match anything.
      return [[ANY], true]
  }
}

/** The ranges of a set's members; a nested negated set (`\D` inside `[...]`) widens it to any character. */
function ranges(set: SetTokens): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (const t of set) {
    if (t.type === types.CHAR) out.push([t.value, t.value])
    else if (t.type === types.RANGE) out.push([t.from, t.to])
    else if (t.not) return [[0, 0x10ffff]]
    else out.push(...ranges(t.set))
  }
  return out
}

/** Whether two classes may share a character (a negated class is assumed to share with anything it does not wholly exclude). */
function intersect(a: CharClass, b: CharClass): boolean {
  if (a.not && b.not) return true
  if (a.not || b.not) {
    const [negated, plain] = a.not ? [a, b] : [b, a]
    return plain.ranges.some(([from, to]) => !negated.ranges.some(([f, t]) => f <= from && to <= t))
  }
  return a.ranges.some(([f1, t1]) => b.ranges.some(([f2, t2]) => f1 <= t2 && f2 <= t1))
}
