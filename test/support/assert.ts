// Assertions the node suites share.
import assert from 'node:assert/strict'

/** The error `promise` rejects with; fails the test if it resolves. */
export async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise
  } catch (error) {
    return error
  }
  assert.fail('expected the call to fail, but it succeeded')
}

/** Asserts `error` is an instance of `Class`, showing what it was otherwise. */
export function assertIs(error: any, Class: abstract new (...args: any[]) => Error): void {
  assert.ok(error instanceof Class, `expected ${Class.name}, got ${error?.constructor?.name}: ${error?.message ?? error}`)
}

/** `seen` is `expected` with some middle entries left out: first and last there, nothing repeated or reordered. */
export function assertInOrder(seen: string[], expected: string[]): void {
  assert.equal(seen[0], expected[0])
  assert.equal(seen.at(-1), expected.at(-1))
  const positions = seen.map((s) => expected.indexOf(s))
  assert.ok(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!)), `out of order or unknown: ${seen.join(' | ')}`)
}

/** Waits until `check` holds (polling every 20 ms), failing after `ms`. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) assert.fail('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}
