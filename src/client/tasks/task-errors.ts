/**
 * The Tasks extension's errors: a module of their own, loaded with the tasks' code, out of the CDN's first list.
 */
import { McpError, registerErrorClasses } from '../../protocol/errors.js'

/**
 * A task (the Tasks extension, `io.modelcontextprotocol/tasks`) did not end with a result: the base of the four
 * ways it can end otherwise. `taskId` and `tool` say which; the task is no longer followed.
 */
export class TaskError extends McpError {
  override name = 'TaskError'
  constructor(
    readonly taskId: string,
    /** The tool whose call became the task, when known. */
    readonly tool: string | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

const taskOf = (taskId: string, tool: string | undefined) => (tool ? `The task of tool "${tool}" (${taskId})` : `Task ${taskId}`)

/** The server says the task failed (status `failed`): `code`, `data` and the message are the JSON-RPC error it gave. */
export class TaskFailedError extends TaskError {
  override name = 'TaskFailedError'
  constructor(
    taskId: string,
    tool: string | undefined,
    /** The JSON-RPC error the server gave (`error` of the failed task). */
    readonly error: { code?: number; message?: string; data?: unknown },
    /** The task's `statusMessage`, when the server gave one. */
    readonly statusMessage?: string,
  ) {
    const said = statusMessage ?? error.message ?? 'no reason given'
    super(taskId, tool, `${taskOf(taskId, tool)} failed on the server: ${said}${error.code !== undefined ? ` (error ${error.code})` : ''}. Calling the tool again starts it anew.`)
  }
}

/** The task was cancelled: by this client (`byClient`, the caller's signal) or on the server (status `cancelled`). */
export class TaskCancelledError extends TaskError {
  override name = 'TaskCancelledError'
  constructor(
    taskId: string,
    tool: string | undefined,
    /** True when this client asked for the cancellation (`tasks/cancel` after the caller's signal aborted). */
    readonly byClient: boolean,
    /** The task's `statusMessage`, when the server gave one. */
    readonly statusMessage?: string,
  ) {
    super(
      taskId,
      tool,
      `${taskOf(taskId, tool)} was cancelled ${byClient ? 'at your request' : 'by the server'}${statusMessage ? `: ${statusMessage}` : ''}.`,
    )
  }
}

/**
 * The server no longer keeps the task: its TTL (`ttlMs` from `createdAt`) has passed. Its result, if any, is lost.
 * With `maxAge`, the client stopped following it: it ran longer than the client's `tasks.maxAgeMs` (then `ttlMs`).
 */
export class TaskExpiredError extends TaskError {
  override name = 'TaskExpiredError'
  /** True when the client's maximum age ended the follow, not the server's TTL. */
  readonly maxAge: boolean
  constructor(
    taskId: string,
    tool: string | undefined,
    /** The TTL the server last gave, in ms (with `maxAge`, the client's maximum age). */
    readonly ttlMs: number,
    options?: { cause?: unknown; maxAge?: boolean },
  ) {
    super(
      taskId,
      tool,
      options?.maxAge
        ? `${taskOf(taskId, tool)} is no longer followed: it ran longer than this client follows a task (${Math.round(ttlMs / 1000)} s, tasks.maxAgeMs). Call the tool again.`
        : `${taskOf(taskId, tool)} has expired: the server keeps tasks ${Math.round(ttlMs / 1000)} s, and that has passed. Call the tool again.`,
      options && 'cause' in options ? { cause: options.cause } : undefined,
    )
    this.maxAge = options?.maxAge ?? false
  }
}

/**
 * The task is unknown: to the server (`where` 'server': -32602 to `tasks/get` before its TTL was up: another server,
 * another account, or purged), or to this client (`where` 'client': `resumeTask()` of an id it does not keep in this
 * authorization context).
 */
export class TaskNotFoundError extends TaskError {
  override name = 'TaskNotFoundError'
  constructor(
    taskId: string,
    tool: string | undefined,
    readonly where: 'server' | 'client' = 'server',
    options?: { cause?: unknown },
  ) {
    super(
      taskId,
      tool,
      where === 'server'
        ? `${taskOf(taskId, tool)} is unknown to the server (it may have been purged, or belong to another account): its result cannot be fetched. Call the tool again.`
        : `${taskOf(taskId, tool)} is not one this client keeps for this server and account (see client.tasks()): nothing to resume.`,
      options,
    )
  }
}

registerErrorClasses({ TaskError, TaskFailedError, TaskCancelledError, TaskExpiredError, TaskNotFoundError })
