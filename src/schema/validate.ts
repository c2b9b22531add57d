/**
 * Validates tool arguments against the tool's `inputSchema` before anything
 * is sent, and any value against a server's schema (elicitation content,
 * structured results), with @cfworker/json-schema (no eval, so it runs under a strict
 * CSP). Server schemas are untrusted, so before a schema is used it is
 * bounded: depth, subschema count, pattern length, and the size it reaches
 * when local `$ref`s are expanded (a few nested `anyOf`s behind `$ref`s can
 * otherwise cost 2^n checks). `$ref`s are never fetched: one that is not
 * local is a {@link SchemaError}, never a permissive pass. A `pattern` that
 * could backtrack for exponential time (regex.ts) is not run here (the server
 * still checks it); a `patternProperties` key that could is a SchemaError,
 * since which properties it covers cannot be told without running it.
 */
import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema'
import { InvalidArgumentsError, SchemaError } from '../protocol/errors.js'
import { SCHEMA_LIMITS } from './limits.js'
import { walkSchema } from './walk.js'
import type { SchemaProblem } from '../protocol/errors.js'
import { resolveLocalRef } from './json-pointer.js'
import { unsafePattern } from './regex.js'
import { quickCheck } from './quick-check.js'

const DIALECTS: Record<string, SchemaDraft> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': '7',
  'http://json-schema.org/draft-04/schema': '4',
}

const validators = new WeakMap<object, Validator>()
/** The fast check of a compiled schema of the simple shape most tools have (quick-check.ts). */
const quickChecks = new WeakMap<Validator, (value: unknown) => boolean>()
/**
 * The JSON text of the arguments each compiled schema last found valid in {@link checkArguments}. Validity depends
 * on the schema and the value alone, and the same text parses to the same value: arguments sent as that text were
 * checked already. Only a check that passed writes here; nothing a caller hands in can.
 */
const passed = new WeakMap<Validator, string>()

/**
 * Throws {@link InvalidArgumentsError} when `args` do not satisfy `schema`, {@link SchemaError} when the schema cannot
 * be used. `text` is `args` as JSON (what is sent): arguments {@link checkArguments} found valid against this very
 * schema object, as this same text, are not checked again.
 */
export function validateArguments(tool: string, schema: unknown, args: unknown, text?: string): void {
  if (schema === null || typeof schema !== 'object') return
  const what = `The inputSchema of tool "${tool}"`
  const checked = withoutOptionalNulls(schema, args ?? {})
  // Only arguments checked as they are: one that leaves out an optional null is another value than the text's.
  if (text !== undefined && checked === args && passed.get(compiled(what, schema)) === text) return
  const errors = check(what, schema, checked)
  if (errors.length) throw new InvalidArgumentsError(tool, errors)
}

/**
 * {@link validateAgainstSchema} for arguments about to be sent: `args` are checked as their JSON (what a call sends),
 * and when they are valid, that text is remembered with the compiled schema, so a call of a tool with this very schema
 * object and these arguments is checked once, here (a form's check before its call).
 */
export function checkArguments(schema: unknown, args: Record<string, unknown>): SchemaProblem[] {
  const text = JSON.stringify(args) ?? 'null'
  const problems = validateAgainstSchema(schema, JSON.parse(text))
  if (!problems.length && typeof schema === 'object' && schema !== null) passed.set(compiled('The schema', schema), text)
  return problems
}

/**
 * The problems of `value` against `schema` (an elicitation's
 * `requestedSchema`, a tool's `outputSchema` …), each with a JSON Pointer
 * into the value; empty when it is valid. The same guards as for arguments:
 * a schema that cannot be used safely is a {@link SchemaError}.
 */
export function validateAgainstSchema(schema: unknown, value: unknown): SchemaProblem[] {
  if (schema === true) return []
  if (schema === false) return [{ path: '', message: 'no value is allowed here (the schema is false)' }]
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    throw new SchemaError(
      `The schema was refused: it is ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : `a ${typeof schema}`}, not an object`,
    )
  return check('The schema', schema, value)
}

/** Validates, turning what the validator reports into plain `{ path, message }` problems. `what` names the schema in errors. */
function check(what: string, schema: object, value: unknown): SchemaProblem[] {
  const validator = compiled(what, schema)
  if (quickChecks.get(validator)?.(value)) return []
  let result
  try {
    result = validator.validate(value)
  } catch (e) {
    throw new SchemaError(`${what} cannot be used: ${(e as Error).message}`)
  }
  if (result.valid) return []
  const unresolved = result.errors.find((e) => e.error.startsWith('Unresolved $ref'))
  if (unresolved)
    throw new SchemaError(`${what} has a $ref this client will not resolve (only local references are followed): ${unresolved.error}`)
  // cfworker reports each failing keyword up the tree; keep the innermost, which say what to fix.
  const errors = result.errors
    .filter((e) => !['properties', 'allOf', '$ref', 'items'].includes(e.keyword))
    .map((e) => ({ path: e.instanceLocation.replace(/^#/, ''), message: e.error, keyword: e.keyword }))
  return errors.length ? errors : [{ path: '', message: 'does not match the schema' }]
}

/** The schema's compiled validator, compiled on first use and kept with the schema object. */
function compiled(what: string, schema: object): Validator {
  let validator = validators.get(schema)
  if (!validator) {
    validator = compile(what, schema as Schema)
    validators.set(schema, validator)
  }
  return validator
}

type ObjectSchema = { properties?: Record<string, unknown>; required?: unknown } | null

/**
 * A null for an optional property means "not provided" (the transport omits
 * its header too), so it is left out of what is validated; the arguments
 * sent are unchanged. `value` itself when it holds no such null.
 */
function withoutOptionalNulls(schema: unknown, value: unknown): unknown {
  if (!hasOptionalNull(schema, value)) return value
  const s = schema as ObjectSchema & object
  const required = Array.isArray(s.required) ? s.required : []
  const copy: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value as object)) {
    if (v === null && !required.includes(key)) continue
    copy[key] = withoutOptionalNulls(s.properties![key], v)
  }
  return copy
}

/** Whether `value` holds a null for a property its schema does not require, at any depth withoutOptionalNulls() walks. */
function hasOptionalNull(schema: unknown, value: unknown): boolean {
  const s = schema as ObjectSchema
  if (!s || typeof s !== 'object' || !s.properties || !value || typeof value !== 'object' || Array.isArray(value)) return false
  const required = Array.isArray(s.required) ? s.required : []
  for (const [key, v] of Object.entries(value)) if (v === null ? !required.includes(key) : hasOptionalNull(s.properties[key], v)) return true
  return false
}

function compile(what: string, schema: Schema): Validator {
  const fail = (why: string): never => {
    throw new SchemaError(`${what} was refused: ${why}`)
  }
  const dialect = schema.$schema === undefined ? '2020-12' : DIALECTS[String(schema.$schema).replace(/#$/, '')]
  if (!dialect) fail(`the dialect ${JSON.stringify(schema.$schema)} is not supported (2020-12, 2019-09, draft-07 and draft-04 are)`)
  let problem: string | undefined
  let unsafe = false
  try {
    problem = walkSchema(schema, (s) => {
      if (typeof s.pattern === 'string') {
        if (s.pattern.length > SCHEMA_LIMITS.maxPatternLength) return `a pattern is longer than ${SCHEMA_LIMITS.maxPatternLength} characters`
        unsafe ||= unsafePattern(s.pattern) !== undefined
      }
      if (s.patternProperties && typeof s.patternProperties === 'object')
        for (const key of Object.keys(s.patternProperties)) {
          const why = key.length > SCHEMA_LIMITS.maxPatternLength ? 'it is too long' : unsafePattern(key)
          if (why) return `the patternProperties key ${JSON.stringify(key.slice(0, 80))} is not run: ${why}`
        }
      if (typeof s.$ref === 'string' && !s.$ref.startsWith('#'))
        return `$ref ${JSON.stringify(s.$ref)} points outside the schema, and remote schemas are never fetched`
    })
  } catch (e) {
    fail((e as Error).message)
  }
  if (problem) fail(problem)
  // The validator annotates the schema objects it is given, and unsafe patterns are taken out: both on a copy
  // (made once the walk has bounded its depth), so the tool keeps the schema exactly as sent.
  const copy = structuredClone(schema)
  if (unsafe)
    walkSchema(copy, (s) => {
      if (typeof s.pattern === 'string' && unsafePattern(s.pattern)) delete s.pattern
    })
  const cycle = refCycle(copy)
  if (cycle) fail(`its $refs form a cycle that never reaches a value (${cycle.join(' → ')})`)
  const size = expandedSize(copy)
  if (size === Infinity) fail(`its $refs nest deeper than ${SCHEMA_LIMITS.maxDepth} levels`)
  if (size > SCHEMA_LIMITS.maxNodes * 20) fail('its $refs expand to too many subschemas to check safely')
  // Built before the validator annotates the copy; it keeps nothing of the copy but plain values.
  const quick = quickCheck(copy)
  const validator = new Validator(copy, dialect, false)
  if (quick) quickChecks.set(validator, quick)
  return validator
}

/** Keywords whose subschemas apply to the same value: following only these (and `$ref`) never moves into the value. */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else']

/**
 * A chain of `$ref`s that leads back to where it started without stepping
 * into the value (through `properties`, `items` …), which validation would
 * follow for ever; undefined when there is none.
 */
function refCycle(root: unknown): string[] | undefined {
  const done = new Set<object>()
  const onPath = new Map<object, number>()
  const refs: string[] = []
  const visit = (node: unknown, depth = 0): string[] | undefined => {
    if (node === null || typeof node !== 'object' || done.has(node)) return
    if (onPath.has(node)) return refs.slice(onPath.get(node))
    // Deeper than any schema is let be: expandedSize() refuses it as too deep. Followed further, a long chain of
    // $refs would overflow the stack here (a worker's smaller stack first) before that clear refusal.
    if (depth > SCHEMA_LIMITS.maxDepth) return
    onPath.set(node, refs.length)
    const s = node as Record<string, unknown>
    const next: unknown[] = []
    for (const k of IN_PLACE) next.push(...(Array.isArray(s[k]) ? (s[k] as unknown[]) : [s[k]]))
    let found: string[] | undefined
    for (const child of next) if ((found = visit(child, depth + 1))) break
    if (!found && typeof s.$ref === 'string') {
      refs.push(s.$ref)
      found = visit(resolveLocalRef(root, s.$ref), depth + 1)
      if (found) found = [...found]
      refs.pop()
    }
    onPath.delete(node)
    done.add(node)
    return found
  }
  // Every subschema may be where validation starts (a $ref into it from a property), so each is a start.
  let cycle: string[] | undefined
  walkSchema(root, (s) => {
    cycle ??= visit(s)
  })
  return cycle
}

/**
 * How many subschemas validation may visit once local `$ref`s are expanded,
 * capped early; Infinity when `$ref` hops and nesting go deeper than
 * maxDepth (the validator recurses as deep, and would overflow the stack).
 */
function expandedSize(root: Schema): number {
  const cap = SCHEMA_LIMITS.maxNodes * 20
  const memo = new Map<object, number>()
  const active = new Set<object>()
  const size = (node: unknown, depth = 0): number => {
    if (node === null || typeof node !== 'object') return 0
    if (depth > SCHEMA_LIMITS.maxDepth) return Infinity
    const known = memo.get(node)
    if (known !== undefined) return known
    if (active.has(node)) return 1 // recursion is bounded by the instance, not the schema
    active.add(node)
    let total = 1
    const target = (node as Record<string, unknown>).$ref
    if (typeof target === 'string') total += size(resolveLocalRef(root, target), depth + 1)
    for (const [key, value] of Object.entries(node)) {
      if (key === '$defs' || key === 'definitions' || key === 'enum' || key === 'const' || key === 'examples' || key === 'default') continue
      if (value && typeof value === 'object') total += size(value, depth + 1)
      if (total > cap) break
    }
    active.delete(node)
    memo.set(node, total)
    return total
  }
  return size(root)
}
