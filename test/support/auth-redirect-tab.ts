// A page that signs in by redirect: on load it lists the protected server's tools; signed out, it offers signIn(),
// which sends this frame to the sign-in page. The callback page finishes the sign-in and comes back here, and the
// new load lists the tools with the stored token. ?url=<mcp url>&db=<IndexedDB name>&client=<client id>
import { McpClient } from '../../src/client/index.js'
import { BrowserOAuthProvider, IdbAuthStore } from '../../src/auth/index.js'

declare global {
  interface Window {
    authTab?: {
      state: 'signed-in' | 'signed-out' | 'failed'
      tools?: string[]
      error?: string
      signIn(): Promise<void>
      signInByRedirect(returnTo?: string): Promise<void>
    }
  }
}

const params = new URLSearchParams(location.search)
const database = params.get('db')!
sessionStorage.setItem('mcp-auth-test-db', database) // the callback page opens the same store
const auth = new BrowserOAuthProvider(params.get('url')!, {
  flow: 'redirect',
  redirectUri: new URL('/test/support/auth-callback.html', location.href).href,
  client: { client_id: params.get('client')! },
  store: new IdbAuthStore(database),
})
const client = new McpClient(params.get('url')!, { auth, cache: false })
const signIn = () => auth.signInFromClick()
// A page running its own redirect sign-in with OAuthProvider.signIn, with the returnTo it is given: the callback page
// goes there if it is on its own origin, else (or with none) to '/'.
const signInByRedirect = (returnTo?: string) =>
  auth.signIn({
    mode: 'redirect',
    returnTo,
    authorize: ({ url }) => {
      location.assign(url)
      return new Promise<never>(() => {})
    },
  })
client.listTools().then(
  (tools) => (window.authTab = { state: 'signed-in', tools: tools.map((t) => t.name).sort(), signIn, signInByRedirect }),
  (error) =>
    (window.authTab = {
      state: error?.name === 'SignInRequiredError' ? 'signed-out' : 'failed',
      error: String(error?.message ?? error),
      signIn,
      signInByRedirect,
    }),
)
