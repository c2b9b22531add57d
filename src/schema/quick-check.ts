/**
 * A fast "valid" for the schemas most tools have: an object of properties
 * that each name one plain type (or an enum of plain values), with
 * annotations. Built once per compiled schema, it answers true only for a
 * value the full validator would find valid, as the validator tells it (own
 * properties for `required` and `properties`, every enumerable key for
 * `additionalProperties`); for anything else it answers false, and the full
 * validator runs and says what is wrong.
 */

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly'])

const TYPES: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => typeof v === 'number' && v % 1 === 0,
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
}

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const onlyAnnotations = (keys: string[]) => keys.every((key) => ANNOTATIONS.has(key))
const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value)

/** The quick check of `schema`, or undefined when the schema is not of that simple shape. */
export function quickCheck(schema: Record<string, unknown>): ((value: unknown) => boolean) | undefined {
  const { type, properties = {}, required = [], additionalProperties = true, $schema: _dialect, ...rest } = schema
  if (type !== 'object' || !isPlain(properties) || !Array.isArray(required) || typeof additionalProperties !== 'boolean') return
  if (!onlyAnnotations(Object.keys(rest)) || !required.every((key) => typeof key === 'string')) return
  const checks: Array<[string, (value: unknown) => boolean]> = []
  for (const [key, property] of Object.entries(properties)) {
    if (!isPlain(property)) return
    const { type: propertyType, enum: values, ...others } = property
    if (!onlyAnnotations(Object.keys(others))) return
    const typed = propertyType === undefined ? undefined : typeof propertyType === 'string' && Object.hasOwn(TYPES, propertyType) ? TYPES[propertyType] : null
    if (typed === null) return
    if (values !== undefined && (!Array.isArray(values) || !values.every(isPrimitive))) return
    const allowed = values === undefined ? undefined : [...(values as unknown[])]
    checks.push([key, (v) => (!typed || typed(v)) && (!allowed || allowed.includes(v))])
  }
  const names = new Set(checks.map(([key]) => key))
  const mustHave = [...(required as string[])]
  return (value) => {
    if (!isPlain(value)) return false
    for (const key of mustHave) if (!Object.hasOwn(value, key)) return false
    for (const [key, check] of checks) if (Object.hasOwn(value, key) && !check(value[key])) return false
    if (!additionalProperties) for (const key in value) if (!names.has(key) || !Object.hasOwn(value, key)) return false
    return true
  }
}
