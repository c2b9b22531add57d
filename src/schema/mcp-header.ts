/**
 * `x-mcp-header` annotations in a tool's `inputSchema`: which argument paths
 * are mirrored into `Mcp-Param-*` headers, and whether the annotations obey
 * the transport's constraints. A tool that breaks them must be left out of
 * the tool list, so the check also says why.
 */
import { walkSchema } from './walk.js'

export interface HeaderParam {
  /** The `{name}` of `Mcp-Param-{name}`, as the schema spells it. */
  name: string
  /** The chain of `properties` keys from the root to the annotated property. */
  path: string[]
}

export type HeaderParamsResult = { ok: true; params: HeaderParam[] } | { ok: false; reason: string }

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const PRIMITIVE = new Set(['string', 'integer', 'boolean'])

/**
 * Finds every `x-mcp-header` annotation and checks it: a non-empty token,
 * unique ignoring case, on a string/integer/boolean property reached from the
 * root through `properties` keys only.
 *
 * @throws SchemaError when the schema is too deep or large to walk.
 */
export function findHeaderParams(inputSchema: unknown): HeaderParamsResult {
  const params: HeaderParam[] = []
  const seen = new Set<string>()
  const reason = walkSchema(inputSchema, (s, path) => {
    if (!('x-mcp-header' in s)) return
    const name = s['x-mcp-header']
    if (!path?.length)
      return `x-mcp-header ${JSON.stringify(name)} is on a subschema not reachable from the root through "properties" alone (under items, a composition keyword, $defs, or the root itself)`
    const where = `/${path.join('/')}`
    if (typeof name !== 'string' || !TOKEN.test(name))
      return `x-mcp-header ${JSON.stringify(name)} at ${where} is not a valid HTTP header token`
    // A nullable primitive (`["string", "null"]`) is allowed: a null value sends no header.
    const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type]
    if (types.length !== 1 || typeof types[0] !== 'string' || !PRIMITIVE.has(types[0])) {
      return `x-mcp-header "${name}" at ${where} is on a ${JSON.stringify(s.type ?? 'untyped')} property; only string, integer and boolean may be mirrored`
    }
    if (seen.has(name.toLowerCase())) return `x-mcp-header "${name}" is used twice (names are compared ignoring case)`
    seen.add(name.toLowerCase())
    params.push({ name, path })
  })
  return reason ? { ok: false, reason: `inputSchema: ${reason}` } : { ok: true, params }
}
