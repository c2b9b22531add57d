// `npm start` and a headless Chromium profile on it, for the end-to-end suites that drive the demo site: pages made
// here record what they throw, so a suite can end by asserting that no page threw.
import type { Browser, BrowserContext, Page } from 'playwright'
import { launchChromium } from './e2e-chromium.js'
import { sharedNpmStart, type NpmStart } from './npm-start.js'

export interface DemoBrowser {
  urls: NpmStart
  context: BrowserContext
  /** A new tab in the profile (15 s default timeout), its uncaught errors recorded in `pageErrors`. */
  newPage(): Promise<Page>
  pageErrors: string[]
  close(): Promise<void>
}

/** The run's `npm start` (sharedNpmStart) and a light, 1280 px wide profile that may use the clipboard on the demo site. */
export async function demoBrowser(): Promise<DemoBrowser> {
  const urls = await sharedNpmStart()
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urls.site).origin })
    const pageErrors: string[] = []
    const opened = browser
    return {
      urls,
      context,
      pageErrors,
      async newPage() {
        const page = await context.newPage()
        page.setDefaultTimeout(15_000)
        page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
        return page
      },
      async close() {
        await opened.close()
        urls.stop()
      },
    }
  } catch (error) {
    await browser?.close()
    urls.stop()
    throw error
  }
}
