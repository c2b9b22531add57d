/**
 * Signing in to a protected MCP server, end to end in Node: the official SDK
 * server behind its bearer gate, oauth2-mock-server as the authorization
 * server (test/support/servers/auth.ts), and McpClient with an OAuthProvider.
 * The user's trip through the sign-in page is a fetch that follows the
 * authorization endpoint's redirect (the mock signs everyone in at once).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient } from '../../src/client/index.js'
import { OAuthProvider, SignInRequiredError } from '../../src/auth/index.js'
import { followSignIn, REDIRECT_URI, toolNames, useAuthServer } from '../support/auth-helpers.js'
import { assertIs, failure } from '../support/assert.js'

const { url, control, stats, setup } = useAuthServer()

test('a 401 signs in (PKCE S256, resource indicator, scope from the resource metadata), then the request is retried and succeeds', { timeout: 20_000 }, async () => {
  const before = await stats()
  const { auth, client, store } = setup()
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  const after = await stats()
  const authorize = after.authorizeRequests.slice(before.authorizeRequests.length)
  assert.equal(authorize.length, 1)
  assert.equal(authorize[0]!.code_challenge_method, 'S256')
  assert.equal(authorize[0]!.resource, url())
  assert.equal(authorize[0]!.scope, 'mcp')
  const tokens = after.tokenRequests.slice(before.tokenRequests.length)
  assert.deepEqual(
    tokens.map((t) => [t.grant_type, t.resource, Boolean(t.code_verifier)]),
    [['authorization_code', url(), true]],
  )
  assert.equal(auth.issuer, after.issuer)
  assert.ok(store.keys.has(`tokens ${after.issuer} ${url()}`), `tokens kept per issuer and resource: ${[...store.keys]}`)
  const called = await client.callTool('whoami', {})
  assert.match(JSON.stringify(called), /signed in/)
  await client.close()
})

test('tokens come back from the store: a new provider on the same store is signed in without the sign-in page', { timeout: 20_000 }, async () => {
  const first = setup()
  await first.client.listTools()
  await first.client.close()
  const before = await stats()
  const auth = new OAuthProvider(url(), { redirectUri: REDIRECT_URI, store: first.store }) // no way to sign in
  const client = new McpClient(url(), { auth })
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
    [['refresh_token', url()]],
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
  assert.deepEqual(required, [{ resource: url() }])
  const signedIn = new Promise((resolve) => auth.addEventListener('signedin', resolve, { once: true }))
  await auth.signIn({ authorize: followSignIn() })
  await signedIn
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  await client.close()
})

test('signOut() forgets the tokens; signing in again makes a new authorization context', { timeout: 20_000 }, async () => {
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



test('dynamic registration is deprecated: falling back to it says so on the console, with what to give instead; a pre-registered client says nothing', { timeout: 20_000 }, async () => {
  const { issuer } = await stats()
  const warnings: string[] = []
  const original = console.warn
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
  try {
    const registered = setup()
    await toolNames(registered.client)
    await registered.client.close()
    assert.equal(warnings.length, 0, `a pre-registered client falls back to nothing: ${warnings}`)

    // The test's authorization server offers neither dynamic registration nor metadata documents: the sign-in fails after the warning.
    const bare = setup({ client: undefined })
    await failure(bare.client.listTools())
    await bare.client.close()
    assert.equal(warnings.length, 1)
    assert.match(warnings[0]!, /no client \(options\.client\) or clientMetadataUrl is given/)
    assert.ok(warnings[0]!.includes(issuer) && warnings[0]!.includes('clientMetadataUrl'), warnings[0])

    const withDocument = setup({ client: undefined, clientMetadataUrl: 'https://app.example.com/oauth/client.json' })
    await failure(withDocument.client.listTools())
    await withDocument.client.close()
    assert.equal(warnings.length, 2)
    assert.match(warnings[1]!, /does not accept Client ID Metadata Documents/)
  } finally {
    console.warn = original
  }
})
