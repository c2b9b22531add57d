/**
 * The experimental tasks of revision 2025-11-25 (basic/utilities/tasks.mdx), read as the Tasks extension's shapes so
 * one follower (tasks.ts) serves both eras. What differs on that wire:
 * - a `tools/call` becomes a task only when sent with `params.task` (the server's capabilities list
 *   `tasks.requests.tools.call`, the tool's `execution.taskSupport` is `required` or `optional`); its answer is a
 *   `CreateTaskResult`, `{ task: { …, ttl, pollInterval } }`, not a flat `resultType: "task"` (legacy-era.ts sends it);
 * - `tasks/get` carries no payload: a finished task's result (or JSON-RPC error) comes from `tasks/result`;
 * - input is not in the task: at `input_required` the client calls `tasks/result`, which blocks while the server sends
 *   its elicitation (or sampling) requests on that response stream; the legacy era answers them with the handlers.
 */
import { JsonRpcError } from '../../protocol/errors.js'
import type { JsonRpcResponse } from '../../protocol/jsonrpc.js'
import type { InputHandlers } from '../options.js'
import type { Result } from '../requests.js'

/** Whether a legacy server's `initialize` capabilities accept task-augmented `tools/call` (tasks.mdx: else a client MUST NOT send one). */
export function acceptsToolTasks(capabilities: Record<string, unknown>): boolean {
  const tasks = capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined
  return typeof tasks?.requests?.tools?.call === 'object' && tasks.requests.tools.call !== null
}

/** A 2025-11-25 task (`ttl`, `pollInterval`) with the extension's field names (`ttlMs`, `pollIntervalMs`); tasks.ts checks it. */
function fromLegacyTask(task: unknown): Result {
  const { ttl, pollInterval, ...rest } = (typeof task === 'object' && task !== null ? task : {}) as Record<string, unknown>
  return { ...rest, ttlMs: ttl, ...(pollInterval !== undefined && { pollIntervalMs: pollInterval }) }
}

/** The answer to a task-augmented `tools/call`: a `CreateTaskResult` becomes the extension's task answer; anything else is left as it is. */
export function fromCreateTaskResult(response: JsonRpcResponse): JsonRpcResponse {
  if (!('result' in response)) return response
  const { task, _meta } = response.result as { task?: unknown; _meta?: unknown }
  if (typeof task !== 'object' || task === null) return response
  return { ...response, result: { ...fromLegacyTask(task), resultType: 'task', ...(_meta !== undefined && { _meta }) } }
}

/** How the reader sends one `tasks/*` request for its task (tasks.ts: the task id, the call's timeout, the client's capabilities). */
export type TaskSend = (method: string, params: Record<string, unknown>, signal: AbortSignal, handlers?: InputHandlers) => Promise<Result>

/** What `tasks/result` gave: the call's result, or the JSON-RPC error the call would have answered. */
type Outcome = { result: Result } | { error: JsonRpcError }

/**
 * `tasks/get` of a 2025-11-25 task in the extension's shape: the `result` or `error` of a finished task fetched from
 * `tasks/result`; at `input_required`, `tasks/result` opened (once at a time) and left running while polling goes on
 * (tasks.mdx: a requestor may poll while it waits), so statuses keep coming and the server's requests are answered.
 */
export class LegacyTaskReader {
  /** The `tasks/result` in flight, if any: its outcome, once the task ends, is the result. */
  #pending?: Promise<Outcome>

  constructor(
    private readonly send: TaskSend,
    /** The handlers for the server's requests on the `tasks/result` stream: they see the call that made the task. */
    private readonly handlers: InputHandlers,
  ) {}

  async get(signal: AbortSignal): Promise<Result> {
    const task = fromLegacyTask(await this.send('tasks/get', {}, signal))
    if (task.status === 'input_required') this.#pending ??= this.#fetch(signal)
    if (task.status !== 'completed' && task.status !== 'failed') return task
    const outcome = await (this.#pending ?? this.#fetch(signal))
    if (task.status === 'completed') {
      // A completed task whose result is gone (purged in between): its error is the follower's (-32602: gone).
      if ('error' in outcome) throw outcome.error
      return { ...task, result: outcome.result }
    }
    return {
      ...task,
      error:
        'error' in outcome
          ? { code: outcome.error.code, message: outcome.error.message, data: outcome.error.data }
          : errorOfResult(outcome.result),
    }
  }

  #fetch(signal: AbortSignal): Promise<Outcome> {
    const pending: Promise<Outcome> = this.send('tasks/result', {}, signal, this.handlers).then(
      (result) => ({ result }),
      (error: unknown) => {
        // A JSON-RPC error is the call's answer; a broken or timed-out request is not: the next poll opens another.
        if (error instanceof JsonRpcError) return { error }
        if (this.#pending === pending) this.#pending = undefined
        throw error
      },
    )
    // Seen by the poll that awaits it; a failure while the task still runs only means the next poll asks again.
    pending.catch(() => {})
    this.#pending = pending
    return pending
  }
}

/**
 * A failed task's `tasks/result` may be the tool's own result with `isError` (tasks.mdx: a tool error fails the task):
 * its text is the failure's message.
 */
function errorOfResult(result: Result): { message?: string } {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : []
  const text = content
    .filter((c) => c?.type === 'text' && typeof c.text === 'string')
    .map((c) => c.text)
    .join('\n')
  return text ? { message: text } : {}
}
