/**
 * How a tool call in progress and a failed call are shown: shared by
 * `<mcp-tool>` (a call the user filled in) and `<mcp-tool-call>` (one a view,
 * a page or a model made), so both say the same thing in the same words.
 */
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js'
import {
  AbortError,
  type CallToolResult,
  InputRequiredError,
  InvalidArgumentsError,
  InvalidToolError,
  SchemaError,
  StreamError,
  TaskCancelledError,
  TaskExpiredError,
  TaskFailedError,
  TaskNotFoundError,
  type ProgressNotificationParams,
  toolTitle,
  type Tool,
} from '../../../src/client/index.js'
import { explainError } from '../../../src/schema/form-checks.js'
import { InputDeclinedError } from '../../mcp-elicitation/input-handlers.js'
import { translated } from '../check-messages.js'
import { describeError as describeServerError } from './describe-error.js'
import { msg } from '../i18n.js'
import '../../mcp-content/mcp-content.js'
import '../../mcp-icon/mcp-icon.js'

/** The heading tags a page may ask for, made once (`unsafeStatic` of our own fixed strings, never a page's text). */
const HEADINGS = [1, 2, 3, 4, 5, 6].map((level) => unsafeStatic(`h${level}`))

/** A `heading-level` attribute as a heading level: a whole number from 1 to 6, else 3 (the elements' default). */
export function headingLevel(value: unknown): number {
  const level = Number(value)
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 3
}

/**
 * The tool's icon (on `serverUrl`'s origin it may load; see iconSourceAllowed), title (its `title`, else the
 * annotations' title, else its name) and, when it differs, its name. The title is a heading of `level` (the page
 * says which, so that its headings stay in order).
 */
export function renderToolHeader(tool: Tool, serverUrl?: string, level = 3) {
  const title = toolTitle(tool)
  const tag = HEADINGS[headingLevel(level) - 1]!
  return html`<header part="header">
    <mcp-icon .icons=${tool.icons} .serverUrl=${serverUrl} size="24"></mcp-icon>
    <div>
      ${staticHtml`<${tag} part="title" id="title" class="title">${title}</${tag}>`}
      ${title !== tool.name ? html`<code class="name">${tool.name}</code>` : nothing}
    </div>
  </header>`
}

/** The looks of the header, the progress line and the result frame above. */
export const callStyles = css`
  header {
    display: flex;
    align-items: baseline;
    flex-wrap: wrap;
    gap: var(--mcp-space-xs) var(--mcp-space);
  }
  .title {
    margin: 0;
    font-size: var(--mcp-font-size-lg);
    font-weight: 600;
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
  .name {
    font-family: var(--mcp-font-mono);
    color: var(--mcp-color-text-secondary);
    font-size: var(--mcp-font-size-sm);
    overflow-wrap: anywhere;
  }
  .frame {
    margin: var(--mcp-space-m) 0;
    padding: var(--mcp-space-m) var(--mcp-space-l);
    border: var(--mcp-border);
    border-left: 4px solid var(--status-color);
    border-radius: var(--mcp-radius-lg);
    --status-color: var(--mcp-color-success);
  }
  .frame[data-status='tool-error'] {
    --status-color: var(--mcp-color-warning);
  }
  .frame[data-status='failure'] {
    --status-color: var(--mcp-color-danger);
  }
  .frame[data-status='cancelled'] {
    --status-color: var(--mcp-color-border);
  }
  .frame-header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--mcp-space-xs) var(--mcp-space);
    margin-bottom: var(--mcp-space);
  }
  .frame-heading {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .frame-status {
    display: inline-flex;
    gap: 0.3em;
    font-weight: 600;
    color: var(--status-color);
  }
  .frame[data-status='cancelled'] .frame-status,
  .duration {
    color: var(--mcp-color-text-secondary);
    font-size: var(--mcp-font-size-sm);
  }
  .frame-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-space-xs);
    margin-left: auto;
  }
  .copy-status {
    flex-basis: 100%;
    color: var(--mcp-color-text-secondary);
    font-size: var(--mcp-font-size-sm);
  }
  .copy-status:empty {
    display: none;
  }
  /* The frame's status already says it is an error. */
  .frame mcp-content::part(error-label) {
    display: none;
  }
  /* JSON text: the result's here, the arguments' in <mcp-tool-call>. */
  .json-block {
    margin: var(--mcp-space-xs) 0 0;
    padding: var(--mcp-space);
    max-height: 20rem;
    overflow: auto;
    background: var(--mcp-color-bg-secondary);
    border-radius: var(--mcp-radius);
    font-family: var(--mcp-font-mono);
    font-size: var(--mcp-font-size-sm);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .frame .error p,
  .frame .error ul {
    margin: var(--mcp-space-xs) 0 0;
  }
  .frame .cancelled {
    margin: 0;
    color: var(--mcp-color-text-secondary);
  }
  .progress:empty {
    display: none;
  }
  .progress {
    display: flex;
    align-items: center;
    gap: var(--mcp-space);
    margin: var(--mcp-space) 0;
  }
  progress {
    flex: 1;
    accent-color: var(--mcp-color-accent);
  }
  .progress-text {
    color: var(--mcp-color-text-secondary);
    font-size: var(--mcp-font-size-sm);
  }
`

/** A progress bar for the server's latest progress (indeterminate without a total), with its counts and message. */
export function renderProgress(progress: ProgressNotificationParams | undefined) {
  const total = progress?.total !== undefined && progress.total > 0 ? progress.total : undefined
  const done = total !== undefined ? Math.min(progress!.progress, total) : undefined
  const counts = total !== undefined ? msg('tool.progress-of', '{done} of {total}', { done: done!, total }) : ''
  const text = [counts, progress?.message ?? ''].filter(Boolean).join(' · ') || msg('tool.running', 'Calling…')
  return html`<progress
      part="progress-bar"
      aria-label=${msg('tool.progress-label', 'Progress')}
      max=${ifDefined(total)}
      value=${ifDefined(done)}
    ></progress>
    <span class="progress-text">${text}</span>`
}

/**
 * What an input request no handler answers asks of the page, in words (the error's own message is for developers).
 * A method this page does not know is not repeated: it is the server's text.
 */
function inputNeeded(error: InputRequiredError): string {
  const kinds = new Set(Object.values(error.inputRequests).map((request) => request?.method))
  const words = [...kinds].map((method) =>
    method === 'sampling/createMessage'
      ? msg('tool.input-sampling', 'a language model (sampling)')
      : method === 'roots/list'
        ? msg('tool.input-roots', 'the folders this page shares (roots)')
        : method === 'elicitation/create'
          ? msg('tool.input-elicitation', 'answers from you (elicitation)')
          : msg('tool.input-unknown', 'a kind of input this page does not know'),
  )
  return msg('tool.input-needed', 'It asked for {what}.', { what: words.join(', ') })
}

/**
 * A title saying what kind of failure it is, and the error's own explanation.
 * Failures of a call's own (arguments, input, a broken stream mid-call) are
 * told here; reaching and talking to the server is told as `<mcp-server>` does.
 */
function describeCallError(error: unknown, serverUrl: string): [string, string] {
  const detail = error instanceof Error ? error.message : String(error)
  if (error instanceof InvalidArgumentsError) return [msg('tool.error-arguments', 'Some arguments are not valid; nothing was sent.'), '']
  if (error instanceof InputDeclinedError) return [msg('tool.error-declined', 'The call was stopped.'), detail]
  if (error instanceof InputRequiredError) return [msg('tool.error-input', 'The server needs input this page cannot give.'), inputNeeded(error)]
  if (error instanceof TaskFailedError) return [msg('tool.error-task-failed', 'The task failed on the server.'), detail]
  if (error instanceof TaskExpiredError) return [msg('tool.error-task-expired', 'The task expired: the server no longer keeps it.'), detail]
  if (error instanceof TaskNotFoundError && error.where === 'client') return [msg('tool.error-task-not-kept', 'This page keeps no such task.'), detail]
  if (error instanceof TaskNotFoundError) return [msg('tool.error-task-unknown', 'The server does not know this task.'), detail]
  if (error instanceof TaskCancelledError && !error.byClient) return [msg('tool.error-task-cancelled', 'The server cancelled the task.'), detail]
  if (error instanceof InvalidToolError || error instanceof SchemaError)
    return [msg('tool.error-tool', 'This tool cannot be called.'), detail]
  if (error instanceof StreamError && !error.idempotent && !(error.cause instanceof TypeError)) {
    return [
      msg('tool.error-stream', 'The connection broke before the answer arrived; the tool may have run, so check before calling it again.'),
      detail,
    ]
  }
  const title = describeServerError(error, serverUrl)
  // The title may already quote the error's own message ("The server refused the request: …"): said once.
  return [title, title.includes(detail) ? '' : detail]
}

/** A failed call in words: what kind of failure, its explanation, and for arguments the client refused, each problem. */
function renderCallError(error: unknown, serverUrl: string) {
  const [title, detail] = describeCallError(error, serverUrl)
  return html`<div part="error" class="error" role="alert">
    <strong>${title}</strong>
    ${
      error instanceof InvalidArgumentsError
        ? html`<ul>
            ${error.errors.map((e) => {
              const problem = translated(explainError(e))
              return html`<li title=${ifDefined(problem.detail)}><code>${e.path || '/'}</code> ${problem.message}</li>`
            })}
          </ul>`
        : detail
          ? html`<p>${detail}</p>`
          : nothing
    }
  </div>`
}

/** A duration for people: "85 ms", "1.4 s". */
export function formatDuration(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(1)} s`
}

/** How a call ended, as the frame's `data-status` says it. */
type ResultStatus = 'success' | 'tool-error' | 'failure' | 'cancelled'

/** What the frame shows: one call's end, its result or the error that ended it. */
export interface FramedCall {
  tool: Tool
  /** The tool's answer (a tool error when `isError`). */
  result?: CallToolResult
  /** What ended the call without an answer (an AbortError is a cancellation). */
  error?: unknown
  /** From the call's start to its end. */
  durationMs?: number
  /** The server's URL, to say failures in its words. */
  serverUrl: string
  /** The frame heading's level (`aria-level`), one below the tool's title. Default 4. */
  headingLevel?: number
  /** Offered as Retry (tool errors and failures). */
  retry?: () => void
}

/** Longest JSON text the JSON view shows (Copy has all of it). */
const SHOWN_JSON_CHARS = 200_000

/**
 * The frame around a call's end, shared by `<mcp-tool>` and `<mcp-tool-call>`: a heading ("Result: Echo"), the
 * status (success, tool error, failure, cancelled: text, icon and colour, and `data-status`), the duration, Copy
 * (the result's text, or in the JSON view its JSON; a failure's message) and a toggle between the result and the
 * whole `CallToolResult` as JSON. A controller, because the toggle and the copy status are the frame's own state:
 * a new result resets both.
 */
export class ResultFrameController implements ReactiveController {
  #showJson = false
  #copyStatus = ''
  /** The result or error the state above is about. */
  #about: unknown
  /** The JSON text of the result in the JSON view, made when the view first shows it (a result can be megabytes). */
  #json?: { of: CallToolResult; text: string | undefined }

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this)
  }

  hostConnected(): void {}

  /** The frame's heading id, for a region to be labelled by (`aria-labelledby`). */
  static readonly headingId = 'result-heading'

  render(call: FramedCall) {
    const about = call.result ?? call.error
    if (about !== this.#about) {
      this.#about = about
      this.#showJson = false
      this.#copyStatus = ''
    }
    const status = statusOf(call)
    const json = this.#showJson && call.result ? this.#jsonOf(call.result) : undefined
    const showJson = json !== undefined
    const title = toolTitle(call.tool)
    return html`<div part="result-frame" class="frame" data-status=${status}>
      <div part="result-header" class="frame-header">
        <div
          part="result-heading"
          class="frame-heading"
          id=${ResultFrameController.headingId}
          role="heading"
          aria-level=${call.headingLevel ?? 4}
        >
          ${msg('tool.result-heading', 'Result: {tool}', { tool: title })}
        </div>
        <span part="result-status status-${status}" class="frame-status"
          ><span class="icon" aria-hidden="true">${STATUS_ICONS[status]}</span>${statusText(status)}</span
        >
        ${
          call.durationMs !== undefined
            ? html`<span part="duration" class="duration" title=${msg('tool.duration-title', 'From the call’s start to its end')}
                >${formatDuration(call.durationMs)}</span
              >`
            : nothing
        }
        <span class="frame-actions">
          ${
            call.result
              ? html`<button
                  part="button json-toggle"
                  type="button"
                  aria-pressed=${showJson ? 'true' : 'false'}
                  @click=${() => this.#toggleJson()}
                >
                  ${showJson ? msg('tool.show-result', 'Show result') : msg('tool.show-json', 'Show JSON')}
                </button>`
              : nothing
          }
          ${
            status !== 'cancelled'
              ? html`<button part="button copy" type="button" @click=${() => this.#copy(showJson ? json! : copyText(call))}>
                  ${msg('tool.copy', 'Copy')}
                </button>`
              : nothing
          }
          ${
            call.retry && (status === 'tool-error' || status === 'failure')
              ? html`<button part="button retry" type="button" @click=${call.retry}>${msg('tool.retry', 'Retry')}</button>`
              : nothing
          }
        </span>
        <span part="copy-status" class="copy-status" role="status">${this.#copyStatus}</span>
      </div>
      ${
        showJson
          ? html`<pre part="result-json" class="json-block" tabindex="0" aria-label=${msg('tool.result-json', 'The result as JSON')}>
${json!.length > SHOWN_JSON_CHARS ? `${json!.slice(0, SHOWN_JSON_CHARS)}…` : json}</pre>`
          : call.result
            ? html`<mcp-content .result=${call.result}></mcp-content>`
            : status === 'cancelled'
              ? html`<p part="error" class="cancelled">${msg('tool.cancelled', 'The call was cancelled.')}</p>`
              : renderCallError(call.error, call.serverUrl)
      }
    </div>`
  }

  #jsonOf(result: CallToolResult): string | undefined {
    if (this.#json?.of !== result) this.#json = { of: result, text: jsonText(result) }
    return this.#json.text
  }

  #toggleJson(): void {
    this.#showJson = !this.#showJson
    this.#copyStatus = ''
    this.host.requestUpdate()
  }

  async #copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text)
      this.#copyStatus = msg('tool.copied', 'Copied.')
    } catch (error) {
      this.#copyStatus = msg('tool.copy-failed', 'Could not copy: {reason}', {
        reason: error instanceof Error ? error.message : String(error),
      })
    }
    this.host.requestUpdate()
  }
}

const STATUS_ICONS: Record<ResultStatus, string> = { success: '✓', 'tool-error': '⚠', failure: '✕', cancelled: '⊘' }

function statusOf(call: FramedCall): ResultStatus {
  if (call.result) return call.result.isError === true ? 'tool-error' : 'success'
  // A task this client cancelled ended as the user asked; one the server cancelled is told as a failure, with why.
  return call.error instanceof AbortError || (call.error instanceof TaskCancelledError && call.error.byClient) ? 'cancelled' : 'failure'
}

function statusText(status: ResultStatus): string {
  switch (status) {
    case 'success':
      return msg('tool.status-success', 'Done')
    case 'tool-error':
      return msg('tool.status-tool-error', 'Tool error')
    case 'failure':
      return msg('tool.status-failure', 'Failed')
    default:
      return msg('tool.status-cancelled', 'Cancelled')
  }
}

/** A result as JSON text (undefined for a value JSON cannot hold, which a client never hands over). */
function jsonText(result: CallToolResult): string | undefined {
  try {
    return JSON.stringify(result, null, 2)
  } catch {
    return undefined
  }
}

/** What Copy copies: the result's text blocks (else its JSON), or a failure in words. */
function copyText(call: FramedCall): string {
  if (call.result) {
    const texts = Array.isArray(call.result.content)
      ? call.result.content.flatMap((block) => (block?.type === 'text' && typeof block.text === 'string' ? [block.text] : []))
      : []
    return texts.length ? texts.join('\n\n') : (jsonText(call.result) ?? '')
  }
  return describeCallError(call.error, call.serverUrl).filter(Boolean).join('\n')
}
