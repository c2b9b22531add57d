// Every page of the demo site as a visitor on a phone or with a keyboard meets it (issue 21): `npm start` in a child
// process, each page opened in headless Chromium (Playwright) at 320 and 390 px wide (no horizontal scroll); the
// playground's tabs by keyboard; its tool list at 1280×800; the nav's "API reference" link. axe on every page and
// state, light and dark: site-axe-light.test.ts, site-axe-dark.test.ts.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright'
import { PAGES, demoSite, axeViolations, openPage, openPlaygroundTool, overflow } from './site-pages.js'

describe('the demo site on a phone and by keyboard', { timeout: 150_000 }, () => {
  const demo = demoSite()

  it('every page fits 320 and 390 px: no horizontal scroll', { timeout: 120_000 }, async () => {
    const wide: string[] = []
    const page = await demo.browser.newPage({ viewport: { width: 320, height: 800 } })
    for (const path of PAGES) {
      await page.setViewportSize({ width: 320, height: 800 })
      await openPage(demo.browser, demo.site, path, { reuse: page })
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 })
        const { extra, widest } = await overflow(page)
        if (extra > 0) wide.push(`${path} at ${width} px: ${extra} px too wide (${widest})`)
      }
    }
    await page.close()
    assert.deepEqual(wide, [])
  })

  it(
    'the playground tabs follow the WAI-ARIA tabs pattern: one Tab stop, arrows, Home and End; the panel is labelled by its tab',
    { timeout: 30_000 },
    async () => {
      const page = await openPage(demo.browser, demo.site, '/')
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
      assert.equal(await focusedTab(), 'Skills')
      await page.keyboard.press('ArrowRight')
      assert.equal(await focusedTab(), 'Tools', 'ArrowRight wraps to the first')
      await page.keyboard.press('ArrowLeft')
      assert.equal(await focusedTab(), 'Skills', 'ArrowLeft wraps to the last')
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
    const page = await openPage(demo.browser, demo.site, '/')
    const list = page.locator('mcp-tool-list [part~="list"]')
    await list.scrollIntoViewIfNeeded()
    // Rows wholly inside both the list's scroll box and the window.
    const visibleRows: number = await page.evaluate(`(() => {
      const ul = document.querySelector('mcp-tool-list').shadowRoot.querySelector('[part~="list"]')
      const box = ul.getBoundingClientRect()
      const top = Math.max(box.top + ul.clientTop, 0)
      const bottom = Math.min(box.top + ul.clientTop + ul.clientHeight, innerHeight)
      return [...ul.querySelectorAll('li')].filter((li) => li.getBoundingClientRect().top >= top - 0.5 && li.getBoundingClientRect().bottom <= bottom + 0.5).length
    })()`)
    assert.ok(visibleRows >= 8, `${visibleRows} rows in view`)
    const tool = await openPlaygroundTool(page, 'greet')
    const listBox = (await list.boundingBox())!
    const toolBox = (await tool.boundingBox())!
    assert.ok(toolBox.x >= listBox.x + listBox.width, 'the tool to the right of the list')
    await page.close()
  })

  /** Where the playground's open tool is, whether the focus is in it, and how far the page is scrolled (at 800 px high). */
  const openedTool = (page: Page) =>
    page.evaluate(() => {
      const list = document.querySelector('mcp-tool-list')!
      const tool = list.shadowRoot!.querySelector('mcp-tool')
      const form = tool?.shadowRoot?.querySelector('[part~="form"]')
      return {
        formTop: form?.getBoundingClientRect().top ?? NaN,
        focusInTool: !!tool && !!list.shadowRoot!.activeElement?.contains(tool),
        scrollY: window.scrollY,
      }
    })
  const formInView = async (page: Page) => {
    // Scrolling may be smooth: the form's place is read once it is still.
    await page.waitForFunction(() => {
      const tool = document.querySelector('mcp-tool-list')!.shadowRoot!.querySelector('mcp-tool')
      const top = tool?.shadowRoot?.querySelector('[part~="form"]')?.getBoundingClientRect().top
      return top !== undefined && top >= 0 && top < innerHeight - 200
    })
    return openedTool(page)
  }

  for (const how of ['a tap', 'Enter'] as const) {
    it(
      `at 390×800, picking a tool in the playground with ${how} scrolls its form into view and focuses it`,
      { timeout: 30_000 },
      async () => {
        const page = await demo.browser.newPage({ viewport: { width: 390, height: 800 }, hasTouch: true })
        await openPage(demo.browser, demo.site, '/', { reuse: page })
        const row = page.locator('mcp-tool-list [part~="item"]').nth(5)
        await row.scrollIntoViewIfNeeded()
        if (how === 'a tap') await row.tap()
        else {
          await row.focus()
          await page.keyboard.press('Enter')
        }
        const { formTop, focusInTool } = await formInView(page)
        assert.ok(formTop >= 0 && formTop < 600, `the form's top at ${formTop} px`)
        assert.ok(focusInTool, 'the focus in the open tool')
        // Tab goes on into the tool's own controls.
        await page.keyboard.press('Tab')
        const tabbedInto = await page.evaluate(() => document.querySelector('mcp-tool-list')!.shadowRoot!.activeElement?.localName)
        assert.equal(tabbedInto, 'mcp-tool', 'Tab from the open tool reaches a control in it')
        await page.close()
      },
    )
  }

  it('at 1280×800, picking a tool beside the list scrolls nothing and leaves the focus on its row', { timeout: 30_000 }, async () => {
    const page = await openPage(demo.browser, demo.site, '/')
    const row = page.locator('mcp-tool-list [part~="item"]').nth(2)
    await row.scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    await row.click()
    await page.locator('mcp-tool-list mcp-tool [part~="form"]').first().waitFor()
    await page.waitForTimeout(500)
    const { scrollY, focusInTool } = await openedTool(page)
    assert.equal(scrollY, before)
    assert.equal(focusInTool, false)
    await page.close()
  })

  it('at 390 and 320 px, the tool rows cut no badge or name, nor a title for them', { timeout: 60_000 }, async () => {
    const page = await openPage(demo.browser, demo.site, '/', { width: 390 })
    // Each badge, title and name on screen drawn whole: none wider than its box, none outside a box that clips it.
    const cutOnScreen = () =>
      page.evaluate(() => {
        const root = document.querySelector('mcp-tool-list')!.shadowRoot!
        const found: string[] = []
        for (const li of root.querySelectorAll<HTMLElement>('[part~="list"] > li')) {
          const row = li.getBoundingClientRect()
          if (row.top < 0 || row.bottom > innerHeight) continue
          for (const el of li.querySelectorAll<HTMLElement>('.title, .name:not(:empty), .badge')) {
            const box = el.getBoundingClientRect()
            let clippedBy: Element | undefined
            for (let a = el.parentElement; a && !clippedBy && a !== li.parentElement; a = a.parentElement) {
              const clip = a.getBoundingClientRect()
              const outside =
                box.left < clip.left - 0.5 || box.right > clip.right + 0.5 || box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5
              if (getComputedStyle(a).overflow !== 'visible' && outside) clippedBy = a
            }
            // A title longer than the whole line is cut short, and only then.
            const fillsLine = el.classList.contains('title') && el.clientWidth >= el.parentElement!.clientWidth - 0.5
            if ((el.scrollWidth > el.clientWidth + 0.5 && !fillsLine) || clippedBy)
              found.push(
                `"${el.textContent}" (${el.scrollWidth} px wide, ${el.clientWidth} shown${clippedBy ? `, cut by .${clippedBy.className}` : ''})`,
              )
          }
        }
        return found
      })
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 })
      const list = page.locator('mcp-tool-list [part~="list"]')
      await list.evaluate((ul) => ul.scrollIntoView({ block: 'start' }))
      const cut = new Set<string>()
      // Screen by screen down the list (its rows are rendered as they come in view).
      for (let screen = 0; screen < 12; screen++) {
        await page.waitForTimeout(150)
        for (const text of await cutOnScreen()) cut.add(text)
        const more = await list.evaluate((ul) => ul.getBoundingClientRect().bottom > innerHeight)
        if (!more) break
        await page.evaluate(() => window.scrollBy(0, innerHeight - 100))
      }
      assert.deepEqual(
        [...cut].map((text) => `${width} px: ${text}`),
        [],
      )
    }
    await page.close()
  })

  it(
    'the nav’s "API reference" link opens a page, never a bare 404: the reference, or one saying how it is built',
    { timeout: 30_000 },
    async () => {
      const page = await openPage(demo.browser, demo.site, '/')
      const href = await page.getByRole('link', { name: 'API reference' }).getAttribute('href')
      const response = await page.goto(new URL(href!, demo.site).href)
      assert.ok([200, 503].includes(response!.status()), `status ${response!.status()}`)
      assert.match(response!.headers()['content-type'] ?? '', /text\/html/)
      assert.notEqual(await page.locator('h1').count(), 0)
      // TypeDoc's own markup (a heading after a summary's <h4>, links in accordion summaries) is not ours to fix here.
      assert.deepEqual(await axeViolations(page, ['nested-interactive', 'heading-order']), [])
      await page.close()
    },
  )
})
