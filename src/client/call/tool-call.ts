/**
 * One `tools/call`: the tool looked up in the index (listed first when
 * unknown), the arguments checked against its `inputSchema` (once: not again
 * when a form's `checkArguments()` found them valid against it), the approval
 * gate asked (approval.ts, a chunk of its own; with no gate, only the page's
 * own calls run and a view's or a model's is denied), `x-mcp-header` arguments
 * mirrored into headers, the input rounds, the result's `structuredContent`
 * checked against its `outputSchema`; and the call recorded in the call log.
 */
import { methodPrefix } from '../../cache/policy.js'
import { AbortError, InvalidArgumentsError } from '../../protocol/errors.js'
import { ToolCallDeniedError } from './call-errors.js'
import { paramHeaders } from '../../transport/headers.js'
import { isInvalidParams } from '../requests.js'
import { loadOnce } from '../load-once.js'
import type { CallToolResult, Tool } from '../../protocol/generated/2026-07-28.js'
import type { CallApproval } from './call-log.js'
import { withInput } from './input-rounds.js'
import { checkOutput } from './output-check.js'
import type { CallOrigin, ToolCallOptions } from '../options.js'
import type { ClientParts } from '../parts.js'
import { followTask, taskCapabilities } from '../tasks/tasks.js'

/** The approval step's chunk: loaded by the first call with a gate, or the first look at what is allowed always. */
export const loadApproval = loadOnce(() => import('./approval.js'))
/** The origin of a call that names none. */
const PAGE: CallOrigin = { kind: 'page' }

/** See McpClient.callTool(): the call, recorded in the log whatever its outcome. */
export async function callTool(parts: ClientParts, name: string, given: Record<string, unknown>, options: ToolCallOptions): Promise<CallToolResult> {
  const time = Date.now()
  const origin = options.origin ?? PAGE
  const call: Call = { args: given }
  const record = (outcome: { result: CallToolResult } | { error: unknown }) =>
    parts.log.record({ time, durationMs: Date.now() - time, origin, method: 'tools/call', tool: name, arguments: call.args, ...call.approval && { approval: call.approval }, ...outcome })
  try {
    const result = await run(parts, name, call, origin, options)
    record({ result })
    return result
  } catch (error) {
    record({ error })
    throw error
  }
}

/** What the log learns of a call as it goes: the arguments as sent, and the approval step's decision. */
interface Call {
  args: Record<string, unknown>
  approval?: CallApproval
}

async function run(parts: ClientParts, name: string, call: Call, origin: CallOrigin, options: ToolCallOptions): Promise<CallToolResult> {
  const { client, tools } = parts
  // The arguments as the wire will carry them, taken once: what is checked, approved, logged and sent is one
  // value, whatever the caller does with its own object meanwhile.
  let args: Record<string, unknown>
  let text: string
  try {
    text = JSON.stringify(call.args) ?? 'null'
    args = call.args = JSON.parse(text)
  } catch (error) {
    throw new InvalidArgumentsError(name, [{ path: '', message: `they cannot be sent as JSON (${(error as Error).message})` }])
  }
  if (!tools.entries.has(name) && !tools.unlisted.has(name)) {
    // Its x-mcp-header paths are in its schema. A server that cannot list still gets the call: its answer says what is wrong.
    await client.listTools({ signal: options.signal }).catch((e) => {
      if (e instanceof AbortError) throw e
    })
    // Not in the listing either: called as it is, without listing again on every call until the tools change.
    if (!tools.entries.has(name)) tools.unlisted.add(name)
  }
  const known = () => {
    const entry = tools.entries.get(name)
    if (entry && 'error' in entry) throw entry.error
    return entry
  }
  let tool = known()
  // Synchronous once the validator is loaded: no await on the path of every call.
  const validate = (): Promise<void> | void => {
    if (!tool) return
    const loaded = parts.validator.loaded
    if (loaded) return loaded.validateArguments(name, tool.tool.inputSchema, args, text)
    return parts.validator().then((v) => v.validateArguments(name, tool!.tool.inputSchema, args, text))
  }
  const validating = validate()
  if (validating) await validating
  const gate = options.approve === undefined ? client.options.approve : options.approve
  if (gate) {
    const approval = await (await loadApproval()).approveCall(parts, gate, tool?.tool ?? ({ name } as Tool), JSON.parse(text), origin, options)
    call.approval = approval.approval
    if (approval.error) throw approval.error
  } else if (origin.kind === 'page' || origin.kind === 'user') call.approval = UNGATED
  else {
    // Only the page's own code runs without a gate: a view's or a model's call (or an origin this code does not
    // know) needs one, whichever element or page made the client.
    call.approval = NO_GATE
    throw new ToolCallDeniedError(name, client.url, NO_GATE.by!, NO_GATE.reason)
  }
  let result: CallToolResult
  const sentAt = Date.now()
  try {
    result = (await withInput(
      parts,
      'tools/call',
      { name, arguments: args },
      options,
      () => (tool ? paramHeaders(tool.headers, args) : {}),
      async () => {
        // -32020: the tool's schema may have changed. List again and check the arguments against the new schema;
        // then only the round that failed is sent again (answers already given are not asked for twice).
        await client.listTools({ signal: options.signal, fresh: true })
        tool = known()
        await validate()
      },
      taskCapabilities(parts, tool?.tool),
    )) as CallToolResult
  } catch (error) {
    if (isInvalidParams(error)) {
      // Unknown tool or invalid params: the cached listing may be out of date (spec, caching). Listed again for next time.
      parts.cache.invalidate(methodPrefix(client.url, 'tools/list'))
      client.listTools({ fresh: true }).catch(() => {})
    }
    throw error
  }
  // A task (the Tasks extension): the same promise follows it to its result.
  if ((result as { resultType?: string }).resultType === 'task') result = await followTask(parts, { tool: name, arguments: args, sentAt }, result, options)
  return tool?.tool.outputSchema ? checkOutput(parts, name, tool, result) : result
}

/** The log's approval of a call of the page's own (origin `page` or `user`) with no gate. */
const UNGATED: CallApproval = { decision: 'ungated' }
/** The log's approval of any other call with no gate: denied. */
const NO_GATE: CallApproval = {
  decision: 'deny',
  by: 'policy',
  reason: "no approval gate is set for calls a view or a model makes (give the client, or the call, an approve of the page's own)",
}
