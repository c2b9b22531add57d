// Pages of the demo site as a first visitor meets them: the CDN page signs in with the site's Client ID Metadata
// Document, the Plain page says what its empty Results list is for, and on a phone the header is two rows on every
// page of the nav (the CDN page's, with no script, lists the same pages and has its own dark-mode switch). A file of
// its own: site.test.ts fills its time budget.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { demoSite, openPage } from './site-pages.js'

/** The pages the site's nav links to (the element pages share the playground's header code). */
const NAV_PAGES = ['/', '/elements/', '/gallery.html', '/elements/mcp-connection-check.html', '/cdn.html', '/react.html', '/plain.html', '/model.html']

describe('the demo site’s pages as a first visitor meets them', { timeout: 150_000 }, () => {
  const demo = demoSite()

  it(
    'the CDN page signs in to the protected server with the site’s Client ID Metadata Document: no client id, no registration',
    { timeout: 60_000 },
    async () => {
      const page = await openPage(demo.browser, demo.site, '/cdn.html')
      const server = page.locator('mcp-server[client-metadata-url]')
      const signIn = server.locator('[part~="sign-in-button"]')
      await signIn.waitFor()
      const popup = page.waitForEvent('popup')
      await signIn.click()
      // The authorization server reads /oauth-client.json (the URL the page gave, made absolute), then signs in at once.
      await (await popup).waitForEvent('close', { timeout: 20_000 })
      await server.locator('[part~="item"][data-name="whoami"]').waitFor({ timeout: 20_000 })
      const documentUrl = new URL('/oauth-client.json', demo.site).href
      const document = (await (await page.request.get(documentUrl)).json()) as { client_id: string; redirect_uris: string[] }
      assert.equal(document.client_id, documentUrl)
      assert.deepEqual(document.redirect_uris, [new URL('/oauth-callback.html', demo.site).href])
      await page.close()
    },
  )

  it('the Plain page says what its empty Results list is for, until a call lists its answer', { timeout: 60_000 }, async () => {
    const page = await openPage(demo.browser, demo.site, '/plain.html')
    const placeholder = () => page.locator('#results').evaluate((list) => getComputedStyle(list, '::before').content)
    assert.equal(await placeholder(), '"Call a tool: what it answers is listed here, newest first."')
    await page.locator('mcp-tool [part~="call"]').first().waitFor()
    await page.locator('#tool-picker').selectOption('greet')
    await page.locator('mcp-tool').getByLabel('Name').fill('Ada')
    await page.locator('mcp-tool [part~="call"]').first().click()
    await page.locator('#results li').first().waitFor()
    assert.equal(await placeholder(), 'none')
    await page.close()
  })

  it('on a phone the site header is two rows, not six; the CDN page has the same pages and a dark-mode switch', { timeout: 90_000 }, async () => {
    const page = await demo.browser.newPage({ viewport: { width: 390, height: 800 } })
    const tall: string[] = []
    for (const path of NAV_PAGES) {
      await openPage(demo.browser, demo.site, path, { reuse: page })
      const height = await page.locator('header.site').evaluate((header) => header.getBoundingClientRect().height)
      if (height > 100) tall.push(`${path}: ${Math.round(height)} px`)
    }
    assert.deepEqual(tall, [], 'headers taller than two rows')
    const links = async (path: string) => {
      await openPage(demo.browser, demo.site, path, { reuse: page })
      return page.locator('header.site nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    }
    assert.deepEqual(await links('/cdn.html'), await links('/plain.html'))
    await openPage(demo.browser, demo.site, '/cdn.html', { reuse: page })
    const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.getByLabel('Dark mode').check()
    assert.equal(await scheme(), 'dark')
    await page.getByLabel('Dark mode').uncheck()
    assert.equal(await scheme(), 'light dark')
    await page.close()
  })
})
