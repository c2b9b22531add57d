// The playground as the MCP Inspector's users expect it, end to end with
// `npm start` and headless Chromium: it connects with a bearer token and
// custom headers (the server receives them, as Playwright sees the requests
// leave the browser) or by OAuth sign-in (a real protected server and its
// authorization server, in a popup), remembers the connection (the secrets for
// the tab only), and its logs open to the full JSON-RPC, with Copy.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright'
import { AUTH_CLIENT_ID, startServer as startProtectedServer } from '../support/servers/auth.js'
import { demoBrowser, type DemoBrowser } from './demo-browser.js'

const TOKEN = 's3cret-token'
const HEADER_VALUE = 'k-123-value'
const QUERY_KEY = 'q-456-key'

let demo: DemoBrowser
let page: Page

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
  // The entry fills its <pre> on the details' toggle event, which fires after the click returns.
  const body = line.locator('pre').filter({ hasText: /\S/ })
  await body.waitFor()
  return { shown: await body.innerText(), line }
}

describe("the playground's connection and logs", { timeout: 140_000 }, () => {
  before(async () => {
    demo = await demoBrowser()
    page = await demo.newPage()
  })

  after(async () => {
    await demo?.close()
  })

  it('the playground connects with a bearer token and a custom header, and the server receives both', { timeout: 40_000 }, async () => {
    await page.goto(demo.urls.site)
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
    assert.equal(await page.locator('#server-url').inputValue(), demo.urls.mcp)
    assert.equal(await page.getByLabel('Token', { exact: true }).inputValue(), TOKEN)
    assert.equal(await page.getByLabel('Header 1 value').inputValue(), HEADER_VALUE)
    // Another tab: the same origin's localStorage, but a sessionStorage of its own.
    const other = await demo.newPage()
    try {
      await other.goto(demo.urls.site)
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

  it('a key in the URL’s query string reaches the server, is masked in the request and call logs, and is kept for this tab only', { timeout: 40_000 }, async () => {
    const keyed = `${demo.urls.mcp}?api_key=${QUERY_KEY}`
    await page.locator('#server-url').fill(keyed)
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url() === keyed)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await sent
    await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').waitFor()
    await callGreet('Grace')
    const masked = `${demo.urls.mcp}?api_key=•••`
    const { shown } = await openLogLine('#network-log', 'tools/call')
    assert.equal(JSON.parse(shown).request.url, masked)
    const record = page.locator('mcp-call-log [part~="record"]', { hasText: 'greet' }).first()
    await record.locator('summary').click()
    const server = await record.locator('[part~="details"] dd').first().innerText()
    assert.ok(server.endsWith(masked), `the call log's server: ${server}`)
    for (const log of ['#network-log', 'mcp-call-log [part~="list"]']) {
      assert.ok(!(await page.locator(log).innerText()).includes(QUERY_KEY), `the key in ${log}`)
    }
    // This tab connects with the key again; another tab finds the URL with its query value left empty.
    await page.reload()
    await page.locator('mcp-tool-list [part~="item"][data-name="greet"]').waitFor()
    assert.equal(await page.locator('#server-url').inputValue(), keyed)
    const other = await demo.newPage()
    try {
      await other.goto(demo.urls.site)
      await other.getByText('Authentication and headers').waitFor()
      assert.equal(await other.locator('#server-url').inputValue(), `${demo.urls.mcp}?api_key=`)
      const stored = await other.evaluate(() => JSON.stringify({ ...localStorage }))
      assert.ok(!stored.includes(QUERY_KEY), `the key in localStorage: ${stored}`)
    } finally {
      await other.close()
      await page.locator('#server-url').fill(demo.urls.mcp)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
    }
  })

  it(
    "signs in with OAuth from the server's Sign in button (a popup), then shows the protected server's tools",
    { timeout: 60_000 },
    async () => {
      // A real protected MCP server and its authorization server (the one the auth suites use), on free ports.
      const server = await startProtectedServer()
      try {
        await page.goto(demo.urls.site)
        await page.getByText('Authentication and headers').waitFor()
        if (!(await page.locator('#connection-options').evaluate((d) => (d as HTMLDetailsElement).open))) {
          await page.getByText('Authentication and headers').click()
        }
        await page.locator('#server-url').fill(server.url)
        await page.getByLabel('OAuth sign-in').check()
        await page.getByLabel('Client ID').fill(AUTH_CLIENT_ID)
        await page.getByRole('button', { name: 'Connect', exact: true }).click()
        const signIn = page.locator('mcp-server [part~="sign-in-button"]')
        await signIn.waitFor()
        const popup = page.waitForEvent('popup')
        await signIn.click()
        // The authorization server signs in at once and sends the popup to /oauth-callback.html, which hands the answer back.
        await (await popup).waitForEvent('close', { timeout: 20_000 })
        await page.locator('mcp-tool-list [part~="item"][data-name="whoami"]').waitFor({ timeout: 20_000 })
        const { shown } = await openLogLine('#network-log', 'tools/list')
        assert.equal(JSON.parse(shown).request.headers.authorization, 'Bearer •••')
      } finally {
        // Back to the demo server, with nothing else, for whoever opens the playground next in this profile.
        await page.evaluate(() => localStorage.clear())
        await server.close()
      }
    },
  )

  it('no page threw', () => {
    assert.deepEqual(demo.pageErrors, [])
  })
})
