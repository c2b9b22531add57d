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
 * Why an authorization server's `endpoint` at `url` could not be fetched: an answer to a `no-cors` request means it
 * answers without CORS headers. Undefined when nothing answers (the caller's own error stands).
 */
export async function diagnoseAuthServer(
  fetcher: typeof fetch,
  url: string,
  endpoint: AuthServerEndpoint,
  cause: unknown,
  page: string,
): Promise<AuthServerCorsError | undefined> {
  const here = new URL(page)
  if (new URL(url).origin === here.origin) return undefined
  try {
    const res = await fetcher(url, { mode: 'no-cors', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    await res.body?.cancel().catch(() => {})
  } catch {
    return undefined
  }
  return new AuthServerCorsError(url, endpoint, here.origin, { cause })
}
