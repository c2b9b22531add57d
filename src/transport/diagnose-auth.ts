/**
 * The connection doctor's part for sign-in (a lazy chunk of its own, loaded by auth/discovery.ts when a fetch of an
 * authorization server fails): one `no-cors` probe tells an authorization server without CORS headers from one that
 * does not answer. Apart from diagnose.ts, which imports the client's startup code (protocol/methods.ts), so that
 * the sign-in callback page, which has no client, loads none of it.
 */
import { AuthServerCorsError, type AuthServerEndpoint } from '../protocol/connection-errors.js'

/** How long a probe may take. */
export const PROBE_TIMEOUT_MS = 5_000

/**
 * {@link AuthServerCorsError} for a token request with a DPoP proof: the server answers CORS, but its preflight does
 * not allow the `DPoP` header (nor, for later answers, expose `DPoP-Nonce`).
 */
class AuthServerDpopHeaderError extends AuthServerCorsError {
  override name = 'AuthServerDpopHeaderError'
  declare readonly problem: string
  declare readonly fix: string
  constructor(url: string, endpoint: AuthServerEndpoint, pageOrigin: string, options: { cause?: unknown }) {
    super(url, endpoint, pageOrigin, options)
    this.problem = `The authorization server's ${endpoint} at ${url} answers this page (${pageOrigin}), but its answer to the browser's preflight (OPTIONS) does not allow the DPoP header this sign-in's token requests carry.`
    this.fix = 'Access-Control-Allow-Headers: DPoP and Access-Control-Expose-Headers: DPoP-Nonce'
    this.message = `${this.problem} Fix: the server must send ${this.fix}.`
  }
}

/**
 * Why an authorization server's `endpoint` at `url` could not be fetched: an answer to a `no-cors` request means it
 * answers without CORS headers; for a request with a DPoP proof (`init`), an answer to a POST that needs no preflight
 * means the preflight refused the `DPoP` header. Undefined when nothing answers (the caller's own error stands).
 */
export async function diagnoseAuthServer(
  fetcher: typeof fetch,
  url: string,
  endpoint: AuthServerEndpoint,
  cause: unknown,
  page: string,
  init?: RequestInit,
): Promise<AuthServerCorsError | undefined> {
  const here = new URL(page)
  if (new URL(url).origin === here.origin) return undefined
  if (new Headers(init?.headers).has('dpop')) {
    try {
      // An empty form: the server refuses it as a token request, but its answer is readable only with CORS.
      const res = await fetcher(url, { method: 'POST', body: new URLSearchParams(), signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
      await res.body?.cancel().catch(() => {})
      return new AuthServerDpopHeaderError(url, endpoint, here.origin, { cause })
    } catch {
      // No CORS at all, or no answer: the probe below tells which.
    }
  }
  try {
    const res = await fetcher(url, { mode: 'no-cors', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    await res.body?.cancel().catch(() => {})
  } catch {
    return undefined
  }
  return new AuthServerCorsError(url, endpoint, here.origin, { cause })
}
