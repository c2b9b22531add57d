import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  SchemaError,
  buildArguments,
  buildFormModel,
  checkValue,
  chooseVariant,
  explainError,
  initialValue,
  mapErrors,
  newItemValue,
  normalizeErrorPath,
  type ArrayField,
  type Field,
  type ObjectField,
  type VariantField,
} from '../../src/client/index.js'
import { validateAgainstSchema } from '../../src/schema/validate.js'
import { SCHEMA_ZOO } from '../support/schema-zoo.js'

const opts = { timeout: 5_000 }

/** The root object's fields by name. */
function fields(schema: unknown): Record<string, Field> {
  const root = buildFormModel(schema)
  assert.equal(root.kind, 'object')
  return Object.fromEntries((root as ObjectField).fields.map((f) => [f.name, f]))
}

describe('form model: kinds', () => {
  it('strings with formats and lengths, numbers with bounds and steps, booleans; labels, help, required', opts, () => {
    const f = fields({
      type: 'object',
      properties: {
        user_name: { type: 'string', minLength: 2, maxLength: 20, pattern: '^[a-z]+$', description: 'Who' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email', title: 'E-mail' },
        home: { type: 'string', format: 'uri' },
        bio: { type: 'string', maxLength: 5000 },
        maxResults: { type: 'integer', minimum: 1, maximum: 50 },
        ratio: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
        old: { type: 'number', minimum: 3, exclusiveMinimum: true },
        ok: { type: 'boolean', default: true },
      },
      required: ['user_name', 'ok'],
    })
    assert.deepEqual(
      { ...f.user_name, schema: undefined },
      {
        kind: 'string',
        name: 'user_name',
        label: 'User name',
        description: 'Who',
        required: true,
        nullable: false,
        hasDefault: false,
        readOnly: false,
        schema: undefined,
        multiline: false,
        minLength: 2,
        maxLength: 20,
        pattern: '^[a-z]+$',
      },
    )
    assert.deepEqual(
      ['day', 'at', 'mail', 'home'].map((k) => [f[k].kind, (f[k] as { format?: string }).format]),
      [
        ['string', 'date'],
        ['string', 'date-time'],
        ['string', 'email'],
        ['string', 'uri'],
      ],
    )
    assert.equal(f.mail.label, 'E-mail')
    assert.equal((f.bio as { multiline: boolean }).multiline, true)
    assert.equal(f.maxResults.label, 'Max results')
    assert.deepEqual(
      [f.maxResults.kind, (f.maxResults as any).minimum, (f.maxResults as any).maximum, (f.maxResults as any).step],
      ['integer', 1, 50, 1],
    )
    assert.deepEqual([(f.ratio as any).exclusiveMinimum, (f.ratio as any).step], [0, 0.5])
    assert.deepEqual([(f.old as any).exclusiveMinimum, (f.old as any).minimum], [3, undefined])
    assert.deepEqual([f.ok.kind, f.ok.required, f.ok.default], ['boolean', true, true])
  })

  it('selects from enum, legacy enumNames and oneOf/anyOf of consts (with titles); multi-selects from arrays of those', opts, () => {
    const f = fields({
      type: 'object',
      properties: {
        size: { enum: ['S', 'M'] },
        level: { type: 'string', enum: ['lo', 'hi'], enumNames: ['Low', 'High'] },
        color: { oneOf: [{ const: 'r', title: 'Red', description: 'warm' }, { const: 'g' }] },
        n: {
          anyOf: [
            { const: 1, title: 'One' },
            { const: 2, title: 'Two' },
          ],
        },
        fixed: { const: 'x' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 2 },
        toppings: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'ch', title: 'Cheese' },
              { const: 'ol', title: 'Olives' },
            ],
          },
        },
      },
    })
    assert.deepEqual((f.size as any).options, [
      { value: 'S', label: 'S' },
      { value: 'M', label: 'M' },
    ])
    assert.deepEqual(
      (f.level as any).options.map((o: any) => o.label),
      ['Low', 'High'],
    )
    assert.deepEqual((f.color as any).options, [
      { value: 'r', label: 'Red', description: 'warm' },
      { value: 'g', label: 'g' },
    ])
    assert.deepEqual(
      (f.n as any).options.map((o: any) => [o.value, o.label]),
      [
        [1, 'One'],
        [2, 'Two'],
      ],
    )
    assert.deepEqual([f.fixed.kind, (f.fixed as any).value], ['const', 'x'])
    assert.deepEqual([f.tags.kind, (f.tags as any).minItems, (f.tags as any).maxItems], ['multiselect', 1, 2])
    assert.deepEqual(
      (f.toppings as any).options.map((o: any) => o.label),
      ['Cheese', 'Olives'],
    )
  })

  it('nullable from type [x, null] and from a null branch, with the outer annotations kept', opts, () => {
    const f = fields({
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], default: null, title: 'Bee', description: 'd' },
      },
    })
    assert.deepEqual([f.a.kind, f.a.nullable], ['string', true])
    assert.deepEqual(
      [f.b.kind, f.b.nullable, f.b.label, f.b.description, f.b.hasDefault, (f.b as any).minimum],
      ['integer', true, 'Bee', 'd', false, 1],
    )
  })

  it(
    'variants: root-level anyOf of objects, a discriminated union labelled by its tag, anyOf of primitive types, type arrays',
    opts,
    () => {
      const root = buildFormModel(SCHEMA_ZOO['root-any-of'].schema) as VariantField
      assert.equal(root.kind, 'variant')
      assert.deepEqual(
        root.variants.map((v) => [v.label, v.named, v.field.kind]),
        [
          ['By id', true, 'object'],
          ['By name', true, 'object'],
        ],
      )
      const union = fields({
        type: 'object',
        properties: {
          shape: {
            oneOf: [
              { type: 'object', properties: { type: { const: 'circle' }, r: { type: 'number' } } },
              { type: 'object', properties: { type: { const: 'square' }, side: { type: 'number' } } },
            ],
          },
          id: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
          v: { type: ['integer', 'string', 'null'] },
        },
      })
      assert.deepEqual(
        (union.shape as VariantField).variants.map((v) => v.label),
        ['circle', 'square'],
      )
      assert.deepEqual(
        (union.id as VariantField).variants.map((v) => [v.label, v.named, v.field.kind]),
        [
          ['Integer', false, 'integer'],
          ['Text', false, 'string'],
        ],
      )
      assert.deepEqual(
        [union.v.kind, union.v.nullable, (union.v as VariantField).variants.map((v) => v.field.kind)],
        ['variant', true, ['integer', 'string']],
      )
      assert.equal(chooseVariant(union.shape as VariantField, { type: 'square', side: 2 }), 1)
      assert.equal(chooseVariant(union.id as VariantField, 'x'), 1)
      assert.equal(chooseVariant(union.id as VariantField, 3), 0)
    },
  )

  it('Pydantic $ref/$defs: nested models, labelled by the property; $ref siblings win; allOf merged', opts, () => {
    const zoo = SCHEMA_ZOO['pydantic-refs'].schema as { $defs: { Address: object } }
    const f = fields({
      ...zoo,
      // Pydantic puts a model's docstring in its $defs entry as the description.
      $defs: { Address: { ...zoo.$defs.Address, description: 'A postal address.' } },
      properties: {
        ...(SCHEMA_ZOO['pydantic-refs'].schema.properties as object),
        billing: { $ref: '#/$defs/Address', description: 'Where the bill goes' },
        legacy: { allOf: [{ $ref: '#/$defs/Address' }], title: 'Old address' },
        shipping: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }], default: null, description: 'Where it goes' },
        home: { $ref: '#/$defs/Address' },
      },
    })
    const address = f.address as ObjectField
    assert.deepEqual([address.kind, address.label, address.required], ['object', 'Address', true])
    assert.deepEqual(
      address.fields.map((c) => [c.name, c.kind, c.required, c.nullable]),
      [
        ['street', 'string', true, false],
        ['city', 'string', true, false],
        ['zip', 'string', false, true],
      ],
    )
    assert.deepEqual([f.billing.label, f.billing.description], ['Billing', 'Where the bill goes'])
    assert.deepEqual(
      [f.legacy.kind, f.legacy.label, (f.legacy as ObjectField).fields.map((c) => c.name)],
      ['object', 'Old address', ['street', 'city', 'zip']],
    )
    assert.deepEqual([f.tags.kind, (f.tags as ArrayField).item.kind], ['array', 'string'])
    assert.deepEqual(
      [f.shipping.kind, f.shipping.label, f.shipping.description, f.shipping.nullable, f.shipping.hasDefault],
      ['object', 'Shipping', 'Where it goes', true, false],
    )
    assert.equal(f.home.description, 'A postal address.')
  })

  it('what a form cannot express is a json field that says why', opts, () => {
    const f = fields({
      type: 'object',
      properties: {
        dict: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
        tuple: { type: 'array', prefixItems: [{ type: 'string' }] },
        any: {},
        not: { not: { type: 'string' } },
      },
    })
    for (const k of ['dict', 'tuple', 'any', 'not']) assert.equal(f[k].kind, 'json', k)
    assert.match((f.dict as any).reason, /free-form keys/)
    assert.match((f.tuple as any).reason, /tuple/)
  })
})

describe('form model: recursion and hostile schemas', () => {
  it('a pattern that can backtrack exponentially is left out of the model, so checkValue() does not run it; a safe one stays', opts, () => {
    const { code, slug } = fields({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a|aa)*$' }, slug: { type: 'string', pattern: '^[a-z]+$' } },
    })
    assert.equal((code as { pattern?: string }).pattern, undefined)
    assert.equal((slug as { pattern?: string }).pattern, '^[a-z]+$')
    // ^(a|aa)*$ on 'a' × 42 then '!' takes seconds to fail (×1.6 per character more): never run, it costs nothing.
    const started = performance.now()
    const errors = checkValue(buildFormModel({ type: 'object', properties: { code: { type: 'string', pattern: '^(a|aa)*$' } } }), {
      code: `${'a'.repeat(42)}!`,
    })
    assert.deepEqual(errors, [])
    assert.ok(performance.now() - started < 500, `checkValue took ${(performance.now() - started).toFixed(0)} ms`)
    assert.deepEqual(
      checkValue(buildFormModel({ type: 'object', properties: { slug: { type: 'string', pattern: '^[a-z]+$' } } }), { slug: 'Not a slug' }).map(
        (e) => e.code,
      ),
      ['pattern'],
    )
  })

  it('a recursive $ref expands one level per access, and the model is bounded as a whole', opts, () => {
    const root = buildFormModel(SCHEMA_ZOO['recursive-ref'].schema) as ObjectField
    let node = root.fields[0] as ObjectField
    for (let i = 0; i < 10; i++) {
      assert.deepEqual(
        node.fields.map((f) => f.name),
        ['name', 'children'],
      )
      node = (node.fields[1] as ArrayField).item as ObjectField
    }
    // Walking every getter (as JSON.stringify does) ends: depth and field budget turn the rest into json fields.
    const text = JSON.stringify(buildFormModel(SCHEMA_ZOO['recursive-ref'].schema))
    assert.ok(text.includes('"kind":"json"'))
  })

  it('a $ref cycle with nothing in between, and anyOf that refers to itself, end as json fields', opts, () => {
    const f = fields({
      $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' }, T: { anyOf: [{ $ref: '#/$defs/T' }, { $ref: '#/$defs/T' }] } },
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, t: { $ref: '#/$defs/T' }, self: { $ref: '#' }, missing: { $ref: '#/$defs/Nope' } },
    })
    assert.deepEqual([f.a.kind, (f.a as any).reason], ['json', 'a $ref that refers to itself (#/$defs/A)'])
    const t = f.t as VariantField
    assert.deepEqual(
      t.variants.map((v) => v.field.kind),
      ['json', 'json'],
    )
    assert.equal(f.self.kind, 'object')
    assert.match((f.missing as any).reason, /unresolved/)
  })

  it('a required property that recurses forever still has a finite initial value', opts, () => {
    const root = buildFormModel({
      $defs: { N: { type: 'object', properties: { next: { $ref: '#/$defs/N' } }, required: ['next'] } },
      type: 'object',
      properties: { head: { $ref: '#/$defs/N' } },
      required: ['head'],
    })
    let depth = 0
    for (let v = initialValue(root) as any; v && typeof v === 'object'; v = v.head ?? v.next) depth++
    assert.ok(depth > 10 && depth < 200, String(depth))
  })

  it('refuses schemas past the limits, and remote $refs, with a SchemaError', opts, () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { a: deep } }
    assert.throws(() => buildFormModel(deep), SchemaError)
    assert.throws(() => buildFormModel({ type: 'object', properties: { a: { $ref: 'https://evil.example/s.json' } } }), /outside itself/)
    assert.throws(() => buildFormModel({ type: 'object', properties: { a: { type: 'string', pattern: 'a'.repeat(5000) } } }), /pattern/)
  })

  it('a schema whose $refs fan out exponentially builds at most the field budget', opts, () => {
    const defs: Record<string, unknown> = { L0: { type: 'string' } }
    for (let i = 1; i <= 30; i++)
      defs[`L${i}`] = {
        type: 'object',
        properties: { a: { $ref: `#/$defs/L${i - 1}` }, b: { $ref: `#/$defs/L${i - 1}` } },
        required: ['a', 'b'],
      }
    const started = Date.now()
    const root = buildFormModel(
      { $defs: defs, type: 'object', properties: { x: { $ref: '#/$defs/L30' } }, required: ['x'] },
      { maxFields: 2000 },
    )
    const value = initialValue(root)
    const text = JSON.stringify(value)
    buildArguments(root, value)
    checkValue(root, value)
    assert.ok(Date.now() - started < 2_000)
    assert.ok(text.length < 200_000)
    // Every field, built lazily as a renderer would reach it: at most the budget are real, the rest say why not.
    let real = 0
    let overBudget = 0
    const walk = (f: Field): void => {
      if (f.kind === 'json' && /more than 2000 fields/.test(f.reason)) return void overBudget++
      real++
      if (f.kind === 'object') f.fields.forEach(walk)
      else if (f.kind === 'array') walk(f.item)
      else if (f.kind === 'variant') f.variants.forEach((v) => walk(v.field))
    }
    walk(root)
    assert.ok(real <= 2000, `${real} fields built`)
    assert.ok(overBudget > 0)
  })
})

describe('form model: values and arguments', () => {
  it('initial values: defaults and given values, required booleans false, optional nested objects empty', opts, () => {
    const root = buildFormModel(SCHEMA_ZOO['nested-objects'].schema)
    assert.deepEqual(initialValue(root), { target: { port: 443 } })
    assert.deepEqual(initialValue(root, { target: { host: 'h' }, extra: { note: 'n' } }), {
      target: { host: 'h', port: 443 },
      extra: { note: 'n' },
    })
    const b = buildFormModel({ type: 'object', properties: { yes: { type: 'boolean' }, maybe: { type: 'boolean' } }, required: ['yes'] })
    assert.deepEqual(initialValue(b), { yes: false })
    const lists = buildFormModel({
      type: 'object',
      properties: { l: { type: 'array', items: { type: 'string' } }, m: { type: 'array' } },
      required: ['l'],
    })
    assert.deepEqual(initialValue(lists), { l: [] })
    assert.deepEqual(buildArguments(lists, initialValue(lists)), { l: [] })
    const union = buildFormModel(SCHEMA_ZOO['pydantic-discriminated-union'].schema)
    assert.deepEqual(initialValue(union), { pet: { kind: 'cat', lives: 9 } })
    const items = (buildFormModel(SCHEMA_ZOO['array-of-objects'].schema) as ObjectField).fields[0] as ArrayField
    assert.deepEqual(newItemValue(items), { qty: 1 })
  })

  it('arguments leave out empty optional fields, send null for empty required nullable ones, keep consts and unknown keys', opts, () => {
    const root = buildFormModel({
      type: 'object',
      properties: {
        s: { type: 'string' },
        n: { type: 'number' },
        b: { type: 'boolean' },
        list: { type: 'array', items: { type: 'string' } },
        many: { type: 'array', items: { enum: ['a', 'b'] } },
        obj: { type: 'object', properties: { tag: { const: 't' }, x: { type: 'string' } } },
        req: { type: ['string', 'null'] },
        kind: { const: 'k' },
      },
      required: ['req'],
    })
    assert.deepEqual(buildArguments(root, { s: '', n: undefined, list: ['', 'x', undefined], many: [], obj: { x: '' }, extra: 1 }), {
      req: null,
      kind: 'k',
      list: ['x'],
      extra: 1,
    })
    assert.deepEqual(buildArguments(root, { obj: { x: 'y' }, b: false, n: 0 }), {
      n: 0,
      b: false,
      obj: { tag: 't', x: 'y' },
      req: null,
      kind: 'k',
    })
    assert.deepEqual(buildArguments(root, undefined), { req: null, kind: 'k' })
  })
})

describe('form model: readOnly and additionalProperties', () => {
  it('readOnly fields are never sent unless required (then with their default or const), nor checked when left out', opts, () => {
    const root = buildFormModel(SCHEMA_ZOO['read-only'].schema)
    const f = Object.fromEntries((root as ObjectField).fields.map((x) => [x.name, x]))
    assert.deepEqual(
      Object.values(f).map((x) => [x.name, x.readOnly]),
      [
        ['id', true],
        ['created', true],
        ['revision', true],
        ['kind', true],
        ['name', false],
      ],
    )
    const value = initialValue(root, { name: 'Ada', id: 'typed', created: '2025-01-01T00:00:00Z' })
    assert.deepEqual(buildArguments(root, value), { name: 'Ada', revision: 3 })
    assert.deepEqual(checkValue(root, value), [])
  })

  it(
    'additionalProperties types the other keys: a key/value field, its entries sent typed, checked, and errors placed on them',
    opts,
    () => {
      const root = buildFormModel({
        type: 'object',
        properties: {
          name: { type: 'string' },
          scores: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
          meta: { type: 'object', additionalProperties: true },
          closed: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        },
      }) as ObjectField
      const [, scores, meta, closed] = root.fields as ObjectField[]
      assert.deepEqual(
        [scores.kind, scores.fields.length, scores.additional?.kind, scores.additional?.required],
        ['object', 0, 'integer', true],
      )
      assert.equal(meta.additional?.kind, 'json')
      assert.equal(closed.additional, undefined)
      assert.deepEqual(buildArguments(root, { scores: { ann: 3, bob: undefined, cy: 0 } }), { scores: { ann: 3, cy: 0 } })
      assert.deepEqual(
        checkValue(root, { scores: { ann: -1, bob: undefined, cy: 1.5 } }).map((e) => [e.path, e.code]),
        [
          ['/scores/ann', 'minimum'],
          ['/scores/bob', 'required'],
          ['/scores/cy', 'integer'],
        ],
      )
      const { byField } = mapErrors(root, { scores: { 'a/b': 1 } }, [{ path: '/scores/a~1b', message: 'bad' }])
      assert.deepEqual([...byField.keys()], ['/scores/a~1b'])
    },
  )
})

describe('form model: checks and error paths', () => {
  it('checks required, lengths, patterns, formats, bounds, integers, item counts, with paths into the arguments', opts, () => {
    const root = buildFormModel({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2, pattern: '^[a-z]+$' },
        mail: { type: 'string', format: 'email' },
        day: { type: 'string', format: 'date' },
        site: { type: 'string', format: 'uri' },
        n: { type: 'integer', maximum: 3 },
        tags: { type: 'array', items: { type: 'string', maxLength: 1 }, maxItems: 1 },
        nested: { type: 'object', properties: { must: { type: 'string' } }, required: ['must'] },
      },
      required: ['name', 'nested'],
    })
    const errors = checkValue(root, { name: 'A', mail: 'x', day: '2025-13-45', site: 'example.com', n: 3.5, tags: ['ab', 'c'], nested: {} })
    assert.deepEqual(
      errors.map((e) => [e.path, e.code]),
      [
        ['/name', 'minLength'],
        ['/name', 'pattern'],
        ['/mail', 'format'],
        ['/day', 'format'],
        ['/site', 'format'],
        ['/n', 'integer'],
        ['/n', 'maximum'],
        ['/tags', 'maxItems'],
        ['/tags/0', 'maxLength'],
        ['/nested/must', 'required'],
      ],
    )
    assert.equal(errors[0].message, 'Enter at least 2 characters.')
    assert.deepEqual(checkValue(root, { name: 'ab', nested: { must: 'x' }, day: '2025-03-04', site: 'https://a.example', mail: 'a@b' }), [])
  })

  it('error paths in every common spelling map to the field they point at; the rest are general', opts, () => {
    assert.equal(normalizeErrorPath({ path: '/a/0/b' }), '/a/0/b')
    assert.equal(normalizeErrorPath({ path: '#/a/0/b' }), '/a/0/b')
    assert.equal(normalizeErrorPath({ path: 'a.0.b' }), '/a/0/b')
    assert.equal(normalizeErrorPath({ path: 'a[0].b' }), '/a/0/b')
    assert.equal(normalizeErrorPath({ path: ['a', 0, 'b'] }), '/a/0/b')
    assert.equal(normalizeErrorPath({ path: '', message: 'Instance does not have required property "name".' }), '/name')
    assert.equal(normalizeErrorPath({ path: '/x', message: "must have required property 'y'" }), '/x/y')
    const root = buildFormModel({
      ...SCHEMA_ZOO['array-of-objects'].schema,
      properties: { ...(SCHEMA_ZOO['array-of-objects'].schema.properties as object), meta: { type: 'object', additionalProperties: true } },
    })
    const value = { items: [{ sku: 'a' }, { sku: 'b' }] }
    const { byField, general } = mapErrors(root, value, [
      { path: '/items/1/qty', message: 'too small' },
      { path: '/items/1', message: 'Instance does not have required property "sku".' },
      { path: '/meta/deep/inside', message: 'bad meta' },
      { path: '/nope', message: 'unknown' },
      { path: '', message: 'whole' },
    ])
    assert.deepEqual(
      [...byField].map(([p, e]) => [p, e.map((x) => x.message)]),
      [
        ['/items/1/qty', ['too small']],
        ['/items/1/sku', ['Instance does not have required property "sku".']],
        ['/meta/deep', ['bad meta']],
      ],
    )
    assert.deepEqual(
      general.map((e) => e.message),
      ['unknown', 'whole'],
    )
  })
})

describe('mapErrors for pages that render errors themselves', () => {
  it('an error no field takes is general with path "" (never undefined), as FieldError.path promises', opts, () => {
    // A page grouping or filtering errors by e.path (mapErrors is public) must not meet undefined.
    const root = buildFormModel({ type: 'object', properties: { name: { type: 'string' } } })
    const { byField, general } = mapErrors(root, { name: 'x' }, [
      { path: '/nope', message: 'unknown key' },
      { path: '', message: 'whole' },
    ])
    assert.equal(byField.size, 0)
    assert.deepEqual(
      general.map((e) => [e.path, e.message]),
      [
        ['', 'unknown key'],
        ['', 'whole'],
      ],
    )
  })
})

describe('format checks a form makes before sending', () => {
  it('a uri field refuses text that starts like a URL but is not one (a space in the host)', opts, () => {
    const root = buildFormModel({ type: 'object', properties: { site: { type: 'string', format: 'uri' } } })
    assert.deepEqual(checkValue(root, { site: 'https://example.com/a' }), [])
    assert.deepEqual(
      checkValue(root, { site: 'https://exa mple.com/a' }).map((e) => e.path),
      ['/site'],
    )
  })
})

describe('draft-04 bounds', () => {
  it('exclusiveMaximum: true beside maximum (draft-04) makes the maximum itself a problem; exclusiveMinimum too', opts, () => {
    const root = buildFormModel({
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true } },
    })
    assert.deepEqual(checkValue(root, { n: 9.5 }), [])
    assert.deepEqual(checkValue(root, { n: 10 }).map((e) => e.path), ['/n'])
    assert.deepEqual(checkValue(root, { n: 0 }).map((e) => e.path), ['/n'])
  })
})

describe('json fields', () => {
  it('what the form cannot express keeps its property’s label (humanised name, or title) and says why', opts, () => {
    const all = fields({
      type: 'object',
      properties: {
        free_form: true,
        tuple_pair: { type: 'array', prefixItems: [{ type: 'string' }] },
        untyped: { title: 'Anything at all' },
        remote: { $ref: '#/$defs/missing' },
      },
    })
    const shown = Object.values(all).map((f) => [f.kind, f.label, f.kind === 'json' ? f.reason : ''])
    assert.deepEqual(shown, [
      ['json', 'Free form', 'any value'],
      ['json', 'Tuple pair', 'a tuple (items by position)'],
      ['json', 'Anything at all', 'the schema does not say what type of value it takes'],
      ['json', 'Remote', 'an unresolved $ref (#/$defs/missing)'],
    ])
  })
})

describe('form model: messages a person can act on', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'number' },
      n: { type: 'integer', minimum: 1, maximum: 5 },
      name: { type: 'string', maxLength: 10 },
      color: { enum: ['red', 'green'] },
      mail: { type: 'string', format: 'email' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
      flag: { type: 'boolean' },
    },
    required: ['name', 'flag'],
  }

  it('the validator’s errors, by their kind, say what to enter next to the field; the raw text stays in detail', opts, () => {
    const root = buildFormModel(schema)
    const value = { a: 'x', n: 9, name: 'a name far too long', color: 'blue', mail: 'nope', tags: [] }
    const raw = validateAgainstSchema(schema, value)
    assert.ok(raw.every((e) => typeof e.keyword === 'string'), 'each validator error says its kind')
    const { byField, general } = mapErrors(root, value, raw)
    const messages = Object.fromEntries([...byField].map(([path, errors]) => [path, errors.map((e) => e.message)]))
    assert.deepEqual(messages, {
      '/a': ['Enter a number.'],
      '/n': ['Enter 5 or less.'],
      '/name': ['Enter at most 10 characters.'],
      '/color': ['Pick one of: red, green.'],
      '/mail': ['Enter an email address.'],
      '/tags': ['Choose or add at least 1.'],
      '/flag': ['This field is required.'],
    })
    assert.deepEqual(general, [])
    const a = byField.get('/a')![0]
    assert.equal(a.code, 'type')
    assert.match(a.detail!, /Instance type "string" is invalid\. Expected "number"/)
  })

  it('choices are named by their labels; a const says what it must be', opts, () => {
    const titled = {
      type: 'object',
      properties: { size: { oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] }, kind: { const: 'user' } },
    }
    const root = buildFormModel(titled)
    const value = { size: 'm', kind: 'admin' }
    const { byField } = mapErrors(root, value, validateAgainstSchema(titled, value))
    assert.deepEqual(byField.get('/size')?.map((e) => e.message), ['Pick one of: Small, Large.'])
    assert.deepEqual(byField.get('/kind')?.map((e) => e.message), ['Pick one of: user.'])
  })

  it('without a field to read (a path the form does not have), the numbers come from the validator’s text', opts, () => {
    assert.equal(explainError({ path: '/x', message: 'String is too long (12 > 10).', keyword: 'maxLength' }).message, 'Enter at most 10 characters.')
    assert.equal(explainError({ path: '/x', message: '0 is less than 1.', keyword: 'minimum' }).message, 'Enter 1 or more.')
    assert.equal(explainError({ path: '/x', message: 'Instance type "string" is invalid. Expected "integer".', keyword: 'type' }).message, 'Enter a whole number.')
    // A kind with no wording of its own: said plainly, the raw text in detail.
    const other = explainError({ path: '/x', message: 'Instance does not match exactly one subschema (2 matches).', keyword: 'oneOf' })
    assert.equal(other.message, 'This value is not one the tool accepts.')
    assert.equal(other.detail, 'Instance does not match exactly one subschema (2 matches).')
    // An error with no kind (a server's words) is kept as it is.
    assert.equal(explainError({ path: '/x', message: 'name taken' }).message, 'name taken')
  })

  it('the form’s own checks use the same words', opts, () => {
    const root = buildFormModel(schema)
    const errors = checkValue(root, { name: 'a name far too long', n: 0 })
    assert.deepEqual(
      errors.map((e) => [e.path, e.message]),
      [
        ['/n', 'Enter 1 or more.'],
        ['/name', 'Enter at most 10 characters.'],
        ['/flag', 'This field is required.'],
      ],
    )
  })
})
