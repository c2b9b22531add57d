/**
 * What went wrong when talking to a server, in words a page's user can act
 * on: the client's error classes tell an unreachable server (or one that
 * does not allow this page, CORS, which a browser reports the same way) from
 * an HTTP failure, a refusal, and an answer that is not MCP.
 */
import {
  HttpError,
  isMcpError,
  JsonRpcError,
  ProtocolError,
  StreamError,
  TimeoutError,
  type ConnectionProblemError,
} from '../../../src/client/index.js'
import { msg } from '../i18n.js'
import { ChunkLoadError } from '../lazy-element.js'

/**
 * A problem the connection doctor diagnosed, told by brand: an import of the class would bring every connection
 * problem's class into the CDN's first-list script, and only the doctor (loaded on a failure) makes them.
 */
export const isConnectionProblem = (error: unknown): error is ConnectionProblemError => isMcpError(error, 'ConnectionProblemError')

export function describeError(error: unknown, url: string): string {
  // The connection doctor's finding says what is wrong itself (its fix is shown apart, with the README's table).
  if (isConnectionProblem(error)) return error.problem
  if (error instanceof StreamError && error.cause instanceof TypeError) {
    return msg(
      'server.error.unreachable',
      'Could not reach the server at {url}. It may be down, the address may be wrong, or it may not allow requests from this page (CORS).',
      { url },
    )
  }
  if (error instanceof HttpError) {
    if (error.status === 401 || error.status === 403) {
      return msg('server.error.auth', 'The server at {url} refused access (HTTP {status}): it needs authorization.', {
        url,
        status: error.status,
      })
    }
    return msg('server.error.http', 'The server at {url} answered with an HTTP error ({status}).', { url, status: error.status })
  }
  if (error instanceof TimeoutError) return msg('server.error.timeout', 'The server at {url} did not answer in time.', { url })
  if (error instanceof JsonRpcError)
    return msg('server.error.refused', 'The server refused the request: {message}', { message: error.message })
  if (error instanceof ProtocolError) {
    return msg('server.error.protocol', 'The answer from {url} is not an MCP response. Is this the address of an MCP server?', { url })
  }
  if (error instanceof StreamError) return msg('server.error.stream', 'The connection to {url} broke off.', { url })
  // A part of this page that did not load (the sign-in link, say), not the server: how to retry in this engine.
  if (error instanceof ChunkLoadError) {
    return error.again
      ? msg('server.error.chunk-again', 'Part of this page could not load again ({reason}). Reload the page to retry.', {
          reason: error.message,
        })
      : msg('server.error.chunk', 'Part of this page could not load ({reason}). Try again; if it fails again, reload the page.', {
          reason: error.message,
        })
  }
  return msg('server.error.other', 'Something went wrong: {message}', { message: error instanceof Error ? error.message : String(error) })
}
