/**
 * A hostile server's endpoints: every URL that sign-in takes from a server
 * (authorization server metadata, the resource metadata's
 * `authorization_servers`, the challenge's `resource_metadata`) must be
 * https:, or http: on this computer, before anything is fetched from it or
 * anyone is sent to it. The `auth` test server plays the attack (control
 * `attack`); each bad URL that could reach a server at all points at its
 * `/bad/` paths, which count what arrives.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { UnsafeEndpointError, type AuthorizationRequest } from '../../src/auth/index.js'
import { endpointUrlAllowed } from '../../src/auth/endpoint-url.js'
import { signInLinkAllowed } from '../../components/mcp-server/sign-in-link.js'
import { toolNames, useAuthServer } from '../support/auth-helpers.js'
import { assertIs, failure } from '../support/assert.js'

const { control, stats, setup } = useAuthServer()

/** An `authorize` that records where the user would have been sent, and sends them nowhere. */
function recordingAuthorize() {
  const visited: string[] = []
  const authorize = async ({ url }: AuthorizationRequest): Promise<string> => {
    visited.push(url)
    throw new Error('the test stops at the sign-in page')
  }
  return { visited, authorize }
}

/** Each way a URL can be unfit to be an endpoint; `origin` is the test server's (http://127.0.0.1:PORT). */
function badValues(field: string, origin: string): Record<string, string> {
  const port = new URL(origin).port
  return {
    'javascript:': `javascript:globalThis.__pwned='${field}'//`,
    'data:': `data:text/html,<script>parent.__pwned='${field}'</script>`,
    'blob:': `blob:${origin}/bad/${field}-blob`,
    'file:': 'file:///etc/passwd',
    // 0.0.0.0 is no loopback address, yet on Linux a connection to it reaches 127.0.0.1: were anything sent, it would be counted.
    'http: on a non-loopback host': `http://0.0.0.0:${port}/bad/${field}`,
    relative: `/bad/${field}`,
    malformed: `http://[::1/bad/${field}`,
  }
}

/** Every URL-valued field of authorization server metadata, written out here rather than taken from src/auth (dropping one there must fail here). */
const METADATA_FIELDS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint', 'jwks_uri']
METADATA_FIELDS.push('introspection_endpoint', 'end_session_endpoint', 'userinfo_endpoint', 'pushed_authorization_request_endpoint', 'device_authorization_endpoint')

test('honest metadata: the sign-in reaches the authorization server (what the attacks below are measured against)', { timeout: 20_000 }, async () => {
  const { client } = setup()
  assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
  await client.close()
})

test('an empty resource_metadata in the challenge is no URL to refuse: the well-known URI is used, as before', { timeout: 20_000 }, async () => {
  await control('attack', { field: 'resource_metadata', value: '' })
  try {
    const { client } = setup()
    assert.deepEqual(await toolNames(client), ['secret', 'whoami'])
    await client.close()
  } finally {
    await control('attack', {})
  }
})

for (const field of [...METADATA_FIELDS, 'authorization_servers', 'resource_metadata']) {
  test(`a hostile ${field}: UnsafeEndpointError naming it, for every bad scheme; no one sent there, nothing fetched from it`, { timeout: 60_000 }, async () => {
    const { issuer } = await stats()
    for (const [kind, value] of Object.entries(badValues(field, issuer))) {
      await control('attack', { field, value })
      try {
        const before = await stats()
        const { visited, authorize } = recordingAuthorize()
        // Without a pre-registered client the sign-in would register at registration_endpoint.
        const { client, store } = setup({ authorize, ...(field === 'registration_endpoint' ? { client: undefined } : {}) })
        const error = await failure(client.listTools())
        assertIs(error, UnsafeEndpointError)
        assert.equal(error.field, field, `${kind}: the field`)
        assert.equal(error.url, value, `${kind}: the URL`)
        assert.ok(error.message.includes(field) && error.message.includes(value.slice(0, 40)), `${kind}: the message names both: ${error.message}`)
        assert.deepEqual(visited, [], `${kind}: no one is sent to the sign-in page`)
        const after = await stats()
        assert.deepEqual(after.badRequests.slice(before.badRequests.length), [], `${kind}: nothing is sent to the bad URL`)
        assert.equal(after.tokenRequests.length, before.tokenRequests.length, `${kind}: no token request`)
        assert.deepEqual([...store.keys], [], `${kind}: nothing stored`)
        await client.close()
      } finally {
        await control('attack', {})
      }
    }
  })
}

test('allowInsecureRequests: true lets plain http: on another host through (the page decided); script and file URLs never', { timeout: 20_000 }, async () => {
  const { issuer } = await stats()
  try {
    const intranet = `http://0.0.0.0:${new URL(issuer).port}/bad/authorize`
    await control('attack', { field: 'authorization_endpoint', value: intranet })
    const sent = recordingAuthorize()
    const first = setup({ authorize: sent.authorize, allowInsecureRequests: true })
    await failure(first.client.listTools())
    assert.equal(new URL(sent.visited[0]!).origin, new URL(intranet).origin, 'the user is sent to the http: sign-in page')
    await first.client.close()

    await control('attack', { field: 'authorization_endpoint', value: "javascript:globalThis.__pwned='insecure'//" })
    const refused = recordingAuthorize()
    const second = setup({ authorize: refused.authorize, allowInsecureRequests: true })
    assertIs(await failure(second.client.listTools()), UnsafeEndpointError)
    assert.deepEqual(refused.visited, [])
    await second.client.close()
  } finally {
    await control('attack', {})
  }
})

test('the URL rule: https: anywhere; http: only on localhost, 127.0.0.0/8 and [::1]; nothing else, however it is spelled', () => {
  for (const ok of [
    'https://login.example.com/authorize',
    'HTTPS://LOGIN.EXAMPLE.COM/x',
    'http://localhost:8080/token',
    'http://127.0.0.1/token',
    'http://127.45.6.7:9/token',
    'http://127.1/token', // the URL parser spells it 127.0.0.1
    'http://0x7f000001/token',
    'http://[::1]:3000/token',
  ]) {
    assert.equal(endpointUrlAllowed(ok), true, ok)
  }
  for (const bad of [
    'http://login.example.com/authorize',
    'http://127.0.0.1.example.com/token',
    'http://localhost.example.com/token',
    'http://0.0.0.0/token',
    'http://10.0.0.1/token',
    'http://[::]/token',
    'http://[::ffff:127.0.0.1]/token',
    'javascript:alert(1)//https://login.example.com',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://login.example.com/0b1c',
    'file:///etc/passwd',
    'ftp://login.example.com/',
    'ws://localhost/',
    '//login.example.com/authorize',
    '/authorize',
    'https://',
    '',
  ]) {
    assert.equal(endpointUrlAllowed(bad), false, bad)
  }
  assert.equal(endpointUrlAllowed(undefined), false)
  assert.equal(endpointUrlAllowed({ href: 'https://x.example' }), false)
  assert.equal(endpointUrlAllowed('http://login.example.com/authorize', { allowInsecureRequests: true }), true, 'plain http: where the page allows it')
  assert.equal(endpointUrlAllowed('javascript:alert(1)', { allowInsecureRequests: true }), false)
})

test('the blocked-popup link (<mcp-server>): an http(s) sign-in page on any host, as discovery may have admitted it; never a script, data or file URL', () => {
  // The page's allowInsecureRequests already decided at discovery whether a plain-http authorization server is used:
  // when its popup is blocked, the link to its sign-in page is offered as the popup would have opened it.
  assert.equal(signInLinkAllowed('http://login.example.com/authorize?client_id=a'), true)
  assert.equal(signInLinkAllowed('https://login.example.com/authorize'), true)
  for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', '/authorize', ''])
    assert.equal(signInLinkAllowed(bad), false, bad)
})
