import { html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { state } from 'lit/decorators.js'
import type { CallOrigin, CallRecord, CallToolResult, McpClient } from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { EventListenersController } from '../shared/event-listeners.js'
import { emit } from '../shared/events.js'
import { formatCount, I18nController, msg } from '../shared/i18n.js'
import '../mcp-content/mcp-content.js'
import { JsonDownloads, timedFileName } from '../shared/download-json.js'
import { LazySaveCallForm } from '../shared/save-call/lazy-save-call-form.js'
import { styles } from './mcp-call-log.styles.js'

/** Detail of `mcp-call-record-copied`. */
export interface CallRecordCopiedDetail {
  record: CallRecord
}

/** Detail of `mcp-call-log-exported`. */
export interface CallLogExportedDetail {
  /** The file's name, as offered to the browser's download. */
  fileName: string
  /** The JSON text saved (`client.callLog.export()`). */
  json: string
}

/** Arguments, params or a result past this many characters of JSON are cut on screen (Copy and Export keep them whole). */
const SHOWN_JSON_CHARS = 20_000

/**
 * The call log of a client (`client.callLog`): every tool call, and every
 * request an MCP Apps view made, newest first. Each record says when, which
 * tool (or method), who started it (you, the page, an app view, a model),
 * what the approval step decided, how it ended and how long it took; opened,
 * it shows the server, the arguments and the result (through `<mcp-content>`)
 * or the error. Copy puts one record on the clipboard as JSON; Export saves
 * the whole log as a JSON file. New records appear as they are made.
 *
 * Save call (on an opened record of a tool call) keeps its tool and arguments under a name, for the server and
 * authorization context (`savedCalls(client)`; `<mcp-saved-calls>` lists them), without what the tool's schema marks as
 * secret. Saving calls nothing.
 *
 * Everything in a record comes from a server or a view and is shown as text.
 *
 * @tag mcp-call-log
 *
 * @property client - The client whose log to show. When unset, the one provided by an enclosing `<mcp-server>`.
 *
 * @fires {CustomEvent<CallRecordCopiedDetail>} mcp-call-record-copied - A record was put on the clipboard. Detail: `{ record }`.
 * @fires {CustomEvent<CallLogExportedDetail>} mcp-call-log-exported - The log was offered as a download. Detail: `{ fileName, json }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart header - The count of records and the Export button.
 * @csspart export - The Export button.
 * @csspart status - The live region saying that a record was copied, or why not.
 * @csspart list - The list of records, newest first.
 * @csspart record - One record (a `<details>`); has the data attribute `data-id`.
 * @csspart summary - A record's one line: time, tool, origin, decision, outcome, duration.
 * @csspart decision - What the approval step decided.
 * @csspart outcome - How the call ended.
 * @csspart details - An opened record's server, arguments and result or error.
 * @csspart arguments - The arguments (or a view request's params) as JSON.
 * @csspart result - The result: `<mcp-content>` for a tool's, JSON for another request's.
 * @csspart error - The error's name and message.
 * @csspart copy - The Copy button of an opened record.
 * @csspart save-call-toggle - The "Save call" button of an opened record of a tool call (`aria-expanded`).
 * @csspart save-call-form - The form naming the call to save: `save-call-label`, `save-call-name` (its field),
 *   `save-call-save`, `save-call-cancel` (buttons), `save-call-status` (says "Saved as …" or why not).
 * @csspart empty - Shown while there are no records.
 *
 * @cssprop --mcp-color-danger - Denied and failed calls.
 * @cssprop --mcp-color-success - Calls that ran.
 * @cssprop --mcp-font-mono - Tool names, arguments and results.
 * @cssprop --mcp-font-size-sm - Times, durations, origins and JSON text (default `0.8125rem`, or `--font-text-sm-size`).
 * @cssprop --mcp-font-size-xs - The decision and outcome badges (default `0.75rem`).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpCallLogElement extends ConnectedElement {
  static override styles = styles

  /** The records shown, newest first. */
  @state() private records: CallRecord[] = []
  /** Ids of the records opened (only those render their details). */
  @state() private opened = new Set<number>()
  /** What the last Copy did, for the live region. */
  @state() private status = ''
  /** The id of the record whose "Save call" form is open. */
  @state() private saving?: number

  #saveForm = new LazySaveCallForm(this)

  #i18n = new I18nController(this)
  /** The client whose records are shown. */
  #shown?: McpClient
  #downloads = new JsonDownloads()

  #listeners = new EventListenersController(this, () => this.#logClient(), {
    callrecord: (event) => this.#add((event as CustomEvent<CallRecord>).detail),
  })

  /** The client whose log this is: the explicit one, else the enclosing server's (its log exists before it connects). */
  #logClient(): McpClient | undefined {
    return this.client ?? this.connection?.client
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    const client = this.#logClient()
    if (client === this.#shown) return
    this.#shown = client
    this.records = client ? client.callLog.records.reverse() : []
    this.opened = new Set()
    this.status = ''
  }

  #add(record: CallRecord): void {
    // At most as many as the client's log keeps (its size 0 keeps none: then the last 100 heard here).
    const keep = this.#shown?.callLog.size || 100
    this.records = [record, ...this.records].slice(0, keep)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#downloads.revoke()
  }

  #toggle(record: CallRecord, event: Event): void {
    const open = (event.currentTarget as HTMLDetailsElement).open
    if (open === this.opened.has(record.id)) return
    const opened = new Set(this.opened)
    if (open) opened.add(record.id)
    else opened.delete(record.id)
    this.opened = opened
  }

  async #copy(record: CallRecord): Promise<void> {
    try {
      await navigator.clipboard.writeText(JSON.stringify(record, null, 2))
      this.status = msg('call-log.copied', 'Copied record {id} as JSON.', { id: record.id })
      emit<CallRecordCopiedDetail>(this, 'mcp-call-record-copied', { record })
    } catch (error) {
      this.status = msg('call-log.copy-failed', 'Could not copy: {reason}', {
        reason: error instanceof Error ? error.message : String(error),
      })
    }
  }

  /** Saves the whole log as a JSON file. */
  #export(): void {
    const client = this.#shown
    if (!client) return
    const json = client.callLog.export()
    const fileName = timedFileName('mcp-call-log')
    this.#downloads.download(json, fileName)
    emit<CallLogExportedDetail>(this, 'mcp-call-log-exported', { fileName, json })
  }

  override render() {
    const count = this.records.length
    return html`<div part="base">
      <div part="header">
        <span class="count">${count === 1 ? msg('call-log.count-one', '1 call') : msg('call-log.count', '{count} calls, newest first', { count: formatCount(count) })}</span>
        <button part="export" type="button" ?disabled=${!this.#shown} @click=${() => this.#export()}>
          ${msg('call-log.export', 'Export')}
        </button>
      </div>
      <p part="status" role="status">${this.status}</p>
      ${
        count
          ? html`<ol part="list">
              ${this.records.map((record) => html`<li>${this.#record(record)}</li>`)}
            </ol>`
          : html`<p part="empty" class="empty">${msg('call-log.empty', 'No calls yet.')}</p>`
      }
    </div>`
  }

  #record(record: CallRecord): TemplateResult {
    const open = this.opened.has(record.id)
    const decision = decisionOf(record)
    const outcome = outcomeOf(record)
    return html`<details part="record" data-id=${record.id} ?open=${open} @toggle=${(e: Event) => this.#toggle(record, e)}>
      <summary part="summary">
        <time class="time" datetime=${new Date(record.time).toISOString()}>${new Date(record.time).toLocaleTimeString()}</time>
        <span class="tool">${record.tool ?? record.method}</span>
        <span class="origin">${originText(record.origin)}</span>
        ${decision ? html`<span part="decision" class="decision ${decision.kind}">${decision.text}</span>` : nothing}
        <span part="outcome" class="outcome ${outcome.kind}">${outcome.text}</span>
        <span class="duration">${durationText(record.durationMs)}</span>
      </summary>
      ${open ? this.#details(record) : nothing}
    </details>`
  }

  #details(record: CallRecord): TemplateResult {
    const { server, approval } = record
    const input = record.tool !== undefined ? record.arguments : record.params
    return html`<div part="details">
      <dl>
        <dt>${msg('call-log.server', 'Server')}</dt>
        <dd>${server.name ? `${server.name} · ${server.url}` : server.url}</dd>
        ${
          record.tool !== undefined
            ? html`<dt>${msg('call-log.method', 'Method')}</dt>
                <dd>${record.method}</dd>`
            : nothing
        }
        ${
          approval?.by || approval?.reason
            ? html`<dt>${msg('call-log.decided', 'Decided')}</dt>
                <dd>${[approval.by, approval.reason].filter(Boolean).join(': ')}</dd>`
            : nothing
        }
        <dt>${msg('call-log.time', 'Time')}</dt>
        <dd>${new Date(record.time).toLocaleString()}</dd>
      </dl>
      <h4>${record.tool !== undefined ? msg('call-log.arguments', 'Arguments') : msg('call-log.params', 'Params')}</h4>
      <pre part="arguments" @focus=${showWhole}>${shownJson(input ?? {})}</pre>
      ${this.#outcome(record)}
      <div class="actions">
        <button part="copy" type="button" @click=${() => this.#copy(record)}>${msg('call-log.copy', 'Copy as JSON')}</button>
        ${
          record.method === 'tools/call' && record.tool !== undefined
            ? html`<button
                id=${`save-call-toggle-${record.id}`}
                part="save-call-toggle"
                type="button"
                aria-expanded=${this.saving === record.id ? 'true' : 'false'}
                @click=${() => this.#toggleSave(record)}
              >
                ${msg('call-log.save-call', 'Save call')}
              </button>`
            : nothing
        }
      </div>
      ${this.saving === record.id ? this.#saveFormOf(record) : nothing}
    </div>`
  }

  #toggleSave(record: CallRecord): void {
    const opening = this.saving !== record.id
    this.saving = opening ? record.id : undefined
    if (!opening) return
    this.#saveForm.open(({ message: reason, again }) => {
      this.saving = undefined
      this.status = again
        ? msg('call-log.save-load-failed-again', 'Save call could not load again ({reason}). Reload the page to retry.', { reason })
        : msg('call-log.save-load-failed', 'Save call could not load ({reason}). Try again; if it fails again, reload the page.', { reason })
    })
  }

  #saveFormOf(record: CallRecord): TemplateResult | typeof nothing {
    const client = this.#shown
    const form = this.#saveForm.form
    if (!form || !client || record.tool === undefined) return nothing
    return form.render({
      client,
      tool: record.tool,
      id: String(record.id),
      args: () => record.arguments ?? {},
      close: () => {
        this.saving = undefined
        void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>(`#save-call-toggle-${record.id}`)?.focus())
      },
    })
  }

  #outcome(record: CallRecord): TemplateResult | typeof nothing {
    if (record.error) {
      return html`<h4>${msg('call-log.error', 'Error')}</h4>
        <p part="error" class="error">
          ${record.error.name}${record.error.code !== undefined ? ` (${record.error.code})` : ''}: ${record.error.message}
        </p>`
    }
    if (!('result' in record)) return nothing
    return html`<h4>${msg('call-log.result', 'Result')}</h4>
      ${
        record.method === 'tools/call' && isToolResult(record.result)
          ? html`<mcp-content part="result" .result=${record.result}></mcp-content>`
          : html`<pre part="result" @focus=${showWhole}>${shownJson(record.result)}</pre>`
      }`
  }
}

const isToolResult = (value: unknown): value is CallToolResult =>
  typeof value === 'object' && value !== null && Array.isArray((value as CallToolResult).content)

/**
 * A long JSON block is a scroll box, which the keyboard focuses to scroll it: focused, it is brought wholly into view
 * (Firefox leaves one that is partly on screen where it is, its lines below the fold).
 */
function showWhole(event: FocusEvent): void {
  ;(event.target as HTMLElement).scrollIntoView({ block: 'nearest' })
}

function shownJson(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > SHOWN_JSON_CHARS
    ? `${text.slice(0, SHOWN_JSON_CHARS)}\n${msg('call-log.cut', '… ({count} characters more: Copy or Export has all)', { count: text.length - SHOWN_JSON_CHARS })}`
    : text
}

function originText(origin: CallOrigin): string {
  switch (origin.kind) {
    case 'user':
      return msg('call-log.origin.user', 'by you')
    case 'view':
      return msg('call-log.origin.view', 'by the app view {uri}', { uri: origin.uri })
    case 'model':
      return origin.model
        ? msg('call-log.origin.model-named', 'by a model ({model})', { model: origin.model })
        : msg('call-log.origin.model', 'by a model')
    default:
      return msg('call-log.origin.page', 'by the page')
  }
}

function decisionOf(record: CallRecord): { kind: string; text: string } | undefined {
  switch (record.approval?.decision) {
    case undefined:
      return undefined
    case 'allow-once':
      return { kind: 'allowed', text: msg('call-log.allow-once', 'Allowed once') }
    case 'allow-always':
      return { kind: 'allowed', text: msg('call-log.allow-always', 'Allowed always') }
    case 'remembered':
      return { kind: 'allowed', text: msg('call-log.remembered', 'Allowed (always)') }
    case 'ungated':
      return { kind: 'ungated', text: msg('call-log.ungated', 'Not asked') }
    case 'deny':
      return { kind: 'denied', text: msg('call-log.denied', 'Denied') }
    default:
      return { kind: 'denied', text: msg('call-log.unanswered', 'Not answered') }
  }
}

function outcomeOf(record: CallRecord): { kind: string; text: string } {
  const decision = record.approval?.decision
  if (record.error && (decision === 'deny' || decision === 'unanswered'))
    return { kind: 'failed', text: msg('call-log.not-run', 'Not run') }
  if (record.error) return { kind: 'failed', text: msg('call-log.failed', 'Failed') }
  if (isToolResult(record.result) && record.result.isError) return { kind: 'failed', text: msg('call-log.tool-error', 'Tool error') }
  return { kind: 'done', text: msg('call-log.done', 'Done') }
}

function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}
