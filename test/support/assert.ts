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
