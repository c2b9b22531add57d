/**
 * OAuthProvider: the MCP authorization policy (revision 2026-07-28) for one
 * MCP server, on top of oauth4webapi, which does the OAuth wire work (PKCE,
 * authorization response checks, token and registration requests).
 *
 * What is MCP's and therefore written here: which metadata to fetch in which
 * order, which client identity to use (pre-registered, Client ID Metadata
 * Document, dynamic registration), which scope to ask for, when to refresh,
 * step up or sign in again, and that every credential is bound to the issuer
 * that issued it.
 */
import * as oauth from 'oauth4webapi'
import type { AuthHook } from './hook.js'
import { canonicalResource, diagnosedAuthFetch, discoverAuthorizationServer, discoverResource, type ResourceMetadata } from './discovery.js'
import { isLoopbackHost } from './endpoint-url.js'
import { clientFor, withMethod, type IdentityContext } from './client-identity.js'
import { dpopHandle, dpopKeyPair, fetchAuthorized, isDpopToken } from './dpop.js'
import {
  AuthError,
  AuthMetadataError,
  AuthorizationDeniedError,
  DpopNotOfferedError,
  IssuerMismatchError,
  ScopeStepUpLimitError,
  SignInRequiredError,
  StateMismatchError,
} from './errors.js'
import type { OAuthProviderOptions, PendingSignIn, SignInOptions } from './provider-options.js'
import { keys, MemoryAuthStore, type AuthStore, type StoredTokens } from './store.js'
import { clientCredentialsGrant, exchangeCode, refreshGrant, type OAuthRequestOptions } from './token-requests.js'
import { parseChallenge, type BearerChallenge } from './www-authenticate.js'
import { ChallengeNotExposedError, type AuthServerEndpoint } from '../protocol/connection-errors.js'
import { crossOriginPage } from '../transport/headers.js'

const split = (scope: string | undefined) => (scope ?? '').split(' ').filter(Boolean)
const union = (...sets: string[][]) => [...new Set(sets.flat())]

/**
 * Signs requests to one MCP server and gets them authorized: discovery,
 * registration, sign-in, refresh, step-up. Pass it as `McpClient`'s `auth`.
 *
 * Events: `authrequired` (a request needs the user to sign in; detail
 * `{ resource }`), `signedin`, `signedout`.
 *
 * @example
 * const auth = new OAuthProvider(url, { redirectUri: `${location.origin}/callback.html`, store: browserAuthStore() })
 * const client = new McpClient(url, { auth })
 * button.onclick = () => popupSignIn(auth)   // opens the popup inside the click
 */
export class OAuthProvider extends EventTarget implements AuthHook {
  readonly serverUrl: string
  readonly options: OAuthProviderOptions
  readonly store: AuthStore
  #tokens: StoredTokens | undefined
  #loaded: Promise<void>
  #challenge: BearerChallenge | undefined
  /** The last 401's challenge was unreadable in a page on another origin: not sent, or not exposed (CORS). */
  #challengeHidden = false
  #busy: Promise<boolean> | undefined
  #stepUps = 0
  #signedInWaiters = new Set<() => void>()
  #metadata = new Map<string, Promise<oauth.AuthorizationServer>>()

  constructor(serverUrl: string | URL, options: OAuthProviderOptions = {}) {
    super()
    this.serverUrl = canonicalResource(serverUrl)
    this.options = options
    this.store = options.store ?? new MemoryAuthStore()
    this.#loaded = this.#load()
  }

  /** Whether a token is held (it may still be refused; then a refresh or sign-in follows). */
  get signedIn(): boolean {
    return this.#tokens !== undefined
  }

  /** Resolves once the stored tokens (if any) are loaded. */
  get ready(): Promise<void> {
    return this.#loaded
  }

  /** The issuer the current tokens come from. */
  get issuer(): string | undefined {
    return this.#tokens?.issuer
  }

  /** The scope granted to the current token. */
  get scope(): string | undefined {
    return this.#tokens?.scope
  }

  context(): string | undefined {
    const t = this.#tokens
    return t && `${t.issuer} ${t.resource} ${t.session}`
  }

  /** Resolves at the next successful sign-in (a subscription stopped by a 401 waits on it). */
  whenSignedIn(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.#signedInWaiters.delete(done)
        resolve()
      }
      this.#signedInWaiters.add(done)
      signal?.addEventListener('abort', () => {
        this.#signedInWaiters.delete(done)
        reject(signal.reason)
      })
    })
  }

  async #load(): Promise<void> {
    try {
      const issuer = await this.store.get<string>(keys.session(this.serverUrl))
      const tokens = issuer ? await this.store.get<StoredTokens>(keys.tokens(issuer, this.serverUrl)) : undefined
      // A page that requires DPoP does not send a bearer token kept from before.
      if (tokens && (!this.options.requireDpop || (tokens.dpop && isDpopToken(tokens.token_type)))) this.#tokens = tokens
    } catch {
      // An unreadable store is an empty one: the user signs in again.
    }
  }

  wrapFetch(inner: typeof globalThis.fetch): typeof globalThis.fetch {
    return async (input, init = {}) => {
      const signal = init.signal ?? undefined
      await this.#loaded
      // At most one sign-in (401) and one step-up (403) per request, each followed by one retry.
      let signedIn = false
      let steppedUp = false
      for (;;) {
        const token = await this.#usableToken()
        const t = this.#tokens?.access_token === token ? this.#tokens : undefined
        const res = await fetchAuthorized(inner, input, init, token, t?.token_type, t?.dpop)
        if (res.status !== 401 && res.status !== 403) {
          if (res.ok) this.#stepUps = 0
          return res
        }
        const challenge = parseChallenge(res.headers.get('www-authenticate'), t?.dpop && isDpopToken(t.token_type) ? 'dpop' : 'bearer')
        if (res.status === 403 && challenge?.error !== 'insufficient_scope') return res
        if (res.status === 401 && signedIn) return res // refused right after signing in: the caller gets the 401
        await res.body?.cancel().catch(() => {})
        if (res.status === 401) {
          signedIn = true
          this.#challenge = challenge
          this.#challengeHidden = !challenge && crossOriginPage(this.serverUrl)
          // Shared by every request that meets this 401, so no one request's signal may cancel it.
          const cured = await this.#single(async () => {
            // Someone else's refresh or sign-in may already have replaced the refused token.
            if (this.#tokens && this.#tokens.access_token !== token) return true
            if (token && (await this.#refresh())) return true
            return this.#authorizeUnattended(challenge)
          })
          if (!cured) {
            this.dispatchEvent(new CustomEvent('authrequired', { detail: { resource: this.serverUrl } }))
            // A subscription waits for the user to sign in, then listens again; any other request fails now.
            if (isListen(init.body)) {
              await this.whenSignedIn(signal)
              signedIn = false
              continue
            }
            throw new SignInRequiredError(
              this.serverUrl,
              token
                ? `Your sign-in to ${this.serverUrl} has expired and could not be renewed; sign in again`
                : `${this.serverUrl} needs you to sign in`,
            )
          }
        } else {
          if (steppedUp) throw new ScopeStepUpLimitError(challenge!.scope ?? '', this.#stepUps)
          steppedUp = true
          await this.#single(() => this.#stepUp(challenge!))
        }
      }
    }
  }

  /** One refresh or sign-in at a time: concurrent 401s share it. */
  #single(run: () => Promise<boolean>): Promise<boolean> {
    if (this.#busy) return this.#busy
    const busy = run().finally(() => {
      if (this.#busy === busy) this.#busy = undefined
    })
    this.#busy = busy
    return busy
  }

  /** The access token, refreshed first when it is about to expire. */
  async #usableToken(): Promise<string | undefined> {
    const t = this.#tokens
    if (!t) return undefined
    if (t.expires_at !== undefined && t.expires_at - (this.options.refreshBeforeMs ?? 60_000) <= Date.now()) {
      const access = t.access_token
      await this.#single(async () => (this.#tokens?.access_token !== access ? true : this.#refresh()))
      // An expired token that could not be refreshed is still sent: the server decides, and its 401 starts a sign-in.
    }
    return this.#tokens?.access_token
  }

  /** Signs in without the user: client credentials, or the app's own `authorize`. */
  async #authorizeUnattended(challenge: BearerChallenge | undefined, signal?: AbortSignal): Promise<boolean> {
    if (this.options.clientCredentials) {
      await this.#clientCredentials(challenge, signal)
      return true
    }
    if (this.options.authorize) {
      await this.#authorizationCode({ signal }, split(challenge?.scope))
      return true
    }
    return false
  }

  async #stepUp(challenge: BearerChallenge, signal?: AbortSignal): Promise<boolean> {
    const wanted = split(challenge.scope)
    const had = split(this.#tokens?.requested_scope)
    const limit = this.options.maxStepUps ?? 2
    // Asking again for scope already asked for cannot help: the account lacks it.
    if (!wanted.length || wanted.every((s) => had.includes(s)) || this.#stepUps >= limit) {
      throw new ScopeStepUpLimitError(challenge.scope ?? '', this.#stepUps)
    }
    this.#stepUps++
    this.#challenge = challenge
    const scope = union(had.filter((s) => s !== 'offline_access'), wanted)
    if (this.options.clientCredentials) await this.#clientCredentials({ ...challenge, scope: scope.join(' ') }, signal)
    else if (this.options.authorize) await this.#authorizationCode({ signal }, scope)
    else {
      this.dispatchEvent(new CustomEvent('authrequired', { detail: { resource: this.serverUrl, scope: scope.join(' ') } }))
      throw new SignInRequiredError(this.serverUrl, `${this.serverUrl} needs more permission (${challenge.scope}); sign in again`)
    }
    return true
  }

  /**
   * Signs the user in now: discovery, registration, the sign-in page (through
   * `authorize`), the token exchange. Call it from a click when it opens a
   * popup (see `popupSignIn`).
   */
  async signIn(options: SignInOptions = {}): Promise<void> {
    await this.#loaded
    const pendingScope = this.#pendingStepUpScope
    await this.#authorizationCode(options, pendingScope ?? split(this.#challenge?.scope))
  }

  /** The scope a refused step-up asked for, so the user's sign-in asks for it too. */
  get #pendingStepUpScope(): string[] | undefined {
    const c = this.#challenge
    return c?.error === 'insufficient_scope' ? union(split(this.#tokens?.requested_scope), split(c.scope)) : undefined
  }

  /** Forgets the tokens for this server (the client registration stays: it belongs to the app, not the user). */
  async signOut(): Promise<void> {
    await this.#loaded
    const t = this.#tokens
    this.#tokens = undefined
    this.#challenge = undefined
    if (t) await this.store.delete(keys.tokens(t.issuer, this.serverUrl))
    await this.store.delete(keys.session(this.serverUrl))
    this.dispatchEvent(new Event('signedout'))
  }

  /** What the client identity's registration needs of this provider. */
  get #identity(): IdentityContext {
    return { options: this.options, store: this.store, requestOptions: (url, endpoint) => this.#oauthOptions(url, endpoint) }
  }

  #oauthOptions(url?: string, endpoint: AuthServerEndpoint = 'token endpoint'): OAuthRequestOptions {
    const insecure = this.options.allowInsecureRequests ?? (url ? isLoopbackHost(new URL(url).hostname) : false)
    return {
      // The page's own fetch as it is; the default one says so when the token endpoint sends no CORS headers.
      [oauth.customFetch]: this.options.fetch ?? diagnosedAuthFetch(this.#fetch, endpoint),
      ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
    }
  }

  get #discoveryOptions(): { allowInsecureRequests?: boolean } {
    return { allowInsecureRequests: this.options.allowInsecureRequests }
  }

  get #fetch(): typeof globalThis.fetch {
    return this.options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  }

  #serverMetadata(issuer: string, signal?: AbortSignal): Promise<oauth.AuthorizationServer> {
    let found = this.#metadata.get(issuer)
    if (!found) {
      found = discoverAuthorizationServer(this.#fetch, issuer, signal, this.#discoveryOptions)
      found.catch(() => this.#metadata.delete(issuer))
      this.#metadata.set(issuer, found)
    }
    return found
  }

  /** Resource metadata, then the first authorization server's metadata. */
  async #discover(signal?: AbortSignal): Promise<{ prm: ResourceMetadata; issuer: string; as: oauth.AuthorizationServer }> {
    const prm = await discoverResource(this.#fetch, this.serverUrl, this.#challenge?.resource_metadata, signal, this.#discoveryOptions).catch(
      (error: unknown) => {
        // No metadata at the well-known addresses, and the challenge that may have named another was unreadable.
        if (error instanceof AuthMetadataError && this.#challengeHidden) throw new ChallengeNotExposedError(this.serverUrl, { cause: error })
        throw error
      },
    )
    const issuer = prm.authorization_servers[0]
    // Metadata is fetched afresh for each sign-in: a server that moved to another authorization server is followed.
    this.#metadata.delete(issuer)
    return { prm, issuer, as: await this.#serverMetadata(issuer, signal) }
  }

  /** The scope to ask for: the challenge's, else the resource's `scopes_supported`, else none; plus `offline_access` when offered. */
  #chooseScope(challenged: string[], prm: ResourceMetadata, as: oauth.AuthorizationServer, user: boolean): string | undefined {
    const scope = challenged.length ? [...challenged] : Array.isArray(prm.scopes_supported) ? prm.scopes_supported.filter((s) => typeof s === 'string') : []
    if (user && (this.options.offlineAccess ?? true) && as.scopes_supported?.includes('offline_access') && !scope.includes('offline_access')) {
      scope.push('offline_access')
    }
    return scope.length ? scope.join(' ') : undefined
  }

  async #authorizationCode(options: SignInOptions, challenged: string[]): Promise<void> {
    const authorize = options.authorize ?? this.options.authorize
    const redirectUri = this.options.redirectUri
    if (!authorize || !redirectUri) {
      throw new AuthError('Signing in a user needs options.redirectUri and a way through the sign-in page (options.authorize, popupSignIn or redirectSignIn)')
    }
    const { signal } = options
    const { prm, issuer, as } = await this.#discover(signal)
    if (typeof as.authorization_endpoint !== 'string') throw new AuthError(`${issuer} has no authorization_endpoint`)
    const dpop = await dpopKeyPair(as, this.options.requireDpop)
    const client = await clientFor(this.#identity, issuer, as, redirectUri, signal)
    const verifier = oauth.generateRandomCodeVerifier()
    const state = oauth.generateRandomState()
    const scope = this.#chooseScope(challenged, prm, as, true)
    const url = new URL(as.authorization_endpoint)
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      resource: prm.resource,
      ...(scope ? { scope } : {}),
      // The code is bound to this sign-in's key (RFC 9449 §10): only a request signed with it can exchange it.
      ...(dpop ? { dpop_jkt: await dpopHandle(dpop).calculateThumbprint() } : {}),
    }
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
    const pending: PendingSignIn = {
      state,
      verifier,
      server: this.serverUrl,
      resource: prm.resource,
      issuer,
      as,
      client,
      redirectUri,
      scope,
      mode: options.mode,
      returnTo: options.returnTo,
      createdAt: Date.now(),
      ...(dpop && { dpop }),
    }
    await this.store.set(keys.pending(state), pending)
    let callback: string | URL
    try {
      callback = await authorize({ url: url.href, redirectUri, state, signal })
    } catch (error) {
      await this.store.delete(keys.pending(state))
      throw error
    }
    await this.completeSignIn(callback, pending)
  }

  /**
   * Finishes a sign-in from the URL the authorization server redirected back
   * to: checks `iss` (RFC 9207) and `state`, exchanges the code. The redirect
   * flow calls it on the callback page; nothing is stored when a check fails.
   */
  async completeSignIn(callbackUrl: string | URL, expected?: PendingSignIn): Promise<void> {
    await this.#loaded
    const params = new URL(callbackUrl).searchParams
    const state = params.get('state')
    const pending = expected ?? (state ? await this.store.get<PendingSignIn>(keys.pending(state)) : undefined)
    if (pending) await this.store.delete(keys.pending(pending.state))
    if (!pending || state !== pending.state) throw new StateMismatchError()
    const { as } = pending
    // RFC 9207 by simple string comparison, before anything else in the response is believed (its error included).
    const iss = params.get('iss')
    if (iss !== null ? iss !== as.issuer : as.authorization_response_iss_parameter_supported === true) {
      throw new IssuerMismatchError(as.issuer, iss ?? undefined, 'response')
    }
    const error = params.get('error')
    if (error) throw new AuthorizationDeniedError(error, params.get('error_description') ?? undefined)
    const tokens = await exchangeCode(as, pending, params, () => this.#oauthOptions(as.token_endpoint), pending.dpop && dpopHandle(pending.dpop))
    await this.#save(tokens, pending.issuer, pending.resource, pending.client, pending.scope, { dpop: pending.dpop })
  }

  async #clientCredentials(challenge: BearerChallenge | undefined, signal?: AbortSignal): Promise<void> {
    const cc = this.options.clientCredentials!
    const { prm, issuer, as } = await this.#discover(signal)
    const scope = this.#chooseScope(split(challenge?.scope), prm, as, false)
    const stored: PendingSignIn['client'] = cc.privateKey
      ? { client_id: cc.clientId, token_endpoint_auth_method: 'private_key_jwt' }
      : withMethod({ client_id: cc.clientId, client_secret: cc.clientSecret }, as)
    const parameters = { resource: prm.resource, ...(scope ? { scope } : {}) }
    const dpop = await dpopKeyPair(as, this.options.requireDpop)
    const tokens = await clientCredentialsGrant(as, issuer, cc, stored, parameters, () => this.#oauthOptions(as.token_endpoint), signal, dpop && dpopHandle(dpop))
    // The key stays in memory (options); only the id is stored with the tokens.
    await this.#save(tokens, issuer, prm.resource, { client_id: cc.clientId, token_endpoint_auth_method: stored.token_endpoint_auth_method }, scope, { dpop })
  }

  /** Trades the refresh token for a new access token; false (and the tokens forgotten) when that is not possible. */
  async #refresh(signal?: AbortSignal): Promise<boolean> {
    const t = this.#tokens
    if (!t?.refresh_token) return false
    const clientInfo = t.client
    if (!clientInfo) return false
    try {
      const as = await this.#serverMetadata(t.issuer, signal)
      const handle = t.dpop && dpopHandle(t.dpop)
      const tokens = await refreshGrant(as, clientInfo, t.refresh_token, t.resource, () => this.#oauthOptions(as.token_endpoint), signal, handle)
      await this.#save(tokens, t.issuer, t.resource, clientInfo, t.requested_scope, { previousRefresh: t.refresh_token, session: t.session, dpop: t.dpop })
      return true
    } catch (error) {
      // A refresh token the server refused is dead: forget it and sign in again. (A network failure is not a refusal.)
      if (this.#tokens === t && error instanceof oauth.ResponseBodyError) {
        this.#tokens = undefined
        await this.store.delete(keys.tokens(t.issuer, this.serverUrl)).catch(() => {})
      }
      return false
    }
  }

  async #save(
    tokens: oauth.TokenEndpointResponse,
    issuer: string,
    resource: string,
    client: PendingSignIn['client'],
    requestedScope: string | undefined,
    /** The refresh token a refresh traded (kept when no new one came), the sign-in's session name, its DPoP key pair. */
    { previousRefresh, session, dpop }: { previousRefresh?: string; session?: string; dpop?: CryptoKeyPair } = {},
  ): Promise<void> {
    if (this.options.requireDpop && !(dpop && isDpopToken(tokens.token_type))) {
      throw new DpopNotOfferedError(issuer, `it issued a token of type ${JSON.stringify(tokens.token_type)}`)
    }
    const previous = this.#tokens
    const saved: StoredTokens = {
      access_token: tokens.access_token,
      token_type: tokens.token_type,
      ...((tokens.refresh_token ?? previousRefresh) ? { refresh_token: tokens.refresh_token ?? previousRefresh } : {}),
      ...(typeof tokens.expires_in === 'number' ? { expires_at: Date.now() + tokens.expires_in * 1000 } : {}),
      ...((tokens.scope ?? requestedScope) ? { scope: tokens.scope ?? requestedScope } : {}),
      ...(requestedScope ? { requested_scope: requestedScope } : {}),
      issuer,
      resource,
      session: session ?? oauth.generateRandomState(),
      client,
      ...(dpop && { dpop }),
    }
    // Credentials of another issuer are never kept beside the new ones.
    if (previous && previous.issuer !== issuer) await this.store.delete(keys.tokens(previous.issuer, this.serverUrl))
    await this.store.set(keys.tokens(issuer, this.serverUrl), saved)
    await this.store.set(keys.session(this.serverUrl), issuer)
    this.#tokens = saved
    if (!session) {
      this.dispatchEvent(new Event('signedin'))
      for (const wake of [...this.#signedInWaiters]) wake()
    }
  }
}

/** Whether a request body is a subscriptions/listen request (the client's bodies are JSON text). */
function isListen(body: RequestInit['body']): boolean {
  return typeof body === 'string' && /"method"\s*:\s*"subscriptions\/listen"/.test(body)
}
