/**
 * What a tool's annotations say, with the spec's defaults spelled out, and
 * whether anything may be decided on them. The spec (server/tools): clients
 * MUST consider tool annotations untrusted unless they come from trusted
 * servers; in the schema `destructiveHint` and `openWorldHint` default to
 * true, `readOnlyHint` and `idempotentHint` to false. So a tool with no
 * annotations may change or delete data and reach outside systems.
 */
import type { Tool } from '../../protocol/generated/2026-07-28.js'

type HintName = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'

/** The four hints, each as the server stated it or at the spec's default. */
export interface ToolHints extends Record<HintName, boolean> {
  /** Which hints the server stated (as booleans); the others are the spec's defaults. */
  stated: Record<HintName, boolean>
  /**
   * Whether the server is trusted (the client's `trustAnnotations`). When false, the hints are what the server
   * says: show them as such ("as the server says"); they decide nothing.
   */
  trusted: boolean
  /** The tool counts as read-only: `readOnlyHint` true from a trusted server. The one hint a policy may act on. */
  readOnly: boolean
}

const DEFAULTS: Record<HintName, boolean> = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }

/**
 * A tool's hints with the spec's defaults. `destructiveHint` and `idempotentHint` mean something only when
 * `readOnlyHint` is false (the spec); they are given as stated or defaulted all the same.
 *
 * @param trusted Whether the server is trusted: pass the client's `options.trustAnnotations`.
 * @example
 * const hints = toolHints(tool, client.options.trustAnnotations)
 * if (hints.destructiveHint) badge(hints.trusted ? 'may change or delete data' : 'may change or delete data (as the server says)')
 */
export function toolHints(tool: Pick<Tool, 'annotations'> | undefined, trusted = false): ToolHints {
  const given = (tool?.annotations ?? {}) as Record<string, unknown>
  const hints = { stated: {}, trusted } as ToolHints
  for (const name of Object.keys(DEFAULTS) as HintName[]) {
    const value = given[name]
    hints.stated[name] = typeof value === 'boolean'
    hints[name] = typeof value === 'boolean' ? value : DEFAULTS[name]
  }
  hints.readOnly = trusted && hints.readOnlyHint
  return hints
}

/**
 * The name to show for a tool, in the spec's order: its `title`, else its annotations' `title`, else its `name`.
 *
 * @example
 * heading.textContent = toolTitle(tool)
 */
export function toolTitle(tool: Pick<Tool, 'name' | 'title' | 'annotations'>): string {
  return String(tool.title || tool.annotations?.title || tool.name)
}
