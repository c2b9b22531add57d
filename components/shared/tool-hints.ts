/**
 * A tool's annotations as the elements show them: the spec's defaults spelled
 * out (a tool that says nothing may change or delete data and reach outside
 * systems), each hint marked stated or assumed. `<mcp-tool-list>`,
 * `<mcp-tool>` and `<mcp-tool-call>` show the same kinds, in their own words.
 */
import { toolHints, type Tool } from '../../src/client/index.js'

/** What a tool may do, one kind per badge or line. */
export type HintKind = 'read-only' | 'destructive' | 'changes' | 'idempotent' | 'open-world' | 'closed-world'

export interface ShownHint {
  kind: HintKind
  /** The server said so (a boolean annotation); otherwise it is the spec's default. */
  stated: boolean
}

/**
 * The hints to show: read-only, or else destructive (or "changes data" when the server says it does not
 * destroy) and idempotent; then open or closed world. `destructiveHint` and `idempotentHint` mean something only
 * for a tool that is not read-only (the spec).
 */
export function shownHints(tool: Pick<Tool, 'annotations'> | undefined): ShownHint[] {
  const h = toolHints(tool)
  const shown: ShownHint[] = []
  if (h.readOnlyHint) shown.push({ kind: 'read-only', stated: true })
  else {
    shown.push({ kind: h.destructiveHint ? 'destructive' : 'changes', stated: h.stated.destructiveHint })
    if (h.idempotentHint) shown.push({ kind: 'idempotent', stated: true })
  }
  shown.push({ kind: h.openWorldHint ? 'open-world' : 'closed-world', stated: h.stated.openWorldHint })
  return shown
}
