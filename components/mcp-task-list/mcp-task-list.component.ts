import { html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { TaskCancelledError, TaskError, followTask, hearTaskReports, type McpClient, type StoredTask } from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { EventListenersController } from '../shared/event-listeners.js'
import { emit } from '../shared/events.js'
import { formatCount, I18nController, msg } from '../shared/i18n.js'
import { ClockController, formatElapsed, isTerminal, parseTime, statusToken, taskStatusText } from '../shared/task-status.js'
import { styles } from './mcp-task-list.styles.js'
import { summariseArguments } from './summarise.js'

/** Detail of `mcp-task-open`: the task to show, with the tool and arguments it was started with. */
export interface TaskOpenDetail {
  taskId: string
  tool: string
  arguments: Record<string, unknown>
}

/** Detail of `mcp-task-cancelled`: the task whose cancellation the server was sent. */
export interface TaskCancelDetail {
  taskId: string
}

/** One row: a task the client keeps (running, or ended and not yet cleared), with its latest state heard here. */
interface Row {
  taskId: string
  tool: string
  arguments: Record<string, unknown>
  startedAt: number
  status: string
  statusMessage?: string
  /** When the task's last state was reported (the server's lastUpdatedAt), ms since the epoch. */
  updatedAt?: number
}

/**
 * The tasks of a server (the Tasks extension: tool calls the server runs on
 * its own, which survive a page reload): those still running, and those that
 * ended while the list was on the page, newest first. Each row says which
 * tool, its arguments in short, the status (and the server's status message),
 * and when it started (and how long it has run, or when it ended). From a
 * row the user opens the task (the list fires `mcp-task-open`: the page shows
 * it, e.g. in an `<mcp-tool>` with `name` and `task-id` from the detail, which
 * follows a running task to its result and shows an ended one's result or
 * error), or cancels it (the server is sent `tasks/cancel`). Clear finished
 * removes the ended rows.
 *
 * The list follows each running task it shows (one poll per task, shared with
 * an `<mcp-tool>` showing the same task and with other tabs of the site) and
 * stops when it leaves the page. A task this page could not follow (the
 * network failed, say) shows its status as unknown, with why, not as failed:
 * it may still be running at the server. Every string in a row comes from the
 * server and is shown as text.
 *
 * @tag mcp-task-list
 *
 * @property client - The client whose tasks to show. When unset, the one provided by an enclosing `<mcp-server>`.
 * @attr {string} tool - Only the tasks of this tool (all tools when empty).
 *
 * @fires {CustomEvent<TaskOpenDetail>} mcp-task-open - Open was pressed on a row. Detail: `{ taskId, tool, arguments }`.
 * @fires {CustomEvent<TaskCancelDetail>} mcp-task-cancelled - Cancel was pressed on a running task and the server was asked to stop it. Detail: `{ taskId }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart header - The count of tasks and the Clear finished button.
 * @csspart clear - The Clear finished button.
 * @csspart status - The live region saying what the last action did.
 * @csspart list - The list of tasks, newest first.
 * @csspart task - One task (an `<li>`); has the data attributes `data-task-id` and `data-status` (`working`,
 *   `input_required`, `completed`, `failed`, `cancelled` or `unknown`).
 * @csspart tool - The task's tool name.
 * @csspart arguments - Its arguments in short.
 * @csspart task-status - Its status in words.
 * @csspart task-message - The server's status message.
 * @csspart time - When it started, and how long it ran.
 * @csspart open - A row's Open button.
 * @csspart cancel - A running task's Cancel button.
 * @csspart empty - Shown while there are no tasks.
 * @csspart error - Why the tasks could not be read.
 *
 * @cssprop --mcp-color-accent - The mark of a running task.
 * @cssprop --mcp-color-success - The mark of a completed task.
 * @cssprop --mcp-color-danger - The mark of a failed task.
 * @cssprop --mcp-color-warning - The mark of a task waiting for input.
 */
export class McpTaskListElement extends ConnectedElement {
  static override styles = styles

  @property({ reflect: true }) tool = ''

  @state() private rows: Row[] = []
  @state() private status = ''
  @state() private loadError = ''

  #i18n = new I18nController(this)
  #clock = new ClockController(this, () => this.rows.some((row) => !isTerminal(row.status)))
  /** The client whose tasks are shown. */
  #shown?: McpClient
  /** Running tasks this list follows, by id: aborting stops following (the task runs on). */
  #following = new Map<string, AbortController>()
  /** A read of the kept tasks is under way or wanted again. */
  #reading?: Promise<void>
  #readAgain = false

  #listeners = new EventListenersController(this, () => this.#clientOf(), {
    taskchange: () => void this.#read(),
  })
  /** Stops hearing other tabs' reports (see task-follow.ts). */
  #unhear?: () => void

  #clientOf(): McpClient | undefined {
    return this.client ?? this.connection?.client
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.requestUpdate()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#stopFollowing()
    this.#unhear?.()
    this.#unhear = undefined
    // Back on the page, the tasks are read (and followed) again.
    this.#shown = undefined
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const client = this.isConnected ? this.#clientOf() : undefined
    if (client === this.#shown && !changed.has('tool')) return
    if (client !== this.#shown) {
      this.#stopFollowing()
      this.#unhear?.()
      // Another tab's report (a task it started, a state, an end): the kept tasks are read again.
      this.#unhear = client ? hearTaskReports(client, () => void this.#read()) : undefined
      this.rows = []
      this.status = ''
    }
    this.#shown = client
    this.loadError = ''
    if (client) void this.#read()
  }

  #stopFollowing(): void {
    for (const following of this.#following.values()) following.abort(msg('task-list.removed', 'the task list was closed'))
    this.#following.clear()
  }

  /** Reads the kept tasks (one read at a time; a change heard meanwhile reads again after it). */
  #read(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true
      return this.#reading
    }
    this.#reading = (async () => {
      do {
        this.#readAgain = false
        await this.#readOnce()
      } while (this.#readAgain)
    })().finally(() => (this.#reading = undefined))
    return this.#reading
  }

  async #readOnce(): Promise<void> {
    const client = this.#shown
    if (!client) return
    let kept: StoredTask[]
    try {
      kept = await client.tasks()
    } catch (error) {
      if (client === this.#shown)
        this.loadError = msg('task-list.read-failed', 'The tasks could not be read: {reason}', {
          reason: error instanceof Error ? error.message : String(error),
        })
      return
    }
    if (client !== this.#shown) return
    this.loadError = ''
    const heard = new Map(this.rows.map((row) => [row.taskId, row]))
    this.rows = kept
      .filter((task) => !this.tool || task.tool === this.tool)
      .map((task) => {
        const row: Row = {
          taskId: task.taskId,
          tool: task.tool,
          arguments: task.arguments ?? {},
          startedAt: task.startedAt,
          status: task.last.status,
          statusMessage: task.last.statusMessage,
          updatedAt: parseTime(task.last.lastUpdatedAt),
        }
        // A state heard here that is newer than the kept copy (a report from another tab) wins.
        const known = heard.get(task.taskId)
        return known && (known.updatedAt ?? 0) > (row.updatedAt ?? 0) ? { ...row, status: known.status, statusMessage: known.statusMessage, updatedAt: known.updatedAt } : row
      })
      .sort((a, b) => b.startedAt - a.startedAt)
    for (const [taskId, following] of this.#following) {
      if (!this.rows.some((row) => row.taskId === taskId && !isTerminal(row.status))) {
        following.abort()
        this.#following.delete(taskId)
      }
    }
    for (const row of this.rows) if (!isTerminal(row.status)) this.#follow(client, row.taskId)
  }

  /**
   * Follows a running task to its end, updating its row from each state (one poll shared with the other elements and
   * tabs following it: task-follow.ts).
   */
  #follow(client: McpClient, taskId: string): void {
    if (this.#following.has(taskId)) return
    const following = new AbortController()
    const cancel = new AbortController()
    this.#following.set(taskId, following)
    this.#cancels.set(taskId, cancel)
    const change = (update: Partial<Row>) => {
      if (client === this.#shown) this.rows = this.rows.map((row) => (row.taskId === taskId ? { ...row, ...update } : row))
    }
    followTask(client, taskId, {
      signal: cancel.signal,
      detach: following.signal,
      onTask: (task) => change({ status: task.status, statusMessage: task.statusMessage, updatedAt: parseTime(task.lastUpdatedAt) }),
    })
      .then(
        () => change({ status: 'completed' }),
        (error: unknown) => {
          if (!following.signal.aborted) change(endOf(error))
        },
      )
      .finally(() => {
        if (this.#following.get(taskId) === following) this.#following.delete(taskId)
        if (this.#cancels.get(taskId) === cancel) this.#cancels.delete(taskId)
      })
  }

  /** Abort switches that cancel a followed task (the server is sent tasks/cancel). */
  #cancels = new Map<string, AbortController>()

  /** Asks the server to stop the task `taskId`, as its Cancel button does. */
  cancelTask(taskId: string): void {
    const client = this.#shown
    const row = this.rows.find((r) => r.taskId === taskId)
    if (!client || !row || isTerminal(row.status)) return
    if (!this.#cancels.has(taskId)) this.#follow(client, taskId)
    this.#cancels.get(taskId)?.abort(msg('task-list.cancelled-by-user', 'cancelled by the user'))
    this.status = msg('task-list.cancel-sent', 'Asked the server to cancel the {tool} task.', { tool: row.tool })
    emit<TaskCancelDetail>(this, 'mcp-task-cancelled', { taskId })
  }

  /** Removes the rows of tasks that ended (and whatever the client still keeps of them), as Clear finished does. */
  async clearFinished(): Promise<void> {
    const client = this.#shown
    const ended = this.rows.filter((row) => isTerminal(row.status))
    this.rows = this.rows.filter((row) => !isTerminal(row.status))
    this.status = msg('task-list.cleared', 'Cleared {count} finished tasks.', { count: ended.length })
    if (client) await Promise.all(ended.map((row) => client.forgetTask(row.taskId)))
  }

  #open(row: Row): void {
    emit<TaskOpenDetail>(this, 'mcp-task-open', { taskId: row.taskId, tool: row.tool, arguments: row.arguments })
  }

  override render() {
    const count = this.rows.length
    const ended = this.rows.filter((row) => isTerminal(row.status)).length
    const now = Date.now()
    return html`<div part="base">
      <div part="header">
        <span class="count">${count === 1 ? msg('task-list.count-one', '1 task') : msg('task-list.count', '{count} tasks, newest first', { count: formatCount(count) })}</span>
        <button part="clear" type="button" ?disabled=${!ended} @click=${() => this.clearFinished()}>
          ${msg('task-list.clear', 'Clear finished')}
        </button>
      </div>
      <p part="status" class="status" role="status">${this.status}</p>
      ${this.loadError ? html`<p part="error" class="error" role="alert">${this.loadError}</p>` : nothing}
      ${
        count
          ? html`<ol part="list">
              ${this.rows.map((row) => this.#row(row, now))}
            </ol>`
          : html`<p part="empty" class="empty">${msg('task-list.empty', 'No tasks.')}</p>`
      }
    </div>`
  }

  #row(row: Row, now: number): TemplateResult {
    const status = statusToken(row.status)
    const ended = isTerminal(row.status)
    const started = new Date(row.startedAt)
    // An ended task ran until its last state; a running one until now.
    const ran = (ended ? (row.updatedAt ?? now) : now) - row.startedAt
    return html`<li part="task" class="task" data-task-id=${row.taskId} data-status=${status}>
      <div class="line">
        <span part="tool" class="tool">${row.tool}</span>
        <span part="task-status" class="task-status">${taskStatusText(row.status)}</span>
        <span part="time" class="task-time">
          <time datetime=${started.toISOString()}>${started.toLocaleTimeString()}</time>
          · ${ended ? msg('task-list.ran', 'ran {time}', { time: formatElapsed(ran) }) : msg('task-list.running', 'running for {time}', { time: formatElapsed(ran) })}
        </span>
      </div>
      <code part="arguments" class="arguments">${summariseArguments(row.arguments)}</code>
      ${row.statusMessage ? html`<p part="task-message" class="task-message">${row.statusMessage}</p>` : nothing}
      <div class="actions">
        <button part="open" type="button" aria-label=${msg('task-list.open-label', 'Open the {tool} task', { tool: row.tool })} @click=${() => this.#open(row)}>
          ${msg('task-list.open', 'Open')}
        </button>
        ${
          ended
            ? nothing
            : html`<button
                part="cancel"
                type="button"
                aria-label=${msg('task-list.cancel-label', 'Cancel the {tool} task', { tool: row.tool })}
                @click=${() => this.cancelTask(row.taskId)}
              >
                ${msg('task-list.cancel', 'Cancel')}
              </button>`
        }
      </div>
    </li>`
  }
}

/**
 * A row's end, from the error its follow ended with: cancelled, or failed (expired, unknown to the server, failed) with
 * why. Any other error is this page's failure to follow it (the network, an HTTP error, an answer it cannot read): the
 * task may run on at the server, so its status is unknown here, not failed; the next read of the kept tasks follows it
 * again.
 */
function endOf(error: unknown): Partial<Row> {
  if (error instanceof TaskCancelledError) return { status: 'cancelled', ...(error.statusMessage && { statusMessage: error.statusMessage }) }
  const reason = error instanceof Error ? error.message : String(error)
  if (error instanceof TaskError) return { status: 'failed', statusMessage: reason }
  return {
    status: 'unknown',
    statusMessage: msg('task-list.unreachable', 'This page could not learn how the task is doing; it may still be running at the server. {reason}', { reason }),
  }
}
