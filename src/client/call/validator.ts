/**
 * The schema validator, loaded on first use. It is half the client's bytes,
 * and a page that only lists tools never needs it: the first call, or the
 * first `validateAgainstSchema()`, loads it as a separate chunk.
 */
import type { SchemaProblem } from '../../protocol/errors.js'
import { loadOnce } from '../load-once.js'

export const loadValidator = loadOnce(() => import('../../schema/validate.js'))

/**
 * The problems of `value` against a JSON Schema from a server (an
 * elicitation's `requestedSchema`, a tool's `outputSchema`), each with a JSON
 * Pointer into the value (`/address/city`, `''` for the value itself) and a
 * message; an empty array means valid. Remote `$ref`s are never fetched.
 *
 * @throws SchemaError when the schema cannot be used: not a schema, an unsupported dialect, a remote or dangling `$ref`, or too large or deep to check safely.
 *
 * @example
 * const problems = await validateAgainstSchema(params.requestedSchema, content)
 * if (problems.length) showErrors(problems)
 */
export async function validateAgainstSchema(schema: unknown, value: unknown): Promise<SchemaProblem[]> {
  return (await loadValidator()).validateAgainstSchema(schema, value)
}

/**
 * The problems of tool arguments against the tool's `inputSchema`, as {@link validateAgainstSchema} finds them in the
 * arguments' JSON (what a call sends). Arguments found valid are not checked a second time by a `callTool()` that
 * sends them as they are to a tool of this very schema object (as `listTools()` gave it): a form checks them once.
 *
 * @throws SchemaError when the schema cannot be used (as for validateAgainstSchema).
 * @example
 * const problems = await checkArguments(tool.inputSchema, args)
 * if (!problems.length) await client.callTool(tool.name, args)
 */
export async function checkArguments(schema: unknown, args: Record<string, unknown>): Promise<SchemaProblem[]> {
  return (await loadValidator()).checkArguments(schema, args)
}
