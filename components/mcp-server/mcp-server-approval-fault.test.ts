// <mcp-server> when the code of its approval policy does not load (the dev server answers 503 for it:
// test/support/module-faults.mjs): a call that asks the gate is denied in words that say how to retry in this engine,
// the page's own call (the error it rejects with, which a view's call gets too) and a person's Call in <mcp-tool> (on
// screen); once the code loads, the gate asks again. A file of its own: Firefox keeps a failed import for the page's
// life. Against the `main` test server.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { clearModuleFaults, engine, eventually, failModule, moduleRequests, serverUrl } from '../../test/support/browser.js'
import '../mcp-tool/mcp-tool.js'
import './mcp-server.js'
import type { McpServerElement } from './mcp-server.js'

const APPROVAL_POLICY = new URL('./approval-policy.js', import.meta.url)

/**
 * Firefox (ESR 153) keeps a failed dynamic import for the page's life: importing the module again rejects at once,
 * without asking the server. Chromium (156) and WebKit (WebKitGTK 2.50) ask the server again.
 */
const keepsFailedImports = engine === 'firefox'

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()

const DENIED = 'The call of tool "echo" on .+ was denied by the approval gate: it failed'
const FIRST = new RegExp(
  `${DENIED} \\(its code did not load \\(.+\\)\\. Try again; if it fails again, reload the page\\)\\. Nothing was sent\\.$`,
)
const AGAIN = new RegExp(`${DENIED} \\(its code did not load again \\(.+\\)\\. Reload the page to retry\\)\\. Nothing was sent\\.`)

/** How a call ended: its error, or undefined when it ran. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: Error) => error,
  )

describe('<mcp-server> when the code of its approval policy does not load', () => {
  afterEach(() => clearModuleFaults())

  it('denies a call that asks the gate saying to try again, then to reload the page; once the code loads, the gate asks (Firefox keeps the failure: it goes on saying to reload)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    await failModule(APPROVAL_POLICY, 2)
    const url = await serverUrl('main')
    // The tool's form starts from these arguments (what <mcp-tool> keeps per session), so the test need not type them.
    sessionStorage.setItem(
      `mcp-web-elements:tool-arguments\n${new McpClient(url).contextKey().key}\necho`,
      JSON.stringify({ text: 'from the form' }),
    )
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name="echo"></mcp-tool></mcp-server>`)
    await eventually(() => server.connection?.status === 'ready', 'the connection')
    const client = server.connection!.client

    // The page's own call: the error it rejects with says why, and to try again.
    const first = await failureOf(client.callTool('echo', { text: 'from page code' }))
    expect(first?.name).to.equal('ToolCallDeniedError')
    expect(first!.message).to.match(FIRST)

    // A person's Call in <mcp-tool> asks the same gate: the words on screen, now to reload the page.
    const tool = server.querySelector('mcp-tool')!
    const result = () => tool.shadowRoot!.querySelector('[part~=result]')
    await eventually(() => !!tool.shadowRoot!.querySelector<HTMLButtonElement>('[part~=call]:not([disabled])'), 'the Call button')
    tool.shadowRoot!.querySelector<HTMLButtonElement>('[part~=call]')!.click()
    await eventually(() => AGAIN.test(text(result())), 'the denial in the tool’s result')
    expect(await moduleRequests(APPROVAL_POLICY)).to.deep.equal(keepsFailedImports ? { failed: 1, served: 0 } : { failed: 2, served: 0 })

    // The server answers again; the page calls again.
    const third = client.callTool('echo', { text: 'once it loads' })
    if (keepsFailedImports) {
      expect((await failureOf(third))!.message).to.match(AGAIN)
      expect(await moduleRequests(APPROVAL_POLICY), 'the browser asked the server again').to.deep.equal({ failed: 1, served: 0 })
      return
    }
    third.catch(() => {}) // awaited below; a failure before that must not be reported outside the test
    const prompt = () => server.shadowRoot!.querySelector<HTMLElement & { state: string }>('mcp-tool-call')
    await eventually(() => prompt()?.state === 'awaiting', 'the approval prompt', 8_000)
    await eventually(() => !!prompt()!.shadowRoot!.querySelector('button[data-action=deny]'), 'the Deny button')
    prompt()!.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
    const denied = await failureOf(third)
    expect(denied?.name).to.equal('ToolCallDeniedError')
    expect((denied as Error & { by?: string }).by).to.equal('user')
    expect(await moduleRequests(APPROVAL_POLICY)).to.deep.equal({ failed: 2, served: 1 })
  })
})
