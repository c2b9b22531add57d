// The hostile server's sign-in attacks, for test/browser/hostile-auth.test.ts: the `auth` test server (servers/auth.ts),
// an instance of its own so that switching attacks never disturbs auth.test.ts, playing from the start a server whose
// authorization server metadata says authorization_endpoint: "javascript:window.__pwned='auth'//". Its control
// `attack` { field, value } plays another (each bad scheme, each field: see auth.ts); `attack` {} makes it honest.
import type { TestServer } from '../fixture-server.js'
import { startServer as startAuthServer } from './auth.js'
import { TRAP } from './hostile.js'

/** What the server's metadata gives as its sign-in page: the OAuth parameters appended to it become a comment. */
export const SCRIPT_SIGN_IN_PAGE = `javascript:window.${TRAP}='auth'//`

export async function startServer(): Promise<TestServer> {
  const server = await startAuthServer()
  await server.control!('attack', { field: 'authorization_endpoint', value: SCRIPT_SIGN_IN_PAGE })
  return server
}
