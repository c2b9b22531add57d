// Tasks (the extension `io.modelcontextprotocol/tasks`, ext-tasks' specification/draft/tasks.md) on the official
// @modelcontextprotocol/server: a tool answers `tools/call` with a CreateTaskResult and works on in the background;
// `tasks/get`, `tasks/update` and `tasks/cancel` are request handlers of the official server. No official package
// serves 2026-07-28 tasks yet, so this is written to the text: the task answer is one flat object, `tasks/get` adds
// `inputRequests`, `result` or `error` by status, an unknown or expired id is -32602, each input request key is used
// once. The host outlives requests (each request gets a fresh McpServer).
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { z } from 'zod'

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** A tool result, as the task's `result` carries it. */
type ToolResult = { content: Array<Record<string, unknown>>; isError?: boolean; structuredContent?: Record<string, unknown> }

interface HostedTask {
  taskId: string
  status: Status
  statusMessage?: string
  createdAt: number
  lastUpdatedAt: number
  ttlMs: number
  pollIntervalMs: number
  result?: ToolResult
  error?: { code: number; message: string }
  /** Input requests not answered yet, by key, with the answer's resolver. */
  asking: Map<string, { request: Record<string, unknown>; answer(response: Record<string, unknown>): void }>
  /** Keys already used (a key is never reused over a task's life). */
  used: Set<string>
  abort: AbortController
}

/** What a tool's work sees of its task. */
export interface TaskControl {
  /** Aborts when the client cancels the task. */
  signal: AbortSignal
  /** Sets the status message (`working`). */
  say(message: string): void
  /** Asks the client (`input_required` until answered): an `elicitation/create` request's params; resolves with the answer. */
  elicit(key: string, params: Record<string, unknown>): Promise<{ action: string; content?: Record<string, unknown> }>
}

export class TaskHost {
  readonly tasks = new Map<string, HostedTask>()

  /** Starts `work` as a task; returns the CreateTaskResult (the task is there before the answer leaves). */
  start(work: (task: TaskControl) => Promise<ToolResult>, options: { ttlMs?: number; pollIntervalMs?: number } = {}) {
    const now = Date.now()
    const task: HostedTask = {
      taskId: crypto.randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: options.ttlMs ?? 300_000,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      asking: new Map(),
      used: new Set(),
      abort: new AbortController(),
    }
    this.tasks.set(task.taskId, task)
    const change = (update: Partial<HostedTask>) => {
      if (isOver(task.status)) return
      Object.assign(task, update, { lastUpdatedAt: Date.now() })
    }
    const control: TaskControl = {
      signal: task.abort.signal,
      say: (statusMessage) => change({ statusMessage }),
      elicit: (key, params) => {
        if (task.used.has(key)) throw new Error(`input request key ${key} used twice`)
        task.used.add(key)
        return new Promise((resolve, reject) => {
          task.asking.set(key, {
            request: { method: 'elicitation/create', params },
            answer: (response) => resolve(response as { action: string; content?: Record<string, unknown> }),
          })
          change({ status: 'input_required' })
          task.abort.signal.addEventListener('abort', () => reject(task.abort.signal.reason), { once: true })
        })
      },
    }
    work(control).then(
      (result) => change({ status: 'completed', result }),
      (error: unknown) => {
        if (task.abort.signal.aborted) return
        const code = error instanceof ProtocolError ? error.code : ProtocolErrorCode.InternalError
        const message = error instanceof Error ? error.message : String(error)
        change({ status: 'failed', statusMessage: `Failed: ${message}`, error: { code, message } })
      },
    )
    return { resultType: 'task', ...this.#shape(task) }
  }

  /** The task's common fields. */
  #shape(task: HostedTask) {
    return {
      taskId: task.taskId,
      status: task.status,
      ...(task.statusMessage !== undefined && { statusMessage: task.statusMessage }),
      createdAt: new Date(task.createdAt).toISOString(),
      lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
      ttlMs: task.ttlMs,
      pollIntervalMs: task.pollIntervalMs,
    }
  }

  /** The task, or -32602 when unknown or past its TTL (then it is purged). */
  #find(taskId: string, verb: string): HostedTask {
    const task = this.tasks.get(taskId)
    if (task && Date.now() > task.createdAt + task.ttlMs) {
      this.tasks.delete(taskId)
      task.abort.abort(new Error('expired'))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to ${verb} task: Task has expired`)
    }
    if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to ${verb} task: Task not found`)
    return task
  }

  get(taskId: string) {
    const task = this.#find(taskId, 'retrieve')
    const shape = this.#shape(task)
    if (task.status === 'input_required')
      return { ...shape, inputRequests: Object.fromEntries([...task.asking].map(([key, asked]) => [key, asked.request])) }
    if (task.status === 'completed') return { ...shape, result: task.result }
    if (task.status === 'failed') return { ...shape, error: task.error }
    return shape
  }

  update(taskId: string, inputResponses: Record<string, Record<string, unknown>>) {
    const task = this.#find(taskId, 'update')
    for (const [key, response] of Object.entries(inputResponses ?? {})) {
      const asked = task.asking.get(key)
      // Unknown or already answered keys are ignored, as the text allows.
      if (!asked) continue
      task.asking.delete(key)
      asked.answer(response)
    }
    if (task.status === 'input_required' && task.asking.size === 0) {
      task.status = 'working'
      task.lastUpdatedAt = Date.now()
    }
    return {}
  }

  cancel(taskId: string) {
    const task = this.#find(taskId, 'cancel')
    if (!isOver(task.status)) {
      task.status = 'cancelled'
      task.statusMessage = 'Cancelled at the client’s request.'
      task.lastUpdatedAt = Date.now()
      task.abort.abort(new Error('cancelled'))
    }
    return {}
  }

  /** Registers tasks/get, tasks/update and tasks/cancel on a request's McpServer. */
  serve(mcp: McpServer): void {
    const id = z.object({ taskId: z.string() }).passthrough()
    mcp.server.setRequestHandler('tasks/get', { params: id }, async ({ taskId }) => this.get(taskId) as never)
    // The official server lifts `inputResponses` out of the params (as for a multi round-trip retry) into the context.
    mcp.server.setRequestHandler('tasks/update', { params: id }, async ({ taskId }, ctx) =>
      this.update(taskId, (ctx.mcpReq as { inputResponses?: Record<string, Record<string, unknown>> }).inputResponses ?? {}) as never,
    )
    mcp.server.setRequestHandler('tasks/cancel', { params: id }, async ({ taskId }) => this.cancel(taskId) as never)
  }
}

const isOver = (status: Status) => status === 'completed' || status === 'failed' || status === 'cancelled'

/** Whether the request declared the extension (a server must not answer with a task otherwise). */
export function declaresTasks(ctx: { mcpReq: { envelope?: object } }): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, { extensions?: Record<string, unknown> } | undefined> | undefined
  return !!envelope?.['io.modelcontextprotocol/clientCapabilities']?.extensions?.[TASKS_EXTENSION]
}

/**
 * What a tool that only runs as a task answers a client that did not declare the extension. (The text asks for
 * -32021; the official server turns an error thrown by a tool into a tool error, so it is said as one.)
 */
export function tasksRequired() {
  return {
    content: [{ type: 'text' as const, text: `This tool runs only as a task: the client must declare the ${TASKS_EXTENSION} extension.` }],
    isError: true,
  }
}

/** Sleeps `ms`, or rejects when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}
