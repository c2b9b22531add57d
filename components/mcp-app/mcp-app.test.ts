// <mcp-app> in headless Chromium against the `apps` test server: views written with the official App class of
// @modelcontextprotocol/ext-apps, run in the sandbox proxy served on a second origin. The views cannot be read
// from the page (another origin), so each one reports what it saw as log messages, which the host turns into
// mcp-app-log events; the tests read those, the server's request log, and the page.
import { fixture, html, expect } from '@open-wc/testing'
import { AppSandboxError, McpClient } from '../../src/client/index.js'
import {
  controlServer,
  deepQuery,
  deepQueryAll,
  engine,
  eventually,
  expectAbsent,
  expectPresent,
  nextEvent,
  requestsFor,
  serverUrl,
} from '../../test/support/browser.js'
import '../mcp-tool/mcp-tool.js'
import '../mcp-tool-list/mcp-tool-list.js'
import type { McpToolElement } from '../mcp-tool/mcp-tool.js'
import { PACKAGE_INFO } from '../../src/protocol/generated/package.js'
import { frameOf, logged, logsOf, showApp, toolOf } from '../../test/support/app-views.js'
import './mcp-app.js'
import type { McpAppElement } from './mcp-app.js'

declare global {
  interface Window {
    __appPwned?: unknown
  }
}

let url: string
let sandboxUrl: string

before(async function (this: { timeout(ms: number): void }) {
  // The first use starts the server, which bundles the views with esbuild.
  this.timeout(60_000)
  url = await serverUrl('apps')
  sandboxUrl = (await controlServer<{ url: string }>('apps', 'sandbox')).url
})

describe('<mcp-app>: views render and complete their round trip', () => {
  it('the echo view gets the host context, then its input exactly once, then its result', async () => {
    const { el, logs } = await showApp('show_echo', { input: { text: 'hi there' } })
    const [result] = await logged(logs, 'tool-result')
    expect(result.structuredContent).to.deep.equal({ echo: 'hi there' })
    const order = logs.map((l) => l.event).filter((e) => e.startsWith('tool-'))
    expect(order).to.deep.equal(['tool-input', 'tool-result'])
    expect(logs.find((l) => l.event === 'tool-input')!.arguments).to.deep.equal({ text: 'hi there' })
    const [host] = await logged(logs, 'host')
    // The package's own name and version (package.json, through the generated PACKAGE_INFO).
    expect(host.hostInfo).to.deep.equal(PACKAGE_INFO)
    expect(host.capabilities).to.include.keys('openLinks', 'serverTools', 'serverResources', 'logging')
    const context = host.context
    // No theme set on the page or the element (color-scheme: light dark): the user's preference, as the element is drawn.
    expect(context.theme).to.equal(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
    expect(context.displayMode).to.equal('inline')
    expect(context.containerDimensions).to.deep.equal({ width: 480, maxHeight: 600 })
    expect(context.locale).to.be.a('string').and.not.equal('')
    expect(context.timeZone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(context.platform).to.equal('web')
    expect(context.toolInfo.tool.name).to.equal('show_echo')
    expect(context.styles.variables['--color-background-primary']).to.be.a('string').and.not.equal('')
    expect(context.styles.variables['--font-sans']).to.be.a('string').and.not.equal('')
    // The resource asked for a border.
    expect(el.hasAttribute('prefers-border')).to.equal(true)
  })

  it('sends partial input before the complete input, and none after it', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const el = document.createElement('mcp-app') as McpAppElement
    const logs = logsOf(el)
    el.client = client
    el.tool = await toolOf(client, 'show_echo')
    el.partialInput = { text: 'h' }
    await fixture(html`<div>${el}</div>`)
    await nextEvent(el, 'mcp-app-ready', 9_000)
    el.partialInput = { text: 'hi' }
    await el.updateComplete
    el.input = { text: 'hi!' }
    await el.updateComplete
    el.partialInput = { text: 'late' }
    el.result = { resultType: 'complete', content: [{ type: 'text', text: 'ok' }], structuredContent: { echo: 'hi!' } }
    await logged(logs, 'tool-result')
    const sequence = logs.filter((l) => l.event.startsWith('tool-')).map((l) => `${l.event}:${l.arguments?.text ?? ''}`)
    expect(sequence).to.deep.equal(['tool-input-partial:h', 'tool-input-partial:hi', 'tool-input:hi!', 'tool-result:'])
  })

  it('ui/message and ui/update-model-context reach the page as events', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const el = document.createElement('mcp-app') as McpAppElement
    el.client = client
    el.tool = await toolOf(client, 'show_echo')
    el.input = { text: 'm' }
    const message = nextEvent(el, 'mcp-app-message', 9_000)
    const context = nextEvent(el, 'mcp-app-model-context', 9_000)
    await fixture(html`<div>${el}</div>`)
    await nextEvent(el, 'mcp-app-ready', 9_000)
    el.result = await client.callTool('show_echo', { text: 'm' })
    expect((await message).detail).to.deep.equal({ role: 'user', content: [{ type: 'text', text: 'echo view saw the result' }] })
    expect((await context).detail).to.deep.equal({ structuredContent: { seen: { echo: 'm' } } })
  })

  for (const [name, what] of [
    ['blob_echo', 'a view sent as a base64 blob'],
    ['legacy_echo', 'a tool naming its view with the deprecated flat key _meta["ui/resourceUri"]'],
  ]) {
    it(`shows ${what}`, async () => {
      const { logs } = await showApp(name, { input: { text: name } })
      const [result] = await logged(logs, 'tool-result')
      expect(result.structuredContent).to.deep.equal({ echo: name })
    })
  }

  it('the counter view calls an app-only server tool and reads a resource through the host; a model-only tool is refused', async () => {
    const before = (await controlServer<{ count: number }>('apps', 'count')).count
    // The page's own gate allows the view's calls (with none, they would be denied).
    const { logs } = await showApp('show_counter', { approve: () => 'allow-once' })
    const [increment] = await logged(logs, 'increment')
    expect(increment.structuredContent).to.deep.equal({ count: before + 2 })
    const [read] = await logged(logs, 'read')
    expect(read.text).to.equal('notes for views')
    const [refused] = await logged(logs, 'model-only-refused')
    expect(refused.message).to.contain('not available to apps')
    const calls = (await requestsFor('tools/call', 'apps')).map((r) => r.params.name)
    expect(calls).to.include('increment')
    expect(calls).to.not.include('model_only')
  })

  it('a page-made client with no gate and no <mcp-server>: the view’s call is denied, sent nowhere, and logged as denied', async () => {
    const before = (await controlServer<{ count: number }>('apps', 'count')).count
    const callsBefore = (await requestsFor('tools/call', 'apps')).filter((r) => r.params.name === 'increment').length
    const { logs, client } = await showApp('show_counter')
    const [failed] = await logged(logs, 'increment-failed')
    expect(failed.message).to.contain('denied by policy').and.contain('no approval gate')
    const record = client.callLog.records.find((r) => r.tool === 'increment')!
    expect(record.origin).to.deep.include({ kind: 'view', uri: 'ui://apps/counter.html' })
    expect(record.approval).to.deep.include({ decision: 'deny', by: 'policy' })
    expect(record.error?.name).to.equal('ToolCallDeniedError')
    expect((await controlServer<{ count: number }>('apps', 'count')).count).to.equal(before)
    expect((await requestsFor('tools/call', 'apps')).filter((r) => r.params.name === 'increment')).to.have.length(callsBefore)
  })

  it('the frame follows the height the view reports (size-changed)', async () => {
    const { el, logs } = await showApp('show_resize')
    expect(frameOf(el)!.getBoundingClientRect().height).to.be.below(420)
    await logged(logs, 'grown')
    await eventually(() => frameOf(el)!.getBoundingClientRect().height >= 420, 'the frame to grow to the view (420 px)')
    // Within the element's max-height (600 by default); the hostile view's flood checks the bound.
    expect(frameOf(el)!.getBoundingClientRect().height).to.be.at.most(600)
  })

  it('a theme change on the page reaches the view (theme and style variables)', async () => {
    const { el, logs } = await showApp('show_echo', { result: false })
    const [connected] = await logged(logs, 'connected')
    const next = connected.theme === 'dark' ? 'light' : 'dark'
    // As a page does: a style variable on an ancestor, and the element's theme attribute.
    el.parentElement!.style.setProperty('--color-background-primary', 'rgb(1, 2, 3)')
    el.setAttribute('theme', next)
    const changes = await logged(logs, 'host-context-changed')
    await eventually(
      () => logs.some((l) => l.event === 'host-context-changed' && l.theme === next && l.background === 'rgb(1, 2, 3)'),
      'the view to draw with the new theme and background',
    )
    const last = logs.filter((l) => l.event === 'host-context-changed').at(-1)!
    expect(last.colorScheme).to.equal(next)
    expect(changes.length).to.be.greaterThan(0)
  })

  it('teardown() waits for the view to answer ui/resource-teardown before removing it', async () => {
    const { el, logs } = await showApp('show_teardown', { result: false })
    await logged(logs, 'connected')
    await el.teardown()
    const events = logs.map((l) => l.event)
    expect(events).to.include.members(['teardown-started', 'teardown-saved'])
    expectAbsent(frameOf(el), 'the frame after teardown')
  })

  it('through <mcp-tool>: Call shows the view, which gets the input and result; Cancel sends tool-cancelled', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const tool = await fixture<McpToolElement>(html`<mcp-tool name="slow_echo" .client=${client}></mcp-tool>`)
    await eventually(() => !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    const logs = logsOf(tool)
    const call = tool.call()
    await eventually(() => !!tool.shadowRoot!.querySelector('mcp-app'), 'the view to be shown during the call')
    await logged(logs, 'tool-input')
    tool.cancel()
    await call
    const [cancelled] = await logged(logs, 'tool-cancelled')
    expect(cancelled.reason).to.contain('cancelled')
    expect(logs.map((l) => l.event)).to.not.include('tool-result')
  })

  it('through <mcp-tool>: a completed call sends the result to the view', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const tool = await fixture<McpToolElement>(html`<mcp-tool name="show_echo" .client=${client}></mcp-tool>`)
    await eventually(() => !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    const logs = logsOf(tool)
    await tool.call()
    const [result] = await logged(logs, 'tool-result')
    expect(result.structuredContent).to.deep.equal({ echo: 'hello' })
  })
})

describe('<mcp-app>: consent, refusals, bad views', () => {
  it('ui/open-link asks first (the URL-elicitation dialog); Cancel answers the view with a refusal and opens nothing', async () => {
    const opened: unknown[] = []
    const open = window.open
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open
    try {
      const { el, logs } = await showApp('show_link')
      await eventually(() => !!el.shadowRoot!.querySelector('mcp-elicitation'), 'the consent dialog')
      const dialog = el.shadowRoot!.querySelector('mcp-elicitation')!
      await dialog.updateComplete
      expect(deepQuery(dialog, '[part~=host]').textContent).to.equal('example.com')
      deepQuery<HTMLButtonElement>(dialog, 'button[data-action=cancel]').click()
      const [refused] = await logged(logs, 'open-link-refused')
      expect(refused.message).to.contain('denied')
      expect(opened).to.deep.equal([])
    } finally {
      window.open = open
    }
  })

  it('ui/open-link opens the page (noopener) once the user chooses Open', async () => {
    const opened: unknown[][] = []
    const open = window.open
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open
    try {
      const { el, logs } = await showApp('show_link')
      await eventually(() => !!el.shadowRoot!.querySelector('mcp-elicitation'), 'the consent dialog')
      const dialog = el.shadowRoot!.querySelector('mcp-elicitation')!
      await dialog.updateComplete
      deepQuery<HTMLButtonElement>(dialog, 'button[data-action=open]').click()
      const [answer] = await logged(logs, 'open-link')
      expect(answer.isError).to.equal(false)
      expect(opened).to.deep.equal([['https://example.com/docs?from=app', '_blank', 'noopener,noreferrer']])
    } finally {
      window.open = open
    }
  })

  it('refuses to run a view without a sandbox proxy, and says why', async () => {
    const client = new McpClient(url)
    const el = await fixture<McpAppElement>(html`<mcp-app .client=${client} .tool=${await toolOf(client, 'show_echo')}></mcp-app>`)
    await eventually(() => !!el.shadowRoot!.querySelector('[part~=error]'), 'the refusal')
    expect(el.shadowRoot!.querySelector('[part~=error]')!.textContent).to.contain('no sandbox proxy')
    expectAbsent(frameOf(el), 'a frame')
  })

  it('with no tool to show yet, says nothing is loading (an element placed before the page picks a tool)', async () => {
    const el = await fixture<McpAppElement>(html`<mcp-app .client=${new McpClient(url, { apps: { sandboxUrl } })}></mcp-app>`)
    await el.updateComplete
    expectAbsent(el.shadowRoot!.querySelector('[part~=status]'), 'a loading status')
    expectAbsent(frameOf(el), 'a frame')
  })

  it('refuses a sandbox on the page’s own origin (never a same-origin fallback)', async () => {
    const client = new McpClient(url)
    const tool = await toolOf(client, 'show_echo')
    const el = document.createElement('mcp-app') as McpAppElement
    el.client = client
    el.tool = tool
    el.sandboxUrl = `${location.origin}/sandbox/index.html`
    const failed = nextEvent<CustomEvent>(el, 'mcp-app-error')
    await fixture(html`<div>${el}</div>`)
    const { error } = (await failed).detail
    expect(error).to.be.instanceOf(AppSandboxError)
    expect(error.message).to.contain('own origin')
    expectAbsent(frameOf(el), 'a frame')
  })

  it('a view whose resource is not text/html;profile=mcp-app is not shown, with the reason', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const el = document.createElement('mcp-app') as McpAppElement
    el.client = client
    el.tool = await toolOf(client, 'wrong_mime')
    const failed = nextEvent<CustomEvent>(el, 'mcp-app-error')
    await fixture(html`<div>${el}</div>`)
    expect((await failed).detail.error.message).to.contain('text/html;profile=mcp-app')
    expectAbsent(frameOf(el), 'a frame')
  })

  it('<mcp-tool-list> leaves out tools only apps may see', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const list = await fixture(html`<mcp-tool-list .client=${client}></mcp-tool-list>`)
    await eventually(() => deepQueryAll(list, '[data-tool]').length > 0 || /show_echo/.test(list.shadowRoot!.textContent ?? ''), 'the list')
    const shown = list.shadowRoot!.textContent ?? ''
    expect(shown).to.contain('show_echo')
    expect(shown).to.contain('model_only')
    expect(shown).to.not.contain('increment')
  })

  it('the client declares the extension when apps are enabled, and not otherwise', async () => {
    await new McpClient(url, { apps: { sandboxUrl } }).listTools({ fresh: true })
    await new McpClient(url).listTools({ fresh: true })
    const lists = (await requestsFor('tools/list', 'apps')).slice(-2)
    const declared = lists.map((r) => r.params?._meta?.['io.modelcontextprotocol/clientCapabilities']?.extensions)
    expect(declared[0]).to.deep.equal({ 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } })
    expect(declared[1]).to.equal(undefined)
  })
})

describe('<mcp-app>: a hostile view', () => {
  it('cannot reach the page, fetch an undeclared origin, call a model-only tool, forge messages, or flood resizes', async function (this: {
    timeout(ms: number): void
  }) {
    // Many attempts, each reported, and 5,000 size-changed notifications: more than the default 10 s on a busy machine.
    this.timeout(40_000)
    window.__appPwned = undefined
    const title = document.title
    const href = location.href
    const page = document.createElement('p')
    page.id = 'page-intact'
    page.textContent = 'the page'
    document.body.append(page)
    const messages: unknown[] = []
    const onMessage = (e: Event) => messages.push((e as CustomEvent).detail)
    document.addEventListener('mcp-app-message', onMessage)
    try {
      const { el, logs } = await showApp('show_hostile')
      await logged(logs, 'flood-sent', 30_000)
      const result = (event: string) => logs.find((l) => l.event === event)!
      for (const attempt of ['top-document', 'parent-document', 'top-global', 'storage', 'fetch', 'model-only']) {
        expect(result(attempt), attempt).to.not.equal(undefined)
        expect(result(attempt).ok, `${attempt}: ${JSON.stringify(result(attempt))}`).to.equal(false)
      }
      expect(result('model-only').message).to.contain('not available to apps')
      // The engines refuse these each their own way; what holds in all is that nothing came of them.
      // No cookie read: Chromium throws in the sandbox's opaque origin, WebKit returns "".
      const cookie = result('cookie')
      expect(cookie.ok === false || cookie.value === '', `cookie: ${JSON.stringify(cookie)}`).to.equal(true)
      // No popup: the sandbox has no allow-popups; window.open returns null (Chromium, WebKit) or throws (Firefox).
      const popup = result('popup')
      expect(popup.ok === false || popup.value === 'null', `popup: ${JSON.stringify(popup)}`).to.equal(true)
      // Nothing navigated the page to the view's javascript: URL (Chromium throws; Firefox ignores it), checked
      // below: the trap is unset and this page is still here.
      expect(result('top-navigate'), 'top-navigate').to.not.equal(undefined)
      expect(location.href).to.equal(href)
      // The forged messages posted straight to the page: no dialog, no message event.
      expect(messages).to.deep.equal([])
      expectAbsent(el.shadowRoot!.querySelector('mcp-elicitation'), 'a consent dialog for a forged ui/open-link')
      // The flood asked for heights up to 50,000,000 px: the frame stays within max-height.
      await new Promise((r) => setTimeout(r, 300))
      expect(frameOf(el)!.getBoundingClientRect().height).to.be.at.most(600)
      // Nothing ran on this page's origin: the trap is unset, the page is as it was.
      expect(window.__appPwned).to.equal(undefined)
      expect(document.title).to.equal(title)
      expectPresent(document.getElementById('page-intact'), 'the page content')
      const posts = (await requestsFor('tools/call', 'apps')).filter((r) => r.params?.name === 'model_only')
      expect(posts).to.deep.equal([])
    } finally {
      document.removeEventListener('mcp-app-message', onMessage)
      page.remove()
    }
  })

  it('a view that navigates its frame away (out of its CSP) is stopped, and the element says so', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const el = document.createElement('mcp-app') as McpAppElement
    el.client = client
    el.tool = await toolOf(client, 'show_wander')
    el.input = {}
    const failed = nextEvent<CustomEvent>(el, 'mcp-app-error', 9_000)
    await fixture(html`<div>${el}</div>`)
    await nextEvent(el, 'mcp-app-ready', 9_000)
    el.result = await client.callTool('show_wander', {})
    expect((await failed).detail.error.message).to.contain('navigated away')
    expectAbsent(frameOf(el), 'the frame')
    expect(el.shadowRoot!.querySelector('[part~=error]')!.textContent).to.contain('navigated away')
  })

  it('a message this page posts to itself, looking like the view, is ignored', async () => {
    // No result: the echo view sends a ui/message of its own once it has one.
    const { el } = await showApp('show_echo', { result: false })
    const messages: unknown[] = []
    el.addEventListener('mcp-app-message', (e) => messages.push(e))
    window.postMessage({ jsonrpc: '2.0', id: 7, method: 'ui/message', params: { role: 'user', content: [] } }, '*')
    window.postMessage({ jsonrpc: '2.0', id: 8, method: 'ui/open-link', params: { url: 'https://evil.example/' } }, '*')
    await new Promise((r) => setTimeout(r, 200))
    expect(messages).to.deep.equal([])
    expectAbsent(el.shadowRoot!.querySelector('mcp-elicitation'), 'a consent dialog')
  })

  /** The first message a frame of `src` posts to this page (embed.html passes on what its own frame said), or undefined after 5 s. */
  const firstMessage = async (
    src: string,
    referrerPolicy: ReferrerPolicy = '',
  ): Promise<{ method?: string; params?: { reason?: string } } | undefined> => {
    const frame = document.createElement('iframe')
    frame.referrerPolicy = referrerPolicy
    try {
      return await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), 5_000)
        window.addEventListener('message', function onMessage(e) {
          if (e.source !== frame.contentWindow) return
          window.removeEventListener('message', onMessage)
          clearTimeout(timer)
          resolve(e.data?.embedded ?? e.data)
        })
        frame.src = src
        document.body.append(frame)
      })
    } finally {
      frame.remove()
    }
  }
  // The proxy as the test runner serves it (from sandbox/, as the apps server does), on this page's own origin: a
  // proxy on the origin of a page above its embedder, and one this page can read.
  const proxyOnThisOrigin = () => `${location.origin}/sandbox/index.html`

  it('the proxy runs framed by another origin, and refuses when framed by a page of its own origin', async () => {
    const origin = new URL(sandboxUrl).origin
    expect((await firstMessage(`${origin}/index.html`))?.method).to.equal('ui/notifications/sandbox-proxy-ready')
    expect((await firstMessage(`${origin}/embed.html`))?.method).to.equal('ui/notifications/sandbox-proxy-refused')
    // A frame that sends no referrer: the proxy runs if the browser still names its embedder (Chromium's and WebKit's
    // location.ancestorOrigins do), or else refuses without posting anything (Firefox 153 has ancestorOrigins too, but
    // masks the embedder of a no-referrer frame there, as it does the referrer). It never runs for a host it cannot
    // name. (<mcp-app>'s own frame sends its origin: referrerpolicy="origin".)
    const noReferrer = await firstMessage(`${origin}/index.html`, 'no-referrer')
    // Where the browser names the embedder (ancestorOrigins), the proxy asks it, not the referrer.
    const named = 'ancestorOrigins' in location && engine !== 'firefox'
    expect(noReferrer?.method).to.equal(named ? 'ui/notifications/sandbox-proxy-ready' : undefined)
  })

  it('the proxy refuses when its embedder is of another origin but a page above it is of its own (it could reach that page)', async () => {
    // This page (the proxy's origin) frames embed.html (the sandbox origin), which frames the proxy: its embedder's
    // origin is not its own, yet it can touch window.top.
    const said = await firstMessage(`${new URL(sandboxUrl).origin}/embed.html?src=${encodeURIComponent(proxyOnThisOrigin())}`)
    expect(said?.method).to.equal('ui/notifications/sandbox-proxy-refused')
    expect(said?.params?.reason).to.contain('can reach a page that frames it')
  })

  it('the proxy refuses an embedder whose origin is opaque (a data: page), says why, and posts nothing', async () => {
    const outer = document.createElement('iframe')
    const posted: unknown[] = []
    const onMessage = (e: MessageEvent) => {
      if (e.source === outer.contentWindow) posted.push(e.data)
    }
    window.addEventListener('message', onMessage)
    const page = `<iframe src="${proxyOnThisOrigin()}"></iframe><script>addEventListener('message', (e) => parent.postMessage({ embedded: e.data }, '*'))</script>`
    outer.src = `data:text/html,${encodeURIComponent(page)}`
    try {
      document.body.append(outer)
      // The proxy is on this page's origin, so this page can read what it shows (until it has loaded, its frame is not).
      const shown = () => {
        try {
          return outer.contentWindow?.frames[0]?.document.body?.textContent?.trim() ?? ''
        } catch {
          return ''
        }
      }
      await eventually(() => shown() !== '', 'the proxy to show why it stopped')
      expect(shown()).to.contain('could not be identified')
      await new Promise((r) => setTimeout(r, 200))
      expect(posted).to.deep.equal([])
    } finally {
      window.removeEventListener('message', onMessage)
      outer.remove()
    }
  })
})
