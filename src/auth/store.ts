/**
 * Where sign-in state is kept: tokens per issuer and resource (with their DPoP
 * key pair, a `CryptoKeyPair`: a store must keep it as structured clone does,
 * as IndexedDB and memory do), client registrations per issuer, and a redirect
 * sign-in's pending state. The
 * default is memory (Node, tests); browsers use {@link IdbAuthStore}
 * (IndexedDB, `mcp-web-elements/auth`'s `browserAuthStore()`). Never
 * `localStorage`: any script on the origin can read it synchronously, and it
 * is shared with every tab forever.
 *
 * @example
 * // Keep tokens in your own encrypted store:
 * const store: AuthStore = { get: (k) => vault.read(k), set: (k, v) => vault.write(k, v), delete: (k) => vault.remove(k) }
 * new OAuthProvider(url, { store, … })
 */
export interface AuthStore {
  get<T = unknown>(key: string): Promise<T | undefined>
  set(key: string, value: unknown): Promise<void>
  delete(key: string): Promise<void>
}

/** Tokens a sign-in produced. */
export interface StoredTokens {
  access_token: string
  token_type: string
  refresh_token?: string
  /** Epoch milliseconds, when the server gave `expires_in`. */
  expires_at?: number
  /** The scope granted (or, when the server did not say, the scope asked for). */
  scope?: string
  /** The scope this client asked for, kept so a step-up asks for the union. */
  requested_scope?: string
  issuer: string
  resource: string
  /** The client the tokens were issued to (refreshing needs it); its secret, if any, only when registered dynamically. */
  client?: StoredClient & { token_endpoint_auth_method: string }
  /** A random name for this sign-in: private cache entries are filed under it, so a new sign-in never sees the last one's. */
  session: string
  /**
   * The sign-in's DPoP key pair when the authorization server offers DPoP: the token is bound to it. Its private key
   * is not extractable: it signs for this origin's pages, and a copy of this record cannot sign anywhere else.
   */
  dpop?: CryptoKeyPair
}

/** A dynamic registration, kept per issuer (never used with another authorization server). */
export interface StoredClient {
  client_id: string
  client_secret?: string
  token_endpoint_auth_method?: string
  redirect_uri?: string
}

/** The keys, in one place: issuer and resource are URLs, so a space cannot occur inside either. */
export const keys = {
  /** Which issuer the resource's current tokens come from. */
  session: (resource: string) => `session ${resource}`,
  tokens: (issuer: string, resource: string) => `tokens ${issuer} ${resource}`,
  client: (issuer: string) => `client ${issuer}`,
  pending: (state: string) => `pending ${state}`,
}

/** Sign-in state in this process's memory: gone on exit. The default outside browsers. */
export class MemoryAuthStore implements AuthStore {
  #map = new Map<string, unknown>()
  async get<T>(key: string): Promise<T | undefined> {
    const v = this.#map.get(key)
    return v === undefined ? undefined : structuredClone(v as T)
  }
  async set(key: string, value: unknown): Promise<void> {
    this.#map.set(key, structuredClone(value))
  }
  async delete(key: string): Promise<void> {
    this.#map.delete(key)
  }
}
