/**
 * What `McpClient` asks of its `auth` option. The client knows nothing of
 * OAuth: it sends every request through `wrapFetch()` (which adds the
 * `Authorization` header and, on 401 or 403, refreshes, signs in or steps up,
 * then retries once) and files private cache entries under `context()`.
 * {@link OAuthProvider} implements it; an app can supply its own.
 *
 * This file is imported by the core as a type only: a page that uses no auth
 * downloads none of it.
 */
export interface AuthHook {
  /**
   * Wraps the client's fetch. The wrapper resolves with the server's response;
   * a 401 it could not cure is handed back as it is (the client turns it into
   * an `HttpError` with the `WWW-Authenticate` header), and a failure of the
   * sign-in itself rejects with a typed `McpError`.
   */
  wrapFetch(fetch: typeof globalThis.fetch): typeof globalThis.fetch
  /** The authorization context of the current token (issuer, resource, subject), or undefined when signed out. */
  context(): string | undefined
  /** Resolves at the next successful sign-in (a subscription stopped by a 401 waits on it, then listens again). */
  whenSignedIn?(signal?: AbortSignal): Promise<void>
}

/**
 * What `<mcp-server>` needs of its `auth` (a `BrowserOAuthProvider` is one):
 * the hook, sign-in state and its events (`signedin`, `signedout`), and a
 * sign-in the element's button can start inside the user's click.
 */
export interface InteractiveAuth extends AuthHook, EventTarget {
  readonly signedIn: boolean
  /** Starts the sign-in; called synchronously inside the click. `onBlocked` gets the sign-in page when the popup was blocked. */
  signInFromClick(options?: { onBlocked?: (url: string) => void }): Promise<void>
  signOut(): Promise<void>
}
