/**
 * Arguments without the values a tool's schema marks as secret (`format: "password"` or `writeOnly: true`), for
 * copies of a call that leave the page: a link's URL, a saved or shared call.
 */
import { buildFormModel, isObject, type Field } from './form-model.js'
import { walkSchema } from './walk.js'

const DROP = Symbol('secret')

const isSecret = (schema: Record<string, unknown>) => schema.format === 'password' || schema.writeOnly === true

/** Whether a schema the form could not model holds a secret, or a `$ref` that might lead to one. */
function mayHoldSecret(schema: Record<string, unknown>): boolean {
  try {
    return walkSchema(schema, (s) => (isSecret(s) || typeof s.$ref === 'string' ? 'secret' : undefined)) !== undefined
  } catch {
    return true
  }
}

function holdsSecret(field: Field, depth = 0): boolean {
  if (isSecret(field.schema)) return true
  if (depth > 32) return true
  switch (field.kind) {
    case 'object':
      return field.fields.some((f) => holdsSecret(f, depth + 1)) || (!!field.additional && holdsSecret(field.additional, depth + 1))
    case 'array':
      return holdsSecret(field.item, depth + 1)
    case 'variant':
      return field.variants.some((v) => holdsSecret(v.field, depth + 1))
    case 'json':
      return mayHoldSecret(field.schema)
    default:
      return false
  }
}

function strip(value: unknown, field: Field): unknown {
  if (isSecret(field.schema)) return DROP
  switch (field.kind) {
    case 'object': {
      if (!isObject(value)) return value
      // Keys the form does not model may still match a secret under patternProperties.
      const patterns = field.schema.patternProperties
      const unnamed = isObject(patterns) && mayHoldSecret({ patternProperties: patterns }) ? DROP : undefined
      const kept: [string, unknown][] = []
      for (const [key, v] of Object.entries(value)) {
        const sub = field.fields.find((f) => f.name === key) ?? field.additional
        const stripped = sub ? strip(v, sub) : (unnamed ?? v)
        if (stripped !== DROP) kept.push([key, stripped])
      }
      // fromEntries defines own properties: a `__proto__` key stays a key, never a prototype.
      return Object.fromEntries(kept)
    }
    case 'array': {
      if (!Array.isArray(value)) return value
      const items = value.map((item) => strip(item, field.item))
      return items.includes(DROP) ? DROP : items
    }
    // Which branch a value takes is not known here: a value of a union that can hold a secret is left out whole.
    case 'variant':
      return holdsSecret(field) ? DROP : value
    case 'json':
      return mayHoldSecret(field.schema) ? DROP : value
    default:
      return value
  }
}

/**
 * `args` without what `schema` marks as secret, at any depth (`$ref`s followed). A schema that cannot be read keeps
 * nothing, since nothing in it can be told safe.
 * @example withoutSecrets({ user: 'ada', password: 'pw' }, schema) // { user: 'ada' } when password has format: password
 */
export function withoutSecrets(args: Record<string, unknown>, schema: unknown): Record<string, unknown> {
  let model: Field
  try {
    model = buildFormModel(schema ?? { type: 'object' })
  } catch {
    return {}
  }
  const stripped = strip(args, model)
  return isObject(stripped) ? stripped : {}
}
