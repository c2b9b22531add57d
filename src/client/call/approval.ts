/**
 * The approval step of a tool call (a chunk of its own: loaded with the first
 * call that has a gate, or the first look at what is allowed always).
 *
 * "Always" is remembered per server, tool and authorization context, in the
 * client's cache store (IndexedDB in browsers): one record per server and
 * context, private to this file and versioned in its key. A grant holds the
 * tool's definition (see definitionOf): a tool whose definition changed is
 * asked about again. A grant covers the calls of one origin: views', or the
 * page's and models' (see GrantOrigin). With no authorization context
 * known, or no store, grants stay in this client's memory, as private cache
 * entries do (CacheLayer.ownRecord).
 *
 * A gate is asked one call at a time per view, and one at a time for the
 * page's and models' calls (see `lines`): the other calls wait their turn.
 */
import { AbortError } from '../../protocol/errors.js'
import { ApprovalTimeoutError, ToolCallDeniedError } from './call-errors.js'
import { toolHints } from '../tools/tool-hints.js'
import { namedServer } from './named-server.js'
import type { Tool } from '../../protocol/generated/2026-07-28.js'
import type { CallApproval } from './call-log.js'
import type { ApprovalAnswer, ApprovalGate, CallOrigin, ToolCallOptions } from '../options.js'
import type { ClientParts } from '../parts.js'

/** A tool the user allowed always, as `McpClient.alwaysAllowed()` lists it. */
export interface AlwaysAllowed {
  tool: string
  /** When it was allowed (ms since epoch). */
  since: number
  /** Whose calls it covers: MCP Apps views' (`view`), or the page's code, models' and people's (`page`). */
  origin: 'view' | 'page'
}

/**
 * Grants are kept apart by who calls: "always" said for a view's call does not let page code or a model call the
 * tool unasked, and one said for the page's or a model's call does not cover a view, a stranger's code on the page.
 */
type GrantOrigin = AlwaysAllowed['origin']
const grantOrigin = (origin: CallOrigin): GrantOrigin => (origin.kind === 'view' ? 'view' : 'page')

/** The stored record's format: its key names it, so a record of another format is never read as this one. */
const FORMAT = 1
interface Grant {
  name: string
  since: number
  /** The tool's definition when it was allowed (see definitionOf). */
  definition: string
  origin: GrantOrigin
}
type Place = ReturnType<ClientParts['cache']['ownRecord']>
/** Grants have no expiry: they last until revoked (or pushed out of a bounded store, which only means asking again). */
const FOREVER = Number.MAX_SAFE_INTEGER
const GATE = 'the approval gate'
const DECISIONS = new Set(['allow-once', 'allow-always', 'deny'])

/** Where this client's grants are kept, for the authorization context of its requests now. */
async function placeOf({ cache, requests }: ClientParts): Promise<Place> {
  return cache.ownRecord(`mcp-web-elements/approvals/${FORMAT}`, await requests.headers())
}

async function readGrants(place: Place): Promise<Grant[]> {
  try {
    const grants = (await place.get())?.value.grants
    const valid = (g: Grant) => typeof g?.name === 'string' && typeof g.definition === 'string' && (g.origin === 'view' || g.origin === 'page')
    return Array.isArray(grants) ? grants.filter(valid) : []
  } catch {
    // An unreadable store: nothing is remembered, so the gate is asked.
    return []
  }
}

function writeGrants(place: Place, grants: Grant[]): void {
  try {
    const done = place.put({ grants }, FOREVER)
    if (done instanceof Promise) done.catch(() => {})
  } catch {
    // A lost grant only means asking again.
  }
}

/**
 * What a grant was given for: a tool whose title, description, schemas, annotations, icons, `execution` or `_meta`
 * (where MCP Apps say who may see the tool, `ui.visibility`, and which view it has, `ui.resourceUri`) changed is
 * asked about again. Kept as the JSON text itself, not a hash: this chunk imports nothing the client's first chunk
 * holds, so that loading it splits no shared chunk off the client.
 */
const definitionOf = (tool: Tool) =>
  JSON.stringify([
    tool.title,
    tool.description,
    tool.inputSchema,
    tool.outputSchema,
    tool.annotations,
    tool.icons,
    (tool as { execution?: unknown }).execution,
    tool._meta,
  ])

/**
 * The prompt each gate has open, per line: a view's calls wait in a line of that view (its resource), the page's
 * and models' calls in one line per gate (an element's gate is its server's). A view that makes twenty calls at
 * once opens one prompt, and the next after it is answered; a person's own call (origin `user`) waits for none.
 */
const lines = new WeakMap<ApprovalGate, Map<string, Promise<void>>>()

function lineOf(origin: CallOrigin): string | undefined {
  if (origin.kind === 'user') return undefined
  return origin.kind === 'view' ? `view\n${origin.uri}` : 'page'
}

/** A place in `gate`'s `line`: `ready` once the calls before it have their answer; `leave()` lets the next one on. */
function joinLine(gate: ApprovalGate, line: string): { ready: Promise<void>; leave(): void } {
  let gateLines = lines.get(gate)
  if (!gateLines) lines.set(gate, (gateLines = new Map()))
  const before = gateLines.get(line) ?? Promise.resolve()
  let leave!: () => void
  const left = new Promise<void>((resolve) => (leave = resolve))
  const last = before.then(() => left)
  gateLines.set(line, last)
  return {
    ready: before,
    leave() {
      leave()
      if (gateLines.get(line) === last) gateLines.delete(line)
    },
  }
}

/** What a call that waited in line resolves with when an "always" given meanwhile covers it. */
const REMEMBERED = Symbol('remembered')

/** The outcome of the approval step: what the log records, and the error the call rejects with when it may not run. */
interface ApprovalOutcome {
  approval: CallApproval
  error?: Error
}

/**
 * Asks `gate` whether the call may run, unless the tool is allowed always. The wait ends with the call's signal,
 * its `timeoutMs` and the client's `close()`; the gate's signal aborts then.
 */
export async function approveCall(
  parts: ClientParts,
  gate: ApprovalGate,
  tool: Tool,
  args: Record<string, unknown>,
  origin: CallOrigin,
  options: ToolCallOptions,
): Promise<ApprovalOutcome> {
  const { client, requests } = parts
  const place = await placeOf(parts)
  const definition = definitionOf(tool)
  const whose = grantOrigin(origin)
  const remembered = async () =>
    (await readGrants(place)).some((g) => g.name === tool.name && g.definition === definition && g.origin === whose)
  if (await remembered()) return { approval: { decision: 'remembered' } }
  const started = Date.now()
  const controller = new AbortController()
  const { signal } = options
  const onCallAbort = () => controller.abort(new AbortError(signal?.reason))
  if (signal?.aborted) onCallAbort()
  signal?.addEventListener('abort', onCallAbort, { once: true })
  const timeoutMs = options.timeoutMs ?? client.options.timeoutMs ?? 60_000
  const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(new ApprovalTimeoutError(timeoutMs, tool.name)), timeoutMs) : undefined
  const untrack = requests.track(controller)
  const server = namedServer(client.url, client.serverInfo)
  const line = lineOf(origin)
  const turn = line === undefined ? undefined : joinLine(gate, line)
  let answer: ApprovalAnswer
  try {
    const given = await new Promise<unknown>((resolve, reject) => {
      const onAbort = () => reject(controller.signal.reason)
      if (controller.signal.aborted) return onAbort()
      controller.signal.addEventListener('abort', onAbort, { once: true })
      const request = { tool, arguments: args, server, origin, hints: toolHints(tool, client.options.trustAnnotations), signal: controller.signal }
      ;(turn?.ready ?? Promise.resolve())
        // Its turn: unless the call ended while it waited, or an "always" answered before covers it now.
        .then(async () => (controller.signal.aborted ? undefined : turn && (await remembered()) ? REMEMBERED : gate(request)))
        .then(resolve, (error: unknown) => {
          const reason = `it failed (${error instanceof Error ? error.message : String(error)})`
          reject(new ToolCallDeniedError(tool.name, client.url, GATE, reason, { cause: error }))
        })
    })
    if (given === REMEMBERED) return { approval: { decision: 'remembered' } }
    answer = typeof given === 'string' ? { decision: given as ApprovalAnswer['decision'] } : (given as ApprovalAnswer)
    if (!DECISIONS.has(answer?.decision)) {
      const reason = `it answered ${JSON.stringify(given) ?? String(given)}, not allow-once, allow-always or deny`
      answer = { decision: 'deny', by: GATE, reason }
    }
  } catch (error) {
    const approval: CallApproval =
      error instanceof ToolCallDeniedError ? { decision: 'deny', by: error.by, reason: error.reason } : { decision: 'unanswered' }
    return { approval: { ...approval, waitedMs: Date.now() - started }, error: error as Error }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onCallAbort)
    untrack()
    turn?.leave()
  }
  const approval: CallApproval = {
    decision: answer.decision,
    ...(typeof answer.by === 'string' && { by: answer.by }),
    ...(typeof answer.reason === 'string' && { reason: answer.reason }),
    waitedMs: Date.now() - started,
  }
  if (answer.decision === 'deny') return { approval, error: new ToolCallDeniedError(tool.name, client.url, approval.by ?? GATE, approval.reason) }
  if (answer.decision === 'allow-always') {
    const grants = (await readGrants(place)).filter((g) => g.name !== tool.name || g.origin !== whose)
    writeGrants(place, [...grants, { name: tool.name, since: Date.now(), definition, origin: whose }])
  }
  return { approval }
}

/** The tools allowed always on this client's server, in the authorization context of its requests now. */
export async function alwaysAllowed(parts: ClientParts): Promise<AlwaysAllowed[]> {
  return (await readGrants(await placeOf(parts))).map((g) => ({ tool: g.name, since: g.since, origin: g.origin }))
}

/**
 * Revokes "always" for `tool` (for views' calls and the page's), or for every tool of this server and context;
 * resolves with how many grants were revoked.
 */
export async function revokeAlwaysAllowed(parts: ClientParts, tool?: string): Promise<number> {
  const place = await placeOf(parts)
  const grants = await readGrants(place)
  const kept = tool === undefined ? [] : grants.filter((g) => g.name !== tool)
  if (kept.length !== grants.length) writeGrants(place, kept)
  return grants.length - kept.length
}
