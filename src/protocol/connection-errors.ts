/**
 * Why a browser page could not reach a server, as the connection doctor
 * (transport/diagnose.ts) found out. A browser hides the reason from script
 * ("TypeError: Failed to fetch"); these say it, with what the server must
 * send (`fix`). Each is a {@link StreamError} (the request did not get its
 * answer), its `cause` the browser's own error.
 */
import { registerErrorClasses, StreamError } from './errors.js'

export { CONNECTION_HELP_URL } from './connection-help.js'

export class ConnectionProblemError extends StreamError {
  override name = 'ConnectionProblemError'
  constructor(
    /** What is wrong, in a sentence (the message without the fix). */
    readonly problem: string,
    /** The address that failed. */
    readonly url: string,
    /** What the server must send, as `Header-Name: value`, when a header fixes it. */
    readonly fix: string | undefined,
    idempotent: boolean,
    options?: { cause?: unknown },
  ) {
    super(fix ? `${problem} Fix: the server must send ${fix}.` : problem, idempotent, options)
  }
}

/** Nothing answers at the address, even to a request that needs no CORS: the server is down, the address wrong, or the network blocks it. */
export class ServerUnreachableError extends ConnectionProblemError {
  override name = 'ServerUnreachableError'
  constructor(url: string, idempotent: boolean, options?: { cause?: unknown }) {
    super(`Nothing answers at ${url}: the server is down, the address is wrong, or the network blocks it.`, url, undefined, idempotent, options)
  }
}

/** The server answers, but sends no CORS headers: the browser keeps its answers from pages on other origins. */
export class CorsHeadersMissingError extends ConnectionProblemError {
  override name = 'CorsHeadersMissingError'
  constructor(url: string, pageOrigin: string, options?: { cause?: unknown }) {
    super(
      `The server at ${url} answers, but sends no CORS headers, so the browser keeps its answers from this page (${pageOrigin}).`,
      url,
      `Access-Control-Allow-Origin: ${pageOrigin}`,
      true,
      options,
    )
  }
}

/** The server's answer to the browser's preflight does not allow a request header the client sends. Nothing was sent. */
export class HeaderNotAllowedError extends ConnectionProblemError {
  override name = 'HeaderNotAllowedError'
  constructor(
    url: string,
    /** The refused header, e.g. `Mcp-Param-Region`. */
    readonly header: string,
    /** Every request header the client may send (the value `Access-Control-Allow-Headers` needs). */
    sent: string[],
    options?: { cause?: unknown },
  ) {
    super(
      `The server at ${url} does not allow the request header ${header}: its answer to the browser's preflight (OPTIONS) must list it, with every other header the client sends. Tools that declare header parameters add Mcp-Param-… headers of their own: list those too, or answer each preflight with the headers its Access-Control-Request-Headers asks for.`,
      url,
      `Access-Control-Allow-Headers: ${sent.join(', ')}`,
      true,
      options,
    )
  }
}

/** A legacy server opened a session, but its `Mcp-Session-Id` header is not exposed to the page: every later request fails. */
export class SessionIdNotExposedError extends ConnectionProblemError {
  override name = 'SessionIdNotExposedError'
  constructor(url: string, options?: { cause?: unknown }) {
    super(
      `The server at ${url} opened a session, but this page cannot read its Mcp-Session-Id header, so every request after initialize is refused.`,
      url,
      'Access-Control-Expose-Headers: Mcp-Session-Id',
      true,
      options,
    )
  }
}

/** A 401 whose `WWW-Authenticate` header the page cannot read: sign-in cannot find the authorization server. */
export class ChallengeNotExposedError extends ConnectionProblemError {
  override name = 'ChallengeNotExposedError'
  constructor(url: string, options?: { cause?: unknown }) {
    super(
      `The server at ${url} asks for a sign-in (HTTP 401), but this page cannot read its WWW-Authenticate header, so it cannot find where to sign in.`,
      url,
      'Access-Control-Expose-Headers: WWW-Authenticate',
      true,
      options,
    )
  }
}

/** An `https:` page and an `http:` server: the browser blocks every request (mixed content). Nothing was sent. */
export class MixedContentError extends ConnectionProblemError {
  override name = 'MixedContentError'
  constructor(url: string, options?: { cause?: unknown }) {
    super(
      `This page is https: and the server ${url} is plain http:, so the browser blocks every request to it (mixed content). Serve the server over https:.`,
      url,
      undefined,
      true,
      options,
    )
  }
}

/** The parts of an authorization server a page fetches. */
export type AuthServerEndpoint = 'metadata' | 'token endpoint' | 'registration endpoint'

/** The authorization server's metadata or token endpoint answers without CORS headers: the page cannot sign in with it. */
export class AuthServerCorsError extends ConnectionProblemError {
  override name = 'AuthServerCorsError'
  constructor(
    url: string,
    /** What was asked for. */
    readonly endpoint: AuthServerEndpoint,
    pageOrigin: string,
    options?: { cause?: unknown },
  ) {
    super(
      `The authorization server's ${endpoint} at ${url} sends no CORS headers, so this page (${pageOrigin}) cannot sign in with it.`,
      url,
      `Access-Control-Allow-Origin: ${pageOrigin}`,
      true,
      options,
    )
  }
}

registerErrorClasses({
  ConnectionProblemError,
  ServerUnreachableError,
  CorsHeadersMissingError,
  HeaderNotAllowedError,
  SessionIdNotExposedError,
  ChallengeNotExposedError,
  MixedContentError,
  AuthServerCorsError,
})
