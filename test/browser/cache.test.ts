// The IndexedDB cache in headless Chromium with real IndexedDB, against the
// `cache` test server (the official SDK server behind ./servers/front.ts),
// counting requests at the server. "A second load of the page" is a second
// McpClient over a new IdbCache of the same database (nothing in memory); a
// second tab is an iframe of this origin with its own realm.
import { expect, fixture, html } from '@open-wc/testing'
import { HttpError, McpClient, type Tool } from '../../src/client/index.js'
import { IdbCache, clearCache, sharedIdbCache, type CacheEntry } from '../../src/cache/index.js'
import { cacheKey } from '../../src/cache/policy.js'
import { controlServer, deepQueryAll, eventually, nextEvent, requestsFor, serverStats, serverUrl } from '../support/browser.js'
import '../../components/mcp-server/mcp-server.js'
import '../../components/mcp-tool-list/mcp-tool-list.js'
import '../../components/mcp-resource-list/mcp-resource-list.js'

const SERVER = 'cache'
let url: string
let database: string
let opened: IdbCache[] = []
let run = 0

/** A store over this test's database, as a freshly loaded page would open it. */
function store(options: ConstructorParameters<typeof IdbCache>[0] = {}): IdbCache {
  const cache = new IdbCache({ name: database, ...options })
  opened.push(cache)
  return cache
}
/** Another tab of this origin (an iframe, its own realm): a client there over this test's database. */
async function secondTab() {
  const frame = await fixture<HTMLIFrameElement>(html`<iframe src="/test/support/cache-tab.html"></iframe>`)
  await eventually(() => Boolean(frame.contentWindow?.cacheTab), 'the second tab')
  const tab = frame.contentWindow!.cacheTab!
  const cache = new tab.IdbCache({ name: database })
  opened.push(cache as unknown as IdbCache)
  return { cache, client: new tab.McpClient(url, { cache }) }
}
const lists = async () => (await requestsFor('tools/list', SERVER)).length
const names = (tools: Tool[]) => tools.map((t) => t.name)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('IndexedDB cache', () => {
  beforeEach(async () => {
    database = `mcp-cache-test-${Date.now()}-${run++}`
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

  it('a second load lists the tools from IndexedDB with zero requests while fresh', async () => {
    const firstLoad = store()
    const tools = await new McpClient(url, { cache: firstLoad }).listTools()
    await firstLoad.flush()
    expect(await lists()).to.equal(1)

    const secondLoad = store()
    expect(await secondLoad.persistent()).to.equal(true)
    expect(names(await new McpClient(url, { cache: secondLoad }).listTools())).to.deep.equal(names(tools))
    expect(await lists()).to.equal(1, 'no request on the second load')
  })

  it('a second <mcp-server> shows the tool list from the cache with zero requests', async () => {
    const firstLoad = store()
    const tools = await new McpClient(url, { cache: firstLoad }).listTools()
    await firstLoad.flush()
    const before = (await requestsFor('server/discover', SERVER)).length + (await lists())

    const client = new McpClient(url, { cache: store() })
    await client.discover() // the first load discovered too; in the same database
    const el = await fixture<HTMLElement>(html`<mcp-server .client=${client}><mcp-tool-list></mcp-tool-list></mcp-server>`)
    const list = el.querySelector('mcp-tool-list')!
    const shown = () => [...list.shadowRoot!.querySelectorAll<HTMLElement>('[part~="item"]')].map((i) => i.dataset.name)
    await eventually(() => shown().length === tools.length, 'the tools on screen')
    expect(shown()).to.deep.equal(names(tools))
    expect((await requestsFor('server/discover', SERVER)).length + (await lists())).to.equal(before + 1, 'only the discover above')
  })

  it('when stale: the stale list at once, then exactly one request for the fresh one', async () => {
    await controlServer(SERVER, 'reset', { ttlMs: 300 })
    const firstLoad = store()
    await new McpClient(url, { cache: firstLoad }).listTools()
    await firstLoad.flush()
    await controlServer(SERVER, 'bump', { notify: false })
    await sleep(350)

    const seen: Array<{ names: string[]; stale: boolean }> = []
    const fresh = await new McpClient(url, { cache: store() }).listTools({
      onStale: (tools: Tool[], { ageMs }) => {
        expect(ageMs).to.be.greaterThan(300)
        seen.push({ names: names(tools), stale: true })
      },
    })
    seen.push({ names: names(fresh), stale: false })
    expect(seen).to.deep.equal([
      { names: ['alpha_v1', 'beta_v1'], stale: true },
      { names: ['alpha_v2', 'beta_v2'], stale: false },
    ])
    expect(await lists()).to.equal(2, 'one request on the second load')
  })

  it('when the server is down: the stale list, and the error', async () => {
    await controlServer(SERVER, 'reset', { ttlMs: 200 })
    const firstLoad = store()
    await new McpClient(url, { cache: firstLoad }).listTools()
    await firstLoad.flush()
    await sleep(250)
    await controlServer(SERVER, 'mode', { mode: 'http-500' })

    let stale: string[] = []
    const failed = await new McpClient(url, { cache: store() }).listTools({ onStale: (tools: Tool[]) => (stale = names(tools)) }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(stale).to.deep.equal(['alpha_v1', 'beta_v1'])
    expect(failed).to.be.instanceOf(HttpError)
  })

  it('a private result cached under token A is not served under token B, nor without a token', async () => {
    const read = async (cache: IdbCache, token?: string) => {
      const client = new McpClient(url, { cache, ...(token && { headers: { authorization: `Bearer ${token}` } }) })
      return ((await client.readResource('cache://me')).contents[0] as { text: string }).text
    }
    const firstLoad = store()
    expect(await read(firstLoad, 'A')).to.equal('read #1')
    await firstLoad.flush()
    const secondLoad = store()
    expect(await read(secondLoad, 'A')).to.equal('read #1', 'token A again: from the cache')
    expect(await read(secondLoad, 'B')).to.equal('read #2')
    expect(await read(secondLoad)).to.equal('read #3')
    expect((await requestsFor('resources/read', SERVER)).length).to.equal(3)
    // What sits in the database names no token.
    await secondLoad.flush()
    const raw = await rawRecords()
    expect(JSON.stringify(raw)).not.to.include('Bearer')
    expect(raw.filter((r) => r.entry.scope === 'private')).to.have.length(2)
  })

  it("an entry of a scope this library never writes is discarded, even when it names the reader's own context", async () => {
    const read = async (cache: IdbCache) => {
      const client = new McpClient(url, { cache, headers: { authorization: 'Bearer A' } })
      return ((await client.readResource('cache://me')).contents[0] as { text: string }).text
    }
    const firstLoad = store()
    expect(await read(firstLoad)).to.equal('read #1')
    await firstLoad.close()
    // Tampered with (another program, an old build): the private entry's scope becomes one no reader knows.
    const [record] = (await rawRecords()).filter((r) => r.entry.scope === 'private')
    await putRaw({ ...record, entry: { ...record.entry, scope: 'team' } })
    expect(await read(store()), 'asked the server again').to.equal('read #2')
    expect((await requestsFor('resources/read', SERVER)).length).to.equal(2)
  })

  it('list_changed heard in one tab invalidates the list in another tab', async () => {
    const { client: tab2Client } = await secondTab()

    const tab1 = new McpClient(url, { cache: store() })
    await tab1.listTools()
    expect(names(await tab2Client.listTools())).to.deep.equal(['alpha_v1', 'beta_v1'])
    expect(await lists()).to.equal(1, "tab 2 got tab 1's fresh entry")

    const sub = tab1.listen({ toolsListChanged: true })
    try {
      await sub.acknowledged
      const heardInTab2 = nextEvent<CustomEvent>(tab2Client, 'invalidate')
      await controlServer(SERVER, 'bump')
      expect((await heardInTab2).detail).to.deep.equal({ method: 'tools/list', remote: true })
      expect(names(await tab2Client.listTools())).to.deep.equal(['alpha_v2', 'beta_v2'])
      expect(await lists()).to.equal(2)
    } finally {
      sub.close()
    }
  })

  it('with IndexedDB unavailable everything works from memory, with one warning', async () => {
    // A newer version of the database (another tab with a newer release), then a browser that refuses IndexedDB.
    await new Promise((resolve) => (indexedDB.open(database, 99).onsuccess = (e) => resolve((e.target as IDBOpenDBRequest).result.close())))
    const refusing = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError')
      },
    } as unknown as IDBFactory
    // (Another name for the second: the first would hand it its entries over the BroadcastChannel.)
    for (const open of [() => store(), () => store({ indexedDB: refusing, name: `${database}-refused` })]) {
      const cache = open()
      const warning = nextEvent<CustomEvent>(cache, 'warning')
      const before = await lists()
      const client = new McpClient(url, { cache })
      expect(names(await client.listTools())).to.deep.equal(['alpha_v1', 'beta_v1'])
      expect(names(await client.listTools())).to.deep.equal(['alpha_v1', 'beta_v1'])
      expect(await lists()).to.equal(before + 1, 'the second listing from memory')
      expect((await warning).detail.message).to.match(/memory/)
      expect(await cache.persistent()).to.equal(false)
    }
  })

  it('corrupt or foreign entries are discarded, never handed to the page', async () => {
    const key = cacheKey(url, 'tools/list', {})
    const firstLoad = store()
    await firstLoad.persistent()
    await firstLoad.close()
    for (const junk of [
      { key, format: 1, usedAt: 0, bytes: 0, entry: { value: 'not an object', receivedAt: Date.now(), ttlMs: 60_000, scope: 'public' } },
      { key, format: 7, usedAt: 0, bytes: 0, entry: { value: { tools: [] }, receivedAt: Date.now(), ttlMs: 60_000, scope: 'public' } },
      { key, usedAt: 0, bytes: 0, something: 'else' },
    ]) {
      await putRaw(junk)
      const before = await lists()
      expect(names(await new McpClient(url, { cache: store() }).listTools())).to.deep.equal(['alpha_v1', 'beta_v1'])
      expect(await lists()).to.equal(before + 1)
    }
  })

  it('keeps at most maxEntries, evicting the least recently used; clear() empties one server', async () => {
    const cache = store({ maxEntries: 2 })
    const client = new McpClient(url, { cache })
    await client.listTools() // 1
    await client.discover() // 2
    await client.listTools() // 1 used again: discover is now the least recently used
    await client.request('resources/list') // 3: evicts discover
    await cache.flush()
    const keys = (await rawRecords()).map((r) => r.key.split('\n')[1]).sort()
    expect(keys).to.deep.equal(['resources/list', 'tools/list'])

    await cache.clear(`${url}\n`)
    expect(await rawRecords()).to.deep.equal([])
    const before = await lists()
    await new McpClient(url, { cache }).listTools()
    expect(await lists()).to.equal(before + 1, 'cleared from memory too')
  })

  it('keeps about maxBytes, evicting the least recently used', async () => {
    // As JSON, the tool list is about 490 bytes, the discover result about 350: not both.
    const cache = store({ maxBytes: 600 })
    const client = new McpClient(url, { cache })
    await client.listTools()
    await sleep(5)
    await client.discover()
    await cache.flush()
    const records = await rawRecords()
    const bytes = records.reduce((sum, r) => sum + JSON.stringify(r.entry).length, 0)
    expect(bytes).to.be.at.most(600)
    expect(records.map((r) => r.key.split('\n')[1])).to.deep.equal(['server/discover'], 'the older tools/list went')
  })

  it('a newer version opened in another tab is let through; this tab goes on in memory, with a warning', async () => {
    const cache = store()
    const client = new McpClient(url, { cache })
    await client.listTools()
    expect(await cache.persistent()).to.equal(true)
    const warning = nextEvent<CustomEvent>(cache, 'warning')
    const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database, 2)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
      request.onblocked = () => reject(new Error('blocked by the older tab'))
    })
    upgraded.close()
    expect((await warning).detail.message).to.match(/newer version/)
    expect(await cache.persistent()).to.equal(false)
    const before = await lists()
    expect(names(await client.listTools())).to.deep.equal(['alpha_v1', 'beta_v1'])
    expect(await lists()).to.equal(before, 'still served from memory')
  })

  it('a database that does not answer a read in 3 s (another page holds the store) is let go of: the list comes from the server, the store goes on in memory, with a warning', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const firstLoad = store()
    const tools = await new McpClient(url, { cache: firstLoad }).listTools()
    await firstLoad.flush()
    // Another page's transaction on the store that goes on (WebKit kept such a one open for minutes in a page it put in
    // its back/forward cache): a readwrite one, which every later transaction on the store waits for.
    const other = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    let holding = true
    const transaction = other.transaction('results', 'readwrite')
    const keepGoing = () => {
      if (holding) transaction.objectStore('results').count().onsuccess = keepGoing
    }
    keepGoing()
    try {
      const secondLoad = store()
      const warning = nextEvent<CustomEvent>(secondLoad, 'warning', 15_000)
      const started = Date.now()
      const listed = new McpClient(url, { cache: secondLoad }).listTools()
      // A list that never comes fails here, so that `finally` lets go of the store the later tests need.
      const gaveUp = sleep(12_000).then(() => Promise.reject(new Error('no list in 12 s: the read waited on the held store')))
      expect(names(await Promise.race([listed, gaveUp]))).to.deep.equal(names(tools))
      expect(Date.now() - started, 'one wait, not one for each read (discover, then the list)').to.be.below(6_000)
      expect(await lists()).to.equal(2, 'the list read from the server')
      expect((await warning).detail).to.include({ reason: 'slow' })
      expect(await secondLoad.persistent()).to.equal(false)
    } finally {
      holding = false
      other.close()
    }
  })

  it('clearCache(url) removes one server from the shared store, in memory and in IndexedDB', async () => {
    const shared = sharedIdbCache()
    const client = new McpClient(url, { cache: shared })
    await client.listTools()
    const other = cacheKey('https://other.example/mcp', 'tools/list', {})
    shared.set(other, { value: { tools: [] }, receivedAt: Date.now(), ttlMs: 60_000, scope: 'public' })
    await clearCache(url)
    expect(shared.get(other)).to.have.property('ttlMs', 60_000)
    const before = await lists()
    await client.listTools()
    expect(await lists()).to.equal(before + 1)
    await clearCache()
    expect(await shared.get(other)).to.equal(undefined)
  })

  it("clear() in one tab (a sign-out) empties the other tabs' memory too: their next listing asks the server", async () => {
    const { client: tab2Client } = await secondTab()
    const cache = store()
    await new McpClient(url, { cache }).listTools()
    expect(names(await tab2Client.listTools())).to.deep.equal(['alpha_v1', 'beta_v1'])
    const before = await lists()
    await cache.clear(`${url}\n`)
    // Tab 2 hears of it by BroadcastChannel: until then its memory may still answer, after that only the server.
    const askedServer = async () => (await tab2Client.listTools(), (await lists()) > before)
    await eventually(askedServer, "tab 2's listing going to the server after the clear")
    expect(await lists()).to.equal(before + 1)
  })

  it('a returning client has its first tool page in memory once discover is answered from IndexedDB (preload)', async () => {
    const firstVisit = store()
    const first = new McpClient(url, { cache: firstVisit })
    await first.discover()
    await first.listTools()
    await firstVisit.flush()

    const secondVisit = store()
    const client = new McpClient(url, { cache: secondVisit })
    await client.discover()
    // Read with discover's answer, not asked for yet: the entry itself, no Promise (no second database round trip).
    // (A boolean, not the Promise itself: a failed assertion's actual value is sent to the runner, which cannot send a Promise.)
    const page = secondVisit.get(cacheKey(url, 'tools/list', {}))
    expect(page instanceof Promise, 'the first tool page is already in memory').to.equal(false)
    expect((page as CacheEntry | undefined)?.value.tools).to.have.length(2)
    expect(names(await client.listTools())).to.deep.equal(['alpha_v1', 'beta_v1'])
    expect(await lists(), 'one tools/list in all: the second visit sent none').to.equal(1)
  })

  it('an entry read back on a returning visit (joining the preload) counts as used: a full cache evicts one nobody read', async () => {
    const entry = (n: number): CacheEntry => ({ value: { n }, receivedAt: Date.now(), ttlMs: 60_000, scope: 'public' })
    // Use times are milliseconds: each step below must come later than the one before to be told apart.
    const nextMillisecond = async () => {
      const now = Date.now()
      while (Date.now() === now) await sleep(1)
    }
    const firstVisit = store({ maxEntries: 2 })
    firstVisit.set('read-again', entry(1))
    await firstVisit.flush() // a write notes its use time when it runs, not when set() is called
    await nextMillisecond()
    firstVisit.set('never-read', entry(2))
    await firstVisit.flush()
    await nextMillisecond()

    const returning = store({ maxEntries: 2 })
    returning.preload(['read-again'])
    expect((await returning.get('read-again'))?.value).to.deep.equal({ n: 1 })
    await nextMillisecond()
    returning.set('new', entry(3)) // a third entry: one of the older two must go
    await returning.flush()

    const later = store({ maxEntries: 2 })
    expect((await later.get('read-again'))?.value, 'the entry read on the returning visit stays').to.deep.equal({ n: 1 })
    expect(await later.get('never-read'), 'the entry nobody read is evicted').to.equal(undefined)
  })

  it('a hit from memory is synchronous (one await per call at most)', async () => {
    const cache = store()
    await new McpClient(url, { cache }).listTools()
    const key = cacheKey(url, 'tools/list', {})
    // Not a Promise, and not undefined either: the entry itself (an absent entry would not be a Promise).
    const hit = cache.get(key)
    expect(hit).not.to.be.instanceOf(Promise)
    expect((hit as CacheEntry | undefined)?.value.tools).to.have.length(2)
    const reloaded = store()
    const first = reloaded.get(key)
    expect(first).to.be.instanceOf(Promise)
    expect(((await first) as CacheEntry).value.tools).to.have.length(2)
    const again = reloaded.get(key)
    expect(again).not.to.be.instanceOf(Promise)
    expect((again as CacheEntry | undefined)?.value.tools).to.have.length(2)
  })
  describe('list elements, stale while revalidate', () => {
    /** What a user sees in a list element: the items, the stale note, the error. */
    const seen = (list: Element) => {
      const root = list.shadowRoot!
      return {
        items: [...root.querySelectorAll<HTMLElement>('[part~="item"]')].map(
          (i) => i.dataset.name ?? i.textContent!.trim().split(/\s+/)[0],
        ),
        stale: root.querySelector('[part~="stale"]')?.textContent?.trim() ?? '',
        error: root.querySelector('[part~="error"]')?.textContent?.trim() ?? '',
      }
    }
    /** Every state the list's shadow DOM went through, in order (a MutationObserver sees each render). */
    const record = (list: Element) => {
      const states: Array<ReturnType<typeof seen>> = []
      const observer = new MutationObserver(() => states.push(seen(list)))
      return {
        states,
        start: () => observer.observe(list.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true }),
        stop: () => observer.disconnect(),
      }
    }
    /** A first visit that fills the cache (lists kept `ttlMs`), then time enough for them to go stale. */
    async function firstVisit(ttlMs: number, read: (client: McpClient) => Promise<unknown>) {
      await controlServer(SERVER, 'reset', { ttlMs })
      const firstLoad = store()
      await read(new McpClient(url, { cache: firstLoad }))
      await firstLoad.flush()
      await sleep(ttlMs + 50)
    }

    it('<mcp-tool-list> shows the stale list at once, marked with its age, then exactly one request swaps in the fresh one', async () => {
      await firstVisit(300, (c) => c.listTools())
      await controlServer(SERVER, 'bump', { notify: false })
      const before = await lists()

      const list = document.createElement('mcp-tool-list')
      const recording = record(list)
      list.client = new McpClient(url, { cache: store() })
      await fixture(html`<div></div>`).then((parent) => parent.append(list))
      recording.start()
      await eventually(() => seen(list).items[0] === 'alpha_v2', 'the fresh list')
      recording.stop()

      const withItems = recording.states.filter((s) => s.items.length > 0)
      expect(withItems[0].items).to.deep.equal(['alpha_v1', 'beta_v1'], 'the stale list first')
      expect(withItems[0].stale).to.match(/^Showing a saved list from \d+ seconds? ago; checking for changes…$/)
      expect(seen(list)).to.deep.equal({ items: ['alpha_v2', 'beta_v2'], stale: '', error: '' }, 'then the fresh one, unmarked')
      expect(await lists()).to.equal(before + 1, 'exactly one request')
      await expect(list).to.be.accessible()
    })

    it('<mcp-tool-list> keeps the stale list on screen beside the error when the server is down, and after a failed Retry', async () => {
      await firstVisit(200, (c) => c.listTools())
      await controlServer(SERVER, 'mode', { mode: 'http-500' })

      const list = await fixture<HTMLElement>(html`<mcp-tool-list .client=${new McpClient(url, { cache: store() })}></mcp-tool-list>`)
      await eventually(() => seen(list).error !== '', 'the error')
      expect(seen(list).items).to.deep.equal(['alpha_v1', 'beta_v1'])
      expect(seen(list).stale).to.match(/^Showing a saved list from \d+ seconds? ago\.$/)
      expect(seen(list).error).to.include('Could not load the tools')
      await expect(list).to.be.accessible()

      // Retry while still down: the list stays in every state the element goes through.
      const recording = record(list)
      recording.start()
      list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="error"] button')!.click()
      await eventually(() => recording.states.some((s) => s.error === '') && seen(list).error !== '', 'the failed retry')
      recording.stop()
      expect(recording.states.map((s) => s.items.join())).to.satisfy((all: string[]) => all.every((items) => items === 'alpha_v1,beta_v1'))
      expect(seen(list).stale).to.match(/^Showing a saved list from \d+ seconds? ago\.$/)

      // Back up: Retry shows the fresh list, unmarked.
      await controlServer(SERVER, 'mode', { mode: 'ok' })
      list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="error"] button')!.click()
      await eventually(() => seen(list).error === '' && seen(list).stale === '', 'the fresh list')
      expect(seen(list).items).to.deep.equal(['alpha_v1', 'beta_v1'])
    })

    it('<mcp-tool-list> says how old a saved list is in minutes, hours or days, as a person would', async () => {
      await firstVisit(200, (c) => c.listTools())
      await controlServer(SERVER, 'mode', { mode: 'http-500' })
      const realNow = Date.now
      const cases: Array<[number, string]> = [
        [5 * 60_000, '5 minutes ago'],
        [3 * 3_600_000, '3 hours ago'],
        [2 * 86_400_000, '2 days ago'],
      ]
      try {
        for (const [later, said] of cases) {
          // The visitor comes back this much later (the page's clock moved; the saved list's time did not).
          Date.now = () => realNow.call(Date) + later
          const list = await fixture<HTMLElement>(html`<mcp-tool-list .client=${new McpClient(url, { cache: store() })}></mcp-tool-list>`)
          await eventually(() => seen(list).error !== '', `the error, ${said}`)
          expect(seen(list).items).to.deep.equal(['alpha_v1', 'beta_v1'])
          expect(seen(list).stale).to.equal(`Showing a saved list from ${said}.`)
          list.remove()
        }
      } finally {
        Date.now = realNow
      }
    })

    it('<mcp-server> reloads its lists when another tab of the origin heard that they changed', async () => {
      const { client: tab2Client, cache: tab2Cache } = await secondTab()
      await tab2Cache.persistent()

      const server = await fixture<HTMLElement>(
        html`<mcp-server .client=${new McpClient(url, { cache: store() })}><mcp-tool-list></mcp-tool-list></mcp-server>`,
      )
      const list = server.querySelector('mcp-tool-list')!
      await eventually(() => seen(list).items.length === 2, 'the tools')
      expect(seen(list).items).to.deep.equal(['alpha_v1', 'beta_v1'])
      const before = await lists()

      // The server changes without telling this tab (no notification on its stream); tab 2 hears of it.
      await controlServer(SERVER, 'bump', { notify: false })
      tab2Client.applyNotification({ method: 'notifications/tools/list_changed' })
      await eventually(() => seen(list).items[0] === 'alpha_v2', 'the changed list in this tab')
      expect(seen(list).items).to.deep.equal(['alpha_v2', 'beta_v2'])
      expect(await lists()).to.equal(before + 1)
    })

    it('inside <mcp-server>, a stale list stays on screen beside the error when the server is down', async () => {
      await firstVisit(200, async (c) => (await c.discover(), await c.listTools()))
      await controlServer(SERVER, 'mode', { mode: 'http-500' })

      const server = await fixture<HTMLElement>(
        html`<mcp-server .client=${new McpClient(url, { cache: store() })}><mcp-tool-list></mcp-tool-list></mcp-server>`,
      )
      const list = server.querySelector('mcp-tool-list')!
      await eventually(() => Boolean(server.shadowRoot!.querySelector('[part~="error"]')), "the server's error")
      await eventually(() => seen(list).items.length === 2, 'the stale tools')
      expect(seen(list).items).to.deep.equal(['alpha_v1', 'beta_v1'])
      expect(seen(list).stale).to.match(/^Showing a saved list from \d+ seconds? ago\.$/)
      await expect(server).to.be.accessible()
    })

    it('<mcp-resource-list> keeps the stale list on screen beside the error when the server is down', async () => {
      await firstVisit(200, (c) => c.listResources())
      await controlServer(SERVER, 'mode', { mode: 'http-500' })

      const list = await fixture<HTMLElement>(
        html`<mcp-resource-list .client=${new McpClient(url, { cache: store() })}></mcp-resource-list>`,
      )
      await eventually(() => seen(list).error !== '', 'the error')
      expect(seen(list).items).to.deep.equal(['Me'])
      expect(seen(list).stale).to.match(/^Showing a saved list from \d+ seconds? ago\.$/)
      expect(seen(list).error).to.include('Could not load the resources')
    })
  })
})

describe('<mcp-server> in a browser', () => {
  beforeEach(async () => {
    await controlServer(SERVER, 'mode', { mode: 'ok' })
    await controlServer(SERVER, 'reset')
  })

  it('keeps results in IndexedDB by default: the page loaded again shows the tool list with no request for data', async () => {
    const url = await serverUrl(SERVER)
    const shownIn = (root: Document | Element) => deepQueryAll(root, '[part~="item"]').map((i) => (i as HTMLElement).dataset.name)
    const first = await fixture<HTMLElement>(html`<mcp-server url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`)
    await eventually(() => shownIn(first).length === 2, 'the tools on the first load')
    await sharedIdbCache().flush()
    const dataRequests = async () =>
      (await serverStats(SERVER)).requests.filter((r) => r.body?.method && r.body.method !== 'subscriptions/listen').length
    const before = await dataRequests()

    const frame = await fixture<HTMLIFrameElement>(
      html`<iframe src=${`/test/support/cache-element-tab.html?server=${encodeURIComponent(url)}`}></iframe>`,
    )
    await eventually(() => !!frame.contentDocument && shownIn(frame.contentDocument).length === 2, 'the tools on the second load', 8_000)
    expect(shownIn(frame.contentDocument!)).to.deep.equal(['alpha_v1', 'beta_v1'])
    expect(await dataRequests()).to.equal(before, 'discover and tools/list from IndexedDB')
  })

  it('a warm start sends no request of any kind before the tool list is on screen; the listen stream opens after', async () => {
    const url = await serverUrl(SERVER)
    const first = await fixture<HTMLElement>(html`<mcp-server url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`)
    await eventually(() => deepQueryAll(first, '[part~="item"]').length === 2, 'the tools on the first load')
    await sharedIdbCache().flush()

    const frame = await fixture<HTMLIFrameElement>(
      html`<iframe src=${`/test/support/cache-warm-tab.html?server=${encodeURIComponent(url)}`}></iframe>`,
    )
    const tab = () => frame.contentWindow as (Window & { sent?: string[]; sentBeforeList?: string[] }) | null
    await eventually(() => Boolean(tab()?.sentBeforeList), 'the tools on the second load', 8_000)
    expect(tab()!.sentBeforeList).to.deep.equal([], 'no request before the list')
    expect(deepQueryAll(frame.contentDocument!, '[part~="item"]').map((i) => (i as HTMLElement).dataset.name)).to.deep.equal([
      'alpha_v1',
      'beta_v1',
    ])
    // Live updates still start, once the list is shown.
    await eventually(() => tab()!.sent!.includes('subscriptions/listen'), 'the listen stream')
    expect(tab()!.sent).to.deep.equal(['subscriptions/listen'])
  })
})

function openRaw(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function rawRecords(): Promise<Array<{ key: string; entry: CacheEntry }>> {
  const db = await openRaw()
  try {
    return await new Promise((resolve, reject) => {
      const request = db.transaction('results').objectStore('results').getAll()
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  } finally {
    db.close()
  }
}

async function putRaw(record: unknown): Promise<void> {
  const db = await openRaw()
  try {
    await new Promise((resolve, reject) => {
      const tx = db.transaction('results', 'readwrite')
      tx.objectStore('results').put(record)
      tx.oncomplete = resolve
      tx.onerror = () => reject(tx.error)
    })
  } finally {
    db.close()
  }
}
