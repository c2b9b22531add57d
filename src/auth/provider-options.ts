/** The options and public shapes of OAuthProvider: its options, a sign-in's request and options, a pending sign-in. */
import type * as oauth from 'oauth4webapi'
import type { AuthStore, StoredClient } from './store.js'

/** A client registered with an authorization server ahead of time. */
export interface PreRegisteredClient {
  client_id: string
  /** For confidential clients (servers, Node); a page cannot keep a secret. */
  client_secret?: string
  /** @default client_secret_basic when there is a secret and the server allows it, else client_secret_post; `none` without a secret */
  token_endpoint_auth_method?: 'none' | 'client_secret_basic' | 'client_secret_post'
}

/** What the user has to visit to sign in, handed to {@link OAuthProviderOptions.authorize}. */
export interface AuthorizationRequest {
  /** The authorization server's sign-in page, with every parameter set. */
  url: string
  /** Where the authorization server sends the user back. */
  redirectUri: string
  /** The `state` of this sign-in: the callback carries it back. */
  state: string
  signal?: AbortSignal
}

/**
 * Takes the user through the sign-in page and resolves with the URL the
 * authorization server redirected back to (the callback URL, with `code`,
 * `state` and maybe `iss`). The browser flows (`popupSignIn`,
 * `redirectSignIn`) are such functions.
 */
export type Authorize = (request: AuthorizationRequest) => Promise<string | URL>

/** Node: sign in as the application itself (OAuth client credentials), no user involved. */
export interface ClientCredentials {
  clientId: string
  /** For client_secret_basic / client_secret_post. */
  clientSecret?: string
  /** For private_key_jwt: an ES256/RS256… private key (crypto.subtle.importKey). */
  privateKey?: CryptoKey
}

export interface OAuthProviderOptions {
  /**
   * Where the authorization server sends the user back; must be registered
   * for the client. Needed for user sign-in (not for client credentials).
   * @example `${location.origin}/oauth-callback.html`
   */
  redirectUri?: string
  /** The application's name, shown by the authorization server. @default 'MCP web client' */
  clientName?: string
  /**
   * A client registered ahead of time, or a function choosing one per issuer
   * (a client id is only valid with the server that issued it). Preferred
   * over everything else.
   * @example { client_id: 'my-app' }
   */
  client?: PreRegisteredClient | ((issuer: string) => PreRegisteredClient | undefined)
  /**
   * The HTTPS URL of this application's Client ID Metadata Document, used as
   * its `client_id` by authorization servers that accept such documents
   * (`client_id_metadata_document_supported`). Preferred to dynamic registration, which MCP deprecates: an
   * authorization server that accepts neither this nor {@link client} gets one, and the console says so.
   * @example 'https://app.example.com/oauth/client.json'
   */
  clientMetadataUrl?: string
  /** Sign in with client credentials instead of a user (Node, server-to-server). */
  clientCredentials?: ClientCredentials
  /**
   * Takes the user through sign-in when a request needs it. Absent in
   * browsers by default: a popup may only open inside a click, so a request
   * that needs sign-in fails with {@link SignInRequiredError} (and an
   * `authrequired` event) and the page calls {@link OAuthProvider.signIn}
   * from a button.
   */
  authorize?: Authorize
  /** Where tokens and registrations are kept. @default a {@link MemoryAuthStore} (browsers: pass `browserAuthStore()`) */
  store?: AuthStore
  /** Ask for `offline_access` (a refresh token) when the authorization server offers it. @default true */
  offlineAccess?: boolean
  /** Most step-up sign-ins (403 insufficient_scope) in a row before giving up. @default 2 */
  maxStepUps?: number
  /** Refresh this long before the access token expires. @default 60000 */
  refreshBeforeMs?: number
  /** The fetch for metadata, registration and token requests. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch
  /**
   * Allow plain-HTTP authorization servers. @default true for loopback hosts
   * (localhost, 127.0.0.0/8, [::1]) only. Whatever it says, an endpoint that is
   * not http(s) (`javascript:`, `data:`, …) is refused with `UnsafeEndpointError`.
   */
  allowInsecureRequests?: boolean
  /**
   * Refuse to sign in unless the authorization server offers DPoP (RFC 9449: `dpop_signing_alg_values_supported` in its
   * metadata) and issues DPoP-bound tokens: each token is then bound to a key this page holds and cannot export, so a
   * token read out of storage is useless elsewhere. A server without DPoP fails the sign-in with
   * {@link DpopNotOfferedError}. Whatever this says, DPoP is used whenever the authorization server offers it.
   * @default false
   * @example
   * const auth = new BrowserOAuthProvider(url, { redirectUri, client: { client_id: 'my-app' }, requireDpop: true })
   * auth.signInFromClick().catch((e) => { if (e instanceof DpopNotOfferedError) show(e.message) })
   */
  requireDpop?: boolean
}

/** What a sign-in in progress needs after the user comes back; kept in the store (a redirect reloads the page). */
export interface PendingSignIn {
  state: string
  verifier: string
  server: string
  resource: string
  issuer: string
  as: oauth.AuthorizationServer
  client: StoredClient & { token_endpoint_auth_method: string }
  redirectUri: string
  scope?: string
  /** Where a redirect sign-in returns to. */
  returnTo?: string
  mode?: 'popup' | 'redirect'
  createdAt: number
  /** The DPoP key pair the code is bound to (when the authorization server offers DPoP); the tokens keep it. */
  dpop?: CryptoKeyPair
}

/** Options of one {@link OAuthProvider.signIn}. */
export interface SignInOptions {
  /** How the user gets through the sign-in page. @default options.authorize */
  authorize?: Authorize
  signal?: AbortSignal
  /** Kept with the pending sign-in (for the callback page). */
  mode?: 'popup' | 'redirect'
  /** Where the callback page goes after a redirect sign-in: a URL on its own origin (relative ones too); anything else goes to that origin's root. */
  returnTo?: string
}
