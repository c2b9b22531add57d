/**
 * The browser's ways through the sign-in page: a popup opened inside the
 * user's click, a full-page redirect (the pending sign-in waits in
 * IndexedDB), and, when the popup is blocked, a link the user can click. The
 * popup and the link's tab have no opener: the sign-in page is whichever one
 * the MCP server's metadata names, and it must not reach this page. Their
 * result comes back by BroadcastChannel from the redirect page, which runs
 * `handleSignInCallback()` (`mcp-web-elements/auth/callback`).
 */
import { endpointUrlAllowed } from './endpoint-url.js'
import { PopupBlockedError, PopupClosedError, UnsafeEndpointError } from './errors.js'
import { IdbAuthStore } from './idb-store.js'
import { OAuthProvider } from './provider.js'
import type { AuthorizationRequest, OAuthProviderOptions } from './provider-options.js'
import { MemoryAuthStore, type AuthStore } from './store.js'

/** The channel a callback page announces itself on (same origin only, by the platform's rules). */
export const CALLBACK_CHANNEL = 'mcp-web-elements-auth'
/** The message a callback page sends: its own URL, carrying `code`, `state` and maybe `iss`. */
export interface CallbackMessage {
  type: 'mcp-auth-callback'
  url: string
}

let shared: AuthStore | undefined
/** One IndexedDB store per page (memory where IndexedDB is missing). Tokens never go to localStorage. */
export function browserAuthStore(): AuthStore {
  return (shared ??= typeof indexedDB === 'undefined' ? new MemoryAuthStore() : new IdbAuthStore())
}

export interface PopupOptions {
  /**
   * The popup was blocked: show `url` as a link (target _blank, rel
   * "noopener noreferrer") the user can click; the sign-in then finishes when
   * that tab reaches the callback page.
   * Without it a blocked popup fails with {@link PopupBlockedError}.
   */
  onBlocked?: (url: string) => void
  /**
   * How long after the popup looks closed to wait for its answer before
   * failing with {@link PopupClosedError}. An identity provider that sets
   * Cross-Origin-Opener-Policy makes the popup look closed while the user is
   * still signing in: raise this, or set `Infinity` to rely on the answer alone.
   * @default 2000
   */
  closedGraceMs?: number
  /** Window features for `window.open`. @default 'popup,width=520,height=680' */
  features?: string
  signal?: AbortSignal
}

/**
 * The sign-in page's address, checked once more where it is navigated to or
 * shown: discovery refused bad endpoints already, but a URL that got here
 * another way (a provider of the page's own, a subclass) must not either.
 * The popup shares the page's origin, and so does a redirect: a `javascript:`
 * URL would run in it.
 */
function checkSignInPage(provider: OAuthProvider, url: string): void {
  if (!endpointUrlAllowed(url, provider.options)) throw new UnsafeEndpointError('authorization_endpoint', url, 'The sign-in page')
}

/** Waits for the callback page of sign-in `state` to report, by BroadcastChannel (its window has no opener to post to). */
function waitForCallback(state: string, popup: Window | null, options: PopupOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(CALLBACK_CHANNEL)
    let timer: ReturnType<typeof setInterval> | undefined
    let grace: ReturnType<typeof setTimeout> | undefined
    const finish = (fn: () => void) => {
      channel.close()
      clearInterval(timer)
      clearTimeout(grace)
      options.signal?.removeEventListener('abort', onAbort)
      fn()
    }
    const take = (data: unknown) => {
      const m = data as CallbackMessage | undefined
      if (m?.type !== 'mcp-auth-callback' || typeof m.url !== 'string') return
      let returned: URL
      try {
        returned = new URL(m.url)
      } catch {
        return
      }
      // Another sign-in's answer (another tab's, an old one) is not ours.
      if (returned.searchParams.get('state') !== state) return
      finish(() => resolve(m.url))
      try {
        popup?.close()
      } catch {
        // cut off by COOP: the callback page closes itself
      }
    }
    const onAbort = () => finish(() => reject(options.signal!.reason))
    channel.onmessage = (event) => take(event.data)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    if (popup) {
      timer = setInterval(() => {
        if (!popup.closed || grace) return
        const ms = options.closedGraceMs ?? 2000
        if (Number.isFinite(ms)) grace = setTimeout(() => finish(() => reject(new PopupClosedError())), ms)
      }, 300)
    }
  })
}

/**
 * Signs in through a popup. Call it synchronously inside the click handler:
 * the popup opens before anything is awaited (browsers block popups opened
 * later), showing a blank page until the sign-in page's address is known.
 *
 * @example
 * button.addEventListener('click', () => popupSignIn(auth).then(showTools, showError))
 */
export function popupSignIn(provider: OAuthProvider, options: PopupOptions = {}): Promise<void> {
  let popup: Window | null = null
  try {
    // A new window each time: one found by name may be on another origin already, where its opener cannot be dropped.
    popup = window.open('about:blank', '_blank', options.features ?? 'popup,width=520,height=680')
    // Cut off before it leaves this origin, so the sign-in page cannot navigate this page (`window.opener.location`).
    // Not the `noopener` feature: window.open would return null, as for a blocked popup.
    if (popup) popup.opener = null
  } catch {
    popup?.close()
    popup = null
  }
  return provider
    .signIn({
      mode: 'popup',
      signal: options.signal,
      authorize: async ({ url, state }: AuthorizationRequest) => {
        if (popup?.closed) throw new PopupClosedError() // closed by the user before the sign-in page was known
        checkSignInPage(provider, url)
        if (popup) {
          popup.location.href = url
        } else {
          if (!options.onBlocked) throw new PopupBlockedError(url)
          options.onBlocked(url)
        }
        return waitForCallback(state, popup, options)
      },
    })
    .catch((error: unknown) => {
      // A sign-in that failed before (or while) the popup was used must not leave a blank window behind.
      try {
        popup?.close()
      } catch {
        // already gone
      }
      throw error
    })
}

/**
 * Signs in by sending this page to the sign-in page; the callback page
 * finishes the sign-in and comes back to `returnTo` (default this page), if
 * it is on the callback page's origin, else to that origin's root. The returned promise
 * settles only on failure before leaving (the page unloads otherwise).
 */
export function redirectSignIn(provider: OAuthProvider, options: { returnTo?: string; signal?: AbortSignal } = {}): Promise<void> {
  return provider.signIn({
    mode: 'redirect',
    returnTo: options.returnTo ?? location.href,
    signal: options.signal,
    authorize: async ({ url }) => {
      checkSignInPage(provider, url)
      location.assign(url)
      return new Promise<never>(() => {})
    },
  })
}

export interface BrowserOAuthProviderOptions extends OAuthProviderOptions {
  /** How `signInFromClick()` signs in. @default 'popup' */
  flow?: 'popup' | 'redirect'
}

/**
 * An {@link OAuthProvider} for pages: tokens in IndexedDB by default, and
 * `signInFromClick()` for a sign-in button (what `<mcp-server>`'s does).
 *
 * @example
 * const auth = new BrowserOAuthProvider(url, { redirectUri: new URL('/oauth-callback.html', location.href).href, client: { client_id: 'my-app' } })
 * serverElement.auth = auth
 */
export class BrowserOAuthProvider extends OAuthProvider {
  readonly flow: 'popup' | 'redirect'
  constructor(serverUrl: string | URL, options: BrowserOAuthProviderOptions = {}) {
    super(serverUrl, { store: browserAuthStore(), ...options })
    this.flow = options.flow ?? 'popup'
  }
  /** Starts the sign-in the page chose (popup or redirect). Call it synchronously inside a click. */
  signInFromClick(options: PopupOptions = {}): Promise<void> {
    return this.flow === 'redirect' ? redirectSignIn(this, options) : popupSignIn(this, options)
  }
}
