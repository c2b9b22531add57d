// What the browser sign-in suites (auth.test.ts, hostile-auth.test.ts) share: reading <mcp-server>'s sign-in parts,
// a provider signing in through the callback page, and a real click, the user gesture a popup needs.
import { fixture, html } from '@open-wc/testing'
import { sendMouse } from '@web/test-runner-commands'
import { BrowserOAuthProvider, IdbAuthStore } from '../../src/auth/index.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.js'
import { eventually, serverUrl } from './browser.js'
import { deepText } from './cdn-page.js'

/** The client id the test servers' authorization server knows (AUTH_CLIENT_ID of servers/auth.ts, a Node module). */
export const CLIENT_ID = 'mcp-elements-tests'

/** A provider for the server at `url` that signs in through test/support/auth-callback.html, keeping tokens in IndexedDB `database`. */
export function testProvider(url: string, database: string, options: ConstructorParameters<typeof BrowserOAuthProvider>[1] = {}): BrowserOAuthProvider {
  return new BrowserOAuthProvider(url, {
    redirectUri: new URL('/test/support/auth-callback.html', location.href).href,
    client: { client_id: CLIENT_ID },
    store: new IdbAuthStore(database),
    ...options,
  })
}

/** Where a page's sign-ins are kept when it names no store (BrowserOAuthProvider's default, IdbAuthStore). */
const DEFAULT_AUTH_DATABASE = 'mcp-web-elements-auth'

/**
 * Empties the page's default sign-in store (cleared, not deleted: a CDN page of an earlier test may still hold it
 * open, and a deletion would wait for it, holding up every later one).
 */
export async function clearDefaultAuthStore(): Promise<void> {
  // IdbAuthStore's schema: version 1, one object store, `auth`.
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DEFAULT_AUTH_DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore('auth')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  await new Promise((resolve, reject) => {
    const clearing = db.transaction('auth', 'readwrite').objectStore('auth').clear()
    clearing.onsuccess = resolve
    clearing.onerror = () => reject(clearing.error)
  })
  db.close()
}

/** Deletes the sign-in store `database` of a test (resolves whether or not it could). */
export function deleteAuthDatabase(database: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(database)
    request.onsuccess = request.onerror = request.onblocked = () => resolve()
  })
}

/** An `<mcp-server>` of the `auth` test server, its sign-ins kept in `database`, once it shows Sign in. */
export async function serverAskingToSignIn(database: string): Promise<McpServerElement> {
  const url = await serverUrl('auth')
  const server = await fixture<McpServerElement>(html`<mcp-server .url=${url} .auth=${testProvider(url, database)}></mcp-server>`)
  await present(server, 'sign-in-button', 'the Sign in button')
  return server
}

/** The element's shadow part `name`, or null. */
export const part = (server: Element, name: string) => server.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)

/** Waits for the element's part `name` to be there, and returns it. */
export async function present(server: Element, name: string, what: string): Promise<HTMLElement> {
  await eventually(() => part(server, name) !== null, what, 10_000).catch((error) => {
    throw new Error(`${error.message}; the element shows: ${deepText(server).replace(/\s+/g, ' ').slice(0, 400)}`)
  })
  return part(server, name)!
}

/** A real click (a user gesture, so window.open is allowed) in the middle of `element`, which may be inside `frame`. */
export async function click(element: Element, frame?: HTMLIFrameElement): Promise<void> {
  // Where a user would see it: an earlier test may have left the page (or the frame's own page) scrolled away.
  frame?.scrollIntoView({ block: 'center' })
  element.scrollIntoView({ block: 'center' })
  const outer = frame?.getBoundingClientRect()
  const x = outer ? outer.x + frame!.clientLeft : 0
  const y = outer ? outer.y + frame!.clientTop : 0
  const box = element.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(x + box.x + box.width / 2), Math.round(y + box.y + box.height / 2)] })
}
