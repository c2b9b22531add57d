// What the demo site's end-to-end suites share (site.test.ts, axe-suite.ts): the pages, opening one once its
// lists have drawn, axe-core run in it, and how far it overflows the viewport.
import { readFileSync } from 'node:fs'
import { after, before } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright'
import { launchChromium } from './e2e-chromium.js'
import { sharedNpmStart, type NpmStart } from './npm-start.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const axeSource = readFileSync(`${repo}node_modules/axe-core/axe.min.js`, 'utf8')

const ELEMENTS = ['app', 'connection-check', 'content', 'elicitation', 'icon', 'prompt-list', 'prompt', 'resource-list', 'resource-view', 'saved-calls', 'schema-form']
  .concat(['server', 'skill-list', 'tool-list', 'tool'])
  .map((name) => `mcp-${name}`)

/** The run's `npm start` (sharedNpmStart) and a headless Chromium of the suite's own (launched before it, closed after it). */
export function demoSite(): { readonly browser: Browser; readonly site: string } {
  let browser: Browser | undefined
  let urls: NpmStart | undefined
  before(async () => {
    urls = await sharedNpmStart()
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    urls?.stop()
  })
  return {
    get browser() {
      return browser!
    },
    get site() {
      return urls!.site
    },
  }
}

/** Every page of the demo site (the nav's, and one per element). */
export const PAGES = [
  '/',
  '/elements/',
  ...ELEMENTS.map((tag) => `/elements/${tag}.html`),
  '/cdn.html',
  '/react.html',
  '/plain.html',
  '/model.html',
]

/**
 * Opens `path` of `site` (in `reuse`, or a new page `width` px wide, light or dark as the visitor's system says), once
 * the lists on it have loaded.
 */
export async function openPage(
  browser: Browser,
  site: string,
  path: string,
  { width = 1280, colorScheme = 'light', reuse }: { width?: number; colorScheme?: 'light' | 'dark'; reuse?: Page } = {},
): Promise<Page> {
  const page = reuse ?? (await browser.newPage({ viewport: { width, height: 800 }, colorScheme }))
  page.setDefaultTimeout(15_000)
  await page.goto(new URL(path, site).href)
  await page.waitForFunction(`[...document.querySelectorAll('mcp-tool-list, mcp-resource-list, mcp-prompt-list, mcp-skill-list')].every((list) => {
    const status = (list.shadowRoot?.querySelector('[part~="status"]')?.textContent ?? '').trim()
    return status !== '' && !/Loading|Connecting/.test(status)
  })`)
  return page
}

/** axe's violations on the page, a line each naming the rule and its first elements (axe looks into open shadow roots). */
export async function axeViolations(page: Page, disabled: string[] = []): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.addScriptTag({ content: axeSource })
  const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]))
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'], rules: ${JSON.stringify(rules)} }).then((r) => r.violations)`,
  )) as Array<{
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

/** How far the page is wider than the viewport (0: no horizontal scroll), and the element reaching furthest right. */
export async function overflow(page: Page): Promise<{ extra: number; widest: string }> {
  return (await page.evaluate(`(() => {
    const extra = document.scrollingElement.scrollWidth - innerWidth
    let widest = ''
    let right = innerWidth
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        const box = el.getBoundingClientRect()
        if (box.right > right) (right = box.right), (widest = el.localName + '.' + el.className + ' ' + Math.round(box.right) + 'px')
        if (el.shadowRoot) walk(el.shadowRoot)
      }
    }
    if (extra > 0) walk(document)
    return { extra, widest }
  })()`)) as { extra: number; widest: string }
}

/** Picks a tool in the playground's list (found with the filter) and returns its <mcp-tool>. */
export async function openPlaygroundTool(page: Page, name: string) {
  await page.locator('mcp-tool-list [part~="filter"]').fill(name)
  await page.locator(`mcp-tool-list [part~="item"][data-name="${name}"]`).click()
  await page.locator('mcp-tool-list [part~="filter"]').fill('')
  const tool = page.locator('mcp-tool-list mcp-tool')
  await tool.locator('[part~="title"]').waitFor()
  return tool
}

/**
 * Puts the page in dark: the visitor's system says dark, and the site's own switch (pages with the site header) is
 * turned to dark; the elements on it follow.
 */
export async function goDark(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' })
  const toggle = page.locator('#theme-toggle')
  if ((await toggle.count()) && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
}
