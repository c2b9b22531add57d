// (site.test.ts's companion: axe takes its own 150 s.) Every page of the demo site as a visitor on a phone, with a keyboard or a screen reader meets it (issue 21):
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

describe('the demo site with axe: every page and the playground’s states, light and dark', { timeout: 150_000 }, () => {
  before(async () => {
    urls = await npmStart()
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
  })

  after(async () => {
    await browser?.close()
    urls?.stop()
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`axe finds nothing on any page, ${colorScheme}`, { timeout: 120_000 }, async () => {
      const found: string[] = []
      let page: Page | undefined
      for (const path of PAGES) {
        page = await open(path, 1280, colorScheme, page)
        for (const line of await axeViolations(page)) found.push(`${path} ${line}`)
      }
      await page?.close()
      assert.deepEqual(found, [])
    })
  }

  it(
    'the playground with a result shown and with the elicitation dialog open: axe finds nothing, light and dark; the dialog fits 320 px',
    { timeout: 90_000 },
    async () => {
      for (const [width, colorScheme] of [
        [1280, 'light'],
        [390, 'dark'],
        [320, 'light'],
      ] as const) {
        const page = await open('/', width, colorScheme)
        const greet = await openTool(page, 'greet')
        await greet.getByLabel('Name').fill('Ada')
        await greet.getByRole('button', { name: 'Call', exact: true }).click()
        await greet.locator('[part~="result"]', { hasText: 'Ada' }).waitFor()
        assert.deepEqual(await axeViolations(page), [], `a result shown, ${width} px ${colorScheme}`)
        assert.equal((await overflow(page)).extra, 0, `a result shown fits ${width} px`)
        const signUp = await openTool(page, 'sign_up')
        await signUp.getByRole('button', { name: 'Call', exact: true }).click()
        const dialog = page.locator('mcp-elicitation [part~="dialog"]')
        await dialog.getByText('Who is signing up?').waitFor()
        const box = (await dialog.boundingBox())!
        assert.ok(box.x >= 0 && box.x + box.width <= width, `the dialog fits ${width} px across (${JSON.stringify(box)})`)
        assert.deepEqual(await axeViolations(page), [], `the dialog open, ${width} px ${colorScheme}`)
        await page.close()
      }
    },
  )
})
