/**
 * A signed-in session over time, in Node against the auth test server
 * (test/support/servers/auth.ts): a subscription waiting for the sign-in, and
 * private cache entries following the authorization context.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { followSignIn, toolNames, useAuthServer } from '../support/auth-helpers.js'

const { stats, setup } = useAuthServer()

test('a subscription that meets a 401 waits for the sign-in, then listens (no error, no give-up)', { timeout: 20_000 }, async () => {
  const { auth, client } = setup({ authorize: undefined })
  const before = await stats()
  const subscription = client.listen({ toolsListChanged: true })
  const errors: unknown[] = []
  subscription.addEventListener('error', (e) => errors.push((e as CustomEvent).detail))
  let acknowledged = false
  void subscription.acknowledged.then(() => (acknowledged = true))
  // Long enough for the client's re-listen backoff (at most 500 ms after a first drop) to have tried again.
  await new Promise((r) => setTimeout(r, 1000))
  assert.deepEqual(errors, [])
  assert.equal((await stats()).mcpRequests - before.mcpRequests, 1, 'one listen request, waiting, not a retry loop of 401s')
  assert.equal(acknowledged, false, 'not listening before the sign-in')
  await auth.signIn({ authorize: followSignIn() })
  await subscription.acknowledged
  subscription.close()
  await client.close()
})

test('private results follow the sign-in: after signing out and in again, the cached tool list of the last sign-in is not served', { timeout: 20_000 }, async () => {
  const { auth, client } = setup()
  await client.listTools() // signs in; the answer came to a request sent before any context was known: not shared
  await client.listTools() // kept under this sign-in's context
  let before = await stats()
  await client.listTools()
  assert.equal((await stats()).mcpRequests, before.mcpRequests, 'the same sign-in is served from the cache')
  await auth.signOut()
  await auth.signIn({ authorize: followSignIn() }) // perhaps someone else now
  before = await stats()
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  assert.equal((await stats()).mcpRequests - before.mcpRequests, 1, 'asked the server, not the cache entry of the last sign-in')
  await client.close()
})
