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
 * `known` is returned when the result names the same identity: servers send it on every result, and one object kept
 * (not one per result) leaves nothing new to collect.
 */
export function serverInfoOf(result: unknown, known?: Implementation): Implementation | undefined {
  const info = (result as { _meta?: Record<string, unknown> } | undefined)?._meta?.[META.serverInfo] as Record<string, unknown> | undefined
  if (typeof info !== 'object' || info === null || typeof info.name !== 'string') return undefined
  const version = typeof info.version === 'string' ? info.version : ''
  const icons = Array.isArray(info.icons) ? (info.icons as Implementation['icons']) : undefined
  if (
    known &&
    known.name === info.name &&
    known.version === version &&
    TEXT_FIELDS.every((key) => known[key] === textOf(info[key])) &&
    sameIcons(known.icons, icons)
  ) {
    return known
  }
  const identity: Implementation = { name: info.name, version }
  for (const key of TEXT_FIELDS) {
    const text = textOf(info[key])
    if (text !== undefined) identity[key] = text
  }
  if (icons) identity.icons = icons
  return identity
}

const TEXT_FIELDS = ['title', 'description', 'websiteUrl'] as const
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined)
const sameIcons = (a: Implementation['icons'], b: Implementation['icons']) =>
  a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b))

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
