// End to end, MCP Apps as a newcomer meets them: `npm start` (which also serves
// the sandbox proxy, dist/sandbox/, on a port of its own), the playground in
// headless Chromium (Playwright, the system Chromium), and the demo server's
// app tools used as a person would: pick one, call it, and use its view, which
// runs two frames down (the proxy's frame on the sandbox origin, the view's
// sandboxed frame inside it). The views are written with the official `App`
// class of @modelcontextprotocol/ext-apps (demo/server/app-views/).
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, FrameLocator, Locator, Page, Request } from 'playwright'
import { launchChromium } from './e2e-chromium.js'
import { sharedNpmStart, type NpmStart } from './npm-start.js'

let browser: Browser
let page: Page
let started: NpmStart

/** Finds a tool with the list's filter box, picks it, and returns its <mcp-tool> (Playwright's CSS pierces open shadow roots). */
async function openTool(name: string): Promise<Locator> {
  const filter = page.locator('mcp-tool-list [part~="filter"]')
  await filter.fill(name)
  await page.locator(`mcp-tool-list [part~="item"][data-name="${name}"]`).click()
  await filter.fill('')
  const tool = page.locator('mcp-tool-list mcp-tool')
  await tool.locator('[part~="title"]', { hasText: '' }).first().waitFor()
  return tool
}

/** The proxy's frame (on the sandbox origin) of the tool's <mcp-app>, and the view's frame inside it. */
function viewOf(tool: Locator): { proxy: Locator; view: FrameLocator } {
  const proxy = tool.locator('mcp-app iframe[part~="frame"]')
  return { proxy, view: proxy.contentFrame().locator('iframe').contentFrame() }
}

/** Picks and calls an app tool; returns its <mcp-tool> and its view once the view has drawn `seen`. */
async function callApp(name: string, seen: string | RegExp) {
  const tool = await openTool(name)
  await tool.getByRole('button', { name: 'Call', exact: true }).click()
  const { proxy, view } = viewOf(tool)
  await view.getByText(seen).waitFor()
  return { tool, proxy, view }
}

describe('npm start, MCP Apps in the playground, end to end', { timeout: 150_000 }, () => {
  before(async () => {
    started = await sharedNpmStart()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
    page.setDefaultTimeout(15_000)
  })

  after(async () => {
    await browser?.close()
    started?.stop()
  })

  it(
    'prints the sandbox proxy’s URL, on another port (another origin) than the site, and serves the shipped page there',
    { timeout: 30_000 },
    async () => {
      assert.match(started.sandbox, /^http:\/\/127\.0\.0\.1:\d+\/index\.html$/)
      assert.notEqual(new URL(started.sandbox).origin, new URL(started.site).origin)
      const proxyPage = await fetch(started.sandbox)
      assert.equal(proxyPage.status, 200)
      assert.match(await proxyPage.text(), /<title>MCP Apps sandbox proxy<\/title>/)
      await page.goto(started.site)
      await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').waitFor()
    },
  )

  it('app_echo: the view shows the input typed in the form, then the result, inside the sandbox frames', { timeout: 30_000 }, async () => {
    const tool = await openTool('app_echo')
    await tool.getByLabel('Message').fill('Hi from the e2e')
    await tool.getByRole('button', { name: 'Call', exact: true }).click()
    const { proxy, view } = viewOf(tool)
    await view.getByText('Result: You said: Hi from the e2e').waitFor()
    await view.getByText('"message": "Hi from the e2e"').waitFor()
    await view.getByText('Done.').waitFor()
    // Two frames down: the proxy on the sandbox's origin, the view in an opaque-origin frame that may only run scripts.
    assert.equal(new URL((await proxy.getAttribute('src'))!).origin, new URL(started.sandbox).origin)
    assert.equal(await proxy.contentFrame().locator('iframe').getAttribute('sandbox'), 'allow-scripts')
    // The view shows the result, so the plain one is not repeated below it.
    assert.equal(await tool.locator('[part~="result"]', { hasText: 'You said:' }).count(), 0)
  })

  it(
    'app_calculator: the view calls its app-only tool through the page and shows the sum; the tool list does not show that tool',
    { timeout: 30_000 },
    async () => {
      const { view } = await callApp('app_calculator', 'Calculator')
      await view.getByLabel('First number').fill('40')
      await view.getByLabel('Second number').fill('2')
      const callsBefore = await page.locator('#network-log li', { hasText: '→ tools/call' }).count()
      const called: string[] = []
      const onRequest = (request: Request) => {
        const body = request.postData() ?? ''
        if (/"method":"tools\/call"/.test(body)) called.push(JSON.parse(body).params?.name)
      }
      page.on('request', onRequest)
      try {
        await view.getByRole('button', { name: 'Add on the server' }).click()
        // A view's call asks the user first, in a dialog naming the tool; nothing is sent before Allow.
        const prompt = page.getByRole('dialog').filter({ hasText: 'app_calculator_add' })
        await prompt.getByRole('button', { name: 'Allow once' }).waitFor()
        assert.deepEqual(called, [], 'no tools/call before the user allows it')
        await prompt.getByRole('button', { name: 'Allow once' }).click()
        await view.getByText('The server says: 40 + 2 = 42 (sum 42)').waitFor()
      } finally {
        page.off('request', onRequest)
      }
      // The view cannot reach the server (its CSP allows no connections): the call went out from the page, and is in its log.
      assert.ok((await page.locator('#network-log li', { hasText: '→ tools/call' }).count()) > callsBefore)
      assert.deepEqual(called, ['app_calculator_add'])
      // That tool is only for views (`_meta.ui.visibility: ["app"]`): the filter finds the app tool, not it.
      const filter = page.locator('mcp-tool-list [part~="filter"]')
      await filter.fill('app_calculator')
      await page.locator('mcp-tool-list [part~="status"]', { hasText: /^\s*1 of \d+ tools/ }).waitFor()
      const shown = await page
        .locator('mcp-tool-list [part~="item"][data-name]')
        .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.name))
      assert.deepEqual(shown, ['app_calculator'])
      await filter.fill('')
    },
  )

  it('app_link: the page asks before opening the view’s link; Cancel opens nothing, Open opens it', { timeout: 30_000 }, async () => {
    const opened: string[] = []
    page.context().on('page', (tab) => opened.push(tab.url()))
    await page.context().route('https://modelcontextprotocol.io/**', (route) => route.fulfill({ contentType: 'text/html', body: 'docs' }))
    const { tool, view } = await callApp('app_link', 'Open a link')
    const ask = async () => {
      await view.getByRole('button', { name: 'Open the MCP Apps overview' }).click()
      const dialog = tool.locator('mcp-app mcp-elicitation [part~="dialog"]')
      await dialog.getByText('modelcontextprotocol.io').first().waitFor()
      return dialog
    }
    await (await ask()).getByRole('button', { name: 'Not now' }).click()
    await view.getByText(/^Not opened: /).waitFor()
    assert.deepEqual(opened, [])

    const popup = page.context().waitForEvent('page')
    await (await ask()).getByRole('button', { name: 'Open' }).click()
    await view.getByText('Opened in a new tab.').waitFor()
    const tab = await popup
    await tab.waitForLoadState()
    assert.equal(tab.url(), 'https://modelcontextprotocol.io/extensions/apps/overview')
    await tab.close()
  })

  it('app_resize: the frame grows and shrinks with the view', { timeout: 30_000 }, async () => {
    const { proxy, view } = await callApp('app_resize', /^3 lines$/)
    const frame = await proxy.elementHandle()
    const height = () => proxy.evaluate((el) => el.getBoundingClientRect().height)
    /** Waits until the frame's height passes `than` (by at least 60 px: more than two lines), up or down. */
    const settles = (direction: 'above' | 'below', than: number) =>
      page.waitForFunction(
        ([el, limit, up]) => (up ? el!.getBoundingClientRect().height > limit : el!.getBoundingClientRect().height < limit),
        [frame, direction === 'above' ? than + 60 : than - 60, direction === 'above'] as const,
      )
    const start = await height()
    for (let i = 0; i < 4; i++) await view.getByRole('button', { name: 'Add a line' }).click()
    await view.getByText('7 lines', { exact: true }).waitFor()
    await settles('above', start)
    const grown = await height()
    for (let i = 0; i < 6; i++) await view.getByRole('button', { name: 'Remove a line' }).click()
    await view.getByText('1 line', { exact: true }).waitFor()
    await settles('below', grown)
  })

  it('app_fullscreen: the view asks for fullscreen and gets it, then goes back inline', { timeout: 30_000 }, async () => {
    const { tool, proxy, view } = await callApp('app_fullscreen', 'Shown inline.')
    const app = tool.locator('mcp-app')
    await view.getByRole('button', { name: 'Go fullscreen' }).click()
    await view.getByText('Shown fullscreen.').waitFor()
    assert.equal(await app.getAttribute('display-mode'), 'fullscreen')
    const box = (await proxy.boundingBox())!
    assert.ok(box.width > 1000 && box.height > 700, `the view fills the window (${box.width}×${box.height})`)
    await view.getByRole('button', { name: 'Back inline' }).click()
    await view.getByText('Shown inline.').waitFor()
    assert.equal(await app.getAttribute('display-mode'), 'inline')
  })

  it('a theme change on the page reaches the open view', { timeout: 30_000 }, async () => {
    const { view } = await callApp('app_echo', 'Done.')
    const background = () => view.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)
    const light = await background()
    await page.getByRole('button', { name: 'Dark mode' }).click()
    await view.locator('html[data-theme="dark"]').waitFor()
    assert.notEqual(await background(), light)
  })

  it('the <mcp-app> element page: <mcp-server sandbox-url> runs each <mcp-tool>’s view', { timeout: 30_000 }, async () => {
    await page.goto(new URL('elements/mcp-app.html', started.site).href)
    const tool = page.locator('mcp-tool[name="app_echo"]')
    await tool.getByLabel('Message').fill('from the element page')
    await tool.getByRole('button', { name: 'Call', exact: true }).click()
    await viewOf(tool).view.getByText('Result: You said: from the element page').waitFor()
    // The event log on the page heard the view say it was ready.
    await page.locator('#event-log li', { hasText: 'mcp-app-ready' }).first().waitFor()
  })
})
