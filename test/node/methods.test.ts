// The method table (src/protocol/methods.ts) against the spec's schema and against the parts that read it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { CACHEABLE } from '../../src/cache/policy.js'
import { INPUT_METHODS, LIST_FIELD, METHODS, traitsOf } from '../../src/protocol/methods.js'
import { standardHeaders } from '../../src/transport/headers.js'

const BOUND = { timeout: 10_000 }

/** Every `method` constant of spec/2026-07-28/schema.json. */
const specMethods = (() => {
  const found = new Set<string>()
  JSON.parse(readFileSync(new URL('../../spec/2026-07-28/schema.json', import.meta.url), 'utf8'), (key, value) => {
    if (key === 'method' && typeof value?.const === 'string') found.add(value.const)
    return value
  })
  return found
})()

test('every method of the table, and every input request method, is one the spec defines', BOUND, () => {
  for (const method of [...Object.keys(METHODS), ...Object.keys(INPUT_METHODS)]) assert.ok(specMethods.has(method), method)
  // Every client-to-server request of the spec has a row (notifications and server-to-client requests aside).
  const requests = [...specMethods].filter((m) => !m.startsWith('notifications/') && !(m in INPUT_METHODS))
  assert.deepEqual(requests.filter((m) => !(m in METHODS)), [])
})

test('the cache layer keeps exactly the cacheable methods; list fields match the lists; inherited names have no traits', BOUND, () => {
  assert.deepEqual(
    Object.keys(METHODS).filter((m) => traitsOf(m).cacheable).sort(),
    [...CACHEABLE].sort(),
  )
  for (const [method, field] of Object.entries(LIST_FIELD)) assert.equal(traitsOf(method).listField, field)
  assert.deepEqual(traitsOf('constructor'), {})
  assert.deepEqual(traitsOf('toString'), {})
})

test('Mcp-Name is sent for exactly the methods whose row names a member, carrying that member', BOUND, () => {
  for (const method of Object.keys(METHODS)) {
    const headers = standardHeaders('2026-07-28', method, { name: 'n', uri: 'u://x' })
    const key = traitsOf(method).mcpName
    assert.equal(headers['mcp-name'], key === 'name' ? 'n' : key === 'uri' ? 'u://x' : undefined, method)
  }
})
