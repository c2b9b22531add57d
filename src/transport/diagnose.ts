/**
 * The connection doctor: a lazy chunk, loaded only when a browser's fetch
 * fails with nothing but "TypeError: Failed to fetch". It finds out why with
 * a small budget of probes (never a loop) that carry no body and no real
 * header value (no token, no session), so none can do anything on the server:
 *
 * - an `https:` page and an `http:` server: mixed content, known without a probe;
 * - a request that needs no preflight (a CORS "simple" POST) fails too: then a
 *   `no-cors` one tells a server that answers without CORS headers from one
 *   where nothing answers;
 * - the simple request passes: the preflight refused a header. Requests with
 *   halves of the sent headers find which (a bisection), and one with that
 *   header alone confirms it.
 */
import { isLoopbackHost } from '../auth/endpoint-url.js'
import { CorsHeadersMissingError, HeaderNotAllowedError, MixedContentError, ServerUnreachableError } from '../protocol/connection-errors.js'
import type { ConnectionProblemError } from '../protocol/connection-errors.js'
import { traitsOf } from '../protocol/methods.js'
import { PROBE_TIMEOUT_MS } from './diagnose-auth.js'

/** The most probes one diagnosis sends. */
const PROBE_BUDGET = 6

/** Request headers a page may send without a preflight (Fetch, "CORS-safelisted request-header", as this client uses them). */
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language'])

/** How a header is spelled where it is defined (the spec, RFCs): the names a server's configuration is written with. */
const SPELLED: Record<string, string> = { 'mcp-protocol-version': 'MCP-Protocol-Version', 'last-event-id': 'Last-Event-ID', dpop: 'DPoP' }
export const spelled = (name: string) => SPELLED[name] ?? name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())

/**
 * Every request header this client may send a server, whatever the request: each era's, and a sign-in's. The fix
 * names them all, so that a server allowing exactly that list is reached, not refused again on the next request's
 * headers (a legacy fallback's session, a call's name, a token).
 */
export const EVERY_HEADER = ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'last-event-id', 'authorization', 'dpop']
/** The value `Access-Control-Allow-Headers` needs: every header above, and this request's own (a tool's Mcp-Param-…). */
export const allowList = (sent: string[]) => [...new Set([...EVERY_HEADER, ...sent])].map(spelled)

/** A diagnosis: the error for a request that failed, given whether that request is safe to retry. */
export type Diagnosis = (idempotent: boolean) => ConnectionProblemError

/**
 * Why `fetch(url, init)` failed with `cause`, or undefined when the probes
 * cannot tell (the plain error stands). `page` is the page's URL (`location`).
 */
export async function diagnose(fetcher: typeof fetch, url: string, init: RequestInit, cause: unknown, page: string): Promise<Diagnosis | undefined> {
  const target = new URL(url)
  const here = new URL(page)
  const options = { cause }
  if (here.protocol === 'https:' && target.protocol === 'http:' && !isLoopbackHost(target.hostname)) return () => new MixedContentError(url, options)
  // Same origin: CORS plays no part, and a network error is just that.
  if (target.origin === here.origin) return undefined
  let probes = 0
  const probe = (extra: RequestInit): Promise<boolean> => {
    probes++
    return answers(fetcher, url, { credentials: init.credentials, ...extra })
  }
  // A POST with a text/plain body needs no preflight: it fails only when the answer has no CORS headers, or no answer.
  if (!(await probe({ headers: { 'content-type': 'text/plain' } }))) {
    if (await probe({ mode: 'no-cors' })) return () => new CorsHeadersMissingError(url, here.origin, options)
    return (idempotent) => new ServerUnreachableError(url, idempotent, options)
  }
  // The server answers CORS: the preflight refused something the request sent. Which header?
  const sent = Object.fromEntries(new Headers(init.headers))
  const names = Object.keys(sent).filter((name) => !SAFELISTED.has(name))
  // Each probe names the same headers, each with a harmless value (the preflight sees only the names).
  const allowed = (some: string[]) =>
    probe({ method: init.method === 'GET' ? 'GET' : 'POST', body: init.method === 'GET' ? undefined : '', headers: Object.fromEntries(some.map((n) => [n, n === 'content-type' ? sent[n] : 'probe'])) })
  let suspects = names
  while (suspects.length > 1 && probes < PROBE_BUDGET - 1) {
    const half = suspects.slice(0, Math.ceil(suspects.length / 2))
    suspects = (await allowed(half)) ? suspects.slice(half.length) : half
  }
  if (suspects.length !== 1 || (await allowed(suspects))) return undefined
  const Refused = names.includes('dpop') ? DpopHeaderNotAllowedError : HeaderNotAllowedError
  return () => new Refused(url, spelled(suspects[0]), allowList(names), options)
}

/**
 * {@link HeaderNotAllowedError} for a request with a DPoP-bound token: its proof is a `DPoP` request header, and the
 * page must also read the `DPoP-Nonce` of answers (RFC 9449 §8, §9). Made here, with the doctor, so that the client's
 * startup code carries none of it.
 */
class DpopHeaderNotAllowedError extends HeaderNotAllowedError {
  override name = 'DpopHeaderNotAllowedError'
  declare readonly problem: string
  declare readonly fix: string
  constructor(url: string, header: string, sent: string[], options?: { cause?: unknown }) {
    super(url, header, sent, options)
    this.problem = `${this.problem} This page's sign-in is DPoP-bound: every request with the token carries a DPoP proof, and the DPoP-Nonce of answers must be readable.`
    this.fix = `${this.fix} and Access-Control-Expose-Headers: WWW-Authenticate, DPoP-Nonce`
    this.message = `${this.problem} Fix: the server must send ${this.fix}.`
  }
}

/**
 * Whether the page may read an answer to `init` at `url` (by default an empty POST): false when the browser refuses
 * it (CORS, a refused preflight) or nothing answers in time. The answer's body is never read.
 */
export async function answers(fetcher: typeof fetch, url: string, init: RequestInit): Promise<boolean> {
  try {
    const res = await fetcher(url, { method: 'POST', body: '', ...init, signal: probeSignal(init.signal) })
    await res.body?.cancel().catch(() => {})
    return true
  } catch {
    return false
  }
}

/** `signal` (the caller's, if any) that also aborts after a probe's time, so that no probe waits for ever. */
export function probeSignal(signal?: AbortSignal | null): AbortSignal {
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS)
  if (!signal) return timeout
  const either = new AbortController()
  for (const source of [signal, timeout]) {
    if (source.aborted) either.abort(source.reason)
    else source.addEventListener('abort', () => either.abort(source.reason), { once: true })
  }
  return either.signal
}

/** Whether `init` is a request that may be sent again: a JSON-RPC request the protocol calls idempotent, or no JSON-RPC at all. */
export function retrySafe(init: RequestInit): boolean {
  if (typeof init.body !== 'string') return true
  try {
    const method = (JSON.parse(init.body) as { method?: unknown }).method
    return typeof method !== 'string' || traitsOf(method).idempotent === true
  } catch {
    return true
  }
}
