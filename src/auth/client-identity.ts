/**
 * The client identity per issuer (a client id is only valid with the server that issued it), in the spec's order: a
 * pre-registered client, the Client ID Metadata Document, a stored or new dynamic registration (RFC 7591); and how
 * each one authenticates at the token endpoint.
 */
import * as oauth from 'oauth4webapi'
import { isLoopbackHost } from './endpoint-url.js'
import { RegistrationError } from './errors.js'
import type { OAuthProviderOptions, PendingSignIn, PreRegisteredClient } from './provider-options.js'
import { keys, type AuthStore, type StoredClient } from './store.js'
import { describe, type OAuthRequestOptions } from './token-requests.js'
import type { AuthServerEndpoint } from '../protocol/connection-errors.js'

/** What clientFor() needs of the provider. */
export interface IdentityContext {
  readonly options: OAuthProviderOptions
  readonly store: AuthStore
  /** oauth4webapi's options for a request to one of the authorization server's endpoints. */
  requestOptions(url: string | undefined, endpoint: AuthServerEndpoint): OAuthRequestOptions
}

/** The client identity for this issuer: pre-registered, metadata document, stored or new dynamic registration. */
export async function clientFor(
  provider: IdentityContext,
  issuer: string,
  as: oauth.AuthorizationServer,
  redirectUri: string,
  signal?: AbortSignal,
): Promise<PendingSignIn['client']> {
  const { options } = provider
  const pre = typeof options.client === 'function' ? options.client(issuer) : options.client
  if (pre) return withMethod(pre, as)
  if (options.clientMetadataUrl && as.client_id_metadata_document_supported) {
    return { client_id: options.clientMetadataUrl, token_endpoint_auth_method: 'none' }
  }
  const stored = await provider.store.get<StoredClient>(keys.client(issuer))
  if (stored && stored.redirect_uri === redirectUri) return withMethod(stored, as)
  warnDynamicRegistration(issuer, options.clientMetadataUrl)
  if (!as.registration_endpoint) {
    throw new RegistrationError(
      `${issuer} offers no dynamic registration and accepts no client metadata document; give a pre-registered client (options.client)`,
    )
  }
  const supported = as.token_endpoint_auth_methods_supported
  const method = !supported || supported.includes('none') ? 'none' : supported.includes('client_secret_basic') ? 'client_secret_basic' : 'client_secret_post'
  const loopback = isLoopbackHost(new URL(redirectUri).hostname) || !/^https?:$/.test(new URL(redirectUri).protocol)
  let registered: Record<string, unknown>
  try {
    const res = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: options.clientName ?? 'MCP web client',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: method,
        application_type: loopback ? 'native' : 'web',
      },
      { ...provider.requestOptions(as.registration_endpoint, 'registration endpoint'), signal },
    )
    registered = await registrationResponse(res)
  } catch (error) {
    throw new RegistrationError(`${issuer} refused to register this client: ${describe(error)}`, { cause: error })
  }
  const client: StoredClient = {
    client_id: registered.client_id as string,
    ...(typeof registered.client_secret === 'string' ? { client_secret: registered.client_secret } : {}),
    ...(typeof registered.token_endpoint_auth_method === 'string' ? { token_endpoint_auth_method: registered.token_endpoint_auth_method } : {}),
    redirect_uri: redirectUri,
  }
  await provider.store.set(keys.client(issuer), client)
  return withMethod(client, as)
}

/**
 * Dynamic registration is deprecated in favour of Client ID Metadata Documents (MCP authorization, 2026-07-28), so the
 * developer hears when a sign-in falls back to it, and what to give instead.
 */
function warnDynamicRegistration(issuer: string, metadataUrl: string | undefined): void {
  const why = metadataUrl
    ? `${issuer} does not accept Client ID Metadata Documents (no client_id_metadata_document_supported), so clientMetadataUrl is not used there`
    : 'no client (options.client) or clientMetadataUrl is given'
  console.warn(
    `mcp-web-elements: ${why}; registering dynamically with ${issuer} (RFC 7591), which MCP deprecates. Give clientMetadataUrl (<mcp-server client-metadata-url>), or a pre-registered client for this authorization server.`,
  )
}

/**
 * The client a registration response describes (RFC 7591 §3.2.1). Read by
 * hand: oauth4webapi also insists on `client_secret_expires_at` beside a
 * secret, which deployed servers (the conformance suite's among them) omit.
 */
async function registrationResponse(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`HTTP ${res.status}, not JSON: ${text.slice(0, 120)}`)
  }
  const body = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${String(body.error ?? '')} ${String(body.error_description ?? '')}`.trim())
  if (typeof body.client_id !== 'string' || !body.client_id) throw new Error('the response has no client_id')
  return body
}

export function withMethod(client: StoredClient | PreRegisteredClient, as: oauth.AuthorizationServer): PendingSignIn['client'] {
  const supported = as.token_endpoint_auth_methods_supported
  const method =
    client.token_endpoint_auth_method ??
    (!client.client_secret ? 'none' : !supported || supported.includes('client_secret_basic') ? 'client_secret_basic' : 'client_secret_post')
  return { ...client, token_endpoint_auth_method: method } as PendingSignIn['client']
}
