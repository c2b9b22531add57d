/**
 * Every example message of the spec (spec/2026-07-28/examples/<Type>/*.json):
 * (a) validates against `$defs.<Type>` of spec/2026-07-28/schema.json,
 * (b) if <Type> is a JSON-RPC message (its schema has a `jsonrpc` member),
 *     goes through our decoder and re-serialises to the source text itself
 *     (whitespace outside strings aside): nothing lost, added, reordered or
 *     re-spelled (a duplicate key, a number past double precision, an escape),
 * (c) otherwise re-serialises from JSON to the source text in the same way.
 * One test per example file, named by its path, so a failure names the file.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Validator, type Schema } from '@cfworker/json-schema'
import { decodeMessage, isResponse, parseJson } from '../../src/protocol/jsonrpc.js'

/** Every test is bounded: a regression fails instead of hanging the run. */
const BOUND = { timeout: 15_000 }

const REVISION = '2026-07-28'
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const specDir = join(root, 'spec', REVISION)
const examplesDir = join(specDir, 'examples')

const schema = JSON.parse(readFileSync(join(specDir, 'schema.json'), 'utf8')) as {
  $schema: string
  $defs: Record<string, Schema>
}
const { $defs } = schema

/**
 * Examples that are known not to validate, with the reason; each one still
 * runs, as a skipped test whose name says why. Keep this empty unless the
 * spec itself is wrong (report it upstream) or the validator cannot express
 * something the schema says.
 */
const KNOWN_INVALID: Record<string, string> = {}

interface Example {
  /** Path relative to the repository root, e.g. spec/2026-07-28/examples/Tool/x.json */
  path: string
  type: string
  text: string
}

const examples: Example[] = readdirSync(examplesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(examplesDir, d.name))
      .filter((f) => f.endsWith('.json'))
      .map((f) => {
        const file = join(examplesDir, d.name, f)
        return { path: relative(root, file).split('\\').join('/'), type: d.name, text: readFileSync(file, 'utf8') }
      }),
  )
  .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))

/** The source text without the whitespace between tokens: what re-serialising must give back exactly. */
const compact = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"|\s+/g, (m) => (m[0] === '"' ? m : ''))

/** One validator per `$defs` type; the whole `$defs` map rides along so `#/$defs/...` refs resolve. */
const validators = new Map<string, Validator>()
function validatorFor(type: string): Validator {
  let v = validators.get(type)
  if (!v) {
    v = new Validator({ $schema: schema.$schema, $ref: `#/$defs/${type}`, $defs } as Schema, '2020-12', false)
    validators.set(type, v)
  }
  return v
}

/** Whether a `$defs` type describes a whole JSON-RPC message (has a `jsonrpc` member, directly, via `$ref` or `allOf`). */
function isMessageType(type: string, seen = new Set<string>()): boolean {
  const has = (s: Schema | boolean | undefined): boolean => {
    if (!s || typeof s !== 'object') return false
    if (s.properties && 'jsonrpc' in s.properties) return true
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#/$defs/')) {
      const name = s.$ref.slice('#/$defs/'.length)
      if (seen.has(name)) return false
      seen.add(name)
      return has($defs[name])
    }
    return Array.isArray(s.allOf) && s.allOf.some(has)
  }
  return has($defs[type])
}

test(`spec/${REVISION}/examples holds more than 50 example files, each in a folder named after a $defs type`, BOUND, () => {
  assert.ok(examples.length > 50, `only ${examples.length} example files found under ${relative(root, examplesDir)}`)
  const unknownTypes = [...new Set(examples.map((e) => e.type))].filter((t) => !(t in $defs))
  assert.deepEqual(unknownTypes, [], 'example folders without a matching $defs entry')
})

for (const ex of examples) {
  const knownInvalid = KNOWN_INVALID[ex.path]
  const name = knownInvalid ? `${ex.path} (skipped: ${knownInvalid})` : ex.path
  test(name, { skip: knownInvalid ? knownInvalid : false }, () => {
    assert.ok(ex.type in $defs, `folder ${ex.type} is not a $defs type of spec/${REVISION}/schema.json`)
    const parsed: unknown = JSON.parse(ex.text)

    // (a) schema validation
    const result = validatorFor(ex.type).validate(parsed)
    assert.ok(
      result.valid,
      `does not validate as ${ex.type}:\n` +
        result.errors.map((e) => `  ${e.instanceLocation} ${e.keywordLocation}: ${e.error}`).join('\n'),
    )

    const message = isMessageType(ex.type)
    const hasJsonrpc = typeof parsed === 'object' && parsed !== null && 'jsonrpc' in parsed
    assert.equal(
      hasJsonrpc,
      message,
      `${ex.type} is ${message ? '' : 'not '}a JSON-RPC message type, but the example ${hasJsonrpc ? 'has' : 'lacks'} "jsonrpc"`,
    )

    if (message) {
      // (b) through the decoder, and back to exactly the same JSON
      const decoded = decodeMessage(parseJson(ex.text))
      assert.equal(JSON.stringify(decoded), compact(ex.text))
      const kind = isResponse(decoded) ? 'response' : 'id' in decoded ? 'request' : 'notification'
      const expected = ex.type.endsWith('Notification') ? 'notification' : ex.type.endsWith('Request') ? 'request' : 'response'
      assert.equal(kind, expected, `${ex.type} decoded as a ${kind}`)
    } else {
      // (c) plain data: the JSON round trip gives back the source text
      assert.equal(JSON.stringify(parsed), compact(ex.text))
    }
  })
}
