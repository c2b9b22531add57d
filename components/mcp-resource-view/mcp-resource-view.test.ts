// <mcp-resource-view> in headless Chromium against real servers: the fixture
// (`main`) for reading by MIME type and a read that asks for input, and the
// `resources` test server for errors with Retry and live updates, and the
// `documents` test server for a PDF and a binary, followed past the page into the
// browser (the tab it opens, the download it saves) through test/support/browser-commands.mjs.
import { expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand, sendKeys } from '@web/test-runner-commands'
import { McpClient } from '../../src/client/index.js'
import {
  deepText,
  controlServer,
  deepQuery,
  deepQueryAll,
  eventually,
  requestsFor,
  serverUrl,
  expectAbsent,
  chromiumOnly,
  itExceptIn,
} from '../../test/support/browser.js'
import '../mcp-server/mcp-server.js'
import './mcp-resource-view.js'
import type { McpResourceViewElement } from './mcp-resource-view.js'

const shown = (el: McpResourceViewElement) => deepText(el)
const statusText = (el: McpResourceViewElement) => el.shadowRoot!.querySelector('[part="status"]')!.textContent!.trim()
const readsOf = async (uri: string, server: string) => (await requestsFor('resources/read', server)).filter((r) => r.params?.uri === uri)

/** What test/support/browser-commands.mjs says of the tab a link opened. */
interface OpenedTab {
  url: string
  mimeType: string
  frames: string[]
  hasOpener: unknown
  trap: unknown
}

/** A view of `uri` on a test server, once its link (`part`) is there. */
async function viewWithLink(server: string, uri: string, part: 'pdf' | 'download') {
  const el = await fixture<McpResourceViewElement>(
    html`<mcp-resource-view uri=${uri} .client=${new McpClient(await serverUrl(server))}></mcp-resource-view>`,
  )
  await eventually(() => deepQueryAll(el, `a[part="${part}"]`).length === 1, `the ${part} link`)
  return { el, link: deepQuery<HTMLAnchorElement>(el, `a[part="${part}"]`) }
}

/** Follows a link as a user does (a key press, so the browser lets a tab open or a download start), and what came of it. */
async function follow<R>(
  link: HTMLAnchorElement,
  watch: 'expect-tab' | 'expect-download',
  result: 'opened-tab' | 'downloaded',
): Promise<R> {
  await executeServerCommand(watch)
  link.focus()
  await sendKeys({ press: 'Enter' })
  return executeServerCommand<R, undefined>(result)
}

const OPENS_PDF_TAB = chromiumOnly(
  'reads the new tab and Chromium’s PDF viewer frame through Playwright and CDP; no such view of Firefox’s or WebKit’s viewer here',
)
const DOWNLOADS = chromiumOnly(
  'follows the download through Playwright’s download event; puppeteer over WebDriver BiDi and WebDriver classic report none',
)

describe('<mcp-resource-view>', () => {
  let main: string
  let live: string
  before(async () => {
    main = await serverUrl('main')
    live = await serverUrl('resources')
  })
  beforeEach(() => controlServer('resources', 'reset'))

  it('reads a text resource and shows its text through <mcp-content>', async () => {
    const client = new McpClient(main)
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="fixture://greeting" .client=${client}></mcp-resource-view>`,
    )
    await eventually(() => shown(el).includes('Hello from the fixture server'), 'the greeting text')
    // Nothing changed since it was read: nothing to announce (a screen reader would say "Updated." otherwise).
    expect(statusText(el)).to.equal('')
    const content = deepQuery<HTMLElement & { blocks: unknown }>(el, 'mcp-content')
    expect(content.blocks).to.deep.equal([
      { type: 'resource', resource: { uri: 'fixture://greeting', mimeType: 'text/plain', text: 'Hello from the fixture server' } },
    ])
    await expect(el).to.be.accessible()
  })

  it('shows an image resource as an image', async () => {
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="fixture://logo.png" .client=${new McpClient(main)}></mcp-resource-view>`,
    )
    await eventually(
      () => deepQueryAll<HTMLImageElement>(el, 'img').some((img) => img.src.startsWith('data:image/png;base64,')),
      'the PNG drawn',
    )
  })

  itExceptIn(
    OPENS_PDF_TAB,
    'opens a PDF from the server in the browser’s PDF viewer, in a tab of its own that cannot reach this page',
    async () => {
      const { el, link: open } = await viewWithLink('documents', 'doc://files/report.pdf', 'pdf')
      expect(open.textContent!.trim()).to.equal('Open report.pdf in a new tab')
      expect([open.target, open.rel]).to.deep.equal(['_blank', 'noopener noreferrer'])
      expect(deepQueryAll(el, 'iframe'), 'no frame: Chromium shows no PDF in a sandboxed one').to.have.length(0)
      // The bytes behind the link are the server's PDF, typed so that only the PDF viewer reads them.
      const blob = await (await fetch(open.href)).blob()
      expect(blob.type).to.equal('application/pdf')
      expect(new TextDecoder('latin1').decode((await blob.arrayBuffer()).slice(0, 9))).to.equal('%PDF-1.4\n')

      const tab = await follow<OpenedTab>(open, 'expect-tab', 'opened-tab')
      expect(tab.url).to.equal(open.href, 'the tab navigated to the PDF')
      expect(tab.mimeType).to.equal('application/pdf', 'the browser took it as a PDF')
      expect(
        tab.frames.some((url) => /^chrome-extension:\/\/[a-z]+\/index\.html$/.test(url)),
        `the PDF viewer drew it: ${JSON.stringify(tab)}`,
      ).to.equal(true)
      expect(tab.hasOpener).to.equal(false, 'no way back to this page')
      // Its open action ran app.alert in the viewer, not here.
      expect(await executeServerCommand<string[], undefined>('page-dialogs')).to.deep.equal([])
      await expect(el).to.be.accessible()
    },
  )

  itExceptIn(OPENS_PDF_TAB, 'opens HTML sent as a PDF in the PDF viewer too, where none of its script runs', async () => {
    const { link: open } = await viewWithLink('hostile', 'hostile://fake.pdf', 'pdf')
    const tab = await follow<OpenedTab>(open, 'expect-tab', 'opened-tab')
    expect(tab).to.deep.include({ url: open.href, mimeType: 'application/pdf', trap: null, hasOpener: false })
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
  })

  itExceptIn(
    DOWNLOADS,
    'offers a binary from the server as a download with its name and size, which saves the server’s bytes',
    async () => {
      const { el, link } = await viewWithLink('documents', 'doc://files/archive.zip', 'download')
      expect(link.textContent!.trim()).to.equal('Download archive.zip (12.3 kB)')
      expect(deepQueryAll(el, 'iframe, a[part="pdf"], img, audio, video')).to.have.length(0)
      const { fileName, size, url } = await follow<{ fileName: string; size: number; url: string }>(link, 'expect-download', 'downloaded')
      expect({ fileName, size, url }).to.deep.equal({ fileName: 'archive.zip', size: 12_345, url: link.href })
      await expect(el).to.be.accessible()
    },
  )

  it('answers the input a read asks for through the client handlers, then shows the result', async () => {
    const asked: string[] = []
    const client = new McpClient(main, {
      handlers: {
        elicitation: async (params) => {
          asked.push(String(params.message))
          return { action: 'accept', content: { confirm: true } }
        },
      },
    })
    const el = await fixture<McpResourceViewElement>(html`<mcp-resource-view uri="fixture://secret" .client=${client}></mcp-resource-view>`)
    await eventually(() => shown(el).includes('the secret is 42'), 'the secret')
    expect(asked).to.deep.equal(['Reveal the secret?'])
    const retry = (await readsOf('fixture://secret', 'main')).at(-1)
    expect(retry.params.inputResponses.confirm).to.deep.include({ action: 'accept', content: { confirm: true } })
  })

  it('shows a read error readably, and Retry reads again', async () => {
    await controlServer('resources', 'fail-next', { count: 1 })
    const before = (await readsOf('live://flaky', 'resources')).length
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="live://flaky" .client=${new McpClient(live)}></mcp-resource-view>`,
    )
    const alert = () => el.shadowRoot!.querySelector('[role="alert"]')
    await eventually(() => alert() !== null, 'the error')
    expect(alert()!.textContent).to.include('Could not read live://flaky').and.include('The disk is on fire')
    await expect(el).to.be.accessible()
    const retry = alert()!.querySelector('button')!
    expect(retry.textContent!.trim()).to.equal('Retry')
    retry.click()
    await eventually(() => shown(el).includes('read at last'), 'the text after Retry')
    expectAbsent(alert(), 'the error alert')
    expect((await readsOf('live://flaky', 'resources')).length).to.equal(before + 2)
  })

  it('subscribes to updates of the viewed resource and shows the new text when the server says it changed', async () => {
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="live://note" .client=${new McpClient(live)}></mcp-resource-view>`,
    )
    // Every text the live region shows, in order: what a screen reader announces.
    const statuses = [statusText(el)]
    const status = el.shadowRoot!.querySelector('[part="status"]')!
    new MutationObserver(() => statuses.at(-1) !== statusText(el) && statuses.push(statusText(el))).observe(status, {
      subtree: true,
      childList: true,
      characterData: true,
    })
    await eventually(() => shown(el).includes('first version'), 'the first text')
    await eventually(() => el.shadowRoot!.querySelector('.live') !== null, 'the Live badge (subscription acknowledged)')
    const listens = await requestsFor('subscriptions/listen', 'resources')
    expect(listens.at(-1).params.notifications).to.deep.equal({ resourceSubscriptions: ['live://note'] })

    const reads = (await readsOf('live://note', 'resources')).length
    await controlServer('resources', 'update', { text: 'second version' })
    await eventually(() => shown(el).includes('second version'), 'the updated text')
    expect(shown(el)).not.to.include('first version')
    expect(statusText(el)).to.equal('Updated.')
    expect((await readsOf('live://note', 'resources')).length).to.equal(reads + 1)
    // Loading while there is nothing to show yet; Updating while the old text stays in view.
    expect(statuses).to.deep.equal(['Loading live://note…', '', 'Updating…', 'Updated.'])
  })

  it('inside <mcp-server>, reads through its client and follows updates', async () => {
    const server = await fixture(html`<mcp-server url=${live}><mcp-resource-view uri="live://note"></mcp-resource-view></mcp-server>`)
    const el = server.querySelector('mcp-resource-view')!
    await eventually(() => shown(el).includes('first version'), 'the first text')
    await eventually(() => el.shadowRoot!.querySelector('.live') !== null, 'the Live badge')
    await controlServer('resources', 'update', { text: 'pushed through the server element' })
    await eventually(() => shown(el).includes('pushed through the server element'), 'the updated text')
  })

  it('stops following a resource once removed from the page', async () => {
    // The first read is held at the HTTP level for a moment, so the subscription is acknowledged before it lands (as
    // it may be on any network): only reads after the removal count, so the first must be done before it.
    const slowReads: typeof fetch = (input, init) =>
      String(init?.body).includes('"resources/read"')
        ? new Promise((r) => setTimeout(r, 300)).then(() => fetch(input, init))
        : fetch(input, init)
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="live://note" .client=${new McpClient(live, { fetch: slowReads })}></mcp-resource-view>`,
    )
    await eventually(() => el.shadowRoot!.querySelector('.live') !== null, 'the subscription')
    await eventually(() => statusText(el) === '', 'the first read done')
    el.remove()
    const reads = (await readsOf('live://note', 'resources')).length
    await controlServer('resources', 'update', { text: 'nobody is looking' })
    await new Promise((r) => setTimeout(r, 300))
    expect((await readsOf('live://note', 'resources')).length).to.equal(reads)
  })

  it('follows the new URI when its uri changes', async () => {
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="live://flaky" .client=${new McpClient(live)}></mcp-resource-view>`,
    )
    await eventually(() => shown(el).includes('read at last'), 'the first resource')
    el.uri = 'live://note'
    // Reflected, so the page can select the view by what it shows (mcp-resource-view[uri="…"]).
    await el.updateComplete
    expect(el.getAttribute('uri')).to.equal('live://note')
    await eventually(() => shown(el).includes('first version'), 'the second resource')
    expect(shown(el)).not.to.include('read at last')
    await eventually(() => el.shadowRoot!.querySelector('.live') !== null, 'the subscription to the new URI')
    const listens = await requestsFor('subscriptions/listen', 'resources')
    expect(listens.at(-1).params.notifications).to.deep.equal({ resourceSubscriptions: ['live://note'] })
    await controlServer('resources', 'update', { text: 'changed again' })
    await eventually(() => shown(el).includes('changed again'), 'the update of the new URI')
  })

  it('says so when the server sends contents that are not a list', async () => {
    await controlServer('resources', 'junk', { on: true })
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="live://note" .client=${new McpClient(live)}></mcp-resource-view>`,
    )
    await eventually(() => el.shadowRoot!.querySelector('[role="alert"]') !== null, 'the message')
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.equal('The server sent contents that are not a list.')
  })

  it('shows no Live badge and opens no subscription on a server without resource subscriptions', async () => {
    const listens = (await requestsFor('subscriptions/listen', 'documents')).length
    const { el } = await viewWithLink('documents', 'doc://files/archive.zip', 'download')
    await new Promise((r) => setTimeout(r, 200))
    expectAbsent(el.shadowRoot!.querySelector('.live'), 'the Live badge')
    expect((await requestsFor('subscriptions/listen', 'documents')).length, 'subscriptions/listen requests').to.equal(listens)
  })

  it('re-reads for an update of its own URI only, not of a sub-resource the server reports under it', async () => {
    // The spec lets a server report an update of a sub-resource to whoever subscribed to the parent, and the client
    // hands it on; the SDK sends none, so the test server's front pushes it onto the open listen stream.
    await controlServer('resource-faults', 'reset')
    const client = new McpClient(await serverUrl('resource-faults'))
    const el = await fixture<McpResourceViewElement>(html`<mcp-resource-view uri="faults://folder" .client=${client}></mcp-resource-view>`)
    await eventually(() => shown(el).includes('the folder'), 'the first text')
    await eventually(() => el.shadowRoot!.querySelector('.live') !== null, 'the Live badge (subscription acknowledged)')
    const reads = (await readsOf('faults://folder', 'resource-faults')).length
    const message = { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'faults://folder/a.txt' } }
    await controlServer('resource-faults', 'push', { message })
    await new Promise((r) => setTimeout(r, 300))
    expect(statusText(el), 'the status after a sub-resource update').to.equal('')
    expect((await readsOf('faults://folder', 'resource-faults')).length, 'reads after a sub-resource update').to.equal(reads)
    // The same stream still carries the view's own updates (so the quiet above was not a dead stream).
    await controlServer('resource-faults', 'update', { text: 'the folder, changed' })
    await eventually(() => shown(el).includes('the folder, changed'), 'the updated text')
    expect(statusText(el)).to.equal('Updated.')
    expect((await readsOf('faults://folder', 'resource-faults')).length, 'reads after its own update').to.equal(reads + 1)
  })

  it('reads but does not subscribe when the server cannot say whether it offers subscriptions (discovery fails)', async () => {
    await controlServer('resource-faults', 'reset')
    await controlServer('resource-faults', 'mode', { mode: 'discover-error' })
    const listens = (await requestsFor('subscriptions/listen', 'resource-faults')).length
    const client = new McpClient(await serverUrl('resource-faults'))
    const el = await fixture<McpResourceViewElement>(html`<mcp-resource-view uri="faults://folder" .client=${client}></mcp-resource-view>`)
    await eventually(() => shown(el).includes('the folder'), 'the text')
    await new Promise((r) => setTimeout(r, 300))
    expectAbsent(el.shadowRoot!.querySelector('.live'), 'the Live badge')
    expectAbsent(el.shadowRoot!.querySelector('[role="alert"]'), 'an error (reading worked)')
    const after = (await requestsFor('subscriptions/listen', 'resource-faults')).length
    await controlServer('resource-faults', 'reset')
    expect(after, 'subscriptions/listen requests').to.equal(listens)
  })

  it('reads and follows nothing without a uri, at first or once it is cleared', async () => {
    const client = new McpClient(live)
    const server = await fixture(html`<div>
      <mcp-resource-view .client=${client}></mcp-resource-view>
      <mcp-resource-view uri="live://note" .client=${client}></mcp-resource-view>
    </div>`)
    const [empty, note] = [...server.querySelectorAll<McpResourceViewElement>('mcp-resource-view')]
    // The view of live://note on the same client is the clock: once it is read and live, the empty one had its chance.
    await eventually(() => note.shadowRoot!.querySelector('.live') !== null, 'the other view live')
    await new Promise((r) => setTimeout(r, 100))
    // Cleared: the view stops following what it showed, and follows nothing in its place.
    note.uri = ''
    await eventually(() => note.shadowRoot!.querySelector('.live') === null, 'the Live badge gone with the uri')
    await new Promise((r) => setTimeout(r, 200))
    for (const view of [empty, note]) {
      expectAbsent(view.shadowRoot!.querySelector('[role="alert"]'), 'an error for the empty uri')
      expectAbsent(view.shadowRoot!.querySelector('.live'), 'a Live badge without a uri')
      expect(statusText(view)).to.equal('')
    }
    expect(await readsOf('', 'resources'), 'reads of an empty uri').to.have.length(0)
    const followed = (await requestsFor('subscriptions/listen', 'resources')).flatMap((r) => r.params.notifications.resourceSubscriptions)
    expect(followed, 'subscriptions asked for').not.to.include('')
  })

  it('heads the contents with the listed title, else the name', async () => {
    const client = new McpClient(main)
    const titled = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="fixture://greeting" .client=${client} .resource=${{ uri: 'fixture://greeting', name: 'greeting', title: 'Greeting' }}></mcp-resource-view>`,
    )
    expect(titled.shadowRoot!.querySelector('.title')!.textContent).to.equal('Greeting')
    const named = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="fixture://greeting" .client=${client} .resource=${{ uri: 'fixture://greeting', name: 'greeting' }}></mcp-resource-view>`,
    )
    expect(named.shadowRoot!.querySelector('.title')!.textContent).to.equal('greeting')
  })

  it('shows hostile resource text as text', async () => {
    const el = await fixture<McpResourceViewElement>(
      html`<mcp-resource-view uri="live://hostile" .client=${new McpClient(live)}></mcp-resource-view>`,
    )
    await eventually(() => shown(el).includes('<script>window.__pwned=1</script>'), 'the hostile text, as text')
    await new Promise((r) => setTimeout(r, 100))
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
    expect(deepQueryAll<HTMLImageElement>(el, 'img').filter((img) => img.getAttribute('src') === 'x')).to.have.length(0)
  })
})
