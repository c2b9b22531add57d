// Re-listening against a server that is down or failing: how often the client asks (bounded by the backoff, however
// the jitter falls), what a subscription hears meanwhile (`retrying`, with the next attempt's time, before any
// acknowledgement too), and the cache telling a caller it answered without asking the server (`onCached`).
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { HttpError, McpClient, StreamError, type ListenRetry } from '../../src/client/index.js'
import { openSse, rpcResult, sendJson, startFaultServer, type FaultServer } from '../support/fault-server.js'

const BOUND = { timeout: 20_000 }
const OBSERVE_MS = 3_000
/**
 * The most listens in OBSERVE_MS whatever the jitter draws: the first at once, then at least 250, 500 and 1000 ms
 * apart (half of each backoff step is always waited): by 250, 750 and 1750 ms; the fifth comes after 3750 ms.
 */
const MOST_LISTENS = 4

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const listensOf = (server: FaultServer) => server.requests.filter((r) => r.body?.method === 'subscriptions/listen')

/** Acknowledges a listen on its stream, as a healthy server would. */
function acknowledgeOn(res: Parameters<typeof openSse>[0], id: unknown) {
  const sse = openSse(res)
  sse.event({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id }, notifications: { toolsListChanged: true } },
  })
  return sse
}

// The tests run side by side: each has its own server and client, and each mostly waits (OBSERVE_MS). A timer firing late
// under that load only lowers a count the tests bound from above, and a retry's announced time is checked as announced.
describe('listen backoff', { timeout: 120_000, concurrency: true }, () => {
  test('a server that acknowledges each listen and drops it at once is not asked again every few hundred ms', BOUND, async () => {
    const server = await startFaultServer(({ id, res }) => {
      const sse = acknowledgeOn(res, id)
      setTimeout(() => sse.destroy(), 10)
    })
    const sub = new McpClient(server.url).listen({ toolsListChanged: true })
    try {
      await sub.acknowledged
      await sleep(OBSERVE_MS)
      // Before: each acknowledgement started the backoff over, and the client asked again within 500 ms, forever.
      assert.ok(listensOf(server).length <= MOST_LISTENS, `${listensOf(server).length} listens in ${OBSERVE_MS} ms`)
    } finally {
      sub.close()
      await sub.closed
      await server.close()
    }
  })

  test('a server that is down: few attempts, each failure heard as `retrying` with the next time, then acknowledged once it is back', BOUND, async () => {
    const server = await startFaultServer(({ id, res }) => void acknowledgeOn(res, id), { cors: false })
    await server.stop()
    const sent: number[] = []
    const client = new McpClient(server.url, {
      fetch: (input, init) => {
        if (String(init?.body).includes('subscriptions/listen')) sent.push(Date.now())
        return fetch(input, init)
      },
    })
    const sub = client.listen({ toolsListChanged: true })
    const retries: ListenRetry[] = []
    let drops = 0
    sub.addEventListener('retrying', (e) => retries.push(e.detail))
    sub.addEventListener('drop', () => drops++)
    try {
      await sleep(OBSERVE_MS)
      assert.ok(sent.length >= 2 && sent.length <= MOST_LISTENS, `${sent.length} listens in ${OBSERVE_MS} ms`)
      // Every failed attempt is told, before any acknowledgement (never a drop: nothing was up to drop).
      assert.equal(drops, 0)
      assert.ok(retries.length >= sent.length - 1, `${retries.length} retrying events for ${sent.length} listens`)
      for (const [i, retry] of retries.entries()) {
        assert.ok(retry.error instanceof StreamError, `retry ${i}: ${retry.error}`)
        // The next attempt is sent at the time announced (timers fire late, never early).
        if (sent[i + 1] !== undefined) assert.ok(sent[i + 1]! >= retry.retryAt - 5, `attempt ${i + 1} at ${sent[i + 1]}, announced ${retry.retryAt}`)
        if (i > 0) assert.ok(retry.retryAt - sent[i]! >= 250 * 2 ** i - 5, `wait ${i}: ${retry.retryAt - sent[i]!} ms`)
      }
      await server.restart()
      assert.deepEqual(await sub.acknowledged, { toolsListChanged: true })
    } finally {
      sub.close()
      await sub.closed
      await server.close()
    }
  })

  test('a server answering HTTP 503 to every listen: bounded attempts, each `retrying` carrying the HttpError', BOUND, async () => {
    const server = await startFaultServer(({ res }) => sendJson(res, 503, { error: 'busy' }))
    const sub = new McpClient(server.url).listen({ toolsListChanged: true })
    const retries: ListenRetry[] = []
    sub.addEventListener('retrying', (e) => retries.push(e.detail))
    try {
      await sleep(OBSERVE_MS)
      const listens = listensOf(server).length
      assert.ok(listens >= 2 && listens <= MOST_LISTENS, `${listens} listens in ${OBSERVE_MS} ms`)
      // (Every assert.ok here has a message: without one, node's assert reads the source to write one, which can spin.)
      assert.ok(retries.length >= listens - 1, `${retries.length} retrying events for ${listens} listens`)
      assert.ok(
        retries.every((r) => r.error instanceof HttpError && r.error.status === 503),
        `retrying with ${retries.map((r) => String(r.error)).join(', ')}`,
      )
    } finally {
      sub.close()
      await sub.closed
      await server.close()
    }
  })

  test('onCached tells a caller the cache answered without asking the server, and how old the answer is', BOUND, async () => {
    const server = await startFaultServer(({ id, res }) =>
      sendJson(
        res,
        200,
        rpcResult(id, { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 60_000, cacheScope: 'public' }),
      ),
    )
    try {
      const client = new McpClient(server.url)
      const ages: number[] = []
      await client.discover({ onCached: ({ ageMs }) => ages.push(ageMs) })
      assert.equal(ages.length, 0, 'asked the server: not from the cache')
      await sleep(30)
      await client.discover({ onCached: ({ ageMs }) => ages.push(ageMs) })
      assert.equal(ages.length, 1)
      assert.ok(ages[0]! >= 25 && ages[0]! < 5_000, `age ${ages[0]} ms`)
      assert.equal(server.requests.length, 1)
    } finally {
      await server.close()
    }
  })
})
