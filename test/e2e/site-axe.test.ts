// axe-core on every page of the demo site, light and dark, and on the playground's states (a result shown, the
// elicitation dialog open) at 1280, 390 and 320 px (issue 21): `npm start` in a child process, headless Chromium
// (Playwright). The layout and keyboard checks: site.test.ts.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { chromium, type Browser } from 'playwright'
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs'
import { npmStart, type NpmStart } from './npm-start.js'
import { PAGES, axeViolations, goDark, openPage, openPlaygroundTool, overflow } from './site-pages.js'

let browser: Browser
let urls: NpmStart

describe('the demo site with axe', { timeout: 150_000 }, () => {
  before(async () => {
    urls = await npmStart()
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
  })

  after(async () => {
    await browser?.close()
    urls?.stop()
  })

  it('axe finds nothing on any page, light and dark', { timeout: 120_000 }, async () => {
    const found: string[] = []
    for (const path of PAGES) {
      const page = await openPage(browser, urls.site, path)
      for (const line of await axeViolations(page)) found.push(`${path} light ${line}`)
      await goDark(page)
      for (const line of await axeViolations(page)) found.push(`${path} dark ${line}`)
      await page.close()
    }
    assert.deepEqual(found, [])
  })

  it(
    'the playground with a result shown and with the elicitation dialog open: axe finds nothing, light and dark; the dialog fits 320 px',
    { timeout: 90_000 },
    async () => {
      for (const [width, colorScheme] of [
        [1280, 'light'],
        [390, 'dark'],
        [320, 'light'],
      ] as const) {
        const page = await openPage(browser, urls.site, '/', { width, colorScheme })
        const greet = await openPlaygroundTool(page, 'greet')
        await greet.getByLabel('Name').fill('Ada')
        await greet.getByRole('button', { name: 'Call', exact: true }).click()
        await greet.locator('[part~="result"]', { hasText: 'Ada' }).waitFor()
        assert.deepEqual(await axeViolations(page), [], `a result shown, ${width} px ${colorScheme}`)
        assert.equal((await overflow(page)).extra, 0, `a result shown fits ${width} px`)
        const signUp = await openPlaygroundTool(page, 'sign_up')
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
