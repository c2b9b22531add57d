// A protected server that takes only DPoP-bound tokens (RFC 9449): the `auth` test server (servers/auth.ts) in its DPoP
// mode, an instance of its own so that its nonces and refusals never disturb auth.test.ts. Its controls are auth.ts's;
// `dpop` { asNonce, rsNonce } makes either server require (and rotate) a nonce.
import { startServer as startAuthServer, type ProtectedServer } from './auth.js'

export function startServer(): Promise<ProtectedServer> {
  return startAuthServer({ dpop: true })
}
