/**
 * The quick check of simple schemas (src/schema/quick-check.ts) against the full validator: whatever the schema of
 * that shape and whatever the JSON value, a quick "valid" is never given to a value @cfworker/json-schema refuses,
 * and a value made to fit the schema is passed quickly (the full validator is not needed for it).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Validator, type Schema } from '@cfworker/json-schema'
import { quickCheck } from '../../src/schema/quick-check.js'

const BOUND = { timeout: 60_000 }
const RUNS = { numRuns: 1000 }

const TYPES = ['string', 'number', 'integer', 'boolean', 'null'] as const
const primitive = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, -1.5, 2.0, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
)
const keys = fc.constantFrom('a', 'b', 'c', 'toString', '__proto__', 'constructor')

/** A property schema the quick check takes: a type, an enum, both, or neither; with an annotation or not. */
const property = fc.record(
  { type: fc.constantFrom(...TYPES), enum: fc.array(primitive, { minLength: 1, maxLength: 3 }), title: fc.string({ maxLength: 3 }) },
  { requiredKeys: [] },
)
const simpleSchema = fc
  .record({
    properties: fc.dictionary(keys, property, { maxKeys: 4 }),
    required: fc.uniqueArray(keys, { maxLength: 3 }),
    additionalProperties: fc.option(fc.boolean(), { nil: undefined }),
    description: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }),
  })
  .map(({ properties, required, additionalProperties, description }) => ({
    type: 'object',
    properties,
    required,
    ...(additionalProperties !== undefined && { additionalProperties }),
    ...(description !== undefined && { description }),
  }))
/** A JSON value as a call's arguments are (JSON.parse of text, so "__proto__" is an own key). */
const argumentsLike = fc.oneof(
  fc.dictionary(keys, fc.oneof(primitive, fc.array(primitive, { maxLength: 2 }), fc.dictionary(keys, primitive, { maxKeys: 2 })), { maxKeys: 5 }),
  primitive,
  fc.array(primitive, { maxLength: 2 }),
)
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value))
const fullValidator = (schema: object) => new Validator(structuredClone(schema) as Schema, '2020-12', false)

/** A value shaped after the schema (its properties, each with any primitive, and maybe one more key), or any value. */
const schemaAndValue = simpleSchema.chain((schema) => {
  const near = fc.record(
    Object.fromEntries([...Object.keys(schema.properties), 'extra'].map((key) => [key, primitive])),
    { requiredKeys: [] },
  )
  return fc.tuple(fc.constant(schema), fc.oneof(near, near, argumentsLike))
})

test('a quick "valid" is never given to a value the full validator refuses', BOUND, () => {
  fc.assert(
    fc.property(schemaAndValue, ([schema, raw]) => {
      const quick = quickCheck(asJson(schema))
      assert.ok(quick, `a schema of the simple shape has a quick check: ${JSON.stringify(schema)}`)
      const value = asJson(raw)
      if (quick(value)) assert.equal(fullValidator(asJson(schema)).validate(value).valid, true, `${JSON.stringify(schema)} ${JSON.stringify(value)}`)
    }),
    RUNS,
  )
})

test('a value made to fit a simple schema is passed by the quick check', BOUND, () => {
  const fitting = fc
    .dictionary(fc.constantFrom('a', 'b', 'c'), fc.constantFrom(...TYPES), { minKeys: 1, maxKeys: 3 })
    .chain((types) => {
      const sample: Record<(typeof TYPES)[number], fc.Arbitrary<unknown>> = {
        string: fc.string({ maxLength: 4 }),
        number: fc.double({ noNaN: true, noDefaultInfinity: true }),
        integer: fc.integer(),
        boolean: fc.boolean(),
        null: fc.constant(null),
      }
      const values = Object.fromEntries(Object.entries(types).map(([key, type]) => [key, sample[type]]))
      return fc.record({ types: fc.constant(types), value: fc.record(values) })
    })
  fc.assert(
    fc.property(fitting, ({ types, value }) => {
      const schema = {
        type: 'object',
        properties: Object.fromEntries(Object.entries(types).map(([key, type]) => [key, { type, title: key }])),
        required: Object.keys(types),
        additionalProperties: false,
      }
      const json = asJson(value)
      assert.equal(fullValidator(schema).validate(json).valid, true)
      assert.equal(quickCheck(schema)!(json), true, `${JSON.stringify(schema)} ${JSON.stringify(json)}`)
    }),
    RUNS,
  )
})

test('the quick check refuses what the full validator refuses, case by case', BOUND, () => {
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer' }, unit: { type: 'string', enum: ['c', 'f'] }, toString: { type: 'string' } },
    required: ['n', 'toString'],
    additionalProperties: false,
  }
  const cases: Array<[unknown, boolean]> = [
    [{ n: 2, toString: 'x' }, true],
    [{ n: 2, toString: 'x', unit: 'f' }, true],
    [{ n: 0.5, toString: 'x' }, false],
    [{ n: 2 }, false],
    [{ n: 2, toString: 'x', unit: 'k' }, false],
    [{ n: 2, toString: 'x', other: 1 }, false],
    [{ n: '2', toString: 'x' }, false],
    [[], false],
  ]
  for (const [value, valid] of cases) {
    assert.equal(fullValidator(schema).validate(value).valid, valid, JSON.stringify(value))
    assert.equal(quickCheck(schema)!(value), valid, JSON.stringify(value))
  }
})

test('schemas with any other keyword get no quick check: the full validator decides', BOUND, () => {
  const others = [
    { type: 'object', properties: { a: { type: 'string', pattern: '^x' } } },
    { type: 'object', properties: { a: { type: 'string', format: 'email' } } },
    { type: 'object', properties: { a: { type: 'string', minLength: 2 } } },
    { type: 'object', properties: { a: { type: ['string', 'null'] } } },
    { type: 'object', properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } },
    { type: 'object', properties: { a: { type: 'object', properties: {} } } },
    { type: 'object', properties: { a: { enum: [{ x: 1 }] } } },
    { type: 'object', additionalProperties: { type: 'string' } },
    { type: 'object', minProperties: 1 },
    { properties: { a: { type: 'string' } } },
    { type: 'object', properties: { a: true } },
  ]
  for (const schema of others) assert.equal(quickCheck(schema), undefined, JSON.stringify(schema))
})
