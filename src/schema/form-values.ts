/**
 * The values of a form built on form-model.ts's fields. Values are plain JSON
 * in the shape of the arguments, with `undefined` for "not filled in".
 * {@link buildArguments} turns such a value into what is sent: empty optional
 * fields are left out, never sent as `""` or `null`.
 */
import { ownProperty, pointerKeys } from './json-pointer.js'
import { isObject, type ArrayField, type Field, type ObjectField, type VariantField } from './form-model.js'

/**
 * The value a form starts with: `given` where it has something, the
 * schema's defaults where it does not. Required nested objects are filled
 * in (so their defaults show); optional ones start empty, as do array items
 * until added. Required booleans start false (an unticked box is an answer),
 * required lists [].
 */
export function initialValue(field: Field, given?: unknown): unknown {
  if (field.kind === 'const') return field.value
  const start = given !== undefined ? given : field.hasDefault ? structuredCloneJson(field.default) : undefined
  switch (field.kind) {
    case 'object': {
      if (start !== undefined && !isObject(start)) return start
      if (start === undefined && !field.required) return undefined
      const out: Record<string, unknown> = { ...(start as Record<string, unknown> | undefined) }
      for (const child of field.fields) {
        const v = initialValue(child, ownProperty(out, child.name))
        if (v === undefined) delete out[child.name]
        else put(out, child.name, v)
      }
      return out
    }
    case 'variant': {
      if (start === undefined && !field.required) return undefined
      const chosen = field.variants[chooseVariant(field, start)]
      return chosen ? initialValue({ ...chosen.field, required: true } as Field, start) : start
    }
    case 'boolean':
      return start === undefined && field.required && !field.nullable ? false : start
    case 'array':
    case 'multiselect':
      // A required list may be empty (minItems says otherwise): it starts as [], so [] can be sent.
      return start === undefined && field.required && !field.nullable ? [] : start
    default:
      return start
  }
}

/** The value a new array item starts with. */
export function newItemValue(field: ArrayField): unknown {
  return initialValue(field.item)
}

/** Which variant a value belongs to: the one whose discriminator consts and types match best; 0 when nothing says otherwise. */
export function chooseVariant(field: VariantField, value: unknown): number {
  if (value === undefined) return 0
  let best = 0
  let bestScore = -Infinity
  field.variants.forEach((v, i) => {
    const score = matchScore(v.field, value)
    if (score > bestScore) {
      best = i
      bestScore = score
    }
  })
  return best
}

function matchScore(field: Field, value: unknown): number {
  switch (field.kind) {
    case 'const':
      return deepEqual(field.value, value) ? 10 : -100
    case 'string':
      return typeof value === 'string' ? 1 : -100
    case 'integer':
      return Number.isInteger(value) ? 2 : -100
    case 'number':
      return typeof value === 'number' ? 1 : -100
    case 'boolean':
      return typeof value === 'boolean' ? 1 : -100
    case 'select':
      return field.options.some((o) => deepEqual(o.value, value)) ? 5 : -100
    case 'multiselect':
    case 'array':
      return Array.isArray(value) ? 1 : -100
    case 'object': {
      if (!isObject(value)) return -100
      let score = 0
      for (const child of field.fields) {
        if (Object.hasOwn(value, child.name)) score += child.kind === 'const' ? matchScore(child, value[child.name]) : 1
        else if (child.required && child.kind !== 'const') score -= 1
        else if (child.kind === 'const') score -= 5
      }
      const known = new Set(field.fields.map((f) => f.name))
      if (!field.additional) for (const key of Object.keys(value)) if (!known.has(key)) score -= 2
      return score
    }
    case 'variant':
      return Math.max(...field.variants.map((v) => matchScore(v.field, value)))
    default:
      return 0
  }
}

/**
 * What is sent for a value: empty text, unset numbers, empty lists and empty
 * optional objects are left out; an empty required nullable field is null;
 * consts are always there; optional `readOnly` fields are never sent. Keys
 * the form does not know (from a JSON edit or the initial value) are kept as
 * they are, or typed by `additionalProperties` when there is one.
 */
export function buildArguments(root: Field, value: unknown): Record<string, unknown> {
  const built = toArgument(root, value)
  return isObject(built) ? built : {}
}

/** The argument for one field's value, or undefined when it is to be left out. */
export function toArgument(field: Field, value: unknown): unknown {
  if (field.readOnly && !field.required) return undefined
  const out = argumentOf(field, value)
  if (out === undefined && field.required && field.nullable) return null
  return out
}

/** A field's argument before its own readOnly and required-nullable rules (see toArgument): how array items are sent. */
export function argumentOf(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'const':
      return field.value
    case 'string':
      return value === '' ? undefined : value
    case 'integer':
    case 'number':
      return typeof value === 'number' && Number.isNaN(value) ? undefined : value
    case 'multiselect':
      return Array.isArray(value) && !value.length && !field.required ? undefined : value
    case 'array': {
      if (!Array.isArray(value)) return value
      const items = value.map((v) => argumentOf(field.item, v)).filter((v) => v !== undefined)
      return items.length || field.required ? items : undefined
    }
    case 'object': {
      if (value === undefined && field.required) value = {}
      if (!isObject(value)) return value
      const out: Record<string, unknown> = {}
      const known = new Set<string>()
      for (const child of field.fields) {
        known.add(child.name)
        const v = toArgument(child, ownProperty(value, child.name))
        if (v !== undefined) put(out, child.name, v)
      }
      let given = false
      for (const [k, v] of Object.entries(value)) {
        if (known.has(k)) {
          const child = field.fields.find((f) => f.name === k)!
          if (child.kind !== 'const' && ownProperty(out, k) !== undefined) given = true
        } else {
          // Another key: typed by `additionalProperties` when the schema has one, else kept as it is.
          const extra = field.additional ? toArgument(field.additional, v) : v
          if (extra !== undefined) {
            put(out, k, extra)
            given = true
          }
        }
      }
      // An optional object nobody filled in (only its consts) is left out.
      return given || field.required ? out : undefined
    }
    case 'variant': {
      if (value === undefined) return undefined
      const variant = field.variants[chooseVariant(field, value)]
      return variant ? toArgument({ ...variant.field, required: field.required } as Field, value) : value
    }
    default:
      return value
  }
}

/** The keys of an object value that are not the field's properties (those `additional` types), in order. */
export function extraKeys(field: ObjectField, value: unknown): string[] {
  if (!isObject(value)) return []
  const known = new Set(field.fields.map((f) => f.name))
  return Object.keys(value).filter((k) => !known.has(k))
}

/** The value at a JSON Pointer. */
export function getAt(value: unknown, path: string): unknown {
  let v = value
  for (const key of pointerKeys(path)) v = ownProperty(v, key)
  return v
}

/** A copy of `value` with `path` set to `next` (undefined removes an object key), creating objects on the way. */
export function setAt(value: unknown, path: string, next: unknown): unknown {
  const keys = pointerKeys(path)
  const set = (v: unknown, i: number): unknown => {
    if (i === keys.length) return next
    const key = keys[i]
    if (Array.isArray(v)) {
      const copy = [...v]
      copy[Number(key)] = set(v[Number(key)], i + 1)
      return copy
    }
    const copy: Record<string, unknown> = isObject(v) ? { ...v } : {}
    const child = set(ownProperty(copy, key), i + 1)
    if (child === undefined) delete copy[key]
    else put(copy, key, child)
    return copy
  }
  return set(value, 0)
}

function structuredCloneJson(v: unknown): unknown {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v))
}

/** Equal as JSON values (object key order aside). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/** Sets an own property, even one named "__proto__" (plain assignment would change the prototype instead). */
export function put(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true })
}
