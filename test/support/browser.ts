// Helpers for browser suites (components/**/*.test.ts, test/browser/): reach
// the test servers through the runner's /__fixture/* routes (see
// web-test-runner.config.mjs), and wait for things without hanging.
import type { FixtureStats } from './fixture-server.js'
import { emulateMedia, executeServerCommand, sendMouse } from '@web/test-runner-commands'
import { clearCache } from '../../src/cache/idb.js'

// Mocha's globals, as web-test-runner provides them (the repo has no @types/mocha).
declare global {
  const describe: { (title: string, fn: () => void): void; skip(title: string, fn: () => void): void }
  const it: { (title: string, fn: () => Promise<void> | void): void; skip(title: string, fn: () => Promise<void> | void): void }
  function before(fn: () => Promise<void> | void): void
  function after(fn: () => Promise<void> | void): void
  function beforeEach(fn: () => Promise<void> | void): void
  function afterEach(fn: () => Promise<void> | void): void
}

/** The browser engine this page runs in (scripts/test-browsers.mjs runs the suites in each). */
export type Engine = 'chromium' | 'firefox' | 'webkit'

export const engine: Engine = / Firefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrom(e|ium)\//.test(navigator.userAgent)
    ? 'chromium'
    : 'webkit'

const engineNames: Record<Engine, string> = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' }

/** Engines a test cannot run in, each with the reason, which the run's output shows as the skipped test's title. */
export type NotIn = Partial<Record<Engine, string>>

const skippedTitle = (title: string, notIn: NotIn) => `${title} [skipped in ${engineNames[engine]}: ${notIn[engine]}]`

/** Skipped in Firefox and WebKit, for `reason` (what the test needs that only Chromium gives the test runner). */
export const chromiumOnly = (reason: string): NotIn => ({ firefox: reason, webkit: reason })

/** `it`, except in the engines `notIn` names: there the test is skipped, its reason in its title. */
export function itExceptIn(notIn: NotIn, title: string, fn: (this: { timeout(ms: number): void }) => Promise<void> | void): void {
  const test = fn as () => Promise<void> | void
  if (notIn[engine]) it.skip(skippedTitle(title, notIn), test)
  else it(title, test)
}

/** `describe`, except in the engines `notIn` names (see {@link itExceptIn}). */
export function describeExceptIn(notIn: NotIn, title: string, fn: () => void): void {
  if (notIn[engine]) describe.skip(skippedTitle(title, notIn), fn)
  else describe(title, fn)
}

/** Why a test that sets the user's colour scheme runs in Chromium only. */
export const SETS_PREFERS_COLOR_SCHEME: NotIn = {
  firefox: 'sets prefers-color-scheme, which only Chromium lets the test runner emulate (CDP); the theme tests cover the rest',
  webkit: 'sets prefers-color-scheme, which only Chromium lets the test runner emulate (CDP); the theme tests cover the rest',
}

/** Sets the user's colour scheme (prefers-color-scheme): Chromium only, in tests marked with {@link SETS_PREFERS_COLOR_SCHEME}. */
export async function preferColorScheme(scheme: 'light' | 'dark'): Promise<void> {
  if (engine !== 'chromium')
    throw new Error(`cannot set prefers-color-scheme in ${engineNames[engine]}: ${SETS_PREFERS_COLOR_SCHEME[engine]}`)
  await emulateMedia({ colorScheme: scheme })
}

/**
 * Sets the user's colour scheme where the runner can (Chromium); elsewhere the engine's own preference stays.
 * Only for tests whose property holds under either preference (a theme that wins over it, whichever it is).
 */
export async function preferColorSchemeIfEmulated(scheme: 'light' | 'dark'): Promise<void> {
  if (engine === 'chromium') await emulateMedia({ colorScheme: scheme })
}

/** Sizes the page's viewport, in every engine (the test-runner's setViewport has no WebDriver form: browser-commands.mjs). */
export async function setViewportSize(width: number, height: number): Promise<void> {
  await executeServerCommand('viewport', { width, height })
}

/** The user's colour scheme as this page sees it. */
export const preferredColorScheme = (): 'light' | 'dark' => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')

async function route<T>(path: string, server: string, init?: RequestInit, query = ''): Promise<T> {
  const res = await fetch(`/__fixture/${path}?server=${encodeURIComponent(server)}${query}`, init)
  if (!res.ok) throw new Error(`/__fixture/${path} (${server}): HTTP ${res.status} ${await res.text()}`)
  return (res.status === 204 ? undefined : await res.json()) as T
}

/** The MCP endpoint of a test server: `main` is the fixture server, others are test/support/servers/NAME.ts. */
export async function serverUrl(server = 'main'): Promise<string> {
  return (await route<{ url: string }>('info', server)).url
}

/** Every request the server has seen so far. */
export function serverStats(server = 'main'): Promise<FixtureStats> {
  return route<FixtureStats>('stats', server)
}

/** The JSON-RPC requests of one method the server has seen, oldest first. */
export async function requestsFor(method: string, server = 'main'): Promise<any[]> {
  return (await serverStats(server)).requests.filter((r) => r.body?.method === method).map((r) => r.body)
}

/** Publishes notifications/tools/list_changed to the server's open listen streams. */
export function notifyToolsChanged(server = 'main'): Promise<void> {
  return route<void>('notify/tools-changed', server, { method: 'POST' })
}

/** Calls the server's `control(action, body)` switch. */
export function controlServer<T = unknown>(server: string, action: string, body?: unknown): Promise<T> {
  return route<T>('control', server, { method: 'POST', body: JSON.stringify(body ?? null) }, `&action=${encodeURIComponent(action)}`)
}

/** A module path as this page requests it: `url` (new URL('../x.js', import.meta.url)) with the dev server's `.ts`. */
const modulePath = (url: URL): string => url.pathname.replace(/\.js$/, '.ts')

/** One request to the module-fault route of test/support/module-faults.mjs: `which` is `path=…` or `chunk=…`. */
async function moduleFaultRoute(which: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(`/__fixture/module-fault?${which}`, init)
  if (!res.ok) throw new Error(`/__fixture/module-fault: HTTP ${res.status} ${await res.text()}`)
  return res
}

const modulePathQuery = (url: URL) => `path=${encodeURIComponent(modulePath(url))}`
const builtChunkQuery = (name: string) => `chunk=${encodeURIComponent(name)}`

/**
 * Makes the next `times` requests of the module `url` fail with HTTP `status` (test/support/module-faults.mjs, which
 * names the modules a test may fail), as a server being deployed fails a lazy chunk. Call it before the page first
 * imports the module.
 */
export async function failModule(url: URL, times: number, status = 503): Promise<void> {
  await moduleFaultRoute(`${modulePathQuery(url)}&times=${times}&status=${status}`, { method: 'POST' })
}

/** How many requests of the module `url` failed by {@link failModule}, and how many went through since. */
export async function moduleRequests(url: URL): Promise<{ failed: number; served: number }> {
  return (await (await moduleFaultRoute(modulePathQuery(url))).json()) as { failed: number; served: number }
}

/**
 * {@link failModule} for a built chunk of the builds the strict-CSP page loads (the CDN file, the npm build bundled
 * for it), named without its hash: `name` is one of BUILT_CHUNKS in test/support/module-faults.mjs.
 */
export async function failBuiltChunk(name: string, times: number, status = 503): Promise<void> {
  await moduleFaultRoute(`${builtChunkQuery(name)}&times=${times}&status=${status}`, { method: 'POST' })
}

/** How many requests of the built chunk `name` failed by {@link failBuiltChunk}, and how many went through since. */
export async function builtChunkRequests(name: string): Promise<{ failed: number; served: number }> {
  return (await (await moduleFaultRoute(builtChunkQuery(name))).json()) as { failed: number; served: number }
}

/** Ends every fault {@link failModule} or {@link failBuiltChunk} set that has requests left to fail. */
export async function clearModuleFaults(): Promise<void> {
  await moduleFaultRoute('', { method: 'DELETE' })
}

/**
 * How long `eventually` waits by default: 5 s in Chromium, 10 s in Firefox and WebKit, which are slower here and
 * which `npm test` runs side by side (a WebKit view's resize took over 5 s there once, and passed alone).
 */
const EVENTUALLY_MS = engine === 'chromium' ? 5_000 : 10_000

/** Polls until `check` holds, or fails with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = EVENTUALLY_MS): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A real pointer click in the middle of `element`, scrolled into view (it focuses what a mouse does, unlike `click()`). */
export async function pointerClick(element: Element): Promise<void> {
  element.scrollIntoView({ block: 'center' })
  const box = element.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] })
}

/** The next `type` event on `target`, or a rejection after `timeoutMs`. */
export function nextEvent<E extends Event = CustomEvent>(target: EventTarget, type: string, timeoutMs = 5_000): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs)
    target.addEventListener(type, (e) => (clearTimeout(timer), resolve(e as E)), { once: true })
  })
}

/** Every element matching `selector` inside `root`, looking through open shadow roots at any depth. */
export function deepQueryAll<E extends Element = HTMLElement>(root: Element | ShadowRoot | Document, selector: string): E[] {
  const found: E[] = []
  const visit = (node: Element | ShadowRoot | Document) => {
    for (const el of node.querySelectorAll('*')) {
      if (el.matches(selector)) found.push(el as E)
      if (el.shadowRoot) visit(el.shadowRoot)
    }
  }
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot)
  visit(root)
  return found
}

/** The first element matching `selector` inside `root` through open shadow roots, or an error naming it. */
export function deepQuery<E extends Element = HTMLElement>(root: Element | ShadowRoot | Document, selector: string): E {
  const [el] = deepQueryAll<E>(root, selector)
  if (!el) throw new Error(`no element matches ${selector}`)
  return el
}

/**
 * Fails unless `node` is null. Use it instead of `expect(node).to.equal(null)`:
 * when that fails, chai describes the element by walking it, which stalls the
 * test runner until its overall timeout instead of failing the test.
 */
export function expectAbsent(node: Element | null | undefined, what: string): void {
  if (node != null) throw new Error(`expected ${what} to be gone, but <${node.localName}> is there`)
}

/** Fails if `node` is null (the counterpart of {@link expectAbsent}). */
export function expectPresent(node: Element | null | undefined, what: string): void {
  if (node == null) throw new Error(`expected ${what} to be there`)
}

// Each test starts as a first visit would: <mcp-server> keeps results in the page's shared IndexedDB cache
// (mcp-web-elements/cache), and a test must not be served the lists an earlier test of its file left there.
beforeEach(() => clearCache())

/** The text a user sees in `node`, through open shadow roots; also of another window's nodes (a frame's, a tab's). */
export const deepText = (node: Node): string =>
  (node as Element).shadowRoot
    ? deepText((node as Element).shadowRoot!)
    : [...node.childNodes].map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : deepText(n))).join('')
