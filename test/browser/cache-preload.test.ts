// IdbCache.preload in headless Chromium with real IndexedDB, against the `cache`
// test server: a returning visitor's client reads what a page opening a server
// reads first (discover, the first page of each list) in one go, so the tool
// list is in memory by the time discover is answered, not one database round
// trip later.
import { expect } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { IdbCache, type CacheEntry } from '../../src/cache/index.js'
import { cacheKey } from '../../src/cache/policy.js'
import { controlServer, requestsFor, serverUrl } from '../support/browser.js'

const SERVER = 'cache'
let url: string
let database: string
let opened: IdbCache[] = []
let run = 0

function store(): IdbCache {
  const cache = new IdbCache({ name: database })
  opened.push(cache)
  return cache
}

describe('IdbCache preload', () => {
  beforeEach(async () => {
    database = `mcp-preload-test-${Date.now()}-${run++}`
    url = await serverUrl(SERVER)
    await controlServer(SERVER, 'mode', { mode: 'ok' })
    await controlServer(SERVER, 'reset')
  })
  afterEach(async () => {
    await Promise.all(opened.map((c) => c.close()))
    opened = []
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(database)
      request.onsuccess = request.onerror = request.onblocked = resolve
    })
  })

  it('a returning client has its first tool page in memory once discover is answered from IndexedDB', async function () {
    this.timeout(20_000)
    const firstVisit = store()
    const first = new McpClient(url, { cache: firstVisit })
    await first.discover()
    await first.listTools()
    await firstVisit.flush()

    const secondVisit = store()
    const client = new McpClient(url, { cache: secondVisit })
    await client.discover()
    // Read with discover's answer, not asked for yet: the entry itself, no Promise (no second database round trip).
    const page = secondVisit.get(cacheKey(url, 'tools/list', {}))
    // (A boolean, not the Promise itself: a failed assertion's actual value is sent to the runner, which cannot send a Promise.)
    expect(page instanceof Promise, 'the first tool page is already in memory').to.equal(false)
    expect((page as CacheEntry | undefined)?.value.tools).to.have.length(2)
    expect((await client.listTools()).map((t) => t.name)).to.deep.equal(['alpha_v1', 'beta_v1'])
    expect((await requestsFor('tools/list', SERVER)).length, 'one tools/list in all: the second visit sent none').to.equal(1)
  })
})
