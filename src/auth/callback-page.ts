/**
 * The callback page's whole script, for pages without a bundler: the CDN build ships it as
 * `dist/cdn/mcp-web-elements-auth-callback.js`, so the page at the redirect URI is one line:
 *
 * @example
 * <!doctype html><title>Signing in…</title>
 * <script type="module" src="https://cdn.jsdelivr.net/npm/mcp-web-elements/dist/cdn/mcp-web-elements-auth-callback.js"></script>
 *
 * It finishes the sign-in (see `handleSignInCallback`) and, when that fails, says why on the page.
 */
import { handleSignInCallback } from './callback.js'

handleSignInCallback().catch((error: unknown) => {
  document.body.textContent = `Sign-in failed: ${(error as Error)?.message ?? error}`
})
