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
