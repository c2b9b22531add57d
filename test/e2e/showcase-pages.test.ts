// The demo's showcase pages, end to end with `npm start` and headless
// Chromium: the gallery shows every element light and dark (and axe finds nothing on it), and the React page
// drives the elements through its typed JSX props and event props.
import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright'
import { demoBrowser, type DemoBrowser } from './demo-browser.js'
import { axeViolations } from './site-pages.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
/** The tags the package registers (a folder with a registering file). */
const TAGS = readdirSync(`${repo}components`).filter(
  (name) => name.startsWith('mcp-') && existsSync(`${repo}components/${name}/${name}.ts`),
)

let demo: DemoBrowser
let page: Page

describe('the gallery and the React page', { timeout: 140_000 }, () => {
  before(async () => {
    demo = await demoBrowser()
    page = await demo.newPage()
  })

  after(async () => {
    await demo?.close()
  })

  it('the gallery shows every element, light and dark side by side, in each of its states', { timeout: 40_000 }, async () => {
    await page.goto(new URL('/gallery.html', demo.urls.site).href)
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
    await dialog.getByRole('button', { name: 'Not now' }).click()
  })

  // The gallery shows every element twice: where two instances' landmark names, or a server's headings and the
  // page's, could clash. axe runs on the page the test above drew (every state reached, a dialog opened and closed).
  it('axe finds nothing on the gallery, with every element twice and in each state', { timeout: 30_000 }, async () => {
    for (const scheme of ['light', 'dark']) {
      const side = page.locator(`.scheme[data-scheme="${scheme}"]`)
      await side.locator('mcp-tool[name="add"] [part~="result-heading"]').waitFor()
      await side.locator('mcp-content [part~="structured"]').first().waitFor()
      await side.locator('mcp-resource-view[uri="demo://readme"] h1').waitFor()
    }
    assert.deepEqual(await axeViolations(page), [])
  })

  it('the gallery is linked from every page', { timeout: 20_000 }, async () => {
    for (const path of ['/', '/react.html', '/elements/']) {
      await page.goto(new URL(path, demo.urls.site).href)
      await page.getByRole('navigation').getByRole('link', { name: 'Gallery' }).waitFor()
    }
  })

  it('the React page sets properties from React state and hears events through its typed JSX props', { timeout: 30_000 }, async () => {
    await page.goto(new URL('/react.html', demo.urls.site).href)
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
    assert.deepEqual(demo.pageErrors, [])
  })
})
