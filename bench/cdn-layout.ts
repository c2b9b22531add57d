// The CDN layout figures of `npm run bench` (issue 23), for the layout of today (dist/cdn: a small entry, a file per
// element, the first-list chunk) beside the one before it (one entry with every element: vite.config.ts mode
// cdn-single), both built from the same tree in this run (bench/elements.ts buildCdn()):
// - the script a cold visit to `<mcp-server url><mcp-tool-list>` loads before the list is on screen (min+gzip, as
//   served), and the time from navigation to the list, under Chromium's network throttling (CDP
//   Network.emulateNetworkConditions: 1.6 Mbps down, 750 kbps up, 150 ms RTT), a new browser context per visit;
// - in a warm browser (the page visited once, then reloaded), the delay from a click on a tool's row to its form on
//   screen, the tools' code not yet loaded by the page.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Page } from 'playwright'
import { serveFetch } from '../test/support/http-adapter.js'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs'
import { startFixtureServer } from '../test/support/fixture-server.js'
import { CDN_BEFORE_DIR, CDN_DIR, CDN_ENTRY } from './elements.js'

export const THROTTLE = { downloadKbps: 1600, uploadKbps: 750, rttMs: 150 }
export const COLD_RUNS = 3
export const CLICK_RUNS = 5

export interface LayoutFigures {
  /** Scripts fetched before the list was on screen (paths under /cdn/), and their min+gzip bytes summed. */
  firstListScripts: string[]
  firstListGzip: number
  /** ms, navigation start → the list on screen, cold, throttled; one figure per run. */
  throttledColdMs: number[]
  /** ms, a click on a row → the tool's form on screen, warm browser; one figure per run. */
  clickToFormMs: number[]
}

// The list's `mcp-list-loaded`, then its update: the list is on screen; nothing idle-time has run yet.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>first list</title><link rel="icon" href="data:,">
<script>
  document.addEventListener('mcp-list-loaded', (event) => event.target.updateComplete.then(() => {
    if (window.__shown) return
    const at = performance.now()
    window.__shown = {
      at,
      scripts: performance.getEntriesByType('resource').filter((e) => e.startTime < at).map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/cdn/')),
    }
  }))
</script>
<script type="module" src="/cdn/${CDN_ENTRY}"></script></head>
<body><mcp-server url="__SERVER__"><mcp-tool-list></mcp-tool-list></mcp-server></body></html>`

/** Serves `dir` gzip-encoded (as a CDN does), and the page. */
function site(dir: string, serverUrl: string) {
  const page = PAGE.replace('__SERVER__', serverUrl)
  return serveFetch((request) => {
    const path = new URL(request.url).pathname
    if (path === '/') return new Response(page, { headers: { 'content-type': 'text/html' } })
    const file = path.startsWith('/cdn/') ? join(dir, path.slice(5)) : ''
    if (!file || file.includes('..') || !existsSync(file)) return new Response('not found', { status: 404 })
    return new Response(gzipSync(readFileSync(file), { level: 9 }), {
      headers: { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'max-age=3600' },
    })
  })
}

const gzipOf = (dir: string, path: string) => gzipSync(readFileSync(join(dir, path.slice(5))), { level: 9 }).byteLength

// A string, not a function: tsx's compiled functions call a helper (__name) that the page does not have.
const CLICK_TO_FORM = `(async () => {
  const list = document.querySelector('mcp-tool-list')
  const row = list.shadowRoot.querySelector('[part~="item"][data-name="echo"]')
  const form = () => list.shadowRoot.querySelector('mcp-tool')?.shadowRoot?.querySelector('mcp-schema-form')?.shadowRoot?.querySelector('input')
  const start = performance.now()
  row.click()
  while (!form()) {
    if (performance.now() - start > 10000) throw new Error('the tool’s form did not show')
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }
  form().getBoundingClientRect()
  return performance.now() - start
})()`

async function shown(tab: Page): Promise<{ at: number; scripts: string[] }> {
  await tab.waitForFunction(() => (window as { __shown?: unknown }).__shown, null, { timeout: 30_000 })
  return (await tab.evaluate(() => (window as { __shown?: unknown }).__shown)) as { at: number; scripts: string[] }
}

export async function measureLayouts(): Promise<{ before: LayoutFigures; after: LayoutFigures; browserVersion: string }> {
  if (!chromiumPath) throw new Error('no Chromium found (set CHROME_PATH)')
  const server = await startFixtureServer({ cors: true })
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
  const layouts = { before: CDN_BEFORE_DIR, after: CDN_DIR }
  const sites = { before: await site(layouts.before, server.url), after: await site(layouts.after, server.url) }
  const figures = {
    before: { firstListScripts: [], firstListGzip: 0, throttledColdMs: [], clickToFormMs: [] } as LayoutFigures,
    after: { firstListScripts: [], firstListGzip: 0, throttledColdMs: [], clickToFormMs: [] } as LayoutFigures,
  }
  try {
    // Cold, throttled: a new context each visit (empty HTTP cache and IndexedDB); the layouts take turns.
    for (let run = 0; run < COLD_RUNS; run++) {
      for (const name of ['before', 'after'] as const) {
        const context = await browser.newContext()
        const tab = await context.newPage()
        const cdp = await context.newCDPSession(tab)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: THROTTLE.rttMs,
          downloadThroughput: (THROTTLE.downloadKbps * 1000) / 8,
          uploadThroughput: (THROTTLE.uploadKbps * 1000) / 8,
        })
        await tab.goto(sites[name].origin + '/')
        const { at, scripts } = await shown(tab)
        figures[name].throttledColdMs.push(at)
        figures[name].firstListScripts = scripts
        figures[name].firstListGzip = scripts.reduce((n, path) => n + gzipOf(layouts[name], path), 0)
        await context.close()
      }
    }
    // Warm: one context per layout, the page visited once and reloaded; then each run reloads and clicks a row.
    for (const name of ['before', 'after'] as const) {
      const context = await browser.newContext()
      const tab = await context.newPage()
      await tab.goto(sites[name].origin + '/')
      await shown(tab)
      await tab.waitForTimeout(300)
      for (let run = 0; run < CLICK_RUNS; run++) {
        await tab.reload()
        await shown(tab)
        const ms = (await tab.evaluate(CLICK_TO_FORM)) as number
        figures[name].clickToFormMs.push(ms)
      }
      await context.close()
    }
    return { ...figures, browserVersion: browser.version() }
  } finally {
    await browser.close()
    await sites.before.close()
    await sites.after.close()
    await server.close()
  }
}
