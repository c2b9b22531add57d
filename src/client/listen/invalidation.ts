/**
 * Invalidation: which cached results a server notification, or a listen
 * stream that was down, makes stale (as key prefixes), and what follows from
 * a prefix going stale (requests in flight are not joined any more, listeners
 * hear an `invalidate` event).
 */
import { cacheKey, methodPrefix } from '../../cache/policy.js'
import type { SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { ClientParts } from '../parts.js'

/** The lists each list-changed notification makes stale. */
const LISTS_CHANGED: Record<string, string[]> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
  // Skills are served as resources: a change to the resources is a change to the skills' entries.
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list', 'skills/list', 'skills/get'],
}
/** The subscription filter flag of each list-changed notification. */
const LIST_FLAG: Record<string, string> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
}

/** What a notification makes stale: a list, or one resource. */
export function notificationPrefixes(url: string, n: { method: string; params?: Record<string, unknown> }): string[] {
  const uri = n.params?.uri
  return [
    ...(LISTS_CHANGED[n.method] ?? []).map((m) => methodPrefix(url, m)),
    ...(n.method === 'notifications/resources/updated' && typeof uri === 'string' ? [cacheKey(url, 'resources/read', { uri })] : []),
  ]
}

/** What a listen stream carried, and so may have changed while it was down. */
export function coveredPrefixes(url: string, filter: SubscriptionFilter): string[] {
  const lists = Object.entries(LISTS_CHANGED).filter(([method]) => filter[LIST_FLAG[method]] === true)
  const methods = lists.flatMap(([, m]) => m)
  // Sub-resources of a subscribed URI count too: every read is the simple safe bound.
  if (Array.isArray(filter.resourceSubscriptions) && filter.resourceSubscriptions.length) methods.push('resources/read')
  return methods.map((method) => methodPrefix(url, method))
}

/** Results under `prefix` changed: later callers send anew rather than join a request in flight, and listeners hear of it. */
export function markStale({ client, requests, tools }: ClientParts, prefix: string, remote: boolean): void {
  requests.forget(prefix)
  const [, method = '', rest = ''] = prefix.slice(client.url.length).split('\n')
  if (method === 'tools/list') tools.unlisted.clear()
  let uri: string | undefined
  try {
    uri = method === 'resources/read' && rest ? (JSON.parse(rest) as { uri?: string }).uri : undefined
  } catch {
    uri = undefined
  }
  client.dispatchEvent(new CustomEvent('invalidate', { detail: { method, ...(uri !== undefined && { uri }), remote } }))
}
