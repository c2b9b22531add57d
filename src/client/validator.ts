/**
 * The schema validator, loaded on first use. It is half the client's bytes,
 * and a page that only lists tools never needs it: the first call, or the
 * first `validateAgainstSchema()`, loads it as a separate chunk.
 */
import type { SchemaProblem } from '../protocol/errors.js'

export const loadValidator = loadOnce(() => import('../schema/validate.js'))

/**
 * `load` run once and its promise shared, unless it fails: a chunk that did
 * not load (a network blip, a deploy in between) is asked for again by the
 * next caller instead of failing every later call until a reload.
 */
export function loadOnce<T>(load: () => Promise<T>): { (): Promise<T>; /** What the load gave, once it has. */ loaded?: T } {
  let loading: Promise<T> | undefined
  const get: { (): Promise<T>; loaded?: T } = () =>
    (loading ??= load().then(
      (value) => (get.loaded = value),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  return get
}

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
