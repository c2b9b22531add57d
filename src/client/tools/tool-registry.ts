/**
 * The tool index: each tool of the newest listing with the `x-mcp-header`
 * paths a call of it must mirror (kept apart from the cache, because a call
 * needs them whatever the cache's TTL says), the tools called by name that no
 * listing held, and the tools left out because their definition breaks the
 * transport's rules (reported once per definition).
 */
import { InvalidToolError, SchemaError } from '../../protocol/errors.js'
import type { Tool } from '../../protocol/generated/2026-07-28.js'
import { findHeaderParams, type HeaderParam } from '../../schema/mcp-header.js'

type ToolEntry = { tool: Tool; headers: HeaderParam[] } | { tool: Tool; error: InvalidToolError | SchemaError }

export class ToolRegistry {
  /** Each listed tool with its header annotations, from the newest listing. */
  readonly entries = new Map<string, ToolEntry>()
  /** Tools called by name that the newest listing did not hold: not listed again for each call. */
  readonly unlisted = new Set<string>()
  /** The definition last reported as invalid, by tool name: a cached or repeated listing reports nothing new. */
  #reportedInvalid = new Map<string, string>()

  /** @param report Told of each tool left out, once per definition. */
  constructor(readonly report: (tool: Tool, reason: string) => void) {}

  /** Keeps the tools whose header annotations are valid, remembering them for calls; reports the others. */
  accept(tools: Tool[], firstPage: boolean, cached?: unknown): Tool[] {
    // The cached page this one is a copy of, item for item: a checked tool of it is a check of the copy's.
    const originals = Array.isArray(cached) && cached.length === tools.length ? (cached as Tool[]) : undefined
    if (firstPage) {
      this.entries.clear()
      this.unlisted.clear()
    }
    return tools.filter((tool, i) => {
      const original = checkTool(originals?.[i] ?? tool)
      // The entry names the caller's tool (invalidTools hands it out), never the cached one.
      const entry = original.tool === tool ? original : { ...original, tool }
      this.entries.set(tool?.name, entry)
      if (!('error' in entry)) return true
      const name = String(tool?.name)
      const definition = JSON.stringify(tool)
      if (this.#reportedInvalid.get(name) !== definition) {
        this.#reportedInvalid.set(name, definition)
        this.report(tool, entry.error.message)
      }
      return false
    })
  }

  /** The tools the newest listing left out, with why. */
  get invalid(): Array<{ tool: Tool; reason: string }> {
    return [...this.entries.values()].flatMap((entry) => ('error' in entry ? [{ tool: entry.tool, reason: entry.error.message }] : []))
  }
}

// A listing served from the cache holds the same tool objects: each schema is walked once.
const checkedTools = new WeakMap<Tool, ToolEntry>()

/** A tool with the header paths to mirror, or the error that keeps it out of the list. */
export function checkTool(tool: Tool): ToolEntry {
  if (typeof tool !== 'object' || tool === null)
    return { tool, error: new InvalidToolError(String(tool), 'the listing entry is not an object') }
  let entry = checkedTools.get(tool)
  if (entry) return entry
  try {
    const found = findHeaderParams(tool?.inputSchema)
    entry = found.ok ? { tool, headers: found.params } : { tool, error: new InvalidToolError(tool?.name, found.reason) }
  } catch (e) {
    if (!(e instanceof SchemaError)) throw e
    entry = { tool, error: new SchemaError(`The inputSchema of tool "${tool?.name}" was refused: ${e.message}`) }
  }
  checkedTools.set(tool, entry)
  return entry
}
