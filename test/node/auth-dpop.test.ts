/**
 * DPoP (RFC 9449) end to end in Node: the auth test server in its DPoP mode (test/support/servers/auth.ts: the
 * authorization server checks token requests' proofs and binds tokens to the key, the MCP server takes only
 * `Authorization: DPoP` with a fresh proof for that key) and McpClient with an OAuthProvider, whose key pair is
 * made with Node's WebCrypto as a page's is.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient } from '../../src/client/index.js'
import { DpopNotOfferedError, OAuthProvider, type StoredTokens } from '../../src/auth/index.js'
import { followSignIn, REDIRECT_URI, toolNames, useAuthServer } from '../support/auth-helpers.js'
import { AUTH_CLIENT_ID, startServer } from '../support/servers/auth.js'
import { forgedProof, replay } from '../support/dpop-forge.js'
import { failure } from '../support/assert.js'

const { url, control, stats, setup } = useAuthServer({ dpop: true })

/** The tokens record a provider keeps, read out of its store as anything with access to the store could. */
async function storedTokens(store: { get<T>(key: string): Promise<T | undefined> }): Promise<StoredTokens> {
  const { issuer } = await stats()
  const tokens = await store.get<StoredTokens>(`tokens ${issuer} ${url()}`)
  assert.ok(tokens, 'tokens kept')
  return tokens
}

test('signing in where DPoP is offered binds the token to a non-extractable key; tools are listed and called with proofs', { timeout: 20_000 }, async () => {
  const before = await stats()
  const { client, store } = setup()
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
  const after = await stats()
  assert.deepEqual(after.dpop.refusals.slice(before.dpop.refusals.length), [], 'no proof refused')
  const authorize = after.authorizeRequests.slice(before.authorizeRequests.length)
  assert.match(authorize[0]!.dpop_jkt ?? '', /^[\w-]{43}$/, 'the code is bound to the key (dpop_jkt)')
  const tokens = await storedTokens(store)
  assert.equal(tokens.token_type.toLowerCase(), 'dpop')
  assert.ok(tokens.dpop, 'the key pair is kept with the tokens')
  assert.equal(tokens.dpop.privateKey.extractable, false, 'the private key cannot be exported')
  assert.equal(tokens.dpop.privateKey.algorithm.name, 'ECDSA')
  await client.close()
})

test('a token read out of the store is refused without the key: no proof, as Bearer, or with a proof of another key', { timeout: 20_000 }, async () => {
  const { client, store } = setup()
  await client.listTools()
  const { access_token: token } = await storedTokens(store)
  const refusedBefore = (await stats()).dpop.refusals.length
  assert.equal(await replay(url(), { authorization: `DPoP ${token}` }), 401, 'DPoP scheme, no proof')
  assert.equal(await replay(url(), { authorization: `Bearer ${token}` }), 401, 'as a bearer token')
  assert.equal(await replay(url(), { authorization: `DPoP ${token}`, dpop: await forgedProof('POST', url(), token) }), 401, 'a proof of another key')
  assert.deepEqual((await stats()).dpop.refusals.slice(refusedBefore), [
    'no DPoP proof',
    'the token was sent with the Bearer scheme',
    'the proof is signed by another key than the token is bound to',
  ])
  // The client holding the key still gets through.
  assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
  await client.close()
})

test('a proof the client sent is refused when sent again (same jti); each request of the client has a fresh one', { timeout: 20_000 }, async () => {
  const { client } = setup()
  await client.listTools()
  await client.callTool('whoami', {})
  const { lastProof, lastToken, refusals } = (await stats()).dpop
  assert.ok(lastProof && lastToken)
  assert.equal(await replay(url(), { authorization: `DPoP ${lastToken}`, dpop: lastProof }), 401)
  assert.deepEqual((await stats()).dpop.refusals.slice(refusals.length), ['the proof was used before (jti replayed)'])
  assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
  await client.close()
})

test('nonces: the MCP server and the authorization server ask for one and rotate it; each time one retry, never a loop', { timeout: 20_000 }, async () => {
  const { client } = setup()
  await client.listTools()
  try {
    await control('dpop', { rsNonce: 'rs-1' })
    const tokenRequests = (await stats()).tokenRequests.length
    let before = (await stats()).dpop.nonceChallenges
    assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
    assert.equal((await stats()).dpop.nonceChallenges - before, 1, 'one use_dpop_nonce, then the retry with it')
    before = (await stats()).dpop.nonceChallenges
    assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
    assert.equal((await stats()).dpop.nonceChallenges - before, 0, 'the nonce from the last answer is used')

    await control('dpop', { rsNonce: 'rs-2' }) // rotated mid-session
    before = (await stats()).dpop.nonceChallenges
    assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
    assert.equal((await stats()).dpop.nonceChallenges - before, 1)
    assert.equal((await stats()).tokenRequests.length, tokenRequests, 'retried with the nonce, not cured by a refresh')

    // The authorization server too: a refresh (the token revoked) meets use_dpop_nonce, and retries once with it.
    await control('dpop', { asNonce: 'as-1' })
    await control('revoke')
    const tokensBefore = (await stats()).tokenRequests.length
    before = (await stats()).dpop.nonceChallenges
    assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
    const after = await stats()
    assert.deepEqual(after.tokenRequests.slice(tokensBefore).map((t) => t.grant_type), ['refresh_token', 'refresh_token'])
    assert.equal(after.dpop.nonceChallenges - before, 1)
  } finally {
    await control('dpop', { rsNonce: null, asNonce: null })
    await client.close()
  }
})

test('a server whose nonce changes on every request: one retry per request, then its 401 stands (no loop)', { timeout: 20_000 }, async () => {
  const { client } = setup()
  await client.listTools()
  try {
    await control('dpop', { rsNonce: 'every-request' })
    const before = await stats()
    const error = await failure(client.callTool('whoami', {}))
    assert.equal(error?.name, 'HttpError', `${error}`)
    assert.equal(error.status, 401)
    const after = await stats()
    // The call, then (its 401 cured by a refresh) the call once more: each one request and one retry.
    assert.equal(after.dpop.nonceChallenges - before.dpop.nonceChallenges, 4)
    assert.deepEqual(after.tokenRequests.slice(before.tokenRequests.length).map((t) => t.grant_type), ['refresh_token'])
  } finally {
    await control('dpop', { rsNonce: null })
    await client.close()
  }
})

test('an authorization server that lists algorithms without ES256: the first this platform makes (PS256 here)', { timeout: 20_000 }, async () => {
  try {
    await control('dpop', { algs: ['EdDSA-unknown', 'PS256', 'RS256'] })
    const { client, store } = setup()
    assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
    const tokens = await storedTokens(store)
    assert.equal(tokens.dpop?.privateKey.algorithm.name, 'RSA-PSS')
    assert.equal(tokens.dpop?.privateKey.extractable, false)
    await client.close()
  } finally {
    await control('dpop', { algs: ['ES256'] })
  }
})

test('client credentials (Node, no user): the token request has a proof, the token is DPoP-bound', { timeout: 20_000 }, async () => {
  const { client, store } = setup({ authorize: undefined, clientCredentials: { clientId: AUTH_CLIENT_ID, clientSecret: 'not-checked' } })
  const before = await stats()
  assert.match(JSON.stringify(await client.callTool('whoami', {})), /signed in/)
  const after = await stats()
  assert.deepEqual(after.tokenRequests.slice(before.tokenRequests.length).map((t) => t.grant_type), ['client_credentials'])
  assert.deepEqual(after.dpop.refusals.slice(before.dpop.refusals.length), [])
  assert.equal((await storedTokens(store)).token_type.toLowerCase(), 'dpop')
  await client.close()
})

test('an initialize-era server behind the DPoP gates: every request of the legacy transport carries a fresh proof', { timeout: 30_000 }, async () => {
  const legacy = await startServer({ dpop: true, legacy: 'stateful' })
  try {
    const auth = new OAuthProvider(legacy.url, { redirectUri: REDIRECT_URI, client: { client_id: AUTH_CLIENT_ID }, authorize: followSignIn() })
    const client = new McpClient(legacy.url, { auth })
    const tools = await client.listTools()
    assert.ok(tools.length > 0)
    assert.notEqual(client.protocolVersion, '2026-07-28', 'the legacy era')
    await client.callTool(tools[0]!.name, {}).catch(() => {}) // its answer is the legacy server's; the proof is what counts
    const seen = (await legacy.control!('stats', {})) as { dpop: { refusals: string[]; accepted: string[] } }
    assert.deepEqual(seen.dpop.refusals, [])
    assert.ok(seen.dpop.accepted.length >= 3, `requests with a proof: ${seen.dpop.accepted}`)
    await client.close()
  } finally {
    await legacy.close()
  }
})

test('sign-out removes the key pair with the tokens', { timeout: 20_000 }, async () => {
  const { auth, client, store } = setup()
  await client.listTools()
  assert.ok((await storedTokens(store)).dpop)
  await auth.signOut()
  const { issuer } = await stats()
  assert.equal(await store.get(`tokens ${issuer} ${url()}`), undefined)
  assert.ok(![...store.keys].some((k) => k.startsWith('tokens ')), `nothing of the sign-in left: ${[...store.keys]}`)
  await client.close()
})

test('requireDpop: a server whose authorization server offers no DPoP is refused with DpopNotOfferedError, before any sign-in', { timeout: 20_000 }, async () => {
  const plain = await startServer()
  try {
    const auth = new OAuthProvider(plain.url, { redirectUri: REDIRECT_URI, client: { client_id: AUTH_CLIENT_ID }, authorize: followSignIn(), requireDpop: true })
    const client = new McpClient(plain.url, { auth })
    const error = await failure(client.listTools())
    assert.ok(error instanceof DpopNotOfferedError, `${error}`)
    assert.match(error.message, /does not offer DPoP-bound tokens.*dpop_signing_alg_values_supported.*refused/)
    const seen = (await plain.control!('stats', {})) as { authorizeRequests: unknown[]; tokenRequests: unknown[] }
    assert.equal(seen.authorizeRequests.length + seen.tokenRequests.length, 0, 'nothing sent to the authorization server')
    // Without the option the same server signs in with bearer tokens, as before.
    const open = new OAuthProvider(plain.url, { redirectUri: REDIRECT_URI, client: { client_id: AUTH_CLIENT_ID }, authorize: followSignIn() })
    const bearer = new McpClient(plain.url, { auth: open })
    assert.deepEqual(await toolNames(bearer), ['secret', 'whoami'])
    await client.close()
    await bearer.close()
  } finally {
    await plain.close()
  }
})
