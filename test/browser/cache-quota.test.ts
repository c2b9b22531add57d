// IdbCache when the origin's storage quota is used up, in headless Chromium with
// real IndexedDB: the test runner sets the quota of this page's origin through
// the DevTools protocol (Storage.overrideQuotaForOrigin, test/support/browser-commands.mjs)
// to what the origin already uses, so the next database write fails as it would
// on a full disk. Against the `cached-lists` test server (lists with ttlMs hints).
import { expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import { McpClient, type Prompt } from '../../src/client/index.js'
import { IdbCache, type IdbCacheWarning } from '../../src/cache/index.js'
import { chromiumOnly, controlServer, describeExceptIn, eventually, requestsFor, serverUrl } from '../support/browser.js'
import '../../components/mcp-prompt-list/mcp-prompt-list.js'

const SERVER = 'cached-lists'
const setQuota = (quotaSize?: number) => executeServerCommand('storage-quota', quotaSize === undefined ? {} : { quotaSize })
const status = (list: Element) => list.shadowRoot!.querySelector('[part~="status"]')?.textContent?.trim()
const titles = (list: Element) => [...list.shadowRoot!.querySelectorAll('[part~="item"] .title')].map((t) => t.textContent!.trim())

describeExceptIn(
  chromiumOnly(
    'sets the origin’s storage quota through CDP (Storage.overrideQuotaForOrigin); Firefox and WebKit offer the test runner no way to',
  ),
  'IndexedDB cache over quota',
  () => {
    let url: string
    let database: string
    const opened: IdbCache[] = []
    /** What reached the page as an uncaught error or rejection. */
    let uncaught: unknown[] = []
    const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message)
    const onRejection = (event: PromiseRejectionEvent) => uncaught.push(event.reason)

    beforeEach(async () => {
      url = await serverUrl(SERVER)
      await controlServer(SERVER, 'reset', { ttlMs: 60_000 })
      database = `mcp-quota-test-${Date.now()}`
      uncaught = []
      window.addEventListener('error', onError)
      window.addEventListener('unhandledrejection', onRejection)
    })
    afterEach(async () => {
      window.removeEventListener('error', onError)
      window.removeEventListener('unhandledrejection', onRejection)
      await setQuota(200_000)
      await Promise.all(opened.splice(0).map((cache) => cache.close()))
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase(database)
        request.onsuccess = request.onerror = request.onblocked = resolve
      })
    })
    const store = () => {
      const cache = new IdbCache({ name: database })
      opened.push(cache)
      return cache
    }

    it('a write the quota refuses loses nothing on the page, throws nothing into it, and is reported once as a warning naming the quota', async () => {
      // A small disk: room for the server's description (a few hundred bytes), none for a listing of a thousand prompts.
      // Set before this page writes anything: Chromium takes a bucket's free space into account when it is first used.
      await controlServer(SERVER, 'reset', { ttlMs: 60_000, count: 1000 })
      await setQuota(200_000)
      const cache = store()
      const warnings: IdbCacheWarning[] = []
      cache.addEventListener('warning', (event) => warnings.push(event.detail))
      expect(await cache.persistent()).to.equal(true)
      const client = new McpClient(url, { cache })
      await client.discover()
      await cache.flush()
      expect(warnings).to.deep.equal([], 'the description fits')

      const list = await fixture<HTMLElement>(html`<mcp-prompt-list .client=${client}></mcp-prompt-list>`)
      await eventually(() => status(list) === '1002 of 1002 prompts', 'the prompts listed')
      expect(titles(list).slice(0, 2)).to.deep.equal(['Draft (version 1)', 'Review (version 1)'])

      await cache.flush() // resolves: a refused write is not the caller's error
      expect(warnings).to.have.length(1)
      expect(warnings[0].reason).to.equal('quota')
      expect((warnings[0].error as Error).name).to.equal('QuotaExceededError')
      expect(warnings[0].message).to.match(/quota/i)
      expect(uncaught).to.deep.equal([])

      // The page lost nothing: the listing is served from memory, with no request.
      const lists = (await requestsFor('prompts/list', SERVER)).length
      const again: Prompt[] = await client.listPrompts()
      expect(again).to.have.length(1002)
      expect((await requestsFor('prompts/list', SERVER)).length).to.equal(lists, 'no request: the result was kept in memory')

      // The database lost nothing either: what it held before is still there for the next load (no request), and
      // the listing that did not fit is fetched again then.
      const nextLoad = new McpClient(url, { cache: store() })
      const discovers = (await requestsFor('server/discover', SERVER)).length
      expect((await nextLoad.discover()).capabilities).to.have.property('prompts')
      expect((await requestsFor('server/discover', SERVER)).length).to.equal(discovers, 'the description read from IndexedDB')
      expect(await nextLoad.listPrompts()).to.have.length(1002)
      expect((await requestsFor('prompts/list', SERVER)).length).to.equal(lists + 1, 'the refused listing fetched again')
    })
  },
)
