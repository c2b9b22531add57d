/**
 * The checks of a form's value against form-model.ts's fields, and the errors
 * of validators and servers placed on those fields, in the form's words.
 */
import { escapePointer, ownProperty, pointerKeys } from './json-pointer.js'
import { choiceText, isObject, type Choice, type Field, type StringFormat, type Variant } from './form-model.js'
import { argumentOf, chooseVariant, deepEqual, extraKeys, toArgument } from './form-values.js'

/** A problem with a value: where (a JSON Pointer into the arguments, '' for the whole), what, and a code with parameters for translations. */
export interface FieldError {
  path: string
  message: string
  code?: string
  params?: Record<string, string | number>
  /** The validator's own words, when `message` says it for people instead (for developers: a tooltip, a details line). */
  detail?: string
}

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

/**
 * Where `path` points, in the form's words: the labels of the fields on the way ("Address › City"), an array item by
 * its place from 1 ("Tags › 2"), a key no field names as itself; '' for the whole value.
 */
export function placeName(root: Field, value: unknown, path: string): string {
  const names: string[] = []
  let field: Field | undefined = root
  let v = value
  for (const key of pointerKeys(path)) {
    while (field?.kind === 'variant') field = field.variants[chooseVariant(field, v)]?.field
    let next: Field | undefined
    if (field?.kind === 'object') next = field.fields.find((f) => f.name === key) ?? field.additional
    else if (field?.kind === 'array' && /^\d+$/.test(key)) next = field.item
    names.push(field?.kind === 'array' ? String(Number(key) + 1) : next?.name === key ? next.label : key)
    field = next
    v = ownProperty(v, key)
  }
  return names.join(' › ')
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
