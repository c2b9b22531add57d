// End to end, as a newcomer meets the library: `npm start` in a child
// process, the URL it prints opened in headless Chromium (Playwright, the
// system Chromium), then the playground used as a person would: list the demo
// tools, fill a form and call a tool, answer an elicitation in the dialog, see
// a list change arrive live, and reload to see the tool list before the server
// answers (every request to the MCP server is held until the list is on
// screen, so it can only have come from the IndexedDB cache).
//
// It also takes the README's screenshot: into .tmp/e2e/screenshot.png, or into
// docs/screenshot.png with UPDATE_SCREENSHOT=1 (so a test run leaves the
// committed file alone).
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Browser, Page, Route } from 'playwright'
import { launchChromium } from './e2e-chromium.js'
import { npmStart, type NpmStart } from './npm-start.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const screenshotPath = process.env.UPDATE_SCREENSHOT ? `${repo}docs/screenshot.png` : `${repo}.tmp/e2e/screenshot.png`

let browser: Browser
let page: Page
let urls: NpmStart
/** The scripts the page fetched (their paths), from its first load on. */
const scripts: string[] = []

/** A tool's row in the playground's list (Playwright's CSS locators pierce open shadow roots). */
const toolRow = (name: string) => page.locator(`mcp-tool-list [part~="item"][data-name="${name}"]`)

/** Types in the list's filter box, as a user looking for a tool does (the list renders only the rows in view). */
async function filterTools(text: string) {
  await page.locator('mcp-tool-list [part~="filter"]').fill(text)
}

/** Finds a tool with the filter, picks it, and returns its <mcp-tool>. */
async function openTool(name: string) {
  await filterTools(name)
  await toolRow(name).click()
  await filterTools('')
  const tool = page.locator('mcp-tool-list mcp-tool')
  await tool.locator('[part~="title"]', { hasText: '' }).first().waitFor()
  return tool
}

describe('npm start, the playground, end to end', { timeout: 150_000 }, () => {
  before(async () => {
    urls = await npmStart()
    if (/Building the CDN file/.test(urls.output())) console.log('npm start built the CDN file first (it was older than the sources)')
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' })
    page.setDefaultTimeout(15_000)
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)))
  })

  after(async () => {
    await browser?.close()
    urls?.stop()
  })

  it('prints both URLs on 127.0.0.1 and opens the playground on the demo server', { timeout: 30_000 }, async () => {
    assert.match(urls.site, /^http:\/\/127\.0\.0\.1:\d+\/$/)
    assert.match(urls.mcp, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    await page.goto(urls.site)
    assert.equal(await page.locator('#server-url').inputValue(), urls.mcp)
  })

  it('serves the library as npm ships it: the package’s built files, not its sources', { timeout: 30_000 }, async () => {
    // The playground, opened by the test above, imports `mcp-web-elements`: package.json "exports" maps it to dist/index.js.
    const fromRepo = scripts.filter((path) => path.startsWith(`/@fs${repo}`)).map((path) => path.slice(`/@fs${repo}`.length))
    assert.ok(fromRepo.includes('dist/index.js'), `the package's entry among the page's scripts: ${scripts.join(', ')}`)
    assert.ok(fromRepo.some((path) => path.startsWith('dist/chunks/')), 'and the chunks it imports')
    assert.deepEqual(fromRepo.filter((path) => /^(src|components|sandbox)\//.test(path)), [], 'library sources the page loaded')
  })

  it('names every page, and says what every port it listens on is', { timeout: 30_000 }, async () => {
    for (const path of ['/elements/', '/cdn.html', '/gallery.html', '/model.html', '/react.html', '/plain.html', '/api/']) {
      assert.ok(urls.output().includes(new URL(path, urls.site).href), `${path} among the pages it prints`)
    }
    // The ports its processes (its own process group) listen on, read from /proc: each printed as a URL with what it is.
    const group = readdirSync('/proc').filter((pid) => {
      try {
        return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2] === String(urls.group)
      } catch {
        return false // ended meanwhile
      }
    })
    const sockets = new Set(
      group.flatMap((pid) => {
        try {
          return readdirSync(`/proc/${pid}/fd`).map((fd) => /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1])
        } catch {
          return []
        }
      }),
    )
    const listening = readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f[3] === '0A' && sockets.has(f[9]))
      .map((f) => String(parseInt(f[1]!.split(':')[1]!, 16)))
    assert.ok(listening.length >= 3, `found its ports: ${listening}`)
    for (const port of listening) assert.ok(urls.output().includes(`127.0.0.1:${port}`), `port ${port} is said in:\n${urls.output()}`)
  })

  it('lists the demo tools', { timeout: 30_000 }, async () => {
    for (const name of ['greet', 'add', 'divide', 'slow_task', 'sign_up', 'connect_account', 'show_content', 'toggle_extra_tool']) {
      await toolRow(name).waitFor()
    }
    await page.locator('mcp-server [part="title"]', { hasText: 'Demo server' }).waitFor()
    // A first visit: the list came from the server (the badge reads the list's own events).
    await page.locator('#cache-badge', { hasText: 'Tools fetched from the server' }).waitFor()
  })

  it('fills a form and calls a tool', { timeout: 30_000 }, async () => {
    const tool = await openTool('greet')
    await tool.getByLabel('Name').fill('Ada')
    await tool.getByLabel('Style').selectOption('pirate')
    await tool.getByRole('button', { name: 'Call', exact: true }).click()
    await tool.locator('[part~="result"]', { hasText: 'Ahoy, Ada!' }).waitFor()
    // The playground's call log: the call, opened to its arguments.
    const record = page.locator('#call-log [part~="record"]', { hasText: 'greet' }).first()
    await record.locator('[part~="summary"]').click()
    await record.locator('[part~="arguments"]', { hasText: '"pirate"' }).waitFor()
  })

  it('completes a form elicitation through the dialog', { timeout: 30_000 }, async () => {
    const tool = await openTool('sign_up')
    await tool.getByRole('button', { name: 'Call', exact: true }).click()
    const dialog = page.locator('mcp-elicitation [part~="dialog"]')
    await dialog.getByText('Who is signing up?').waitFor()
    await dialog.getByLabel(/^Name/).fill('Grace')
    await dialog.getByLabel('Plan').selectOption({ label: 'Pro' })
    await dialog.getByRole('button', { name: 'Accept' }).click()
    await tool.locator('[part~="result"]', { hasText: 'Signed up Grace on the pro plan.' }).waitFor()
  })

  /** How many tools the list shows once extra_tool has arrived (set by the live-change test, used after the reload). */
  let toolsAfterChange = 0

  it('sees a tool list change arrive live', { timeout: 30_000 }, async () => {
    await filterTools('extra')
    // The demo lists every schema-zoo shape, so the total is read, not hard-coded.
    const status = page.locator('mcp-tool-list [part~="status"]', { hasText: /^\s*1 of \d+ tools/ })
    await status.waitFor()
    const before = Number(/of (\d+) tools/.exec((await status.textContent()) ?? '')?.[1])
    toolsAfterChange = before + 1
    assert.equal(await toolRow('extra_tool').count(), 0)
    await filterTools('')
    const tool = await openTool('toggle_extra_tool')
    await tool.getByRole('button', { name: 'Call', exact: true }).click()
    await tool.locator('[part~="result"]', { hasText: 'extra_tool added.' }).waitFor()
    // No reload, no click: the server's list_changed notification on the listen stream brings it.
    await page.locator('mcp-tool-list [part~="status"]', { hasText: `${toolsAfterChange} tools` }).waitFor()
    await filterTools('extra')
    await toolRow('extra_tool').waitFor()
    await filterTools('')
  })

  it('reloads and shows the tool list before the server answers (served from the cache)', { timeout: 30_000 }, async () => {
    const held: Route[] = []
    const mcpOrigin = new URL(urls.mcp).origin
    await page.route(`${mcpOrigin}/**`, (route) => void held.push(route))
    try {
      await page.reload()
      // The newest list (with extra_tool) is on screen while every request to the server is still unanswered.
      await toolRow('greet').waitFor()
      await page.locator('mcp-tool-list [part~="status"]', { hasText: `${toolsAfterChange} tools` }).waitFor()
      await filterTools('extra')
      await toolRow('extra_tool').waitFor()
      await filterTools('')
      await page.locator('#cache-badge', { hasText: 'Tools served from cache' }).waitFor()
      assert.ok(
        !held.some((route) => /"method":"tools\/list"/.test(route.request().postData() ?? '')),
        'no tools/list request was sent for the list on screen',
      )
    } finally {
      await page.unroute(`${mcpOrigin}/**`)
      await Promise.all(held.map((route) => route.continue().catch(() => {})))
    }
  })

  it('takes the screenshot the README uses', { timeout: 30_000 }, async () => {
    const tool = await openTool('greet')
    // The form keeps this session's arguments (pirate, from the first call): set both.
    await tool.getByLabel('Name').fill('Ada')
    await tool.getByLabel('Style').selectOption('friendly')
    await tool.getByRole('button', { name: 'Call', exact: true }).click()
    await tool.locator('[part~="result"]', { hasText: 'Hello, Ada!' }).waitFor()
    // The whole playground from the top: the cache badge, the list, the picked tool and its result.
    await page.setViewportSize({ width: 1280, height: 1000 })
    await page.evaluate(() => window.scrollTo(0, 0))
    mkdirSync(new URL('.', `file://${screenshotPath}`), { recursive: true })
    await page.screenshot({ path: screenshotPath, fullPage: true })
    assert.ok(statSync(screenshotPath).size > 20_000, 'the screenshot has content')
  })

  it('the model page: a scripted model proposes calls; one approved, one denied, both in the call log', { timeout: 30_000 }, async () => {
    await page.goto(new URL('/model.html', urls.site).href)
    await page.getByRole('button', { name: 'Run the model' }).click()
    // Each proposal is a <mcp-tool-call> card awaiting approval: the tool, the arguments by their labels, the model.
    const awaiting = page.locator('#proposals mcp-tool-call[state="awaiting"]')
    // First proposal: greet Ada, approved.
    await awaiting.locator('[part~="title"]', { hasText: 'Greet' }).waitFor()
    await awaiting.locator('[part~="arguments"]', { hasText: 'Ada' }).waitFor()
    await awaiting.locator('[part~="origin"]', { hasText: 'scripted' }).waitFor()
    await awaiting.getByRole('button', { name: 'Allow once' }).click()
    await page.locator('#transcript', { hasText: 'Ahoy, Ada!' }).waitFor()
    // Second: add, denied: nothing reaches the server, the model hears why.
    await awaiting.locator('[part~="title"]', { hasText: 'Add' }).waitFor()
    await awaiting.locator('[part~="arguments"]', { hasText: '3' }).waitFor()
    await awaiting.getByRole('button', { name: 'Deny' }).click()
    await page.locator('#transcript', { hasText: 'denied' }).waitFor()
    // Third: denied too, to end the script.
    await awaiting.locator('[part~="arguments"]', { hasText: 'Grace' }).waitFor()
    await awaiting.getByRole('button', { name: 'Deny' }).click()
    await page.locator('#transcript li', { hasText: 'Done.' }).waitFor()
    const log = page.locator('#call-log [part~="summary"]')
    await log.first().waitFor()
    const lines = (await log.allTextContents()).map((line) => line.replace(/\s+/g, ' '))
    assert.equal(lines.length, 3, lines.join('\n'))
    assert.match(lines[2]!, /greet.*by a model \(scripted\).*Allowed once.*Done/)
    assert.match(lines[1]!, /add.*by a model \(scripted\).*Denied.*Not run/)
  })
})
