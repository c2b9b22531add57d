/**
 * The server as this page knows it: its URL's host (the page chose the URL) and the name the server gave in
 * discovery (`given`, as an approval request carries it, else the enclosing `<mcp-server>`'s, when it holds this same
 * client). Never a title a tool or a view chose. `<mcp-app>`'s header, its open-link consent (app-host.ts) and
 * `<mcp-tool-call>` name the server with it.
 */
import type { Implementation, McpClient } from '../../src/client/index.js'
import { META } from '../../src/protocol/meta.js'
import type { McpConnection } from './context.js'

export function serverIdentity(
  client: Pick<McpClient, 'url'> | undefined,
  connection: McpConnection | undefined,
  given?: string,
): { host: string; name?: string } {
  let host = client?.url ?? ''
  try {
    host = new URL(host).host
  } catch {
    // Not a URL: shown as it is.
  }
  const info =
    client && connection?.client === client ? (connection.server?._meta?.[META.serverInfo] as Implementation | undefined) : undefined
  const name = given || info?.title || info?.name
  return { host, name: typeof name === 'string' && name && name !== host ? name : undefined }
}
