// The hostile server's sign-in attacks, for test/browser/hostile-auth.test.ts: the `auth` test server (servers/auth.ts),
// an instance of its own so that switching attacks never disturbs auth.test.ts, playing from the start a server whose
// authorization server metadata says authorization_endpoint: "javascript:window.__pwned='auth'//". Its control
// `attack` { field, value } plays another (each bad scheme, each field: see auth.ts); `attack` {} makes it honest.
//
// Control `phishing` {} plays a sign-in page on an origin of its own that reaches for the window that opened it
// (`window.opener.location = <its origin>/phished`), then signs the user in as the honest one would (it forwards to
// the real /authorize with the same query). `phishing-stats` says how often that page was shown (`signInPages`) and
// how often a window was sent to /phished (`phished`).
import type { TestServer } from '../fixture-server.js'
import { serveFetch } from '../http-adapter.js'
import { startServer as startAuthServer } from './auth.js'
import { TRAP } from './hostile.js'

/** What the server's metadata gives as its sign-in page: the OAuth parameters appended to it become a comment. */
export const SCRIPT_SIGN_IN_PAGE = `javascript:window.${TRAP}='auth'//`

/** A sign-in page that sends its opener to /phished when it can, then goes on to the real sign-in page `authorize`. */
const phishingPage = (authorize: string) => `<!doctype html><title>Sign in</title>
<script>
  try {
    window.opener.location = new URL('/phished', location.href).href
  } catch {}
  location.replace(${JSON.stringify(authorize)} + location.search)
</script>`

export async function startServer(): Promise<TestServer> {
  const server = await startAuthServer()
  await server.control!('attack', { field: 'authorization_endpoint', value: SCRIPT_SIGN_IN_PAGE })
  const { issuer } = (await server.control!('stats', {})) as { issuer: string }
  let signInPages = 0
  let phished = 0
  const phishing = await serveFetch((request) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/sign-in') {
      signInPages++
      return new Response(phishingPage(`${issuer}/authorize`), { headers: { 'content-type': 'text/html' } })
    }
    if (pathname === '/phished') {
      phished++
      return new Response('<!doctype html><title>Phished</title><p>Not the page you were on.</p>', { headers: { 'content-type': 'text/html' } })
    }
    return new Response('not here', { status: 404 })
  })
  return {
    ...server,
    async close() {
      await phishing.close()
      await server.close()
    },
    control(action: string, body: unknown) {
      if (action === 'phishing') return server.control!('attack', { field: 'authorization_endpoint', value: `${phishing.origin}/sign-in` })
      if (action === 'phishing-stats') return { signInPages, phished }
      return server.control!(action, body)
    },
  }
}
