// <mcp-tool-list> in headless Chromium against real servers: the main
// fixture, `many` (1,000 tools with annotations), `live` (a tool list that
// changes while the page is open), `invalid` (tools the client must leave out)
// and `flaky` (fails on demand). Keys are pressed through the browser
// (sendKeys), as a user would.
import { assert, expect, fixture, html } from '@open-wc/testing'
import { sendKeys, sendMouse } from '@web/test-runner-commands'
import { McpClient, type Tool } from '../../src/client/index.js'
import {
  controlServer,
  eventually,
  nextEvent,
  pointerClick,
  preferColorSchemeIfEmulated,
  preferredColorScheme,
  serverUrl,
  setViewportSize,
} from '../../test/support/browser.js'
import '../mcp-server/mcp-server.js'
import type { McpToolElement } from '../mcp-tool/mcp-tool.js'
import './mcp-tool-list.js'
import type { McpToolListElement } from './mcp-tool-list.js'

/** The rows in the DOM (a long list renders those in view and a screenful either side), in order. */
const items = (list: McpToolListElement) => [...list.shadowRoot!.querySelectorAll<HTMLButtonElement>('li > [part~="item"]')]
const names = (list: McpToolListElement) => items(list).map((item) => item.dataset.name)
const item = (list: McpToolListElement, name: string) => items(list).find((i) => i.dataset.name === name)!
const status = (list: McpToolListElement) => list.shadowRoot!.querySelector('[part="status"]')!.textContent!.trim()
const filterBox = (list: McpToolListElement) => list.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!
const focused = (list: McpToolListElement) => (list.shadowRoot!.activeElement as HTMLElement | null)?.dataset.name
/** What a screen reader is told of a row: its place and the number of tools shown (rendered or not). */
const place = (item: HTMLElement) => ({
  posinset: Number(item.parentElement!.getAttribute('aria-posinset')),
  setsize: Number(item.parentElement!.getAttribute('aria-setsize')),
})
/** Checks that each row in the DOM is the tool at its place among `shown`, and says so to assistive technology. */
function expectRowsAt(list: McpToolListElement, shown: string[]): void {
  const rows = items(list)
  expect(rows.length, 'some rows are rendered').to.be.greaterThan(0)
  for (const row of rows) {
    const { posinset, setsize } = place(row)
    expect(setsize).to.equal(shown.length)
    expect(row.dataset.name, `the row at place ${posinset}`).to.equal(shown[posinset - 1])
  }
}
/** Whether the row's button is inside the window's viewport. */
const inView = (item: HTMLElement) => {
  const box = item.getBoundingClientRect()
  return box.top >= 0 && box.bottom <= window.innerHeight
}

/** A tool list inside a server element, once its first listing is shown. */
async function listIn(server: string): Promise<McpToolListElement> {
  const url = await serverUrl(server)
  const wrapper = await fixture<HTMLElement>(html`<mcp-server url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`)
  const list = wrapper.querySelector('mcp-tool-list')!
  await eventually(() => items(list).length > 0, `the tools of ${server}`)
  return list
}

/**
 * Resolves once the page has stopped scrolling (a picked tool below the list is scrolled to, smoothly): once its
 * scroll position is the same two frames apart. A smooth scroll that has not moved the page yet passes for stopped.
 */
async function pageStill(): Promise<void> {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
  for (let i = 0, y = NaN; i < 120 && y !== window.scrollY; i++) {
    y = window.scrollY
    await frame()
    await frame()
  }
}

/** Wide enough (whatever the engine's window) for a picked tool to open beside the list, where it leaves the focus on the row, and for the list's column to keep its two-line rows. */
function openToolBeside(list: McpToolListElement): void {
  list.style.display = 'block'
  list.style.width = '1500px'
}

async function listed(server: string): Promise<Tool[]> {
  return new McpClient(await serverUrl(server)).listTools()
}

describe('<mcp-tool-list>', () => {
  afterEach(async () => {
    await pageStill()
    window.scrollTo(0, 0)
    await preferColorSchemeIfEmulated('light')
    await controlServer('live', 'reset')
    await controlServer('flaky', 'mode', { mode: 'ok' })
    await controlServer('live', 'mode', { mode: 'ok' })
  })

  // First in the file: no test before it has picked or hovered a tool (which load <mcp-tool> on demand).
  it('fetches <mcp-tool>’s code when the page is idle once tools are shown, before any pick, so the first pick opens at once', async () => {
    expect(customElements.get('mcp-tool') === undefined, 'not loaded with the list').to.equal(true)
    await listIn('main')
    await eventually(() => customElements.get('mcp-tool') !== undefined, '<mcp-tool> defined, with no pointer or focus on the list')
  })

  it('shows every tool of the server with its title, name, description and icon', async () => {
    const list = await listIn('main')
    const tools = await listed('main')
    expect(names(list)).to.deep.equal(tools.map((t) => t.name))
    const echo = item(list, 'echo')
    expect(echo.querySelector('.title')!.textContent).to.equal('Echo')
    expect(echo.querySelector('.name')!.textContent).to.equal('echo')
    expect(echo.querySelector('.description')!.textContent).to.equal('Returns its input text.')
    const icon = echo.querySelector('mcp-icon')!
    await eventually(() => icon.shadowRoot?.querySelector('img')?.getAttribute('src') === tools[0].icons![0].src, 'the echo icon')
    // No title: the name is the title, and not shown twice.
    expect(item(list, 'slow_count').querySelector('.title')!.textContent).to.equal('slow_count')
    expect(item(list, 'slow_count').querySelector('.name')!.textContent).to.equal('')
    expect(status(list)).to.equal(`${tools.length} tools`)
    await expect(list).to.be.accessible()
    // Rows the filter hides are out of the way of assistive technology too.
    list.filter = 'echo'
    await list.updateComplete
    expect(names(list)).to.deep.equal(['echo'])
    await expect(list).to.be.accessible()
  })

  it('draws its icons for the theme it is given', async () => {
    const client = new McpClient(await serverUrl())
    const list = await fixture<McpToolListElement>(html`<mcp-tool-list theme="dark" .client=${client}></mcp-tool-list>`)
    await eventually(() => items(list).length > 0, 'the tools')
    expect(item(list, 'echo').querySelector('mcp-icon')!.theme).to.equal('dark')
    expect(getComputedStyle(list).colorScheme).to.equal('dark')
    list.theme = 'light'
    await list.updateComplete
    expect(item(list, 'echo').querySelector('mcp-icon')!.theme).to.equal('light')
    // The property sets the colours too, not only the icons: it is reflected to the attribute the styles select on.
    expect(getComputedStyle(list).colorScheme).to.equal('light')
  })

  it("draws the icon variant for the theme of its <mcp-server>, and the user's scheme when that has none", async () => {
    await preferColorSchemeIfEmulated('light')
    const url = await serverUrl('themed')
    const server = await fixture<HTMLElement & { theme?: string }>(
      html`<mcp-server theme="dark" url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>`,
    )
    const list = server.querySelector('mcp-tool-list')!
    await eventually(() => items(list).length > 0, 'the tools')
    const src = () => item(list, 'paint').querySelector('mcp-icon')!.shadowRoot?.querySelector('img')?.getAttribute('src')
    const dark = (await listed('themed'))[0].icons!.find((i) => i.theme === 'dark')!.src
    const light = (await listed('themed'))[0].icons!.find((i) => i.theme === 'light')!.src
    await eventually(() => src() === dark, 'the dark variant, as the server asks, though the user prefers light')
    expect(getComputedStyle(list).colorScheme, 'the list around it is dark too').to.equal('dark')
    server.theme = 'light'
    await eventually(() => src() === light, 'the light variant once the server asks for light')
    server.removeAttribute('theme')
    // Chromium can make the user's scheme dark, so the switch shows; elsewhere it is the engine's own.
    await preferColorSchemeIfEmulated('dark')
    const preferred = preferredColorScheme() === 'dark' ? dark : light
    await eventually(() => src() === preferred, `the user's ${preferredColorScheme()} scheme once the server asks for none`)
  })

  it('shows annotations set to true as badges, and a title from annotations when there is no other', async () => {
    const list = await listIn('many')
    const badges = (name: string) => [...item(list, name).querySelectorAll('.badge')].map((b) => b.textContent)
    // weather_0000: read-only, idempotent, destructive (meaningless when read-only, so not shown), open world.
    expect(badges('weather_0000')).to.deep.equal(['read-only', 'idempotent', 'open world'])
    expect(badges('finance_0005')).to.deep.equal(['destructive'])
    expect(badges('maps_0002')).to.deep.equal(['read-only'])
    expect(badges('finance_0001')).to.deep.equal([])
    // finance_0001 has no title, only annotations.title.
    expect(item(list, 'finance_0001').querySelector('.title')!.textContent).to.equal('Finance tool 1 (annotations)')
    expect(item(list, 'finance_0001').querySelector('.name')!.textContent).to.equal('finance_0001')
  })

  it('a tool that states no annotations shows the spec’s defaults (destructive, open world), marked as not stated', async () => {
    const list = await listIn('approval')
    const badges = (name: string) => [...item(list, name).querySelectorAll<HTMLElement>('.badge')]
    const moveFile = badges('move_file')
    expect(
      moveFile.map((b) =>
        [...b.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join(''),
      ),
    ).to.deep.equal(['destructive', 'open world'])
    for (const badge of moveFile) {
      expect(badge.textContent).to.contain('not stated by the server')
      expect(badge.classList.contains('assumed')).to.equal(true)
    }
    // Stated: read-only and closed world, so no open-world badge, and nothing marked assumed.
    expect(badges('read_notes').map((b) => b.textContent)).to.deep.equal(['read-only'])
    await expect(list).to.be.accessible()
  })

  it('renders 1,000 tools and filters them as the user types', async () => {
    const started = performance.now()
    const list = await listIn('many')
    const loaded = performance.now() - started
    const all = (await listed('many')).map((t) => t.name)
    expect(status(list)).to.equal('1000 tools')
    // The first rows, in order, each saying it is one of 1,000; only about a screenful of them is in the DOM.
    expectRowsAt(list, all)
    expect(names(list)).to.deep.equal(all.slice(0, items(list).length))
    expect(items(list).length).to.be.below(100)

    filterBox(list).focus()
    const typed = performance.now()
    await sendKeys({ type: 'weather' })
    await list.updateComplete
    const filtered = performance.now() - typed
    expect(status(list)).to.equal('250 of 1000 tools')
    expectRowsAt(
      list,
      all.filter((n) => n.startsWith('weather_')),
    )

    // Titles and descriptions are searched too, case-insensitively.
    list.filter = 'MAPS TOOL 42'
    await list.updateComplete
    expect(names(list)).to.deep.equal(['maps_0042', 'maps_0422', 'maps_0426'])
    list.filter = 'task 9999'
    await list.updateComplete
    expect(names(list)).to.deep.equal([])
    expect(status(list)).to.equal('Nothing matches “task 9999”.')
    list.filter = 'task 999 in'
    await list.updateComplete
    expect(names(list)).to.deep.equal(['mail_0999'])
    list.filter = ''
    await list.updateComplete
    expect(status(list)).to.equal('1000 tools')
    expectRowsAt(list, all)
    console.log(`1,000 tools: listed and rendered in ${loaded.toFixed(0)} ms; typing a 7-letter filter took ${filtered.toFixed(0)} ms`)
  })

  it('shows the filter once there are tools to filter; Clear empties it and puts the focus back in it', async () => {
    const alone = await fixture<McpToolListElement>(html`<mcp-tool-list></mcp-tool-list>`)
    expect(alone.shadowRoot!.querySelector('[part~="filter"]'), 'no filter without a server').to.equal(null)
    expect(status(alone)).to.equal('No server to list tools from.')

    const list = await listIn('demo')
    expect(list.shadowRoot!.querySelector('[part~="filter-clear"]'), 'no Clear while the filter is empty').to.equal(null)
    const before = status(list)
    expect(before).to.match(/^\d+ tools$/)
    filterBox(list).focus()
    await sendKeys({ type: 'zzz' })
    await list.updateComplete
    expect(status(list)).to.equal('Nothing matches “zzz”.')
    const clear = list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="filter-clear"]')!
    expect(clear.textContent!.trim()).to.equal('Clear')
    clear.click()
    await list.updateComplete
    expect(filterBox(list).value).to.equal('')
    expect(list.filter).to.equal('')
    expect(list.shadowRoot!.activeElement, 'the focus back in the filter').to.equal(filterBox(list))
    expect(status(list), 'every tool again').to.equal(before)
    await expect(list).to.be.accessible()
  })

  it('moves with the arrow keys, Home and End, and picks with Enter', async () => {
    const list = await listIn('main')
    const tools = await listed('main')
    filterBox(list).focus()
    await sendKeys({ press: 'ArrowDown' })
    expect(focused(list)).to.equal(tools[0].name)
    await sendKeys({ press: 'ArrowDown' })
    expect(focused(list)).to.equal(tools[1].name)
    await sendKeys({ press: 'End' })
    expect(focused(list)).to.equal(tools.at(-1)!.name)
    await sendKeys({ press: 'Home' })
    expect(focused(list)).to.equal(tools[0].name)
    await sendKeys({ press: 'ArrowUp' })
    expect(focused(list)).to.equal(tools[0].name)
    // Only one item is a Tab stop.
    await list.updateComplete
    expect(items(list).filter((i) => i.tabIndex === 0).length).to.equal(1)

    // Narrower than 900 px (whatever the engine's window), a picked tool opens below the list.
    list.style.maxWidth = '600px'
    await sendKeys({ press: 'ArrowDown' })
    const picked = nextEvent<CustomEvent<{ tool: Tool }>>(list, 'mcp-tool-select')
    await sendKeys({ press: 'Enter' })
    expect((await picked).detail.tool.name).to.equal(tools[1].name)
    await list.updateComplete
    expect(item(list, tools[1].name).getAttribute('aria-current')).to.equal('true')
    const opened = list.shadowRoot!.querySelector<McpToolElement>('mcp-tool')!
    expect(opened !== null, 'an <mcp-tool> is open').to.equal(true)
    expect(opened.tool!.name).to.equal(tools[1].name)
    // Below the list, the tool takes the focus, and the page scrolls to it (the e2e
    // suite checks on a phone that a tool opened off screen comes into view).
    await eventually(() => !!list.shadowRoot!.activeElement?.contains(opened), 'the focus on the open tool')
    const topInWindow = () => opened.getBoundingClientRect().top >= -1 && opened.getBoundingClientRect().top < window.innerHeight
    // A smooth scroll may not have moved the page yet (Firefox's first frames move it 0 or 1 px), which pageStill
    // would take for a page at rest: wait for the tool to come into view, then for the page to stop, and look again.
    await eventually(topInWindow, 'the open tool scrolled into the window')
    await pageStill()
    const top = opened.getBoundingClientRect().top
    expect(topInWindow(), `the open tool's top in the window (${top} px)`).to.equal(true)
  })

  it('makes a row clicked with the pointer the Tab stop: Tab leaves the list, Shift+Tab comes back to that row', async () => {
    const list = await listIn('main')
    const tools = await listed('main')
    openToolBeside(list)
    await pointerClick(item(list, tools[2].name))
    await list.updateComplete
    expect(focused(list)).to.equal(tools[2].name)
    expect(
      items(list)
        .filter((i) => i.tabIndex === 0)
        .map((i) => i.dataset.name),
    ).to.deep.equal([tools[2].name])
    await sendKeys({ press: 'Tab' })
    expect(focused(list), 'Tab left the list').to.equal(undefined)
    await sendKeys({ press: 'Shift+Tab' })
    expect(focused(list)).to.equal(tools[2].name)
    filterBox(list).focus()
    await sendKeys({ press: 'Tab' })
    expect(focused(list)).to.equal(tools[2].name)
  })

  it('reaches the last of 1,000 tools with End, keeps it as the Tab stop when scrolled away, and Home goes back', async () => {
    const list = await listIn('many')
    const all = (await listed('many')).map((t) => t.name)
    filterBox(list).focus()
    await sendKeys({ press: 'ArrowDown' })
    expect(focused(list)).to.equal(all[0])
    await sendKeys({ press: 'End' })
    expect(focused(list)).to.equal('mail_0999')
    const last = item(list, 'mail_0999')
    expect(place(last)).to.deep.equal({ posinset: 1000, setsize: 1000 })
    // Firefox scrolls a focused element into view at its next layout, not in focus() itself.
    await eventually(() => inView(last), 'the last tool scrolled into view')
    // The rows around it are rendered too, each at its place.
    await eventually(() => items(list).length > 10, 'the rows around the last one')
    expectRowsAt(list, all)
    await sendKeys({ press: 'ArrowUp' })
    expect(focused(list)).to.equal(all[998])

    // Scrolled back to the top, the Tab stop is still there, and Tab from the filter box reaches it.
    window.scrollTo(0, 0)
    await eventually(() => names(list).includes(all[0]), 'the first rows again')
    expect(
      items(list)
        .filter((i) => i.tabIndex === 0)
        .map((i) => i.dataset.name),
    ).to.deep.equal([all[998]])
    filterBox(list).focus()
    await sendKeys({ press: 'Tab' })
    expect(focused(list)).to.equal(all[998])
    await sendKeys({ press: 'Home' })
    expect(focused(list)).to.equal(all[0])
  })

  it('keeps the Tab stop rendered when it is the row just past those in view (scrolled back to the top)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const list = await listIn('many')
    const all = (await listed('many')).map((t) => t.name)
    // Rows are measured after an update; a new width is none.
    openToolBeside(list)
    list.requestUpdate()
    await list.updateComplete
    // Once the row height is measured, the rows at the top are those in view and a screenful below: 0 to n - 1.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await list.updateComplete
    const n = items(list).length
    expect(names(list)).to.deep.equal(all.slice(0, n))
    // Row n, the first one not rendered at the top, becomes the Tab stop: scrolled to, and clicked.
    const firstRow = items(list)[0]!.parentElement!
    window.scrollTo(0, firstRow.getBoundingClientRect().top + window.scrollY + n * firstRow.getBoundingClientRect().height)
    await eventually(() => names(list).includes(all[n]), `row ${n}`)
    await pointerClick(item(list, all[n]))
    await list.updateComplete
    expect(focused(list)).to.equal(all[n])
    window.scrollTo(0, 0)
    await eventually(() => names(list).includes(all[0]), 'the first rows again')
    await list.updateComplete
    expect(names(list)).to.deep.equal(all.slice(0, n + 1))
    expect(
      items(list)
        .filter((i) => i.tabIndex === 0)
        .map((i) => i.dataset.name),
    ).to.deep.equal([all[n]])
    filterBox(list).focus()
    await sendKeys({ press: 'Tab' })
    expect(focused(list)).to.equal(all[n])
  })

  it('opens the right tool after filtering 1,000 and moving to the last match', async () => {
    const list = await listIn('many')
    filterBox(list).focus()
    await sendKeys({ type: 'weather' })
    await sendKeys({ press: 'ArrowDown' })
    expect(focused(list)).to.equal('weather_0000')
    await sendKeys({ press: 'End' })
    expect(focused(list)).to.equal('weather_0996')
    const picked = nextEvent<CustomEvent<{ tool: Tool }>>(list, 'mcp-tool-select')
    await sendKeys({ press: 'Enter' })
    expect((await picked).detail.tool.name).to.equal('weather_0996')
    await list.updateComplete
    expect(list.shadowRoot!.querySelector<McpToolElement>('mcp-tool')!.tool!.name).to.equal('weather_0996')
  })

  it('renders the rows in view as the page scrolls, each with its place for screen readers', async () => {
    const list = await listIn('many')
    const all = (await listed('many')).map((t) => t.name)
    const firstRow = items(list)[0]!.parentElement!
    const rowHeight = firstRow.getBoundingClientRect().height
    // To the middle of the list: the tools around the 500th are shown where the 500th belongs. Down to a whole pixel:
    // the window scrolls by whole pixels, and one rounded up would leave the row's top a fraction above the view.
    window.scrollTo(0, Math.floor(firstRow.getBoundingClientRect().top + window.scrollY + 500 * rowHeight))
    await eventually(() => names(list).includes(all[500]), 'the rows around the 500th')
    expect(inView(item(list, all[500])), 'the 500th tool is in view').to.equal(true)
    // Of the rows at the top only the Tab stop, the first, is still rendered.
    expect(names(list)[0], 'the Tab stop stays rendered').to.equal(all[0])
    expect(names(list)).to.not.include(all[1])
    expectRowsAt(list, all)
    const middle = list.shadowRoot!.elementFromPoint(200, window.innerHeight / 2)!.closest<HTMLElement>('li')!
    const shownThere = Number(middle.getAttribute('aria-posinset'))
    expect(shownThere).to.be.within(495, 510)
    await expect(list).to.be.accessible()
  })

  it('takes its client only as a property: a client attribute in markup does nothing', async () => {
    const url = await serverUrl('many')
    const wrapper = await fixture<HTMLElement>(
      html`<mcp-server url=${url}><mcp-tool-list client="http://127.0.0.1:9/elsewhere"></mcp-tool-list></mcp-server>`,
    )
    const list = wrapper.querySelector('mcp-tool-list')!
    await eventually(() => items(list).length > 0, 'the tools of the enclosing server')
    expect(list.client).to.equal(undefined)
  })

  it('on a tall screen, renders rows down to the bottom of the window, not a fixed screen height of them', async () => {
    const [width, height] = [window.innerWidth, window.innerHeight]
    await setViewportSize(800, 1800)
    try {
      expect(window.innerHeight, 'the window is 1,800 px tall').to.equal(1800)
      const list = await listIn('many')
      const all = (await listed('many')).map((t) => t.name)
      const firstRow = items(list)[0]!.parentElement!
      window.scrollTo(0, firstRow.getBoundingClientRect().top + window.scrollY + 500 * firstRow.getBoundingClientRect().height)
      await eventually(() => names(list).includes(all[500]), 'the rows around the 500th')
      await new Promise((resolve) => setTimeout(resolve, 100))
      const atBottom = list.shadowRoot!.elementFromPoint(200, window.innerHeight - 5)?.closest('li')
      expect(atBottom, 'a tool row at the bottom of the window').to.not.equal(null)
    } finally {
      await setViewportSize(width, height)
    }
  })

  it('an idle long list, scrolled to its middle, renders nothing more once its rows are measured', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const list = await listIn('many')
    const all = (await listed('many')).map((t) => t.name)
    const firstRow = items(list)[0]!.parentElement!
    window.scrollTo(0, firstRow.getBoundingClientRect().top + window.scrollY + 500 * firstRow.getBoundingClientRect().height)
    await eventually(() => names(list).includes(all[500]), 'the rows around the 500th')
    // Let the row height be measured (a frame after an update), then watch: no scroll, no input, no new render.
    await new Promise((resolve) => setTimeout(resolve, 300))
    let updates = 0
    list.addController({ hostUpdated: () => void updates++ })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(updates, 'renders while idle').to.equal(0)
  })

  it('renders the rows in view when the list scrolls by itself (--mcp-tool-list-max-height)', async () => {
    const list = await listIn('many')
    const all = (await listed('many')).map((t) => t.name)
    list.style.setProperty('--mcp-tool-list-max-height', '300px')
    const ul = list.shadowRoot!.querySelector<HTMLElement>('[part="list"]')!
    const rowHeight = items(list)[0]!.parentElement!.getBoundingClientRect().height
    expect(ul.scrollHeight, 'the list is as tall as all its rows').to.be.closeTo(1000 * rowHeight, rowHeight)
    ul.scrollTop = 700 * rowHeight
    await eventually(() => names(list).includes(all[700]), 'the rows around the 700th')
    const box = item(list, all[700]).getBoundingClientRect()
    const view = ul.getBoundingClientRect()
    expect(box.top, 'the 700th row is at the top of the list').to.be.closeTo(view.top + ul.clientTop, 2)
    expectRowsAt(list, all)
  })

  it('with a row height set by the page, the list is as tall as all its rows and shows the rows in view', async () => {
    const url = await serverUrl('many')
    const wrapper = await fixture<HTMLElement>(
      html`<mcp-server url=${url}><mcp-tool-list style="--mcp-tool-list-row-height: 4em"></mcp-tool-list></mcp-server>`,
    )
    const list = wrapper.querySelector('mcp-tool-list')!
    await eventually(() => items(list).length > 0, 'the tools of many')
    const all = (await listed('many')).map((t) => t.name)
    const ul = list.shadowRoot!.querySelector<HTMLElement>('[part="list"]')!
    const rowHeight = items(list)[0]!.parentElement!.getBoundingClientRect().height
    expect(rowHeight, 'rows are the height the page set').to.be.closeTo(4 * parseFloat(getComputedStyle(items(list)[0]!).fontSize), 1)
    // The row height is measured once the rows are laid out; then the space after the rendered rows follows it.
    await eventually(() => Math.abs(ul.getBoundingClientRect().height - 1000 * rowHeight) < rowHeight, 'the list as tall as 1,000 rows')
    window.scrollTo(0, ul.getBoundingClientRect().top + window.scrollY + 600 * rowHeight)
    await eventually(() => names(list).includes(all[600]), 'the rows around the 600th')
    expect(inView(item(list, all[600])), 'the 600th tool is in view').to.equal(true)
    expectRowsAt(list, all)
  })

  it('a filter keystroke shows the matching tools in the rows already on screen (no rows rebuilt)', async () => {
    const list = await listIn('many')
    const all = (await listed('many')).map((t) => t.name)
    // The rows on screen once the row height is measured (a frame after the first render, which guessed it and drew
    // fewer rows): taken earlier, a busy machine made the filtered rows outnumber them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await list.updateComplete
    const before = items(list)
    filterBox(list).focus()
    await sendKeys({ type: 'weather_00' })
    const shown = all.filter((name) => name.includes('weather_00'))
    await eventually(() => status(list).startsWith(`${shown.length} of`), 'the filtered count')
    expectRowsAt(list, shown)
    // Each place keeps its row, now showing the tool at that place: a keystroke updates rows, it does not rebuild them.
    expect(
      items(list).every((row, i) => row === before[i]),
      'the same row elements',
    ).to.equal(true)
  })

  it('skips laying out the rows rendered out of view (content-visibility), which the filter and the arrow keys still reach', async () => {
    const list = await listIn('many')
    // Tall rows, so the last row rendered (the view and a few rows either side) lies past the margin within which
    // Chromium lays out content-visibility:auto contents.
    list.style.setProperty('--mcp-tool-list-row-height', '6.5em')
    await eventually(() => items(list)[0]!.parentElement!.getBoundingClientRect().height > 90, 'the tall rows')
    // The list measures its row height in the frame after an update, and a style change is no update: ask for one,
    // then wait for the render with fewer, taller rows. Otherwise the "last row rendered" below is one the window
    // drops at its next update (clearing the filter), as it did in Firefox.
    list.requestUpdate()
    await list.updateComplete
    await new Promise(requestAnimationFrame)
    await new Promise(requestAnimationFrame)
    await list.updateComplete
    const all = (await listed('many')).map((t) => t.name)
    // Whether the browser skips the row's contents (a row out of view is not styled or laid out until it comes near).
    const skipped = (name: string) => !item(list, name).checkVisibility({ contentVisibilityAuto: true })
    const far = items(list).length - 1 // the last row rendered: a screenful and more below the view
    expect(inView(item(list, all[far])), `the row at place ${far + 1} is out of view`).to.equal(false)
    await eventually(() => skipped(all[far]), `the row at place ${far + 1} skipped by layout`)
    expect(skipped(all[0]), 'the first row (in view) is laid out').to.equal(false)

    // The filter finds it: typing its name shows it alone, laid out.
    filterBox(list).focus()
    await sendKeys({ type: all[far] })
    await eventually(() => status(list) === '1 of 1000 tools', 'the one match')
    expect(names(list)).to.deep.equal([all[far]])
    await eventually(() => !skipped(all[far]), 'the match laid out')
    list.filter = ''
    await list.updateComplete
    await eventually(() => skipped(all[far]), `the row at place ${far + 1} skipped again with the filter cleared`)

    // The arrow keys reach it: focused, scrolled into view and laid out.
    filterBox(list).focus()
    for (let i = 0; i <= far; i++) await sendKeys({ press: 'ArrowDown' })
    expect(focused(list)).to.equal(all[far])
    expect(inView(item(list, all[far])), 'the focused row is in view').to.equal(true)
    await eventually(() => !skipped(all[far]), 'the focused row laid out')
  })

  it('opens <mcp-tool> for a clicked tool, unless the page handles the selection itself', async () => {
    const list = await listIn('main')
    const picked = nextEvent<CustomEvent<{ tool: Tool }>>(list, 'mcp-tool-select')
    item(list, 'add').click()
    const { detail } = await picked
    expect(detail.tool.name).to.equal('add')
    assert.exists(detail.tool.outputSchema)
    await list.updateComplete
    expect(list.shadowRoot!.querySelector<McpToolElement>('mcp-tool')!.tool).to.equal(detail.tool)
    expect(list.selected).to.equal('add')

    list.addEventListener('mcp-tool-select', (e) => e.preventDefault(), { once: true })
    item(list, 'echo').click()
    await list.updateComplete
    expect(list.selected).to.equal('add')
    expect(list.shadowRoot!.querySelector<McpToolElement>('mcp-tool')!.tool!.name).to.equal('add')
  })

  it('shows a tool added on the server in the open list, without a reload', async () => {
    const list = await listIn('live')
    expect(names(list)).to.deep.equal(['alpha', 'beta'])
    const server = list.closest('mcp-server')!
    await eventually(() => server.shadowRoot!.querySelector('[part="status"]')!.textContent!.includes('live'), 'live updates')
    await controlServer('live', 'add-tool', { name: 'gamma' })
    await eventually(() => names(list).includes('gamma'), 'gamma to appear')
    expect(item(list, 'gamma').querySelector('.title')!.textContent).to.equal('Tool gamma')
    await controlServer('live', 'remove-tool', { name: 'alpha' })
    await eventually(() => !names(list).includes('alpha'), 'alpha to go')
    expect(names(list)).to.deep.equal(['beta', 'gamma'])
  })

  it('catches up after the update stream dropped and came back', async () => {
    const list = await listIn('live')
    const server = list.closest('mcp-server')!
    await eventually(() => server.shadowRoot!.querySelector('[part="status"]')!.textContent!.includes('live'), 'live updates')
    // Changed while nobody was told: only the reconnect can bring it.
    await controlServer('live', 'add-tool', { name: 'quiet', notify: false })
    await controlServer('live', 'drop-listens')
    await eventually(() => names(list).includes('quiet'), 'the quietly added tool after the reconnect')
  })

  it('shows only the new server’s tools when the server element’s url changes', async () => {
    const list = await listIn('main')
    const server = list.closest('mcp-server')!
    server.url = await serverUrl('live')
    await server.updateComplete
    await list.updateComplete
    expect(names(list), 'no tools of the old server while the new one connects').to.deep.equal([])
    await eventually(() => names(list).length > 0, 'the new tools')
    expect(names(list)).to.deep.equal(['alpha', 'beta'])
  })

  it('asks the server afresh when its server element is put back on the page', async () => {
    const list = await listIn('live')
    const server = list.closest('mcp-server')!
    // Changed while nobody was told, and the listing is cached for an hour: only a fresh listing shows it.
    await controlServer('live', 'add-tool', { name: 'meanwhile', notify: false })
    const parent = server.parentElement!
    server.remove()
    parent.append(server)
    await eventually(() => names(list).includes('meanwhile'), 'the tool added while the element was away')
  })

  it('lists the tools the client left out in a collapsed warning, with the reason', async () => {
    const list = await listIn('invalid')
    const warning = list.shadowRoot!.querySelector<HTMLDetailsElement>('details[part="invalid"]')!
    expect(warning !== null, 'the warning is there').to.equal(true)
    expect(warning.open).to.equal(false)
    const left = [...warning.querySelectorAll('li')].map((li) => li.querySelector('code')!.textContent)
    expect(left.sort()).to.deep.equal(['bad_duplicate_header', 'bad_items_header', 'bad_number_header', 'bad_token_header'])
    expect(warning.querySelector('summary')!.textContent).to.include('4 tools left out')
    expect(warning.querySelector('li')!.textContent!.length).to.be.greaterThan('bad_number_header: '.length)
    expect(names(list)).to.include('echo')
    expect(names(list).some((n) => n!.startsWith('bad_'))).to.equal(false)
    await expect(list).to.be.accessible()
  })

  it('names each tool left out of a listing, and drops one from the warning once the server fixes it', async () => {
    const list = await listIn('live')
    const server = list.closest('mcp-server')!
    await eventually(() => server.shadowRoot!.querySelector('[part="status"]')!.textContent!.includes('live'), 'live updates')
    const leftOut = () => [...list.shadowRoot!.querySelectorAll('details[part="invalid"] li code')].map((code) => code.textContent).sort()
    // Two broken tools in one listing.
    await controlServer('live', 'add-tool', { name: 'gamma', badHeader: true, notify: false })
    await controlServer('live', 'add-tool', { name: 'delta', badHeader: true })
    await eventually(() => leftOut().length > 0, 'the warning')
    await list.updateComplete
    expect(leftOut()).to.deep.equal(['delta', 'gamma'])
    // gamma comes back fixed: it is listed, and no longer in the warning.
    await controlServer('live', 'remove-tool', { name: 'gamma', notify: false })
    await controlServer('live', 'add-tool', { name: 'gamma' })
    await eventually(() => names(list).includes('gamma'), 'the fixed tool listed')
    await list.updateComplete
    expect(leftOut()).to.deep.equal(['delta'])
  })

  it('shows a load failure with Retry, and lists after a successful retry', async () => {
    const client = new McpClient(await serverUrl('flaky'))
    await controlServer('flaky', 'mode', { mode: 'http-500' })
    const list = await fixture<McpToolListElement>(html`<mcp-tool-list .client=${client}></mcp-tool-list>`)
    await eventually(() => list.shadowRoot!.querySelector('[part="error"]') !== null, 'the error')
    const error = list.shadowRoot!.querySelector('[part="error"]')!
    expect(error.getAttribute('role')).to.equal('alert')
    expect(error.textContent).to.include('HTTP 500')
    expect(status(list), 'no count of the tools it could not load ("No tools.")').to.equal('')
    await expect(list).to.be.accessible()
    await controlServer('flaky', 'mode', { mode: 'ok' })
    error.querySelector('button')!.click()
    await eventually(() => names(list).includes('ping'), 'the tools after Retry')
    expect(list.shadowRoot!.querySelector('[part="error"]') === null, 'the error is gone').to.equal(true)
  })

  it('keeps the old rows, marked as saved, with Retry, when a reload fails; Retry after the server is back shows the new ones', async () => {
    const list = await listIn('live')
    const server = list.closest('mcp-server')!
    await eventually(() => server.shadowRoot!.querySelector('[part="status"]')!.textContent!.includes('live'), 'live updates')
    const part = (name: string) => list.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
    expect(part('stale') === null, 'a fresh list is not marked').to.equal(true)
    await controlServer('live', 'mode', { mode: 'http-500' })
    // The server says its list changed (the open listen stream still passes); the reload it causes fails.
    await controlServer('live', 'add-tool', { name: 'gamma' })
    await eventually(() => part('error') !== null, 'the failed reload')
    expect(part('error')!.textContent).to.include('HTTP 500')
    expect(names(list), 'the old rows stay').to.deep.equal(['alpha', 'beta'])
    expect(part('stale') !== null, 'the old rows are marked as saved').to.equal(true)
    expect(part('stale')!.textContent!.trim()).to.match(/^Showing a saved list from \d+ seconds? ago\.$/)
    await controlServer('live', 'mode', { mode: 'ok' })
    part('error')!.querySelector('button')!.click()
    await eventually(() => names(list).includes('gamma'), 'the new rows after Retry')
    expect(names(list)).to.deep.equal(['alpha', 'beta', 'gamma'])
    expect(part('stale') === null, 'no longer marked').to.equal(true)
    expect(part('error') === null, 'the error is gone').to.equal(true)
  })

  it('leaves out entries that are not tools, shows odd fields as text, and says how many it left out', async () => {
    await controlServer('flaky', 'mode', { mode: 'junk-tools' })
    const list = await fixture<McpToolListElement>(html`<mcp-tool-list .client=${new McpClient(await serverUrl('flaky'))}></mcp-tool-list>`)
    await eventually(() => items(list).length > 0, 'the usable tools')
    expect(names(list)).to.deep.equal(['fine', 'odd'])
    expect(item(list, 'fine').querySelector('.title')!.textContent).to.equal('Fine tool')
    expect(item(list, 'odd').querySelector('.title')!.textContent).to.equal('[object Object]')
    expect(item(list, 'odd').querySelector('.description')!.textContent).to.equal('')
    // A tool without a usable icon list shows the placeholder, as every tool without icons does (and as <mcp-tool> does).
    const oddIcon = item(list, 'odd').querySelector('mcp-icon')!
    await eventually(() => !!oddIcon.shadowRoot?.querySelector('[part="fallback"]'), 'the placeholder, not an image from a non-list')
    // The client refuses entries that are not objects (its invalidtool events); the list leaves out the others.
    expect(status(list)).to.equal('2 tools 3 malformed entries left out.')
    const refused = [...list.shadowRoot!.querySelectorAll('details[part="invalid"] li')].map((li) => li.textContent!.replace(/\s+/g, ' '))
    expect(refused.length).to.equal(3)
    expect(refused.every((text) => text.startsWith('(no name): '))).to.equal(true)
    expect(refused.join('\n')).to.include('"a string"')
  })

  it('draws the focus ring of a row inside the row and the list’s scroll box (WCAG 2.4.7: not clipped)', async () => {
    const list = await listIn('many')
    list.style.setProperty('--mcp-tool-list-max-height', '300px')
    const ul = list.shadowRoot!.querySelector<HTMLElement>('ul[part~="list"]')!
    filterBox(list).focus()
    for (const key of ['ArrowDown', 'ArrowDown', 'End', 'Home']) {
      await sendKeys({ press: key })
      const row = list.shadowRoot!.activeElement as HTMLElement
      expect(row.matches('[part~="item"]:focus-visible'), `after ${key}: a row has the keyboard focus`).to.equal(true)
      const style = getComputedStyle(row)
      expect(style.outlineStyle, 'a ring is drawn').to.not.equal('none')
      // The ring's outer edge: the row's border box grown by the outline's offset and width (a negative offset: inside).
      const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth)
      const box = row.getBoundingClientRect()
      const ring = { top: box.top - grow, bottom: box.bottom + grow, left: box.left - grow, right: box.right + grow }
      // What may clip it: the row's <li> (overflow hidden) and the list's scroll box (inside its borders).
      const li = row.parentElement!.getBoundingClientRect()
      const scroller = ul.getBoundingClientRect()
      const visible = {
        top: scroller.top + ul.clientTop,
        left: scroller.left + ul.clientLeft,
        bottom: scroller.top + ul.clientTop + ul.clientHeight,
        right: scroller.left + ul.clientLeft + ul.clientWidth,
      }
      for (const [name, clip] of [
        ['its row', li],
        ['the scroll box', visible],
      ] as const) {
        expect(ring.top, `after ${key}: the ring's top inside ${name}`).to.be.at.least(clip.top - 0.5)
        expect(ring.left, `after ${key}: the ring's left inside ${name}`).to.be.at.least(clip.left - 0.5)
        expect(ring.bottom, `after ${key}: the ring's bottom inside ${name}`).to.be.at.most(clip.bottom + 0.5)
        expect(ring.right, `after ${key}: the ring's right inside ${name}`).to.be.at.most(clip.right + 0.5)
      }
    }
  })

  it('shows at least 8 rows in a 32rem scroll box: compact rows of one title line and one description line', async () => {
    const list = await listIn('many')
    list.style.setProperty('--mcp-tool-list-max-height', '32rem')
    const ul = list.shadowRoot!.querySelector<HTMLElement>('ul[part~="list"]')!
    await eventually(() => ul.clientHeight > 0 && ul.scrollHeight > ul.clientHeight, 'the list scrolling by itself')
    const rowHeight = items(list)[0]!.parentElement!.getBoundingClientRect().height
    expect(Math.floor(ul.clientHeight / rowHeight), `rows in view (${rowHeight} px each)`).to.be.at.least(8)
    // Each row's text is in its two lines: the title line (title, name, badges) and the description.
    const row = items(list)[0]!
    expect(row.querySelector('.head .title')!.textContent).to.not.equal('')
    expect(row.querySelector('.head [part~="badge"]'), 'the badges on the title line').to.not.equal(null)
  })

  it('opens the picked tool beside the list when it is 900 px wide or more, and below it when narrower', async () => {
    const url = await serverUrl()
    const wrapper = await fixture<HTMLElement>(
      html`<div style="width: 1000px">
        <mcp-server url=${url}><mcp-tool-list></mcp-tool-list></mcp-server>
      </div>`,
    )
    const list = wrapper.querySelector('mcp-tool-list')!
    await eventually(() => items(list).length > 0, 'the tools')
    list.selected = 'echo'
    await list.updateComplete
    const tool = () => list.shadowRoot!.querySelector<HTMLElement>('mcp-tool')!
    await eventually(() => !!tool()?.shadowRoot?.querySelector('[part~="title"]'), 'the open tool')
    const ul = list.shadowRoot!.querySelector('ul[part~="list"]')!
    let listBox = ul.getBoundingClientRect()
    let toolBox = tool().getBoundingClientRect()
    expect(toolBox.left, 'the tool to the right of the list').to.be.at.least(listBox.right)
    expect(toolBox.top, 'side by side: the tool starts above the list’s end').to.be.below(listBox.bottom)
    wrapper.style.width = '600px'
    await new Promise((resolve) => requestAnimationFrame(resolve))
    listBox = ul.getBoundingClientRect()
    toolBox = tool().getBoundingClientRect()
    expect(toolBox.top, 'narrower: the tool below the list').to.be.at.least(listBox.bottom)
    expect(Math.round(toolBox.width)).to.equal(Math.round(list.getBoundingClientRect().width))
  })

  for (const [server, scrollRows] of [
    ['main', 0],
    ['many', 3],
  ] as const) {
    it(`in a wide window, picks tool after tool with the mouse once one is open beside the list (${server}, scrolled ${scrollRows} rows)`, async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const [width, height] = [window.innerWidth, window.innerHeight]
      await setViewportSize(1200, 800)
      try {
        const list = await listIn(server)
        const openTool = () => list.shadowRoot!.querySelector<McpToolElement>('mcp-tool')?.tool?.name
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        // A small scroll (within the rows already rendered) brings rows that were below the view onto it.
        const rowHeight = items(list)[0]!.parentElement!.getBoundingClientRect().height
        window.scrollTo(0, items(list)[0]!.getBoundingClientRect().top + window.scrollY + scrollRows * rowHeight)
        await frame()
        await list.updateComplete
        /** The rows whose middle is on screen now, as a user sees them. */
        const onScreen = () =>
          items(list).filter((row) => {
            const box = row.parentElement!.getBoundingClientRect()
            return box.top + box.height / 2 > 0 && box.top + box.height / 2 < window.innerHeight
          })
        /** A mouse click where the user sees the row: the middle of its `<li>`, without scrolling first. */
        const clickRow = async (row: HTMLElement) => {
          const box = row.parentElement!.getBoundingClientRect()
          await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] })
        }
        const first = onScreen()[0]!
        await clickRow(first)
        await eventually(() => openTool() === first.dataset.name, 'the first tool open')
        // Opening it switches the layout to side by side; let the browser lay the rows out there.
        await frame()
        const rows = onScreen()
        expect(rows.length, 'rows on screen').to.be.greaterThan(3)
        for (const row of rows) {
          const box = row.getBoundingClientRect()
          expect(box.width > 0 && box.height > 0, `the row of ${row.dataset.name} is drawn (${box.width}×${box.height})`).to.equal(true)
        }
        for (const row of [rows[1]!, rows.at(-2)!, rows[2]!]) {
          await clickRow(row)
          await eventually(() => openTool() === row.dataset.name, `${row.dataset.name} open after a click on its row`)
        }
      } finally {
        await setViewportSize(width, height)
      }
    })
  }

  it('takes a filter given before its tools load (a filter kept in the page’s URL), and applies it once they arrive', async () => {
    const client = new McpClient(await serverUrl())
    const list = await fixture<McpToolListElement>(html`<mcp-tool-list filter="echo" .client=${client}></mcp-tool-list>`)
    expect(status(list)).to.equal('Loading tools…')
    expect(filterBox(list).value).to.equal('echo')
    await eventually(() => items(list).length > 0, 'the tools')
    expect(names(list)).to.deep.equal(['echo'])
  })

  it('says it is loading, then how many tools there are', async () => {
    const client = new McpClient(await serverUrl('many'))
    const list = await fixture<McpToolListElement>(html`<mcp-tool-list .client=${client}></mcp-tool-list>`)
    expect(status(list)).to.equal('Loading tools…')
    expect(list.shadowRoot!.querySelector('[part="status"]')!.getAttribute('role')).to.equal('status')
    await eventually(() => status(list) === '1000 tools', 'the count')
  })
})
