// What the browser sign-in suites (auth.test.ts, hostile-auth.test.ts) share: reading <mcp-server>'s sign-in parts,
// a provider signing in through the callback page, and a real click, the user gesture a popup needs.
import { sendMouse } from '@web/test-runner-commands'
import { BrowserOAuthProvider, IdbAuthStore } from '../../src/auth/index.js'
import { eventually } from './browser.js'

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

/** The element's shadow part `name`, or null. */
export const part = (server: Element, name: string) => server.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)

/** Waits for the element's part `name` to be there, and returns it. */
export async function present(server: Element, name: string, what: string): Promise<HTMLElement> {
  await eventually(() => part(server, name) !== null, what, 10_000)
  return part(server, name)!
}

/** A real click (a user gesture, so window.open is allowed) in the middle of `element`. */
export async function click(element: Element): Promise<void> {
  const box = element.getBoundingClientRect()
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] })
}
