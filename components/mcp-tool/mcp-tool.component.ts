import { Task, TaskStatus } from '@lit/task'
import { html, nothing, type PropertyValues } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import { keyed } from 'lit/directives/keyed.js'
import {
  AbortError,
  InvalidArgumentsError,
  appResourceUri,
  type CallToolResult,
  type McpClient,
  type StoredTask,
  type Task as ServerTask,
  type Tool,
} from '../../src/client/index.js'
import type { McpAppElement } from '../mcp-app/mcp-app.js'
import '../mcp-app/mcp-app.js'
import '../mcp-content/mcp-content.js'
import '../mcp-icon/mcp-icon.js'
import type { McpSchemaFormElement } from '../mcp-schema-form/mcp-schema-form.js'
import '../mcp-schema-form/mcp-schema-form.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { asError, emit, type ErrorDetail } from '../shared/events.js'
import { deepActiveElement } from '../shared/focus.js'
import { I18nController, msg } from '../shared/i18n.js'
import { followTask, leadTask } from '../../src/client/index.js'
import { ClockController, isTerminal, parseTime } from '../shared/task-status.js'
import { hintBadges, renderHintBadge } from '../shared/tool-hints.js'
import { preloadWhenIdle } from '../shared/lazy-element.js'
import { loadElicitationDialog } from '../mcp-elicitation/input-handlers.js'
import { ResultFrameController, headingLevel, renderProgress, renderToolHeader } from '../shared/call/call-display.js'
import { CallRunner, abortReason, type CallStart } from '../shared/call/call-runner.js'
import { styles } from './mcp-tool.styles.js'
import { TaskOfOtherToolError } from './errors.js'
import { readArguments, writeArguments } from './stored-arguments.js'
import { renderTask } from './task-display.js'
import { ToolPanels } from './tool-panels.js'

/** Detail of `mcp-tool-call`. */
export interface ToolCallDetail {
  name: string
  arguments: Record<string, unknown>
}

/** Detail of `mcp-tool-result`: the call's result (also when `isError`). */
export interface ToolResultDetail {
  result: CallToolResult
}

/** A call shown by the tool's MCP Apps view: its arguments, then its result or why it ended without one. */
interface AppCall {
  id: number
  args: Record<string, unknown>
  result?: CallToolResult
  cancelled?: string
}

/**
 * One tool of a server: a form built from its `inputSchema`, a Call button,
 * and the result. Arguments are checked before anything is sent, and problems
 * the client finds are shown on the fields. While the call runs, a progress
 * bar follows the server's progress notifications (indeterminate without a
 * total, with the server's message) and Cancel aborts the call (the server
 * sees it cancelled). The result is shown with `<mcp-content>` (the client
 * checked it against the tool's `outputSchema`); tool errors (`isError`) and failures
 * (HTTP, timeout, protocol) are shown as errors a person can read, each said
 * once, with Retry. The result (or failure) comes in a frame: a heading
 * ("Result: <tool title>", which names its group, so two tools' results
 * differ), the status (success, tool error, failure, cancelled; in words, an
 * icon and a colour, and `data-status`), the time from the call's start to
 * its end, Copy (the result's text, or its JSON when shown) and Show JSON /
 * Show result (the whole `CallToolResult` as JSON).
 *
 * The last arguments are kept per server and tool for the browser tab's
 * session, so reopening the tool pre-fills its form.
 *
 * Tasks (tool calls the server runs on its own): a running task is shown with
 * its status, the server's message, the time elapsed and the TTL, Cancel, and
 * the input dialog when it asks. On the page again (after a reload), the tool
 * finds its newest running task and follows it. With `task-id`, it shows that
 * task instead (one the client keeps, as `<mcp-task-list>` lists them): the
 * form holds the arguments it was started with; a running task is followed
 * (one poll shared with the other elements and tabs following it), an ended
 * one shows its result or why it ended.
 *
 * Copy as code (a panel, its code loaded when first opened): the call the form would make now, as a curl command
 * for a POSIX shell (with the 2026-07-28 headers; every server or user string one single-quoted word), as JavaScript
 * with `McpClient`, or as the JSON-RPC request. A credential is a placeholder (`$MCP_TOKEN`) unless the user ticks
 * "Include my token", offered only for a token in the client's own `headers`: an `auth` sign-in's token is not
 * given to page code. A legacy server (sessions) gets no curl command, and a note why. The copied code is shown in
 * a read-only box, and selected for copying by hand when the browser refuses the clipboard.
 *
 * Save call (a form, its code loaded when first opened): keeps the form's arguments under a name, for this server and
 * authorization context (`savedCalls(client)`; `<mcp-saved-calls>` lists them), without what the schema marks as
 * secret. Saving calls nothing.
 *
 * Keyboard: Enter in a one-line field calls the tool, as Call does. While the
 * call runs the form is disabled, so focus moves from the field to Cancel; when
 * the call ends it goes back to the field. A call started while focus is
 * elsewhere (the page's own `call()`) moves no focus. How the call ended is
 * announced (a polite live region, `announcement`).
 *
 * A tool with an MCP Apps view (`_meta.ui.resourceUri`), on a client with the
 * `apps` option, shows each call in an `<mcp-app>` (from the call's start: the
 * view gets the arguments, then the result or the cancellation); the previous
 * call's view is torn down first. If the view cannot be shown, the result is
 * shown as content.
 *
 * @tag mcp-tool
 *
 * @attr {string} name - The tool to show, looked up with `listTools()` (when `tool` is not set).
 * @attr {number} heading-level - The level of the tool's title heading, 1 to 6 (default 3): the one that follows the
 *   page's own headings.
 * @attr {string} task-id - A task of this tool to show (an id from `client.tasks()`, or `mcp-task-open`'s detail):
 *   followed while it runs, its result or error once it ended. A task of another tool fails with
 *   `TaskOfOtherToolError`; one the client does not keep, with `TaskNotFoundError`. Changing it lets go of the task
 *   shown (it runs on at the server).
 *
 * @property {Tool} tool - The tool to show (wins over `name`).
 * @property {McpClient} client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 * @property {Record<string, unknown>} value - Arguments to fill the form with (a link's, say), instead of the ones this
 *   tool was last called with in the tab's session. Filling never calls the tool.
 *
 * @fires {CustomEvent<ToolCallDetail>} mcp-tool-call - Before a call is sent. Detail: `{ name, arguments }`. Cancelable: `preventDefault()` stops the call.
 * @fires {CustomEvent<ToolResultDetail>} mcp-tool-result - The call completed. Detail: `{ result }` (a `CallToolResult`, also when `isError`).
 * @fires {CustomEvent<ErrorDetail>} mcp-tool-error - The call failed (invalid arguments, HTTP, timeout, protocol, cancelled). Detail: `{ error }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart header - The tool's icon, title, name and description.
 * @csspart title - The tool's title.
 * @csspart description - The tool's description.
 * @csspart hints - The annotation badges (each `badge badge-<kind>`, as in `<mcp-tool-list>`): what the server says,
 *   and the spec's defaults where it says nothing (destructive, open world), drawn dashed.
 * @csspart form - The `<mcp-schema-form>` of the arguments.
 * @csspart actions - The row with the Call and Cancel buttons.
 * @csspart call - The Call button.
 * @csspart cancel - The Cancel button (while a call runs).
 * @csspart copy-code-toggle - The "Copy as code" button (`aria-expanded`), which opens its panel.
 * @csspart copy-code-panel - The panel: `copy-curl`, `copy-javascript`, `copy-json-rpc` (buttons), `include-token` (the
 *   label of its checkbox), `copy-code-note`, `copy-code-status` (says "Copied."), `copy-code-text` (the copied code).
 * @csspart save-call-toggle - The "Save call" button (`aria-expanded`), which opens its form.
 * @csspart save-call-form - The form naming the call to save: `save-call-label`, `save-call-name` (its field),
 *   `save-call-save`, `save-call-cancel` (buttons), `save-call-status` (says "Saved as …" or why not).
 * @csspart progress - The live region with the progress bar and message.
 * @csspart progress-bar - The `<progress>` element.
 * @csspart result - The live region with the result: a group named by the frame's heading (not a landmark: a page may show the same tool twice, and landmarks' names must differ).
 * @csspart result-frame - The frame around a result or failure; `data-status` is `success`, `tool-error`, `failure` or `cancelled`.
 * @csspart result-header - The frame's top row: heading, status, duration and buttons.
 * @csspart result-heading - "Result: <tool title>" (`role="heading"`, one level below the tool's title: `heading-level` + 1).
 * @csspart result-status - The status in words with its icon; also `status-success`, `status-tool-error`, `status-failure`, `status-cancelled`.
 * @csspart duration - The time from the call's start to its result or failure.
 * @csspart button - The frame's buttons; also `copy`, `json-toggle` (`aria-pressed`), `retry`.
 * @csspart copy-status - Says whether Copy worked (a status line).
 * @csspart result-json - The whole `CallToolResult` as JSON (with Show JSON).
 * @csspart announcement - The live region (visually hidden) that says how the last call ended.
 * @csspart app - The `<mcp-app>` showing a call in the tool's view.
 * @csspart error - A failure, with its explanation.
 *
 * @cssprop --mcp-color-accent - The Call button and the progress bar.
 * @cssprop --mcp-color-danger - Text of failures, and the frame's mark for a failure.
 * @cssprop --mcp-color-warning - The frame's mark for a tool error (`isError`).
 * @cssprop --mcp-color-success - The frame's mark for a success.
 * @cssprop --mcp-color-danger-bg - Background of failures.
 * @cssprop --mcp-font-size-lg - The tool's title (default `1.25rem`, or `--font-heading-sm-size`).
 * @cssprop --mcp-font-size-sm - Its name, the duration and JSON text (default `0.8125rem`, or `--font-text-sm-size`).
 * @cssprop --mcp-font-size-xs - The annotation badges (default `0.75rem`, never smaller).
 * @cssprop --mcp-radius-lg - Corners of the result's frame (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-color-border-strong - Edges of the secondary buttons and fields (3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpToolElement extends ConnectedElement {
  static override styles = styles

  @property({ attribute: false }) tool?: Tool
  @property({ reflect: true }) name = ''
  @property({ attribute: 'heading-level', type: Number }) headingLevel = 3
  @property({ attribute: 'task-id', reflect: true }) taskId = ''
  @property({ attribute: false }) value?: Record<string, unknown>

  @state() private appCall?: AppCall
  @state() private appFailed = false

  @query('mcp-schema-form') private form?: McpSchemaFormElement
  @query('button[part=call]') private callButton?: HTMLButtonElement
  @query('button[part=cancel]') private cancelButton?: HTMLButtonElement
  @query('mcp-app') private app?: McpAppElement

  /** The stored arguments the form starts from, and which server and tool they were read for. */
  #prefill?: Record<string, unknown>
  #prefillFor?: string
  #i18n = new I18nController(this)
  #frame = new ResultFrameController(this)
  /** The call shown: running, or how it ended. */
  #calls = new CallRunner(this)
  /** A running task's elapsed time and time left move every second. */
  #clock = new ClockController(this, () => !!this.#calls.running?.task)
  #appCalls = 0
  #panels = new ToolPanels(this, {
    client: () => this.#client,
    args: () => (this.form?.arguments ?? {}) as Record<string, unknown>,
  })
  /**
   * The server and tool whose kept tasks were looked for (once per tool shown, and again when back on the page); with
   * `task-id`, and that task's id.
   */
  #resumedFor?: string
  /** The `task-id` whose task (or none) the call shown belongs to. */
  #taskShown = ''

  /** The tool named by `name`, when `tool` is not given; reloads when the server's tool list changes. */
  #lookup = new Task(this, {
    task: async ([client, name], { signal }) => {
      if (!client || !name) return undefined
      const tool = (await client.listTools({ signal })).find((t) => t.name === name)
      if (!tool) throw new Error(msg('tool.not-found', 'This server has no tool named “{name}”.', { name }))
      return tool
    },
    args: () => [this.tool ? undefined : this.#client, this.tool ? '' : this.name, this.connection?.changes.tools] as const,
  })

  get #client(): McpClient | undefined {
    return this.client ?? this.connection?.client
  }

  /** The tool shown: the `tool` property, else the one looked up by `name`. */
  get #tool(): Tool | undefined {
    if (this.tool) return this.tool
    // While a changed list is fetched again, the tool found before stays (a running call and the form are kept).
    const found = this.#lookup.status === TaskStatus.ERROR ? undefined : this.#lookup.value
    return found?.name === this.name ? found : undefined
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Back on the page after being taken off (not a move): a task it let go of may still run; look for it again.
    // The end of the task `task-id` names, already shown, stays as it is.
    const calls = this.#calls
    if (!calls.running && !(this.taskId && (calls.result || calls.error !== undefined))) this.#resumedFor = undefined
    this.requestUpdate()
  }

  protected override firstUpdated(): void {
    // A call may ask the user for input (its dialog is a chunk of its own): loaded before it is needed.
    preloadWhenIdle(loadElicitationDialog)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    // Nobody is left to see the result. A plain call is cancelled (the server hears it rather than working on); a
    // task is only let go of: it goes on at the server, and this tool (or <mcp-task-list>) finds it again. Checked
    // after the DOM operation: a move (taken out and put back at once) keeps the call.
    const running = this.#calls.running
    queueMicrotask(() => this.isConnected || (running && this.#calls.letGo(msg('tool.removed', 'the tool view was closed'), running)))
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const tool = this.#tool
    const client = this.#client
    const key = tool && client ? keyOf(client, tool) : undefined
    if (key !== this.#prefillFor || this.taskId !== this.#taskShown) {
      // Another tool (or server), or another task: its own stored arguments, and nothing of the previous one's call.
      this.#prefillFor = key
      this.#taskShown = this.taskId
      this.#prefill = this.value ?? (tool && client ? readArguments(client.contextKey(), tool.name) : undefined)
      this.#calls.letGo(msg('tool.switched', 'another tool was opened'))
      this.#calls.clear()
      this.appCall = undefined
    } else if (changed.has('value') && this.value) {
      this.#prefill = this.value
    }
    // The task `task-id` names; else a task of this tool still running at the server (the page was reloaded, or the
    // tool shown again): followed here.
    const wanted = key && (this.taskId ? `${key}\n${this.taskId}` : key)
    if (wanted && wanted !== this.#resumedFor && !this.#calls.running && this.isConnected) {
      this.#resumedFor = wanted
      void (this.taskId ? this.#open(client!, tool!, this.taskId, wanted) : this.#resume(client!, tool!, key))
    }
  }

  /** Shows the task `taskId` (the `task-id` attribute): followed while it runs, its end once it ended. */
  async #open(client: McpClient, tool: Tool, taskId: string, wanted: string): Promise<void> {
    let kept: StoredTask | undefined
    try {
      kept = (await client.tasks()).find((task) => task.taskId === taskId)
    } catch {
      // No store to read: followTask() says that the client does not keep it.
    }
    if (this.#calls.running || this.#resumedFor !== wanted || !this.isConnected) return
    if (kept && kept.tool !== tool.name) {
      const mismatch = new TaskOfOtherToolError(taskId, kept.tool, tool.name)
      return this.#run(client, tool, {}, Date.now(), () => Promise.reject(mismatch))
    }
    // The form shows what the task was started with (not this tab's last arguments).
    if (kept) this.#prefill = kept.arguments ?? {}
    await this.#run(
      client,
      tool,
      kept?.arguments ?? {},
      kept?.startedAt ?? Date.now(),
      (options) => followTask(client, taskId, options),
      kept?.last,
      true,
    )
  }

  /** Follows the newest task of `tool` the client keeps (from this page's earlier life), if there is one. */
  async #resume(client: McpClient, tool: Tool, key: string): Promise<void> {
    let kept: StoredTask | undefined
    try {
      // The newest one the client last saw running (tasks() lists newest first); one that ended stays ended, and so
      // does one the user cancelled (cancelledAt: cancelling is cooperative, its last status may still say working).
      kept = (await client.tasks()).find(
        (task) => task.tool === tool.name && !isTerminal(task.last.status) && task.cancelledAt === undefined,
      )
    } catch {
      return // No store to read: nothing to resume, and nothing to say (a call still works).
    }
    if (!kept || this.#calls.running || this.#prefillFor !== key || !this.isConnected) return
    const args = kept.arguments ?? {}
    // Through task-follow.ts: one poll for every element and tab showing this task.
    await this.#run(client, tool, args, kept.startedAt, (options) => followTask(client, kept.taskId, options), kept.last)
  }

  /** Validates the form and calls the tool, as the Call button does. Resolves when the call has ended. */
  async call(): Promise<void> {
    const tool = this.#tool
    const client = this.#client
    if (!tool || !client || this.#calls.running) return
    const form = this.form
    if (form && !(await form.validate())) return
    const args = (form?.arguments ?? {}) as Record<string, unknown>
    if (!emit<ToolCallDetail>(this, 'mcp-tool-call', { name: tool.name, arguments: args }, { cancelable: true })) return
    writeArguments(client.contextKey(), tool.name, args)
    await this.#run(client, tool, args, Date.now(), (options) =>
      client.callTool(tool.name, args, {
        ...options,
        // The user pressed Call with the arguments on screen: under <mcp-server>'s policy that is the approval.
        origin: { kind: 'user' },
      }),
    )
  }

  /**
   * Runs one call (`start`: a new call, or a task resumed) to its end: progress and task states shown as they come,
   * Cancel wired, the result or error framed and announced, the events fired.
   */
  async #run(
    client: McpClient,
    tool: Tool,
    args: Record<string, unknown>,
    startedAt: number,
    start: (options: CallStart) => Promise<CallToolResult>,
    task?: ServerTask,
    /** A task followed again (through followTask(), which shares its poll); else a new call, whose task this tab leads. */
    resumed = task !== undefined,
  ): Promise<void> {
    // The form is disabled while the call runs: the field the user pressed Enter in loses focus. Focus goes to Cancel
    // meanwhile, and back to that field when the call ends (a keyboard user is never dropped to the page's start).
    const focused = deepActiveElement()
    const returnTo = focused && this.#holds(focused) ? focused : undefined
    const appCall = client.options.apps && appResourceUri(tool) ? { id: ++this.#appCalls, args } : undefined
    const toApp = (change: Partial<AppCall>) => {
      if (appCall && this.appCall?.id === appCall.id) this.appCall = { ...this.appCall, ...change }
    }
    const run = this.#calls.run({
      tool,
      startedAt,
      task,
      serverDuration,
      start: async (options) => {
        if (appCall) {
          // The previous call's view may have work to save: it is asked to tear down, and answers, before it goes.
          await this.app?.teardown()
          this.appCall = appCall
          this.appFailed = false
        }
        // A call of this element that the server made a task: this tab follows it, and tells the other tabs (task-follow.ts).
        let lead: ReturnType<typeof leadTask> | undefined
        options.detach.addEventListener('abort', () => lead?.release(), { once: true })
        try {
          const result = await start({
            ...options,
            onTask: (task) => {
              options.onTask(task)
              if (!resumed && !lead)
                lead = leadTask(client, task.taskId, (reason) => this.#calls.isRunning(options.signal) && this.#calls.cancel(reason))
              lead?.state(task)
            },
          })
          lead?.end({ result })
          return result
        } catch (error) {
          if (!options.detach.aborted) lead?.end({ error })
          throw error
        }
      },
      // Let go of (removed, another tool shown): the task runs on, and nothing is said about it here.
      shown: (running) => !running.following.signal.aborted && this.#prefillFor === keyOf(client, tool),
      ended: (end, running) => {
        if ('cancelled' in end) return toApp(end)
        if ('result' in end) {
          toApp({ result: end.result })
          return emit<ToolResultDetail>(this, 'mcp-tool-result', { result: end.result })
        }
        const { error } = end
        toApp({
          cancelled:
            error instanceof AbortError ? abortReason(running.controller.signal) : error instanceof Error ? error.message : String(error),
        })
        emit<ErrorDetail>(this, 'mcp-tool-error', { error: asError(error) })
      },
    })
    if (returnTo) void this.updateComplete.then(() => this.#refocusIfLost(this.cancelButton))
    // Cancel goes away with the call: focus that was there is lost, and goes back to where the user was. A call
    // started with focus elsewhere (the page's own call()) moves no focus: that would scroll the page to the tool.
    if ((await run) && returnTo) void this.updateComplete.then(() => this.#refocusIfLost(returnTo.isConnected ? returnTo : this.callButton))
  }

  /** Whether `element` (found through shadow roots) is inside this element. */
  #holds(element: Element): boolean {
    for (let node: Node | null = element; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
      if (node === this) return true
    }
    return false
  }

  /**
   * Focuses `target` when focus is lost: on the page's body (a control disabled or removed under it) or on this
   * element itself. Focus the user put anywhere else stays there.
   */
  #refocusIfLost(target: HTMLElement | undefined): void {
    const focused = deepActiveElement()
    if (!focused || focused === this || (this.#holds(focused) && (focused.matches(':disabled') || !focused.isConnected))) target?.focus()
  }

  /** Aborts the running call, as the Cancel button does. */
  cancel(): void {
    this.#calls.cancel(msg('tool.cancelled-by-user', 'cancelled by the user'))
  }

  #onCancelClick(): void {
    this.cancel()
    // The Cancel button goes away with the call: the keyboard user stays in the tool, on Call.
    this.updateComplete.then(() => this.callButton?.focus())
  }

  /** Retry: the same call again, with the form as it is. */
  #retry(): void {
    void this.call()
    // The Retry button goes with the result: the keyboard user stays on the call's controls.
    this.updateComplete.then(() => (this.renderRoot.querySelector<HTMLButtonElement>('button[part~=cancel]') ?? this.callButton)?.focus())
  }

  protected override render() {
    const tool = this.#tool
    if (!tool) return this.#renderMissing()
    const { running, result, error, durationMs, announcement } = this.#calls
    const fieldErrors = error instanceof InvalidArgumentsError ? error.errors : []
    // A result the tool's view shows is not shown twice; a cancelled or failed call is framed too.
    const framed = result ? !(this.appCall && !this.appFailed) : error !== undefined
    return html`<div part="base" class="base">
      ${renderToolHeader(tool, this.client?.url, headingLevel(this.headingLevel))}
      <p part="hints" class="badges">${hintBadges(tool).map(renderHintBadge)}</p>
      ${tool.description ? html`<p part="description" class="description">${tool.description}</p>` : nothing}
      <mcp-schema-form
        part="form"
        aria-labelledby="title"
        .schema=${tool.inputSchema}
        .value=${this.#prefill}
        .errors=${fieldErrors}
        ?disabled=${!!running}
        @mcp-form-submit=${() => this.call()}
      ></mcp-schema-form>
      <div part="actions" class="actions">
        <button part="call" class="primary" type="button" aria-disabled=${running ? 'true' : 'false'} @click=${() => this.call()}>
          ${msg('tool.call', 'Call')}
        </button>
        ${
          running
            ? html`<button part="cancel" type="button" @click=${this.#onCancelClick}>${msg('tool.cancel', 'Cancel')}</button>`
            : nothing
        }
        ${this.#panels.renderToggles()}
      </div>
      ${this.#panels.renderPanels(tool)}
      <div part="progress" class="progress" role="status" aria-live="polite">
        ${running && !running.task ? renderProgress(running.progress) : nothing}
      </div>
      ${running?.task ? renderTask(running.task, running.startedAt ?? Date.now()) : nothing}
      ${
        this.appCall
          ? keyed(
              this.appCall.id,
              html`<mcp-app
                part="app"
                .client=${this.#client}
                .tool=${tool}
                .input=${this.appCall.args}
                .result=${this.appCall.result}
                .cancelled=${this.appCall.cancelled}
                @mcp-app-error=${() => (this.appFailed = true)}
              ></mcp-app>`,
            )
          : nothing
      }
      <p part="announcement" class="visually-hidden" role="status">${announcement}</p>
      <section
        part="result"
        class="result"
        role="group"
        aria-live="polite"
        aria-labelledby=${ifDefined(framed ? ResultFrameController.headingId : undefined)}
      >
        ${
          framed
            ? this.#frame.render({
                tool,
                headingLevel: Math.min(headingLevel(this.headingLevel) + 1, 6),
                result,
                error,
                durationMs,
                serverUrl: this.#client?.url ?? '',
                retry: error instanceof InvalidArgumentsError ? undefined : () => this.#retry(),
              })
            : nothing
        }
      </section>
    </div>`
  }

  #renderMissing() {
    if (!this.#client) {
      return html`<p part="error" class="error" role="alert">
        ${msg('tool.no-client', 'No server to call: put this element inside <mcp-server>, or set its client property.')}
      </p>`
    }
    return this.#lookup.render({
      pending: () => html`<p class="status" role="status">${msg('tool.loading', 'Loading the tool…')}</p>`,
      error: (error) => html`<p part="error" class="error" role="alert">${error instanceof Error ? error.message : String(error)}</p>`,
      initial: () => nothing,
      complete: () => nothing,
    })
  }
}

/** A task that ended, from its creation to its last update, as the server timed them. */
function serverDuration(task: ServerTask): number | undefined {
  const [created, ended] = isTerminal(task.status) ? [parseTime(task.createdAt), parseTime(task.lastUpdatedAt)] : []
  return created !== undefined && ended !== undefined && ended >= created ? ended - created : undefined
}

/** Which server and tool a form, its stored arguments and a call are for. */
const keyOf = (client: McpClient, tool: Tool): string => `${client.url}\n${tool.name}`
