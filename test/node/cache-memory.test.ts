// MemoryCache, the client's default store, on its own: the least recently used
// entry goes first past the bound, invalidate keeps entries but stale, clear
// removes a prefix. (IdbCache's memory layer is the same LruEntries; its
// browser suite is test/browser/cache.test.ts.)
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { MemoryCache } from '../../src/cache/memory.js'
import type { CacheEntry } from '../../src/cache/policy.js'
import { recordOf } from '../../src/cache/records.js'

const entry = (n: number): CacheEntry => ({ value: { n }, receivedAt: 1000, ttlMs: 60_000, scope: 'public' })

describe('MemoryCache', () => {
  test('keeps at most maxEntries; the least recently used goes first, and a read counts as a use', () => {
    const cache = new MemoryCache(3)
    for (const n of [1, 2, 3]) cache.set(`k${n}`, entry(n))
    assert.equal(cache.get('k1')?.value.n, 1) // k1 is now the youngest, k2 the oldest
    cache.set('k4', entry(4))
    assert.deepEqual(
      ['k1', 'k2', 'k3', 'k4'].map((k) => cache.get(k)?.value.n),
      [1, undefined, 3, 4],
    )
    cache.set('k3', entry(33)) // rewriting is a use too
    cache.set('k5', entry(5))
    assert.deepEqual(
      ['k1', 'k3', 'k4', 'k5'].map((k) => cache.get(k)?.value.n),
      [undefined, 33, 4, 5],
    )
  })

  test('invalidate marks the entries under a prefix stale and keeps them; clear removes them', () => {
    const cache = new MemoryCache()
    cache.set('a\ntools/list\n{}', entry(1))
    cache.set('a\nprompts/list\n{}', entry(2))
    cache.set('b\ntools/list\n{}', entry(3))
    cache.invalidate('a\ntools/list\n')
    assert.deepEqual(cache.get('a\ntools/list\n{}'), { ...entry(1), ttlMs: 0 })
    assert.equal(cache.get('a\nprompts/list\n{}')?.ttlMs, 60_000)
    cache.clear('a\n')
    assert.deepEqual(
      ['a\ntools/list\n{}', 'a\nprompts/list\n{}', 'b\ntools/list\n{}'].map((k) => cache.get(k)?.value.n),
      [undefined, undefined, 3],
    )
    cache.clear()
    assert.equal(cache.get('b\ntools/list\n{}'), undefined)
  })
})

test("deleting a record removes that record only, not one whose server URL it begins (…/mcp and …/mcp2)", async () => {
  const store = new MemoryCache()
  const short = recordOf(store, 'mcp-web-elements/era', 'https://example.com/mcp')
  const long = recordOf(store, 'mcp-web-elements/era', 'https://example.com/mcp2')
  await short.put({ era: 'legacy' }, 60_000)
  await long.put({ era: 'legacy' }, 60_000)
  await short.delete()
  assert.equal(await short.get(), undefined)
  assert.deepEqual((await long.get())?.value, { era: 'legacy' })
})
