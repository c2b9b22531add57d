// The demo in light and dark, end to end (`npm start` in a child process, headless Chromium through Playwright):
// the element pages' theming panel shows and sets the accent the elements draw, in both schemes; native controls
// on the demo pages are drawn dark in dark mode; and the prompt page's completion is a combobox a keyboard drives.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Page } from 'playwright'
import { demoSite } from './site-pages.js'

let demo: ReturnType<typeof demoSite>

/** A page of the demo in the user's `scheme`, nothing saved yet. */
async function open(path: string, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await demo.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme })
  page.setDefaultTimeout(15_000)
  await page.goto(new URL(path, demo.site).href)
  return page
}

/** A CSS colour (`rgb(…)`) as the colour input's `#rrggbb`. */
const hex = (rgb: string) =>
  '#' + rgb.match(/\d+/g)!.slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')

/** The prompt page's Get button, drawn (its computed background, as #rrggbb). */
async function getButtonColour(page: Page): Promise<string> {
  const get = page.locator('mcp-prompt [part~="get"]')
  await get.waitFor()
  return hex(await get.evaluate((button) => getComputedStyle(button).backgroundColor))
}

describe('the demo in light and dark', { timeout: 150_000 }, () => {
  demo = demoSite()

  it("the theming panel's accent is the one the elements draw, in light and after switching to dark", { timeout: 45_000 }, async () => {
    const page = await open('/elements/mcp-prompt.html')
    const accent = page.locator('.theming input[type="color"]')
    const light = await getButtonColour(page)
    assert.equal(await accent.inputValue(), light, 'light: the control shows the drawn accent')
    await page.locator('#theme-toggle').click()
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
    const dark = await getButtonColour(page)
    assert.notEqual(dark, light, 'dark has its own accent')
    assert.equal(await accent.inputValue(), dark, 'dark: the control shows the dark accent, not the light one')

    // The panel sets what the elements read: a picked accent recolours them; Reset gives the built-in one back.
    await accent.fill('#c0392b')
    assert.equal(await getButtonColour(page), '#c0392b')
    assert.match(await page.locator('#theming-code').textContent() ?? '', /--color-ring-primary: #c0392b;/)
    await page.locator('#theming-reset').click()
    assert.equal(await getButtonColour(page), dark)
    assert.equal(await accent.inputValue(), dark)
    await page.close()
  })

  it('draws every native control of the demo pages dark in dark mode', { timeout: 60_000 }, async () => {
    for (const path of ['/', '/elements/mcp-prompt.html', '/elements/mcp-schema-form.html', '/react.html', '/plain.html']) {
      const page = await open(path, 'dark')
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
      // The elements have drawn their lists and forms once their server is connected.
      if (await page.locator('mcp-server').count()) {
        await page.locator('mcp-server [part="status"][data-status="ready"]').first().waitFor({ state: 'attached' })
      }
      await page.waitForTimeout(500)
      // Every input, select, textarea and button, in the page and through every open shadow root.
      const drawn: Record<string, string[]> = await page.evaluate(`(() => {
        const drawn = {}
        function visit(root, where) {
          for (const el of root.querySelectorAll('*')) {
            if (el.matches('input, select, textarea, button')) (drawn[getComputedStyle(el).colorScheme] ??= []).push(where + ' ' + el.localName)
            if (el.shadowRoot) visit(el.shadowRoot, el.localName)
          }
        }
        visit(document, 'page')
        return drawn
      })()`)
      assert.deepEqual(Object.keys(drawn), ['dark'], `${path}: ${JSON.stringify(drawn)}`)
      await page.close()
    }
  })

  it("the prompt page's completion: type, ArrowDown, Enter picks without getting the prompt", { timeout: 30_000 }, async () => {
    const page = await open('/elements/mcp-prompt.html')
    const field = page.locator('mcp-prompt input[role="combobox"]').first()
    await field.click()
    await field.pressSequentially('t')
    // The server's answer for "t" (the list may show the answer for the empty field until it comes).
    await page.locator('mcp-prompt [role="option"]', { hasText: 'TypeScript' }).waitFor()
    assert.equal(await field.getAttribute('aria-expanded'), 'true')
    await page.locator('mcp-prompt [role="option"]', { hasText: 'JavaScript' }).waitFor({ state: 'detached' })
    await field.press('ArrowDown')
    await field.press('Enter')
    assert.equal(await field.inputValue(), 'TypeScript')
    assert.equal(await field.getAttribute('aria-expanded'), 'false')
    assert.equal(await page.locator('mcp-prompt [part~="message"]').count(), 0, 'Enter on an option did not get the prompt')
    await page.close()
  })
})
