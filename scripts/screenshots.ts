/**
 * `npm run screenshots`: a picture of each demo page at 390 px (a phone) and
 * 1280 px (a laptop), light and dark, into docs/screenshots/ (the README links
 * them). It runs `npm start` itself on free ports (as the end-to-end tests do),
 * opens each page in headless Chromium (test/support/chromium.mjs) with a fresh
 * profile whose colour scheme is the one pictured, waits for the elements to
 * settle, and takes the whole page. Re-run it after any change to how the
 * demo looks; the files are overwritten.
 *
 * The gallery shows light and dark side by side itself: it is taken in the light page only.
 *
 * `npm run screenshots -- /react.html /gallery.html` takes only those pages;
 * `-- --elements` adds the page of every element (/elements/mcp-*.html).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs'
import { npmStart } from '../test/e2e/npm-start.js'

const repo = fileURLToPath(new URL('..', import.meta.url))
const OUT = join(repo, 'docs/screenshots')

/** The demo's pages, by the name their pictures get. */
export const PAGES: Record<string, string> = {
  playground: '/',
  gallery: '/gallery.html',
  elements: '/elements/',
  model: '/model.html',
  react: '/react.html',
  plain: '/plain.html',
  cdn: '/cdn.html',
}
export const WIDTHS = [390, 1280] as const
/** Pages that show light and dark side by side themselves: one picture per width, in the light page (~1.7 MB each). */
const BOTH_SCHEMES_SHOWN = new Set(['gallery'])
export const SCHEMES = ['light', 'dark'] as const
/** The tallest picture, in CSS pixels (the gallery is long; past this it is cut). */
const MAX_HEIGHT = 16_000

function pagesAsked(args: string[]): Record<string, string> {
  const pages: Record<string, string> = {}
  const paths = args.filter((a) => a.startsWith('/'))
  for (const [name, path] of Object.entries(PAGES)) if (paths.length === 0 || paths.includes(path)) pages[name] = path
  if (args.includes('--elements')) {
    for (const file of readdirSync(join(repo, 'demo/site/elements')).filter((f) => /^mcp-.*\.html$/.test(f))) {
      pages[`element-${file.replace(/\.html$/, '')}`] = `/elements/${file}`
    }
  }
  return pages
}

/** The file name of one picture: page, width, scheme. */
export const shotName = (page: string, width: number, scheme: string) => `${page}-${width}-${scheme}.png`

async function main(): Promise<void> {
  const pages = pagesAsked(process.argv.slice(2))
  mkdirSync(OUT, { recursive: true })
  const demo = await npmStart()
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
  try {
    for (const [name, path] of Object.entries(pages)) {
      for (const width of WIDTHS) {
        for (const scheme of BOTH_SCHEMES_SHOWN.has(name) ? SCHEMES.slice(0, 1) : SCHEMES) {
          // A fresh profile each time: no remembered theme, server or cache from another picture.
          const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, reducedMotion: 'reduce' })
          const page = await context.newPage()
          await page.goto(new URL(path, demo.site).href, { waitUntil: 'load' })
          // Lists and views fill in after the server answers (a listen stream stays open: no "network idle" to wait for).
          await page.evaluate(() => document.fonts.ready)
          await page.waitForTimeout(2_500)
          // The whole page, in a viewport as tall as the page: a full-page capture of a shorter one resizes it while
          // capturing, and a list that renders only its rows in view would be caught between two renders (blank rows).
          const height = await page.evaluate(() => document.documentElement.scrollHeight)
          await page.setViewportSize({ width, height: Math.min(height, MAX_HEIGHT) })
          await page.waitForTimeout(700)
          const file = shotName(name, width, scheme)
          writeFileSync(join(OUT, file), await page.screenshot())
          console.log(`docs/screenshots/${file}`)
          await context.close()
        }
      }
    }
  } finally {
    await browser.close()
    demo.stop()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}
