// The elements look alike where a user compares them (issue 21, "Consistency"), checked by computed style in
// headless Chromium against the real fixture server (`main`):
// - every primary action (the tool's Call, the prompt's Get, the template's Read) has the same primary look;
// - a tool without icons shows the same placeholder in the tool list and in its <mcp-tool>;
// - in dark, native controls inside the elements are drawn dark (`color-scheme`), by the page's
//   `--mcp-color-scheme`, by an element's `theme` attribute, and by the user's preference.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import '../../components/index.js'
import {
  deepQuery,
  deepQueryAll,
  eventually,
  itExceptIn,
  preferColorScheme,
  preferColorSchemeIfEmulated,
  SETS_PREFERS_COLOR_SCHEME,
  serverUrl,
} from '../support/browser.js'

/** What makes a button look like what it is. */
const look = (button: HTMLElement) => {
  const style = getComputedStyle(button)
  return { background: style.backgroundColor, color: style.color, border: style.borderTopColor }
}

/** The elements with a primary action each, shown at once: a tool, a prompt, and a resource template's form. */
async function primaryActions(wrapperStyle = '') {
  const client = new McpClient(await serverUrl('main'))
  const greet = (await client.listPrompts()).find((p) => p.name === 'greet')!
  const page = await fixture<HTMLDivElement>(html`<div style=${wrapperStyle}>
    <mcp-tool name="add" .client=${client}></mcp-tool>
    <mcp-prompt .client=${client} .prompt=${greet}></mcp-prompt>
    <mcp-resource-list .client=${client}></mcp-resource-list>
  </div>`)
  const list = page.querySelector('mcp-resource-list')!
  const tool = page.querySelector('mcp-tool')!
  await eventually(() => deepQueryAll(list, '[part~="item"]').some((b) => b.textContent!.includes('fixture://users/{id}')), 'the template')
  deepQueryAll(list, '[part~="item"]').find((b) => b.textContent!.includes('fixture://users/{id}'))!.click()
  await eventually(() => deepQueryAll(tool, 'button[part~="call"]').length === 1, 'the Call button')
  await eventually(() => deepQueryAll(list, '[part~="template-form"] button[type="submit"]').length === 1, 'the Read button')
  return {
    page,
    call: deepQuery(tool, 'button[part~="call"]'),
    get: deepQuery(page.querySelector('mcp-prompt')!, 'button[part~="get"]'),
    read: deepQuery(list, '[part~="template-form"] button[type="submit"]'),
  }
}

describe('consistency between the elements', () => {
  afterEach(() => preferColorSchemeIfEmulated('light'))

  for (const scheme of ['light', 'dark'] as const) {
    it(`gives Call, Get and Read one primary look (${scheme})`, async () => {
      const { call, get, read } = await primaryActions(`--mcp-color-scheme: ${scheme}`)
      expect(look(call).background, 'Call is drawn in the accent').not.to.equal(look(call).color)
      expect(look(get), 'Get looks like Call').to.deep.equal(look(call))
      expect(look(read), 'Read looks like Call').to.deep.equal(look(call))
    })
  }

  it('shows the same icon placeholder for a tool without icons in the list and in its <mcp-tool>', async () => {
    const client = new McpClient(await serverUrl('main'))
    const list = await fixture(html`<mcp-tool-list .client=${client}></mcp-tool-list>`)
    const row = (name: string) => deepQueryAll(list, `[part~="item"][data-name="${name}"]`)[0]
    await eventually(() => !!row('add') && !!row('echo'), 'the rows of add and echo')
    row('add')!.click()
    await eventually(() => deepQueryAll(list, 'mcp-tool').flatMap((tool) => deepQueryAll(tool, '[part~="title"]')).some((t) => t.textContent === 'Add'), 'the tool add opened')
    const tool = deepQuery(list, 'mcp-tool')
    const drawn = (where: Element) => {
      const icon = where.querySelector('mcp-icon') ?? where.shadowRoot?.querySelector('mcp-icon')
      if (!icon) return 'nothing'
      return icon.shadowRoot?.querySelector('[part="fallback"]') ? 'placeholder' : icon.shadowRoot?.querySelector('img') ? 'image' : 'nothing'
    }
    await eventually(() => drawn(tool) !== 'nothing', 'the icon in <mcp-tool>')
    await eventually(() => drawn(row('add')!) === drawn(tool), `the row draws what <mcp-tool> draws (${drawn(tool)})`)
    expect(drawn(row('add')!)).to.equal('placeholder')
    const rowIcon = row('add')!.querySelector('mcp-icon')!
    const toolIcon = tool.shadowRoot!.querySelector('mcp-icon')!
    expect(rowIcon.shadowRoot!.querySelector('[part="fallback"]')!.innerHTML, 'the same glyph').to.equal(
      toolIcon.shadowRoot!.querySelector('[part="fallback"]')!.innerHTML,
    )
  })

  /** Every native control inside `root` (through shadow roots), and how each is drawn. */
  const schemes = (root: Element) =>
    deepQueryAll(root, 'input, select, textarea, button').map((control) => getComputedStyle(control).colorScheme)

  for (const [how, wrapper, attribute, media] of [
    ["the page's --mcp-color-scheme", '--mcp-color-scheme: dark', undefined, 'light'],
    ['the theme attribute', '', 'dark', 'light'],
  ] as const) {
    it(`draws native controls dark in dark mode, set by ${how}`, async () => {
      // The user prefers light (in Chromium; elsewhere the engine's own preference): what the page sets wins.
      await preferColorSchemeIfEmulated(media)
      const { page } = await primaryActions(wrapper)
      if (attribute) for (const el of page.children) el.setAttribute('theme', attribute)
      await eventually(() => deepQueryAll(page.querySelector('mcp-tool')!, 'input').length > 0, 'the tool inputs')
      const drawn = schemes(page)
      expect(drawn.length).to.be.greaterThan(4)
      expect([...new Set(drawn)]).to.deep.equal(['dark'])
    })
  }

  itExceptIn(SETS_PREFERS_COLOR_SCHEME, "draws native controls in the user's scheme when nothing forces one", async () => {
    await preferColorScheme('dark')
    const { page } = await primaryActions()
    await eventually(() => deepQueryAll(page.querySelector('mcp-tool')!, 'input').length > 0, 'the tool inputs')
    const control = deepQuery(page.querySelector('mcp-tool')!, 'input')
    expect(getComputedStyle(control).colorScheme).to.equal('light dark')
    // The used scheme is the user's: the element's own dark background is what light-dark() chose.
    expect(getComputedStyle(deepQuery(page.querySelector('mcp-prompt')!, 'input')).backgroundColor).to.equal('rgb(27, 27, 31)')
  })
})
