/**
 * The form model: a tool's `inputSchema` (or an elicitation's
 * `requestedSchema`) turned into plain fields (kind, label, help text,
 * constraints, default, choices, nested fields), with no DOM. The elements
 * render it (`<mcp-schema-form>`); anyone can build their own form on it.
 *
 * Values are plain JSON in the shape of the arguments, with `undefined` for
 * "not filled in". {@link buildArguments} turns such a value into what is
 * sent: empty optional fields are left out, never sent as `""` or `null`.
 *
 * Server schemas are untrusted. The schema is bounded up front (walk.ts,
 * limits.ts); nested object fields, array items and `$ref` targets are
 * built lazily, on first access, so a recursive schema expands only as deep
 * as a form is actually opened, and a per-model field budget and a depth
 * bound turn anything beyond into a `json` field rather than a hang.
 */
import { SchemaError } from '../protocol/errors.js'
import { escapePointer, ownProperty, pointerKeys, resolveLocalRef } from './json-pointer.js'
import { SCHEMA_LIMITS } from './limits.js'
import { unsafePattern } from './regex.js'
import { walkSchema } from './walk.js'

type JsonSchema = Record<string, unknown>

export type FieldKind =
  'string' | 'number' | 'integer' | 'boolean' | 'select' | 'multiselect' | 'const' | 'object' | 'array' | 'variant' | 'json'

/** What every field has. */
export interface FieldBase {
  kind: FieldKind
  /** The property name; '' for the root, array items and variants. */
  name: string
  /** `title`, else the property name humanised ("user_id" → "User id"). */
  label: string
  /** The schema's `description`: help text. */
  description?: string
  /** Listed in the parent's `required`. An empty required field is an error, unless it is nullable (then it is sent as null). */
  required: boolean
  /** `type: [x, 'null']` or `anyOf: [x, {type: 'null'}]`: empty means null where a value is required. */
  nullable: boolean
  /** The first of the schema's `examples`, as text, when it is a string or number: a placeholder. */
  example?: string
  /** The schema's `default`, when it has one (see `hasDefault`). */
  default?: unknown
  hasDefault: boolean
  /**
   * `readOnly: true`: the owning authority manages the value (JSON Schema
   * validation §9.4), so a form shows it and never sends it, unless it is
   * required (then its default or const is sent, as the schema demands one).
   */
  readOnly: boolean
  /** The subschema this field was built from ($refs resolved, the null branch taken out). */
  schema: JsonSchema
}

export type StringFormat = 'date' | 'date-time' | 'time' | 'email' | 'uri'

export interface StringField extends FieldBase {
  kind: 'string'
  format?: StringFormat
  minLength?: number
  maxLength?: number
  /** The schema's pattern, absent when regex.ts finds it can backtrack exponentially (it would freeze the page). */
  pattern?: string
  /** Long text (no format, and a maxLength over 200 or a contentMediaType): a textarea rather than one line. */
  multiline: boolean
}

export interface NumberField extends FieldBase {
  kind: 'number' | 'integer'
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  multipleOf?: number
  /** For an `<input type=number step>`: multipleOf, else 1 for integers, else 'any'. */
  step: number | 'any'
}

export interface BooleanField extends FieldBase {
  kind: 'boolean'
}

export interface Choice {
  value: unknown
  /** The option's `title`, `enumNames` entry, else the value as text. */
  label: string
  description?: string
}

/** One value out of `enum`, or `oneOf`/`anyOf` of `const`s (with their titles). */
export interface SelectField extends FieldBase {
  kind: 'select'
  options: Choice[]
}

/** Several values out of a list: an array whose items are an enum (as elicitation uses). */
export interface MultiSelectField extends FieldBase {
  kind: 'multiselect'
  options: Choice[]
  minItems?: number
  maxItems?: number
}

/** A single permitted value (`const`, or an enum of one): always sent, nothing to fill in. */
export interface ConstField extends FieldBase {
  kind: 'const'
  value: unknown
}

export interface ObjectField extends FieldBase {
  kind: 'object'
  /** The properties, in schema order. Built on first access. */
  readonly fields: Field[]
  /**
   * The field for the value of every other key, when `additionalProperties`
   * is a schema (or `true`: then a `json` field): a key/value editor. A key
   * the user adds is sent with its value; an entry with no value is an error. Built on first access.
   */
  readonly additional?: Field
}

export interface ArrayField extends FieldBase {
  kind: 'array'
  /** The field for each item. Built on first access. */
  readonly item: Field
  minItems?: number
  maxItems?: number
  uniqueItems: boolean
}

export interface Variant {
  /** The branch's title, else its discriminator value, else its type, else "Option n". */
  label: string
  /** The label came from the schema (a title, a discriminator value); otherwise it is a type name or "Option n", which a renderer may translate. */
  named: boolean
  field: Field
}

/** `anyOf`/`oneOf` of objects (a variant chooser), or of different primitive types (a type chooser). */
export interface VariantField extends FieldBase {
  kind: 'variant'
  readonly variants: Variant[]
}

/** What the form cannot express: edited as JSON text. */
export interface JsonField extends FieldBase {
  kind: 'json'
  /** Why this is not a form field. */
  reason: string
}

export type Field =
  | StringField
  | NumberField
  | BooleanField
  | SelectField
  | MultiSelectField
  | ConstField
  | ObjectField
  | ArrayField
  | VariantField
  | JsonField

/** A problem with a value: where (a JSON Pointer into the arguments, '' for the whole), what, and a code with parameters for translations. */
export interface FieldError {
  path: string
  message: string
  code?: string
  params?: Record<string, string | number>
  /** The validator's own words, when `message` says it for people instead (for developers: a tooltip, a details line). */
  detail?: string
}

export interface FormModelOptions {
  /** At most this many fields are built for one model; past it, what is left becomes `json` fields. */
  maxFields?: number
}

const ANNOTATIONS = ['title', 'description', 'default', 'examples', 'readOnly', 'deprecated']
const TYPE_LABELS: Record<string, string> = {
  string: 'Text',
  integer: 'Integer',
  number: 'Number',
  boolean: 'Yes/no',
  object: 'Object',
  array: 'List',
  null: 'None',
}

/**
 * The field model of a schema. The root is usually an `object` field, a
 * `variant` for a root-level `anyOf`/`oneOf`, or `json` for anything else.
 * @throws SchemaError when the schema is past SCHEMA_LIMITS or has a non-local `$ref`: unusable, not to be guessed at.
 */
export function buildFormModel(schema: unknown, options: FormModelOptions = {}): Field {
  if (!isObject(schema)) return jsonField({ name: '', label: '', required: true, schema: {} }, 'the schema is not an object')
  // Worded like walkSchema's own refusals ("the schema is nested deeper than …").
  const problem = walkSchema(schema, (s) => {
    if (typeof s.$ref === 'string' && !s.$ref.startsWith('#')) return `the schema has a $ref to ${JSON.stringify(s.$ref)}, outside itself`
    if (typeof s.pattern === 'string' && s.pattern.length > SCHEMA_LIMITS.maxPatternLength)
      return `the schema has a pattern longer than ${SCHEMA_LIMITS.maxPatternLength} characters`
  })
  if (problem) throw new SchemaError(problem)
  const builder = new Builder(schema, options.maxFields ?? SCHEMA_LIMITS.maxNodes)
  return builder.field(schema, { name: '', required: true, depth: 0, refs: [] })
}

interface Place {
  name: string
  required: boolean
  depth: number
  /** The $refs followed since the last lazy boundary: one seen again here is a cycle that would never end. */
  refs: string[]
}

class Builder {
  #built = 0
  constructor(
    readonly root: JsonSchema,
    readonly maxFields: number,
  ) {}

  field(raw: unknown, place: Place): Field {
    const base = { name: place.name, label: humaniseName(place.name), required: place.required, schema: isObject(raw) ? raw : {} }
    if (++this.#built > this.maxFields) return jsonField(base, `the form has more than ${this.maxFields} fields`)
    if (place.depth > SCHEMA_LIMITS.maxDepth) return jsonField(base, `nested deeper than ${SCHEMA_LIMITS.maxDepth} levels`)
    if (raw === true || raw === undefined) return jsonField(base, 'any value')
    if (!isObject(raw)) return jsonField(base, 'the schema is not an object')
    const resolved = this.resolve(raw, place.refs)
    if (typeof resolved === 'string') return jsonField(base, resolved)
    let { schema } = resolved
    const refs = resolved.refs
    // Nullable: `type: [x, 'null']`, or a null branch of anyOf/oneOf.
    let nullable = false
    const types = typeList(schema.type)
    if (types.includes('null') && types.length > 1) {
      nullable = true
      schema = { ...schema, type: types.length === 2 ? types.find((t) => t !== 'null') : types.filter((t) => t !== 'null') }
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key]
      if (!Array.isArray(branches)) continue
      const nonNull = branches.filter((b) => !this.isNull(b, refs))
      if (nonNull.length === branches.length) continue
      nullable = true
      const rest = nonNull.length === 1 ? this.mergeBranch(omit(schema, key), nonNull[0], refs) : { ...schema, [key]: nonNull }
      if (typeof rest === 'string') return jsonField(base, rest)
      schema = rest
    }
    const common: FieldBase = {
      kind: 'json',
      name: place.name,
      label: fieldLabel(raw, schema, place.name),
      required: place.required,
      nullable,
      hasDefault: 'default' in schema && !(nullable && schema.default === null),
      readOnly: schema.readOnly === true,
      schema,
    }
    if (typeof schema.description === 'string' && schema.description.trim()) common.description = schema.description
    if (common.hasDefault) common.default = schema.default
    const example = Array.isArray(schema.examples) ? schema.examples[0] : undefined
    if (typeof example === 'string' || typeof example === 'number') common.example = String(example)
    return this.shape(schema, common, { ...place, refs })
  }

  /** Picks the kind for a schema whose $ref and null branch are dealt with. */
  shape(schema: JsonSchema, common: FieldBase, place: Place): Field {
    if ('const' in schema) return { ...common, kind: 'const', value: schema.const }
    if (Array.isArray(schema.enum)) {
      if (schema.enum.length === 1) return { ...common, kind: 'const', value: schema.enum[0] }
      const options = enumChoices(schema)
      return options ? { ...common, kind: 'select', options } : jsonField(common, 'an enum with no values')
    }
    if (Array.isArray(schema.allOf)) {
      const merged = this.mergeAll(schema, place.refs)
      if (typeof merged === 'string') return jsonField(common, merged)
      return this.shape(merged, { ...common, schema: merged }, place)
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = schema[key]
      if (!Array.isArray(branches)) continue
      if (branches.length === 0) return jsonField(common, `an empty ${key}`)
      const consts = this.constChoices(branches, place.refs)
      if (consts) return { ...common, kind: 'select', options: consts }
      return this.variants(schema, key, branches, common, place)
    }
    const types = typeList(schema.type)
    if (types.length > 1) {
      // `type: ['integer', 'string']`: a type chooser, one branch per type.
      const base = omit(schema, 'type', ...ANNOTATIONS)
      return this.variants(
        schema,
        'anyOf',
        types.map((type) => ({ ...base, type })),
        common,
        place,
      )
    }
    const type = types[0] ?? inferType(schema)
    switch (type) {
      case 'string': {
        const format = stringFormat(schema.format)
        const field: StringField = { ...common, kind: 'string', multiline: false }
        if (format) field.format = format
        if (isCount(schema.minLength)) field.minLength = schema.minLength
        if (isCount(schema.maxLength)) field.maxLength = schema.maxLength
        // A pattern that can backtrack exponentially is left out: checkValue() would run it on the main thread (6 s
        // for 43 characters of ^(a|aa)*$), as would a browser that does not bound an input's pattern attribute. The
        // server still checks it.
        if (typeof schema.pattern === 'string' && !unsafePattern(schema.pattern)) field.pattern = schema.pattern
        field.multiline = !format && ((field.maxLength ?? 0) > 200 || typeof schema.contentMediaType === 'string')
        return field
      }
      case 'integer':
      case 'number': {
        const field: NumberField = { ...common, kind: type, step: type === 'integer' ? 1 : 'any' }
        for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const)
          if (typeof schema[key] === 'number' && Number.isFinite(schema[key])) field[key] = schema[key] as number
        // draft-04: exclusiveMinimum: true makes minimum exclusive.
        if (schema.exclusiveMinimum === true && field.minimum !== undefined)
          ((field.exclusiveMinimum = field.minimum), delete field.minimum)
        if (schema.exclusiveMaximum === true && field.maximum !== undefined)
          ((field.exclusiveMaximum = field.maximum), delete field.maximum)
        if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) field.step = field.multipleOf = schema.multipleOf
        return field
      }
      case 'boolean':
        return { ...common, kind: 'boolean' }
      case 'object':
        return this.object(schema, common, place)
      case 'array':
        return this.array(schema, common, place)
      case 'null':
        return { ...common, kind: 'const', value: null }
      default:
        return jsonField(common, 'the schema does not say what type of value it takes')
    }
  }

  object(schema: JsonSchema, common: FieldBase, place: Place): Field {
    const properties = isObject(schema.properties) ? schema.properties : {}
    if (schema.patternProperties !== undefined && !Object.keys(properties).length) return jsonField(common, 'an object with free-form keys')
    const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []
    const field = lazy({ ...common, kind: 'object' } as ObjectField, 'fields', () =>
      Object.entries(properties).map(([name, sub]) =>
        this.field(sub, { name, required: required.includes(name), depth: place.depth + 1, refs: [] }),
      ),
    )
    const extra = schema.additionalProperties
    if (extra === true || isObject(extra))
      lazy(field, 'additional', () => this.field(extra, { name: '', required: true, depth: place.depth + 1, refs: [] }))
    return field
  }

  array(schema: JsonSchema, common: FieldBase, place: Place): Field {
    const items = schema.items
    const counts: { minItems?: number; maxItems?: number } = {}
    if (isCount(schema.minItems)) counts.minItems = schema.minItems
    if (isCount(schema.maxItems)) counts.maxItems = schema.maxItems
    if (schema.prefixItems !== undefined || Array.isArray(items)) return jsonField(common, 'a tuple (items by position)')
    if (isObject(items)) {
      const resolved = this.resolve(items, place.refs)
      if (typeof resolved !== 'string') {
        const s = resolved.schema
        const options = Array.isArray(s.enum) ? enumChoices(s) : this.constChoices(s.anyOf ?? s.oneOf, resolved.refs)
        if (options) return { ...common, kind: 'multiselect', options, ...counts }
      }
    }
    return lazy({ ...common, kind: 'array', uniqueItems: schema.uniqueItems === true, ...counts } as ArrayField, 'item', () =>
      this.field(items ?? true, { name: '', required: true, depth: place.depth + 1, refs: [] }),
    )
  }

  variants(schema: JsonSchema, key: 'anyOf' | 'oneOf', branches: unknown[], common: FieldBase, place: Place): Field {
    const base = omit(schema, key, ...ANNOTATIONS)
    const field = { ...common, kind: 'variant' } as VariantField
    return lazy(field, 'variants', () => {
      const fields = branches.map((branch) => {
        const merged = this.mergeBranch(base, branch, place.refs)
        if (typeof merged === 'string') return jsonField({ name: '', label: '', required: true, schema: {} }, merged)
        return this.field(merged, { name: '', required: true, depth: place.depth + 1, refs: place.refs })
      })
      const discriminator = discriminatorOf(fields)
      return fields.map((f, i) => {
        const branchTitle = isObject(branches[i]) ? (branches[i] as JsonSchema).title : undefined
        const constValue =
          discriminator && f.kind === 'object' ? (f.fields.find((p) => p.name === discriminator) as ConstField).value : undefined
        const named =
          (typeof branchTitle === 'string' && branchTitle.trim()) ||
          (f.label && f.schema.title ? f.label : '') ||
          (constValue !== undefined ? choiceText(constValue) : '')
        if (named) return { label: named, named: true, field: f }
        return { label: (typeof f.schema.type === 'string' && TYPE_LABELS[f.schema.type]) || `Option ${i + 1}`, named: false, field: f }
      })
    })
  }

  /** `oneOf`/`anyOf` whose every branch is a `const` (or one-value enum): the options of a select, with titles. */
  constChoices(branches: unknown, refs: string[]): Choice[] | undefined {
    if (!Array.isArray(branches) || !branches.length) return undefined
    const choices: Choice[] = []
    for (const b of branches) {
      const r = isObject(b) ? this.resolve(b, refs) : undefined
      if (!r || typeof r === 'string') return undefined
      const s = r.schema
      const value = 'const' in s ? s.const : Array.isArray(s.enum) && s.enum.length === 1 ? s.enum[0] : NO_VALUE
      if (value === NO_VALUE) return undefined
      const choice: Choice = { value, label: typeof s.title === 'string' && s.title.trim() ? s.title : choiceText(value) }
      if (typeof s.description === 'string') choice.description = s.description
      choices.push(choice)
    }
    return choices
  }

  isNull(branch: unknown, refs: string[]): boolean {
    const r = isObject(branch) ? this.resolve(branch, refs) : undefined
    return !!r && typeof r !== 'string' && (r.schema.type === 'null' || ('const' in r.schema && r.schema.const === null))
  }

  /**
   * Follows `$ref` (local only), merging sibling keywords over the target,
   * as 2020-12 and Pydantic use them. A string says why it cannot be used.
   */
  resolve(schema: JsonSchema, refs: string[]): { schema: JsonSchema; refs: string[] } | string {
    let current = schema
    let seen = refs
    for (let hops = 0; typeof current.$ref === 'string'; hops++) {
      const ref = current.$ref
      if (seen.includes(ref) || hops > SCHEMA_LIMITS.maxDepth) return `a $ref that refers to itself (${ref})`
      const target = resolveLocalRef(this.root, ref)
      if (!isObject(target)) return target === true ? 'any value' : `an unresolved $ref (${ref})`
      seen = [...seen, ref]
      current = { ...target, ...omit(current, '$ref') }
    }
    return { schema: current, refs: seen }
  }

  mergeBranch(base: JsonSchema, branch: unknown, refs: string[]): JsonSchema | string {
    if (!isObject(branch)) return branch === true ? base : 'a branch that is not a schema'
    const r = this.resolve(branch, refs)
    if (typeof r === 'string') return r
    return Object.keys(base).length ? mergeSchemas(base, r.schema) : r.schema
  }

  mergeAll(schema: JsonSchema, refs: string[]): JsonSchema | string {
    let merged = omit(schema, 'allOf')
    for (const part of schema.allOf as unknown[]) {
      const next = this.mergeBranch(merged, part, refs)
      if (typeof next === 'string') return next
      merged = next
    }
    return merged
  }
}

const NO_VALUE = Symbol('no value')

/**
 * Merges two object-ish schemas: properties and required are combined; other
 * keywords from `b` win, except the annotations `a` has (title, description,
 * default …): `a` is where the schema is used, which says more than the type it refers to.
 */
function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...a, ...b }
  for (const key of ANNOTATIONS) if (key in a) merged[key] = a[key]
  if (isObject(a.properties) || isObject(b.properties)) merged.properties = { ...(a.properties as object), ...(b.properties as object) }
  if (Array.isArray(a.required) || Array.isArray(b.required))
    merged.required = [...new Set([...((a.required as unknown[]) ?? []), ...((b.required as unknown[]) ?? [])])]
  if (a.type === 'object' || b.type === 'object') merged.type = 'object'
  return merged
}

/** The property that is a `const` in every object branch with distinct values: Pydantic's discriminator, or a `type`/`kind` tag. */
function discriminatorOf(fields: Field[]): string | undefined {
  if (fields.length < 2 || !fields.every((f) => f.kind === 'object')) return undefined
  const [first, ...rest] = fields as ObjectField[]
  for (const p of first.fields) {
    if (p.kind !== 'const') continue
    const values = (fields as ObjectField[]).map((f) => (f.fields.find((q) => q.name === p.name) as ConstField | undefined)?.value)
    if (
      rest.every((f) => f.fields.some((q) => q.name === p.name && q.kind === 'const')) &&
      new Set(values.map((v) => JSON.stringify(v))).size === values.length
    )
      return p.name
  }
  return undefined
}

/** The choices of an `enum` (titled by `enumNames` where it has them); undefined for an empty one. */
function enumChoices(schema: JsonSchema): Choice[] | undefined {
  const values = schema.enum as unknown[]
  if (!values.length) return undefined
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : []
  return values.map((value, i) => ({ value, label: typeof names[i] === 'string' ? names[i] : choiceText(value) }))
}

function jsonField(
  base: Partial<FieldBase> & { name: string; label: string; required: boolean; schema: JsonSchema },
  reason: string,
): JsonField {
  return { nullable: false, hasDefault: false, readOnly: false, ...base, kind: 'json', reason }
}

/** Defines `key` as a getter that builds its value on first access, then keeps it. */
function lazy<T extends object>(target: T, key: string, build: () => unknown): T {
  let value: unknown
  let built = false
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!built) ((value = build()), (built = true))
      return value
    },
  })
  return target
}

function inferType(schema: JsonSchema): string | undefined {
  if (isObject(schema.properties)) return 'object'
  if ('items' in schema) return 'array'
  if (typeof schema.format === 'string' || 'minLength' in schema || 'maxLength' in schema || 'pattern' in schema) return 'string'
  if ('minimum' in schema || 'maximum' in schema) return 'number'
  return undefined
}

function stringFormat(format: unknown): StringFormat | undefined {
  if (format === 'date' || format === 'date-time' || format === 'time' || format === 'email') return format
  if (format === 'uri' || format === 'url' || format === 'iri') return 'uri'
  return undefined
}

function typeList(type: unknown): string[] {
  return typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : []
}

/**
 * A field's label: its own title; else, for a property, its name humanised
 * (a title reached through a `$ref` names the type, e.g. "Address", where
 * the property says which one, e.g. "Billing address"); else the target's title.
 */
function fieldLabel(raw: JsonSchema, schema: JsonSchema, name: string): string {
  const own = typeof raw.title === 'string' && raw.title.trim() ? raw.title : undefined
  const reached = typeof schema.title === 'string' && schema.title.trim() ? schema.title : undefined
  if (own) return own
  const viaRef = (s: unknown) => isObject(s) && typeof s.$ref === 'string'
  if (name && (viaRef(raw) || [raw.anyOf, raw.oneOf, raw.allOf].some((list) => Array.isArray(list) && list.some(viaRef))))
    return humaniseName(name)
  return reached ?? humaniseName(name)
}

/** "user_id" → "User id", "maxResults" → "Max results": how a field with no title is labelled. */
export function humaniseName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase()
  return words ? words[0].toUpperCase() + words.slice(1) : name
}

/** A value as text: a string as it is, anything else as JSON. */
export function choiceText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
}

// ---------------------------------------------------------------------------
// Values

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
    if (score > bestScore) ((best = i), (bestScore = score))
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

function argumentOf(field: Field, value: unknown): unknown {
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
          if (extra !== undefined) (put(out, k, extra), (given = true))
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

// ---------------------------------------------------------------------------
// Checks and error paths

/**
 * The basic checks a form makes before sending: required fields, formats,
 * bounds, lengths, patterns, item counts. Paths are JSON Pointers into the
 * arguments. (Full schema validation is `validateAgainstSchema` in the
 * client; this says it in terms of fields.)
 */
export function checkValue(root: Field, value: unknown): FieldError[] {
  const errors: FieldError[] = []
  const check = (field: Field, v: unknown, path: string): void => {
    const arg = toArgument(field, v)
    if (arg === undefined) {
      if (field.required && path !== '') errors.push(problem(path, 'required'))
      return
    }
    if (arg === null) return
    switch (field.kind) {
      case 'string': {
        if (typeof arg !== 'string') return void errors.push(problem(path, 'type', { type: 'string' }))
        const length = [...arg].length
        if (field.minLength !== undefined && length < field.minLength) errors.push(problem(path, 'minLength', { min: field.minLength }))
        if (field.maxLength !== undefined && length > field.maxLength) errors.push(problem(path, 'maxLength', { max: field.maxLength }))
        if (field.pattern !== undefined && !matchesPattern(field.pattern, arg))
          errors.push(problem(path, 'pattern', { pattern: field.pattern }))
        if (field.format && !FORMAT_CHECKS[field.format](arg)) errors.push(problem(path, 'format', { format: field.format }))
        return
      }
      case 'integer':
      case 'number': {
        if (typeof arg !== 'number' || !Number.isFinite(arg)) return void errors.push(problem(path, 'type', { type: 'number' }))
        if (field.kind === 'integer' && !Number.isInteger(arg)) errors.push(problem(path, 'integer'))
        if (field.minimum !== undefined && arg < field.minimum) errors.push(problem(path, 'minimum', { min: field.minimum }))
        if (field.maximum !== undefined && arg > field.maximum) errors.push(problem(path, 'maximum', { max: field.maximum }))
        if (field.exclusiveMinimum !== undefined && arg <= field.exclusiveMinimum)
          errors.push(problem(path, 'exclusiveMinimum', { min: field.exclusiveMinimum }))
        if (field.exclusiveMaximum !== undefined && arg >= field.exclusiveMaximum)
          errors.push(problem(path, 'exclusiveMaximum', { max: field.exclusiveMaximum }))
        if (field.multipleOf !== undefined && !isMultiple(arg, field.multipleOf))
          errors.push(problem(path, 'multipleOf', { step: field.multipleOf }))
        return
      }
      case 'select':
        if (!field.options.some((o) => deepEqual(o.value, arg)))
          errors.push(problem(path, 'choice', { options: optionList(field.options) }))
        return
      case 'multiselect':
      case 'array': {
        if (!Array.isArray(arg)) return void errors.push(problem(path, 'type', { type: 'array' }))
        if (field.minItems !== undefined && arg.length < field.minItems) errors.push(problem(path, 'minItems', { min: field.minItems }))
        if (field.maxItems !== undefined && arg.length > field.maxItems) errors.push(problem(path, 'maxItems', { max: field.maxItems }))
        if (field.kind === 'array' && Array.isArray(v)) {
          // Item paths follow the items as sent (empty ones are left out).
          let i = 0
          for (const item of v) if (argumentOf(field.item, item) !== undefined) check(field.item, item, `${path}/${i++}`)
        }
        return
      }
      case 'object': {
        if (!isObject(arg)) return void errors.push(problem(path, 'type', { type: 'object' }))
        for (const child of field.fields) check(child, ownProperty(v, child.name), `${path}/${escapePointer(child.name)}`)
        const { additional } = field
        if (additional && isObject(v)) for (const key of extraKeys(field, v)) check(additional, v[key], `${path}/${escapePointer(key)}`)
        return
      }
      case 'variant': {
        const variant = field.variants[chooseVariant(field, v)]
        if (variant) check({ ...variant.field, required: field.required } as Field, v, path)
        return
      }
    }
  }
  check(root, value, '')
  return errors
}

/**
 * What each kind of problem says, in words that tell the user what to enter (`{min}` … are the problem's
 * params). The form's own checks and the validator's errors (by keyword, see {@link explainError}) share them,
 * so a problem reads the same whoever found it. Renderers may translate by `code` (and `type`, `format`).
 */
const MESSAGES: Record<string, string> = {
  required: 'This field is required.',
  integer: 'Enter a whole number.',
  minLength: 'Enter at least {min} characters.',
  maxLength: 'Enter at most {max} characters.',
  pattern: 'Enter text that matches the pattern {pattern}.',
  minimum: 'Enter {min} or more.',
  maximum: 'Enter {max} or less.',
  exclusiveMinimum: 'Enter a number more than {min}.',
  exclusiveMaximum: 'Enter a number less than {max}.',
  multipleOf: 'Enter a multiple of {step}.',
  choice: 'Pick one of: {options}.',
  minItems: 'Choose or add at least {min}.',
  maxItems: 'Choose or add at most {max}.',
  uniqueItems: 'Each item must be different.',
  schema: 'This value is not one the tool accepts.',
}
const TYPE_MESSAGES: Record<string, string> = {
  string: 'Enter text.',
  number: 'Enter a number.',
  integer: 'Enter a whole number.',
  boolean: 'Choose yes or no.',
  array: 'Enter a list.',
  object: 'Enter an object.',
  null: 'Leave this empty.',
}
const FORMAT_MESSAGES: Record<string, string> = {
  date: 'Enter a date (YYYY-MM-DD).',
  'date-time': 'Enter a date and time.',
  time: 'Enter a time (HH:MM).',
  email: 'Enter an email address.',
  uri: 'Enter a URL, with its scheme (e.g. https://).',
}

/** The message of a problem of kind `code` with `params`. */
function problemMessage(code: string, params: Record<string, string | number> = {}): string {
  const template =
    code === 'type'
      ? (TYPE_MESSAGES[params.type] ?? MESSAGES.schema)
      : code === 'format'
        ? (FORMAT_MESSAGES[params.format] ?? 'Enter a value in the {format} format.')
        : (MESSAGES[code] ?? MESSAGES.schema)
  return template.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all))
}

function problem(path: string, code: string, params?: Record<string, string | number | undefined>): FieldError {
  const defined =
    params && (Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number>)
  const e: FieldError = { path, code, message: problemMessage(code, defined) }
  if (defined) e.params = defined
  return e
}

/** Choices as the user sees them, for "Pick one of: …" (the first few). */
function optionList(options: Choice[]): string {
  const labels = options.slice(0, 8).map((o) => o.label)
  return options.length > 8 ? `${labels.join(', ')}, …` : labels.join(', ')
}

/** A validator keyword → the problem kind it is (`choice` for enum and const). */
const KEYWORD_CODES: Record<string, string> = {
  required: 'required',
  type: 'type',
  minLength: 'minLength',
  maxLength: 'maxLength',
  pattern: 'pattern',
  format: 'format',
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusiveMinimum',
  exclusiveMaximum: 'exclusiveMaximum',
  multipleOf: 'multipleOf',
  enum: 'choice',
  const: 'choice',
  minItems: 'minItems',
  maxItems: 'maxItems',
  uniqueItems: 'uniqueItems',
}

/**
 * A validator's error (`validateAgainstSchema`, `InvalidArgumentsError.errors`: `{ path, message, keyword }`) in
 * the words of the form's own checks: "Enter a number.", "Enter at most 10 characters.", "Pick one of: …",
 * "This field is required.". The numbers and choices come from `field` (the field the path points at) when
 * given, else from the validator's text. The validator's text is kept in `detail`. An error without a keyword
 * (a server's, a page's) is returned as it is.
 */
export function explainError(error: { path?: unknown; message?: unknown; keyword?: unknown }, field?: Field): FieldError {
  const path = typeof error.path === 'string' ? error.path : ''
  const raw = typeof error.message === 'string' ? error.message : String(error.message ?? '')
  const keyword = typeof error.keyword === 'string' ? error.keyword : undefined
  if (!keyword) return { ...(error as FieldError), path, message: raw }
  // A select built from oneOf/anyOf of consts: its branches failing means the value is not one of the choices.
  const code = field?.kind === 'select' && (keyword === 'oneOf' || keyword === 'anyOf') ? 'choice' : (KEYWORD_CODES[keyword] ?? 'schema')
  const numbers = raw.match(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi)?.map(Number) ?? []
  const last = numbers.at(-1)
  // The field's own constraint of that name (minLength, maximum …), else the validator's number.
  const bound = (key: string): number | undefined => {
    const v = (field as unknown as Record<string, unknown> | undefined)?.[key]
    return typeof v === 'number' ? v : last
  }
  const params: Record<string, string | number | undefined> = {}
  switch (code) {
    case 'type':
      params.type = /Expected "([a-z]+)"/.exec(raw)?.[1] ?? (field && field.kind in TYPE_MESSAGES ? field.kind : undefined)
      break
    case 'minLength':
    case 'minItems':
    case 'minimum':
    case 'exclusiveMinimum':
      params.min = bound(code)
      break
    case 'maxLength':
    case 'maxItems':
    case 'maximum':
    case 'exclusiveMaximum':
      params.max = bound(code)
      break
    case 'multipleOf':
      params.step = bound(code)
      break
    case 'pattern':
      params.pattern = typeof field?.schema.pattern === 'string' ? field.schema.pattern : undefined
      break
    case 'format':
      params.format = /format "([^"]+)"/.exec(raw)?.[1]
      break
    case 'choice':
      params.options =
        field?.kind === 'select' ? optionList(field.options) : field?.kind === 'const' ? choiceText(field.value) : choicesFromText(raw)
      break
  }
  // Without the numbers it needs, a message would show "{max}": said plainly instead.
  const made = problem(path, code, params)
  const usable = !/\{\w+\}/.test(made.message) && !(code === 'type' && !params.type) && !(code === 'choice' && !params.options)
  return { ...(usable ? made : problem(path, 'schema')), detail: raw }
}

/** The values an enum or const error lists ("… any of ["a","b"]." / "… match "a"."), as text. */
function choicesFromText(raw: string): string | undefined {
  const json = /(?:any of|match) (.+)\.$/.exec(raw)?.[1]
  if (!json) return undefined
  try {
    const parsed: unknown = JSON.parse(json)
    return (Array.isArray(parsed) ? parsed : [parsed]).map(choiceText).join(', ')
  } catch {
    return undefined
  }
}

const FORMAT_CHECKS: Record<StringFormat, (s: string) => boolean> = {
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/.test(s),
  time: (s) => /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?$/.test(s),
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  uri: (s) => {
    try {
      return /^[a-z][a-z0-9+.-]*:/i.test(s) && !!new URL(s)
    } catch {
      return false
    }
  },
}

function matchesPattern(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value)
  } catch {
    return true // a pattern this browser cannot compile is the schema's problem, not the user's
  }
}

function isMultiple(value: number, step: number): boolean {
  const q = value / step
  return Math.abs(q - Math.round(q)) < 1e-9
}

/**
 * Error paths in the forms validators and servers use, as a JSON Pointer:
 * '/a/0/b', '#/a/0/b', 'a.0.b', 'a[0].b', or ['a', 0, 'b']. A "missing
 * required property" error reported at the parent points at the property.
 */
export function normalizeErrorPath(error: { path?: unknown; message?: unknown }): string {
  const raw = error.path
  let path: string
  if (Array.isArray(raw)) path = raw.map((k) => `/${escapePointer(String(k))}`).join('')
  else if (typeof raw !== 'string' || raw === '' || raw === '#' || raw === '/') path = ''
  else if (raw.startsWith('/') || raw.startsWith('#/')) path = raw.replace(/^#/, '')
  else
    path = raw
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .filter(Boolean)
      .map((k) => `/${escapePointer(k)}`)
      .join('')
  const missing = typeof error.message === 'string' && /required propert(?:y|ies)\W+["']?([^"'\s]+)["']?/i.exec(error.message)
  if (missing) path += `/${escapePointer(missing[1])}`
  return path
}

/**
 * Places errors on fields: each goes to the deepest field its path reaches
 * (a path into a `json` field lands on that field). Errors no field takes
 * (the root, or a key the form does not have) are `general`, to show above
 * the form.
 */
export function mapErrors(
  root: Field,
  value: unknown,
  errors: ReadonlyArray<{ path?: unknown; message?: unknown }>,
): { byField: Map<string, FieldError[]>; general: FieldError[] } {
  const byField = new Map<string, FieldError[]>()
  const general: FieldError[] = []
  for (const e of errors) {
    const path = normalizeErrorPath(e)
    const reached = reach(root, value, path)
    const target = reached?.at
    // A validator's error is said in the form's words, with the numbers and choices of the field it is about.
    const entry: FieldError = { ...explainError(e, reached?.at === path ? reached.field : undefined), path: target ?? '' }
    // The validator may say one thing several ways (each branch of a oneOf …): once is enough.
    const same = (list: FieldError[]) => list.some((other) => other.message === entry.message)
    if (target === undefined || target === '') {
      if (!same(general)) general.push(entry)
    } else if (!same(byField.get(target) ?? [])) byField.set(target, [...(byField.get(target) ?? []), entry])
  }
  return { byField, general }
}

/** The path of the deepest field `path` reaches, or undefined when not even the first key is a field. */
export function fieldPathFor(root: Field, value: unknown, path: string): string | undefined {
  return reach(root, value, path)?.at
}

/** The deepest field `path` reaches and its path (see fieldPathFor), or undefined when not even the first key is a field. */
function reach(root: Field, value: unknown, path: string): { at: string; field: Field } | undefined {
  let field: Field = root
  let v = value
  let at = ''
  for (const key of pointerKeys(path)) {
    while (field.kind === 'variant') {
      const variant: Variant | undefined = field.variants[chooseVariant(field, v)]
      if (!variant) return { at, field }
      field = variant.field
    }
    let next: Field | undefined
    if (field.kind === 'object') next = field.fields.find((f) => f.name === key) ?? field.additional
    else if (field.kind === 'array' && /^\d+$/.test(key)) next = field.item
    else if (field.kind === 'multiselect' && /^\d+$/.test(key)) return { at, field }
    if (!next) return at === '' ? undefined : { at, field }
    field = next
    v = ownProperty(v, key)
    at += `/${escapePointer(key)}`
  }
  return { at, field }
}

// ---------------------------------------------------------------------------
// Small helpers, exported for renderers

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

function omit(schema: JsonSchema, ...keys: string[]): JsonSchema {
  const out = { ...schema }
  for (const k of keys) delete out[k]
  return out
}

/** Sets an own property, even one named "__proto__" (plain assignment would change the prototype instead). */
export function put(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true })
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0
}

/** A JSON object: not null, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
