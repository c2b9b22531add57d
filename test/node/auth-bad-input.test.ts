/**
 * Signing in to a protected MCP server, end to end in Node: the official SDK
 * server behind its bearer gate, oauth2-mock-server as the authorization
 * server (test/support/servers/auth.ts), and McpClient with an OAuthProvider.
 * Bad input while signing in: each test tampers with the authorization
 * callback, or switches the authorization server's front to answer as a
 * broken one would, and checks the typed error, that nothing was exchanged
 * that should not be, and that nothing was stored.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient } from '../../src/client/index.js'
import {
  IssuerMismatchError,
  MemoryAuthStore,
  OAuthProvider,
  StateMismatchError,
  TokenEndpointError,
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
