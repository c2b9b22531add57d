/**
 * The "Try an example" choices of a form: the schema's `examples` (on the root: whole arguments; on a top-level
 * property: values of that field), its root `default`, and the properties' defaults as one choice. Examples are
 * the server's data: each is checked against its field's kind (a string for text, an integer for an integer, one
 * of the options for a select …) and one that does not fit is left out; a long list is cut at `limit`.
 */
import { isObject, type Field, type ObjectField } from './form-model.js'
import { deepEqual } from './form-values.js'
import { escapePointer } from './json-pointer.js'

export interface FormExample {
  /** `example`: from `examples`; `default`: the root's `default`; `defaults`: every field's own default. */
  source: 'example' | 'default' | 'defaults'
  /** The field it fills: '' for the whole arguments, else a top-level property's JSON Pointer (`/city`). */
  path: string
  /** The field it fills (the root for the whole arguments). */
  field: Field
  /** The value (for `defaults`, `{}`: the form's start fills in every default). */
  value: unknown
  /** The value as short text (at most about `TEXT_LENGTH` characters), for a label. */
  text: string
}

export interface FormExamples {
  shown: FormExample[]
  /** How many examples and defaults the schema gives, shown or not. */
  given: number
}

/** At most this many choices are offered. */
const MAX_EXAMPLES = 20
/** At most this many candidates are checked: a hostile list of a million wrong values costs no more. */
const MAX_CHECKED = 1_000
const TEXT_LENGTH = 60

/** The examples and defaults of the form built on `root`, in schema order, each fitting its field. */
export function formExamples(root: Field, limit = MAX_EXAMPLES): FormExamples {
  const shown: FormExample[] = []
  let given = 0
  let checked = 0
  const offer = (source: FormExample['source'], field: Field, path: string, value: unknown) => {
    given++
    if (shown.length >= limit || ++checked > MAX_CHECKED || !fits(field, value, 0)) return
    shown.push({ source, path, field, value, text: source === 'defaults' ? '' : shortText(value) })
  }
  const examplesOf = (field: Field, path: string) => {
    const list = field.schema.examples
    if (!Array.isArray(list)) return
    // Counted whole, checked only while there is room.
    if (shown.length >= limit || checked >= MAX_CHECKED) return void (given += list.length)
    for (const value of list) offer('example', field, path, value)
  }
  examplesOf(root, '')
  if (root.hasDefault && isObject(root.default)) offer('default', root, '', root.default)
  if (root.kind === 'object') {
    for (const field of root.fields) if (!field.readOnly) examplesOf(field, `/${escapePointer(field.name)}`)
    if (root.fields.some((field) => field.hasDefault && !field.readOnly)) offer('defaults', root, '', {})
  }
  return { shown, given }
}

/** Whether `value` has the kind `field` takes (not every constraint: the form checks those before a call). */
function fits(field: Field, value: unknown, depth: number): boolean {
  if (value === null) return field.nullable || (field.kind === 'const' && field.value === null) || field.kind === 'json'
  // Fields nest as deep as the model goes (it bounds its own depth); this bound is for a value nested deeper.
  if (depth > 64) return false
  switch (field.kind) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'const':
      return deepEqual(field.value, value)
    case 'select':
      return field.options.some((option) => deepEqual(option.value, value))
    case 'multiselect':
      return Array.isArray(value) && value.every((item) => field.options.some((option) => deepEqual(option.value, item)))
    case 'array':
      return Array.isArray(value) && value.every((item) => fits(field.item, item, depth + 1))
    case 'object':
      // A required field the example leaves out is the form's to ask for when the user calls, as when typing.
      return isObject(value) && fitsFields(field, value, depth)
    case 'variant':
      return field.variants.some((variant) => fits(variant.field, value, depth + 1))
    case 'json':
      return value !== undefined
  }
}

/** Whether each of `value`'s entries fits its field (or the field of every other key). */
function fitsFields(field: ObjectField, value: Record<string, unknown>, depth: number): boolean {
  const byName = new Map(field.fields.map((f) => [f.name, f]))
  return Object.entries(value).every(([key, item]) => {
    const child = byName.get(key) ?? field.additional
    return !child || fits(child, item, depth + 1)
  })
}

/** A value as short text: a string as it is, anything else as JSON, long strings and lists cut first. */
function shortText(value: unknown): string {
  const cut = (s: string) => (s.length > TEXT_LENGTH ? `${s.slice(0, TEXT_LENGTH)}…` : s)
  if (typeof value === 'string') return cut(value)
  try {
    const text = JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'string' ? cut(v) : Array.isArray(v) && v.length > 10 ? [...v.slice(0, 10), '…'] : v,
    )
    return cut(text ?? String(value))
  } catch {
    return '…' // nested deeper than the engine's stack: no label worth reading
  }
}
