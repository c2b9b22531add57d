/**
 * Regular expressions from servers (`pattern`, `patternProperties` keys) run
 * on the page's one thread, and a backtracking engine can take exponential
 * time on a pattern such as `^(a|aa)*$`: one long argument would freeze the
 * page. Such patterns are found before they run.
 *
 * Two shapes make backtracking exponential, and both are looked for on a
 * small parse of the pattern: a repeated choice whose branches can begin
 * with the same character (`(a|aa)*`, `(a|b|ab)*`), and a quantifier inside
 * a quantifier where nothing that must match between them tells one
 * iteration from the next (`(a+)+`, `(\w+\s?)*`, `(x+x+)+`, but not
 * `([a-z]+-)*`).
 *
 * Why not a library: safe-regex2 judges by star height only (it passes
 * `^(a|aa)*$` and refuses `^([a-z]+-)*[a-z]+$`), and it and its parser (ret)
 * are CommonJS that a browser cannot import unbundled, for 4.4 KB gzip;
 * redos-detector is 22 KB gzip and takes up to its timeout on the main
 * thread per pattern.
 */

/** A character class as ranges of code points; `not` for a negated class. */
type CharClass = { ranges: Array<[number, number]>; not: boolean }

type Node =
  | { kind: 'char'; cls: CharClass }
  | { kind: 'empty' } // anchors and word boundaries: they match no character
  | { kind: 'look'; node: Node } // lookarounds: no character either, but their insides are checked
  | { kind: 'ref' } // a back-reference: may match anything
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'rep'; min: number; max: number; node: Node }

const ANY: CharClass = { ranges: [], not: true }
const DIGIT: Array<[number, number]> = [[48, 57]]
const WORD: Array<[number, number]> = [[48, 57], [65, 90], [95, 95], [97, 122]]
const SPACE: Array<[number, number]> = [[9, 13], [32, 32], [160, 160], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]]
const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11, '0': 0 }

/** Why `pattern` may take exponential time to match, or undefined when it does not look so. */
export function unsafePattern(pattern: string): string | undefined {
  let root: Node
  try {
    root = parse(pattern)
  } catch {
    return 'it cannot be parsed'
  }
  return check(root)
}

// ---- parse -----------------------------------------------------------------------------------------

function parse(p: string): Node {
  let i = 0
  const fail = (): never => {
    throw new SyntaxError(`bad pattern at ${i}`)
  }
  const code = () => {
    const c = p.codePointAt(i) ?? fail()
    i += c > 0xffff ? 2 : 1
    return c
  }
  const alt = (): Node => {
    const options = [seq()]
    while (p[i] === '|') {
      i++
      options.push(seq())
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options }
  }
  const seq = (): Node => {
    const items: Node[] = []
    while (i < p.length && p[i] !== '|' && p[i] !== ')') items.push(quantified(atom()))
    return items.length === 1 ? items[0] : { kind: 'seq', items }
  }
  const quantified = (node: Node): Node => {
    let min: number, max: number
    const c = p[i]
    const braces = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i)) : null
    if (c === '*') [min, max] = [0, Infinity]
    else if (c === '+') [min, max] = [1, Infinity]
    else if (c === '?') [min, max] = [0, 1]
    else if (braces) {
      min = Number(braces[1])
      max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3])
    } else return node
    i += braces ? braces[0].length : 1
    if (p[i] === '?') i++ // lazy: the same search space
    return { kind: 'rep', min, max, node }
  }
  const atom = (): Node => {
    const c = p[i++]
    if (c === '(') {
      let look = false
      if (p[i] === '?') {
        if (p.startsWith('?:', i)) i += 2
        else if (p.startsWith('?=', i) || p.startsWith('?!', i)) [i, look] = [i + 2, true]
        else if (p.startsWith('?<=', i) || p.startsWith('?<!', i)) [i, look] = [i + 3, true]
        else if (p[i + 1] === '<') i = p.indexOf('>', i) + 1 || fail()
        else fail()
      }
      const inner = alt()
      if (p[i++] !== ')') fail()
      return look ? { kind: 'look', node: inner } : inner
    }
    if (c === '[') return { kind: 'char', cls: charClass() }
    if (c === '.') return { kind: 'char', cls: ANY }
    if (c === '^' || c === '$') return { kind: 'empty' }
    if (c === ')' || c === '*' || c === '+' || c === '?') fail()
    if (c === '\\') {
      const e = p[i]
      if (e === 'b' || e === 'B') return i++, { kind: 'empty' }
      if (/[1-9]/.test(e)) {
        while (/\d/.test(p[i])) i++
        return { kind: 'ref' }
      }
      if (e === 'k' && p[i + 1] === '<') return (i = p.indexOf('>', i) + 1 || fail()), { kind: 'ref' }
      return { kind: 'char', cls: escape() }
    }
    i--
    return { kind: 'char', cls: { ranges: [[code(), p.codePointAt(i - 1)!]], not: false } }
  }
  /** After a backslash: the class the escape stands for. */
  const escape = (): CharClass => {
    const e = p[i++] ?? fail()
    const lower = e.toLowerCase()
    if (lower === 'd' || lower === 'w' || lower === 's') return { ranges: lower === 'd' ? DIGIT : lower === 'w' ? WORD : SPACE, not: e !== lower }
    if (lower === 'p' && p[i] === '{') return (i = p.indexOf('}', i) + 1 || fail()), ANY // a Unicode property: assume anything
    let c: number
    if (e === 'u' && p[i] === '{') {
      const end = p.indexOf('}', i)
      if (end === -1) fail()
      c = parseInt(p.slice(i + 1, end), 16)
      i = end + 1
    } else if (e === 'u' && /^[\da-f]{4}/i.test(p.slice(i))) [c, i] = [parseInt(p.slice(i, i + 4), 16), i + 4]
    else if (e === 'x' && /^[\da-f]{2}/i.test(p.slice(i))) [c, i] = [parseInt(p.slice(i, i + 2), 16), i + 2]
    else if (e === 'c' && /[a-z]/i.test(p[i] ?? '')) c = p.charCodeAt(i++) % 32
    else if (e in ESCAPES) c = ESCAPES[e]
    else {
      i--
      c = code()
    }
    if (Number.isNaN(c)) fail()
    return { ranges: [[c, c]], not: false }
  }
  /** After `[`: the class, through its `]`. */
  const charClass = (): CharClass => {
    const not = p[i] === '^'
    if (not) i++
    const ranges: Array<[number, number]> = []
    let wide = false
    const member = (): CharClass => {
      if (p[i] !== '\\') return { ranges: [[code(), p.codePointAt(i - 1)!]], not: false }
      i++
      if (p[i] === 'b') return i++, { ranges: [[8, 8]], not: false }
      return escape()
    }
    while (p[i] !== ']') {
      if (i >= p.length) fail()
      const from = member()
      if (p[i] === '-' && p[i + 1] !== ']' && !from.not && from.ranges.length === 1 && from.ranges[0][0] === from.ranges[0][1]) {
        i++
        const to = member()
        if (to.not || to.ranges.length !== 1) fail()
        ranges.push([from.ranges[0][0], to.ranges[0][1]])
      } else if (from.not) wide = true // \D, \W, \S inside a class: close to anything
      else ranges.push(...from.ranges)
    }
    i++
    return wide ? (not ? { ranges: [], not: false } : ANY) : { ranges, not }
  }
  const root = alt()
  if (i !== p.length) fail()
  return root
}

// ---- check -----------------------------------------------------------------------------------------

/** The first problem found anywhere in `node`. */
function check(node: Node): string | undefined {
  switch (node.kind) {
    case 'seq':
      return first(node.items.map(check))
    case 'alt':
      return first(node.options.map(check))
    case 'look':
      return check(node.node)
    case 'rep': {
      if (node.max > 1) {
        const body = node.node
        if (body.kind === 'alt' && overlapping(body.options.map(starts)))
          return 'it repeats a choice whose branches can match the same text, which can take exponential time to match'
        if (ambiguousNesting(body))
          return 'it nests quantifiers with nothing between them to tell the iterations apart, which can take exponential time to match'
      }
      return check(node.node)
    }
    default:
      return undefined
  }
}

const first = (problems: Array<string | undefined>) => problems.find((p) => p !== undefined)

/**
 * Inside a repeated `body`, whether some repetition can give its characters
 * to the next iteration or a neighbour: true unless something that must
 * match in the same iteration (at the body's top level) shares no character
 * with it, as the `-` of `([a-z]+-)*` does.
 */
function ambiguousNesting(body: Node): boolean {
  const items = body.kind === 'seq' ? body.items : [body]
  return items.some((item, index) =>
    innerRepetitions(item).some((inner) => {
      const its = chars(inner)
      return !items.some((other, j) => j !== index && !nullable(other) && !chars(other).some((a) => its.some((b) => intersect(a, b))))
    }),
  )
}

/** Repetitions that can go round more than once, anywhere in `node`. */
function innerRepetitions(node: Node): Node[] {
  switch (node.kind) {
    case 'rep':
      return node.max > 1 ? [node] : innerRepetitions(node.node)
    case 'seq':
      return node.items.flatMap(innerRepetitions)
    case 'alt':
      return node.options.flatMap(innerRepetitions)
    default:
      return []
  }
}

/** Every class `node` may match a character of. */
function chars(node: Node): CharClass[] {
  switch (node.kind) {
    case 'char':
      return [node.cls]
    case 'ref':
      return [ANY]
    case 'rep':
      return chars(node.node)
    case 'seq':
      return node.items.flatMap(chars)
    case 'alt':
      return node.options.flatMap(chars)
    default:
      return []
  }
}

function nullable(node: Node): boolean {
  switch (node.kind) {
    case 'char':
      return false
    case 'rep':
      return node.min === 0 || nullable(node.node)
    case 'seq':
      return node.items.every(nullable)
    case 'alt':
      return node.options.some(nullable)
    default:
      return true
  }
}

/** The classes `node` may begin with; any character when it may match the empty string (then anything may follow). */
function starts(node: Node): CharClass[] {
  switch (node.kind) {
    case 'char':
      return [node.cls]
    case 'rep':
      return node.min === 0 ? [ANY] : starts(node.node)
    case 'seq': {
      const found: CharClass[] = []
      for (const item of node.items) {
        if (item.kind === 'empty' || item.kind === 'look') continue
        found.push(...starts(item))
        if (!nullable(item)) return found
      }
      return [ANY]
    }
    case 'alt':
      return node.options.flatMap(starts)
    default:
      return [ANY]
  }
}

/** Whether any two branches may begin with the same character. */
function overlapping(firsts: CharClass[][]): boolean {
  return firsts.some((a, i) => firsts.slice(i + 1).some((b) => a.some((x) => b.some((y) => intersect(x, y)))))
}

/** Whether two classes may share a character (a negated class shares with anything it does not wholly exclude). */
function intersect(a: CharClass, b: CharClass): boolean {
  if (a.not && b.not) return true
  if (a.not || b.not) {
    const [negated, plain] = a.not ? [a, b] : [b, a]
    return plain.ranges.some(([from, to]) => !negated.ranges.some(([f, t]) => f <= from && to <= t))
  }
  return a.ranges.some(([f1, t1]) => b.ranges.some(([f2, t2]) => f1 <= t2 && f2 <= t1))
}
