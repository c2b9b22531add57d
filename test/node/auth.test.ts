/**
 * Signing in to a protected MCP server, end to end in Node: the official SDK
 * server behind its bearer gate, oauth2-mock-server as the authorization
 * server (test/support/servers/auth.ts), and McpClient with an OAuthProvider.
 * The user's trip through the sign-in page is a fetch that follows the
 * authorization endpoint's redirect (the mock signs everyone in at once); the
 * bad-input tests tamper with that callback, or switch the authorization
 * server's front to answer as a broken one would.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient } from '../../src/client/index.js'
import {
  MemoryAuthStore,
  OAuthProvider,
  SignInRequiredError,
  type AuthorizationRequest,
  type OAuthProviderOptions,
} from '../../src/auth/index.js'
import { AUTH_CLIENT_ID, startServer } from '../support/servers/auth.js'
import type { TestServer } from '../support/fixture-server.js'
import { assertIs, failure } from '../support/assert.js'

let server: TestServer
const REDIRECT_URI = 'http://127.0.0.1:9/callback' // never contacted: the test reads the redirect itself

before(async () => {
  server = await startServer()
})
after(async () => {
  await server.close()
})

const control = (action: string, body: unknown = {}) => server.control!(action, body) as any
const stats = () => control('stats') as Promise<{ issuer: string; tokenRequests: Record<string, string>[]; authorizeRequests: Record<string, string>[]; mcpRequests: number }>

/** A store whose keys a test can list. */
class ListedStore extends MemoryAuthStore {
  readonly keys = new Set<string>()
  override async set(key: string, value: unknown) {
    this.keys.add(key)
    await super.set(key, value)
  }
  override async delete(key: string) {
    this.keys.delete(key)
    await super.delete(key)
  }
}

/** Follows the authorization endpoint's redirect; `tamper` edits the callback URL before the client sees it. */
function followSignIn(tamper?: (callback: URL) => void) {
  return async ({ url }: AuthorizationRequest): Promise<string> => {
    const res = await fetch(url, { redirect: 'manual' })
    await res.body?.cancel()
    const callback = new URL(res.headers.get('location')!, url)
    tamper?.(callback)
    return callback.href
  }
}

function setup(options: OAuthProviderOptions = {}) {
  const store = new ListedStore()
  const auth = new OAuthProvider(server.url, {
    redirectUri: REDIRECT_URI,
    client: { client_id: AUTH_CLIENT_ID },
    authorize: followSignIn(),
    store,
    ...options,
  })
  const client = new McpClient(server.url, { auth })
  return { auth, client, store }
}

const toolNames = async (client: McpClient) => (await client.listTools()).map((t) => t.name).sort()

test('a 401 signs in (PKCE S256, resource indicator, scope from the resource metadata), then the request is retried and succeeds', { timeout: 20_000 }, async () => {
  const before = await stats()
  const { auth, client, store } = setup()
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  const after = await stats()
  const authorize = after.authorizeRequests.slice(before.authorizeRequests.length)
  assert.equal(authorize.length, 1)
  assert.equal(authorize[0]!.code_challenge_method, 'S256')
  assert.equal(authorize[0]!.resource, server.url)
  assert.equal(authorize[0]!.scope, 'mcp')
  const tokens = after.tokenRequests.slice(before.tokenRequests.length)
  assert.deepEqual(
    tokens.map((t) => [t.grant_type, t.resource, Boolean(t.code_verifier)]),
    [['authorization_code', server.url, true]],
  )
  assert.equal(auth.issuer, after.issuer)
  assert.ok(store.keys.has(`tokens ${after.issuer} ${server.url}`), `tokens kept per issuer and resource: ${[...store.keys]}`)
  const called = await client.callTool('whoami', {})
  assert.match(JSON.stringify(called), /signed in/)
  await client.close()
})

test('tokens come back from the store: a new provider on the same store is signed in without the sign-in page', { timeout: 20_000 }, async () => {
  const first = setup()
  await first.client.listTools()
  await first.client.close()
  const before = await stats()
  const auth = new OAuthProvider(server.url, { redirectUri: REDIRECT_URI, store: first.store }) // no way to sign in
  const client = new McpClient(server.url, { auth })
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  assert.equal((await stats()).authorizeRequests.length, before.authorizeRequests.length)
  await client.close()
})

test('an access token the server refuses (expired, revoked) is refreshed on the 401, without the sign-in page', { timeout: 20_000 }, async () => {
  const { client } = setup()
  await client.listTools()
  await control('revoke') // every token issued so far now gets 401 invalid_token, as an expired one does
  const before = await stats()
  assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
  const after = await stats()
  assert.equal(after.authorizeRequests.length, before.authorizeRequests.length, 'no new sign-in')
  assert.deepEqual(
    after.tokenRequests.slice(before.tokenRequests.length).map((t) => [t.grant_type, t.resource]),
    [['refresh_token', server.url]],
  )
  await client.close()
})

test('an access token about to expire is refreshed before the request: no 401 round trip', { timeout: 20_000 }, async () => {
  await control('token-ttl', { seconds: 3, announce: true })
  try {
    const { client } = setup({ refreshBeforeMs: 2500 })
    await client.listTools()
    await new Promise((r) => setTimeout(r, 700))
    const before = await stats()
    await client.callTool('whoami', {})
    const after = await stats()
    assert.deepEqual(
      after.tokenRequests.slice(before.tokenRequests.length).map((t) => t.grant_type),
      ['refresh_token'],
    )
    assert.equal(after.mcpRequests - before.mcpRequests, 1, 'one MCP request, sent with the refreshed token')
    await client.close()
  } finally {
    await control('token-ttl', {})
  }
})

test('without a way to sign in, a request fails with SignInRequiredError and an authrequired event; signIn() then lets it through', { timeout: 20_000 }, async () => {
  const { auth, client } = setup({ authorize: undefined })
  const required: unknown[] = []
  auth.addEventListener('authrequired', (e) => required.push((e as CustomEvent).detail))
  assertIs(await failure(client.listTools()), SignInRequiredError)
  assert.deepEqual(required, [{ resource: server.url }])
  const signedIn = new Promise((resolve) => auth.addEventListener('signedin', resolve, { once: true }))
  await auth.signIn({ authorize: followSignIn() })
  await signedIn
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  await client.close()
})

test('a revoked token with a refused refresh needs a new sign-in; signOut() forgets the tokens', { timeout: 20_000 }, async () => {
  const { auth, client, store } = setup()
  await client.listTools()
  const context = auth.context()
  assert.ok(context)
  await auth.signOut()
  assert.equal(auth.signedIn, false)
  assert.deepEqual([...store.keys].filter((k) => k.startsWith('tokens') || k.startsWith('session')), [])
  // Signed in again: a new authorization context, so private cache entries of the last sign-in stay unseen.
  await client.listTools({ fresh: true })
  assert.notEqual(auth.context(), context)
  await client.close()
})


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
