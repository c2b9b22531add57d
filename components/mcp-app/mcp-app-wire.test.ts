// <mcp-app>'s wire: what crosses between a view, the sandbox proxy and the host page, tried as a hostile view
// would (issue 17: a self-navigating view, the open-link dialog's name, the request log; issue 24: the message
// checks that had no test). Against the `apps` test server, in headless Chromium.
import { assert, expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { deepQuery, eventually, expectAbsent, expectPresent, nextEvent, requestsFor } from '../../test/support/browser.js'
import type { McpElicitationElement } from '../mcp-elicitation/mcp-elicitation.js'
import '../mcp-server/mcp-server.js'
import type { AppRequestDetail } from './app-host.js'
import type { McpAppElement } from './mcp-app.js'
import { appsServer, frameOf, logged, placeApp, settle, type ViewLog } from '../../test/support/app-views.js'

let url: string
let sandboxUrl: string

before(async function (this: { timeout(ms: number): void }) {
  this.timeout(60_000)
  ;({ url, sandboxUrl } = await appsServer())
})

type Timed = { timeout(ms: number): void }
const escapes = (logs: ViewLog[]) => logs.filter((l) => l.event === 'escaped')

describe('<mcp-app> wire: a view that navigates its own frame', () => {
  // data: a URL the view makes; sandbox: a page on the proxy's own origin; third: a page on another origin, and one
  // that accepts any embedder's CSP; elsewhere: a 404 on the MCP server's origin.
  for (const to of ['data', 'sandbox', 'third', 'third-optin', 'elsewhere']) {
    it(`to ${to}: the page it lands on runs no script that reaches the host, and the view is stopped`, async () => {
      const client = new McpClient(url, { apps: { sandboxUrl } })
      const { el, logs } = await placeApp(client, 'show_wander', { to })
      const failed = nextEvent<CustomEvent>(el, 'mcp-app-error', 9_000)
      const messages: unknown[] = []
      el.addEventListener('mcp-app-message', (e) => messages.push((e as CustomEvent).detail))
      const errors: unknown[] = []
      el.addEventListener('mcp-app-error', (e) => errors.push((e as CustomEvent).detail))
      await nextEvent(el, 'mcp-app-ready', 9_000)
      el.result = await client.callTool('show_wander', { to })
      await logged(logs, 'leaving')
      expect((await failed).detail.error.message).to.contain('navigated away')
      await settle()
      // One navigation, one report: the policy's refusal and the landing page's load both stop it, only the first says so.
      expect(errors, 'the errors the page heard').to.have.length(1)
      expect(escapes(logs), 'the landing page’s report').to.deep.equal([])
      expect(messages).to.deep.equal([])
      expectAbsent(frameOf(el), 'the frame')
    })
  }

  it('a view that declared a frame domain still frames it (the proxy’s limit on its frame’s navigations leaves the view’s children alone)', async function (this: Timed) {
    this.timeout(20_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const { el, logs } = await placeApp(client, 'show_wander_framing', { child: true })
    await nextEvent(el, 'mcp-app-ready', 9_000)
    const [child] = await logged(logs, 'child-landed')
    expect(child.where).to.equal('third')
  })

  it('a view whose first script navigates, before it ever connects: the page it lands on never reaches the host, and the view is stopped', async () => {
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const { el, logs } = await placeApp(client, 'show_wander_early')
    const failed = nextEvent<CustomEvent>(el, 'mcp-app-error', 9_000)
    expect((await failed).detail.error.message).to.contain('navigated away')
    await settle()
    expect(escapes(logs), 'the landing page’s report').to.deep.equal([])
    expectAbsent(frameOf(el), 'the frame')
  })
})

/** The `mcp-app-request` events of `el`, as they come. */
function requestsOf(el: Element): AppRequestDetail[] {
  const requests: AppRequestDetail[] = []
  el.addEventListener('mcp-app-request', (e) => requests.push((e as CustomEvent<AppRequestDetail>).detail))
  return requests
}

/** The open-link consent dialog in `el`, once shown. */
async function consentIn(el: McpAppElement): Promise<McpElicitationElement> {
  await eventually(() => !!el.shadowRoot!.querySelector('mcp-elicitation'), 'the open-link consent dialog')
  const dialog = el.shadowRoot!.querySelector('mcp-elicitation') as McpElicitationElement
  await dialog.updateComplete
  return dialog
}

describe('<mcp-app> wire: views on one page, and the host', () => {
  it('two views on one page: only the second gets a result, and the first hears nothing of the second', async function (this: Timed) {
    this.timeout(30_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const container = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`)
    const first = await placeApp(client, 'show_echo', { text: 'first' }, container)
    const second = await placeApp(client, 'show_echo', { text: 'second' }, container)
    const firstMessages: unknown[] = []
    first.el.addEventListener('mcp-app-message', (e) => firstMessages.push((e as CustomEvent).detail))
    await Promise.all([logged(first.logs, 'host', 9_000), logged(second.logs, 'host', 9_000)])
    await settle()
    // Each view's element heard its own view's start only: one host report, and its own input.
    const inputs = (logs: ViewLog[]) => logs.filter((l) => l.event === 'tool-input').map((l) => l.arguments)
    expect(
      first.logs.filter((l) => l.event === 'host'),
      'the first element’s host reports',
    ).to.have.length(1)
    expect(inputs(first.logs), 'the inputs the first element heard of').to.deep.equal([{ text: 'first' }])
    second.el.result = await client.callTool('show_echo', { text: 'second' })
    const [result] = await logged(second.logs, 'tool-result')
    expect(result.structuredContent).to.deep.equal({ echo: 'second' })
    await settle()
    expect(
      first.logs.map((l) => l.event),
      'the first element’s reports',
    ).to.not.include('tool-result')
    expect(firstMessages, 'ui/message of the second view').to.deep.equal([])
  })

  it('open-link names the server as this page knows it (its host), not the tool’s title, which pretends to be a bank', async function (this: Timed) {
    this.timeout(30_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const { el } = await placeApp(client, 'show_hostile', { wire: true })
    await nextEvent(el, 'mcp-app-ready', 9_000)
    el.result = await client.callTool('show_hostile', { wire: true })
    const dialog = await consentIn(el)
    const title = deepQuery(dialog, '[part~=title]').textContent!
    expect(title).to.contain(new URL(url).host)
    expect(title).to.not.contain('Bank')
    deepQuery<HTMLButtonElement>(dialog, 'button[data-action=cancel]').click()
  })

  it('inside <mcp-server>, open-link names the server by its host and the name and version it gave', async function (this: Timed) {
    this.timeout(30_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const tool = (await client.listTools()).find((t) => t.name === 'show_link')!
    const server = await fixture<HTMLElement>(
      html`<mcp-server .client=${client}><mcp-app .tool=${tool} .input=${{}}></mcp-app></mcp-server>`,
    )
    const el = server.querySelector('mcp-app') as McpAppElement
    await nextEvent(el, 'mcp-app-ready', 9_000)
    el.result = await client.callTool('show_link', {})
    const dialog = await consentIn(el)
    expect(deepQuery(dialog, '[part~=title]').textContent).to.contain(`${new URL(url).host} (apps-fixture 1.0.0)`)
    deepQuery<HTMLButtonElement>(dialog, 'button[data-action=cancel]').click()
  })
})

describe('<mcp-app> wire: who the proxy takes the host’s messages from', () => {
  it('a window of the host’s origin that is not the host page (a frame of the page) cannot speak to the view through the proxy', async function (this: Timed) {
    this.timeout(30_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const { el, logs } = await placeApp(client, 'show_echo', { text: 'real' })
    await logged(logs, 'host', 9_000)
    // A frame of this page: the host's origin, but not the proxy's parent. A function of its realm posts as that frame.
    const other = document.createElement('iframe')
    document.body.append(other)
    try {
      const postAsOther = new (other.contentWindow as unknown as { Function: FunctionConstructor }).Function(
        'target',
        'message',
        "target.postMessage(message, '*')",
      )
      postAsOther(frameOf(el)!.contentWindow, {
        jsonrpc: '2.0',
        method: 'ui/notifications/tool-result',
        params: { content: [{ type: 'text', text: 'forged' }], structuredContent: { echo: 'forged' } },
      })
      await settle()
      expect(
        logs.filter((l) => l.event === 'tool-result'),
        'a result the view got',
      ).to.deep.equal([])
      el.result = await client.callTool('show_echo', { text: 'real' })
      await logged(logs, 'tool-result')
      await settle()
      expect(logs.filter((l) => l.event === 'tool-result').map((l) => l.structuredContent)).to.deep.equal([{ echo: 'real' }])
    } finally {
      other.remove()
    }
  })
})

describe('<mcp-app> wire: the proxy between host and view', () => {
  it('passes the host’s messages on to the view, but never a reserved ui/notifications/sandbox-* one', async function (this: Timed) {
    this.timeout(20_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const { el, logs } = await placeApp(client, 'show_echo', { text: 'wire' })
    await logged(logs, 'host', 9_000)
    const proxy = frameOf(el)!.contentWindow!
    const sandboxOrigin = new URL(sandboxUrl).origin
    // As the host page would post them (this page is the proxy's embedder): reserved ones first, then a ping.
    for (const method of ['ui/notifications/sandbox-proxy-refused', 'ui/notifications/sandbox-anything'])
      proxy.postMessage({ jsonrpc: '2.0', method, params: { reason: 'from the host' } }, sandboxOrigin)
    proxy.postMessage({ jsonrpc: '2.0', method: 'test/ping', params: {} }, sandboxOrigin)
    await logged(logs, 'ping-heard')
    await settle()
    expect(logs.filter((l) => l.event === 'reserved-heard'), 'reserved messages the view heard').to.deep.equal([])
  })
})

describe('<mcp-app> wire: a hostile view beside another view', () => {
  it('its reserved messages, its words for other views, its spoofed link title and its navigation all fail; the other view works on', async function (this: Timed) {
    this.timeout(40_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const container = await fixture<HTMLDivElement>(html`<div style="width: 480px"></div>`)
    const victim = await placeApp(client, 'show_echo', { text: 'victim' }, container)
    const hostile = await placeApp(client, 'show_hostile', { wire: true }, container)
    const victimMessages: unknown[] = []
    victim.el.addEventListener('mcp-app-message', (e) => victimMessages.push((e as CustomEvent).detail))
    const victimErrors: Error[] = []
    victim.el.addEventListener('mcp-app-error', (e) => victimErrors.push((e as CustomEvent).detail.error))
    // Everything the hostile view's proxy posts to this page.
    const fromProxy: unknown[] = []
    const onMessage = (e: MessageEvent) => {
      if (e.source && e.source === frameOf(hostile.el)?.contentWindow) fromProxy.push(e.data)
    }
    window.addEventListener('message', onMessage)
    const hostileErrors: Array<{ error: Error; after: string[] }> = []
    hostile.el.addEventListener('mcp-app-error', (e) =>
      hostileErrors.push({ error: (e as CustomEvent).detail.error, after: hostile.logs.map((l) => l.event) }),
    )
    await Promise.all([logged(victim.logs, 'host', 9_000), nextEvent(hostile.el, 'mcp-app-ready', 9_000)])
    hostile.el.result = await client.callTool('show_hostile', { wire: true })
    await logged(hostile.logs, 'reserved-sent')

    // The spoofed title: the dialog names the server's host; the user cancels.
    const dialog = await consentIn(hostile.el)
    expect(deepQuery(dialog, '[part~=title]').textContent).to.contain(new URL(url).host).and.not.contain('Bank')
    deepQuery<HTMLButtonElement>(dialog, 'button[data-action=cancel]').click()

    // The reserved messages did not reach the host: the view was not stopped by a forged refusal, and played on.
    await logged(hostile.logs, 'wire-done', 15_000)
    expect(
      hostileErrors.filter((e) => !e.after.includes('wire-done')),
      'an error before the view was done',
    ).to.deep.equal([])
    expect(hostile.logs.find((l) => l.event === 'read')!.ok, 'read').to.equal(true)
    // Its tool call, with no gate on this page-made client and no <mcp-server>: denied, recorded so, never sent.
    const call = hostile.logs.find((l) => l.event === 'tool-call')!
    expect(call.ok, 'the hostile view’s tool call').to.equal(false)
    expect(call.message).to.contain('denied by policy')
    const record = client.callLog.records.find((r) => r.origin.kind === 'view' && r.tool === 'show_echo')!
    expect(record.approval).to.deep.include({ decision: 'deny', by: 'policy' })
    expect(record.error?.name).to.equal('ToolCallDeniedError')
    const sent = JSON.stringify(await requestsFor('tools/call', 'apps'))
    expect(sent, 'the server’s tools/call requests').to.not.contain('from the hostile view')

    // Its navigation stopped it, and the page it went to never ran.
    const [stopped] = await eventually(() => hostileErrors.length > 0, 'the hostile view to be stopped').then(() => hostileErrors)
    expect(stopped.error.message).to.contain('navigated away')
    await settle()
    expect(escapes(hostile.logs)).to.deep.equal([])

    // What the proxy passed on is JSON-RPC only (not the view's other posts), and none of the view's reserved messages.
    expect(
      fromProxy.filter((m) => (m as { jsonrpc?: unknown })?.jsonrpc !== '2.0'),
      'posts that are not JSON-RPC',
    ).to.deep.equal([])
    expect(JSON.stringify(fromProxy)).to.not.contain('forged by the view')
    window.removeEventListener('message', onMessage)

    // The other view heard nothing of it, and still works.
    expect(victim.logs.filter((l) => l.event === 'hostile-says')).to.deep.equal([])
    expect(victimMessages).to.deep.equal([])
    victim.el.result = await client.callTool('show_echo', { text: 'victim' })
    const [result] = await logged(victim.logs, 'tool-result')
    expect(result.structuredContent).to.deep.equal({ echo: 'victim' })
    expect(victimErrors).to.deep.equal([])
    expectPresent(frameOf(victim.el), 'the other view’s frame')
  })

  it('every request a view makes is reported as mcp-app-request, with its outcome, refused ones included', async function (this: Timed) {
    this.timeout(40_000)
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const { el, logs } = await placeApp(client, 'show_hostile', { wire: true })
    const requests = requestsOf(el)
    await nextEvent(el, 'mcp-app-ready', 9_000)
    el.result = await client.callTool('show_hostile', { wire: true })
    const dialog = await consentIn(el)
    deepQuery<HTMLButtonElement>(dialog, 'button[data-action=cancel]').click()
    await logged(logs, 'wire-done', 15_000)
    await settle(100)
    const find = (method: string, test: (r: AppRequestDetail) => boolean = () => true) => {
      const found = requests.find((r) => r.method === method && test(r))
      assert.exists(found, `a reported ${method}`)
      expect(found!.durationMs).to.be.a('number').and.at.least(0)
      return found!
    }
    expect(find('ui/initialize').outcome).to.equal('result')
    // A page-made client with no gate: the view's call is denied, and reported with its error.
    const echo = find('tools/call', (r) => (r.params as { name: string }).name === 'show_echo')
    expect(echo).to.deep.include({ outcome: 'error' })
    expect((echo as { error: { message: string } }).error.message).to.contain('denied by policy')
    const refusedTool = find('tools/call', (r) => (r.params as { name: string }).name === 'model_only')
    expect(refusedTool.outcome).to.equal('error')
    expect((refusedTool as { error: { message: string } }).error.message).to.contain('not available to apps')
    expect(find('resources/read')).to.deep.include({ outcome: 'result', params: { uri: 'apps://notes/readme' } })
    const link = find('ui/open-link')
    expect(link).to.deep.include({ outcome: 'error', params: { url: 'https://evil.example/login' } })
    expect((link as { error: { message: string } }).error.message).to.contain('denied')
    const modes = requests.filter((r) => r.method === 'ui/request-display-mode')
    expect(modes, 'the display-mode requests reported (the view made one)').to.have.length(1)
    const mode = find('ui/request-display-mode')
    expect(mode.params).to.deep.equal({ mode: 'pip' })
    const answered = logs.find((l) => l.event === 'pip')!
    expect(mode.outcome === 'result' ? { ok: true, result: mode.result } : { ok: false, message: mode.error.message }).to.deep.equal(
      answered.ok ? { ok: true, result: answered.result } : { ok: false, message: answered.message },
    )
    expect(find('ui/message').outcome).to.equal('result')
    expect(find('ui/steal-cookies')).to.deep.include({
      outcome: 'error',
      error: { code: -32601, message: 'Method not found: ui/steal-cookies' },
    })
    // Notifications are not requests; and a reserved message the proxy held back never arrived.
    expect(requests.filter((r) => r.method.startsWith('ui/notifications/') || r.method === 'notifications/message')).to.deep.equal([])
  })
})
