/**
 * The public shapes of the Tasks extension (`io.modelcontextprotocol/tasks`, ext-tasks'
 * `specification/draft/tasks.md`): a task as the server reports it, a task as the client keeps it to resume it, and
 * the options of following one. Apart from tasks.ts so the options and events files can name them without loading it.
 */
import type { InputHandlers } from '../options.js'
import type { ClientCapabilities, ProgressNotificationParams } from '../../protocol/generated/2026-07-28.js'

/** The extension's identifier: the key under `capabilities.extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** Whether a request's capabilities declare the extension (a task answer is taken only then). */
export const declaresTasks = (capabilities: ClientCapabilities) => Object.hasOwn(capabilities.extensions ?? {}, TASKS_EXTENSION)

/** Where a task is: `working` and `input_required` go on; `completed`, `failed` and `cancelled` are the end. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** A task's state as the server last reported it (a `CreateTaskResult`, or a `tasks/get` answer, without its payload). */
export interface Task {
  taskId: string
  status: TaskStatus
  /** The server's words on the state (progress, what it waits for, why it failed): text to show, as text. */
  statusMessage?: string
  /** ISO 8601, as the server sent it. */
  createdAt: string
  /** ISO 8601, as the server sent it. */
  lastUpdatedAt: string
  /** How long the server keeps the task from `createdAt`, in ms; null: no limit. May change while it runs. */
  ttlMs: number | null
  /** The server's suggested polling interval in ms (the client never polls faster). May change while it runs. */
  pollIntervalMs?: number
}

/** A running (or recently ended) task as the client keeps it in its cache store, to list and resume it. */
export interface StoredTask {
  taskId: string
  /** The tool whose call the server turned into this task. */
  tool: string
  /** The arguments as they were sent. */
  arguments: Record<string, unknown>
  /** When the call that made it was answered with the task (ms since the epoch, this device's clock). */
  startedAt: number
  /** The TTL the server last gave, in ms (null: no limit). */
  ttlMs: number | null
  /** The task as last seen. */
  last: Task
  /**
   * When this client asked the server to cancel it (ms since the epoch). Cancelling is cooperative: the server's
   * status may still say `working`; the task counts as ended here.
   */
  cancelledAt?: number
  /**
   * `'2025-11-25'`: a legacy server's task, of that revision's experimental tasks (followed with its `tasks/get` and
   * `tasks/result`); absent for the Tasks extension's.
   */
  wire?: '2025-11-25'
}

/** Options of following a task: those of `callTool()` that still matter once the server answered with a task. */
export interface TaskFollowOptions {
  /**
   * Stops following: sends `tasks/cancel` (the server decides whether to stop the work) and rejects with a
   * `TaskCancelledError` whose `byClient` is true.
   */
  signal?: AbortSignal
  /**
   * Called with each status seen (`tasks/get` answers, the first being the server's `CreateTaskResult`), once per
   * change of status or message. Exceptions it throws are reported apart and never stop the task.
   */
  onTask?: (task: Task) => void
  /**
   * Tasks have no progress notifications; each change of status or message is also given here, as progress that
   * counts up (`progress`: the number of changes seen, `message`: the status message, else the status), so a
   * progress bar written for ordinary calls shows a task's messages.
   */
  onProgress?: (progress: ProgressNotificationParams) => void
  /**
   * Stops following without cancelling, as `close()` does for every call: polling stops and the promise rejects with
   * an `AbortError`; the task goes on at the server and stays kept for `resumeTask()` (an element removed from the
   * page lets its task run on).
   */
  detach?: AbortSignal
  /** Input handlers for the task's input requests, over the client's (as for a multi round-trip call). */
  handlers?: InputHandlers
  /** The idle timeout of each `tasks/*` request (not of the task: a task may run as long as the server keeps it). */
  timeoutMs?: number
}

/** The client's task settings (`McpClientOptions.tasks`). */
export interface TasksOptions {
  /**
   * When to declare the extension on requests: `'auto'` when the server's `server/discover` offers it (or a call is
   * refused with -32021 naming it, or the tool's policy requires it); `'always'` on every request.
   * @default 'auto'
   */
  declare?: 'auto' | 'always'
  /** The interval used when the server suggests none, in ms. @default 1000 */
  defaultPollIntervalMs?: number
  /** The shortest interval whatever the server suggests (a server saying 0 is not hammered), in ms. @default 250 */
  minPollIntervalMs?: number
  /** Keep running tasks in the cache store, so `tasks()` lists them and `resumeTask()` picks them up after a reload. @default true */
  remember?: boolean
  /**
   * The longest the wait between polls grows to, in ms. Each `tasks/get` answer whose status and message repeat the
   * last one makes the next wait 1.5 times longer, up to this; a change goes back to the server's interval. A server
   * asking for a longer interval still gets it. While the page is hidden, every wait is 5 times longer, and the task
   * is polled at once when the page is shown again.
   * @default 30000
   * @example
   * // A dashboard that must notice a change within 5 s, however long the task has been quiet.
   * new McpClient(url, { tasks: { maxPollIntervalMs: 5_000 } })
   */
  maxPollIntervalMs?: number
  /**
   * How long after it started a task is followed at most, in ms; past it (or past the task's TTL, when the server
   * gives one) the follow ends with a `TaskExpiredError` and sends nothing more, and the task leaves the store.
   * @default 86400000 (24 h)
   * @example
   * // Reports that finish within the hour or not at all: stop polling after one.
   * new McpClient(url, { tasks: { maxAgeMs: 60 * 60 * 1000 } })
   */
  maxAgeMs?: number
  /**
   * How many tasks this client follows at once (calls answered with a task, `resumeTask()`, elements showing kept
   * tasks). Further follows wait their turn, first come first served, and start when one of these ends, is aborted or
   * detached; they do not fail. A follow waiting for its user's input keeps its turn. `Infinity`: no limit.
   * @default 4
   * @example
   * // A task list that shows up to ten running tasks live.
   * new McpClient(url, { tasks: { maxFollows: 10 } })
   */
  maxFollows?: number
}

/** The detail of the client's `taskchange` event. */
export interface TaskChange {
  taskId: string
  /** The task as now kept; absent when it was removed. */
  task?: StoredTask
  /** Why it was removed, when it was. */
  removed?: TaskRemovedReason
}

/**
 * Why a task left the store: the server no longer keeps it (`expired`: its TTL passed), does not know it (`unknown`),
 * or the page let it go (`forgotten`: `forgetTask()`, `clearFinishedTasks()`). A task that ends stays, with its last
 * status, until forgotten: a list can show what finished while the page was away.
 */
export type TaskRemovedReason = 'expired' | 'unknown' | 'forgotten'
