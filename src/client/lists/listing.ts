/**
 * Listing and paging: lists page by page (each page a request of its own,
 * cached on its own), whole lists with stale-while-revalidate, and the tool
 * index kept from each tools/list page.
 */
import { methodPrefix } from '../../cache/policy.js'
import { PageLimitError, ProtocolError } from '../../protocol/errors.js'
import type { Prompt, Resource, ResourceTemplate, Tool } from '../../protocol/generated/2026-07-28.js'
import { LIST_FIELD } from '../../protocol/methods.js'
import type { RequestOptions, StaleOptions } from '../options.js'
import type { ClientParts } from '../parts.js'
import { isInvalidParams, type Result } from '../requests.js'
import { checkTool } from '../tools/tool-registry.js'

export type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list'
interface ListItems {
  'tools/list': Tool
  'resources/list': Resource
  'resources/templates/list': ResourceTemplate
  'prompts/list': Prompt
}
export type ListPage<M extends ListMethod> = Result & Record<(typeof LIST_FIELD)[M], ListItems[M][]>

/** The pages of a list, each fetched (or served from cache) when asked for. See McpClient.pages(). */
export async function* pages<M extends ListMethod>(
  { client, cache, tools }: ClientParts,
  method: M,
  options: RequestOptions = {},
): AsyncGenerator<ListPage<M>> {
  let cursor: string | undefined
  const seen = new Set<string>()
  const max = client.options.maxPages ?? 100
  // onStale of request() is about one result; a list's is about the whole list (see listAll).
  const { onStale: _, ...pageOptions } = options
  for (let page = 1; ; page++) {
    if (page > max) throw new PageLimitError(max, method)
    let result: Result
    try {
      result = await client.request(method, cursor === undefined ? {} : { cursor }, pageOptions)
    } catch (error) {
      // The spec (caching, pagination): a cursor the server no longer takes means the cached pages that led to it
      // are from an older list. All of them are discarded; the next listing starts from the beginning.
      if (cursor !== undefined && isInvalidParams(error)) cache.invalidate(methodPrefix(client.url, method))
      throw error
    }
    const field = LIST_FIELD[method]
    const items = Array.isArray(result[field]) ? (result[field] as Tool[]) : []
    // A copy: the cached result stays as the server sent it.
    // A page from the cache is checked by its cached tools (checkTool remembers them), not by the copy's.
    const checked = method === 'tools/list' ? tools.accept(items, page === 1, cache.source(result)?.[field]) : items
    yield { ...result, [field]: checked } as ListPage<M>
    // Cursors are opaque: "" is a cursor like any other, and only its absence ends the list.
    const next = result.nextCursor
    if (typeof next !== 'string') return
    // A cursor seen before would loop for ever.
    if (seen.has(next)) throw new ProtocolError(`${method} returned the cursor ${JSON.stringify(next)} twice`)
    seen.add(next)
    cursor = next
  }
}

/** Every item of a list, across all pages; the cached list, when stale, to `onStale` first. */
export async function listAll<M extends ListMethod>(
  parts: ClientParts,
  method: M,
  { onStale, ...options }: StaleOptions<ListItems[M][]> = {},
): Promise<ListItems[M][]> {
  if (onStale && !options.fresh) {
    const stale = await cachedList(parts, method)
    // The cached items themselves were read: the caller gets a copy, made only when it is handed out.
    const items = stale && !stale.fresh ? parts.cache.copy(stale.items) : undefined
    if (items) onStale(items, { ageMs: stale!.ageMs })
  }
  let pagesSeen = 0
  const collect = async (pageOptions: RequestOptions) => {
    const items: ListItems[M][] = []
    for await (const page of parts.client.pages(method, pageOptions)) {
      pagesSeen++
      // One push per item: spreading a page of a few hundred thousand into push() overflows the stack.
      for (const item of page[LIST_FIELD[method]] as ListItems[M][]) items.push(item)
    }
    return items
  }
  try {
    return await collect(options)
  } catch (error) {
    // An invalid cursor on a later page: pages() discarded the cached ones; once more from the top, from the server.
    if (pagesSeen === 0 || !isInvalidParams(error) || options.fresh) throw error
    return await collect({ ...options, fresh: true })
  }
}

/**
 * The whole list as the cache holds it, fresh or stale, without a request:
 * undefined unless every page is there. `fresh` only if every page is. The
 * items are the cached ones, not copies: to read, or to copy for a caller.
 */
function cachedList<M extends ListMethod>(parts: ClientParts, method: M): Promise<{ items: ListItems[M][]; fresh: boolean; ageMs: number } | undefined> {
  // Tools that break the transport's rules stay out, as in a listing (reported when the fresh listing arrives).
  const keep = method === 'tools/list' ? (item: unknown) => !('error' in checkTool(item as Tool)) : () => true
  return cachedPages(parts, method, LIST_FIELD[method], keep) as Promise<{ items: ListItems[M][]; fresh: boolean; ageMs: number } | undefined>
}

/** The items under `field` of every cached page of `method` (cachedList's walk, for lists of extensions too), those `keep` takes. */
export async function cachedPages(
  { client, cache, requests }: ClientParts,
  method: string,
  field: string,
  keep: (item: unknown) => boolean,
): Promise<{ items: unknown[]; fresh: boolean; ageMs: number } | undefined> {
  const headers = await requests.headers()
  const items: unknown[] = []
  let fresh = true
  let ageMs = 0
  let cursor: string | undefined
  const seen = new Set<string>()
  for (let page = 1; page <= (client.options.maxPages ?? 100); page++) {
    const plan = cache.plan(method, cursor === undefined ? {} : { cursor }, headers)
    const found = plan && cache.read(plan, false)
    const hit = found instanceof Promise ? await found : found
    if (!hit) return undefined
    for (const item of Array.isArray(hit.value[field]) ? (hit.value[field] as unknown[]) : []) if (keep(item)) items.push(item)
    fresh &&= hit.fresh
    ageMs = Math.max(ageMs, hit.ageMs)
    const next = hit.value.nextCursor
    if (typeof next !== 'string') return { items, fresh, ageMs }
    if (seen.has(next)) return undefined
    seen.add(next)
    cursor = next
  }
  return undefined
}
