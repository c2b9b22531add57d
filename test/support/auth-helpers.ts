// What the Node auth suites share: the `auth` test server (servers/auth.ts) started once per file, a client signed
// in through it, and a headless trip through its sign-in page.
import { before, after } from 'node:test'
import { McpClient } from '../../src/client/index.js'
import { MemoryAuthStore, OAuthProvider, type AuthorizationRequest, type OAuthProviderOptions } from '../../src/auth/index.js'
import { AUTH_CLIENT_ID, startServer } from './servers/auth.js'
import type { TestServer } from './fixture-server.js'

/** Never contacted: followSignIn reads the redirect itself. */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback'

export interface AuthStats {
  issuer: string
  tokenRequests: Record<string, string>[]
  authorizeRequests: Record<string, string>[]
  mcpRequests: number
  /** Paths under `/bad/` anything was sent to (control `attack` points hostile endpoints there). */
  badRequests: string[]
  /** The DPoP mode's refusals (why each), its use_dpop_nonce answers, the methods and the last proof and token it accepted. */
  dpop: { refusals: string[]; nonceChallenges: number; accepted: string[]; lastProof?: string; lastToken?: string }
}

/** Starts the auth test server (with `options`) before the file's tests and stops it after; the returned getters read it. */
export function useAuthServer(options: Parameters<typeof startServer>[0] = {}) {
  let server: TestServer
  before(async () => {
    server = await startServer(options)
  })
  after(async () => {
    await server.close()
  })
  const control = (action: string, body: unknown = {}) => server.control!(action, body) as Promise<any>
  return {
    url: () => server.url,
    control,
    stats: () => control('stats') as Promise<AuthStats>,
    setup: (options: OAuthProviderOptions = {}) => {
      const store = new ListedStore()
      const auth = new OAuthProvider(server.url, {
        redirectUri: REDIRECT_URI,
        client: { client_id: AUTH_CLIENT_ID },
        authorize: followSignIn(),
        store,
        ...options,
      })
      return { auth, client: new McpClient(server.url, { auth }), store }
    },
  }
}

/** A store whose keys a test can list. */
export class ListedStore extends MemoryAuthStore {
  readonly keys = new Set<string>()
  override async set(key: string, value: unknown) {
    this.keys.add(key)
    await super.set(key, value)
  }
  override async delete(key: string) {
    this.keys.delete(key)
    await super.delete(key)
  }
}

/** Follows the authorization endpoint's redirect; `tamper` edits the callback URL before the client sees it. */
export function followSignIn(tamper?: (callback: URL) => void) {
  return async ({ url }: AuthorizationRequest): Promise<string> => {
    const res = await fetch(url, { redirect: 'manual' })
    await res.body?.cancel()
    const callback = new URL(res.headers.get('location')!, url)
    tamper?.(callback)
    return callback.href
  }
}

export const toolNames = async (client: McpClient) => (await client.listTools()).map((t) => t.name).sort()
