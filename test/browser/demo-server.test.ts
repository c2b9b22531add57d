// The demo server of `npm start` (demo/server/demo-server.ts) seen through the
// elements, as the demo site shows it: its tools with their themed icons, its
// resources and templates, its prompts, and a tool list that changes live.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient, visibleToModel } from '../../src/client/index.js'
import '../../components/mcp-server/mcp-server.js'
import '../../components/mcp-tool-list/mcp-tool-list.js'
import '../../components/mcp-resource-list/mcp-resource-list.js'
import '../../components/mcp-prompt-list/mcp-prompt-list.js'
import '../../components/mcp-tool/mcp-tool.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.js'
import type { McpToolListElement } from '../../components/mcp-tool-list/mcp-tool-list.js'
import { deepText, eventually, serverUrl } from '../support/browser.js'
import { fillForm } from '../support/schema-zoo.js'

const toolNames = (list: Element) =>
  [...list.shadowRoot!.querySelectorAll<HTMLElement>('li:not([hidden]) > [part~="item"]')].map((item) => item.dataset.name)
const itemTexts = (list: Element) =>
  [...list.shadowRoot!.querySelectorAll('[part~="item"]')].map((item) => deepText(item).replace(/\s+/g, ' ').trim())

/** The demo server in an <mcp-server> with the three lists, once all three have loaded. */
async function demoPage(theme?: 'light' | 'dark') {
  const url = await serverUrl('demo')
  const server = await fixture<McpServerElement>(
    html`<mcp-server url=${url} theme=${theme ?? 'light'}>
      <mcp-tool-list theme=${theme ?? 'light'}></mcp-tool-list>
      <mcp-resource-list></mcp-resource-list>
      <mcp-prompt-list></mcp-prompt-list>
    </mcp-server>`,
  )
  const [tools, resources, prompts] = ['mcp-tool-list', 'mcp-resource-list', 'mcp-prompt-list'].map((tag) => server.querySelector(tag)!)
  await eventually(
    () => toolNames(tools).length > 0 && itemTexts(resources).length > 0 && itemTexts(prompts).length > 0,
    'the demo lists',
    8_000,
  )
  return { url, server, tools: tools as McpToolListElement, resources, prompts }
}

describe('the demo server, through the elements', () => {
  it('shows its title and every tool it lists, the demo tools first', async () => {
    const { url, server, tools } = await demoPage()
    const all = await new McpClient(url).listTools()
    // A tool only app views may call (the calculator view's own) is listed by the server, and left out by the list.
    expect(all.find((t) => t.name === 'app_calculator_add')?._meta?.ui).to.deep.equal({ visibility: ['app'] })
    const listed = all.filter(visibleToModel).map((t) => t.name)
    expect(listed).to.not.include('app_calculator_add')
    // The list renders the rows in view (windowing): those are the first of the listing, and it counts them all.
    const rendered = toolNames(tools)
    expect(rendered.length).to.be.greaterThan(6)
    expect(rendered).to.deep.equal(listed.slice(0, rendered.length))
    expect(tools.shadowRoot!.querySelector('[part="status"]')!.textContent!.trim()).to.equal(`${listed.length} tools`)
    expect(listed.slice(0, 8)).to.deep.equal([
      'greet',
      'add',
      'divide',
      'slow_task',
      'sign_up',
      'connect_account',
      'show_content',
      'toggle_extra_tool',
    ])
    // Every schema of the schema zoo is a tool of its own.
    expect(listed.filter((name) => name.startsWith('schema_')).length).to.be.greaterThan(10)
    await eventually(() => server.shadowRoot!.querySelector('[part="title"]')?.textContent === 'Demo server', 'the server title')
  })

  it('draws the icon made for the background: the light one on light, the dark one on dark', async () => {
    const url = await serverUrl('demo')
    const [greet] = (await new McpClient(url).listTools()).filter((t) => t.name === 'greet')
    const iconSrc = async (theme: 'light' | 'dark') => {
      const { tools } = await demoPage(theme)
      const icon = tools.shadowRoot!.querySelector('[data-name="greet"] mcp-icon')!
      let src: string | null | undefined
      await eventually(() => !!(src = icon.shadowRoot?.querySelector('img')?.getAttribute('src')), `the greet icon (${theme})`)
      return src
    }
    expect(await iconSrc('light')).to.equal(greet.icons!.find((i) => i.theme === 'light')!.src)
    expect(await iconSrc('dark')).to.equal(greet.icons!.find((i) => i.theme === 'dark')!.src)
  })

  it('lists its text and binary resources, its template and its prompts', async () => {
    const { resources, prompts } = await demoPage()
    const resourceTexts = itemTexts(resources).join('\n')
    for (const expected of [
      'Read me',
      'demo://readme',
      'Picture',
      'demo://picture.svg',
      'Chime',
      'Clock',
      'Colour',
      'demo://colors/{name}',
    ]) {
      expect(resourceTexts).to.contain(expected)
    }
    const promptTexts = itemTexts(prompts).join('\n')
    expect(promptTexts).to.contain('Review code')
    expect(promptTexts).to.contain('Summarize')
  })

  it('adds and removes extra_tool live when toggle_extra_tool is called', async () => {
    const { url, tools } = await demoPage()
    const caller = new McpClient(url)
    tools.filter = 'extra'
    await tools.updateComplete
    expect(toolNames(tools)).to.deep.equal(['toggle_extra_tool'])
    await caller.callTool('toggle_extra_tool', {})
    try {
      await eventually(() => toolNames(tools).includes('extra_tool'), 'extra_tool in the list')
    } finally {
      await caller.callTool('toggle_extra_tool', {})
    }
    await eventually(() => !toolNames(tools).includes('extra_tool'), 'extra_tool gone from the list')
  })

  it('divide by zero answers with a tool error (isError), which <mcp-tool> frames as one; a real division succeeds', async () => {
    const url = await serverUrl('demo')
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name="divide"></mcp-tool></mcp-server>`)
    const tool = server.querySelector('mcp-tool')!
    await eventually(() => !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the divide form')
    const call = async (a: string, b: string) => {
      await fillForm(tool, [
        { fill: 'Dividend', with: a },
        { fill: 'Divisor', with: b },
      ])
      tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=call]')!.click()
    }
    const frame = () => tool.shadowRoot!.querySelector<HTMLElement>('[part~=result-frame]')
    await call('1', '0')
    await eventually(() => frame()?.dataset.status === 'tool-error', 'the tool error')
    expect(deepText(frame()!)).to.contain('Cannot divide by zero')
    await call('7', '2')
    await eventually(() => frame()?.dataset.status === 'success' && deepText(frame()!).includes('3.5'), 'the quotient')
  })
})
