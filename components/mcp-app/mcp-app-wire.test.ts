// <mcp-app>'s wire: what crosses between a view, the sandbox proxy and the host page, tried as a hostile view
// would (issue 17: a self-navigating view, the open-link dialog's name, the request log; issue 24: the message
// checks that had no test). Against the `apps` test server, in headless Chromium.
import { expect } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { eventually, expectAbsent, nextEvent } from '../../test/support/browser.js'
import { appsServer, frameOf, logged, placeApp, settle, type ViewLog } from '../../test/support/apps-browser.js'

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
      await nextEvent(el, 'mcp-app-ready', 9_000)
      el.result = await client.callTool('show_wander', { to })
      await logged(logs, 'leaving')
      expect((await failed).detail.error.message).to.contain('navigated away')
      await settle()
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
