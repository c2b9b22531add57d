// The warm-start figures of `npm run bench`: a page with only the CDN build
// and `<mcp-server url><mcp-tool-list>`, visited once (cold: an empty
// IndexedDB) and then reloaded (warm: the second visit of a returning user),
// in headless Chromium. For each visit: the requests the page sent to the MCP
// server before the tool list was on screen (by JSON-RPC method), and the time
// from the module's evaluation (its import resolved) to the list rendered.
// Uses the CDN build that bench/elements.ts made (buildCdn()); run alone,
// `tsx bench/warm-start.ts` builds it first.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { serveFetch } from '../test/support/http-adapter.js'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs'
import { startFixtureServer } from '../test/support/fixture-server.js'
import { CDN_DIR, CDN_ENTRY, buildCdn } from './elements.js'

export const WARM_VISITS = 7

export interface Visit {
  /** JSON-RPC methods the page sent to the server before the list was rendered, in order. */
  requests: string[]
  /** ms from the CDN module's import resolving to the list rendered (rows in the DOM, layout forced). */
  evaluatedToRendered: number
  /** ms from navigation start to the list rendered. */
  navigationToRendered: number
  tools: number
  /** ms the first IndexedDB open of the visit took (call to success); undefined if none succeeded before the list. */
  indexedDbOpenMs?: number
  /**
   * ms from the module's evaluation to that open's success: what the list waited on the database (0 when it was open
   * before). The CDN entry asks for it as it starts evaluating (components/cdn-cache-open.ts), so part of the open is
   * hidden behind the evaluation.
   */
  indexedDbWaitMs?: number
}

export interface WarmStartFigures {
  cold: Visit
  warm: Visit[]
  browserVersion: string
}

// Plain JavaScript, served as-is. The first script counts the page's requests to the MCP server before anything loads
// (the client looks fetch up per call); the module loads the CDN build and shows the tool list.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>warm start</title><link rel="icon" href="data:,">
<script>
  // How long the cache database took to open (the browser's side of IndexedDB, which a visit waits on before any read):
  // the call to its success event, first open of the visit.
  window.__opens = []
  const open = IDBFactory.prototype.open
  IDBFactory.prototype.open = function (...args) {
    const request = open.apply(this, args)
    const at = performance.now()
    request.addEventListener('success', () => window.__opens.push({ at, opened: performance.now() }))
    return request
  }
  window.__sent = []
  const pageFetch = window.fetch
  window.fetch = (input, init) => {
    window.__sent.push({ method: init && init.headers && init.headers['mcp-method'], at: performance.now() })
    return pageFetch(input, init)
  }
</script>
<script type="module">
  const server = new URLSearchParams(location.search).get('server')
  await import('/cdn/${CDN_ENTRY}')
  const evaluated = performance.now()
  const element = document.createElement('mcp-server')
  element.setAttribute('url', server)
  const list = document.createElement('mcp-tool-list')
  element.append(list)
  document.body.append(element)
  const rows = () => list.shadowRoot ? list.shadowRoot.querySelectorAll('[part~="item"]').length : 0
  const tick = () => new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = resolve; c.port2.postMessage(0) })
  const end = evaluated + 10000
  while (rows() === 0 && performance.now() < end) { await list.updateComplete; if (rows() === 0) await tick() }
  list.shadowRoot.querySelector('[part~="list"]').getBoundingClientRect()
  const rendered = performance.now()
  window.__visit = {
    requests: window.__sent.filter((r) => r.at <= rendered).map((r) => r.method),
    evaluatedToRendered: rendered - evaluated,
    navigationToRendered: rendered,
    tools: rows(),
    indexedDbOpenMs: window.__opens[0] && window.__opens[0].opened - window.__opens[0].at,
    indexedDbWaitMs: window.__opens[0] && Math.max(0, window.__opens[0].opened - evaluated),
  }
</script></head><body></body></html>`

export async function measureWarmStart(): Promise<WarmStartFigures> {
  if (!chromiumPath) throw new Error('no Chromium found (set CHROME_PATH)')
  if (!existsSync(join(CDN_DIR, CDN_ENTRY))) throw new Error(`no CDN build in ${CDN_DIR} (buildCdn() first)`)
  const site = await serveFetch((request) => {
    const path = new URL(request.url).pathname
    if (path === '/') return new Response(PAGE, { headers: { 'content-type': 'text/html' } })
    const file = path.startsWith('/cdn/') ? join(CDN_DIR, path.slice(5)) : ''
    if (!file || file.includes('..') || !existsSync(file)) return new Response('not found', { status: 404 })
    return new Response(readFileSync(file), { headers: { 'content-type': 'text/javascript' } })
  })
  const server = await startFixtureServer({ cors: true })
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
  try {
    // One browser context: its IndexedDB is what a returning visitor's browser keeps between visits.
    const context = await browser.newContext()
    const tab = await context.newPage()
    const pageErrors: string[] = []
    tab.on('pageerror', (error) => pageErrors.push(error.message))
    const visit = async (load: () => Promise<unknown>): Promise<Visit> => {
      await load()
      await tab
        .waitForFunction(() => (window as { __visit?: unknown }).__visit, null, { timeout: 10_000 })
        .catch((error) => {
          throw new Error(`the tool list did not render (${pageErrors.join('; ') || error.message})`)
        })
      const figures = (await tab.evaluate(() => (window as { __visit?: unknown }).__visit)) as Visit
      if (figures.tools === 0) throw new Error('the page rendered no tools')
      // A real second visit comes later than this: let the first one's writes reach IndexedDB.
      await tab.waitForTimeout(300)
      return figures
    }
    const cold = await visit(() => tab.goto(`${site.origin}/?server=${encodeURIComponent(server.url)}`))
    const warm: Visit[] = []
    for (let i = 0; i < WARM_VISITS; i++) warm.push(await visit(() => tab.reload()))
    return { cold, warm, browserVersion: browser.version() }
  } finally {
    await browser.close()
    await server.close()
    await site.close()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildCdn()
  console.log(JSON.stringify(await measureWarmStart(), null, 2))
}
