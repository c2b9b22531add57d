// <mcp-tool>'s Copy as code and Save call panels when their chunk does not load (the dev server answers 503 for it:
// test/support/module-faults.mjs): the panel says why and how to retry, and retrying works where the engine lets it.
// A file of its own: an engine may keep a failed import for the page's life, and each page here fails each chunk once.
// Against the `main` test server.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { clearModuleFaults, engine, eventually, expectAbsent, failModule, moduleRequests, serverUrl } from '../../test/support/browser.js'
import './mcp-tool.js'
import type { McpToolElement } from './mcp-tool.js'

const COPY_CODE = new URL('./copy-code.js', import.meta.url)
const SAVE_CALL_FORM = new URL('../shared/save-call/save-call-form.js', import.meta.url)

/**
 * Firefox (ESR 153) keeps a failed dynamic import for the page's life: importing the module again rejects at once,
 * without asking the server. Chromium (156) and WebKit (WebKitGTK 2.50) ask the server again.
 */
const keepsFailedImports = engine === 'firefox'

const part = <E extends Element = HTMLElement>(el: McpToolElement, name: string) => el.shadowRoot!.querySelector<E>(`[part~="${name}"]`)
const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const alertOf = (el: McpToolElement) => el.shadowRoot!.querySelector('[role=alert]')

async function tool(): Promise<McpToolElement> {
  const el = await fixture<McpToolElement>(html`<mcp-tool name="echo" .client=${new McpClient(await serverUrl('main'))}></mcp-tool>`)
  await eventually(() => !!part(el, 'copy-code-toggle'), 'the tool')
  return el
}

/** Clicks `toggle` (a panel's button); resolves once the panel says why it did not load, with what it says. */
async function failedOpening(el: McpToolElement, toggle: string): Promise<string> {
  part<HTMLButtonElement>(el, toggle)!.click()
  await eventually(() => !!alertOf(el), 'the panel saying its code did not load')
  return text(alertOf(el))
}

/** Closes the panel of `toggle` and opens it again. */
async function reopen(el: McpToolElement, toggle: string): Promise<void> {
  part<HTMLButtonElement>(el, toggle)!.click()
  await el.updateComplete
  expectAbsent(alertOf(el), 'the error of the closed panel')
  part<HTMLButtonElement>(el, toggle)!.click()
}

describe('<mcp-tool> panels whose chunk does not load', () => {
  // The copied code is of an empty form: WebKit runs every file in one tab, whose sessionStorage keeps the arguments
  // another file typed into this server's echo.
  beforeEach(() => sessionStorage.clear())
  after(() => clearModuleFaults())

  it('Copy as code says why, and shows its code when opened again once the network is back (Firefox keeps the failure: it says to reload the page)', async () => {
    await failModule(COPY_CODE, 1)
    const el = await tool()
    const said = await failedOpening(el, 'copy-code-toggle')
    expect(said).to.match(
      /^Copy as code could not load \(.+\)\. Close it and open it again to retry; if it fails again, reload the page\.$/,
    )
    expect(await moduleRequests(COPY_CODE)).to.deep.equal({ failed: 1, served: 0 })

    await reopen(el, 'copy-code-toggle')
    if (keepsFailedImports) {
      await eventually(() => text(alertOf(el)).includes('could not load again'), 'the panel saying it failed again')
      expect(text(alertOf(el))).to.match(/^Copy as code could not load again \(.+\)\. Reload the page to retry\.$/)
      expect(await moduleRequests(COPY_CODE), 'the browser asked the server again').to.deep.equal({ failed: 1, served: 0 })
      return
    }
    await eventually(() => !!part(el, 'copy-javascript'), 'the Copy as code panel')
    expectAbsent(alertOf(el), 'the error once the panel loaded')
    expect(await moduleRequests(COPY_CODE)).to.deep.equal({ failed: 1, served: 1 })
    part<HTMLButtonElement>(el, 'copy-javascript')!.click()
    await eventually(() => !!part<HTMLTextAreaElement>(el, 'copy-code-text')?.value, 'the copied code')
    expect(part<HTMLTextAreaElement>(el, 'copy-code-text')!.value).to.include('client.callTool("echo", {})')
  })

  it('Save call says to reload the page once opening it again failed too, and shows its form when the network is back (Firefox keeps the failure: it goes on saying so)', async () => {
    await failModule(SAVE_CALL_FORM, 2)
    const el = await tool()
    expect(await failedOpening(el, 'save-call-toggle')).to.match(
      /^Save call could not load \(.+\)\. Close it and open it again to retry; if it fails again, reload the page\.$/,
    )

    await reopen(el, 'save-call-toggle')
    await eventually(() => text(alertOf(el)).includes('could not load again'), 'the panel saying it failed again')
    expect(text(alertOf(el))).to.match(/^Save call could not load again \(.+\)\. Reload the page to retry\.$/)
    expect(await moduleRequests(SAVE_CALL_FORM)).to.deep.equal(keepsFailedImports ? { failed: 1, served: 0 } : { failed: 2, served: 0 })

    await reopen(el, 'save-call-toggle')
    if (keepsFailedImports) {
      await eventually(() => !!alertOf(el), 'the panel saying it failed again')
      expect(text(alertOf(el))).to.match(/^Save call could not load again \(.+\)\. Reload the page to retry\.$/)
      expect(await moduleRequests(SAVE_CALL_FORM), 'the browser asked the server again').to.deep.equal({ failed: 1, served: 0 })
      return
    }
    await eventually(() => !!part(el, 'save-call-name'), 'the Save call form')
    expectAbsent(alertOf(el), 'the error once the form loaded')
    expect(await moduleRequests(SAVE_CALL_FORM)).to.deep.equal({ failed: 2, served: 1 })
    expect(text(part(el, 'save-call-label'))).to.include('Name of the saved call')
  })
})
