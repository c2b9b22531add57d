/**
 * The token endpoint's three grants (authorization code, client credentials, refresh) on oauth4webapi, each with the
 * client's authentication at the token endpoint; a refused or unusable answer as a typed error.
 */
import * as oauth from 'oauth4webapi'
import { withNonceRetry } from './dpop.js'
import { AuthError, TokenEndpointError } from './errors.js'
import type { ClientCredentials, PendingSignIn } from './provider-options.js'
import { ConnectionProblemError } from '../protocol/connection-errors.js'

/** oauth4webapi's options for one request: the fetch to use, and whether plain HTTP is allowed. */
export type OAuthRequestOptions = { [oauth.customFetch]?: typeof fetch; [oauth.allowInsecureRequests]?: boolean }

/** Made when the request is, inside its error handling: a malformed endpoint fails as the request would. */
type RequestOptions = () => OAuthRequestOptions

/**
 * Exchanges the code of a callback URL's checked parameters (`iss` and `state` already checked by the caller), with
 * DPoP proofs when `dpop` is given (as for every grant here).
 */
export async function exchangeCode(
  as: oauth.AuthorizationServer,
  pending: PendingSignIn,
  params: URLSearchParams,
  options: RequestOptions,
  dpop?: oauth.DPoPHandle,
): Promise<oauth.TokenEndpointResponse> {
  const client: oauth.Client = { client_id: pending.client.client_id }
  try {
    const checked = oauth.validateAuthResponse(as, client, params, pending.state)
    return await withNonceRetry(dpop, async (proof) => {
      const res = await oauth.authorizationCodeGrantRequest(as, client, clientAuth(pending.client), checked, pending.redirectUri, pending.verifier, {
        additionalParameters: { resource: pending.resource },
        ...options(),
        ...proof,
      })
      return oauth.processAuthorizationCodeResponse(as, client, res)
    })
  } catch (e) {
    throw tokenError(e, pending.issuer)
  }
}

/** The client credentials grant: `stored` says how the client authenticates when it signs with no private key. */
export async function clientCredentialsGrant(
  as: oauth.AuthorizationServer,
  issuer: string,
  cc: ClientCredentials,
  stored: PendingSignIn['client'],
  parameters: Record<string, string>,
  options: RequestOptions,
  signal?: AbortSignal,
  dpop?: oauth.DPoPHandle,
): Promise<oauth.TokenEndpointResponse> {
  const client: oauth.Client = { client_id: cc.clientId }
  try {
    const auth = cc.privateKey ? oauth.PrivateKeyJwt(cc.privateKey) : clientAuth(stored)
    return await withNonceRetry(dpop, async (proof) => {
      const res = await oauth.clientCredentialsGrantRequest(as, client, auth, parameters, { ...options(), signal, ...proof })
      return oauth.processClientCredentialsResponse(as, client, res)
    })
  } catch (e) {
    throw tokenError(e, issuer)
  }
}

/** Trades a refresh token; oauth4webapi's errors as they are (a ResponseBodyError is the server's refusal). */
export async function refreshGrant(
  as: oauth.AuthorizationServer,
  clientInfo: PendingSignIn['client'],
  refreshToken: string,
  resource: string,
  options: RequestOptions,
  signal?: AbortSignal,
  dpop?: oauth.DPoPHandle,
): Promise<oauth.TokenEndpointResponse> {
  const client: oauth.Client = { client_id: clientInfo.client_id }
  return withNonceRetry(dpop, async (proof) => {
    const res = await oauth.refreshTokenGrantRequest(as, client, clientAuth(clientInfo), refreshToken, {
      additionalParameters: { resource },
      ...options(),
      signal,
      ...proof,
    })
    return oauth.processRefreshTokenResponse(as, client, res)
  })
}

function clientAuth(client: PendingSignIn['client']): oauth.ClientAuth {
  switch (client.token_endpoint_auth_method) {
    case 'client_secret_basic':
      return secretBasic(client.client_secret ?? '')
    case 'client_secret_post':
      return oauth.ClientSecretPost(client.client_secret ?? '')
    default:
      return oauth.None()
  }
}

/**
 * client_secret_basic with the id and secret percent-encoded as URI
 * components. oauth4webapi's own also encodes `-_.!~*'()`, which RFC 6749
 * allows but servers that do not decode (many, the conformance suite's
 * among them) then refuse; the two agree on everything else.
 */
function secretBasic(secret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`)}`)
  }
}

/** An OAuth failure in words: the server's error code and description, else the error's message. */
export function describe(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`
  return error instanceof Error ? error.message : String(error)
}

/** A failed token request as a typed error: the OAuth error code when there is one. */
function tokenError(error: unknown, issuer: string): Error {
  if (error instanceof AuthError || error instanceof ConnectionProblemError) return error
  if (error instanceof oauth.ResponseBodyError) {
    return new TokenEndpointError(`${issuer} refused the token request: ${describe(error)}`, error.error, { cause: error })
  }
  return new TokenEndpointError(`${issuer}'s token endpoint gave no usable answer: ${describe(error)}`, undefined, { cause: error })
}
