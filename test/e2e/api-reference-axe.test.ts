// The API reference at /api/ (TypeDoc with scripts/typedoc-a11y.mjs), end to end: built from typedoc.json (again
// whenever what it is built from changed), served by `npm start`, opened in headless Chromium. axe finds nothing on its
// index, a class, an interface and a function page, light and dark; the sidebar's sections still open and close from
// the keyboard.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright'
import { launchChromium } from './e2e-chromium.js'
import { sharedNpmStart, type NpmStart } from './npm-start.js'
import { axeViolations } from './site-pages.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))

const PAGES = [
  '/api/index.html',
  '/api/functions/src_auth.discoverResource.html',
  '/api/interfaces/src_client.McpClientOptions.html',
  '/api/classes/src_client.McpClient.html',
]

/** The newest modification time of `path` or of the files under it (0: missing). */
function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

/**
 * `npm run docs` as demo/start.ts runs it, into docs/api/, unless the reference there is newer than everything it is
 * built from: the sources, TypeDoc's configuration and the plugin with its styles (which demo/start.ts does not
 * watch). The build is most of this file's time.
 */
async function buildReference(): Promise<void> {
  const inputs = ['src', 'components', 'typedoc.json', 'tsdoc.json', 'scripts/typedoc-a11y.mjs', 'scripts/typedoc-a11y.css']
  if (newest(join(repo, 'docs/api/index.html')) > Math.max(...inputs.map((input) => newest(join(repo, input))))) return
  const args = ['--import', './scripts/typedoc-typescript.mjs', './node_modules/typedoc/bin/typedoc', '--logLevel', 'Error']
  const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk))
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run docs failed (${code}):\n${errors}`))))
  })
}

/** Opens a reference page once TypeDoc's script has shown it and drawn the sidebar's navigation. */
async function openReference(browser: Browser, site: string, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  page.setDefaultTimeout(15_000)
  await page.goto(new URL(path, site).href)
  await page.waitForFunction(() => document.body.style.display !== 'none' && document.querySelector('#tsd-nav-container a'))
  return page
}

describe('the API reference with axe', { timeout: 150_000 }, () => {
  let browser: Browser | undefined
  let demo: NpmStart | undefined

  before(
    async () => {
      // The build, npm start (the run's, or the file's own; never told to build the reference: it serves docs/api/ as
      // it is at each request) and Chromium start side by side; each is kept as it comes, so that after() stops what
      // started even when another failed.
      const started = [
        buildReference(),
        sharedNpmStart().then((urls) => (demo = urls)),
        launchChromium().then((b) => (browser = b)),
      ]
      for (const result of await Promise.allSettled(started)) if (result.status === 'rejected') throw result.reason
    },
    { timeout: 100_000 },
  )
  after(async () => {
    await browser?.close()
    demo?.stop()
  })

  for (const path of PAGES) {
    it(`axe finds nothing on ${path}, light and dark`, { timeout: 60_000 }, async () => {
      // The page is loaded once: TypeDoc's "OS" theme (a first visit's) follows the system's scheme as it changes.
      const page = await openReference(browser!, demo!.site, path)
      const found: string[] = []
      const backgrounds = new Set<string>()
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        for (const line of await axeViolations(page)) found.push(`${colorScheme}: ${line}`)
      }
      await page.close()
      assert.equal(backgrounds.size, 2, 'the page is drawn in a light and a dark theme')
      assert.deepEqual(found, [])
    })
  }

  it("the sidebar's sections open and close from the keyboard, and their pages' links are still there", { timeout: 20_000 }, async () => {
    const page = await openReference(browser!, demo!.site, PAGES[0])
    const section = page.locator('#tsd-nav-container details').first()
    const toggle = section.locator('summary').first()
    const wasOpen = await section.evaluate((details: HTMLDetailsElement) => details.open)
    const details = await section.elementHandle()
    const openIs = (open: boolean) =>
      page.waitForFunction(([element, want]) => (element as HTMLDetailsElement).open === want, [details, open] as const)
    // The module's own page stays one visible link away, open or closed.
    const name = (await toggle.innerText()).trim()
    const moduleLink = page.locator('#tsd-nav-container a', { hasText: name }).first()
    await toggle.focus()
    await page.keyboard.press('Enter')
    await openIs(!wasOpen)
    assert.ok(await moduleLink.isVisible(), `a visible link to ${name}, ${wasOpen ? 'closed' : 'open'}`)
    await page.keyboard.press('Space')
    await openIs(wasOpen)
    assert.ok(await moduleLink.isVisible(), `a visible link to ${name}, ${wasOpen ? 'open' : 'closed'}`)
    await page.close()
  })
})
