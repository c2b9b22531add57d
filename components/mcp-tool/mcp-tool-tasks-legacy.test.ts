// <mcp-tool> with a tool a 2025-11-25 server runs as a task (that revision's experimental tasks), in headless Chromium
// against test/support/servers/legacy-tasks.ts (the official SDK v1 and its experimental tasks), through <mcp-server>:
// the same panel, dialog and result as with the Tasks extension. How often the client polled is counted at the server.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { deepQuery, deepQueryAll, deepText, eventually, expectAbsent, requestsFor, serverUrl } from '../../test/support/browser.js'
import '../mcp-server/mcp-server.js'
import type { McpServerElement } from '../mcp-server/mcp-server.js'
import './mcp-tool.js'

const text = (node: Element | ShadowRoot | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~=${name}]`)

describe('<mcp-tool> with a task of a 2025-11-25 server', () => {
  beforeEach(() => sessionStorage.clear())

  it('shows the status, the input dialog (asked on the tasks/result stream), then the result; polling stops', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('legacy-tasks')
    // The form starts from these arguments (what the element keeps per session).
    sessionStorage.setItem(`mcp-web-elements:tool-arguments\n${new McpClient(url).contextKey().key}\nask_name`, JSON.stringify({ stepMs: 600 }))
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name="ask_name"></mcp-tool></mcp-server>`)
    const el = server.querySelector('mcp-tool')!
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    ;(part(el, 'call') as HTMLButtonElement).click()
    await eventually(() => text(part(el, 'task-message')) === 'Started', 'the first status message', 8_000)
    expect(text(part(el, 'task-status'))).to.equal('Working')
    await eventually(() => !!deepQueryAll(document, 'mcp-elicitation')[0]?.shadowRoot?.querySelector('dialog[open]'), 'the dialog', 8_000)
    const dialog = deepQuery(document, 'mcp-elicitation')
    expect(text(dialog.shadowRoot)).to.contain('What is your name?')
    dialog.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=accept]')!.click()
    await eventually(() => deepText(part(el, 'result')!).includes('Hello, Ada'), 'the result', 10_000)
    expectAbsent(part(el, 'task'), 'the task panel, which goes with the task')
    const call = (await requestsFor('tools/call', 'legacy-tasks')).at(-1)
    expect(call.params.task).to.deep.equal({})
    const polls = (await requestsFor('tasks/get', 'legacy-tasks')).length
    await new Promise((r) => setTimeout(r, 400))
    expect((await requestsFor('tasks/get', 'legacy-tasks')).length, 'no poll after the task ended').to.equal(polls)
  })
})
