// <mcp-tool>'s "Copy as code" panel: what it offers for a legacy server (no curl: a session is needed) and for a
// client with a token in its headers (a placeholder until "Include my token" is ticked), and that its code is a
// chunk loaded only when the panel opens. Against the `legacy` (SDK v1, sessions) and `main` test servers.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { eventually, expectAbsent, serverUrl } from '../../test/support/browser.js'
import './mcp-tool.js'
import type { McpToolElement } from './mcp-tool.js'

const part = <E extends Element = HTMLElement>(el: McpToolElement, name: string) => el.shadowRoot!.querySelector<E>(`[part~="${name}"]`)
const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()

async function openPanel(client: McpClient, name: string): Promise<McpToolElement> {
  const el = await fixture<McpToolElement>(html`<mcp-tool name=${name} .client=${client}></mcp-tool>`)
  await eventually(() => !!part(el, 'copy-code-toggle'), 'the tool')
  part<HTMLButtonElement>(el, 'copy-code-toggle')!.click()
  await eventually(() => !!part(el, 'copy-json-rpc'), 'the panel')
  return el
}

/** Presses a Copy button; resolves with the code shown as copied (each copy here differs from the one before). */
async function copied(el: McpToolElement, format: string): Promise<string> {
  const before = part<HTMLTextAreaElement>(el, 'copy-code-text')?.value
  part<HTMLButtonElement>(el, `copy-${format}`)!.click()
  await eventually(() => {
    const now = part<HTMLTextAreaElement>(el, 'copy-code-text')?.value
    return !!now && now !== before && !!text(part(el, 'copy-code-status'))
  }, 'the copy')
  return part<HTMLTextAreaElement>(el, 'copy-code-text')!.value
}

describe('<mcp-tool> Copy as code', () => {
  it('loads the panel’s code only when it is opened', async () => {
    const scripts = () => performance.getEntriesByType('resource').filter((e) => /\/copy-code\.ts/.test(e.name))
    const client = new McpClient(await serverUrl('main'))
    const el = await fixture<McpToolElement>(html`<mcp-tool name="echo" .client=${client}></mcp-tool>`)
    await eventually(() => !!part(el, 'copy-code-toggle'), 'the tool')
    const before = scripts().length
    part<HTMLButtonElement>(el, 'copy-code-toggle')!.click()
    await eventually(() => !!part(el, 'copy-curl'), 'the panel')
    expect(before, 'copy-code.ts loaded before the panel opened').to.equal(0)
    expect(scripts().length).to.equal(1)
  })

  it('a legacy server gets no curl command and a note why; the JavaScript and JSON-RPC copies are there', async () => {
    const client = new McpClient(await serverUrl('legacy'))
    await client.listTools()
    const el = await openPanel(client, 'echo')
    await eventually(() => text(el.shadowRoot!.querySelector('[part~=copy-code-panel]')).includes('keeps sessions'), 'the note')
    expectAbsent(part(el, 'copy-curl'), 'Copy as curl')
    expect(text(part(el, 'copy-code-panel'))).to.include('one curl command cannot open one')
    const body = JSON.parse(await copied(el, 'json-rpc'))
    expect(body).to.deep.include({ method: 'tools/call' })
    expect(body.params).to.deep.equal({ name: 'echo', arguments: {} })
    expect(await copied(el, 'javascript')).to.include('client.callTool("echo", {})')
  })

  it('a token in the client’s headers is $MCP_TOKEN until “Include my token” is ticked', async () => {
    const client = new McpClient(await serverUrl('main'), { headers: { authorization: 'Bearer page-token-123' } })
    const el = await openPanel(client, 'echo')
    await eventually(() => !!part(el, 'include-token'), 'the Include my token option')
    expect(text(part(el, 'copy-code-panel'))).to.include('The copy says $MCP_TOKEN where your token goes.')
    const placeholder = await copied(el, 'curl')
    expect(placeholder).to.include(`-H 'authorization: Bearer '"$MCP_TOKEN"`)
    expect(placeholder).to.not.include('page-token-123')
    const box = part(el, 'include-token')!.querySelector('input')!
    box.click()
    await el.updateComplete
    expect(text(part(el, 'copy-code-panel')), 'the placeholder note once ticked').to.not.include('$MCP_TOKEN where your token goes')
    expect(await copied(el, 'curl')).to.include(`-H 'authorization: Bearer page-token-123'`)
    expect(await copied(el, 'javascript')).to.include('"authorization": "Bearer page-token-123"')
  })

  it('without a token, none is copied and no option is offered', async () => {
    const el = await openPanel(new McpClient(await serverUrl('main')), 'echo')
    const curl = await copied(el, 'curl')
    expect(curl).to.not.match(/authorization/i)
    expectAbsent(part(el, 'include-token'), 'the Include my token option')
  })
})
