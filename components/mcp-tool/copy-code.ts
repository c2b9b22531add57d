/**
 * `<mcp-tool>`'s "Copy as code" panel, a chunk of its own loaded when the user opens it: Copy as curl, as
 * JavaScript, as JSON-RPC, for the call the tool would make with the form as it is. The request comes from the
 * client (`requestFor()`), never rebuilt here. The clipboard is written where the browser allows; the copied text
 * is always shown in a read-only box, selected when the clipboard refused, for the user to copy by hand.
 */
import { css, html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit'
import { live } from 'lit/directives/live.js'
import { requestFor, type McpClient, type RequestPreview, type Tool } from '../../src/client/index.js'
import { adoptStyles } from '../shared/adopt-styles.js'
import { msg } from '../shared/i18n.js'
import { curlCommand, hasCopyableCredential, javascriptCall, jsonRpcText } from './code-text.js'

/** What the panel copies: the tool and the arguments the form holds at the moment of the copy. */
export interface CodeCall {
  client: McpClient
  tool: Tool
  args: () => Record<string, unknown>
}

type Format = 'curl' | 'javascript' | 'json-rpc'

const styles = css`
  .copy-code-panel {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-space);
    align-items: center;
    margin: 0 0 var(--mcp-space-m);
  }
  .copy-code-panel p {
    flex-basis: 100%;
    margin: 0;
    color: var(--mcp-color-text-secondary);
  }
  .copy-code-text {
    box-sizing: border-box;
    width: 100%;
    min-height: 6rem;
    font-family: var(--mcp-font-mono, monospace);
  }
`


export class CopyCodePanel {
  /** The request with the arguments of when the panel opened: tells which notes and options apply. */
  #preview?: RequestPreview
  #previewFor?: CodeCall['tool']
  #previewError?: string
  #includeToken = false
  #status = ''
  #text = ''
  /** The clipboard refused: the text is selected for the user to copy. */
  #selectText = false

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    adoptStyles(host.shadowRoot, styles)
  }

  render(call: CodeCall): TemplateResult {
    if (this.#previewFor !== call.tool) this.#load(call)
    const preview = this.#preview
    const legacy = preview?.era === 'legacy'
    const button = (format: Format, label: string) =>
      html`<button type="button" part="button copy-${format}" @click=${() => this.#copy(call, format)}>${label}</button>`
    return html`<div id="copy-code-panel" part="copy-code-panel" class="copy-code-panel" role="group" aria-labelledby="copy-code-toggle">
      ${legacy ? nothing : button('curl', msg('tool.copy-curl', 'Copy as curl'))}
      ${button('javascript', msg('tool.copy-javascript', 'Copy as JavaScript'))}
      ${button('json-rpc', msg('tool.copy-json-rpc', 'Copy as JSON-RPC'))}
      ${
        preview && hasCopyableCredential(preview)
          ? html`<label part="include-token"
              ><input
                type="checkbox"
                .checked=${live(this.#includeToken)}
                @change=${(e: Event) => {
                  this.#includeToken = (e.target as HTMLInputElement).checked
                  this.host.requestUpdate()
                }}
              />
              ${msg('tool.copy-include-token', 'Include my token')}</label
            >`
          : nothing
      }
      ${this.#notes(preview)}
      <p part="copy-code-status" role="status">${this.#status}</p>
      ${
        this.#text
          ? html`<textarea
              part="copy-code-text"
              class="copy-code-text"
              readonly
              rows="8"
              spellcheck="false"
              aria-label=${msg('tool.copy-text', 'The copied code')}
              .value=${live(this.#text)}
            ></textarea>`
          : nothing
      }
    </div>`
  }

  /** What the user should know of this copy: a legacy server's session, a token the copy leaves out. */
  #notes(preview: RequestPreview | undefined): TemplateResult | typeof nothing {
    if (this.#previewError) return html`<p part="copy-code-note">${this.#previewError}</p>`
    if (!preview) return nothing
    const notes: string[] = []
    if (preview.era === 'legacy')
      notes.push(
        msg(
          'tool.copy-legacy',
          'This server keeps sessions (protocol {version}): one curl command cannot open one. The JavaScript opens it for you.',
          { version: preview.headers['mcp-protocol-version'] ?? '' },
        ),
      )
    if (preview.signedIn && !hasCopyableCredential(preview))
      notes.push(msg('tool.copy-signed-in', 'Your sign-in’s token is not given to page code: the copy says $MCP_TOKEN, for a token of yours.'))
    else if (hasCopyableCredential(preview) && !this.#includeToken)
      notes.push(msg('tool.copy-placeholder', 'The copy says $MCP_TOKEN where your token goes.'))
    return notes.length ? html`${notes.map((note) => html`<p part="copy-code-note">${note}</p>`)}` : nothing
  }

  #load(call: CodeCall): void {
    this.#previewFor = call.tool
    this.#preview = undefined
    this.#previewError = undefined
    this.#ask(call).then(
      (preview) => (this.#preview = preview),
      (error: unknown) => (this.#previewError = error instanceof Error ? error.message : String(error)),
    ).finally(() => this.host.requestUpdate())
  }

  #ask(call: CodeCall): Promise<RequestPreview> {
    return requestFor(call.client, 'tools/call', { name: call.tool.name, arguments: call.args() })
  }

  async #copy(call: CodeCall, format: Format): Promise<void> {
    let text: string
    try {
      const preview = (this.#preview = await this.#ask(call))
      text =
        format === 'curl' ? curlCommand(preview, this.#includeToken)
        : format === 'javascript' ? javascriptCall(preview, this.#includeToken)
        : jsonRpcText(preview)
    } catch (error) {
      this.#status = error instanceof Error ? error.message : String(error)
      return this.host.requestUpdate()
    }
    this.#text = text
    this.#status = ''
    this.host.requestUpdate()
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(text)
      this.#status = msg('tool.copied', 'Copied.')
      this.#selectText = false
    } catch {
      this.#status = msg('tool.copy-by-hand', 'The browser did not let this page copy: the code is selected below, copy it with Ctrl+C (⌘C).')
      this.#selectText = true
    }
    this.host.requestUpdate()
    await this.host.updateComplete
    if (this.#selectText) {
      const box = this.host.shadowRoot?.querySelector<HTMLTextAreaElement>('.copy-code-text')
      box?.focus()
      box?.select()
    }
  }
}
