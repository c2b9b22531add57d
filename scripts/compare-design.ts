/**
 * `npm run compare-design`: our elements beside Web Awesome's components (its default theme), the same server data in
 * both, at 390 px and 1280 px, light and dark: a picture of each part (the lists; a tool with its result; the dialog) into docs/design-comparison/, and the computed styles
 * of the parts compared (type, spacing, radii, borders and shadows, badges, buttons, focus rings) into
 * docs/design-comparison/measurements.json. docs/design-comparison.md reads them.
 *
 * It starts the demo MCP server and a Vite server for the pages in scripts/design-comparison/ (Web Awesome comes from
 * node_modules: nothing is fetched), then opens headless Chromium as `npm run screenshots` does.
 * Ports: COMPARE_MCP_PORT and COMPARE_SITE_PORT (default: any free port).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Frame } from 'playwright'
import { createServer } from 'vite'
import { startDemoServer } from '../demo/server/demo-server.js'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs'
import { SCHEMES, WIDTHS, shotName } from './screenshots.js'

const repo = fileURLToPath(new URL('..', import.meta.url))
const pages = join(repo, 'scripts/design-comparison')
const OUT = join(repo, 'docs/design-comparison')
const port = (name: string) => Number(process.env[name] ?? 0)

/** A part to measure: a path of selectors, each step inside the previous match's shadow root. */
type Path = string[]
interface Measured {
  what: string
  frame: 'lists' | 'tool' | 'dialog'
  ours: Path
  webawesome: Path
  /** Focus it first (a focus ring is measured). */
  focus?: boolean
}

const PARTS: Measured[] = [
  { what: 'list row', frame: 'lists', ours: ['mcp-tool-list', '[part~="item"]'], webawesome: ['.row'] },
  { what: 'row title', frame: 'lists', ours: ['mcp-tool-list', '[part~="item"] .title'], webawesome: ['.row strong'] },
  { what: 'row name (machine)', frame: 'lists', ours: ['mcp-tool-list', '[part~="item"] .name'], webawesome: ['.row code'] },
  { what: 'row description', frame: 'lists', ours: ['mcp-tool-list', '[part~="item"] .description'], webawesome: ['.row .description'] },
  { what: 'badge', frame: 'lists', ours: ['mcp-tool-list', '[part~="badge"]'], webawesome: ['.row wa-badge'] },
  { what: 'list box', frame: 'lists', ours: ['mcp-tool-list', '[part~="list"]'], webawesome: ['wa-card.list'] },
  { what: 'filter input', frame: 'lists', ours: ['mcp-tool-list', 'input'], webawesome: ['wa-input[role=search]', '[part~="base"]'] },
  { what: 'tool card', frame: 'tool', ours: ['mcp-tool', '[part~="base"]'], webawesome: ['wa-card:not(.list)'] },
  { what: 'tool heading', frame: 'tool', ours: ['mcp-tool', '[part~="title"], h2, h3'], webawesome: ['wa-card:not(.list) h3'] },
  {
    what: 'form input',
    frame: 'tool',
    ours: ['mcp-tool', '[part~="form"]', 'input'],
    webawesome: ['wa-card:not(.list) wa-input', '[part~="base"]'],
  },
  {
    what: 'field label',
    frame: 'tool',
    ours: ['mcp-tool', '[part~="form"]', 'label'],
    webawesome: ['wa-card:not(.list) wa-input', '[part~="form-control-label"]'],
  },
  {
    what: 'primary button',
    frame: 'tool',
    ours: ['mcp-tool', '[part~="call"]'],
    webawesome: ['wa-button[variant=brand]', '[part~="base"]'],
  },
  { what: 'result', frame: 'tool', ours: ['mcp-tool', '[part~="result-frame"]'], webawesome: ['wa-callout'] },
  { what: 'resource row', frame: 'lists', ours: ['mcp-resource-list', '[part~="item"]'], webawesome: ['section:last-of-type .row'] },
  { what: 'dialog', frame: 'dialog', ours: ['mcp-elicitation', 'dialog'], webawesome: ['wa-dialog', '[part~="dialog"]'] },
  { what: 'dialog heading', frame: 'dialog', ours: ['mcp-elicitation', 'h2'], webawesome: ['wa-dialog', '[part~="title"]'] },
  {
    what: 'dialog primary button',
    frame: 'dialog',
    ours: ['mcp-elicitation', 'button.primary'],
    webawesome: ['wa-dialog > wa-button[variant=brand]', '[part~="base"]'],
  },
  {
    what: 'dialog secondary button',
    frame: 'dialog',
    ours: ['mcp-elicitation', 'button:not(.primary)'],
    webawesome: ['wa-dialog > wa-button[appearance=outlined]', '[part~="base"]'],
  },
  {
    what: 'focus ring (button)',
    frame: 'dialog',
    ours: ['mcp-elicitation', 'button.primary'],
    webawesome: ['wa-dialog > wa-button[variant=brand]', '[part~="base"]'],
    focus: true,
  },
]

/** The computed styles compared, of the part at `path` in `frame` (undefined when it is not there). */
function measure(frame: Frame, path: Path, focus: boolean) {
  return frame.evaluate(
    ({ path, focus }) => {
      let root: Document | ShadowRoot = document
      let found: HTMLElement | null = null
      for (const selector of path) {
        found = root.querySelector<HTMLElement>(selector)
        if (!found) return undefined
        root = found.shadowRoot ?? root
      }
      if (!found) return undefined
      if (focus) {
        // The host is what takes focus for a Web Awesome part; ours is the button itself.
        const host = (found.getRootNode() as ShadowRoot).host as HTMLElement | undefined
        ;(found.tabIndex >= 0 || found.localName === 'button' ? found : (host ?? found)).focus()
      }
      const s = getComputedStyle(found)
      const box = found.getBoundingClientRect()
      return {
        font: `${s.fontWeight} ${s.fontSize}/${s.lineHeight} ${s.fontFamily.split(',')[0]}`,
        color: s.color,
        background: s.backgroundColor,
        border: s.borderTopWidth === '0px' ? 'none' : `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
        radius: s.borderTopLeftRadius,
        shadow: s.boxShadow,
        padding: s.padding,
        height: Math.round(box.height * 10) / 10,
        ...(focus && { outline: `${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor}`, outlineOffset: s.outlineOffset }),
      }
    },
    { path, focus },
  )
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  const mcp = await startDemoServer({ port: port('COMPARE_MCP_PORT') })
  const site = await createServer({
    configFile: false,
    root: pages,
    cacheDir: join(repo, 'node_modules/.vite-compare'),
    logLevel: 'warn',
    clearScreen: false,
    resolve: {
      conditions: ['module', 'browser', 'production'],
      alias: [{ find: /^mcp-web-elements$/, replacement: join(repo, 'components/index.ts') }],
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    optimizeDeps: { entries: ['*.html'] },
    server: { host: '127.0.0.1', port: port('COMPARE_SITE_PORT'), strictPort: true, fs: { allow: [repo] }, watch: { ignored: () => true } },
  })
  await site.listen()
  const siteUrl = `http://127.0.0.1:${(site.httpServer?.address() as { port: number }).port}/`
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
  const measurements: Record<string, unknown> = {}
  try {
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        const context = await browser.newContext({
          viewport: { width: width * 2 + 16, height: 900 },
          colorScheme: scheme,
          reducedMotion: 'reduce',
        })
        const page = await context.newPage()
        page.on('pageerror', (error) => console.error(`${width} ${scheme}: ${error.message}`))
        await page.goto(`${siteUrl}?${new URLSearchParams({ width: String(width), mcp: mcp.url })}`, { waitUntil: 'load' })
        await page.evaluate(() => (window as unknown as { settled(): Promise<void> }).settled())
        const frameOf = (side: string, part: string) =>
          page.frames().find((f) => f.url().includes(`/${side}.html`) && f.url().includes(`part=${part}`))!
        const rows: Record<string, unknown> = {}
        for (const { what, frame, ours, webawesome, focus = false } of PARTS) {
          rows[what] = {
            ours: await measure(frameOf('ours', frame), ours, focus),
            webawesome: await measure(frameOf('webawesome', frame), webawesome, focus),
          }
        }
        measurements[`${width}-${scheme}`] = rows
        // Focus back on nothing: the picture shows the resting state.
        for (const frame of page.frames()) await frame.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        await page.setViewportSize({ width: width * 2 + 16, height })
        await page.waitForTimeout(500)
        // A picture per part, so that each PNG stays small.
        for (const part of ['lists', 'tool', 'dialog']) {
          const file = shotName(part, width, scheme)
          writeFileSync(join(OUT, file), await page.locator(`#${part}`).screenshot())
          console.log(`docs/design-comparison/${file}`)
        }
        await context.close()
      }
    }
    writeFileSync(join(OUT, 'measurements.json'), `${JSON.stringify(measurements, null, 2)}\n`)
    console.log('docs/design-comparison/measurements.json')
  } finally {
    await browser.close()
    await site.close()
    await mcp.close()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
