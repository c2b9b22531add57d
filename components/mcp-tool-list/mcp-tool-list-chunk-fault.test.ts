// <mcp-tool-list> when the chunk of <mcp-tool> does not load (the dev server answers 503 for it:
// test/support/module-faults.mjs): the picked tool's place says why and how to retry, and retrying works where the
// engine lets it. A file of its own: an engine may keep a failed import for the page's life, and the list's other
// tests need <mcp-tool>. Against the `main` and `hostile` test servers.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { clearModuleFaults, engine, eventually, expectAbsent, failModule, moduleRequests, serverUrl } from '../../test/support/browser.js'
import './mcp-tool-list.js'
import type { McpToolListElement } from './mcp-tool-list.js'

const TOOL_CHUNK = new URL('../mcp-tool/mcp-tool.js', import.meta.url)

/**
 * Firefox (ESR 153) keeps a failed dynamic import for the page's life: importing the module again rejects at once,
 * without asking the server. Chromium (156) and WebKit (WebKitGTK 2.50) ask the server again.
 */
const keepsFailedImports = engine === 'firefox'

/** The hostile server's trap (test/support/servers/hostile.ts): set only if script of its strings ran. */
const trap = () => (window as unknown as Record<string, unknown>).__pwned

const row = (list: McpToolListElement, name: (name: string) => boolean) =>
  [...list.shadowRoot!.querySelectorAll<HTMLButtonElement>('li > [part~="item"]')].find((item) => name(item.dataset.name ?? ''))
const alertOf = (list: McpToolListElement) => list.shadowRoot!.querySelector('[part="tool-error"][role=alert]')
const retryOf = (list: McpToolListElement) => alertOf(list)?.querySelector('button') ?? null
const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
/** What the message in the picked tool's place says (without its Retry button). */
const said = (list: McpToolListElement) => text(alertOf(list)?.querySelector('p') ?? null)

async function list(server: string): Promise<McpToolListElement> {
  const el = await fixture<McpToolListElement>(html`<mcp-tool-list .client=${new McpClient(await serverUrl(server))}></mcp-tool-list>`)
  await eventually(() => !!row(el, () => true), `the tools of ${server}`)
  return el
}

/** In Chromium and WebKit, waits for the idle preload to have asked for the chunk (and failed); Firefox may not ask. */
async function preloadFailed(): Promise<void> {
  if (keepsFailedImports) return
  await eventually(async () => (await moduleRequests(TOOL_CHUNK)).failed >= 1, 'the idle preload of <mcp-tool>')
}

const FIRST = /^The tool “Echo” could not open: its code did not load \(.+\)\. Retry; if it fails again, reload the page\.$/
const AGAIN = /^The tool “Echo” could not open: its code did not load again \(.+\)\. Reload the page to retry\.$/

describe('<mcp-tool-list> when the code of <mcp-tool> does not load', () => {
  afterEach(() => clearModuleFaults())

  it('shows a tool title from the server as text in the message', async () => {
    await failModule(TOOL_CHUNK, 2)
    const el = await list('hostile')
    await preloadFailed()
    row(el, (name) => name.startsWith('<img'))!.click()
    await eventually(() => !!alertOf(el), 'the message in the picked tool’s place')
    expect(said(el)).to.include(`The tool “<script>window.__pwned='tool.title'</script><img src=x onerror=`)
    expect(alertOf(el)!.querySelector('script, img, svg, iframe, a'), 'markup from the server').to.equal(null)
    expect(trap(), 'script from the server ran').to.equal(undefined)
  })

  it('says so in the picked tool’s place with Retry, then to reload the page when Retry failed too; a pick once the server is back opens the tool (Firefox keeps the failure: it goes on saying to reload)', async () => {
    await failModule(TOOL_CHUNK, 3)
    const el = await list('main')
    await preloadFailed()
    expectAbsent(alertOf(el), 'a message before any pick (the idle preload fails silently)')

    row(el, (name) => name === 'echo')!.click()
    await eventually(() => !!alertOf(el), 'the message in the picked tool’s place')
    expect(said(el)).to.match(FIRST)
    expectAbsent(el.shadowRoot!.querySelector('mcp-tool'), 'an empty <mcp-tool>')
    const atPick = await moduleRequests(TOOL_CHUNK)
    if (!keepsFailedImports) expect(atPick, 'the preload, then the pick').to.deep.equal({ failed: 2, served: 0 })

    retryOf(el)!.click()
    await eventually(() => said(el).includes('did not load again'), 'the message saying it failed again')
    expect(said(el)).to.match(AGAIN)
    expectAbsent(retryOf(el), 'Retry once retrying failed')
    if (keepsFailedImports) expect(await moduleRequests(TOOL_CHUNK), 'the browser asked the server again').to.deep.equal(atPick)
    else expect(await moduleRequests(TOOL_CHUNK)).to.deep.equal({ failed: 3, served: 0 })

    // The server answers again; the user picks the tool again.
    await failModule(TOOL_CHUNK, 0)
    row(el, (name) => name === 'echo')!.click()
    await el.updateComplete
    if (keepsFailedImports) {
      await eventually(() => !!alertOf(el), 'the message after the pick')
      expect(said(el)).to.match(AGAIN)
      expect(await moduleRequests(TOOL_CHUNK), 'the browser asked the server again').to.deep.equal({ failed: 0, served: 0 })
      return
    }
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-tool')?.shadowRoot?.querySelector('[part="call"]'), 'the tool’s Call button')
    expectAbsent(alertOf(el), 'the message once the tool opened')
    expect(await moduleRequests(TOOL_CHUNK)).to.deep.equal({ failed: 0, served: 1 })
  })
})
