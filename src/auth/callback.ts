/**
 * `mcp-web-elements/auth/callback`: what the redirect URI's page runs.
 *
 * @example
 * <!-- oauth-callback.html, served at the redirectUri -->
 * <script type="module">
 *   import { handleSignInCallback } from 'mcp-web-elements/auth/callback'
 *   handleSignInCallback()
 * </script>
 *
 * A popup sign-in (or a tab opened from the "popup blocked" link) hands its
 * URL to the page that started it by BroadcastChannel (the window has no
 * opener: the sign-in page it came through must not reach that page), and
 * closes. A redirect sign-in is finished here (code exchanged, tokens stored
 * in IndexedDB) and the page goes back where the sign-in started, if that
 * is on this page's own origin (see returnTarget).
 */
import { browserAuthStore, CALLBACK_CHANNEL, type CallbackMessage } from './browser.js'
import { OAuthProvider } from './provider.js'
import type { PendingSignIn } from './provider-options.js'
import { returnTarget } from './return-target.js'
import { keys, type AuthStore } from './store.js'

export async function handleSignInCallback(options: { store?: AuthStore; url?: string } = {}): Promise<void> {
  const url = options.url ?? location.href
  const store = options.store ?? browserAuthStore()
  const state = new URL(url).searchParams.get('state')
  const pending = state ? await store.get<PendingSignIn>(keys.pending(state)) : undefined
  if (pending?.mode === 'redirect') {
    const provider = new OAuthProvider(pending.server, { store, redirectUri: pending.redirectUri })
    await provider.completeSignIn(url)
    location.replace(returnTarget(pending.returnTo, location.href))
    return
  }
  const message: CallbackMessage = { type: 'mcp-auth-callback', url }
  const channel = new BroadcastChannel(CALLBACK_CHANNEL)
  channel.postMessage(message)
  channel.close()
  window.close()
}
