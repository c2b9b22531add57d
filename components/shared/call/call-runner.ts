/**
 * One tool call run to its end, for `<mcp-tool>` and `<mcp-tool-call>`: the abort switches (Cancel, and for a task
 * the switch that only stops following it), the server's latest progress and task state, the result or the error
 * that ended it, its duration and its end in words for a live region. The element renders from these and decides
 * the rest (approval, focus, events, an MCP Apps view).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import {
  AbortError,
  TaskCancelledError,
  toolTitle,
  type CallToolResult,
  type ProgressNotificationParams,
  type Task as ServerTask,
  type Tool,
} from '../../../src/client/index.js'
import { msg } from '../i18n.js'

/**
 * A call in flight: its abort switch (Cancel: for a task, the server hears tasks/cancel), the switch that only stops
 * following it (the element leaves the page: a task goes on at the server), the latest progress the server reported,
 * and, when the server runs it as a task, the task's latest state.
 */
export interface RunningCall {
  controller: AbortController
  following: AbortController
  progress?: ProgressNotificationParams
  task?: ServerTask
  /** When the call was sent (or the task, when resumed, started), in ms since the epoch: the elapsed time counts from here. Unset while it awaits approval. */
  startedAt?: number
  /** performance.now() when this page sent it (or took up the task). */
  startedHere?: number
}

/**
 * What a call is started with: `signal` cancels (for a task, `tasks/cancel`); `detach` only stops following (the task
 * runs on at the server, kept for resumeTask()); progress and task states go to the runner.
 */
export interface CallStart {
  signal: AbortSignal
  detach: AbortSignal
  onProgress: (progress: ProgressNotificationParams) => void
  onTask: (task: ServerTask) => void
}

/** How a run ended: its result, what ended it without one, or a result that came after Cancel (not shown; why it was cancelled). */
type CallEnd = { result: CallToolResult } | { error: unknown } | { cancelled: string }

export interface CallRun {
  /** The tool called, for the end in words. */
  tool: Tool
  /** Starts the call (a new one, or a task followed again). */
  start: (options: CallStart) => Promise<CallToolResult>
  /** When it started, in ms since the epoch (a task resumed: its start); unset, it counts from sent(). */
  startedAt?: number
  /** A resumed task's last known state. */
  task?: ServerTask
  /** How long a task took as the server timed it, when it tells (one that ended); else the page times the call. */
  serverDuration?: (task: ServerTask) => number | undefined
  /** Whether the run's end is still to be shown; default: it is the runner's current run, still followed. */
  shown?: (running: RunningCall) => boolean
  /** Called as the end is shown (before the run stops being the current one): the element's events and views. */
  ended?: (end: CallEnd, running: RunningCall) => void
}

/** Runs one call at a time for its host; a new run replaces (aborts) the one before. */
export class CallRunner implements ReactiveController {
  /** The call in flight (the host is asked to update at each change). */
  running?: RunningCall
  result?: CallToolResult
  error?: unknown
  /** From the call's start to its result or error. */
  durationMs?: number
  /** How the last call ended, in words, for a polite live region (empty while one runs). */
  announcement = ''

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this)
  }

  hostConnected(): void {}

  /**
   * Runs `call` to its end: progress and task states kept as they come, the result or error, its duration and its
   * announcement set. Resolves whether the run was still the current one when it ended (then it is no longer running).
   */
  async run(call: CallRun): Promise<boolean> {
    this.running?.controller.abort()
    const running: RunningCall = { controller: new AbortController(), following: new AbortController(), task: call.task }
    this.running = running
    if (call.startedAt !== undefined) this.sent(call.startedAt)
    this.result = undefined
    this.error = undefined
    this.durationMs = undefined
    this.announcement = ''
    this.host.requestUpdate()
    const current = () => this.running?.controller === running.controller
    const update = (change: Partial<RunningCall>) => {
      if (current()) {
        Object.assign(running, change)
        this.host.requestUpdate()
      }
    }
    const shown = () => (call.shown ? call.shown(running) : current() && !running.following.signal.aborted)
    let wasCurrent: boolean
    try {
      await this.#follow(call, running, update, shown)
    } finally {
      wasCurrent = current()
      if (wasCurrent) this.running = undefined
      this.host.requestUpdate()
    }
    return wasCurrent
  }

  async #follow(call: CallRun, running: RunningCall, update: (change: Partial<RunningCall>) => void, shown: () => boolean): Promise<void> {
    const title = toolTitle(call.tool)
    try {
      const result = await call.start({
        signal: running.controller.signal,
        detach: running.following.signal,
        onProgress: (progress) => update({ progress }),
        onTask: (task) => {
          // Also when no longer current: letGo() on this call must know that it became a task.
          running.task = task
          update({ task })
        },
      })
      if (!shown()) return
      if (running.controller.signal.aborted) return call.ended?.({ cancelled: abortReason(running.controller.signal) }, running)
      this.durationMs = durationOf(running, call)
      this.result = result
      this.announcement = result.isError
        ? msg('tool.announce-tool-error', '{tool}: the tool reported an error.', { tool: title })
        : msg('tool.announce-done', '{tool}: done. The result is below.', { tool: title })
      // Asked before the host's events: a listener finds the end drawn.
      this.host.requestUpdate()
      call.ended?.({ result }, running)
    } catch (error) {
      // Let go of (removed, another tool shown, a newer run): nothing is said about it here.
      if (!shown()) return
      this.durationMs = durationOf(running, call)
      this.error = error
      this.announcement =
        error instanceof AbortError || (error instanceof TaskCancelledError && error.byClient)
          ? msg('tool.announce-cancelled', '{tool}: the call was cancelled.', { tool: title })
          : msg('tool.announce-failed', '{tool}: the call failed.', { tool: title })
      this.host.requestUpdate()
      call.ended?.({ error }, running)
    }
  }

  /** Marks the running call as sent now (after its approval), or at `startedAt`: its duration counts from here. */
  sent(startedAt = Date.now()): void {
    if (!this.running) return
    this.running.startedAt = startedAt
    this.running.startedHere = performance.now()
  }

  /** Whether `signal` is the running call's (a newer run has not replaced it). */
  isRunning(signal: AbortSignal): boolean {
    return this.running?.controller.signal === signal
  }

  /** Aborts the running call, as a Cancel button does (a task: `tasks/cancel`). */
  cancel(reason: unknown): void {
    this.running?.controller.abort(reason)
  }

  /** Stops a call its element no longer shows: a task is no longer followed (it runs on at the server), any other call is cancelled. */
  letGo(reason: string, running = this.running): void {
    if (running?.task) running.following.abort(reason)
    else running?.controller.abort(reason)
  }

  /** Forgets the call shown (another tool or task is shown): nothing of it stays, and its end will not be said. */
  clear(): void {
    this.running = undefined
    this.result = undefined
    this.error = undefined
    this.durationMs = undefined
    this.announcement = ''
    this.host.requestUpdate()
  }
}

/** Why a call was aborted, in words (a view's `tool-cancelled` says it). */
export const abortReason = (signal: AbortSignal): string =>
  typeof signal.reason === 'string'
    ? signal.reason
    : signal.reason instanceof Error
      ? signal.reason.message
      : msg('tool.cancelled-by-user', 'cancelled by the user')

/**
 * A call's duration: a task's as the server timed it (it may have ended long before this page saw it); else from the
 * call's sending (or the task's start, resumed after a reload). Undefined for a call never sent (refused before:
 * invalid arguments, no tool, denied).
 */
function durationOf(running: RunningCall, call: CallRun): number | undefined {
  const timed = running.task && call.serverDuration?.(running.task)
  if (timed !== undefined) return timed
  if (running.startedAt === undefined || running.startedHere === undefined) return undefined
  return Math.max(performance.now() - running.startedHere, Date.now() - running.startedAt)
}
