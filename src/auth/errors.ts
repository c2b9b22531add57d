/**
 * One class per way signing in can fail. Each extends {@link AuthError}, an
 * `McpError`, so `catch (e) { if (e instanceof McpError) … }` still covers
 * them; they live here, not in the core's errors.ts, so that a page without
 * auth does not download them.
 */
import { ConnectionProblemError } from '../protocol/connection-errors.js'
import { McpError, registerErrorClasses } from '../protocol/errors.js'

/** Signing in, refreshing or stepping up failed. */
export class AuthError extends McpError {
  override name = 'AuthError'
}

/** The server needs a sign-in that only the user can give: call `signIn()` from a click. */
export class SignInRequiredError extends AuthError {
  override name = 'SignInRequiredError'
  constructor(
    readonly resource: string,
    message = `${resource} needs you to sign in`,
  ) {
    super(message)
  }
}

/** No usable Protected Resource Metadata or authorization server metadata was found. */
export class AuthMetadataError extends AuthError {
  override name = 'AuthMetadataError'
}

/**
 * A server gave sign-in a URL it will not use: `field` (an endpoint of the
 * authorization server metadata, an `authorization_servers` entry, the
 * challenge's `resource_metadata`, or the sign-in page itself) is `url`, which
 * is not `https:` (nor `http:` on this computer). Refused before anything is
 * fetched from it or anyone is sent to it: a `javascript:` sign-in page would
 * run the server's script in the page.
 */
export class UnsafeEndpointError extends AuthError {
  override name = 'UnsafeEndpointError'
  constructor(
    readonly field: string,
    readonly url: unknown,
    /** Where the URL came from, e.g. "The authorization server metadata at https://…". */
    source: string,
  ) {
    const shown = JSON.stringify(typeof url === 'string' && url.length > 200 ? `${url.slice(0, 200)}…` : url)
    super(
      `${source} gives ${field} ${shown}, which is not an https: address (nor http: on this computer); ` +
        'signing in with this server is refused until its metadata names a proper address',
    )
  }
}

/**
 * An issuer did not match: the authorization server metadata names another
 * issuer than the one it was fetched for, or the authorization response's
 * `iss` is not the recorded issuer (RFC 9207). Nothing was stored or sent.
 */
export class IssuerMismatchError extends AuthError {
  override name = 'IssuerMismatchError'
  constructor(
    readonly expected: string,
    readonly actual: string | undefined,
    where: 'metadata' | 'response',
  ) {
    super(
      where === 'metadata'
        ? `The authorization server metadata for ${expected} names issuer ${JSON.stringify(actual)}; refusing to use it`
        : actual === undefined
          ? `The authorization response from ${expected} carries no "iss" though the server says it sends one; refusing it`
          : `The authorization response names issuer ${JSON.stringify(actual)}, not ${expected}; refusing it`,
    )
  }
}

/** The Protected Resource Metadata is for another resource than the server being signed in to. */
export class ResourceMismatchError extends AuthError {
  override name = 'ResourceMismatchError'
  constructor(
    readonly expected: string,
    readonly actual: unknown,
  ) {
    super(`The resource metadata for ${expected} describes ${JSON.stringify(actual)}; refusing to sign in with it`)
  }
}

/** No client identity: nothing pre-registered, no metadata document accepted, and dynamic registration absent or refused. */
export class RegistrationError extends AuthError {
  override name = 'RegistrationError'
}

/** The authorization server answered the sign-in with an error (the user denied access, say). `error` is its code. */
export class AuthorizationDeniedError extends AuthError {
  override name = 'AuthorizationDeniedError'
  constructor(
    readonly error: string,
    readonly description?: string,
  ) {
    super(
      error === 'access_denied'
        ? `Sign-in was declined${description ? `: ${description}` : ''}`
        : `The authorization server refused the sign-in (${error})${description ? `: ${description}` : ''}`,
    )
  }
}

/** The authorization response's `state` is not the one this sign-in sent: a stale or forged response. Nothing was exchanged. */
export class StateMismatchError extends AuthError {
  override name = 'StateMismatchError'
  constructor() {
    super('The sign-in response does not belong to this sign-in (state mismatch); start the sign-in again')
  }
}

/** The browser blocked the sign-in popup. `url` is the sign-in page: show it as a link the user can click. */
export class PopupBlockedError extends AuthError {
  override name = 'PopupBlockedError'
  constructor(readonly url: string) {
    super('The browser blocked the sign-in window; open the sign-in link instead')
  }
}

/** The user closed the sign-in popup before finishing. */
export class PopupClosedError extends AuthError {
  override name = 'PopupClosedError'
  constructor() {
    super('The sign-in window was closed before the sign-in finished')
  }
}

/** The token endpoint refused or answered something that is not a token response (HTML, say). Nothing was stored. */
export class TokenEndpointError extends AuthError {
  override name = 'TokenEndpointError'
  constructor(
    message: string,
    /** The OAuth `error` code, when the endpoint gave one. */
    readonly error?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** The server kept asking for more scope (403 insufficient_scope) after the allowed step-ups. */
export class ScopeStepUpLimitError extends AuthError {
  override name = 'ScopeStepUpLimitError'
  constructor(
    readonly scope: string,
    readonly limit: number,
  ) {
    super(`The server still wants scope "${scope}" after ${limit} step-up sign-in(s); giving up (the account may lack that permission)`)
  }
}

/**
 * The page requires DPoP-bound tokens (`requireDpop`, `<mcp-server require-dpop>`) and the authorization server
 * does not offer them, or answered with a token of another type: no token is kept. `issuer` is the authorization server.
 */
export class DpopNotOfferedError extends AuthError {
  override name = 'DpopNotOfferedError'
  constructor(
    readonly issuer: string,
    why: string,
  ) {
    super(`${issuer} does not offer DPoP-bound tokens (${why}), and this page requires them: signing in is refused`)
  }
}

/**
 * A server asked for a DPoP nonce (`use_dpop_nonce`) but this page cannot read its `DPoP-Nonce` header: CORS does not
 * expose it, so no proof can carry it and every request with the token is refused.
 */
export class DpopNonceNotExposedError extends ConnectionProblemError {
  override name = 'DpopNonceNotExposedError'
  constructor(url: string) {
    super(
      `The server at ${url} asks for a DPoP nonce, but this page cannot read its DPoP-Nonce header, so no request with the sign-in's token can succeed.`,
      url,
      'Access-Control-Expose-Headers: WWW-Authenticate, DPoP-Nonce',
      true,
    )
  }
}

registerErrorClasses({
  AuthError,
  SignInRequiredError,
  AuthMetadataError,
  UnsafeEndpointError,
  IssuerMismatchError,
  ResourceMismatchError,
  RegistrationError,
  AuthorizationDeniedError,
  StateMismatchError,
  PopupBlockedError,
  PopupClosedError,
  TokenEndpointError,
  ScopeStepUpLimitError,
  DpopNotOfferedError,
  DpopNonceNotExposedError,
})
