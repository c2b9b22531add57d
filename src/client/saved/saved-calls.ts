/**
 * Saved calls (saved-call-types.ts): names, limits and secrets checked here, the export's format written and read
 * here, the keeping in saved-call-stores.ts. Read from the client's public API only (its context key, its cache store,
 * its tools), so McpClient's startup code does not grow with it. Every method reads the context key of the client's
 * requests at its call, so a call saved by one signed-in person is never listed to another.
 */
import type { Tool } from '../../protocol/generated/2026-07-28.js'
import { withoutSecrets } from '../../schema/secrets.js'
import type { McpClient } from '../McpClient.js'
import { SavedCallError, SavedCallImportError } from './saved-call-errors.js'
import { IdbSavedCalls, MemorySavedCalls, type SavedCallChange, type SavedCallStore } from './saved-call-stores.js'
import type { SavedCall, SavedCallInit, SavedCalls, SavedCallsImport } from './saved-call-types.js'

/** The export's `format`: an import of anything else is refused. */
const EXPORT_FORMAT = 'mcp-web-elements/saved-calls'
const EXPORT_VERSION = 1
/** Most calls kept per server and context, and in one import. */
const MAX_CALLS = 500
const MAX_NAME = 200
const MAX_TOOL_NAME = 1_000
/** Most characters of one call's arguments as JSON. */
const MAX_ARGUMENTS = 100_000
/** Most characters of an import's text. */
const MAX_IMPORT = 4_000_000

/** The stores made, by what they are kept for: a cache store (IdbCache, MemoryCache), or a client with none of its own. */
const stores = new WeakMap<object, SavedCallStore>()

/**
 * The calls the user saved for a client's server, in the authorization context of the client's requests (a call saved
 * in another context is never listed): list, save, rename, delete, export and import. Kept in IndexedDB when the
 * client's store is an `IdbCache` (`<mcp-server>`'s default in browsers), never expired or evicted with the cache;
 * else in memory. Saving never calls the tool. Each change fires `savedcallschange` on the client.
 *
 * @example
 * const saved = savedCalls(client)
 * await saved.save({ name: 'Oslo weather', tool: 'get_weather', arguments: { city: 'Oslo' } })
 * for (const call of await saved.list()) console.log(call.name, call.tool, call.arguments)
 */
export function savedCalls(client: McpClient): SavedCalls {
  const place = () => placeOf(client)
  const changed = () => client.dispatchEvent(new CustomEvent('savedcallschange'))
  const update = async <T>(change: (calls: SavedCall[]) => { result: T } & SavedCallChange): Promise<T> => {
    const { store, context } = await place()
    const result = await store.update(context, change)
    changed()
    return result
  }
  return {
    persistent: async () => (await place()).store.persistent,
    list: async () => {
      const { store, context } = await place()
      return newestFirst(await store.update(context, (calls) => ({ result: calls })))
    },
    save: async (init: SavedCallInit) => {
      const tool = await toolOf(client, init.tool)
      const name = checkName(init.name)
      const args = withoutSecrets(jsonCopy(init.arguments ?? {}), tool.inputSchema)
      const call: SavedCall = { id: newId(), name, tool: tool.name, arguments: args, savedAt: Date.now() }
      return update((calls) => {
        nameFree(calls, name)
        if (calls.length >= MAX_CALLS)
          throw new SavedCallError('too-many', `At most ${MAX_CALLS} calls are saved for a server: delete some to save this one.`)
        return { result: call, put: [call] }
      })
    },
    rename: async (id: string, newName: string) => {
      const name = checkName(newName)
      return update((calls) => {
        const call = calls.find((c) => c.id === id)
        if (!call) throw notFound()
        nameFree(calls.filter((c) => c.id !== id), name)
        const renamed = { ...call, name }
        return { result: renamed, put: [renamed] }
      })
    },
    delete: async (id: string) =>
      update((calls) => {
        const found = calls.some((c) => c.id === id)
        return { result: found, remove: found ? [id] : [] }
      }),
    export: async () => {
      const { store, context } = await place()
      const calls = newestFirst(await store.update(context, (all) => ({ result: all })))
      const exported = calls.map(({ name, tool, arguments: args, savedAt }) => ({ name, tool, arguments: args, savedAt }))
      return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, server: client.url, calls: exported }, null, 2)
    },
    import: async (json: string) => {
      const entries = readExport(json)
      // Secrets in the file stay out, for the tools the server lists now (a tool it no longer lists keeps what it has).
      const tools = await client.listTools().catch((): Tool[] => [])
      const schemas = new Map(tools.map((t) => [t.name, t.inputSchema]))
      const now = Date.now()
      return update((calls) => {
        const added: SavedCall[] = []
        let skipped = 0
        const kept = [...calls]
        for (const entry of entries) {
          const schema = schemas.get(entry.tool)
          const args = schema ? withoutSecrets(entry.arguments, schema) : entry.arguments
          const text = JSON.stringify(args)
          if (kept.some((c) => c.name === entry.name && c.tool === entry.tool && JSON.stringify(c.arguments) === text)) {
            skipped++
            continue
          }
          const call = { id: newId(), name: freeName(kept, entry.name), tool: entry.tool, arguments: args, savedAt: entry.savedAt ?? now }
          kept.push(call)
          added.push(call)
        }
        if (kept.length > MAX_CALLS)
          throw new SavedCallImportError(`At most ${MAX_CALLS} calls are saved for a server; this import would make ${kept.length}. Nothing was imported.`)
        return { result: { added, skipped } satisfies SavedCallsImport, put: added }
      })
    },
  }
}

/** The store and context key of the client's requests now. */
async function placeOf(client: McpClient): Promise<{ store: SavedCallStore; context: string }> {
  const { key, shared } = client.contextKey()
  const cache = client.options.cache || undefined
  // A context that is the client's alone (a credential out of its sight) is kept by this client only, in memory; so
  // are the calls of a client with no store of the page's.
  const owner = shared && cache ? cache : client
  let store = stores.get(owner)
  if (!store) {
    store = (shared && (await idbOf(cache))) || new MemorySavedCalls()
    // Another call may have made one meanwhile: the first one made is the one kept.
    store = stores.get(owner) ?? store
    stores.set(owner, store)
  }
  return { store, context: key }
}

/** An IndexedDB store of saved calls beside the cache's own database, when the client's cache store is one that persists. */
async function idbOf(cacheStore: unknown): Promise<SavedCallStore | undefined> {
  const idb = cacheStore as { name?: unknown; persistent?: () => Promise<boolean> } | undefined
  if (typeof idb?.persistent !== 'function' || typeof idb.name !== 'string') return undefined
  try {
    if (!(await idb.persistent())) return undefined
    const store = new IdbSavedCalls(`${idb.name}/saved-calls`)
    await store.opened()
    return store
  } catch {
    // Blocked, private mode, a newer version elsewhere: kept in memory.
    return undefined
  }
}

async function toolOf(client: McpClient, tool: Tool | string): Promise<Tool> {
  if (typeof tool === 'object' && tool !== null && typeof tool.name === 'string') return tool
  const found = (await client.listTools()).find((t) => t.name === tool)
  if (!found) throw new SavedCallError('unknown-tool', `This server has no tool named “${String(tool)}”: nothing was saved.`)
  return found
}

function checkName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (!trimmed) throw new SavedCallError('name', 'A saved call needs a name.')
  if (trimmed.length > MAX_NAME) throw new SavedCallError('name', `A saved call’s name has at most ${MAX_NAME} characters.`)
  return trimmed
}

function nameFree(calls: SavedCall[], name: string): void {
  if (calls.some((c) => c.name === name)) throw new SavedCallError('name-taken', `A saved call is named “${name}” already: choose another name.`)
}

/** `name`, or `name (2)`, `name (3)`… whichever no call has. */
function freeName(calls: SavedCall[], name: string): string {
  const taken = new Set(calls.map((c) => c.name))
  let free = name
  for (let n = 2; taken.has(free); n++) free = `${name} (${n})`
  return free
}

const notFound = () => new SavedCallError('not-found', 'There is no saved call of that id (deleted meanwhile?).')

const newestFirst = (calls: SavedCall[]) => calls.sort((a, b) => b.savedAt - a.savedAt)

function newId(): string {
  return typeof crypto?.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/** Drops `__proto__` keys, so no parsed value can stand for an object's prototype anywhere it is later copied. */
const withoutProto = (key: string, value: unknown) => (key === '__proto__' ? undefined : value)

/** The arguments as plain JSON data, or a SavedCallError when they cannot be (a cycle, a BigInt) or are too large. */
function jsonCopy(args: Record<string, unknown>): Record<string, unknown> {
  let text: string
  try {
    text = JSON.stringify(args)
  } catch {
    throw new SavedCallError('arguments', 'These arguments cannot be saved: they are not JSON data.')
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args) || text === undefined)
    throw new SavedCallError('arguments', 'A saved call’s arguments are an object.')
  if (text.length > MAX_ARGUMENTS)
    throw new SavedCallError('arguments', `These arguments are too large to save (${text.length} characters of JSON; at most ${MAX_ARGUMENTS}).`)
  return JSON.parse(text, withoutProto) as Record<string, unknown>
}

interface ImportEntry {
  name: string
  tool: string
  arguments: Record<string, unknown>
  savedAt?: number
}

/** The calls of an export's text, each checked; the first problem found refuses the whole text. */
function readExport(json: unknown): ImportEntry[] {
  if (typeof json !== 'string') throw new SavedCallImportError('Import takes the text of an export of saved calls (JSON).')
  if (json.length > MAX_IMPORT) throw new SavedCallImportError(`This text is too large to import (${json.length} characters; at most ${MAX_IMPORT}).`)
  let data: unknown
  try {
    data = JSON.parse(json, withoutProto)
  } catch (error) {
    const reason = error instanceof RangeError ? 'it is nested too deeply' : 'it is not valid JSON'
    throw new SavedCallImportError(`This is not an export of saved calls: ${reason}.`)
  }
  const file = data as { format?: unknown; version?: unknown; calls?: unknown } | null
  if (typeof file !== 'object' || file === null || Array.isArray(file) || file.format !== EXPORT_FORMAT)
    throw new SavedCallImportError(`This is not an export of saved calls: its "format" is not "${EXPORT_FORMAT}".`)
  if (file.version !== EXPORT_VERSION)
    throw new SavedCallImportError(`This export is of version ${JSON.stringify(file.version) ?? 'none'}; this page reads version ${EXPORT_VERSION}.`)
  if (!Array.isArray(file.calls)) throw new SavedCallImportError('This export has no list of "calls".')
  if (file.calls.length > MAX_CALLS) throw new SavedCallImportError(`This export has ${file.calls.length} calls; at most ${MAX_CALLS} are imported at once.`)
  return file.calls.map((entry: unknown, index) => readEntry(entry, index + 1))
}

function readEntry(entry: unknown, n: number): ImportEntry {
  const call = entry as Record<string, unknown> | null
  const wrong = (what: string) => new SavedCallImportError(`Call ${n} of the export ${what}. Nothing was imported.`)
  if (typeof call !== 'object' || call === null || Array.isArray(call)) throw wrong('is not an object')
  const { name, tool, arguments: args, savedAt } = call
  if (typeof name !== 'string' || !name.trim()) throw wrong('has no "name"')
  if (name.trim().length > MAX_NAME) throw wrong(`has a name longer than ${MAX_NAME} characters`)
  if (typeof tool !== 'string' || !tool) throw wrong('has no "tool"')
  if (tool.length > MAX_TOOL_NAME) throw wrong(`has a tool name longer than ${MAX_TOOL_NAME} characters`)
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) throw wrong('has "arguments" that are not an object')
  if (args !== undefined && JSON.stringify(args).length > MAX_ARGUMENTS) throw wrong(`has arguments longer than ${MAX_ARGUMENTS} characters of JSON`)
  const time = typeof savedAt === 'number' && Number.isFinite(savedAt) && savedAt >= 0 ? savedAt : undefined
  return { name: name.trim(), tool, arguments: (args as Record<string, unknown> | undefined) ?? {}, ...(time !== undefined && { savedAt: time }) }
}
