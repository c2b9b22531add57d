/**
 * `mcp-web-elements/auth`: sign in to protected MCP servers (OAuth 2.1 as
 * the MCP authorization spec, revision 2026-07-28, profiles it). Give an
 * {@link OAuthProvider} to `McpClient` as its `auth`; in browsers, start the
 * sign-in from a click with {@link popupSignIn} or {@link redirectSignIn},
 * and ship `mcp-web-elements/auth/callback` on the redirect page.
 *
 * A page that never imports this entry downloads none of it.
 */
export { OAuthProvider } from './provider.js'
export type {
  OAuthProviderOptions,
  PreRegisteredClient,
  ClientCredentials,
  Authorize,
  AuthorizationRequest,
  SignInOptions,
  PendingSignIn,
} from './provider-options.js'
export type { AuthHook } from './hook.js'
export { MemoryAuthStore, type AuthStore, type StoredTokens, type StoredClient } from './store.js'
export { IdbAuthStore } from './idb-store.js'
export { discoverResource, discoverAuthorizationServer, metadataUrls, canonicalResource, type ResourceMetadata, type DiscoveryOptions } from './discovery.js'
export { parseBearerChallenge, type BearerChallenge } from './www-authenticate.js'
export * from './errors.js'
export {
  BrowserOAuthProvider,
  popupSignIn,
  redirectSignIn,
  browserAuthStore,
  CALLBACK_CHANNEL,
  type BrowserOAuthProviderOptions,
  type PopupOptions,
  type CallbackMessage,
} from './browser.js'
