// The playground's connection settings, as the MCP Inspector offers them: the
// server URL, how to authenticate (none, a bearer token, or OAuth sign-in) and
// custom headers. They are remembered in two places, on purpose:
// - localStorage (kept until cleared, every tab of this origin): the URL with
//   its query values left empty (`?api_key=`), the way of signing in, the OAuth
//   client id and scope, and the header names;
// - sessionStorage (this tab only, gone when it closes): the whole URL, the
//   bearer token and the header values, which are often credentials too (an
//   API key, in a header or in the URL's query string). A secret in
//   localStorage would sit on disk indefinitely, readable by any script this
//   origin ever runs; in sessionStorage it lives as long as the tab.
// OAuth tokens are not kept here at all: the auth module keeps them in IndexedDB.

export type AuthMode = 'none' | 'bearer' | 'oauth'

/** What is remembered across visits (never a secret). */
export interface SavedConnection {
  url: string
  auth: AuthMode
  headerNames: string[]
  oauthClientId: string
  oauthScope: string
}

/** What is remembered for this tab only. */
export interface SessionSecrets {
  /** The URL with its query values. */
  url: string
  token: string
  /** Header values, in the order of `headerNames`. */
  headerValues: string[]
}

/** One connection as the form holds it. */
export type Connection = SavedConnection & SessionSecrets

export const CONNECTION_KEY = 'mcp-demo:connection'
export const SECRETS_KEY = 'mcp-demo:connection-secrets'
/** Where the playground kept the URL alone, before headers (read once, so a returning visitor keeps it). */
const OLD_URL_KEY = 'mcp-demo:server-url'

function parsed<T>(text: string | null): Partial<T> {
  try {
    const value = JSON.parse(text ?? '{}')
    return value && typeof value === 'object' ? value : {}
  } catch {
    return {}
  }
}

const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : [])

/** The remembered connection, or the demo server's with nothing else. */
export function loadConnection(defaultUrl: string): Connection {
  const saved = parsed<SavedConnection>(localStorage.getItem(CONNECTION_KEY))
  const secrets = parsed<SessionSecrets>(sessionStorage.getItem(SECRETS_KEY))
  const auth = saved.auth === 'bearer' || saved.auth === 'oauth' ? saved.auth : 'none'
  return {
    url:
      typeof secrets.url === 'string' && secrets.url
        ? secrets.url
        : typeof saved.url === 'string' && saved.url
          ? saved.url
          : localStorage.getItem(OLD_URL_KEY) || defaultUrl,
    auth,
    headerNames: strings(saved.headerNames),
    oauthClientId: typeof saved.oauthClientId === 'string' ? saved.oauthClientId : '',
    oauthScope: typeof saved.oauthScope === 'string' ? saved.oauthScope : '',
    token: typeof secrets.token === 'string' ? secrets.token : '',
    headerValues: strings(secrets.headerValues),
  }
}

export function saveConnection(connection: Connection): void {
  const saved: SavedConnection = {
    url: withQueryValues(withoutCredentials(connection.url), ''),
    auth: connection.auth,
    headerNames: connection.headerNames,
    oauthClientId: connection.oauthClientId,
    oauthScope: connection.oauthScope,
  }
  localStorage.setItem(CONNECTION_KEY, JSON.stringify(saved))
  localStorage.removeItem(OLD_URL_KEY)
  const secrets: SessionSecrets = { url: withoutCredentials(connection.url), token: connection.token, headerValues: connection.headerValues }
  sessionStorage.setItem(SECRETS_KEY, JSON.stringify(secrets))
}

/** The address to remember: never a user name or password written into it. */
export function withoutCredentials(address: string): string {
  try {
    const url = new URL(address)
    url.username = ''
    url.password = ''
    return url.href
  } catch {
    return address
  }
}

/** `address` with each query value replaced by `value`: empty to remember it, bullets to show it in a log. */
export function withQueryValues(address: string, value: string): string {
  try {
    const url = new URL(address)
    if (!url.search) return address
    const query = [...url.searchParams.keys()].map((name) => `${encodeURIComponent(name)}=${value}`).join('&')
    const { hash } = url
    url.search = ''
    url.hash = ''
    return `${url.href}?${query}${hash}`
  } catch {
    return address
  }
}

/** An HTTP header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Why the connection cannot be used as it is, in words; undefined when it can. */
export function connectionProblem(connection: Connection): string | undefined {
  for (const name of connection.headerNames) {
    if (!TOKEN.test(name)) return `“${name}” is not a header name: use letters, digits and - (e.g. X-Api-Key).`
  }
  if (connection.auth === 'bearer' && !connection.token.trim()) return 'Enter the bearer token, or choose “None”.'
  if (/[\r\n]/.test(connection.token) || connection.headerValues.some((v) => /[\r\n]/.test(v))) {
    return 'A header value cannot hold a line break.'
  }
  return undefined
}

/** The headers every request of this connection carries (the client keeps its protocol headers its own). */
export function connectionHeaders(connection: Connection): Record<string, string> {
  const headers: Record<string, string> = {}
  connection.headerNames.forEach((name, i) => {
    if (name) headers[name.toLowerCase()] = connection.headerValues[i] ?? ''
  })
  if (connection.auth === 'bearer') headers.authorization = `Bearer ${connection.token.trim()}`
  return headers
}
