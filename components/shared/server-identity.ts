/**
 * The server as this page knows it: its URL's host (the page chose the URL) and the name and version the server
 * reports (`client.serverInfo`: `_meta` on 2026-07-28 results, `initialize` on legacy servers), or the name `given`
 * (as an approval request carries it). Never a title a tool or a view chose. `<mcp-app>`'s header, its open-link
 * consent (app-host.ts), `<mcp-tool-call>` and `<mcp-server>`'s elicitation dialogs name the server with it.
 */
import { serverName, type Implementation, type McpClient } from '../../src/client/index.js'
import { msg } from './i18n.js'

export interface ServerIdentity {
  host: string
  /** The server's title or name, as it reports it (absent when it says nothing, or only its host). */
  name?: string
  version?: string
}

export function serverIdentity(
  client: (Pick<McpClient, 'url'> & { serverInfo?: Implementation }) | undefined,
  given?: string,
): ServerIdentity {
  const url = client?.url ?? ''
  // serverName(): the reported name, else the host, which is then not given twice.
  const host = serverName(url)
  const info = client?.serverInfo
  const name = given || serverName(url, info)
  if (typeof name !== 'string' || !name || name === host) return { host }
  return { host, name, ...(!given && info?.version && { version: info.version }) }
}

/** How a dialog names the server: the host first (the page's choice), then what the server says it is. */
export function serverLabel(client: Parameters<typeof serverIdentity>[0], given?: string): string {
  const { host, name, version } = serverIdentity(client, given)
  if (!name) return host
  return version
    ? msg('server.identity-version', '{host} ({name} {version})', { host, name, version })
    : msg('server.identity', '{host} ({name})', { host, name })
}
