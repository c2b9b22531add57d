// validateAgainstSchema(): the public validator for a server's schemas (an
// elicitation's requestedSchema, a tool's outputSchema). Same lazy chunk and
// the same hostile-schema guards as argument validation; the hostile cases run
// in a worker thread so that a regression that loops fails instead of hanging.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { InputRequiredError, McpClient, SchemaError, validateAgainstSchema, type ElicitRequestParams } from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'
import { assertIs, failure } from '../support/assert.js'

const BOUND = { timeout: 15_000 }

let server: FixtureServer
before(async () => {
  server = await startFixtureServer()
})
after(() => server.close())

// A requestedSchema using what client/elicitation.mdx allows: string formats and lengths,
// number bounds, booleans, single- and multi-select enums with and without titles.
const bookingSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', title: 'Email' },
    name: { type: 'string', minLength: 2, maxLength: 20 },
    guests: { type: 'integer', minimum: 1, maximum: 8 },
    newsletter: { type: 'boolean', default: false },
    room: { type: 'string', enum: ['single', 'double'] },
    view: {
      type: 'string',
      oneOf: [
        { const: 'sea', title: 'Sea view' },
        { const: 'city', title: 'City view' },
      ],
    },
    extras: { type: 'array', items: { type: 'string', enum: ['breakfast', 'parking'] }, maxItems: 2 },
    arrival: { type: 'string', format: 'date' },
  },
  required: ['email', 'guests'],
}

describe('validateAgainstSchema', () => {
  test("the fixture's elicitation requestedSchema accepts a right answer and reports a wrong one", BOUND, async () => {
    const client = new McpClient(server.url, { capabilities: { elicitation: { form: {} } } })
    const error = await failure(client.callTool('ask_name'))
    assertIs(error, InputRequiredError)
    const { requestedSchema } = (error as InputRequiredError).inputRequests.name.params as ElicitRequestParams & {
      requestedSchema: object
    }
    assert.deepEqual(await validateAgainstSchema(requestedSchema, { name: 'Ada' }), [])
    const missing = await validateAgainstSchema(requestedSchema, {})
    assert.equal(missing.length, 1)
    assert.equal(missing[0].path, '')
    assert.match(missing[0].message, /name/)
    const wrongType = await validateAgainstSchema(requestedSchema, { name: 42 })
    assert.deepEqual(
      wrongType.map((e) => e.path),
      ['/name'],
    )
  })

  test('every restricted-schema rule of elicitation is checked, each problem at its field', BOUND, async () => {
    const good = {
      email: 'ada@example.com',
      name: 'Ada',
      guests: 2,
      room: 'double',
      view: 'sea',
      extras: ['breakfast'],
      arrival: '2026-07-28',
    }
    assert.deepEqual(await validateAgainstSchema(bookingSchema, good), [])
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not an email' }, '/email'],
      [{ name: 'A' }, '/name'],
      [{ name: 'A'.repeat(21) }, '/name'],
      [{ guests: 0 }, '/guests'],
      [{ guests: 9 }, '/guests'],
      [{ guests: 1.5 }, '/guests'],
      [{ newsletter: 'yes' }, '/newsletter'],
      [{ room: 'suite' }, '/room'],
      [{ view: 'garden' }, '/view'],
      [{ extras: ['spa'] }, '/extras/0'],
      [{ extras: ['breakfast', 'parking', 'breakfast'] }, '/extras'],
      [{ arrival: '28/07/2026' }, '/arrival'],
    ]
    for (const [change, path] of cases) {
      const problems = await validateAgainstSchema(bookingSchema, { ...good, ...change })
      assert.ok(problems.length > 0, `${JSON.stringify(change)} must be reported`)
      assert.ok(
        problems.every((p) => p.path === path && p.message.length > 0),
        `${JSON.stringify(change)}: ${JSON.stringify(problems)}`,
      )
    }
    const { email: _, ...noEmail } = good
    assert.deepEqual(
      (await validateAgainstSchema(bookingSchema, noEmail)).map((p) => p.path),
      [''],
    )
  })

  test('a null for an optional field is a problem here (unlike tool arguments, nothing is left out)', BOUND, async () => {
    const problems = await validateAgainstSchema(bookingSchema, { email: 'a@b.example', guests: 1, room: null })
    assert.ok(problems.length > 0)
    assert.ok(problems.every((p) => p.path === '/room'))
  })

  test('boolean schemas; anything else that is not a schema is a SchemaError', BOUND, async () => {
    assert.deepEqual(await validateAgainstSchema(true, { anything: 1 }), [])
    assert.equal((await validateAgainstSchema(false, 1)).length, 1)
    for (const bad of [null, 'string', 42, [{ type: 'string' }]]) assertIs(await failure(validateAgainstSchema(bad, {})), SchemaError)
  })

  test('a remote $ref is a SchemaError and is never fetched; a dangling local one too', BOUND, async () => {
    const remote = await failure(validateAgainstSchema({ properties: { x: { $ref: 'https://evil.example/s.json' } } }, { x: 1 }))
    assertIs(remote, SchemaError)
    assert.match(remote.message, /remote schemas are never fetched/)
    const dangling = await failure(validateAgainstSchema({ properties: { x: { $ref: '#/$defs/nowhere' } } }, { x: 1 }))
    assertIs(dangling, SchemaError)
    assertIs(await failure(validateAgainstSchema({ $schema: 'https://example.com/my-dialect' }, {})), SchemaError)
  })

  test('a $ref with a malformed percent-escape, or one into __proto__, is a SchemaError, not a crash', BOUND, async () => {
    for (const ref of ['#/%E0%A4%A', '#/$defs/%', '#/__proto__', '#/__proto__/constructor', '#/$defs/a/constructor']) {
      const error = await failure(validateAgainstSchema({ $defs: { a: { type: 'string' } }, properties: { x: { $ref: ref } } }, { x: 1 }))
      assertIs(error, SchemaError)
    }
  })

  test('the validator is the lazily loaded chunk: the client entry does not import it statically', BOUND, async () => {
    const { readFile } = await import('node:fs/promises')
    for (const file of ['index.ts', 'McpClient.ts', 'call/validator.ts']) {
      const source = await readFile(new URL(`../../src/client/${file}`, import.meta.url), 'utf8')
      assert.doesNotMatch(source, /^import [^(]*schema\/validate/m, `${file} imports the validator statically`)
    }
  })
})

// ---- hostile schemas, in a worker --------------------------------------------------------------

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
(async () => {
  const { register } = await import(workerData.tsx);
  register();
  const { validateAgainstSchema, SchemaError } = await import(workerData.client);
  const schema = JSON.parse(workerData.schemaJson);
  const start = performance.now();
  try {
    const problems = await validateAgainstSchema(schema, workerData.value);
    parentPort.postMessage({ outcome: 'resolved', problems, elapsed: performance.now() - start });
  } catch (e) {
    parentPort.postMessage({ outcome: 'rejected', elapsed: performance.now() - start, message: String(e && e.message), isSchemaError: e instanceof SchemaError });
  }
})().catch((e) => parentPort.postMessage({ outcome: 'rejected', elapsed: -1, message: String(e && e.stack) }));
`

async function validateInWorker(schemaJson: string, value: unknown, limitMs = 8_000) {
  const worker = new Worker(WORKER, {
    eval: true,
    resourceLimits: { stackSizeMb: 1 }, // what a page's main thread has, roughly
    workerData: {
      tsx: import.meta.resolve('tsx/esm/api'),
      client: new URL('../../src/client/index.ts', import.meta.url).href,
      schemaJson,
      value,
    },
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await new Promise<{ outcome: string; elapsed: number; message?: string; isSchemaError?: boolean }>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`validateAgainstSchema did not settle within ${limitMs} ms`)), limitMs)
      worker.once('message', resolve)
      worker.once('error', reject)
    })
  } finally {
    clearTimeout(timer)
    await worker.terminate()
  }
}

describe('validateAgainstSchema with hostile schemas', () => {
  const assertRefusedFast = async (schemaJson: string, value: unknown, reason: RegExp) => {
    const started = performance.now()
    const result = await validateInWorker(schemaJson, value)
    assert.equal(result.outcome, 'rejected', 'must be refused')
    assert.ok(result.isSchemaError, `expected SchemaError, got: ${result.message}`)
    assert.match(result.message!, reason)
    assert.ok(result.elapsed < 1_000, `took ${result.elapsed.toFixed(0)} ms`)
    assert.ok(performance.now() - started < 8_000)
  }

  test('exponential $ref fan-out in a requestedSchema is refused fast', BOUND, async () => {
    const defs: Record<string, unknown> = {}
    for (let i = 0; i < 30; i++) defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] }
    defs.d30 = { type: 'string' }
    await assertRefusedFast(JSON.stringify({ type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs: defs }), { x: 1 }, /\$ref/)
  })

  test('a schema nested 10,000 levels deep is refused fast', BOUND, async () => {
    let json = ''
    for (let i = 0; i < 10_000; i++) json += '{"type":"object","properties":{"x":'
    json += '{"type":"string"}'
    for (let i = 0; i < 10_000; i++) json += '}}'
    await assertRefusedFast(json, { x: 'a' }, /deeper|depth|nest/i)
  })

  test('a giant pattern is refused fast', BOUND, async () => {
    await assertRefusedFast(
      JSON.stringify({ properties: { s: { type: 'string', pattern: `^(${'a'.repeat(10_000)})$` } } }),
      { s: 'a' },
      /pattern/,
    )
  })
})

// ---- regular expressions that could freeze the page ----------------------------------------------

// Shapes from the ReDoS literature (OWASP's list and safe-regex's corpus): nested quantifiers, and
// repeated choices whose branches can match the same text; also inside a lookahead. (^(ab|a)*$ is also
// refused, though it is safe: its branches start alike but cannot match the same text. Refusing only means
// the pattern is left to the server.)
const REDOS_SHAPES = [
  '(?=(a+)+$)',
  '^(a|b+)*$',
  '([\\s\\S]+)*x',
  '^(a|aa)*$',
  '^(a+)+$',
  '(a*)*b',
  '^(\\w+\\s?)*$',
  '^(a|a?)+$',
  '(x+x+)+y',
  '^(\\d+)*$',
  '(.*a){12}',
  '^(a|b|ab)*c$',
  '^(\\w|\\d)+$',
  '^([a-z]|[^0-9])*$',
  '^(?:a|.)*$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
]
const SAFE_PATTERNS = [
  '^[a-z]+$',
  '^\\d{3}-\\d{4}$',
  '^[^@]+@[^@]+\\.[a-z]{2,}$',
  '^(?:[A-Z]{2}|[0-9]{3})$',
  '^https?://',
  '^[0-9a-f]{8}-[0-9a-f]{4}$',
  '^(foo|bar)+$',
  '^(\\d|[a-f])+$',
  '^(?<year>\\d{4})-(?<month>\\d{2})$',
  // Nested quantifiers with a separator that tells iterations apart (a star-height check refuses these).
  '^(?:[a-z]+-)*[a-z]+$',
  '^[A-Z][a-z]*(?: [A-Z][a-z]*)*$',
  '^(?:\\d{1,3}\\.){3}\\d{1,3}$',
  '^[\\w.+-]+@[\\w-]+\\.[\\w.-]+$',
  '^\\p{L}+$',
  '^[😀-😂]+\\u00e9\\x41[\\b]$',
  // Escapes that stand for one character are that character, not a class (a mutant that read \. as \s survived without this).
  '^(?:\\.|\\s)+$',
]

describe('patterns from servers', () => {
  test('unsafePattern names every known ReDoS shape and passes common safe patterns', BOUND, async () => {
    const { unsafePattern } = await import('../../src/schema/regex.js')
    for (const p of REDOS_SHAPES) assert.match(unsafePattern(p) ?? 'passed', /exponential/, `${p} must be caught`)
    for (const p of SAFE_PATTERNS) assert.equal(unsafePattern(p), undefined, `${p} is safe`)
  })

  // It once looped for ever on an unclosed \u{: this property found it.
  test('unsafePattern takes any text to a reason or undefined, never a throw or a hang', BOUND, async () => {
    const { unsafePattern } = await import('../../src/schema/regex.js')
    const fc = (await import('fast-check')).default
    const regexish = fc.array(fc.constantFrom('(', ')', '(?:', '(?=', '(?<n>', '[', ']', '^', '-', '\\', 'd', 'u{', '}', '{2,}', '*', '+', '?', '|', 'a', '.', '1', 'p{', 'k<', 'x4', 'u00', 'c'), { maxLength: 25 })
    fc.assert(
      fc.property(fc.oneof(fc.string(), regexish.map((parts) => parts.join(''))), (p) => {
        const why = unsafePattern(p)
        assert.ok(why === undefined || typeof why === 'string')
      }),
      { numRuns: 3_000 },
    )
  })

  test('a catastrophic pattern is not run (a value it would refuse passes; the server still checks), the other keywords still are', BOUND, async () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '^(a|aa)*$', maxLength: 60_000 } } }
    // 'aab' does not match ^(a|aa)*$: only a validator that skipped the pattern accepts it.
    assert.deepEqual(await validateAgainstSchema(schema, { s: 'aab' }), [])
    const long = await validateInWorker(JSON.stringify(schema), { s: `${'a'.repeat(50_000)}b` })
    assert.equal(long.outcome, 'resolved', long.message)
    assert.ok(long.elapsed < 1_000, `took ${long.elapsed.toFixed(0)} ms`)
    const tooLong = await validateAgainstSchema(schema, { s: 'a'.repeat(60_001) })
    assert.deepEqual(
      tooLong.map((p) => p.path),
      ['/s'],
    )
    // A safe pattern is still enforced, and the caller's schema still has its pattern.
    assert.equal((await validateAgainstSchema({ type: 'string', pattern: '^[a-z]+$' }, 'A1')).length, 1)
    assert.equal(schema.properties.s.pattern, '^(a|aa)*$')
  })

  test('a catastrophic patternProperties key is a SchemaError naming it (which properties it covers cannot be told without running it)', BOUND, async () => {
    const error = await failure(validateAgainstSchema({ type: 'object', patternProperties: { '^(a+)+$': { type: 'string' } } }, { aaa: 1 }))
    assertIs(error, SchemaError)
    assert.match(error.message, /patternProperties key "\^\(a\+\)\+\$" is not run: it nests quantifiers with nothing between them/)
    assert.deepEqual(await validateAgainstSchema({ type: 'object', patternProperties: { '^x-': { type: 'string' } } }, { 'x-a': 's' }), [])
  })
})

// ---- $ref cycles and the caller's schema --------------------------------------------------------

describe('$ref cycles, and the schema as the caller sees it', () => {
  test('a $ref cycle that never reaches a value is refused as a cycle, naming its $refs', BOUND, async () => {
    for (const [schema, chain] of [
      [{ properties: { x: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } }, '#/$defs/b → #/$defs/a'],
      [{ allOf: [{ $ref: '#' }], type: 'object' }, '#'],
      [{ $defs: { a: { anyOf: [{ type: 'string' }, { not: { $ref: '#/$defs/a' } }] } }, properties: { x: { $ref: '#/$defs/a' } } }, '#/$defs/a'],
    ] as const) {
      const error = await failure(validateAgainstSchema(schema, { x: 1 }))
      assertIs(error, SchemaError)
      assert.match(error.message, /its \$refs form a cycle that never reaches a value/)
      assert.ok(error.message.includes(chain), `${error.message} names ${chain}`)
    }
  })

  test('a recursive schema whose $ref steps into the value (a tree) is no cycle: it validates', BOUND, async () => {
    const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } }, required: ['name'] }
    assert.deepEqual(await validateAgainstSchema(tree, { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] }), [])
    assert.deepEqual(
      (await validateAgainstSchema(tree, { name: 'a', children: [{ children: [] }] })).map((p) => p.path),
      ['/children/0'],
    )
  })

  test('validation never mutates or annotates the schema object the caller holds', BOUND, async () => {
    const deepFreeze = (o: any): any => {
      if (o && typeof o === 'object' && !Object.isFrozen(o)) {
        Object.freeze(o)
        for (const v of Object.values(o)) deepFreeze(v)
      }
      return o
    }
    const make = () => ({
      $id: 'https://example.com/booking',
      type: 'object',
      properties: { ...bookingSchema.properties, code: { type: 'string', pattern: '^(a|aa)*$' }, at: { $ref: '#/$defs/point' } },
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } } } },
      required: ['email'],
    })
    const schema = make()
    const keys = (o: any): string[] =>
      o && typeof o === 'object' ? [...Reflect.ownKeys(o).map(String), ...Object.values(o).flatMap(keys)] : []
    const before = keys(schema)
    await validateAgainstSchema(schema, { email: 'a@b.co', guests: 2, code: 'aab', at: { x: 1 } })
    assert.deepEqual(schema, make(), 'same values')
    assert.deepEqual(keys(schema), before, 'no key (or symbol) added anywhere')
    // A frozen schema validates too: nothing tries to write to it.
    const frozen = deepFreeze(make())
    assert.deepEqual((await validateAgainstSchema(frozen, { email: 'x', at: { x: 'no' } })).map((p) => p.path).sort(), ['/at/x', '/email'])
  })
})

test('a validator chunk that fails to load is loaded again by the next call, not failed for ever', BOUND, async () => {
  const { loadOnce } = await import('../../src/client/load-once.js')
  let attempts = 0
  const load = loadOnce(async () => {
    if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
    return { ok: attempts }
  })
  await assert.rejects(load(), TypeError)
  assert.deepEqual(await load(), { ok: 2 })
  assert.equal(await load(), await load(), 'once loaded, the same module every time')
  assert.equal(attempts, 2)
})

test('a $ref chain deeper than the depth limit is refused alike from draft-07 definitions and 2020-12 $defs', BOUND, async () => {
  // Older servers still send draft-07 schemas: their `definitions` are reached through $refs only, as $defs are,
  // so listing them deepest first must not let the chain pass unmeasured.
  const chain = (where: string) => {
    const defs: Record<string, unknown> = {}
    for (let i = 99; i >= 0; i--) defs[`d${i}`] = i === 99 ? { type: 'string' } : { $ref: `#/${where}/d${i + 1}` }
    return defs
  }
  for (const schema of [
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: chain('definitions'),
      type: 'object',
      properties: { x: { $ref: '#/definitions/d0' } },
    },
    { $defs: chain('$defs'), type: 'object', properties: { x: { $ref: '#/$defs/d0' } } },
  ]) {
    const error = await failure(validateAgainstSchema(schema, { x: 'a' }))
    assertIs(error, SchemaError)
    assert.match(error.message, /its \$refs nest deeper than 64 levels/)
  }
})

test('a Unicode property class in a repeated choice counts as overlapping its other branches (it matches their letters too)', BOUND, async () => {
  const { unsafePattern } = await import('../../src/schema/regex.js')
  // Capitals in any script or ASCII capitals: "A" matches both branches, so a long near-miss backtracks exponentially.
  for (const p of ['^(\\p{Lu}|[A-Z])+$', '^(\\p{L}|a)*$'])
    assert.match(unsafePattern(p) ?? 'passed', /exponential/, `${p} must be caught`)
})
