// <mcp-server> pointed at a legacy (2025-11-25, SDK v1) server: the same elements list and call tools and
// answer an elicitation through the dialog, with nothing set for the era.
import { assert, expect, fixture, html } from '@open-wc/testing'
import '../../components/mcp-server/mcp-server.js'
import '../../components/mcp-tool-list/mcp-tool-list.js'
import '../../components/mcp-tool/mcp-tool.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.js'
import { deepQuery, deepQueryAll, deepText, eventually, serverStats, serverUrl } from '../support/browser.js'
import { fillForm } from '../support/schema-zoo.js'

const text = (node: Element | ShadowRoot | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const shownResult = (tool: Element) => {
  const result = tool.shadowRoot!.querySelector('[part~=result]')
  const content = result?.querySelector('mcp-content')
  return content ? text(content.shadowRoot) : text(result)
}
const callButton = (tool: Element) => tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=call]')!

describe('elements on a legacy server', () => {
  beforeEach(() => sessionStorage.clear())

  it('<mcp-tool-list> lists the tools of a legacy server, over a session', async () => {
    const url = await serverUrl('legacy')
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`)
    const list = server.querySelector('mcp-tool-list')!
    await eventually(() => deepText(list).includes('echo') && deepText(list).includes('ask'), 'the tool names')
    const { requests } = await serverStats('legacy')
    const init = requests.find((r: any) => r.body?.method === 'initialize')
    assert.exists(init, 'an initialize was sent')
    const listed = requests.filter((r: any) => r.body?.method === 'tools/list').at(-1)
    expect(listed?.headers['mcp-session-id'], 'the page read the exposed session id and echoed it').to.be.a('string')
  })

  it('<mcp-tool> calls a tool and shows the result', async () => {
    const url = await serverUrl('legacy')
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name="echo"></mcp-tool></mcp-server>`)
    const tool = server.querySelector('mcp-tool')!
    await eventually(() => !!tool.shadowRoot?.querySelector('mcp-schema-form'), 'the form').catch((e) => { throw new Error(e.message + ': ' + text(tool.shadowRoot) + ' | ' + text(server.shadowRoot)) })
    await fillForm(tool, [{ fill: 'Text', with: 'from a legacy server' }])
    callButton(tool).click()
    await eventually(() => shownResult(tool).includes('from a legacy server'), 'the result')
  })

  it('an elicitation from a legacy server is answered through the dialog', async () => {
    const url = await serverUrl('legacy')
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name="ask"></mcp-tool></mcp-server>`)
    const tool = server.querySelector('mcp-tool')!
    await eventually(() => !!tool.shadowRoot?.querySelector('mcp-schema-form'), 'the form')
    callButton(tool).click()
    await eventually(() => !!deepQueryAll(document, 'mcp-elicitation')[0]?.shadowRoot?.querySelector('dialog[open]'), 'the dialog')
    const dialog = deepQuery(document, 'mcp-elicitation')
    expect(text(dialog.shadowRoot)).to.contain('What is your name?')
    await fillForm(dialog, [{ fill: 'Name', with: 'Ada' }])
    dialog.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=accept]')!.click()
    await eventually(() => shownResult(tool).includes('hello Ada'), 'the tool result')
  })
})
