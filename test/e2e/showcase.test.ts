// The demo as a showcase, end to end with `npm start` and headless Chromium:
// the playground connects with a bearer token and custom headers (the server
// receives them, as Playwright sees the requests leave the browser), remembers
// the connection (secrets for the tab only), and its logs open to the full
// JSON-RPC with Copy; the gallery shows every element light and dark; the
// React page drives the elements through its JSX props and event props.
import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs'
import { npmStart, type NpmStart } from './npm-start.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
/** The tags the package registers (a folder with a registering file). */
const TAGS = readdirSync(`${repo}components`).filter(
  (name) => name.startsWith('mcp-') && existsSync(`${repo}components/${name}/${name}.ts`),
)

const TOKEN = 's3cret-token'
const HEADER_VALUE = 'k-123-value'

let browser: Browser
let context: BrowserContext
let page: Page
let urls: NpmStart
const pageErrors: string[] = []

async function newPage(): Promise<Page> {
  const opened = await context.newPage()
  opened.setDefaultTimeout(15_000)
  opened.on('pageerror', (error) => pageErrors.push(`${opened.url()}: ${error.message}`))
  return opened
}

/** Opens a tool in the playground's list and calls it with `name` filled in. */
async function callGreet(name: string): Promise<void> {
  await page.locator('mcp-tool-list [part~="filter"]').fill('greet')
  await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').click()
  const tool = page.locator('mcp-tool-list mcp-tool')
  await tool.getByLabel('Name').fill(name)
  await tool.getByRole('button', { name: 'Call', exact: true }).click()
  await tool.locator('[part~="result"]', { hasText: `Hello, ${name}!` }).waitFor()
}

/** Opens the newest line of a log that names `text`, and returns its JSON as shown. */
async function openLogLine(log: string, text: string): Promise<{ shown: string; line: ReturnType<Page['locator']> }> {
  const line = page.locator(`${log} li`, { hasText: text }).first()
  await line.locator('summary').click()
  return { shown: await line.locator('pre').innerText(), line }
}

describe('the demo as a showcase', { timeout: 150_000 }, () => {
  before(async () => {
    urls = await npmStart()
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.site).origin })
    page = await newPage()
  })

  after(async () => {
    await browser?.close()
    urls?.stop()
  })

  it('the playground connects with a bearer token and a custom header, and the server receives both', { timeout: 40_000 }, async () => {
    await page.goto(urls.site)
    await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').waitFor()
    await page.getByText('Authentication and headers').click()
    await page.getByLabel('Bearer token').check()
    await page.getByLabel('Token', { exact: true }).fill(TOKEN)
    await page.getByRole('button', { name: 'Add header' }).click()
    await page.getByLabel('Header 1 name').fill('X-Demo-Key')
    await page.getByLabel('Header 1 value').fill(HEADER_VALUE)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').waitFor()

    const sent = page.waitForRequest((request) => request.method() === 'POST' && /"method":"tools\/call"/.test(request.postData() ?? ''))
    await callGreet('Ada')
    const headers = (await sent).headers()
    assert.equal(headers.authorization, `Bearer ${TOKEN}`)
    assert.equal(headers['x-demo-key'], HEADER_VALUE)
  })

  it('a request opens to its whole JSON-RPC exchange, credentials masked, and Copy copies exactly that', { timeout: 30_000 }, async () => {
    const { shown, line } = await openLogLine('#network-log', 'tools/call')
    const exchange = JSON.parse(shown)
    assert.equal(exchange.request.body.method, 'tools/call')
    assert.equal(exchange.request.body.params.name, 'greet')
    assert.equal(exchange.request.body.params.arguments.name, 'Ada')
    assert.equal(exchange.request.headers.authorization, 'Bearer •••')
    assert.equal(exchange.request.headers['x-demo-key'], '•••')
    assert.equal(exchange.response.status, 200)
    const answer = exchange.response.messages.find((m: { id?: unknown }) => m.id === exchange.request.body.id)
    assert.equal(answer?.result?.content?.[0]?.text, 'Hello, Ada!')
    await line.getByRole('button', { name: 'Copy JSON' }).click()
    await line.getByRole('button', { name: /Copied/ }).waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    assert.equal(copied, shown)
    assert.ok(!copied.includes(TOKEN) && !copied.includes(HEADER_VALUE), 'a secret in the copied log')
  })

  it('an event opens to its whole detail as JSON', { timeout: 20_000 }, async () => {
    const { shown } = await openLogLine('#event-log', 'mcp-tool-result')
    assert.equal(JSON.parse(shown).result.content[0].text, 'Hello, Ada!')
  })

  it('remembers the connection: names across visits, the token and header values in this tab only', { timeout: 30_000 }, async () => {
    await page.reload()
    await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').waitFor()
    assert.equal(await page.locator('#server-url').inputValue(), urls.mcp)
    assert.equal(await page.getByLabel('Token', { exact: true }).inputValue(), TOKEN)
    assert.equal(await page.getByLabel('Header 1 value').inputValue(), HEADER_VALUE)
    // Another tab: the same origin's localStorage, but a sessionStorage of its own.
    const other = await newPage()
    try {
      await other.goto(urls.site)
      await other.getByText('Authentication and headers').waitFor()
      assert.equal(await other.getByLabel('Bearer token').isChecked(), true)
      assert.equal(await other.getByLabel('Header 1 name').inputValue(), 'X-Demo-Key')
      assert.equal(await other.getByLabel('Token', { exact: true }).inputValue(), '')
      assert.equal(await other.getByLabel('Header 1 value').inputValue(), '')
      const stored = await other.evaluate(() => JSON.stringify({ ...localStorage }))
      assert.ok(!stored.includes(TOKEN) && !stored.includes(HEADER_VALUE), `a secret in localStorage: ${stored}`)
    } finally {
      await other.close()
    }
  })

  it('refuses a header name that is not one, saying why, and connects nothing', { timeout: 20_000 }, async () => {
    await page.getByLabel('Header 1 name').fill('X Demo Key')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: '“X Demo Key” is not a header name' }).waitFor()
    await page.getByLabel('Header 1 name').fill('X-Demo-Key')
  })

  it('the gallery shows every element, light and dark side by side, in each of its states', { timeout: 40_000 }, async () => {
    await page.goto(new URL('/gallery.html', urls.site).href)
    for (const tag of TAGS) {
      const section = page.locator(`section#${tag}`)
      await section.waitFor()
      const light = section.locator('.scheme[data-scheme="light"]')
      const dark = section.locator('.scheme[data-scheme="dark"]')
      assert.ok((await light.count()) > 0 && (await light.count()) === (await dark.count()), `${tag}: light and dark in pairs`)
      // A modal dialog cannot sit side by side: the elicitation's sides open it.
      if (tag === 'mcp-elicitation') continue
      await light.first().locator(tag).first().waitFor()
      await dark.first().locator(tag).first().waitFor()
    }
    for (const state of ['awaiting', 'done', 'error', 'denied']) {
      for (const scheme of ['light', 'dark']) {
        await page.locator(`.scheme[data-scheme="${scheme}"] mcp-tool-call[state="${state}"]`).waitFor()
      }
    }
    // Each side is in its scheme whatever the page's: the elements' own colours differ.
    const background = (scheme: string) =>
      page
        .locator(`section#mcp-tool-call .scheme[data-scheme="${scheme}"] mcp-tool-call`)
        .first()
        .evaluate((card) => getComputedStyle(card.shadowRoot!.querySelector('[part~="base"]')!).color)
    assert.notEqual(await background('light'), await background('dark'))
    // Opened, the dialog of each side shows the question.
    await page.locator('.scheme[data-scheme="dark"]').getByRole('button', { name: 'Open a form question' }).click()
    const dialog = page.locator('mcp-elicitation [part~="dialog"]')
    await dialog.getByText('Who is signing up?').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  it('the gallery is linked from every page', { timeout: 20_000 }, async () => {
    for (const path of ['/', '/react.html', '/elements/']) {
      await page.goto(new URL(path, urls.site).href)
      await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).waitFor()
    }
  })

  it('the React page sets properties from React state and hears events through its typed JSX props', { timeout: 30_000 }, async () => {
    await page.goto(new URL('/react.html', urls.site).href)
    await page.locator('mcp-tool-list [part~="item"][data-name="add"]').waitFor()
    await page.getByLabel('Filter (React state)').fill('greet')
    await page.locator('mcp-tool-list [part~="status"]', { hasText: /^\s*1 of \d+ tools/ }).waitFor()
    assert.equal(await page.locator('mcp-tool-list').evaluate((list) => (list as HTMLElement & { filter: string }).filter), 'greet')
    await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').click()
    const tool = page.locator('mcp-tool-list mcp-tool')
    await tool.getByLabel('Name').fill('Grace')
    await tool.getByRole('button', { name: 'Call', exact: true }).click()
    // onmcp-tool-result put the text in React state, which renders it beside the list.
    await page.locator('aside').getByText('Hello, Grace!').waitFor()
  })

  it('no page threw', () => {
    assert.deepEqual(pageErrors, [])
  })
})
