/**
 * DPoP (RFC 9449) for one sign-in: whether the authorization server offers it, the key pair (its private key
 * non-extractable, so a token copied out of storage is useless without this page), and the proofs on requests that
 * carry the token. oauth4webapi signs the proofs and remembers each origin's latest `DPoP-Nonce`; this file decides
 * when, and retries once when a server asks for a fresh nonce (a page that cannot read it is told why, as the
 * connection doctor would).
 */
import * as oauth from 'oauth4webapi'
import { DpopNonceNotExposedError, DpopNotOfferedError } from './errors.js'
import { crossOriginPage } from '../transport/headers.js'

/** The JWS algorithms oauth4webapi signs proofs with, in the order this client prefers them. */
const ALGORITHMS = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512', 'Ed25519']

/** The algorithms the authorization server accepts for proofs, or none when it does not offer DPoP. */
function offered(as: oauth.AuthorizationServer): string[] {
  const algs = as.dpop_signing_alg_values_supported
  return Array.isArray(algs) ? algs.filter((a): a is string => typeof a === 'string') : []
}

/** Whether a token response's `token_type` is DPoP (compared without case, RFC 6749 §5.1). */
export const isDpopToken = (tokenType: string | undefined) => tokenType?.toLowerCase() === 'dpop'

/**
 * A new key pair for a sign-in with `as`, or undefined when it does not offer DPoP (then tokens are bearer tokens):
 * ES256 unless the server lists algorithms without it, then the first of its list this platform's WebCrypto makes.
 * @throws {DpopNotOfferedError} `required` and the server offers no DPoP, or none of its algorithms can be made here.
 */
export async function dpopKeyPair(as: oauth.AuthorizationServer, required: boolean | undefined): Promise<CryptoKeyPair | undefined> {
  const algs = offered(as)
  if (!algs.length) {
    if (required) throw new DpopNotOfferedError(as.issuer, 'its metadata lists no dpop_signing_alg_values_supported')
    return undefined
  }
  const candidates = algs.includes('ES256') ? ['ES256'] : ALGORITHMS.filter((a) => algs.includes(a))
  for (const alg of candidates) {
    try {
      return await oauth.generateKeyPair(alg, { extractable: false })
    } catch {
      // This platform's WebCrypto cannot make it (Ed25519 in an older engine): the next one.
    }
  }
  if (required) throw new DpopNotOfferedError(as.issuer, `none of its DPoP algorithms (${algs.join(', ')}) can be used here`)
  return undefined
}

/** oauth4webapi's DPoP handle for a key pair: one per key, so each origin's nonce is remembered across requests. */
const handles = new WeakMap<CryptoKeyPair, oauth.DPoPHandle>()
export function dpopHandle(keys: CryptoKeyPair): oauth.DPoPHandle {
  let handle = handles.get(keys)
  if (!handle) handles.set(keys, (handle = oauth.DPoP({}, keys)))
  return handle
}

/**
 * Runs a token request, with proofs when `handle` is given; then once more when the authorization server asks for a
 * fresh nonce (`use_dpop_nonce`: oauth4webapi has kept the one it sent).
 */
export async function withNonceRetry<T>(handle: oauth.DPoPHandle | undefined, request: (options: oauth.DPoPRequestOptions) => Promise<T>): Promise<T> {
  if (!handle) return request({})
  try {
    return await request({ DPoP: handle })
  } catch (error) {
    if (!oauth.isDPoPNonceError(error)) throw error
    return request({ DPoP: handle })
  }
}

/**
 * Sends a request with `token`: `Authorization: DPoP <token>` and a proof when the token is DPoP-bound (its type is
 * DPoP and the sign-in holds `keys`), else `Authorization: Bearer <token>`; no token, the request as it is.
 */
export function fetchAuthorized(
  fetch: typeof globalThis.fetch,
  input: RequestInfo | URL,
  init: RequestInit,
  token: string | undefined,
  tokenType: string | undefined,
  keys: CryptoKeyPair | undefined,
): Promise<Response> {
  if (!token) return fetch(input, init)
  if (keys && isDpopToken(tokenType)) return fetchWithProof(dpopHandle(keys), fetch, input, init, token)
  const headers = new Headers(init.headers)
  headers.set('authorization', `Bearer ${token}`)
  return fetch(input, { ...init, headers })
}

/**
 * Sends `init` to `input` through `fetch` with `Authorization: DPoP <token>` and a fresh proof (`htm`, `htu`, `iat`,
 * `jti`, `ath`, and the server's latest nonce). A 401 `use_dpop_nonce` is answered by one retry with the nonce it
 * sent; any other answer, refusals included, is handed back as it is.
 */
async function fetchWithProof(
  handle: oauth.DPoPHandle,
  fetch: typeof globalThis.fetch,
  input: RequestInfo | URL,
  init: RequestInit,
  token: string,
): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input))
  const headers = new Headers(init.headers)
  headers.delete('authorization')
  // oauth4webapi rejects any answer with a WWW-Authenticate challenge: the challenge is kept, and read here.
  const send = async (): Promise<Response | oauth.WWWAuthenticateChallengeError> => {
    try {
      return await oauth.protectedResourceRequest(token, init.method ?? 'GET', url, headers, init.body as oauth.ProtectedResourceRequestBody, {
        DPoP: handle,
        // The client's own request, with the proof and the Authorization header oauth4webapi set.
        [oauth.customFetch]: (_url, signed) => fetch(input, { ...init, headers: signed.headers }),
        // The client already chose to talk to this server; plain HTTP is its decision, not this file's.
        [oauth.allowInsecureRequests]: true,
      })
    } catch (error) {
      if (error instanceof oauth.WWWAuthenticateChallengeError) return error
      throw error
    }
  }
  const first = await send()
  if (first instanceof Response) return first
  if (!oauth.isDPoPNonceError(first)) return first.response
  await first.response.body?.cancel().catch(() => {})
  // A nonce this page cannot read (CORS does not expose it) cannot be sent back: a retry would be refused again.
  if (!first.response.headers.has('dpop-nonce') && crossOriginPage(url.href)) throw new DpopNonceNotExposedError(url.href)
  const second = await send()
  return second instanceof Response ? second : second.response
}
