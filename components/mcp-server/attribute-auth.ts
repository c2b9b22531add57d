/**
 * The sign-in `<mcp-server>` builds from its attributes (`redirect-uri`, `client-id`, `client-metadata-url`,
 * `sign-in`) when the page gives no `auth`: what a page with only the CDN file has. The provider
 * (`BrowserOAuthProvider`, with oauth4webapi) is a chunk of its own, loaded when the server first answers 401, so a
 * page whose servers never ask for a sign-in does not download it. Until then requests go out unsigned, as they
 * would with no auth at all.
 */
import type { BrowserOAuthProvider, BrowserOAuthProviderOptions, PopupOptions } from '../../src/auth/browser.js'
import type { InteractiveAuth } from '../../src/auth/hook.js'

/** The provider's events, passed on: `<mcp-server>` listens to `signedin` and `signedout` on its auth. */
const PROVIDER_EVENTS = ['signedin', 'signedout', 'authrequired']

export class AttributeAuth extends EventTarget implements InteractiveAuth {
  #provider?: BrowserOAuthProvider
  #loading?: Promise<BrowserOAuthProvider>

  constructor(
    readonly serverUrl: string,
    readonly options: BrowserOAuthProviderOptions,
  ) {
    super()
  }

  get signedIn(): boolean {
    return this.#provider?.signedIn ?? false
  }

  context(): string | undefined {
    return this.#provider?.context()
  }

  /** Loads the sign-in chunk and makes the provider (once; a failed load is tried again next time). */
  #load(): Promise<BrowserOAuthProvider> {
    this.#loading ??= import('./sign-in-provider.js').then(
      async ({ BrowserOAuthProvider }) => {
        const provider = new BrowserOAuthProvider(this.serverUrl, this.options)
        for (const type of PROVIDER_EVENTS) {
          provider.addEventListener(type, (event) => this.dispatchEvent(new CustomEvent(type, { detail: (event as CustomEvent).detail })))
        }
        await provider.ready
        this.#provider = provider
        return provider
      },
      (error: unknown) => {
        this.#loading = undefined
        throw error
      },
    )
    return this.#loading
  }

  wrapFetch(inner: typeof globalThis.fetch): typeof globalThis.fetch {
    let signing: typeof globalThis.fetch | undefined
    const signed = async () => (signing ??= (await this.#load()).wrapFetch(inner))
    return async (input, init) => {
      if (this.#provider) return (await signed())(input, init)
      const response = await inner(input, init)
      if (response.status !== 401) return response
      // The server asks for a sign-in: the provider takes this request over (stored tokens, refresh, or the Sign in state).
      let provider: typeof globalThis.fetch
      try {
        provider = await signed()
      } catch {
        return response // the chunk could not load: the 401 stands, as without sign-in
      }
      await response.body?.cancel().catch(() => {})
      return provider(input, init)
    }
  }

  signInFromClick(options?: PopupOptions): Promise<void> {
    // Shown only after a 401, so the provider is there and the popup opens inside the click.
    if (this.#provider) return this.#provider.signInFromClick(options)
    return this.#load().then((provider) => provider.signInFromClick(options))
  }

  async signOut(): Promise<void> {
    await (await this.#load()).signOut()
  }

  async whenSignedIn(signal?: AbortSignal): Promise<void> {
    await (await this.#load()).whenSignedIn(signal)
  }
}
