// The axe suite of the demo site, in one colour scheme (site-axe-light.test.ts, site-axe-dark.test.ts: one file each,
// as each takes most of a file's 150 s): `npm start` in a child process, axe-core on every page, and on the
// playground's states (a result shown, the elicitation dialog open) at the given widths, where the dialog must fit.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PAGES, demoSite, axeViolations, goDark, openPage, openPlaygroundTool, overflow } from './site-pages.js'

export function describeAxe(colorScheme: 'light' | 'dark', stateWidths: number[]): void {
  describe(`the demo site with axe, ${colorScheme}`, { timeout: 150_000 }, () => {
    const demo = demoSite()

    it(`axe finds nothing on any page, ${colorScheme}`, { timeout: 120_000 }, async () => {
      const found: string[] = []
      const page = await demo.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme })
      for (const path of PAGES) {
        await openPage(demo.browser, demo.site, path, { reuse: page })
        if (colorScheme === 'dark') await goDark(page)
        for (const line of await axeViolations(page)) found.push(`${path} ${line}`)
      }
      await page.close()
      assert.deepEqual(found, [])
    })

    it(
      `the playground with a result shown, then the elicitation dialog open: axe finds nothing, ${colorScheme}; all fits ${stateWidths.join(' and ')} px`,
      { timeout: 60_000 },
      async () => {
        for (const width of stateWidths) {
          const page = await openPage(demo.browser, demo.site, '/', { width, colorScheme })
          if (colorScheme === 'dark') await goDark(page)
          const greet = await openPlaygroundTool(page, 'greet')
          await greet.getByLabel('Name').fill('Ada')
          await greet.getByRole('button', { name: 'Call', exact: true }).click()
          await greet.locator('[part~="result"]', { hasText: 'Ada' }).waitFor()
          assert.deepEqual(await axeViolations(page), [], `a result shown, ${width} px`)
          assert.equal((await overflow(page)).extra, 0, `a result shown fits ${width} px`)
          const signUp = await openPlaygroundTool(page, 'sign_up')
          await signUp.getByRole('button', { name: 'Call', exact: true }).click()
          const dialog = page.locator('mcp-elicitation [part~="dialog"]')
          await dialog.getByText('Who is signing up?').waitFor()
          const box = (await dialog.boundingBox())!
          assert.ok(box.x >= 0 && box.x + box.width <= width, `the dialog fits ${width} px across (${JSON.stringify(box)})`)
          assert.deepEqual(await axeViolations(page), [], `the dialog open, ${width} px`)
          await page.close()
        }
      },
    )
  })
}
