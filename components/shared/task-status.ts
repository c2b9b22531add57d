/**
 * How a task (the Tasks extension: a tool call the server runs on its own
 * and the client follows) is told to people: its status in words, the time
 * it has run, how long the server keeps it; shared by `<mcp-tool>` (the task
 * of its call) and `<mcp-task-list>` (every task of a server). A clock
 * controller re-renders its host every second while something ticks.
 */
import { css, type ReactiveController, type ReactiveControllerHost } from 'lit'
import { msg } from './i18n.js'

/** A task's status, as the extension names them. Anything else a server sends is shown as `unknown`. */
export type TaskStatusName = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

const KNOWN: ReadonlySet<string> = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled'])

/** The status as a CSS-safe token (`data-status`, parts): one of the five, else `unknown` (a server's string never becomes a part name). */
export function statusToken(status: unknown): TaskStatusName | 'unknown' {
  return typeof status === 'string' && KNOWN.has(status) ? (status as TaskStatusName) : 'unknown'
}

/** Whether the task is over: completed, failed or cancelled (a task in any other state may still change). */
export function isTerminal(status: unknown): boolean {
  const token = statusToken(status)
  return token === 'completed' || token === 'failed' || token === 'cancelled'
}

/** The status in words. */
export function taskStatusText(status: unknown): string {
  switch (statusToken(status)) {
    case 'working':
      return msg('task.status-working', 'Working')
    case 'input_required':
      return msg('task.status-input-required', 'Waiting for your input')
    case 'completed':
      return msg('task.status-completed', 'Completed')
    case 'failed':
      return msg('task.status-failed', 'Failed')
    case 'cancelled':
      return msg('task.status-cancelled', 'Cancelled')
    default:
      return msg('task.status-unknown', 'Unknown status')
  }
}

/** An elapsed time for people: "8 s", "2 min 05 s", "1 h 03 min". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1_000))
  if (seconds < 60) return msg('task.seconds', '{s} s', { s: seconds })
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return msg('task.minutes', '{m} min {s} s', { m: minutes, s: String(seconds % 60).padStart(2, '0') })
  return msg('task.hours', '{h} h {m} min', { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') })
}

/** Past this, a TTL is said as "more than a year". */
const YEAR_MS = 365 * 24 * 3600 * 1000

/**
 * How long the server keeps the task, counted from its start (`ttlMs`: null for no limit, absent when unknown), and
 * what is left of that at `elapsedMs`.
 */
export function ttlText(ttlMs: number | null | undefined, elapsedMs: number): string {
  if (ttlMs === null) return msg('task.ttl-unlimited', 'Kept by the server without a time limit')
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs < 0) return ''
  // A server may say any number: past a year, the hours would only be a wall of digits (1e301 h).
  if (ttlMs > YEAR_MS) return msg('task.ttl-long', 'Kept by the server for more than a year')
  const left = ttlMs - elapsedMs
  return left > 0
    ? msg('task.ttl', 'Kept by the server for {ttl} ({left} left)', { ttl: formatElapsed(ttlMs), left: formatElapsed(left) })
    : msg('task.ttl-past', 'Kept by the server for {ttl}: that time is over', { ttl: formatElapsed(ttlMs) })
}

/** A time stamp in ms since the epoch from a server's ISO 8601 text, or undefined when it is not one. */
export function parseTime(iso: unknown): number | undefined {
  if (typeof iso !== 'string') return undefined
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms : undefined
}

/**
 * Re-renders its host once a second while `ticking()` says so (a task runs): the elapsed time and the time left move
 * on screen without the server saying anything. Stops when the host leaves the page.
 */
export class ClockController implements ReactiveController {
  #timer?: ReturnType<typeof setInterval>

  constructor(
    private host: ReactiveControllerHost,
    private ticking: () => boolean,
  ) {
    host.addController(this)
  }

  hostConnected(): void {}

  hostUpdated(): void {
    const want = this.ticking()
    if (want && this.#timer === undefined) this.#timer = setInterval(() => this.host.requestUpdate(), 1_000)
    else if (!want) this.#stop()
  }

  hostDisconnected(): void {
    this.#stop()
  }

  #stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer)
    this.#timer = undefined
  }
}

/** The look of a task's status line (a mark per status), shared by the tool and the task list. */
export const taskStatusStyles = css`
  .task-status {
    display: inline-flex;
    gap: 0.3em;
    font-weight: 600;
    color: var(--task-color, var(--mcp-color-accent));
  }
  [data-status='completed'] {
    --task-color: var(--mcp-color-success);
  }
  [data-status='failed'] {
    --task-color: var(--mcp-color-danger);
  }
  [data-status='input_required'] {
    --task-color: var(--mcp-color-warning);
  }
  [data-status='cancelled'],
  [data-status='unknown'] {
    --task-color: var(--mcp-color-text-secondary);
  }
  .task-message {
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .task-time {
    color: var(--mcp-color-text-secondary);
    font-size: 0.9em;
  }
`
