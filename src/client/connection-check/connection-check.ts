/**
 * A server's connection check: everything a browser page needs of an MCP server, tried from this page, as a list of
 * lines that each pass or fail and, failing, say what the server must send. For a server's own docs page
 * (`<mcp-connection-check>`); the probes are the connection doctor's (transport/diagnose.ts). The work is a lazy
 * chunk (run-check.ts): a page that never checks downloads none of it.
 */

/** How one line of a check came out: `skip` when an earlier failure, or the server itself, leaves nothing to try. */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip'

/** Which line: each is one thing a browser needs of the server. */
export type CheckId =
  | 'mixed-content'
  | 'cors'
  | 'preflight'
  | 'era'
  | 'expose'
  | 'auth-resource-metadata'
  | 'auth-server-metadata'
  | 'auth-token'
  | 'auth-registration'

/** One line of a connection check. Text from the server (an error it sent, its name) may be in `detail`: show it as text. */
export interface CheckLine {
  id: CheckId
  status: CheckStatus
  /** What is checked, in a few words. */
  title: string
  /** What was found. */
  detail: string
  /** What the server must send or change, for a line that failed (one line, applied as it is). */
  fix?: string
}

export interface ConnectionCheckOptions {
  /** The page the check runs for. @default `location.href` */
  page?: string
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Stops the check: it rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * Checks, from this page, what a browser needs of the MCP server at `url`: no mixed content, CORS, a preflight
 * allowing every request header the client sends, `server/discover` (or the legacy `initialize` fallback), the
 * response headers the client reads exposed and, for a server that asks for sign-in, its metadata, token and
 * registration endpoints reachable cross-origin. Never throws for a server's fault: that is a line that fails.
 *
 * @example
 * for (const line of await checkConnection('https://example.com/mcp')) console.log(line.status, line.title, line.fix ?? '')
 */
export async function checkConnection(url: string, options: ConnectionCheckOptions = {}): Promise<CheckLine[]> {
  const { runCheck } = await import('./run-check.js')
  return runCheck(url, options)
}
