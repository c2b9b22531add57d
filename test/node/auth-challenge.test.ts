/**
 * Reading the server's WWW-Authenticate challenge (RFC 6750 §3, RFC 9728
 * §5.1): the parameters sign-in depends on, from headers as servers send
 * them, and nothing invented from headers that are broken.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parseBearerChallenge } from '../../src/auth/index.js'

test('the Bearer challenge: quoted and token values, any parameter order, escapes, other schemes beside it', () => {
  assert.deepEqual(parseBearerChallenge('Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp", scope="files:read files:write"'), {
    resource_metadata: 'https://a.example/.well-known/oauth-protected-resource/mcp',
    scope: 'files:read files:write',
  })
  assert.deepEqual(parseBearerChallenge('Basic realm="x", Bearer error=insufficient_scope, scope="a", error_description="say \\"please\\""'), {
    error: 'insufficient_scope',
    scope: 'a',
    error_description: 'say "please"',
  })
  assert.deepEqual(parseBearerChallenge('bearer Scope="a"'), { scope: 'a' }, 'scheme and parameter names are case-insensitive')
  assert.deepEqual(parseBearerChallenge('Bearer'), {})
})

test('no Bearer challenge, or a broken header: undefined or what could be read, never a throw', () => {
  assert.equal(parseBearerChallenge(null), undefined)
  assert.equal(parseBearerChallenge(''), undefined)
  assert.equal(parseBearerChallenge('Basic realm="x"'), undefined)
  assert.deepEqual(parseBearerChallenge('Bearer scope="a", error="unterminated'), { scope: 'a' })
  assert.doesNotThrow(() => parseBearerChallenge('Bearer ,,, ==="" scope'))
})
