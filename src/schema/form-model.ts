/**
 * The form model: a tool's `inputSchema` (or an elicitation's
 * `requestedSchema`) turned into plain fields (kind, label, help text,
 * constraints, default, choices, nested fields), with no DOM. The elements
 * render it (`<mcp-schema-form>`); anyone can build their own form on it.
 * The values a form holds and sends are form-values.ts's, its checks form-checks.ts's.
 *
 * Server schemas are untrusted. The schema is bounded up front (walk.ts,
 * limits.ts); nested object fields, array items and `$ref` targets are
 * built lazily, on first access, so a recursive schema expands only as deep
 * as a form is actually opened, and a per-model field budget and a depth
 * bound turn anything beyond into a `json` field rather than a hang.
 */
import { SchemaError } from '../protocol/errors.js'
import { resolveLocalRef } from './json-pointer.js'
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
        if (schema.exclusiveMinimum === true && field.minimum !== undefined) {
          field.exclusiveMinimum = field.minimum
          delete field.minimum
        }
        if (schema.exclusiveMaximum === true && field.maximum !== undefined) {
          field.exclusiveMaximum = field.maximum
          delete field.maximum
        }
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
      if (!built) {
        value = build()
        built = true
      }
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

function omit(schema: JsonSchema, ...keys: string[]): JsonSchema {
  const out = { ...schema }
  for (const k of keys) delete out[k]
  return out
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0
}

/** A JSON object: not null, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
