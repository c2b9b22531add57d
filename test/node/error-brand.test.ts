// Errors recognised across copies of the library. A page that loads the CDN file and bundles
// `mcp-web-elements/auth` beside it has two copies of every error class; an error one copy throws must still be
// the error it is to the other. Here the second copy is src/protocol/errors.ts loaded again under another URL (Node
// keeps a module per URL), which is what a second bundle amounts to; test/browser/cdn.test.ts does it with the builds.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import * as ours from '../../src/protocol/errors.js'
import { ApprovalTimeoutError, McpClient, StreamError } from '../../src/client/index.js'
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js'

const BOUND = { timeout: 15_000 }

// A second copy of the error classes (the query makes it another module instance).
const theirs = (await import(`../../src/protocol/errors.ts?copy=${Date.now()}`)) as typeof ours

/** A sign-in error of the other copy, as its auth module declares and registers it. */
class TheirSignInRequiredError extends theirs.McpError {
  override name = 'SignInRequiredError'
}
theirs.registerErrorClasses({ SignInRequiredError: TheirSignInRequiredError })

/** An approval timeout of the other copy: a subclass of its TimeoutError, as its call errors' module declares it. */
class TheirApprovalTimeoutError extends theirs.TimeoutError {
  override name = 'ApprovalTimeoutError'
}
theirs.registerErrorClasses({ ApprovalTimeoutError: TheirApprovalTimeoutError })

describe('errors across two copies of the library', () => {
  test('the copy is another copy: its classes are not ours', BOUND, () => {
    assert.notEqual(theirs.McpError, ours.McpError)
    assert.equal(Object.getPrototypeOf(new theirs.McpError('x')) === ours.McpError.prototype, false)
  })

  test('instanceof recognises the other copy’s errors by class, subclasses included, and nothing else', BOUND, () => {
    const mismatch = new theirs.HeaderMismatchError(-32020, 'headers do not match')
    assert.ok(mismatch instanceof ours.McpError)
    assert.ok(mismatch instanceof ours.JsonRpcError)
    assert.ok(mismatch instanceof ours.HeaderMismatchError)
    assert.equal(mismatch instanceof ours.MissingClientCapabilityError, false)
    assert.equal(mismatch instanceof ours.HttpError, false)
    assert.ok(new TheirApprovalTimeoutError(5, 'tools/call') instanceof ours.TimeoutError)
    assert.ok(new TheirApprovalTimeoutError(5, 'tools/call') instanceof ApprovalTimeoutError)
    assert.equal(new theirs.TimeoutError(5, 'x') instanceof ApprovalTimeoutError, false)
    // Our own, as before; and what is no error of the library is none, whatever its name says.
    assert.ok(new ours.StreamError('gone', true) instanceof ours.StreamError)
    const impostor = Object.assign(new Error('x'), { name: 'HttpError' })
    assert.equal(impostor instanceof ours.McpError, false)
    for (const value of [undefined, null, 'HttpError', 42, {}]) assert.equal(value instanceof ours.McpError, false)
  })

  test('isMcpError names a class without importing it', BOUND, () => {
    const error = new TheirSignInRequiredError('sign in')
    assert.ok(ours.isMcpError(error, 'SignInRequiredError'))
    assert.ok(ours.isMcpError(error))
    assert.equal(ours.isMcpError(error, 'HttpError'), false)
    assert.equal(ours.isMcpError(new Error('x')), false)
    assert.equal(
      ours.isMcpError(
        new Proxy(
          {},
          {
            get: () => {
              throw new Error('no')
            },
          },
        ),
      ),
      false,
    )
  })

  describe('the client', () => {
    let server: FixtureServer
    before(async () => {
      server = await startFixtureServer()
    })
    after(() => server.close())

    test('passes on the other copy’s error from its fetch (a sign-in hook’s) as it is, not as a broken connection', BOUND, async () => {
      const thrown = new TheirSignInRequiredError(`${server.url} needs you to sign in`)
      const client = new McpClient(server.url, {
        fetch: async () => {
          throw thrown
        },
      })
      const error = await client.listTools().catch((e: unknown) => e)
      assert.equal(error instanceof StreamError, false, `wrapped: ${error}`)
      assert.equal(error, thrown)
    })
  })
})
