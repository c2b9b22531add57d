/**
 * A tool's annotations as the elements show them: the spec's defaults spelled
 * out (a tool that says nothing may change or delete data and reach outside
 * systems), each hint marked stated or assumed. `<mcp-tool-list>`,
 * `<mcp-tool>` and `<mcp-tool-call>` show the same kinds, in their own words.
 */
import { css, html, nothing } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import { toolHints, type Tool } from '../../src/client/index.js'
import { msg } from './i18n.js'

/** What a tool may do, one kind per badge or line. */
export type HintKind = 'read-only' | 'destructive' | 'changes' | 'idempotent' | 'open-world' | 'closed-world'

export interface ShownHint {
  kind: HintKind
  /** The server said so (a boolean annotation); otherwise it is the spec's default. */
  stated: boolean
}

/**
 * The hints to show: read-only, or else destructive (or "changes data" when the server says it does not
 * destroy: `destructiveHint` means something only for a tool that is not read-only, the spec); idempotent when
 * stated; then open or closed world.
 */
export function shownHints(tool: Pick<Tool, 'annotations'> | undefined): ShownHint[] {
  const h = toolHints(tool)
  const shown: ShownHint[] = []
  if (h.readOnlyHint) shown.push({ kind: 'read-only', stated: true })
  else shown.push({ kind: h.destructiveHint ? 'destructive' : 'changes', stated: h.stated.destructiveHint })
  if (h.idempotentHint) shown.push({ kind: 'idempotent', stated: true })
  shown.push({ kind: h.openWorldHint ? 'open-world' : 'closed-world', stated: h.stated.openWorldHint })
  return shown
}

/** The kinds a list row or a tool header shows as badges (what a tool may do that matters before calling it). */
const BADGES = new Set<HintKind>(['read-only', 'destructive', 'idempotent', 'open-world'])

/** The badges of a tool: its stated hints and the spec's defaults for the unstated ones (marked as such). */
export const hintBadges = (tool: Pick<Tool, 'annotations'> | undefined): ShownHint[] => shownHints(tool).filter((h) => BADGES.has(h.kind))

const badgeText = (kind: HintKind): string =>
  ({
    'read-only': () => msg('tool-list.badge.read-only', 'read-only'),
    destructive: () => msg('tool-list.badge.destructive', 'destructive'),
    changes: () => '',
    idempotent: () => msg('tool-list.badge.idempotent', 'idempotent'),
    'open-world': () => msg('tool-list.badge.open-world', 'open world'),
    'closed-world': () => '',
  })[kind]()

/** One badge (part `badge badge-<kind>`); an unstated one is drawn dashed and says it is the spec's default. */
export function renderHintBadge({ kind, stated }: ShownHint) {
  const assumed = stated ? undefined : msg('tool-list.badge.assumed', 'not stated by the server: the spec’s default')
  return html`<span part="badge badge-${kind}" class="badge ${kind}${stated ? '' : ' assumed'}" title=${ifDefined(assumed)}
    >${badgeText(kind)}${assumed ? html`<span class="visually-hidden"> (${assumed})</span>` : nothing}</span
  >`
}

/** A badge is a filled pill in its tone (neutral, danger, success); an assumed one has a dashed edge as well. */
export const hintBadgeStyles = css`
  .badge {
    flex: none;
    font-size: var(--mcp-font-size-xs);
    font-weight: 600;
    /* As tall as a line of meta text (--mcp-font-size-sm), with its edge: a list row keeps a line for the badges. */
    line-height: 1.15;
    padding: 0 var(--mcp-space);
    border: 1px solid transparent;
    border-radius: 999px;
    color: var(--mcp-color-text);
    background: var(--mcp-color-border);
  }
  .badge.assumed {
    border: 1px dashed;
  }
  .badge.destructive {
    color: var(--mcp-color-danger);
    background: var(--mcp-color-danger-bg);
  }
  .badge.read-only {
    color: var(--mcp-color-success);
    background: var(--mcp-color-success-bg);
  }
`
