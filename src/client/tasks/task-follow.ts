/**
 * One poller per task, however many elements and tabs show it.
 *
 * Elements follow a task (the Tasks extension) through `followTask()`, not
 * `client.resumeTask()` directly: in a tab, every element showing the same
 * task shares one follow; across the tabs of an origin whose clients share a
 * store (`<mcp-server>`'s IndexedDB cache), a Web Lock per task names the one
 * tab that polls (`client.resumeTask()`, the client's own loop at the
 * server's interval). That tab tells the others each state, the end and its
 * result over the store's `BroadcastChannel` (the channel `IdbCache` tells
 * invalidations on; it ignores these messages), and takes their Cancel to the
 * server. When the polling tab goes (closed, reloaded, the elements removed),
 * its lock is released and the next tab waiting for it polls instead.
 *
 * A call that `<mcp-tool>` started (`callTool()` follows the task itself)
 * holds the lock from its first task state (`leadTask()`), so no other tab
 * polls that task meanwhile.
 *
 * Without Web Locks or BroadcastChannel (Node, old browsers), or over a store
 * tabs do not share (a `MemoryCache`), elements of one tab still share a
 * follow; tabs then poll apart.
 */
import { AbortError } from '../../protocol/errors.js'
import { TaskCancelledError, TaskError, TaskExpiredError, TaskFailedError, TaskNotFoundError } from './task-errors.js'
import type { CallToolResult } from '../../protocol/generated/2026-07-28.js'
import type { ContextKey } from '../../cache/context-key.js'
import type { McpClient } from '../McpClient.js'
import type { Task, TaskFollowOptions } from './task-types.js'

/** How one element follows a task: `signal` cancels it (the server is sent tasks/cancel); `detach` only stops watching. */
export interface FollowOptions {
  signal?: AbortSignal
  detach?: AbortSignal
  onTask?: (task: Task) => void
}

/** A task's end as told between tabs (structured-clone safe): the result, or the error's name and fields. */
type Outcome = { result: CallToolResult } | { error: SentError }

interface SentError {
  name: string
  message: string
  taskId?: string
  tool?: string
  byClient?: boolean
  statusMessage?: string
  ttlMs?: number
  error?: { code?: number; message?: string; data?: unknown }
}

type Message =
  | { type: 'task-state'; key: string; task: Task }
  | { type: 'task-end'; key: string; outcome: Outcome }
  | { type: 'task-cancel'; key: string }

interface Watcher {
  onTask?: (task: Task) => void
  resolve(result: CallToolResult): void
  reject(error: unknown): void
}

/** Everyone in this tab following one task. */
class SharedTask {
  readonly watchers = new Set<Watcher>()
  last?: Task
  /** This tab polls it: how to cancel that poll (tasks/cancel), and how to stop it without cancelling. */
  poll?: { cancel(reason: unknown): void; release(): void }
  /** A wait for the task's lock (another tab polls); aborted when nobody here watches any more. */
  waiting?: AbortController

  constructor(
    readonly client: McpClient,
    readonly taskId: string,
    readonly key: string,
    readonly channel: TaskChannel | undefined,
  ) {}

  state(task: Task, tell: boolean): void {
    this.last = task
    for (const watcher of this.watchers) watcher.onTask?.(task)
    if (tell) this.channel?.post({ type: 'task-state', key: this.key, task })
  }

  /**
   * The task ended: here (`error` as thrown), or in the tab that polls (`error` as told). Only the task's own end is
   * told to the other tabs: a poll that failed here (the network, an HTTP error, this tab closing mid-request) is this
   * tab's failure, and the others follow on, the next one polling once this tab lets go of the lock.
   */
  end(outcome: { result: CallToolResult } | { error: unknown }, here: boolean): void {
    if (tasks.get(this.key) === this) tasks.delete(this.key)
    this.waiting?.abort()
    const error = 'error' in outcome ? (here ? outcome.error : rebuilt(outcome.error as SentError)) : undefined
    for (const watcher of this.watchers) {
      if ('result' in outcome) watcher.resolve(outcome.result)
      else watcher.reject(error)
    }
    this.watchers.clear()
    // TaskError's four kinds are the task's own end as the server told it, the same in every tab.
    if (!here || !('result' in outcome || outcome.error instanceof TaskError)) return
    this.channel?.post({ type: 'task-end', key: this.key, outcome: 'result' in outcome ? outcome : { error: sentError(outcome.error) } })
  }

  /** The last watcher left: stop polling (the task runs on at the server) or waiting. */
  leave(watcher: Watcher): void {
    this.watchers.delete(watcher)
    if (this.watchers.size) return
    if (tasks.get(this.key) === this) tasks.delete(this.key)
    this.waiting?.abort()
    this.poll?.release()
  }

  cancel(reason: unknown): void {
    if (this.poll) return this.poll.cancel(reason)
    if (this.waiting && this.channel) return this.channel.post({ type: 'task-cancel', key: this.key })
    // Nobody polls it: this tab does, long enough to send tasks/cancel (#pollHere sets `poll` before it awaits).
    void this.#pollHere()
    this.#cancelPoll(reason)
  }

  #cancelPoll(reason: unknown): void {
    this.poll?.cancel(reason)
  }

  /** Polls here once this tab holds the task's lock (at once when no other tab polls it), else hears the tab that does. */
  start(): void {
    if (this.poll || this.waiting) return
    const locks = this.channel ? globalThis.navigator?.locks : undefined
    if (!locks) return void this.#pollHere()
    const waiting = (this.waiting = new AbortController())
    locks
      .request(lockName(this.key), { signal: waiting.signal }, async () => {
        this.waiting = undefined
        if (!this.watchers.size) return
        await this.#pollHere()
      })
      .catch(() => {
        // Aborted (nobody watches any more, or the task ended elsewhere): nothing to do.
      })
  }

  /** Follows the task with the client's own loop; resolves when that follow ends (or is let go of). */
  async #pollHere(): Promise<void> {
    const cancel = new AbortController()
    const release = new AbortController()
    this.poll = { cancel: (reason) => cancel.abort(reason), release: () => release.abort() }
    const options: TaskFollowOptions = {
      signal: cancel.signal,
      detach: release.signal,
      onTask: (task) => this.state(task, true),
    }
    try {
      const result = await this.client.resumeTask(this.taskId, options)
      this.end({ result }, true)
    } catch (error) {
      if (!release.signal.aborted) this.end({ error }, true)
    } finally {
      this.poll = undefined
    }
  }

  heard(message: Message): void {
    if (message.type === 'task-state' && !this.poll) this.state(message.task, false)
    else if (message.type === 'task-end' && !this.poll) this.end(message.outcome, false)
    else if (message.type === 'task-cancel') this.poll?.cancel(new AbortError('cancelled in another tab'))
  }
}

/** The tasks followed in this tab, by key. */
const tasks = new Map<string, SharedTask>()

/**
 * A task's key: the client's context key and the task's id, so a tab of another authorization context never hears or
 * locks it, even where task ids collide.
 */
const keyOf = (context: ContextKey, taskId: string) => `${context.key}\n${taskId}`
const lockName = (key: string) => `mcp-web-elements task\n${key}`

/** The store's channel, one per channel name; messages of other kinds (the cache's own) are ignored. */
class TaskChannel {
  #channel: BroadcastChannel
  readonly listeners = new Set<(message: Message) => void>()

  constructor(name: string) {
    this.#channel = new BroadcastChannel(name)
    this.#channel.onmessage = (event) => {
      const message = event.data as Message
      if (!message || typeof message !== 'object' || typeof message.key !== 'string') return
      if (message.type !== 'task-state' && message.type !== 'task-end' && message.type !== 'task-cancel') return
      tasks.get(message.key)?.heard(message)
      for (const listener of this.listeners) listener(message)
    }
  }

  post(message: Message): void {
    try {
      this.#channel.postMessage(message)
    } catch {
      // A value the channel cannot clone stays in this tab: the others poll for themselves when the lock frees.
    }
  }
}

const channels = new Map<string, TaskChannel>()

/**
 * The channel of the client's store, when tabs share it (a store with a name: IdbCache), the browser has one, and the
 * client's context key may be shared (no credential out of the client's sight).
 */
function channelOf(client: McpClient, context: ContextKey): TaskChannel | undefined {
  const name = (client.options.cache as { name?: unknown } | undefined)?.name
  if (typeof name !== 'string' || typeof BroadcastChannel !== 'function' || !context.shared) return undefined
  let channel = channels.get(name)
  if (!channel) channels.set(name, (channel = new TaskChannel(name)))
  return channel
}

function sharedTask(client: McpClient, taskId: string): SharedTask {
  const context = client.contextKey()
  const key = keyOf(context, taskId)
  let shared = tasks.get(key)
  if (!shared || shared.client !== client) tasks.set(key, (shared = new SharedTask(client, taskId, key, channelOf(client, context))))
  return shared
}

/**
 * Follows a kept task to its end, as `client.resumeTask()` does, sharing one poll with every element of this tab and
 * every tab of the origin that follows it. `detach` stops this element's follow only (rejecting with an
 * AbortError); `signal` cancels the task at the server.
 */
export function followTask(client: McpClient, taskId: string, options: FollowOptions = {}): Promise<CallToolResult> {
  const shared = sharedTask(client, taskId)
  return new Promise<CallToolResult>((resolve, reject) => {
    if (options.detach?.aborted) return reject(new AbortError(String(options.detach.reason ?? 'no longer followed')))
    const onCancel = () => shared.cancel(options.signal!.reason)
    const onDetach = () => {
      if (!shared.watchers.has(watcher)) return
      shared.leave(watcher)
      watcher.reject(new AbortError(String(options.detach!.reason ?? 'no longer followed')))
    }
    // Once this follow has ended, its switches do nothing: a late abort (the page tidying up) cancels no task that ended.
    const settled = () => {
      options.signal?.removeEventListener('abort', onCancel)
      options.detach?.removeEventListener('abort', onDetach)
    }
    const watcher: Watcher = {
      onTask: options.onTask,
      resolve: (result) => {
        settled()
        resolve(result)
      },
      reject: (error) => {
        settled()
        reject(error)
      },
    }
    shared.watchers.add(watcher)
    if (shared.last) options.onTask?.(shared.last)
    options.detach?.addEventListener('abort', onDetach, { once: true })
    // A signal aborted before the follow fires no 'abort': it cancels the task now, as an abort during the follow does.
    if (options.signal?.aborted) return onCancel()
    options.signal?.addEventListener('abort', onCancel, { once: true })
    shared.start()
  })
}

/**
 * A call this tab follows itself (`callTool()` with `onTask`): from its first task state, this tab holds the task's
 * lock, so other tabs hear it instead of polling, and elements of this tab that follow the task share it. `cancel`
 * is what another tab's Cancel does here. Tell it each state and the end; `release()` when it is let go of.
 */
export function leadTask(
  client: McpClient,
  taskId: string,
  cancel: (reason: unknown) => void,
): { state(task: Task): void; end(outcome: { result: CallToolResult } | { error: unknown }): void; release(): void } {
  const shared = sharedTask(client, taskId)
  let released: () => void = () => {}
  const held = new Promise<void>((resolve) => (released = resolve))
  shared.poll = { cancel, release: () => released() }
  const locks = shared.channel ? globalThis.navigator?.locks : undefined
  locks?.request(lockName(shared.key), { ifAvailable: true }, () => held).catch(() => {})
  const done = () => {
    if (shared.poll?.cancel === cancel) shared.poll = undefined
    released()
  }
  return {
    state: (task) => shared.state(task, true),
    end: (outcome) => {
      done()
      shared.end(outcome, true)
    },
    release: () => {
      done()
      // Elements of this tab still watching now poll for themselves (or hear another tab).
      if (shared.watchers.size) shared.start()
      else if (tasks.get(shared.key) === shared) tasks.delete(shared.key)
    },
  }
}

/**
 * Calls `listener` with the id of each task of `client`'s server another tab reported (a state or its end), so a list
 * re-reads the kept tasks. Returns the function that stops it.
 */
export function hearTaskReports(client: McpClient, listener: (taskId: string) => void): () => void {
  const context = client.contextKey()
  const channel = channelOf(client, context)
  if (!channel) return () => {}
  const prefix = keyOf(context, '')
  const heard = (message: Message) => {
    if (message.key.startsWith(prefix)) listener(message.key.slice(prefix.length))
  }
  channel.listeners.add(heard)
  return () => channel.listeners.delete(heard)
}

/** An error in a form the channel can carry: its class's name and the fields that class takes. */
function sentError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const e = error as Error & Partial<SentError>
  return {
    name: e.name,
    message: e.message,
    ...(typeof e.taskId === 'string' && { taskId: e.taskId }),
    ...(typeof e.tool === 'string' && { tool: e.tool }),
    ...(typeof e.byClient === 'boolean' && { byClient: e.byClient }),
    ...(typeof e.statusMessage === 'string' && { statusMessage: e.statusMessage }),
    ...(typeof e.ttlMs === 'number' && { ttlMs: e.ttlMs }),
    ...(e.error && typeof e.error === 'object' && { error: JSON.parse(JSON.stringify(e.error)) }),
  }
}

/** The typed error again, from what a tab told (the same class, so elements say it in the same words). */
function rebuilt(error: SentError): unknown {
  const { taskId = '', tool } = error
  switch (error.name) {
    case 'TaskFailedError':
      return new TaskFailedError(taskId, tool, error.error ?? { message: error.message }, error.statusMessage)
    case 'TaskCancelledError':
      return new TaskCancelledError(taskId, tool, false, error.statusMessage)
    case 'TaskExpiredError':
      return new TaskExpiredError(taskId, tool, error.ttlMs ?? 0)
    case 'TaskNotFoundError':
      return new TaskNotFoundError(taskId, tool)
    default:
      return Object.assign(new Error(error.message), { name: error.name })
  }
}

