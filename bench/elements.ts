// The element figures of `npm run bench`: the CDN build's size (every chunk,
// min+gzip), and, in headless Chromium on a page that loads only that build,
// the time to render 1,000 tools in <mcp-tool-list> and to filter them per
// keystroke. The CDN build is made fresh for the run (vite.config.ts, mode
// `cdn`, into .tmp/bench-cdn), so the figures are of the code as it is.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping'
import { chromium } from 'playwright'
import { build } from 'vite'
import { serveFetch } from '../test/support/http-adapter.js'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs'
import { startManyToolsServer } from './many-tools.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Where buildCdn() writes the CDN build (bench/warm-start.ts serves it from here too). */
export const CDN_DIR = join(ROOT, '.tmp/bench-cdn')
export const CDN_ENTRY = 'mcp-web-elements.js'

export interface CdnChunk {
  file: string
  /** How the entry reaches it: the entry itself, a static import (loaded at start-up) or import() (on first use). */
  loaded: 'entry' | 'start-up' | 'lazy'
  bytes: number
  gzip: number
}

/** Where buildCdn() writes the CDN layout before issue 23 (one entry with every element: vite.config.ts mode cdn-single). */
export const CDN_BEFORE_DIR = join(ROOT, '.tmp/bench-cdn-before')

/** Builds the CDN modules with the project's vite config into CDN_DIR, and the old single-entry layout into CDN_BEFORE_DIR. */
export async function buildCdn(): Promise<void> {
  for (const [mode, outDir] of [
    ['cdn', CDN_DIR],
    ['cdn-single', CDN_BEFORE_DIR],
  ] as const) {
    rmSync(outDir, { recursive: true, force: true })
    mkdirSync(outDir, { recursive: true })
    // Source maps only for cdnParts(); the .map files are not chunks and are never counted.
    await build({ root: ROOT, mode, logLevel: 'error', build: { outDir, emptyOutDir: true, sourcemap: true } })
  }
}

/** Every chunk reachable from the entry, static imports and import() alike, with its size as served (gzip -9 each). */
export function cdnChunks(dir = CDN_DIR): CdnChunk[] {
  const chunks = new Map<string, CdnChunk>()
  const visit = (file: string, loaded: CdnChunk['loaded']) => {
    const seen = chunks.get(file)
    if (seen) {
      if (loaded === 'start-up' && seen.loaded === 'lazy') seen.loaded = loaded
      return
    }
    const code = readFileSync(join(dir, file))
    chunks.set(file, { file, loaded, bytes: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength })
    const text = code.toString()
    // Paths relative to the importing file (elements/mcp-foo.js imports ../first-list-….js).
    const near = (specifier: string) => normalize(join(dirname(file), specifier))
    for (const m of text.matchAll(/\bimport\s*\(\s*["'`](\.\.?\/[^"'`]+)["'`]\s*\)/g)) visit(near(m[1]!), 'lazy')
    for (const m of text.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.\.?\/[^"']+)["']/g))
      visit(near(m[1]!), loaded === 'lazy' ? 'lazy' : 'start-up')
  }
  visit(CDN_ENTRY, 'entry')
  // The client is an entry of its own beside it (page code imports it); counted with the rest, as loaded on use.
  if (existsSync(join(dir, 'client.js'))) visit('client.js', 'lazy')
  return [...chunks.values()]
}

export interface CdnPart {
  /** What the bytes are: Lit, our client core (src/), our form model, our elements (components/), or an npm package. */
  name: string
  /** Minified bytes of the part, every chunk. */
  bytes: number
  /** gzip -9 of the part's bytes compressed on their own: an estimate (gzip is not additive; parts sum to more than the chunks). */
  gzip: number
}

/** Which part of the CDN build a source file is, for cdnParts(). */
function partOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]
  if (!pkg) {
    if (/src\/schema\/form-\w+\.ts$/.test(source)) return 'our form model (src/schema/form-*.ts)'
    if (source.includes('src/')) return 'our client core (src/)'
    return 'our elements (components/, sandbox/csp.ts)'
  }
  if (/^(lit|lit-html|lit-element|@lit\/.*)$/.test(pkg)) return 'Lit (lit, @lit/context, @lit/task)'
  if (/^(mdast-|micromark|decode-named-character-reference|unist-|character-entities|devlop)/.test(pkg))
    return 'markdown (mdast-util-from-markdown, micromark)'
  return pkg
}

/**
 * Where the bytes of the CDN build go: every chunk's minified text attributed to its source files through the build's
 * source maps, grouped by part. Text no mapping covers (the bundler's glue between modules) is its own part.
 */
export function cdnParts(chunks: CdnChunk[], dir = CDN_DIR): CdnPart[] {
  const text = new Map<string, string[]>()
  const add = (part: string, piece: string) => (text.get(part) ?? text.set(part, []).get(part)!).push(piece)
  // A file of re-exports only (the entry, elements/mcp-icon.js) has no source map: its few bytes are glue.
  for (const chunk of chunks.filter((c) => existsSync(join(dir, `${c.file}.map`)))) {
    const lines = readFileSync(join(dir, chunk.file), 'utf8').split('\n')
    const segments: { line: number; column: number; source: string | null }[] = []
    eachMapping(new TraceMap(readFileSync(join(dir, `${chunk.file}.map`), 'utf8')), (m) =>
      segments.push({ line: m.generatedLine - 1, column: m.generatedColumn, source: m.source }),
    )
    segments.sort((a, b) => a.line - b.line || a.column - b.column)
    let line = 0
    let column = 0
    const glue = (toLine: number, toColumn: number) => {
      for (; line < toLine; line++, column = 0) add('(bundler glue, unmapped)', lines[line]!.slice(column))
      add('(bundler glue, unmapped)', lines[line]?.slice(column, toColumn) ?? '')
      column = toColumn
    }
    for (const [i, segment] of segments.entries()) {
      glue(segment.line, segment.column)
      const next = segments[i + 1]
      const end = next?.line === segment.line ? next.column : lines[segment.line]!.length
      add(segment.source ? partOf(segment.source) : '(bundler glue, unmapped)', lines[segment.line]!.slice(segment.column, end))
      column = end
    }
    glue(lines.length - 1, lines.at(-1)!.length)
  }
  return [...text]
    .map(([name, pieces]) => {
      const joined = pieces.join('')
      return { name, bytes: Buffer.byteLength(joined), gzip: gzipSync(joined, { level: 9 }).byteLength }
    })
    .filter((part) => part.bytes > 0)
    .sort((a, b) => b.gzip - a.gzip)
}

export interface ElementTimings {
  /** What the page fetched from the CDN directory before anything was used. */
  startup: string[]
  /** ms from appending the list to 1,000 rows laid out, a new client each time (HTTP included). */
  cold: number[]
  /** The same with the listing in the client's cache: the element's own work. */
  warm: number[]
  /** Per filter keystroke: the text in the box, rows shown, ms for each run. */
  keystrokes: { text: string; shown: number; ms: number[] }[]
  userAgent: string
  browserVersion: string
}

export const TOOL_COUNT = 1000
export const FILTER_QUERY = 'delete_in'

/** Serves a page with only the CDN script tag, and measures in headless Chromium. */
export async function measureElements(): Promise<ElementTimings> {
  if (!chromiumPath) throw new Error('no Chromium found (set CHROME_PATH)')
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><link rel="icon" href="data:,">
    <script type="module" src="/cdn/${CDN_ENTRY}"></script></head><body></body></html>`
  const site = await serveFetch((request) => {
    const path = new URL(request.url).pathname
    if (path === '/') return new Response(page, { headers: { 'content-type': 'text/html' } })
    const file =
      path === '/bench/elements-page.js'
        ? join(ROOT, 'bench/elements-page.js')
        : path.startsWith('/cdn/')
          ? join(CDN_DIR, path.slice(5))
          : ''
    if (!file || file.includes('..') || !existsSync(file)) return new Response('not found', { status: 404 })
    return new Response(readFileSync(file), { headers: { 'content-type': 'text/javascript' } })
  })
  const server = await startManyToolsServer(TOOL_COUNT)
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    // What goes wrong in the page is part of the report, not a bare timeout.
    const pageErrors: string[] = []
    tab.on('pageerror', (error) => pageErrors.push(error.message))
    tab.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()))
    await tab.goto(`${site.origin}/`)
    // The entry defines an element when its tag is first in the page: one list put there (and taken out) loads its code.
    await tab
      .evaluate(async () => {
        const list = document.body.appendChild(document.createElement('mcp-tool-list'))
        await customElements.whenDefined('mcp-tool-list')
        list.remove()
      })
      .catch((error) => {
        throw new Error(`<mcp-tool-list> was not registered by the CDN module (${pageErrors.join('; ') || error.message})`)
      })
    const timings = await tab.evaluate(
      async (args) => {
        const { measure } = await import(`${location.origin}/bench/elements-page.js`)
        return measure(args)
      },
      { url: server.url, count: TOOL_COUNT, query: FILTER_QUERY, renderRuns: 15, filterRuns: 7 },
    )
    return { ...timings, browserVersion: browser.version() }
  } finally {
    await browser.close()
    await server.close()
    await site.close()
  }
}
