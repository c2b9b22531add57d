/**
 * Generates the MCP wire types from the spec's JSON Schema: for every
 * `spec/<revision>/schema.json`, writes `src/protocol/generated/<revision>.ts`
 * with one exported type or interface per `$defs` entry, named as its key.
 * Also writes `src/protocol/generated/package.ts` (name and version from
 * package.json: the default clientInfo).
 *
 *   npm run generate          (tsx scripts/generate-types.ts)
 *   npm run check:generated   (tsx scripts/generate-types.ts --check)
 *
 * `--check` regenerates in memory, writes nothing, and exits 1 naming every
 * output file that is missing or differs from what the schema now gives.
 *
 * How `$defs` become named types (json-schema-to-typescript names a type after
 * the `$ref` path it was reached through):
 * - The schema has no root type, only `$defs`. We compile a wrapper schema whose
 *   properties `$ref` every `$defs` entry, so each one is reachable and named by
 *   its key; the wrapper's own interface is then cut from the output.
 * - The spec writes `{ "$ref": "#/$defs/X", "description": "…" }`. A `$ref` with
 *   siblings is dereferenced into a fresh merged object, which the generator
 *   declares again as `X1`, `X2`, … We rewrite it as
 *   `{ "description": "…", "allOf": [{ "$ref": "#/$defs/X" }] }`, which
 *   compiles to a plain reference to `X` and keeps the description as its doc.
 *   An entry that is a bare alias (`"EmptyResult": { "$ref": "#/$defs/Result" }`)
 *   would be the very same object as its target once dereferenced, so it gets
 *   the same rewrite and becomes `type EmptyResult = Result`.
 * - A schema with only annotations (`"data": { "description": "…" }`) means
 *   "any value"; the generator would make it an object, so it is typed `unknown`.
 * - `additionalProperties` not stated in the schema means "allowed" in JSON
 *   Schema, so such objects keep a `[k: string]: unknown` index signature
 *   (the same objects the validator accepts with extra members).
 * The result is checked: exactly the `$defs` names, no numbered duplicates, and
 * only type declarations (the browser bundle imports these files for types).
 */
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compile, type JSONSchema } from 'json-schema-to-typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const specDir = join(root, 'spec')
const outDir = join(root, 'src', 'protocol', 'generated')
const WRAPPER = 'McpSchemaDefinitionsWrapper'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

const ANNOTATIONS = new Set(['description', 'title', '$comment', 'examples', 'deprecated', 'readOnly', 'writeOnly'])
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']
const SCHEMA_ONE = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
const isObject = (v: Json | undefined): v is { [k: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Rewrites the spots json-schema-to-typescript gets wrong, walking only
 * schema positions (so a property *named* `description` or `$ref` is left alone):
 * - `{ $ref, ...siblings }` → `{ ...siblings, allOf: [{ $ref }] }` (see above);
 * - a schema of annotations only (`{ "description": "…" }`, e.g. `Error.data`,
 *   `CallToolResult.structuredContent`) accepts any value, but the generator
 *   would type it as an object: it gets `tsType: 'unknown'` instead.
 */
function prepare(node: Json): Json {
  if (!isObject(node)) return node
  const out: { [k: string]: Json } = {}
  for (const [k, v] of Object.entries(node)) {
    if (SCHEMA_MAPS.includes(k) && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, prepare(s)]))
    else if (SCHEMA_ONE.includes(k)) out[k] = prepare(v)
    else if (SCHEMA_LISTS.includes(k) && Array.isArray(v)) out[k] = v.map(prepare)
    else out[k] = v
  }
  const keys = Object.keys(out)
  if (keys.length > 0 && keys.every((k) => ANNOTATIONS.has(k))) return { ...out, tsType: 'unknown' }
  if (typeof out.$ref === 'string' && keys.length > 1) {
    const { $ref, ...rest } = out
    return { ...rest, allOf: [{ $ref }] }
  }
  return out
}

/** A `$defs` entry that is only `{ $ref }` (an alias) → `{ allOf: [{ $ref }] }`, else it gets no name of its own. */
function aliasAsAllOf(node: Json): Json {
  return isObject(node) && typeof node.$ref === 'string' ? { allOf: [{ $ref: node.$ref }] } : node
}

function banner(revision: string): string {
  return [
    '/**',
    ` * MCP wire types, protocol revision ${revision}: one type per \`$defs\` entry.`,
    ' *',
    ' * GENERATED FILE - DO NOT EDIT.',
    ` * Source: spec/${revision}/schema.json, by scripts/generate-types.ts`,
    ' * (json-schema-to-typescript). Regenerate with `npm run generate`;',
    ' * `npm run check:generated` fails when this file is stale.',
    ' */',
  ].join('\n')
}

/** Generates the file text for one revision, checking it is what we promise. */
async function generate(revision: string): Promise<string> {
  const source = `spec/${revision}/schema.json`
  const schema = JSON.parse(await readFile(join(root, source), 'utf8')) as { $schema?: string; $defs?: Record<string, Json> }
  if (!schema.$defs || typeof schema.$defs !== 'object') throw new Error(`${source} has no $defs`)
  const names = Object.keys(schema.$defs)
  const wrapper = {
    $schema: schema.$schema,
    title: WRAPPER,
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { $ref: `#/$defs/${name}` }])),
    required: names,
    additionalProperties: false,
    $defs: Object.fromEntries(names.map((name) => [name, aliasAsAllOf(prepare(schema.$defs![name]!))])),
  } as unknown as JSONSchema

  let code = await compile(wrapper, WRAPPER, {
    bannerComment: banner(revision),
    additionalProperties: true, // JSON Schema's own default: unstated means allowed
    declareExternallyReferenced: true,
    unreachableDefinitions: false, // every $defs entry is reachable through the wrapper
    enableConstEnums: false,
    inferStringEnumKeysFromValues: false,
    strictIndexSignatures: false,
    unknownAny: true,
    // Only `#/$defs/...` refs inside the file; never read other files or the network.
    $refOptions: { resolve: { external: false } },
    cwd: join(root, 'spec', revision),
    // prettier is a hard dependency of json-schema-to-typescript (installed with it);
    // its version is pinned by package-lock.json, and explicit options make
    // the output independent of any prettier config file.
    format: true,
    style: {
      semi: false,
      singleQuote: true,
      printWidth: 120,
      tabWidth: 2,
      useTabs: false,
      trailingComma: 'all',
      bracketSpacing: true,
      endOfLine: 'lf',
    },
  })

  // Cut the wrapper interface: it only exists to make every $defs entry reachable.
  const start = code.indexOf(`export interface ${WRAPPER} {`)
  if (start < 0) throw new Error(`${source}: wrapper interface not found in the generated code`)
  const end = code.indexOf('\n}\n', start)
  if (end < 0) throw new Error(`${source}: end of the wrapper interface not found in the generated code`)
  code = code.slice(0, start) + code.slice(end + 3)
  code = code.replace(/\n{3,}/g, '\n\n').trimEnd() + '\n'

  // Self-checks.
  const declared = [...code.matchAll(/^export (?:type|interface) (\w+)/gm)].map((m) => m[1]!)
  const expected = new Set(names)
  const extra = declared.filter((n) => !expected.has(n))
  const missing = names.filter((n) => !declared.includes(n))
  const dupes = declared.filter((n, i) => declared.indexOf(n) !== i)
  if (extra.length || missing.length || dupes.length) {
    throw new Error(
      `${source}: generated types do not match $defs one to one` +
        (extra.length ? `\n  extra (numbered duplicates or inlined types?): ${extra.join(', ')}` : '') +
        (missing.length ? `\n  missing: ${missing.join(', ')}` : '') +
        (dupes.length ? `\n  declared twice: ${dupes.join(', ')}` : ''),
    )
  }
  const runtime = code.match(/^(?:export\s+)?(?:declare\s+)?(?:const|let|var|enum|function|class|namespace|import)\b.*$/m)
  if (runtime) throw new Error(`${source}: generated code contains a runtime declaration: ${runtime[0]}`)
  if (code.includes(WRAPPER)) throw new Error(`${source}: generated code still mentions ${WRAPPER}`)
  return code
}

/**
 * src/protocol/generated/package.ts: this package's name and version from package.json, so the clientInfo every
 * request carries says which release sent it, with no runtime read of package.json and no bundler define.
 */
async function packageInfo(): Promise<string> {
  const { name, version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { name: string; version: string }
  const quote = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'` // the project's style (prettier: single quotes)
  return [
    '/**',
    " * This package's name and version: the default clientInfo of every request.",
    ' *',
    ' * GENERATED FILE - DO NOT EDIT.',
    ' * Source: package.json, by scripts/generate-types.ts. Regenerate with',
    ' * `npm run generate`; `npm run check:generated` fails when this file is stale.',
    ' */',
    `export const PACKAGE_INFO = { name: ${quote(name)}, version: ${quote(version)} }`,
    '',
  ].join('\n')
}

async function revisions(): Promise<string[]> {
  const dirs = await readdir(specDir, { withFileTypes: true })
  return dirs
    .filter((d) => d.isDirectory() && existsSync(join(specDir, d.name, 'schema.json')))
    .map((d) => d.name)
    .sort()
}

function firstDifference(a: string, b: string): string {
  const al = a.split('\n')
  const bl = b.split('\n')
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i]) {
      return `first difference at line ${i + 1}:\n    committed: ${JSON.stringify(al[i] ?? '<end of file>')}\n    expected:  ${JSON.stringify(bl[i] ?? '<end of file>')}`
    }
  }
  return 'files differ'
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--check')
  if (unknown.length) {
    console.error(`generate-types: unknown argument(s) ${unknown.join(' ')}; usage: tsx scripts/generate-types.ts [--check]`)
    return 2
  }
  const check = argv.includes('--check')
  const revs = await revisions()
  if (!revs.length) throw new Error(`no spec/<revision>/schema.json found under ${specDir}`)
  const stale: string[] = []
  const outputs = [
    ...revs.map((revision) => ({ name: `${revision}.ts`, source: `spec/${revision}/schema.json`, code: () => generate(revision) })),
    { name: 'package.ts', source: 'package.json', code: packageInfo },
  ]
  for (const output of outputs) {
    const file = join(outDir, output.name)
    const rel = relative(root, file)
    const code = await output.code()
    if (check) {
      if (!existsSync(file)) {
        stale.push(`${rel} is missing (it is generated from ${output.source})`)
        continue
      }
      const committed = (await readFile(file, 'utf8')).replace(/\r\n/g, '\n')
      if (committed !== code) {
        stale.push(`${rel} is stale: it differs from what ${output.source} generates; ${firstDifference(committed, code)}`)
      } else {
        console.log(`${rel} is up to date`)
      }
    } else {
      await mkdir(outDir, { recursive: true })
      const before = existsSync(file) ? await readFile(file, 'utf8') : undefined
      if (before === code) {
        console.log(`${rel} unchanged`)
      } else {
        await writeFile(file, code)
        console.log(`wrote ${rel}`)
      }
    }
  }
  if (stale.length) {
    for (const s of stale) console.error(`check:generated: ${s}`)
    console.error('Run `npm run generate` and commit the result.')
    return 1
  }
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err)
    process.exit(1)
  },
)
