// <mcp-prompt-list> in headless Chromium against real servers: the fixture's
// prompts (`main`) and the `prompts` test server (list changes, hostile strings).
import { ContextProvider } from '@lit/context'
import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { McpClient } from '../../src/client/index.js'
import { IdbCache } from '../../src/cache/index.js'
import { connectionContext, type McpConnection } from '../shared/context.js'
import {
  deepText,
  controlServer,
  deepQuery,
  deepQueryAll,
  eventually,
  requestsFor,
  serverUrl,
  expectAbsent,
  expectPresent,
  pointerClick,
} from '../../test/support/browser.js'
import { expectRowsAt, inView, placeOf, scrollToRow } from '../../test/support/windowed-list.js'
import '../mcp-server/mcp-server.js'
import './mcp-prompt-list.js'
import type { McpPromptListElement, PromptSelectDetail } from './mcp-prompt-list.js'

const items = (el: McpPromptListElement) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="item"]')]
const titles = (el: McpPromptListElement) => items(el).map((b) => b.querySelector('.title')!.textContent!.trim())
const item = (el: McpPromptListElement, title: string) => items(el).find((b) => b.querySelector('.title')!.textContent!.trim() === title)!
const status = (el: McpPromptListElement) => el.shadowRoot?.querySelector('[part="status"]')?.textContent?.trim()

async function listOf(url: string): Promise<McpPromptListElement> {
  const el = await fixture<McpPromptListElement>(html`<mcp-prompt-list .client=${new McpClient(url)}></mcp-prompt-list>`)
  await eventually(() => items(el).length > 0, 'the list')
  return el
}

describe('<mcp-prompt-list>', () => {
  let main: string
  let prompts: string
  before(async () => {
    main = await serverUrl('main')
    prompts = await serverUrl('prompts')
  })
  beforeEach(() => controlServer('prompts', 'reset'))

  it('lists prompts with title, name, description and arguments', async () => {
    const el = await listOf(main)
    expect(titles(el)).to.deep.equal(['Greet', 'Status'])
    expect(item(el, 'Greet').textContent).to.include('greet').and.include('Greets someone by name.').and.include('Arguments: name')
    expect(item(el, 'Status').textContent).not.to.include('Arguments')
    expectPresent(item(el, 'Greet').querySelector('mcp-icon'), 'the prompt icon')
    expect(status(el)).to.equal('2 of 2 prompts')
    await expect(el).to.be.accessible()
  })

  it('filters, and is used by keyboard', async () => {
    const el = await listOf(main)
    const filter = el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!
    filter.focus()
    await sendKeys({ type: 'stat' })
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Status'])
    await sendKeys({ press: 'Backspace' })
    await sendKeys({ press: 'Backspace' })
    await sendKeys({ press: 'Backspace' })
    await sendKeys({ press: 'Backspace' })
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Greet', 'Status'])
    await sendKeys({ press: 'ArrowDown' })
    await sendKeys({ press: 'ArrowDown' })
    expect(el.shadowRoot!.activeElement).to.equal(item(el, 'Status'))
    const picked = oneEvent(el, 'mcp-prompt-select')
    await sendKeys({ press: ' ' })
    expect(((await picked) as CustomEvent<PromptSelectDetail>).detail.name).to.equal('status')
  })

  it('makes a prompt clicked with the pointer the Tab stop, which Tab from the filter reaches', async () => {
    const el = await listOf(main)
    await pointerClick(item(el, 'Status'))
    await el.updateComplete
    expect(items(el).map((b) => b.tabIndex)).to.deep.equal([-1, 0])
    el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
    await sendKeys({ press: 'Tab' })
    expect(el.shadowRoot!.activeElement).to.equal(item(el, 'Status'))
  })

  it('picking a prompt fires mcp-prompt-select and opens <mcp-prompt> below', async () => {
    const el = await listOf(main)
    const picked = oneEvent(el, 'mcp-prompt-select')
    item(el, 'Greet').click()
    const { detail } = (await picked) as CustomEvent<PromptSelectDetail>
    expect(detail.name).to.equal('greet')
    expect(detail.prompt.arguments).to.deep.equal([{ name: 'name', description: 'Who to greet', required: true }])
    await el.updateComplete
    expect(item(el, 'Greet').getAttribute('aria-current')).to.equal('true')
    expect(item(el, 'Status').getAttribute('aria-current'), 'only the prompt picked is current').to.equal('false')
    const prompt = deepQuery<HTMLElement & { prompt: unknown }>(el, 'mcp-prompt')
    expect(prompt.prompt).to.deep.equal(detail.prompt)
    await expect(el).to.be.accessible()
  })

  it('does not open <mcp-prompt> when the page cancels mcp-prompt-select', async () => {
    const el = await listOf(main)
    el.addEventListener('mcp-prompt-select', (e) => e.preventDefault())
    item(el, 'Greet').click()
    await el.updateComplete
    expect(deepQueryAll(el, 'mcp-prompt')).to.have.length(0)
  })

  it('reloads when the connection says the prompts changed', async () => {
    // What <mcp-server> provides, provided by hand: this test is about the list's reaction to the counter.
    const host = await fixture<HTMLDivElement>(html`<div></div>`)
    const connection: McpConnection = {
      client: new McpClient(prompts),
      status: 'ready',
      changes: { tools: 0, resources: 0, prompts: 0 },
    }
    const provider = new ContextProvider(host, { context: connectionContext, initialValue: connection })
    const el = host.appendChild(document.createElement('mcp-prompt-list'))
    await eventually(() => items(el).length > 0, 'the list')
    expect(titles(el)).not.to.include('added_prompt')
    const lists = (await requestsFor('prompts/list', 'prompts')).length

    await controlServer('prompts', 'add', { name: 'added_prompt' })
    provider.setValue({ ...connection, changes: { ...connection.changes, prompts: 1 } })
    await eventually(() => titles(el).includes('added_prompt'), 'the added prompt')
    expect((await requestsFor('prompts/list', 'prompts')).length).to.equal(lists + 1)
  })

  it('inside <mcp-server>, shows a prompt added on the server without a reload', async () => {
    const server = await fixture(html`<mcp-server url=${prompts}><mcp-prompt-list></mcp-prompt-list></mcp-server>`)
    const el = server.querySelector('mcp-prompt-list')!
    await eventually(() => items(el).length > 0, 'the list')
    // Change the list only once <mcp-server> hears list changes (its status says so).
    await eventually(() => deepText(server).includes('Connected, live updates'), 'live updates')
    await controlServer('prompts', 'add', { name: 'pushed_prompt' })
    await eventually(() => titles(el).includes('pushed_prompt'), 'the pushed prompt')
    // It has no title: its name is its title, shown once (not again beside itself as the name).
    expectAbsent(item(el, 'pushed_prompt').querySelector('.name'), 'the name beside the title')
    expect(item(el, 'Draft an email').querySelector('.name')!.textContent).to.equal('draft_email')
  })

  it('says it waits for a server, then that it loads, then the count; a filter matching nothing says so', async () => {
    const el = await fixture<McpPromptListElement>(html`<mcp-prompt-list></mcp-prompt-list>`)
    expect(status(el)).to.equal('Waiting for the server…')
    el.client = new McpClient(main)
    await el.updateComplete
    expect(status(el)).to.equal('Loading prompts…')
    await eventually(() => status(el) === '2 of 2 prompts', 'the count')
    const filter = el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!
    filter.focus()
    await sendKeys({ type: 'zzz' })
    await el.updateComplete
    expect(status(el)).to.equal('Nothing matches “zzz”.')
  })

  it('says so when the server offers no prompts', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`)
    const client = new McpClient(main)
    const server = await client.discover()
    const connection: McpConnection = {
      client,
      status: 'ready',
      server: { ...server, capabilities: { ...server.capabilities, prompts: undefined } },
      changes: { tools: 0, resources: 0, prompts: 0 },
    }
    new ContextProvider(host, { context: connectionContext, initialValue: connection })
    const el = host.appendChild(document.createElement('mcp-prompt-list'))
    await eventually(() => status(el) === 'This server offers no prompts.', 'the message')
  })

  it('says so when the server offers prompts and lists none', async () => {
    await controlServer('prompts', 'empty', { on: true })
    const el = await fixture<McpPromptListElement>(html`<mcp-prompt-list .client=${new McpClient(prompts)}></mcp-prompt-list>`)
    await eventually(() => status(el) === 'No prompts.', 'the message', 5_000).catch((error) => {
      throw new Error(`${error.message}; the status reads “${status(el)}”`)
    })
    expect(items(el)).to.deep.equal([])
  })

  it('shows a load error with Retry', async () => {
    const el = await fixture<McpPromptListElement>(
      html`<mcp-prompt-list .client=${new McpClient('http://127.0.0.1:9/mcp')}></mcp-prompt-list>`,
    )
    await eventually(() => el.shadowRoot!.querySelector('[role="alert"]') !== null, 'the error')
    const alert = el.shadowRoot!.querySelector('[role="alert"]')!
    expect(alert.textContent).to.include('Could not load the prompts')
    const retry = alert.querySelector('button')!
    expect(retry.textContent!.trim()).to.equal('Retry')
    await expect(el).to.be.accessible()
    // Retry loads again.
    const loading = oneEvent(el, 'mcp-list-loading')
    retry.click()
    expect((await loading).detail).to.deep.equal({ list: 'prompts' })
  })

  it('leaves malformed entries and arguments out and says how many', async () => {
    await controlServer('prompts', 'junk', { on: true })
    const el = await listOf(prompts)
    expect(status(el)).to.match(/3 malformed entries left out\.$/)
    item(el, 'junk_arguments').click()
    await el.updateComplete
    const prompt = deepQuery(el, 'mcp-prompt')
    expect(deepQueryAll<HTMLInputElement>(prompt, 'input').map((i) => i.name)).to.deep.equal(['real_one'])
  })

  it('shows the cached prompts first, marked as saved, then the fresh ones from one request', async () => {
    const cached = await serverUrl('cached-lists')
    await controlServer('cached-lists', 'reset', { ttlMs: 300 })
    const database = `mcp-prompt-list-test-${Date.now()}`
    const stores: IdbCache[] = []
    const store = () => (stores.push(new IdbCache({ name: database })), stores.at(-1)!)
    try {
      // A first visit keeps the listing; it goes stale, and the server's prompts change meanwhile (no one is told).
      const firstVisit = store()
      await new McpClient(cached, { cache: firstVisit }).listPrompts()
      await firstVisit.flush()
      await new Promise((resolve) => setTimeout(resolve, 350))
      await controlServer('cached-lists', 'bump')
      const lists = (await requestsFor('prompts/list', 'cached-lists')).length

      // The next visit: every state the list goes through, as a user would see it.
      const el = document.createElement('mcp-prompt-list')
      el.client = new McpClient(cached, { cache: store() })
      const seen = () => ({ titles: titles(el), stale: el.shadowRoot!.querySelector('[part~="stale"]')?.textContent?.trim() ?? '' })
      const states: Array<ReturnType<typeof seen>> = []
      const observer = new MutationObserver(() => states.push(seen()))
      ;(await fixture<HTMLDivElement>(html`<div></div>`)).append(el)
      observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true })
      await eventually(() => titles(el)[0] === 'Draft (version 2)', 'the fresh prompts')
      observer.disconnect()

      const first = states.find((state) => state.titles.length > 0)!
      expect(first.titles).to.deep.equal(['Draft (version 1)', 'Review (version 1)'], 'the cached prompts first')
      expect(first.stale).to.match(/^Showing a saved list from \d+ seconds? ago; checking for changes…$/)
      expect(seen()).to.deep.equal({ titles: ['Draft (version 2)', 'Review (version 2)'], stale: '' }, 'then the fresh ones, unmarked')
      expect((await requestsFor('prompts/list', 'cached-lists')).length).to.equal(lists + 1, 'one request')
      await expect(el).to.be.accessible()
    } finally {
      await Promise.all(stores.map((cache) => cache.close()))
      indexedDB.deleteDatabase(database)
    }
  })

  describe('with 1,000 prompts', () => {
    /** The titles of the 1,002 prompts of `cached-lists` with count 1000, in order. */
    const all = [
      'Draft (version 1)',
      'Review (version 1)',
      ...Array.from({ length: 1000 }, (_, i) => `Prompt ${String(i).padStart(4, '0')}`),
    ]
    const rowsAt = (el: McpPromptListElement) => expectRowsAt(items(el), all, (b) => b.querySelector('.title')!.textContent!.trim())
    let el: McpPromptListElement
    beforeEach(async () => {
      await controlServer('cached-lists', 'reset', { count: 1000 })
      el = await listOf(await serverUrl('cached-lists'))
    })
    afterEach(() => window.scrollTo(0, 0))

    it('renders only the rows in view and a screenful either side, and the rows around the 500th when scrolled there', async () => {
      expect(status(el)).to.equal('1002 of 1002 prompts')
      expect(items(el).length, 'rows in the DOM').to.be.below(60)
      expect(titles(el)).to.deep.equal(all.slice(0, items(el).length))
      rowsAt(el)
      await scrollToRow(el.shadowRoot!.querySelector<HTMLElement>('[part="list"]')!, items(el)[0]!.parentElement!, all.length, 500)
      await eventually(() => titles(el).includes(all[500]!), 'the rows around the 500th')
      expect(inView(item(el, all[500]!)), 'the 500th prompt is in view').to.equal(true)
      expect(titles(el)[0], 'the Tab stop stays rendered').to.equal(all[0])
      expect(titles(el)).not.to.include(all[1])
      rowsAt(el)
      await expect(el).to.be.accessible()
    })

    it('reaches the last prompt with End, keeps it the Tab stop when scrolled away, Home goes back, Enter picks', async () => {
      el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
      await sendKeys({ press: 'ArrowDown' })
      await sendKeys({ press: 'End' })
      const focusedTitle = () => (el.shadowRoot!.activeElement as HTMLElement | null)?.querySelector('.title')?.textContent?.trim()
      expect(focusedTitle()).to.equal('Prompt 0999')
      expect(placeOf(el.shadowRoot!.activeElement as HTMLElement)).to.equal(all.length)
      // Firefox scrolls a focused element into view at its next layout, not in focus() itself.
      await eventually(() => inView(el.shadowRoot!.activeElement as HTMLElement), 'the last prompt scrolled into view')
      await eventually(() => items(el).length > 10, 'the rows around the last one')
      rowsAt(el)
      await sendKeys({ press: 'ArrowUp' })
      expect(focusedTitle()).to.equal('Prompt 0998')

      window.scrollTo(0, 0)
      await eventually(() => titles(el).includes(all[0]!), 'the first rows again')
      expect(
        items(el)
          .filter((b) => b.tabIndex === 0)
          .map((b) => b.querySelector('.title')!.textContent!.trim()),
      ).to.deep.equal(['Prompt 0998'])
      el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
      await sendKeys({ press: 'Tab' })
      expect(focusedTitle()).to.equal('Prompt 0998')
      await sendKeys({ press: 'Home' })
      expect(focusedTitle()).to.equal(all[0])
      await sendKeys({ press: 'End' })
      const picked = oneEvent(el, 'mcp-prompt-select')
      await sendKeys({ press: 'Enter' })
      expect(((await picked) as CustomEvent<PromptSelectDetail>).detail.name).to.equal('prompt_0999')
    })

    it('renders the rows in view when the list scrolls by itself (--mcp-prompt-list-max-height)', async () => {
      el.style.setProperty('--mcp-prompt-list-max-height', '300px')
      const ul = el.shadowRoot!.querySelector<HTMLElement>('[part="list"]')!
      const rowHeight = items(el)[0]!.parentElement!.getBoundingClientRect().height
      expect(ul.getBoundingClientRect().height).to.be.closeTo(300, 1)
      await eventually(() => Math.abs(ul.scrollHeight - all.length * rowHeight) < rowHeight, 'the list as tall as all its rows')
      ul.scrollTop = 700 * rowHeight
      await eventually(() => titles(el).includes(all[700]!), 'the rows around the 700th')
      expect(item(el, all[700]!).getBoundingClientRect().top, 'the 700th row at the top of the list').to.be.closeTo(
        ul.getBoundingClientRect().top + ul.clientTop,
        2,
      )
      rowsAt(el)
    })

    it('filters 1,000 prompts to the matches, each at its place among them', async () => {
      el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
      await sendKeys({ type: 'prompt 09' })
      await el.updateComplete
      expect(status(el)).to.equal('100 of 1002 prompts')
      const shown = all.filter((t) => t.startsWith('Prompt 09'))
      for (const button of items(el)) {
        expect(button.parentElement!.getAttribute('aria-setsize')).to.equal('100')
        expect(button.querySelector('.title')!.textContent!.trim()).to.equal(shown[placeOf(button) - 1])
      }
    })
  })

  it('shows hostile names, titles and descriptions as text', async () => {
    const el = await listOf(prompts)
    const hostile = items(el).find((b) => b.textContent!.includes('<script>'))!
    expect(hostile.querySelector('.title')!.textContent).to.include('<script>window.__pwned=1</script>')
    expect(deepQueryAll(el, 'img[src="x"], script')).to.have.length(0)
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
  })
})
