/**
 * A server as the client names it to an approval gate, and as `<mcp-tool-call>`'s card shows it: the URL the page
 * chose, and the name and title the server reports (`client.serverInfo`), once known.
 */
import type { Implementation } from '../../protocol/generated/2026-07-28.js'
import type { ApprovalRequest } from '../options.js'

export function namedServer(url: string, info: Implementation | undefined): ApprovalRequest['server'] {
  return { url, ...(info && { name: info.name, ...(info.title !== undefined && { title: info.title }) }) }
}
