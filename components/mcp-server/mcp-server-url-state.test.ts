// <mcp-server url-state>: the open tool and its arguments in the page's URL fragment, against a real server
// (test/support/servers/url-state.ts: a search tool, and a sign-in tool with a password and a write-only API key).
import { expect, fixture, html } from '@open-wc/testing'
import { deepQueryAll, eventually, requestsFor, serverUrl } from '../../test/support/browser.js'
import { fillForm } from '../../test/support/schema-zoo.js'
import type { McpToolListElement } from '../mcp-tool-list/mcp-tool-list.js'
import '../mcp-tool-list/mcp-tool-list.js'
import './mcp-server.js'
import type { McpServerElement } from './mcp-server.js'

const SERVER = 'url-state'
const start = location.href

/** The control a label with this text points at, through the elements' shadow roots. */
function field(root: Element, label: string): HTMLInputElement | undefined {
  const found = deepQueryAll<HTMLLabelElement>(root, 'label').find((l) => (l.textContent ?? '').replace(/\*/g, '').trim() === label)
  return found ? ((found.getRootNode() as ShadowRoot).getElementById(found.htmlFor) as HTMLInputElement) : undefined
}

const fragment = () => new URLSearchParams(location.hash.slice(1))
const row = (list: McpToolListElement, name: string) =>
  list.shadowRoot!.querySelector<HTMLElement>(`li > [part~="item"][data-name="${name}"]`)!

/** A `<mcp-server>` (with `url-state` unless told otherwise) holding a tool list, once the list has loaded. */
async function page(urlState = true): Promise<{ server: McpServerElement; list: McpToolListElement }> {
  const url = await serverUrl(SERVER)
  const server = await fixture<McpServerElement>(
    urlState
      ? html`<mcp-server url-state url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`
      : html`<mcp-server url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`,
  )
  const list = server.querySelector('mcp-tool-list')!
  await eventually(() => !!list.shadowRoot?.querySelector('li > [part~="item"]'), 'the tools')
  return { server, list }
}

describe('<mcp-server url-state>', function (this: { timeout(ms: number): void }) {
  this.timeout(20_000)
  afterEach(() => history.replaceState(null, '', start))

  it('a link opens its tool with its arguments filled in, and calls nothing', async () => {
    history.replaceState(null, '', `#mcp-tool=search&mcp-args=${encodeURIComponent(JSON.stringify({ query: 'otters', limit: 3 }))}`)
    const { list } = await page()
    await eventually(() => field(list, 'Query')?.value === 'otters', 'the Query field filled from the link')
    expect(list.selected).to.equal('search')
    expect(field(list, 'Limit')!.value).to.equal('3')
    expect(await requestsFor('tools/call', SERVER), 'no call').to.have.length(0)
  })

  it('picking a tool and typing go into the URL; Back and Forward move between the tools', async () => {
    const { list } = await page()
    row(list, 'search').click()
    await eventually(() => fragment().get('mcp-tool') === 'search', 'the tool in the URL')
    await fillForm(list, [{ fill: 'Query', with: 'sea lions' }])
    await eventually(() => JSON.parse(fragment().get('mcp-args') ?? '{}').query === 'sea lions', 'the typed query in the URL')
    row(list, 'connect_account').click()
    await eventually(() => fragment().get('mcp-tool') === 'connect_account', 'the second tool in the URL')
    history.back()
    await eventually(() => list.selected === 'search', 'Back opens the first tool again')
    await eventually(() => field(list, 'Query')?.value === 'sea lions', 'with what was typed')
    history.forward()
    await eventually(() => list.selected === 'connect_account', 'Forward opens the second tool')
    history.back()
    await eventually(() => list.selected === 'search', 'Back once more')
    history.back()
    await eventually(() => list.selected === undefined, 'Back before the first pick closes the tool')
  })

  it('never puts a secret in the URL, nor takes one from it', async () => {
    const { list } = await page()
    row(list, 'connect_account').click()
    await eventually(() => !!field(list, 'Password'), 'the form')
    await fillForm(list, [
      { fill: 'User', with: 'ada' },
      { fill: 'Password', with: 'hunter2' },
      { fill: 'API key', with: 'sk-123' },
    ])
    await eventually(() => JSON.parse(fragment().get('mcp-args') ?? '{}').user === 'ada', 'the user name in the URL')
    await new Promise((r) => setTimeout(r, 600))
    expect(location.href).not.to.contain('hunter2')
    expect(location.href).not.to.contain('sk-123')

    const link = { user: 'eve', password: 'from-a-link', api_key: 'planted' }
    location.hash = `mcp-tool=connect_account&mcp-args=${encodeURIComponent(JSON.stringify(link))}`
    await eventually(() => field(list, 'User')?.value === 'eve', "the link's user name")
    expect(field(list, 'Password')!.value, 'no password from a link').to.equal('')
    expect(field(list, 'API key')!.value, 'no API key from a link').to.equal('')
  })

  it('a broken or hostile fragment opens nothing and throws nothing', async () => {
    const errors: unknown[] = []
    const onError = (e: ErrorEvent | PromiseRejectionEvent) => errors.push('reason' in e ? e.reason : e.error)
    addEventListener('error', onError)
    addEventListener('unhandledrejection', onError)
    try {
      history.replaceState(null, '', '#mcp-tool=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&mcp-args=%7B')
      const { list } = await page()
      for (const hash of ['#mcp-tool=search&mcp-args=%5B1%5D', '#mcp-tool=search&mcp-args=%7B%22__proto__%22%3A%7B%22query%22%3A1%7D%7D', '#mcp-tool=__proto__']) {
        location.hash = hash
        await new Promise((r) => setTimeout(r, 200))
      }
      expect(deepQueryAll(list, 'img'), 'no markup from the URL').to.have.length(0)
      expect(list.selected === undefined || list.selected === 'search').to.equal(true)
      if (list.selected === 'search') expect(field(list, 'Query')!.value).to.equal('')
      expect(({} as Record<string, unknown>).query, 'no prototype touched').to.equal(undefined)
      expect(errors).to.deep.equal([])
    } finally {
      removeEventListener('error', onError)
      removeEventListener('unhandledrejection', onError)
    }
  })

  it("the hostile server's markup-named tool goes into the URL as text and comes back from it; nothing runs", async () => {
    const url = await serverUrl('hostile')
    const open = async () => {
      const server = await fixture<McpServerElement>(html`<mcp-server url-state url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`)
      const list = server.querySelector('mcp-tool-list')!
      await eventually(() => !!list.shadowRoot?.querySelector('li > [part~="item"]'), 'the tools')
      return { server, list }
    }
    const { server, list } = await open()
    const hostile = [...list.shadowRoot!.querySelectorAll<HTMLElement>('li > [part~="item"]')].find((r) => r.dataset.name?.includes('<img'))!
    const name = hostile.dataset.name!
    hostile.click()
    await eventually(() => fragment().get('mcp-tool') === name, 'the name in the URL, exactly')
    server.remove()
    const again = await open()
    await eventually(() => again.list.selected === name, 'a new element opens the same tool from the URL')
    expect(deepQueryAll(again.list, 'img:not([part~="icon"] img)').filter((img) => img.getAttribute('src') === 'x')).to.have.length(0)
    expect((window as unknown as { __pwned?: unknown }).__pwned).to.equal(undefined)
  })

  it('a removed element no longer follows the URL', async () => {
    const { server, list } = await page()
    server.remove()
    location.hash = `mcp-tool=search&mcp-args=${encodeURIComponent(JSON.stringify({ query: 'gone' }))}`
    await new Promise((r) => setTimeout(r, 300))
    expect(list.selected, 'the removed list opened nothing').to.equal(undefined)
  })

  it('without url-state, picking a tool leaves the URL alone', async () => {
    const { list } = await page(false)
    row(list, 'search').click()
    await eventually(() => !!field(list, 'Query'), 'the form')
    await fillForm(list, [{ fill: 'Query', with: 'quiet' }])
    await new Promise((r) => setTimeout(r, 600))
    expect(location.href).to.equal(start)
  })
})
