// The method table (src/protocol/methods.ts) against the spec's schema and against the parts that read it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { CacheLayer } from '../../src/cache/layer.js'
import { MemoryCache } from '../../src/cache/memory.js'
import { INPUT_METHODS, LIST_FIELD, METHODS, traitsOf } from '../../src/protocol/methods.js'
import { standardHeaders } from '../../src/transport/headers.js'
import { CancelTaskRequestV2Schema, GetTaskRequestV2Schema, UpdateTaskRequestV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2'
import { RESOURCES_DIRECTORY_READ_METHOD, SKILLS_GET_METHOD, SKILLS_LIST_METHOD } from '@modelcontextprotocol/server/ext/skills'

const BOUND = { timeout: 10_000 }

const schema = JSON.parse(readFileSync(new URL('../../spec/2026-07-28/schema.json', import.meta.url), 'utf8'))

/** Every `method` constant of spec/2026-07-28/schema.json. */
const specMethods = (() => {
  const found = new Set<string>()
  JSON.stringify(schema, (key, value) => {
    if (key === 'method' && typeof value?.const === 'string') found.add(value.const)
    return value
  })
  return found
})()

/** The request methods whose result (FooRequest → FooResult) carries the spec's cache hint ttlMs. */
const specCacheable = Object.entries(schema.$defs as Record<string, any>)
  .filter(([name, def]) => name.endsWith('Request') && typeof def.properties?.method?.const === 'string')
  .filter(([name]) => 'ttlMs' in (schema.$defs[name.replace(/Request$/, 'Result')]?.properties ?? {}))
  .map(([, def]) => def.properties.method.const as string)

/** The methods of the Tasks extension (io.modelcontextprotocol/tasks), as ext-tasks' core/v2 schemas name them. */
const taskMethods = new Set([GetTaskRequestV2Schema, UpdateTaskRequestV2Schema, CancelTaskRequestV2Schema].map((s) => s.shape.method.value as string))

/** The methods of the Skills extension (io.modelcontextprotocol/skills), as the official SDK names them. */
const skillMethods = new Set([SKILLS_LIST_METHOD, SKILLS_GET_METHOD, RESOURCES_DIRECTORY_READ_METHOD])
/** Its results that are CacheableResults (skills.mdx): a directory read's is a PaginatedResult only. */
const skillCacheable = [SKILLS_LIST_METHOD, SKILLS_GET_METHOD]

test('every method of the table, and every input request method, is one the spec (or the Tasks or Skills extension) defines', BOUND, () => {
  for (const method of [...Object.keys(METHODS), ...Object.keys(INPUT_METHODS)]) assert.ok(specMethods.has(method) || taskMethods.has(method) || skillMethods.has(method), method)
  for (const method of taskMethods) assert.equal(traitsOf(method).mcpName, 'taskId', method)
  // Every client-to-server request of the spec has a row (notifications and server-to-client requests aside).
  const requests = [...specMethods].filter((m) => !m.startsWith('notifications/') && !(m in INPUT_METHODS))
  assert.deepEqual(requests.filter((m) => !(m in METHODS)), [])
})

test('cacheable rows are the methods whose results carry ttlMs, and the cache layer keeps exactly those; list fields match the lists; inherited names have no traits', BOUND, () => {
  const cacheable = Object.keys(METHODS).filter((m) => traitsOf(m).cacheable)
  assert.deepEqual(cacheable.sort(), [...specCacheable, ...skillCacheable].sort())
  const layer = new CacheLayer('https://example.com/mcp', new MemoryCache())
  assert.deepEqual(Object.keys(METHODS).filter((m) => layer.plan(m, {}, {}) !== undefined).sort(), cacheable)
  for (const [method, field] of Object.entries(LIST_FIELD)) assert.equal(traitsOf(method).listField, field)
  assert.deepEqual(traitsOf('constructor'), {})
  assert.deepEqual(traitsOf('toString'), {})
})

test('Mcp-Name is sent for exactly the methods whose row names a member, carrying that member', BOUND, () => {
  for (const method of Object.keys(METHODS)) {
    const headers = standardHeaders('2026-07-28', method, { name: 'n', uri: 'u://x', taskId: 't' })
    const key = traitsOf(method).mcpName
    assert.equal(headers['mcp-name'], key === 'name' ? 'n' : key === 'uri' ? 'u://x' : key === 'taskId' ? 't' : undefined, method)
  }
})
