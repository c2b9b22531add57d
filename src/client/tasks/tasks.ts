/**
 * Long-running tools: the Tasks extension (`io.modelcontextprotocol/tasks`, ext-tasks'
 * `specification/draft/tasks.md`). A server may answer `tools/call` with a task; the call's promise follows it with
 * `tasks/get` at the server's interval (never faster; slower while nothing changes or the page is hidden:
 * poll-schedule.ts), up to its TTL or the client's maximum age, a few tasks at a time (follow-slots.ts), answers its
 * input requests with the handlers and `tasks/update`, sends `tasks/cancel` when the caller aborts, and settles with
 * the final result or a typed error.
 * Tasks are kept in the cache store (tasks-store.ts) so a page that comes back can list and resume them.
 */
import { AbortError, JsonRpcError, ProtocolError } from '../../protocol/errors.js'
import { TaskCancelledError, TaskExpiredError, TaskFailedError, TaskNotFoundError } from './task-errors.js'
import { InputRequiredError, mergeCapabilities } from '../call/input-required.js'
import { callBack } from '../requests.js'
import { TASKS_EXTENSION } from './task-types.js'
import { loadOnce } from '../load-once.js'
import type { CallToolResult, ClientCapabilities, InputRequests, InputResponses, Tool } from '../../protocol/generated/2026-07-28.js'
import { answerRound, handlerFor } from '../call/input-rounds.js'
import { checkOutputOf } from '../call/output-check.js'
import type { InputHandlers } from '../options.js'
import type { ClientParts } from '../parts.js'
import type { Result } from '../requests.js'
import type { StoredTask, Task, TaskFollowOptions, TaskStatus } from './task-types.js'
import { hasEnded, readTasks, taskPlace, updateTasks, type TaskPlace } from './tasks-store.js'
import { PollSchedule } from './poll-schedule.js'
import { onPageShown, pageHidden } from './page-visibility.js'
import { followSlots } from './follow-slots.js'

/** The 2025-11-25 wire (a legacy server's experimental tasks): loaded by the first such task only. */
const loadLegacyTasks = loadOnce(() => import('./tasks-legacy.js'))
/** A kept task of a legacy server's wire (`StoredTask.wire`). */
const LEGACY_TASKS: StoredTask['wire'] = '2025-11-25'

/** The capability that declares the extension (no settings are defined: an empty object). */
const TASKS_CAPABILITY: ClientCapabilities = { extensions: { [TASKS_EXTENSION]: {} } }
const STATUSES = new Set<TaskStatus>(['working', 'input_required', 'completed', 'failed', 'cancelled'])

/**
 * Whether a call of `tool` declares the extension: not when tasks are off or the tool's policy forbids them
 * (`execution.taskSupport`, as servers of 2025-11-25 list it); from the start when the tool requires them, the
 * client's `declare` is `'always'`, or the server's `server/discover` offers the extension; else only once the
 * server refuses the call with -32021 naming it.
 */
export function taskCapabilities({ client, requests }: ClientParts, tool: Tool | undefined): { declare?: ClientCapabilities; ifAsked?: ClientCapabilities } {
  const options = client.options.tasks
  if (options === false) return {}
  const policy = (tool as { execution?: { taskSupport?: unknown } } | undefined)?.execution?.taskSupport
  if (policy === 'forbidden') return {}
  const offered = Object.hasOwn(requests.serverCapabilities?.extensions ?? {}, TASKS_EXTENSION)
  // A legacy server never asks with -32021: a tool that may run as a task is sent as one (legacy-era.ts adds `params.task`
  // when the server's capabilities accept it).
  const legacyOptional = policy === 'optional' && requests.era().kind === 'legacy'
  return policy === 'required' || options?.declare === 'always' || offered || legacyOptional ? { declare: TASKS_CAPABILITY } : { ifAsked: TASKS_CAPABILITY }
}

/** The call that made a task, as `followTask()` is given it. */
export interface TaskCall {
  tool: string
  arguments: Record<string, unknown>
  /** When the call was sent (ms since the epoch): no later than the server's `createdAt`, so the TTL is not overrun. */
  sentAt: number
}

/** Follows the task a `tools/call` was answered with (see McpClient.callTool()): keeps it, then polls it to its end. */
export async function followTask(parts: ClientParts, call: TaskCall, created: Result, options: TaskFollowOptions): Promise<CallToolResult> {
  const last = taskOf(created, 'tools/call')
  // A task answer from a legacy server is one of 2025-11-25 (the era read its CreateTaskResult as the extension's answer).
  const legacy = parts.requests.era().kind === 'legacy'
  const stored: StoredTask = { taskId: last.taskId, tool: call.tool, arguments: call.arguments, startedAt: call.sentAt, ttlMs: last.ttlMs, last, ...(legacy && { wire: LEGACY_TASKS }) }
  const { tasks } = parts.client.options
  const remember = tasks !== false && tasks?.remember !== false
  const place = remember ? await taskPlace(parts) : undefined
  if (place) await updateTasks(parts, place, (tasks) => [stored, ...tasks.filter((t) => t.taskId !== stored.taskId)])
  return (await follower(parts, stored, place, options)).run(false, true)
}

/** A follower for `stored`, with the 2025-11-25 reader when the task is of that wire. */
async function follower(parts: ClientParts, stored: StoredTask, place: TaskPlace | undefined, options: TaskFollowOptions): Promise<Follower> {
  return new Follower(parts, stored, place, options, stored.wire === LEGACY_TASKS ? await loadLegacyTasks() : undefined)
}

/** See McpClient.resumeTask(). */
export async function resumeTask(parts: ClientParts, taskId: string, options: TaskFollowOptions): Promise<CallToolResult> {
  const place = await taskPlace(parts)
  const stored = (await readTasks(place)).find((t) => t.taskId === taskId)
  if (!stored) throw new TaskNotFoundError(taskId, undefined, 'client')
  const result = await (await follower(parts, stored, place, options)).run(true, true)
  // The same promise as the call that made it: its output is checked as callTool() checks it.
  return checkOutputOf(parts, stored.tool, result, options.signal)
}

/** See McpClient.tasks(). */
export async function listTasks(parts: ClientParts): Promise<StoredTask[]> {
  return readTasks(await taskPlace(parts))
}

/** See McpClient.forgetTask(). */
export async function forgetTask(parts: ClientParts, taskId: string): Promise<boolean> {
  let found = false
  await updateTasks(parts, await taskPlace(parts), (tasks) => tasks.filter((t) => (t.taskId === taskId ? !(found = true) : true)))
  return found
}

/** See McpClient.clearFinishedTasks(). */
export async function clearFinishedTasks(parts: ClientParts): Promise<number> {
  let removed = 0
  await updateTasks(parts, await taskPlace(parts), (tasks) => tasks.filter((t) => (hasEnded(t) ? !++removed : true)))
  return removed
}

/** Why the follower's own signal aborted: the caller's signal (cancel the task), or the client's close() (stop only). */
const CANCEL = Symbol('cancel')

/** One promise following one task to its end. */
class Follower {
  /** Changes of status or message seen: the `progress` of the synthetic progress notifications. */
  #changes = 0
  /** Input request keys already answered (or being answered): a poll that repeats them asks nobody twice. */
  #answered = new Set<string>()
  #schedule: PollSchedule
  /** How long after it started the task is followed at most (TasksOptions.maxAgeMs). */
  #maxAgeMs: number
  #maxFollows: number
  /** One look at the task in the extension's shape: its `tasks/get`, or a 2025-11-25 task's (tasks-legacy.ts). */
  #get: (signal: AbortSignal) => Promise<Result>

  constructor(
    readonly parts: ClientParts,
    public stored: StoredTask,
    readonly place: TaskPlace | undefined,
    readonly options: TaskFollowOptions,
    legacy?: typeof import('./tasks-legacy.js'),
  ) {
    const given = parts.client.options.tasks || {}
    this.#schedule = new PollSchedule({ min: given.minPollIntervalMs ?? 250, fallback: given.defaultPollIntervalMs ?? 1000, max: given.maxPollIntervalMs ?? 30_000 })
    this.#maxAgeMs = given.maxAgeMs ?? 24 * 60 * 60 * 1000
    this.#maxFollows = given.maxFollows ?? 4
    if (legacy) {
      const reader = new legacy.LegacyTaskReader((method, params, signal, handlers) => this.#send(method, params, signal, handlers), this.#callHandlers())
      this.#get = (signal) => reader.get(signal)
    } else this.#get = (signal) => this.#send('tasks/get', {}, signal)
  }

  /** The input handlers (the client's, the follow's over them), each seeing the call that made the task as the asking request. */
  #callHandlers(): InputHandlers {
    const { client } = this.parts
    const merged: InputHandlers = { ...client.options.handlers, ...this.options.handlers }
    const request = { method: 'tools/call', params: { name: this.stored.tool, arguments: this.stored.arguments } }
    const wrapped: Record<string, unknown> = {}
    for (const [name, handler] of Object.entries(merged) as Array<[string, (p: unknown, c: object) => Promise<unknown>]>) {
      if (handler) wrapped[name] = (params: unknown, context: object) => handler(params, { ...context, method: 'tools/call', request })
    }
    return wrapped as InputHandlers
  }

  /**
   * Polls until the task ends, its TTL or the maximum age passes, once one of the client's follows is free.
   * `pollNow`: the first `tasks/get` goes at once (a resumed task), else after the interval (a task just created).
   * `announce`: the current status is reported first.
   */
  async run(pollNow: boolean, announce: boolean): Promise<CallToolResult> {
    const { requests } = this.parts
    const { signal } = this.options
    // close() aborts this controller (tracked like a request): polling stops, the server's work goes on.
    const controller = new AbortController()
    const onAbort = () => controller.abort(CANCEL)
    if (signal?.aborted) onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    // `detach` stops polling as close() does (no tasks/cancel).
    const onDetach = () => controller.abort()
    if (this.options.detach?.aborted) onDetach()
    this.options.detach?.addEventListener('abort', onDetach, { once: true })
    const untrack = requests.track(controller)
    if (announce) this.#report(this.stored.last)
    let release: (() => void) | undefined
    try {
      release = await followSlots(this.parts.client, this.#maxFollows).take(controller.signal)
      for (let wait = !pollNow; ; wait = true) {
        if (wait) await this.#wait(controller.signal)
        if (this.#timeLeft() <= 0) throw await this.#expired()
        const answer = await this.#get(controller.signal)
        const task = taskOf(answer, 'tasks/get')
        this.#schedule.answered(await this.#note(task))
        switch (task.status) {
          case 'completed':
            return checkResult(answer.result, task.taskId)
          case 'failed':
            throw new TaskFailedError(task.taskId, this.stored.tool, errorOf(answer.error), task.statusMessage)
          case 'cancelled':
            throw new TaskCancelledError(task.taskId, this.stored.tool, this.stored.cancelledAt !== undefined, task.statusMessage)
          case 'input_required': {
            const fresh = Object.entries((answer.inputRequests ?? {}) as InputRequests).filter(([key]) => !this.#answered.has(key))
            if (fresh.length) {
              await this.#answer(fresh, controller.signal)
              // Answered: the server's next state is due soon, so the wait starts over from its interval.
              this.#schedule.answered(true)
            }
          }
        }
      }
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason === CANCEL) throw await this.#cancel()
      if (error instanceof JsonRpcError && error.code === -32602) throw await this.#gone(error)
      throw error
    } finally {
      signal?.removeEventListener('abort', onAbort)
      this.options.detach?.removeEventListener('abort', onDetach)
      untrack()
      release?.()
    }
  }

  /** Waits before the next poll; a wait begun while the page was hidden ends as soon as it is shown. */
  #wait(signal: AbortSignal): Promise<void> {
    const hidden = pageHidden()
    return sleep(this.#schedule.next(this.stored.last.pollIntervalMs, hidden, this.#timeLeft()), signal, hidden)
  }

  /** Ms until the follow ends unanswered: the task's TTL (this device's clock, from when the call was sent) or the maximum age. */
  #timeLeft(): number {
    const { startedAt, ttlMs } = this.stored
    return startedAt + Math.min(this.#maxAgeMs, ttlMs ?? Infinity) - Date.now()
  }

  /** The TTL or the maximum age passed: the task leaves the store, nothing more is sent. */
  async #expired(): Promise<Error> {
    const { taskId, tool, ttlMs } = this.stored
    const maxAge = ttlMs === null || ttlMs > this.#maxAgeMs
    if (this.place) await updateTasks(this.parts, this.place, (tasks) => tasks.filter((t) => t.taskId !== taskId), 'expired')
    return new TaskExpiredError(taskId, tool, maxAge ? this.#maxAgeMs : ttlMs, { maxAge })
  }

  /** Answers input requests not yet answered with the handlers, then `tasks/update`; none to answer: InputRequiredError. */
  async #answer(entries: Array<[string, InputRequests[string]]>, signal: AbortSignal): Promise<void> {
    const { client } = this.parts
    const handlers = this.options.handlers ? { ...client.options.handlers, ...this.options.handlers } : (client.options.handlers ?? {})
    const request = { method: 'tools/call', params: { name: this.stored.tool, arguments: this.stored.arguments } }
    const update = (inputResponses: InputResponses) => this.#send('tasks/update', { inputResponses }, signal)
    if (entries.some(([, r]) => !handlerFor(handlers, r?.method))) {
      const inputRequests = Object.fromEntries(entries) as InputRequests
      // The caller answers: resume() sends the answers and follows the task on, as the call's promise would have.
      const resume = async (inputResponses: InputResponses) => {
        for (const key of Object.keys(inputResponses)) this.#answered.add(key)
        await this.#send('tasks/update', { inputResponses }, this.options.signal)
        return this.run(false, false) as Promise<Record<string, unknown>>
      }
      throw new InputRequiredError('tools/call', inputRequests, undefined, resume, request)
    }
    for (const [key] of entries) this.#answered.add(key)
    const answers = await answerRound(handlers, entries, { method: 'tools/call', request }, signal)
    await update(Object.fromEntries(entries.map(([key], i) => [key, answers[i]])) as InputResponses)
  }

  /** One `tasks/*` request for this task: the extension declared, `Mcp-Name` the task id (methods.ts), the idle timeout of the call's. */
  #send(method: string, params: Record<string, unknown>, signal: AbortSignal | undefined, answering?: InputHandlers): Promise<Result> {
    const { client, requests } = this.parts
    const handlers = this.options.handlers ? { ...client.options.handlers, ...this.options.handlers } : undefined
    const capabilities = mergeCapabilities(client.capabilities(handlers), TASKS_CAPABILITY)
    const options = { signal, timeoutMs: this.options.timeoutMs, ...(answering && { handlers: answering }) }
    return requests.request(method, { taskId: this.stored.taskId, ...params }, options, undefined, capabilities)
  }

  /** The caller aborted: `tasks/cancel` is sent (its answer awaited, its failure not the caller's), the task ends here. */
  async #cancel(): Promise<Error> {
    const { taskId, tool } = this.stored
    try {
      await this.#send('tasks/cancel', {}, AbortSignal.timeout(this.options.timeoutMs ?? this.parts.client.options.timeoutMs ?? 60_000))
    } catch {
      // Cancelling is cooperative: a server that cannot be told keeps the task until its TTL.
    }
    await this.#store((t) => ({ ...t, cancelledAt: Date.now() }))
    return new TaskCancelledError(taskId, tool, true)
  }

  /** -32602 to a `tasks/*` request: the server no longer keeps the task; past its TTL it expired, else it is unknown. */
  async #gone(cause: JsonRpcError): Promise<Error> {
    const { taskId, tool, ttlMs, startedAt } = this.stored
    const expired = ttlMs !== null && Date.now() >= startedAt + ttlMs
    if (this.place) await updateTasks(this.parts, this.place, (tasks) => tasks.filter((t) => t.taskId !== taskId), expired ? 'expired' : 'unknown')
    return expired ? new TaskExpiredError(taskId, tool, ttlMs, { cause }) : new TaskNotFoundError(taskId, tool, 'server', { cause })
  }

  /** A status seen: reported when its status or message changed, and kept. Whether it changed. */
  async #note(task: Task): Promise<boolean> {
    const before = this.stored.last
    const changed = task.status !== before.status || task.statusMessage !== before.statusMessage
    if (changed) this.#report(task)
    if (changed || task.ttlMs !== before.ttlMs || task.pollIntervalMs !== before.pollIntervalMs) await this.#store((t) => ({ ...t, ttlMs: task.ttlMs, last: task }))
    else this.stored = { ...this.stored, last: task }
    return changed
  }

  #report(task: Task): void {
    const { onTask, onProgress } = this.options
    if (onTask) callBack(onTask, { ...task })
    if (onProgress) callBack(onProgress, { progressToken: task.taskId, progress: ++this.#changes, message: task.statusMessage ?? task.status })
  }

  async #store(change: (task: StoredTask) => StoredTask): Promise<void> {
    this.stored = change(this.stored)
    if (!this.place) return
    const { taskId } = this.stored
    // Kept where it is in the list; put back first when another tab's write or a forgetTask() dropped it meanwhile.
    await updateTasks(this.parts, this.place, (tasks) =>
      tasks.some((t) => t.taskId === taskId) ? tasks.map((t) => (t.taskId === taskId ? change(t) : t)) : [this.stored, ...tasks],
    )
  }

}

/** A task from a `CreateTaskResult` or a `tasks/get` answer: its fields, checked; the payload left out. */
function taskOf(result: Result, method: string): Task {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs } = result as Record<string, unknown>
  if (typeof taskId !== 'string' || !STATUSES.has(status as TaskStatus)) {
    throw new ProtocolError(`The server's answer to ${method} is not a task: it lacks a taskId or a known status (got ${JSON.stringify(status)})`)
  }
  return {
    taskId,
    status: status as TaskStatus,
    ...(typeof statusMessage === 'string' && { statusMessage }),
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    lastUpdatedAt: typeof lastUpdatedAt === 'string' ? lastUpdatedAt : '',
    ttlMs: typeof ttlMs === 'number' && ttlMs >= 0 ? ttlMs : null,
    ...(typeof pollIntervalMs === 'number' && pollIntervalMs >= 0 && { pollIntervalMs }),
  }
}

function checkResult(result: unknown, taskId: string): CallToolResult {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    throw new ProtocolError(`The server says task ${taskId} completed, but its answer has no result object`)
  }
  return result as CallToolResult
}

const errorOf = (error: unknown): { code?: number; message?: string; data?: unknown } =>
  typeof error === 'object' && error !== null ? (error as { code?: number; message?: string; data?: unknown }) : {}

/** Waits `ms`; `untilShown`: or until the page is shown again, whichever comes first. */
function sleep(ms: number, signal: AbortSignal, untilShown: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AbortError(signal.reason))
    const done = () => {
      clearTimeout(timer)
      stopWatching()
      signal.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      done()
      reject(new AbortError(signal.reason))
    }
    const wake = () => {
      done()
      resolve()
    }
    const timer = setTimeout(wake, ms)
    const stopWatching = untilShown ? onPageShown(wake) : () => {}
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
