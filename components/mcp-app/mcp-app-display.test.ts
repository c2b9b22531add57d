// <mcp-app> and what a view may do to the page around it (issue 17): display modes are entered only on a user's action
// inside the view and only as the page allows; the view keeps its frame (and its state) across modes; browser features
// are granted only as the page lists them; and the view is marked as the server's content, with notes for the sites
// and features it declared. Clicks are real mouse clicks (sendMouse) inside the view's cross-origin frame.
import { fixture, html, expect } from '@open-wc/testing'
import { sendKeys, sendMouse } from '@web/test-runner-commands'
import { McpClient, readAppResource } from '../../src/client/index.js'
import { eventually, expectPresent, nextEvent } from '../../test/support/browser.js'
import { appsServer, frameOf, logged, logsOf, showApp, toolOf } from '../../test/support/app-views.js'
import '../mcp-server/mcp-server.js'
import type { McpAppElement } from './mcp-app.js'

let url: string

before(async function (this: { timeout(ms: number): void }) {
  // The first use starts the server, which bundles the views with esbuild.
  this.timeout(60_000)
  url = (await appsServer()).url
})

afterEach(async () => {
  // A test's click leaves the mouse button state as it was; move it off whatever the next test shows.
  await sendMouse({ type: 'move', position: [0, 0] })
})

/** A real click at the centre of `el`'s box (in the page's viewport), once the page has drawn it where it is now. */
async function clickOn(el: Element): Promise<void> {
  // The browser routes a click into a cross-origin frame by what was last drawn: a frame that just moved (inline to
  // fullscreen) needs its new place drawn first, as it is before any person could click it.
  for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame)
  await new Promise((r) => setTimeout(r, 150))
  const r = el.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] })
}

const part = (el: McpAppElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~=${name}]`)
const notes = (el: McpAppElement) =>
  [...el.shadowRoot!.querySelectorAll('[part~=note]')].map((n) => n.textContent!.replace(/\s+/g, ' ').trim())
const coversViewport = (el: McpAppElement) => {
  const box = part(el, 'boundary')!.getBoundingClientRect()
  return box.left === 0 && box.top === 0 && box.width === innerWidth && box.height === innerHeight
}

// Real clicks, each a round trip through two cross-origin frames, on a machine shared with other runs: 30 s a test.
describe('<mcp-app>: display modes need the user and the page', function (this: { timeout(ms: number): void }) {
  this.timeout(30_000)
  it('a view asking for fullscreen as its result arrives (no user action) stays inline, though it declared it and the page allows it', async () => {
    const { el, logs } = await showApp('show_fullscreen', { attributes: { 'allow-display-modes': 'inline fullscreen' } })
    const [atLoad] = await logged(logs, 'at-load')
    expect(atLoad.mode).to.equal('inline')
    expect(el.getAttribute('display-mode')).to.equal('inline')
    expect(coversViewport(el)).to.equal(false)
  })

  it('a click on the page (its Call button) just before the result arrives does not count: the view’s grab still fails', async () => {
    const { el, logs, client } = await showApp('show_fullscreen', {
      result: false,
      attributes: { 'allow-display-modes': 'inline fullscreen' },
    })
    const call = document.createElement('button')
    call.textContent = 'Call'
    el.before(call)
    try {
      // The click gives the page transient user activation, as a click in the view would: it is not the view's.
      await clickOn(call)
      expect(navigator.userActivation.isActive).to.equal(true)
      el.result = await client.callTool('show_fullscreen', {})
      const [atLoad] = await logged(logs, 'at-load')
      expect(atLoad.mode).to.equal('inline')
      expect(el.getAttribute('display-mode')).to.equal('inline')
    } finally {
      call.remove()
    }
  })

  it('a click inside the view enters fullscreen; the frame stays the same node and the view keeps its state; a second click returns inline', async () => {
    // The page allows picture-in-picture too: only the view's own declaration (inline, fullscreen) keeps it out.
    const { el, logs } = await showApp('show_fullscreen', { attributes: { 'allow-display-modes': 'inline fullscreen pip' } })
    const [{ loadId }] = await logged(logs, 'connected')
    await logged(logs, 'at-load')
    const frame = frameOf(el)!
    await clickOn(frame)
    const [entered] = await logged(logs, 'clicked')
    expect(entered).to.include({ asked: 'fullscreen', mode: 'fullscreen', clicks: 1, loadId })
    expect(el.getAttribute('display-mode')).to.equal('fullscreen')
    expect(coversViewport(el)).to.equal(true)
    expect(frameOf(el) === frame, 'the same frame element').to.equal(true)
    // Picture-in-picture was not declared: the view stays fullscreen.
    expect((await logged(logs, 'pip'))[0].mode).to.equal('fullscreen')
    await eventually(
      () => logs.some((l) => l.event === 'display-mode-changed' && l.displayMode === 'fullscreen'),
      'the view to hear fullscreen',
    )
    const changed = logs.find((l) => l.event === 'display-mode-changed')!
    expect(changed.containerDimensions).to.deep.equal({ width: innerWidth, height: innerHeight })
    // The view grew its document in fullscreen (and said so, size-changed): the frame still fills the screen below the
    // Back to the page bar, down to its bottom.
    await new Promise((r) => setTimeout(r, 300))
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame)
    const box = frameOf(el)!.getBoundingClientRect()
    expect(innerWidth - box.width, 'as wide as the screen, within its border').to.be.at.most(2)
    expect(innerHeight - box.bottom, 'down to the bottom of the screen, within its border').to.be.at.most(1)

    await clickOn(frameOf(el)!)
    await eventually(() => logs.filter((l) => l.event === 'clicked').length === 2, 'the second click', 8_000)
    const back = logs.filter((l) => l.event === 'clicked')[1]
    // The same document: its click count went on from 1, and its id from load is unchanged.
    expect(back).to.include({ asked: 'inline', mode: 'inline', clicks: 2, loadId })
    expect(logs.filter((l) => l.event === 'connected')).to.have.length(1)
    expect(el.getAttribute('display-mode')).to.equal('inline')
    expect(frameOf(el) === frame, 'the same frame element').to.equal(true)
    // Inline again, the frame is at once as tall as the view's document grew in fullscreen (its details not cut off
    // until the view happens to report its size again).
    expect(frame.getBoundingClientRect().height).to.be.at.least(150)
  })

  it('by default (no allow-display-modes) only inline: a click in the view does not enter fullscreen, and views are told so', async () => {
    const { el, logs } = await showApp('show_fullscreen')
    await logged(logs, 'at-load')
    await clickOn(frameOf(el)!)
    const [clicked] = await logged(logs, 'clicked')
    expect(clicked).to.include({ asked: 'fullscreen', mode: 'inline' })
    expect(el.getAttribute('display-mode')).to.equal('inline')
    const echo = await showApp('show_echo', { result: false })
    expect((await logged(echo.logs, 'host'))[0].context.availableDisplayModes).to.deep.equal(['inline'])
    const allowing = await showApp('show_echo', { result: false, attributes: { 'allow-display-modes': 'fullscreen bogus' } })
    expect((await logged(allowing.logs, 'host'))[0].context.availableDisplayModes).to.deep.equal(['inline', 'fullscreen'])
  })

  it('mcp-app-display-mode-request comes first, naming the mode, server and tool; preventDefault() keeps the view inline', async () => {
    const { el, logs } = await showApp('show_fullscreen', { attributes: { 'allow-display-modes': 'inline fullscreen' } })
    await logged(logs, 'at-load')
    const requests: CustomEvent[] = []
    const refuse = (e: Event) => (requests.push(e as CustomEvent), e.preventDefault())
    document.addEventListener('mcp-app-display-mode-request', refuse)
    try {
      await clickOn(frameOf(el)!)
      const [clicked] = await logged(logs, 'clicked')
      expect(clicked.mode).to.equal('inline')
      expect(requests.map((e) => e.detail)).to.deep.equal([{ mode: 'fullscreen', server: url, tool: 'show_fullscreen' }])
      expect(el.getAttribute('display-mode')).to.equal('inline')
    } finally {
      document.removeEventListener('mcp-app-display-mode-request', refuse)
    }
  })

  it('Escape on the page, and the Back to the page control (outside the view’s frame), return the view inline', async () => {
    const { el, logs } = await showApp('show_fullscreen', { attributes: { 'allow-display-modes': 'inline fullscreen' } })
    await logged(logs, 'at-load')
    await clickOn(frameOf(el)!)
    await eventually(() => el.getAttribute('display-mode') === 'fullscreen', 'fullscreen')
    // The control sits in the page's own header, not over the frame: nothing the view draws can cover it.
    const exit = part(el, 'exit')!
    expectPresent(exit, 'the Back to the page control')
    const [b, f] = [exit.getBoundingClientRect(), frameOf(el)!.getBoundingClientRect()]
    expect(b.bottom <= f.top || b.top >= f.bottom || b.right <= f.left || b.left >= f.right, 'the control beside the frame').to.equal(true)
    expect(el.shadowRoot!.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2) === exit, 'the control on top').to.equal(true)
    // A click on the page's header (focus leaves the view), then Escape.
    await clickOn(part(el, 'server')!)
    await sendKeys({ press: 'Escape' })
    await eventually(() => el.getAttribute('display-mode') === 'inline', 'inline after Escape')
    await eventually(
      () => logs.filter((l) => l.event === 'display-mode-changed').at(-1)?.displayMode === 'inline',
      'the view to hear inline',
    )

    await clickOn(frameOf(el)!)
    await eventually(() => el.getAttribute('display-mode') === 'fullscreen', 'fullscreen again')
    await clickOn(part(el, 'exit')!)
    await eventually(() => el.getAttribute('display-mode') === 'inline', 'inline after Back to the page')
  })
})

describe('<mcp-app>: browser features, other sites and the server are shown', function (this: { timeout(ms: number): void }) {
  this.timeout(30_000)
  it('the view is framed by a header naming the server: its URL’s host, and its name once <mcp-server> knows it', async () => {
    const { el } = await showApp('show_echo', { result: false })
    expect(part(el, 'header')!.textContent).to.contain(new URL(url).host)
    const { sandboxUrl } = await appsServer()
    const tool = await toolOf(new McpClient(url), 'show_echo')
    // The page's list on <mcp-server> reaches the views inside it (through the client it makes).
    const server = await fixture(
      html`<mcp-server url=${url} sandbox-url=${sandboxUrl} allow-display-modes="fullscreen"
        ><mcp-app .tool=${tool}></mcp-app
      ></mcp-server>`,
    )
    const app = server.querySelector('mcp-app') as McpAppElement
    const logs = logsOf(app)
    await nextEvent(app, 'mcp-app-ready', 9_000)
    expect((await logged(logs, 'host'))[0].context.availableDisplayModes).to.deep.equal(['inline', 'fullscreen'])
    await eventually(() => /apps-fixture/.test(part(app, 'header')!.textContent ?? ''), 'the server’s name in the header')
    expect(part(app, 'header')!.textContent).to.contain(new URL(url).host)
    // The echo view declared no other sites and no features: no notes.
    expect(notes(app)).to.deep.equal([])
  })

  it('a view changed before its resource came leaves its declared sites off the next view’s notes', async () => {
    const { sandboxUrl } = await appsServer()
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const [slow, echo] = await Promise.all([toolOf(client, 'show_slow_view'), toolOf(client, 'show_echo')])
    const el = document.createElement('mcp-app') as McpAppElement
    el.client = client
    el.tool = slow
    await fixture(html`<div style="width: 480px">${el}</div>`)
    // The slow view's resource is on its way (the server answers after 700 ms) when the page picks another tool.
    const slowAnswered = readAppResource(client, 'ui://apps/slow.html')
    const echoReady = nextEvent(el, 'mcp-app-ready', 9_000)
    el.tool = echo
    await echoReady
    await slowAnswered
    await new Promise((r) => setTimeout(r, 100))
    await el.updateComplete
    // The echo view declared no other sites: the slow view's, come late, are not shown as the echo view's.
    expect(notes(el)).to.deep.equal([])
    // Shown on its own, the slow view's note names its site (what the first check would have caught).
    const slowReady = nextEvent(el, 'mcp-app-ready', 9_000)
    el.tool = slow
    await slowReady
    expect(notes(el).join(' ')).to.contain('https://slow.example.com')
  })
})

describe('<mcp-app>: a hostile view cannot take the viewport or the page’s permissions', function (this: { timeout(ms: number): void }) {
  // The hostile view also floods size-changed notifications (5,000) before it is done.
  this.timeout(30_000)
  it('declared features are not granted by default; the frame allows nothing; a note names the server that asked, and the sites it declared', async () => {
    const { el, logs } = await showApp('show_hostile')
    expect(frameOf(el)!.getAttribute('allow') ?? '').to.equal('')
    const [features] = await logged(logs, 'features')
    // The view's own policy, where the engine lets a document read it (document.featurePolicy: Chromium only; Firefox
    // and WebKit report 'unknown'). In every engine, the features themselves are refused.
    if (features.camera !== 'unknown')
      expect(features).to.include({ camera: false, microphone: false, geolocation: false, 'clipboard-write': false })
    expect((await logged(logs, 'camera'))[0].ok).to.equal(false)
    expect((await logged(logs, 'geolocation'))[0].ok).to.equal(false)
    const host = new URL(url).host
    const asked = notes(el).find((n) => n.includes('camera'))!
    expect(asked, 'a note on the features asked for').to.be.a('string')
    expect(asked).to.contain(host).and.contain('microphone').and.contain('geolocation').and.contain('clipboard-write')
    const sites = notes(el).find((n) => n.includes('cdn.example.com'))!
    expect(sites, 'a note on the other sites').to.be.a('string')
    expect(sites).to.contain(host).and.contain('https://frames.example.com')
    // Entries that are not origins are dropped by the sandbox, and not shown as if they were sites.
    expect(sites).to.not.contain('script-src')
  })

  it('features the page lists are granted, and only those (as the view sees it where document.featurePolicy exists: Chromium); the note says which server may use them', async () => {
    const { el, logs } = await showApp('show_hostile', { attributes: { 'allow-permissions': 'geolocation clipboard-write' } })
    expect(frameOf(el)!.getAttribute('allow')).to.equal('geolocation; clipboard-write')
    const [features] = await logged(logs, 'features')
    if (features.camera !== 'unknown')
      expect(features).to.include({ camera: false, microphone: false, geolocation: true, 'clipboard-write': true })
    const granted = notes(el).find((n) => n.includes('geolocation'))!
    expect(granted).to.contain(new URL(url).host).and.contain('clipboard-write')
  })

  it('its fullscreen and picture-in-picture grab at load fails, even on a page that allows every mode', async () => {
    const { el, logs } = await showApp('show_hostile', { attributes: { 'allow-display-modes': 'inline fullscreen pip' } })
    expect((await logged(logs, 'grab-fullscreen'))[0].mode).to.equal('inline')
    expect((await logged(logs, 'grab-pip'))[0].mode).to.equal('inline')
    expect(el.getAttribute('display-mode')).to.equal('inline')
    expect(coversViewport(el)).to.equal(false)
  })
})

describe('<mcp-app> in the CDN build: the frame stays across display modes', function (this: { timeout(ms: number): void }) {
  this.timeout(30_000)
  // The CDN build strips the whitespace of templates, where a frame the host appended after a template's last part was
  // cleared with that part (the exit button appearing): the view was gone in fullscreen, reloaded when back inline.
  const CDN_FILE = '/dist/cdn/mcp-web-elements.js'
  before(async function (this: { skip(): void }) {
    if (!(await fetch(CDN_FILE, { method: 'HEAD' })).ok) {
      console.info('mcp-app-display.test.ts: CDN case skipped, dist/cdn/mcp-web-elements.js is not built (npm run build)')
      this.skip()
    }
  })

  it('fullscreen and back inline keep the same frame element, in the page all the while', async () => {
    const { url, sandboxUrl } = await appsServer()
    const tool = await toolOf(new McpClient(url), 'show_echo')
    const page = await fixture<HTMLIFrameElement>(html`<iframe title="A page with the CDN build" style="width: 800px; height: 600px"></iframe>`)
    const loaded = new Promise((resolve) => page.addEventListener('load', resolve, { once: true }))
    page.srcdoc = `<!doctype html><script type="module" src="${new URL(CDN_FILE, location.href)}"></script>
      <mcp-server url="${url}" sandbox-url="${sandboxUrl}" compact><mcp-app></mcp-app></mcp-server>`
    await loaded
    const win = page.contentWindow!
    await eventually(() => !!win.customElements.get('mcp-app'), 'the CDN module to register <mcp-app>')
    const app = win.document.querySelector('mcp-app') as McpAppElement
    const ready = nextEvent(app, 'mcp-app-ready', 9_000)
    app.tool = tool
    await ready
    const frame = app.shadowRoot!.querySelector('iframe')!
    for (const mode of ['fullscreen', 'inline', 'pip', 'inline'] as const) {
      app.displayMode = mode
      await app.updateComplete
      expect(app.shadowRoot!.querySelector('iframe') === frame, `the same frame in ${mode}`).to.equal(true)
      expect(frame.isConnected, `the frame in the page in ${mode}`).to.equal(true)
    }
  })
})
