/**
 * A bounded walk over every subschema of a JSON Schema (2020-12 and
 * draft-07 keywords). Server schemas are untrusted: the walk stops at
 * SCHEMA_LIMITS and says why, rather than recursing without end.
 */
import { SchemaError } from '../protocol/errors.js'
import { SCHEMA_LIMITS } from './limits.js'

/** Called for each subschema; `path` is its chain of `properties` keys from the root, or null when another keyword lies on the way. Return a string to stop with that problem. */
export type SchemaVisitor = (schema: Record<string, unknown>, path: string[] | null) => string | void

const SUBSCHEMA = [
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]
const SUBSCHEMA_MAPS = ['patternProperties', 'dependentSchemas', '$defs', 'definitions']

/**
 * Visits every subschema; returns the first problem `visit` reported, or undefined.
 * @throws SchemaError when the schema is past SCHEMA_LIMITS: too large to trust at all.
 */
export function walkSchema(root: unknown, visit: SchemaVisitor): string | undefined {
  let nodes = 0
  const walk = (schema: unknown, path: string[] | null, depth: number): string | void => {
    if (schema === null || typeof schema !== 'object') return
    if (++nodes > SCHEMA_LIMITS.maxNodes) throw tooLarge()
    if (depth > SCHEMA_LIMITS.maxDepth) throw new SchemaError(`the schema is nested deeper than ${SCHEMA_LIMITS.maxDepth} levels`)
    if (Array.isArray(schema)) {
      for (const s of schema) {
        const p = walk(s, null, depth + 1)
        if (p) return p
      }
      return
    }
    const s = schema as Record<string, unknown>
    const problem = visit(s, path)
    if (problem) return problem
    const children: Array<[unknown, string[] | null]> = []
    // Counted before they are gathered: 100,000 properties are refused at once, not after building a path for each.
    const many = (map: Record<string, unknown>) => {
      const keys = Object.keys(map)
      if (nodes + children.length + keys.length > SCHEMA_LIMITS.maxNodes) throw tooLarge()
      return keys
    }
    if (isObject(s.properties)) for (const k of many(s.properties)) children.push([s.properties[k], path && [...path, k]])
    for (const k of SUBSCHEMA) if (k in s) children.push([s[k], null])
    for (const k of SUBSCHEMA_MAPS) if (isObject(s[k])) for (const key of many(s[k])) children.push([s[k][key], null])
    for (const [child, childPath] of children) {
      const p = walk(child, childPath, depth + 1)
      if (p) return p
    }
  }
  return walk(root, [], 0) || undefined
}

const tooLarge = () => new SchemaError(`the schema has more than ${SCHEMA_LIMITS.maxNodes} subschemas`)

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
