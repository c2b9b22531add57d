// <mcp-call-log>'s Save call when the form's chunk does not load (the dev server answers 503 for it:
// test/support/module-faults.mjs): the log says why and how to retry, and retrying works where the engine lets it.
// A file of its own: Firefox keeps a failed import for the page's life. Against the `main` test server.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { clearModuleFaults, engine, eventually, expectAbsent, failModule, moduleRequests, serverUrl } from '../../test/support/browser.js'
import './mcp-call-log.js'
import type { McpCallLogElement } from './mcp-call-log.js'

const SAVE_CALL_FORM = new URL('../shared/save-call/save-call-form.js', import.meta.url)
/** Firefox (ESR 153) fails a module whose import failed again without asking the server; Chromium and WebKit ask. */
const keepsFailedImports = engine === 'firefox'

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()

describe('<mcp-call-log> Save call whose chunk does not load', () => {
  after(() => clearModuleFaults())

  it('says why, then to reload the page once trying again failed too; the form opens when the network is back (not in Firefox)', async () => {
    await failModule(SAVE_CALL_FORM, 2)
    const client = new McpClient(await serverUrl('main'))
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    await client.callTool('echo', { text: 'saved later' })
    await el.updateComplete
    const record = el.shadowRoot!.querySelector<HTMLDetailsElement>('details[part~=record]')!
    record.querySelector('summary')!.click()
    await eventually(() => !!record.querySelector('[part~=save-call-toggle]'), 'the Save call button')
    const toggle = record.querySelector<HTMLButtonElement>('[part~=save-call-toggle]')!
    const status = () => text(el.shadowRoot!.querySelector('[part~=status]'))
    const failedAgain = /^Save call could not load again \(.+\)\. Reload the page to retry\.$/

    toggle.click()
    await eventually(() => status().startsWith('Save call could not load'), 'the log saying the form did not load')
    expect(status()).to.match(/^Save call could not load \(.+\)\. Try again; if it fails again, reload the page\.$/)
    expect(toggle.getAttribute('aria-expanded')).to.equal('false')

    toggle.click()
    await eventually(() => failedAgain.test(status()), 'the log saying to reload the page')
    expect(await moduleRequests(SAVE_CALL_FORM)).to.deep.equal(keepsFailedImports ? { failed: 1, served: 0 } : { failed: 2, served: 0 })

    toggle.click()
    if (keepsFailedImports) {
      await eventually(() => toggle.getAttribute('aria-expanded') === 'false', 'the form closed again')
      expect(status()).to.match(failedAgain)
      expectAbsent(record.querySelector('[part~=save-call-form]'), 'the form')
      expect(await moduleRequests(SAVE_CALL_FORM), 'the browser asked the server again').to.deep.equal({ failed: 1, served: 0 })
      return
    }
    await eventually(() => !!record.querySelector('[part~=save-call-name]'), 'the Save call form')
    expect(await moduleRequests(SAVE_CALL_FORM)).to.deep.equal({ failed: 2, served: 1 })
  })
})
