/**
 * The connection doctor (src/transport/diagnose.ts) outside a browser: mixed content is known from the two URLs
 * alone, with no request; and in Node, where there is no CORS, a failed fetch stays the plain network error with
 * nothing probed. (Each CORS diagnosis is proven in Chromium: test/browser/connection-doctor.test.ts.)
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type AddressInfo } from 'node:net'
import { ConnectionProblemError, McpClient, MixedContentError, ServerUnreachableError, StreamError } from '../../src/client/index.js'
import { diagnose } from '../../src/transport/diagnose.js'
import { assertIs, failure } from '../support/assert.js'

/** A loopback URL nothing listens on (a port bound, then released). */
async function deadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/mcp`
}

test('an https: page and an http: server: MixedContentError, known without a single request', async () => {
  let requests = 0
  const counted: typeof fetch = (...a) => (requests++, fetch(...a))
  const found = await diagnose(counted, 'http://mcp.example.com/mcp', { method: 'POST' }, new TypeError('Failed to fetch'), 'https://app.example/page')
  assert.ok(found, 'a diagnosis')
  const error = found(false)
  assertIs(error, MixedContentError)
  assert.equal(error.idempotent, true, 'the browser sent nothing')
  assert.match(error.message, /https:.*http:.*mixed content/)
  assert.equal(requests, 0)
})

test('an http: server on this computer is no mixed content (browsers allow loopback): the probes run', async () => {
  const url = await deadUrl()
  const found = await diagnose(fetch, url, { method: 'POST' }, new TypeError('Failed to fetch'), 'https://app.example/page')
  assertIs(found?.(true), ServerUnreachableError)
})

test('a page on the server’s own origin: CORS plays no part, the plain error stands', async () => {
  const url = await deadUrl()
  assert.equal(await diagnose(fetch, url, { method: 'POST' }, new TypeError('Failed to fetch'), new URL('/app', url).href), undefined)
})

test('in Node (no page, no CORS) a failed fetch is the plain StreamError: nothing diagnosed', async () => {
  const url = await deadUrl()
  const error = await failure(new McpClient(url, { cache: false }).listTools())
  assertIs(error, StreamError)
  assert.ok(!(error instanceof ConnectionProblemError), `got ${error.name}`)
  assert.match(error.message, /Could not reach/)
})
