/**
 * Whose content a view is, as this page knows the server: its URL's host (the page chose the URL) and the name the
 * server gave in discovery, when the enclosing `<mcp-server>` holds this same client. Never a title the tool or the
 * view chose. The element's header and the open-link consent (app-host.ts) both name the server with it.
 */
import type { Implementation, McpClient } from '../../src/client/index.js'
import { META } from '../../src/protocol/meta.js'
import type { McpConnection } from '../shared/context.js'

export function serverIdentity(client: McpClient | undefined, connection: McpConnection | undefined): { host: string; name?: string } {
  let host = client?.url ?? ''
  try {
    host = new URL(host).host
  } catch {
    // Not a URL: shown as it is.
  }
  const info =
    client && connection?.client === client ? (connection.server?._meta?.[META.serverInfo] as Implementation | undefined) : undefined
  const name = info?.title || info?.name
  return { host, name: typeof name === 'string' && name && name !== host ? name : undefined }
}
