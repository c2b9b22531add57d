/**
 * Bad input while signing in: each test tampers with the authorization
 * callback, or switches the authorization server's front to answer as a
 * broken one would, and checks the typed error, that nothing was exchanged
 * that should not be, and that nothing was stored.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { IssuerMismatchError, StateMismatchError, TokenEndpointError } from '../../src/auth/index.js'
import { followSignIn, useAuthServer } from '../support/auth-helpers.js'
import { assertIs, failure } from '../support/assert.js'

const { control, stats, setup } = useAuthServer()

test('authorization server metadata naming another issuer: IssuerMismatchError, no sign-in page, nothing stored', { timeout: 20_000 }, async () => {
  await control('as-mode', { mode: 'foreign-issuer' })
  try {
    const before = await stats()
    const { client, store } = setup()
    const error = await failure(client.listTools())
    assertIs(error, IssuerMismatchError)
    assert.match(error.message, /login\.example\.net/)
    assert.equal((await stats()).authorizeRequests.length, before.authorizeRequests.length)
    assert.deepEqual([...store.keys], [])
    await client.close()
  } finally {
    await control('as-mode', { mode: 'ok' })
  }
})

test('an authorization response with the wrong state: StateMismatchError, the code is never exchanged, nothing stored', { timeout: 20_000 }, async () => {
  const before = await stats()
  const { client, store } = setup({ authorize: followSignIn((u) => u.searchParams.set('state', 'forged')) })
  assertIs(await failure(client.listTools()), StateMismatchError)
  assert.equal((await stats()).tokenRequests.length, before.tokenRequests.length)
  assert.deepEqual([...store.keys], [])
  await client.close()
})

test('an authorization response with another iss (RFC 9207): IssuerMismatchError, the code is never exchanged, nothing stored', { timeout: 20_000 }, async () => {
  const before = await stats()
  const { client, store } = setup({ authorize: followSignIn((u) => u.searchParams.set('iss', 'https://evil.example.com')) })
  const error = await failure(client.listTools())
  assertIs(error, IssuerMismatchError)
  assert.match(error.message, /evil\.example\.com/)
  assert.equal((await stats()).tokenRequests.length, before.tokenRequests.length)
  assert.deepEqual([...store.keys], [])
  await client.close()
})

test('a token endpoint answering an HTML page: TokenEndpointError, nothing stored', { timeout: 20_000 }, async () => {
  await control('as-mode', { mode: 'token-html' })
  try {
    const { client, store } = setup()
    const error = await failure(client.listTools())
    assertIs(error, TokenEndpointError)
    assert.match(error.message, /token endpoint/)
    assert.deepEqual([...store.keys], [])
    await client.close()
  } finally {
    await control('as-mode', { mode: 'ok' })
  }
})
