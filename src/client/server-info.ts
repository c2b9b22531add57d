/**
 * The server's identity as it reports it: `_meta['io.modelcontextprotocol/serverInfo']` on 2026-07-28 results
 * (basic/index, ResultMetaObject: servers SHOULD send it on every result), or `initialize`'s `serverInfo` on a legacy
 * server. Self-reported: for display and logs only, never for a decision (the spec says so); elements show it beside
 * the URL's host, which the page chose.
 */
import type { Implementation } from '../protocol/generated/2026-07-28.js'
import { META } from '../protocol/meta.js'

/**
 * The server's identity in a result's `_meta`, when it is one (a string `name`); its text fields only as strings.
 * `known` is returned when the result names the same identity: servers send it on every result, and a page that
 * compares `client.serverInfo` then sees no change where there is none.
 */
export function serverInfoOf(result: unknown, known?: Implementation): Implementation | undefined {
  const info = (result as { _meta?: Record<string, unknown> } | undefined)?._meta?.[META.serverInfo] as Record<string, unknown> | undefined
  if (typeof info !== 'object' || info === null || typeof info.name !== 'string') return undefined
  const text = (key: string) => (typeof info[key] === 'string' ? { [key]: info[key] as string } : {})
  const identity: Implementation = {
    name: info.name,
    version: typeof info.version === 'string' ? info.version : '',
    ...text('title'),
    ...text('description'),
    ...text('websiteUrl'),
    ...(Array.isArray(info.icons) && { icons: info.icons as Implementation['icons'] }),
  }
  return known && JSON.stringify(known) === JSON.stringify(identity) ? known : identity
}

/**
 * A server's name for people: the title it reports, else its name, else its URL's host (the part the page chose; a
 * URL that does not parse, as given). Self-reported names are for display only, never for a decision.
 */
export function serverName(url: string, info?: Implementation): string {
  if (info?.title || info?.name) return info.title || info.name
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
