// Bundle-size entry: bench/entries/ours.ts plus signing in (mcp-web-elements/auth: an OAuthProvider given to the
// client, a popup sign-in from a button). The difference to ours.ts is what sign-in costs; ours.ts itself shows
// that a page without auth downloads none of it.
import { McpClient } from '../../src/client/index.js'
import { BrowserOAuthProvider, popupSignIn } from '../../src/auth/index.js'
import { run as withoutAuth } from './ours.js'

export async function run(url: string, askUser: (message: string) => Promise<Record<string, string>>, button: HTMLElement): Promise<unknown> {
  const auth = new BrowserOAuthProvider(url, { redirectUri: `${location.origin}/callback.html` })
  button.addEventListener('click', () => void popupSignIn(auth))
  const tools = await new McpClient(url, { auth }).listTools()
  return { tools, rest: await withoutAuth(url, askUser) }
}
