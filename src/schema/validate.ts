/**
 * Validates tool arguments against the tool's `inputSchema` before anything
 * is sent, and any value against a server's schema (elicitation content,
 * structured results), with @cfworker/json-schema (no eval, so it runs under a strict
 * CSP). Server schemas are untrusted, so before a schema is used it is
 * bounded: depth, subschema count, pattern length, and the size it reaches
 * when local `$ref`s are expanded (a few nested `anyOf`s behind `$ref`s can
 * otherwise cost 2^n checks). `$ref`s are never fetched: one that is not
 * local is a {@link SchemaError}, never a permissive pass.
 */
import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema'
import { InvalidArgumentsError, SchemaError } from '../protocol/errors.js'
import { SCHEMA_LIMITS } from './limits.js'
import { walkSchema } from './walk.js'

const DIALECTS: Record<string, SchemaDraft> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': '7',
  'http://json-schema.org/draft-04/schema': '4',
}

const validators = new WeakMap<object, Validator>()

/** Throws {@link InvalidArgumentsError} when `args` do not satisfy `schema`, {@link SchemaError} when the schema cannot be used. */
export function validateArguments(tool: string, schema: unknown, args: unknown): void {
  if (schema === null || typeof schema !== 'object') return
  const errors = check(`The inputSchema of tool "${tool}"`, schema, withoutOptionalNulls(schema, args ?? {}))
  if (errors.length) throw new InvalidArgumentsError(tool, errors)
}

/**
 * The problems of `value` against `schema` (an elicitation's
 * `requestedSchema`, a tool's `outputSchema` …), each with a JSON Pointer
 * into the value; empty when it is valid. The same guards as for arguments:
 * a schema that cannot be used safely is a {@link SchemaError}.
 */
export function validateAgainstSchema(schema: unknown, value: unknown): Array<{ path: string; message: string }> {
  if (schema === true) return []
  if (schema === false) return [{ path: '', message: 'no value is allowed here (the schema is false)' }]
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    throw new SchemaError(
      `The schema was refused: it is ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : `a ${typeof schema}`}, not an object`,
    )
  return check('The schema', schema, value)
}

/** Validates, turning what the validator reports into plain `{ path, message }` problems. `what` names the schema in errors. */
function check(what: string, schema: object, value: unknown): Array<{ path: string; message: string }> {
  let validator = validators.get(schema)
  if (!validator) {
    validator = compile(what, schema as Schema)
    validators.set(schema, validator)
  }
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
    .map((e) => ({ path: e.instanceLocation.replace(/^#/, ''), message: e.error }))
  return errors.length ? errors : [{ path: '', message: 'does not match the schema' }]
}

/**
 * A null for an optional property means "not provided" (the transport omits
 * its header too), so it is left out of what is validated; the arguments
 * sent are unchanged.
 */
function withoutOptionalNulls(schema: unknown, value: unknown): unknown {
  const s = schema as { properties?: Record<string, unknown>; required?: unknown } | null
  if (!s || typeof s !== 'object' || !s.properties || !value || typeof value !== 'object' || Array.isArray(value)) return value
  const required = Array.isArray(s.required) ? s.required : []
  if (!Object.values(value).some((v) => v === null || (typeof v === 'object' && !Array.isArray(v)))) return value
  const copy: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (v === null && !required.includes(key)) continue
    copy[key] = withoutOptionalNulls(s.properties[key], v)
  }
  return copy
}

function compile(what: string, schema: Schema): Validator {
  const fail = (why: string): never => {
    throw new SchemaError(`${what} was refused: ${why}`)
  }
  const dialect = schema.$schema === undefined ? '2020-12' : DIALECTS[String(schema.$schema).replace(/#$/, '')]
  if (!dialect) fail(`the dialect ${JSON.stringify(schema.$schema)} is not supported (2020-12, 2019-09, draft-07 and draft-04 are)`)
  let problem: string | undefined
  try {
    problem = walkSchema(schema, (s) => {
      if (typeof s.pattern === 'string' && s.pattern.length > SCHEMA_LIMITS.maxPatternLength)
        return `a pattern is longer than ${SCHEMA_LIMITS.maxPatternLength} characters`
      if (typeof s.$ref === 'string' && !s.$ref.startsWith('#'))
        return `$ref ${JSON.stringify(s.$ref)} points outside the schema, and remote schemas are never fetched`
    })
  } catch (e) {
    fail((e as Error).message)
  }
  if (problem) fail(problem)
  const size = expandedSize(schema)
  if (size === Infinity) fail(`its $refs nest deeper than ${SCHEMA_LIMITS.maxDepth} levels`)
  if (size > SCHEMA_LIMITS.maxNodes * 20) fail('its $refs expand to too many subschemas to check safely')
  // The validator annotates the schema objects it is given; the tool keeps the schema exactly as sent.
  return new Validator(structuredClone(schema), dialect, false)
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
  const resolve = (ref: string): unknown => {
    if (!ref.startsWith('#/')) return undefined
    let node: unknown = root
    for (const part of ref.slice(2).split('/')) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined
    }
    return node
  }
  const size = (node: unknown, depth = 0): number => {
    if (node === null || typeof node !== 'object') return 0
    if (depth > SCHEMA_LIMITS.maxDepth) return Infinity
    const known = memo.get(node)
    if (known !== undefined) return known
    if (active.has(node)) return 1 // recursion is bounded by the instance, not the schema
    active.add(node)
    let total = 1
    const target = (node as Record<string, unknown>).$ref
    if (typeof target === 'string') total += size(resolve(target), depth + 1)
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
