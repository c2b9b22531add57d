/**
 * How a tool call in progress and a failed call are shown: shared by
 * `<mcp-tool>` (a call the user filled in) and `<mcp-tool-call>` (one a view,
 * a page or a model made), so both say the same thing in the same words.
 */
import { css, html, nothing } from 'lit'
import { ifDefined } from 'lit/directives/if-defined.js'
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js'
import {
  InputRequiredError,
  InvalidArgumentsError,
  InvalidToolError,
  SchemaError,
  StreamError,
  type ProgressNotificationParams,
  type Tool,
} from '../../src/client/index.js'
import { InputDeclinedError } from '../mcp-elicitation/input-handlers.js'
import { describeError as describeServerError } from '../mcp-server/describe-error.js'
import { msg } from '../shared/i18n.js'
import '../mcp-icon/mcp-icon.js'

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
  const title = String(tool.title || tool.annotations?.title || tool.name)
  const tag = HEADINGS[headingLevel(level) - 1]!
  return html`<header part="header">
    <mcp-icon .icons=${tool.icons} .serverUrl=${serverUrl} size="24"></mcp-icon>
    <div>
      ${staticHtml`<${tag} part="title" id="title" class="title">${title}</${tag}>`}
      ${title !== tool.name ? html`<code class="name">${tool.name}</code>` : nothing}
    </div>
  </header>`
}

/** The looks of the header and the progress line above. */
export const callStyles = css`
  header {
    display: flex;
    align-items: center;
    gap: var(--mcp-space);
  }
  .title {
    margin: 0;
    font-size: 1.1em;
    overflow-wrap: anywhere;
  }
  .name {
    font-family: var(--mcp-font-mono);
    color: var(--mcp-color-text-secondary);
    font-size: 0.85em;
    overflow-wrap: anywhere;
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
    font-size: 0.9em;
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
 * A title saying what kind of failure it is, and the error's own explanation.
 * Failures of a call's own (arguments, input, a broken stream mid-call) are
 * told here; reaching and talking to the server is told as `<mcp-server>` does.
 */
export function describeCallError(error: unknown, serverUrl: string): [string, string] {
  const detail = error instanceof Error ? error.message : String(error)
  if (error instanceof InvalidArgumentsError) return [msg('tool.error-arguments', 'Some arguments are not valid; nothing was sent.'), '']
  if (error instanceof InputDeclinedError) return [msg('tool.error-declined', 'The call was stopped.'), detail]
  if (error instanceof InputRequiredError) return [msg('tool.error-input', 'The server needs input this page cannot give.'), detail]
  if (error instanceof InvalidToolError || error instanceof SchemaError)
    return [msg('tool.error-tool', 'This tool cannot be called.'), detail]
  if (error instanceof StreamError && !error.idempotent && !(error.cause instanceof TypeError)) {
    return [
      msg('tool.error-stream', 'The connection broke before the answer arrived; the tool may have run, so check before calling it again.'),
      detail,
    ]
  }
  return [describeServerError(error, serverUrl), detail]
}
