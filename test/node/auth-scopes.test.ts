/**
 * The scopes a sign-in asks for. A user's sign-in asks for offline_access
 * when the authorization server offers it (a refresh token, so the session
 * outlives the access token), unless the app says not to.
 *
 * Step-up sign-ins (403 insufficient_scope) against a server that never has
 * enough: the real authorization server of the `auth` test server signs the
 * user in each time, and a fault server in front of nothing answers every
 * call with a demand for one more scope. Each step-up is a trip through the
 * sign-in page, so after maxStepUps in a row (default 2) the client stops
 * sending the user there: one step-up per request, and none once the limit is
 * reached, until a request succeeds.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient } from '../../src/client/index.js'
import { MemoryAuthStore, OAuthProvider, ScopeStepUpLimitError } from '../../src/auth/index.js'
import { AUTH_CLIENT_ID } from '../support/servers/auth.js'
import { REDIRECT_URI, followSignIn, useAuthServer } from '../support/auth-helpers.js'
import { sendJson, startFaultServer } from '../support/fault-server.js'
import { assertIs, failure } from '../support/assert.js'

const { control, stats, setup } = useAuthServer()

test(
  "a user's sign-in asks for offline_access when the authorization server offers it, and not when the app turns it off",
  { timeout: 20_000 },
  async () => {
    await control('as-mode', { mode: 'offline-access' })
    try {
      for (const [offlineAccess, asked] of [
        [undefined, true],
        [false, false],
      ] as const) {
        const before = (await stats()).authorizeRequests.length
        const { client } = setup({ offlineAccess })
        await client.listTools()
        const [signIn] = (await stats()).authorizeRequests.slice(before)
        assert.equal(signIn.scope.split(' ').includes('offline_access'), asked, `offlineAccess: ${offlineAccess}, scope ${signIn.scope}`)
        await client.close()
      }
    } finally {
      await control('as-mode', { mode: 'ok' })
    }
  },
)

test(
  'a server that asks for one more scope on every call gets two step-up sign-ins in a row by default, then only ScopeStepUpLimitError',
  { timeout: 20_000 },
  async () => {
    const { issuer } = await stats()
    let demanded = 0
    const server = await startFaultServer((ctx) => {
      const metadata = `${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp`
      if (ctx.req.method === 'GET' && ctx.req.url === '/.well-known/oauth-protected-resource/mcp') {
        return sendJson(ctx.res, 200, { resource: server.url, authorization_servers: [issuer], scopes_supported: ['mcp'] })
      }
      if (!ctx.headers.authorization) {
        return sendJson(ctx.res, 401, { error: 'invalid_token' }, { 'www-authenticate': `Bearer resource_metadata="${metadata}"` })
      }
      demanded++
      const challenge = `Bearer error="insufficient_scope", scope="extra${demanded}", resource_metadata="${metadata}"`
      sendJson(ctx.res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': challenge })
    })
    try {
      const before = (await stats()).authorizeRequests.length
      const auth = new OAuthProvider(server.url, {
        redirectUri: REDIRECT_URI,
        client: { client_id: AUTH_CLIENT_ID },
        authorize: followSignIn(),
        store: new MemoryAuthStore(),
      })
      const client = new McpClient(server.url, { auth })
      const signInsSince = async () => (await stats()).authorizeRequests.slice(before)
      // A user pressing Retry: each call fails, the first two after one step-up sign-in each, the third with none.
      for (const [call, signIns] of [
        [1, 2],
        [2, 3],
        [3, 3],
      ]) {
        assertIs(await failure(client.listTools()), ScopeStepUpLimitError)
        assert.equal((await signInsSince()).length, signIns, `sign-ins after call ${call} (the first sign-in, then step-ups)`)
      }
      assert.match((await signInsSince())[2].scope, /\bextra3\b/, 'the second step-up asked for the scope demanded')
      await client.close()
    } finally {
      await server.close()
    }
  },
)
