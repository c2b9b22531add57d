import { html, LitElement, nothing, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import { checkConnection, connectionReport, type CheckLine, type CheckStatus } from '../../src/client/index.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import { styles } from './mcp-connection-check.styles.js'

/** Detail of `mcp-connection-checked`. */
export interface ConnectionCheckedDetail {
  url: string
  /** The check's lines, in order. */
  lines: CheckLine[]
}

/** Detail of `mcp-connection-report-copied`. */
export interface ConnectionReportCopiedDetail {
  /** The text put on the clipboard: the checklist as a Markdown list. */
  text: string
}

/**
 * A connection check of one MCP server, for the server's own docs page: everything a browser needs of it, tried
 * from this page, as a checklist. Each line passes, fails, warns or is skipped; a failed line says the fix (what the
 * server must send), as one line to apply as it is. The lines: no mixed content, CORS, a preflight allowing every
 * request header the client sends, `server/discover` (or the legacy fallback, naming the era), the response headers
 * the client reads exposed and, when the server asks for sign-in, its resource metadata, authorization server
 * metadata, token and registration endpoints reachable cross-origin. Run again checks once more; Copy report puts
 * the checklist on the clipboard as a Markdown list, for an issue.
 *
 * The check runs when the element is on the page with a `url`, and again when the `url` changes. It needs no
 * `<mcp-server>`. Everything a server sent is shown as text.
 *
 * @tag mcp-connection-check
 *
 * @attribute url - The MCP server's endpoint to check, resolved against the page.
 *
 * @fires {CustomEvent<ConnectionCheckedDetail>} mcp-connection-checked - A check ended. Detail: `{ url, lines }`.
 * @fires {CustomEvent<ConnectionReportCopiedDetail>} mcp-connection-report-copied - The report was put on the clipboard. Detail: `{ text }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart header - The checked address and the buttons.
 * @csspart url - The checked address.
 * @csspart run - The Run again button.
 * @csspart copy - The Copy report button.
 * @csspart status - The live region: checking, the outcome, or that the report was copied.
 * @csspart list - The checklist.
 * @csspart line - One line; has the data attributes `data-id` and `data-status` (`pass`, `fail`, `warn`, `skip`).
 * @csspart mark - A line's outcome badge.
 * @csspart title - What a line checks.
 * @csspart detail - What was found.
 * @csspart fix - What the server must send, on a line that failed.
 *
 * @cssprop --mcp-color-success - Lines that pass.
 * @cssprop --mcp-color-danger - Lines that fail.
 * @cssprop --mcp-color-warning - Lines that warn.
 * @cssprop --mcp-font-mono - The address and the fixes.
 * @cssprop --mcp-font-size-sm - The address and the fixes (default `0.8125rem`, or `--font-text-sm-size`).
 * @cssprop --mcp-font-size-xs - The outcome badges (default `0.75rem`).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpConnectionCheckElement extends LitElement {
  static override styles = styles

  /** The MCP server's endpoint to check, resolved against the page. */
  @property() url = ''

  /** The last check's lines (empty before the first ends). */
  @state() private lines: CheckLine[] = []
  @state() private running = false
  /** What the live region says. */
  @state() private status = ''

  #i18n = new I18nController(this)
  /** Stops the check in flight when another starts or the element leaves the page. */
  #controller?: AbortController

  /** The checked address, resolved against the page (the `url` as written when it is no URL). */
  get #target(): string {
    try {
      return new URL(this.url, location.href).href
    } catch {
      return this.url
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('url')) void this.run()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Back on the page after leaving it: the check that was stopped runs again.
    if (this.hasUpdated && !this.running && !this.lines.length) void this.run()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#controller?.abort()
  }

  /** Checks the server again; resolves with the lines (also shown, and sent with `mcp-connection-checked`). */
  async run(): Promise<CheckLine[]> {
    this.#controller?.abort()
    if (!this.url) {
      this.lines = []
      this.status = ''
      return []
    }
    const controller = (this.#controller = new AbortController())
    const url = this.#target
    this.running = true
    this.status = msg('connection-check.running', 'Checking {url}…', { url })
    let lines: CheckLine[]
    try {
      lines = await checkConnection(url, { signal: controller.signal })
    } catch (error) {
      if (controller.signal.aborted) return []
      lines = [
        {
          id: 'era',
          status: 'fail',
          title: msg('connection-check.broken', 'The check ran'),
          detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        },
      ]
    }
    if (controller.signal.aborted) return []
    this.lines = lines
    this.running = false
    const failed = lines.filter((line) => line.status === 'fail').length
    this.status = failed
      ? msg('connection-check.failed', '{count} of {total} checks failed.', { count: failed, total: lines.length })
      : msg('connection-check.passed', 'No check failed.')
    emit<ConnectionCheckedDetail>(this, 'mcp-connection-checked', { url, lines })
    return lines
  }

  async #copy(): Promise<void> {
    const text = connectionReport(this.#target, this.lines)
    try {
      await navigator.clipboard.writeText(text)
      this.status = msg('connection-check.copied', 'Copied the report.')
      emit<ConnectionReportCopiedDetail>(this, 'mcp-connection-report-copied', { text })
    } catch (error) {
      this.status = msg('connection-check.copy-failed', 'Could not copy: {reason}', {
        reason: error instanceof Error ? error.message : String(error),
      })
    }
  }

  override render() {
    return html`<div part="base">
      <div part="header">
        <span part="url" class="target">${this.#target}</span>
        <button part="run" type="button" ?disabled=${this.running || !this.url} @click=${() => void this.run()}>
          ${msg('connection-check.run', 'Run again')}
        </button>
        <button part="copy" type="button" ?disabled=${this.running || !this.lines.length} @click=${() => void this.#copy()}>
          ${msg('connection-check.copy', 'Copy report')}
        </button>
      </div>
      <p part="status" role="status">${this.status}</p>
      ${
        this.lines.length
          ? html`<ol part="list" aria-busy=${this.running ? 'true' : 'false'}>
              ${this.lines.map((line) => this.#line(line))}
            </ol>`
          : nothing
      }
    </div>`
  }

  #line(line: CheckLine) {
    return html`<li part="line" data-id=${line.id} data-status=${line.status}>
      <span part="mark" class="mark ${line.status}">${STATUS_TEXT[line.status]()}</span>
      <div class="body">
        <p part="title">${line.title}</p>
        <p part="detail">${line.detail}</p>
        ${line.fix ? html`<p part="fix">${msg('connection-check.fix', 'Fix: {fix}', { fix: line.fix })}</p>` : nothing}
      </div>
    </li>`
  }
}

/** A line's outcome in words (read when drawn, so a page's strings set later count). */
const STATUS_TEXT: Record<CheckStatus, () => string> = {
  pass: () => msg('connection-check.pass', 'Pass'),
  fail: () => msg('connection-check.fail', 'Fail'),
  warn: () => msg('connection-check.warn', 'Warning'),
  skip: () => msg('connection-check.skip', 'Skipped'),
}
