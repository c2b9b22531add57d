// <mcp-server> in headless Chromium against real servers: the main fixture,
// `live` (its tool list changes; its listen streams can be dropped) and
// `flaky` (answers like a broken server on demand), both behind an HTTP front
// (test/support/servers/front.ts).
import { consume } from '@lit/context'
import { expect, fixture, html } from '@open-wc/testing'
import { LitElement } from 'lit'
import { state } from 'lit/decorators.js'
import { McpClient, type DiscoverResult, type Implementation } from '../../src/client/index.js'
import { controlServer, eventually, nextEvent, requestsFor, serverUrl } from '../../test/support/browser.js'
import { connectionContext, type McpConnection } from '../shared/context.js'
import './mcp-server.js'
import type { McpServerElement } from './mcp-server.js'

/** Records every connection object it is given, as a list element would see them. */
class ConnectionProbe extends LitElement {
  @consume({ context: connectionContext, subscribe: true })
  @state()
  connection?: McpConnection
  seen: McpConnection[] = []
  protected override updated(): void {
    if (this.connection && this.seen.at(-1) !== this.connection) this.seen.push(this.connection)
  }
}
customElements.define('connection-probe', ConnectionProbe)

const shadowText = (el: Element) => (el.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ')
const part = (el: McpServerElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
const openListens = async (server: string) => (await controlServer<{ open: number }>(server, 'open-listens')).open

/** A server element on the page, with a promise of its first `type` event (listened for before it can fire). */
async function mounted(url: string, type: string): Promise<{ el: McpServerElement; event: Promise<CustomEvent<any>> }> {
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`)
  const el = document.createElement('mcp-server')
  const event = nextEvent<CustomEvent<any>>(el, type)
  el.url = url
  wrapper.append(el)
  return { el, event }
}

async function connected(template: unknown): Promise<McpServerElement> {
  const wrapper = await fixture<HTMLDivElement>(html`<div>${template}</div>`)
  const el = wrapper.querySelector('mcp-server')!
  await eventually(() => el.connection?.status === 'ready' || el.connection?.status === 'error', 'the server element to settle')
  return el
}

describe('<mcp-server>', () => {
  afterEach(async () => {
    await controlServer('live', 'reset')
    await controlServer('flaky', 'mode', { mode: 'ok' })
  })

  it('discovers the server, shows who it is, and provides a ready connection to the elements inside', async () => {
    const url = await serverUrl()
    const { el, event } = await mounted(url, 'mcp-connected')
    const probe = el.appendChild(document.createElement('connection-probe')) as ConnectionProbe
    const { detail } = (await event) as CustomEvent<{ server: DiscoverResult; serverInfo?: Implementation }>
    expect(detail.server.capabilities.tools).to.deep.equal({ listChanged: true })
    // Who the server says it is, the one way every element knows it (client.serverInfo).
    expect(detail.serverInfo).to.deep.equal({ name: 'mcp-elements-fixture', version: '1.0.0' })
    // It can answer elicitations in both modes, and says so.
    const [discover] = (await requestsFor('server/discover')).slice(-1)
    expect(discover.params._meta['io.modelcontextprotocol/clientCapabilities'].elicitation).to.deep.equal({ form: {}, url: {} })
    expect(part(el, 'title')!.textContent).to.equal('mcp-elements-fixture')
    expect(part(el, 'status')!.textContent).to.match(/Connected/)
    expect(part(el, 'instructions')!.textContent).to.include('Fixture server for mcp-elements tests.')
    await eventually(() => probe.connection?.status === 'ready', 'the probe to get the ready connection')
    expect(probe.connection!.client).to.be.instanceOf(McpClient)
    expect(probe.connection!.client.url).to.equal(url)
    expect(probe.seen[0].status).to.equal('connecting')
    await expect(el).to.be.accessible()
  })

  it('declares sampling and roots only when the page answers them (answers="sampling roots"), and then the page answers', async () => {
    const url = await serverUrl()
    const callsOf = async (tool: string) => (await requestsFor('tools/call')).filter((r) => r.params?.name === tool)
    const capabilities = (request: any) => request.params._meta['io.modelcontextprotocol/clientCapabilities']
    const plain = await mounted(url, 'mcp-connected')
    await plain.event
    // Called as the user's own (a call from page code would ask for approval first). The server says it needs roots
    // (-32021), the retry declares them so it can ask, and with nobody to answer the caller is told what is needed.
    const before = (await callsOf('list_roots')).length
    const error = await plain.el.activeClient!.callTool('list_roots', {}, { origin: { kind: 'user' } }).catch((e) => e)
    expect(error.name).to.equal('InputRequiredError')
    const [first] = (await callsOf('list_roots')).slice(before)
    expect(capabilities(first).elicitation).to.deep.equal({ form: {}, url: {} })
    expect(capabilities(first), 'nobody answers sampling or roots, so they are not declared').not.to.have.any.keys('sampling', 'roots')
    plain.el.remove()

    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`)
    const el = document.createElement('mcp-server')
    el.setAttribute('answers', 'sampling roots')
    const event = nextEvent(el, 'mcp-connected')
    el.url = url
    wrapper.append(el)
    await event
    el.addEventListener('mcp-input-required', (e) => {
      const { detail } = e as CustomEvent<{ method: string; respond: (answer: unknown) => void }>
      if (detail.method !== 'sampling/createMessage') return
      e.preventDefault()
      detail.respond({ role: 'assistant', model: 'page-model', content: { type: 'text', text: 'Paris' } })
    })
    const result = await el.activeClient!.callTool('ask_model', {}, { origin: { kind: 'user' } })
    expect(result.content).to.deep.equal([{ type: 'text', text: 'Model said: Paris' }])
    expect(capabilities((await callsOf('ask_model')).at(-1))).to.include.keys('elicitation', 'sampling', 'roots')
  })

  it('shows the server title, name and icon, and its instructions as text', async () => {
    const el = await connected(html`<mcp-server url=${await serverUrl('live')}></mcp-server>`)
    expect(part(el, 'title')!.textContent).to.equal('Live Tools')
    expect(shadowText(el)).to.include('live-server 2.0.0')
    const icon = part(el, 'icon')!
    const sent = (el.connection!.server!._meta!['io.modelcontextprotocol/serverInfo'] as { icons: { src: string }[] }).icons[0].src
    expect(sent).to.match(/^data:image\/svg\+xml;base64,/)
    await eventually(() => icon.shadowRoot?.querySelector('img')?.getAttribute('src') === sent, 'the server icon')
    el.theme = 'dark'
    await el.updateComplete
    expect((icon as HTMLElement & { theme?: string }).theme, 'the icon follows the theme attribute').to.equal('dark')
    const instructions = part(el, 'instructions')!.querySelector('p')!
    expect(instructions.textContent).to.equal('Tools come and go.\nWatch the list.')
    expect(instructions.children.length).to.equal(0)
  })

  it('shows the server’s own description, and its website as a link named by its host', async () => {
    const el = await connected(html`<mcp-server url=${await serverUrl('demo')}></mcp-server>`)
    await eventually(() => !!part(el, 'description'), 'the description')
    expect(part(el, 'description')!.textContent).to.equal('Every feature mcp-web-elements shows, in one server.')
    const website = part(el, 'website') as HTMLAnchorElement
    expect(website.href).to.equal('https://example.com/mcp-web-elements')
    expect(website.textContent).to.equal('example.com')
    expect(website.rel).to.equal('noopener noreferrer')
    expect(website.target).to.equal('_blank')
  })

  // Each server offers list changes of one kind: the listen stream asks for that kind, and a change moves its counter only.
  for (const [name, kind, filter, action, added] of [
    ['live', 'tools', 'toolsListChanged', 'add-tool', { name: 'gamma' }],
    ['prompts', 'prompts', 'promptsListChanged', 'add', { name: 'pushed' }],
    ['resources', 'resources', 'resourcesListChanged', 'add', { name: 'pushed', uri: 'live://pushed', text: 'pushed' }],
  ] as const) {
    it(`listens for ${kind} list changes where the server offers them, and moves the ${kind} counter`, async () => {
      await controlServer(name, 'reset')
      const before = (await requestsFor('subscriptions/listen', name)).length
      const wrapper = await fixture<HTMLDivElement>(
        html`<div>
          <mcp-server url=${await serverUrl(name)}><connection-probe></connection-probe></mcp-server>
        </div>`,
      )
      const el = wrapper.querySelector('mcp-server')!
      await eventually(() => part(el, 'status')!.textContent === 'Connected, live updates', 'the live status')
      const listens = (await requestsFor('subscriptions/listen', name)).slice(before)
      expect(listens.at(-1).params.notifications).to.deep.equal({ [filter]: true })
      const probe = wrapper.querySelector<ConnectionProbe>('connection-probe')!
      const seenBefore = probe.connection!
      await controlServer(name, action, added)
      await eventually(() => probe.connection!.changes[kind] === seenBefore.changes[kind] + 1, `the ${kind} counter to move`)
      expect(probe.connection, 'a new connection object, so the elements inside update').to.not.equal(seenBefore)
      for (const other of (['tools', 'resources', 'prompts'] as const).filter((k) => k !== kind))
        expect(probe.connection!.changes[other], `the ${other} counter`).to.equal(seenBefore.changes[other])
      await controlServer(name, 'reset')
    })
  }

  it('moves every counter after the listen stream drops and comes back', async () => {
    const el = await connected(html`<mcp-server url=${await serverUrl('live')}></mcp-server>`)
    await eventually(() => el.connection?.status === 'ready' && part(el, 'status')!.textContent!.includes('live'), 'live updates')
    const before = el.connection!.changes
    await controlServer('live', 'drop-listens')
    await eventually(
      () =>
        el.connection!.changes.tools > before.tools &&
        el.connection!.changes.resources > before.resources &&
        el.connection!.changes.prompts > before.prompts,
      'every counter to move after the reconnect',
    )
    await eventually(async () => (await openListens('live')) === 1, 'one listen stream open again')
  })

  it('closes its listen stream when removed from the page, also on a client the page handed it', async () => {
    await eventually(async () => (await openListens('live')) === 0, 'no listen streams left from earlier tests')
    const own = await connected(html`<mcp-server url=${await serverUrl('live')}></mcp-server>`)
    await eventually(async () => (await openListens('live')) === 1, 'the listen stream to open')
    own.remove()
    await eventually(async () => (await openListens('live')) === 0, 'the listen stream to close')

    const client = new McpClient(await serverUrl('live'))
    const handed = await connected(html`<mcp-server .client=${client}></mcp-server>`)
    await eventually(async () => (await openListens('live')) === 1, 'the listen stream to open')
    handed.remove()
    await eventually(async () => (await openListens('live')) === 0, 'the listen stream to close')
  })

  it('connects anew when its url changes', async () => {
    const el = await connected(html`<mcp-server url=${await serverUrl()}></mcp-server>`)
    const first = el.connection!.client
    el.url = await serverUrl('live')
    await eventually(() => part(el, 'title')!.textContent === 'Live Tools', 'the new server title')
    expect(el.connection!.client).to.not.equal(first)
    expect(el.connection!.client.url).to.equal(el.url)
  })

  it('a url changed while it connects drops the first attempt quietly: no error, no error state, then the new server', async () => {
    const { el, event } = await mounted(await serverUrl(), 'mcp-connected')
    const errors: unknown[] = []
    el.addEventListener('mcp-error', (e) => errors.push((e as CustomEvent).detail.error))
    const probe = el.appendChild(document.createElement('connection-probe')) as ConnectionProbe
    // The first server's discovery is on its way (a network round trip): the page points the element elsewhere.
    await el.updateComplete
    expect(el.connection?.status).to.equal('connecting')
    el.url = await serverUrl('live')
    await event
    await eventually(() => part(el, 'title')!.textContent === 'Live Tools', 'the new server title')
    expect(errors).to.deep.equal([])
    expect(probe.seen.map((c) => c.status)).to.not.include('error')
  })

  it('with no url, stays as it starts and tells of no state change', async () => {
    const states: unknown[] = []
    const el = document.createElement('mcp-server')
    el.addEventListener('mcp-connection-state', (e) => states.push((e as CustomEvent).detail))
    const initial = el.connectionState.state
    await fixture(html`<div>${el}</div>`)
    await el.updateComplete
    await new Promise((r) => setTimeout(r, 100))
    expect([el.connectionState.state, states]).to.deep.equal([initial, []])
  })

  it('uses a client handed to it', async () => {
    const client = new McpClient(await serverUrl())
    const el = await connected(html`<mcp-server .client=${client}></mcp-server>`)
    expect(el.connection!.client).to.equal(client)
    expect(el.connection!.status).to.equal('ready')
  })

  for (const [mode, words] of [
    ['http-500', /HTTP error \(500\)/],
    ['not-json', /not an MCP response/],
    // The connection doctor's finding, with the header to send.
    ['no-cors', /sends no CORS headers.*Access-Control-Allow-Origin/s],
  ] as const) {
    it(`shows a ${mode} failure in words, fires mcp-error, and recovers on Retry`, async () => {
      await controlServer('flaky', 'mode', { mode })
      const { el, event } = await mounted(await serverUrl('flaky'), 'mcp-error')
      const failed = await event
      expect(failed.detail.error).to.be.instanceOf(Error)
      // The words load with the first failure (a chunk of their own).
      await eventually(() => words.test(part(el, 'error')?.textContent ?? ''), 'the failure in words')
      expect(part(el, 'status')!.textContent).to.equal('Not connected')
      await expect(el).to.be.accessible()

      await controlServer('flaky', 'mode', { mode: 'ok' })
      const ready = nextEvent(el, 'mcp-connected')
      part(el, 'retry')!.click()
      await ready
      await el.updateComplete
      expect(part(el, 'error') === null, 'the error is gone').to.equal(true)
      expect(part(el, 'title')!.textContent).to.equal('flaky-server')
    })
  }

  it('shows an unreachable server as such', async () => {
    const el = await connected(html`<mcp-server url="http://127.0.0.1:9/mcp"></mcp-server>`)
    expect(part(el, 'error')!.textContent).to.include('Nothing answers at http://127.0.0.1:9/mcp')
    expect(part(el, 'retry')!.textContent).to.equal('Retry')
  })

  it('hides its header when compact, but still shows errors', async () => {
    const el = await connected(html`<mcp-server compact url="http://127.0.0.1:9/mcp"></mcp-server>`)
    expect(getComputedStyle(part(el, 'header')!).display).to.equal('none')
    expect(part(el, 'error')!.checkVisibility()).to.equal(true)
    // Set as a property (a framework's binding), the same: the styles follow the reflected attribute.
    el.compact = false
    await el.updateComplete
    expect(getComputedStyle(part(el, 'header')!).display).to.not.equal('none')
    el.compact = true
    await el.updateComplete
    expect(getComputedStyle(part(el, 'header')!).display).to.equal('none')
  })
})
