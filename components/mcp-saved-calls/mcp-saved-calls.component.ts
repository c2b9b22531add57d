import { html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { live } from 'lit/directives/live.js'
import { savedCalls, type McpClient, type SavedCall, type SavedCalls } from '../../src/client/index.js'
import type { McpToolListElement } from '../mcp-tool-list/mcp-tool-list.component.js'
import type { McpToolElement } from '../mcp-tool/mcp-tool.component.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { EventListenersController } from '../shared/event-listeners.js'
import { emit } from '../shared/events.js'
import { formatCount, I18nController, msg } from '../shared/i18n.js'
import { summariseArguments } from '../mcp-task-list/summarise.js'
import { JsonDownloads, timedFileName } from '../shared/download-json.js'
import { styles } from './mcp-saved-calls.styles.js'

/** Detail of `mcp-saved-call-open`. */
export interface SavedCallOpenDetail {
  call: SavedCall
}

/** Detail of `mcp-saved-calls-exported`. */
export interface SavedCallsExportedDetail {
  /** The file's name, as offered to the browser's download. */
  fileName: string
  /** The JSON text saved (what Import reads back). */
  json: string
}

/** Most bytes of a file Import reads. */
const MAX_FILE_BYTES = 4_000_000

/**
 * The calls saved for a server (`savedCalls(client)`), in the authorization context of the client's requests: each
 * with its name, tool and arguments in short. Open fills the tool's form with the call's arguments (the
 * `<mcp-tool-list>` of the same `<mcp-server>` opens the tool, else an `<mcp-tool>` of that tool is filled) and never
 * calls it: the user presses Call, which goes through the approval gate as any call. Rename and Delete work in
 * place; Export saves every saved call as a JSON file, Import adds those of a file or of pasted JSON (a name already
 * taken gets a number; a file that is not an export is refused, and nothing saved is lost).
 *
 * Calls are saved from `<mcp-tool>`'s and `<mcp-call-log>`'s "Save call". Tool names and arguments may come from a
 * server or a file, and are shown as text.
 *
 * @tag mcp-saved-calls
 *
 * @property client - The client whose saved calls to show. When unset, the one provided by an enclosing `<mcp-server>`.
 * @attr {string} tool - Only the saved calls of this tool (all tools when empty).
 *
 * @fires {CustomEvent<SavedCallOpenDetail>} mcp-saved-call-open - Open was pressed. Detail: `{ call }`. Cancelable:
 *   `preventDefault()` to open it yourself (`<mcp-tool>`'s `value`).
 * @fires {CustomEvent<SavedCallsExportedDetail>} mcp-saved-calls-exported - The saved calls were offered as a download. Detail: `{ fileName, json }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart header - The count of saved calls, and the Export and Import buttons.
 * @csspart export - The Export button.
 * @csspart import-toggle - The Import button (`aria-expanded`), which opens the import form.
 * @csspart import - The import form.
 * @csspart import-file - The import form's file field.
 * @csspart import-text - The import form's field for pasted JSON.
 * @csspart import-submit - The import form's Import button.
 * @csspart import-cancel - The import form's Cancel button.
 * @csspart status - The live region saying what the last action did, or why it failed.
 * @csspart list - The list of saved calls, newest first.
 * @csspart call - One saved call (an `<li>`); has the data attribute `data-id`.
 * @csspart open - A call's name, a button that opens it.
 * @csspart tool - Its tool's name.
 * @csspart arguments - Its arguments in short.
 * @csspart rename - A call's Rename button.
 * @csspart delete - A call's Delete button.
 * @csspart rename-form - The form renaming a call.
 * @csspart rename-name - The rename form's name field.
 * @csspart rename-save - The rename form's Save button.
 * @csspart rename-cancel - The rename form's Cancel button.
 * @csspart empty - Shown while there are no saved calls.
 *
 * @cssprop --mcp-color-danger - Why an action failed.
 * @cssprop --mcp-font-mono - Tool names and arguments.
 * @cssprop --mcp-font-size-sm - Tool names and arguments (default `0.8125rem`).
 * @cssprop --mcp-color-border-strong - Edges of the fields.
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpSavedCallsElement extends ConnectedElement {
  static override styles = styles

  @property({ reflect: true }) tool = ''

  @state() private calls: SavedCall[] = []
  @state() private status = ''
  @state() private failed = false
  /** The id of the call being renamed. */
  @state() private renaming?: string
  @state() private importOpen = false

  #i18n = new I18nController(this)
  #renameText = ''
  #importText = ''
  /** The client whose saved calls are shown. */
  #shown?: McpClient
  /** Counts reads, so that an older one answering late does not win over a newer one. */
  #reads = 0
  #downloads = new JsonDownloads()

  #listeners = new EventListenersController(this, () => this.#clientOf(), {
    savedcallschange: () => void this.#read(),
  })

  #clientOf(): McpClient | undefined {
    return this.client ?? this.connection?.client
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#downloads.revoke()
    this.#shown = undefined
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const client = this.isConnected ? this.#clientOf() : undefined
    // The connection changes as the user signs in or out: another authorization context, other saved calls.
    if (client === this.#shown && !changed.has('connection')) return
    if (client !== this.#shown) {
      this.calls = []
      this.#say('')
    }
    this.#shown = client
    if (client) void this.#read()
  }

  async #read(): Promise<void> {
    const client = this.#shown
    const read = ++this.#reads
    if (!client) return
    try {
      const calls = await savedCalls(client).list()
      if (read === this.#reads) this.calls = calls
    } catch (error) {
      if (read === this.#reads) this.#fail(error)
    }
  }

  #say(text: string, failed = false): void {
    this.status = text
    this.failed = failed
  }

  #fail(error: unknown): void {
    this.#say(error instanceof Error ? error.message : String(error), true)
  }

  /** Runs an action on the saved calls and says what it did; a failure is said, never thrown. */
  async #act(action: (saved: SavedCalls) => Promise<string>): Promise<boolean> {
    const client = this.#shown
    if (!client) return false
    try {
      this.#say(await action(savedCalls(client)))
      return true
    } catch (error) {
      this.#fail(error)
      return false
    }
  }

  #open(call: SavedCall): void {
    if (!emit<SavedCallOpenDetail>(this, 'mcp-saved-call-open', { call }, { cancelable: true })) return
    this.#say(
      openInPage(this, call)
        ? msg('saved-calls.opened', '“{name}” is filled in for {tool}: check it, then press Call.', { name: call.name, tool: call.tool })
        : msg('saved-calls.no-view', 'There is no view of the tool {tool} here to fill in.', { tool: call.tool }),
    )
  }

  #startRename(call: SavedCall): void {
    this.renaming = call.id
    this.#renameText = call.name
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('input[part=rename-name]')?.select())
  }

  #endRename(id: string): void {
    this.renaming = undefined
    void this.updateComplete.then(() => this.#rowButton(id, 'rename')?.focus())
  }

  async #rename(event: Event, call: SavedCall): Promise<void> {
    event.preventDefault()
    const done = await this.#act(async (saved) => {
      const renamed = await saved.rename(call.id, this.#renameText)
      return msg('saved-calls.renamed', 'Renamed to “{name}”.', { name: renamed.name })
    })
    if (done) this.#endRename(call.id)
  }

  async #delete(call: SavedCall): Promise<void> {
    const index = this.calls.findIndex((c) => c.id === call.id)
    const done = await this.#act(async (saved) => {
      await saved.delete(call.id)
      return msg('saved-calls.deleted', 'Deleted “{name}”.', { name: call.name })
    })
    if (!done) return
    await this.#read()
    await this.updateComplete
    // Focus stays in the list: on the next call's name, else the previous one's, else the Import button.
    const next = this.calls[index] ?? this.calls[index - 1]
    ;(next ? this.#rowButton(next.id, 'open') : this.renderRoot.querySelector<HTMLButtonElement>('button[part=import-toggle]'))?.focus()
  }

  #rowButton(id: string, part: string): HTMLButtonElement | null | undefined {
    const row = [...this.renderRoot.querySelectorAll<HTMLElement>('li[part=call]')].find((li) => li.dataset.id === id)
    return row?.querySelector<HTMLButtonElement>(`button[part~=${part}]`)
  }

  async #export(): Promise<void> {
    await this.#act(async (saved) => {
      const json = await saved.export()
      const fileName = timedFileName('mcp-saved-calls')
      this.#downloads.download(json, fileName)
      emit<SavedCallsExportedDetail>(this, 'mcp-saved-calls-exported', { fileName, json })
      return msg('saved-calls.exported', 'Exported the saved calls as {file}.', { file: fileName })
    })
  }

  async #import(text: string): Promise<void> {
    const done = await this.#act(async (saved) => {
      const { added, skipped } = await saved.import(text)
      return skipped
        ? msg('saved-calls.imported-skipped', 'Imported {count} saved calls ({skipped} were saved already).', {
            count: formatCount(added.length),
            skipped: formatCount(skipped),
          })
        : msg('saved-calls.imported', 'Imported {count} saved calls.', { count: formatCount(added.length) })
    })
    if (done) {
      this.importOpen = false
      this.#importText = ''
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('button[part=import-toggle]')?.focus())
    }
  }

  async #importFile(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    if (file.size > MAX_FILE_BYTES)
      return this.#say(msg('saved-calls.file-too-large', 'This file is too large to be an export of saved calls ({size} bytes).', { size: formatCount(file.size) }), true)
    let text: string
    try {
      text = await file.text()
    } catch (error) {
      return this.#fail(error)
    }
    await this.#import(text)
  }

  override render() {
    const calls = this.tool ? this.calls.filter((c) => c.tool === this.tool) : this.calls
    const count = calls.length
    return html`<div part="base">
      <div part="header">
        <span class="count">
          ${count === 1 ? msg('saved-calls.count-one', '1 saved call') : msg('saved-calls.count', '{count} saved calls', { count: formatCount(count) })}
        </span>
        <button part="export" type="button" ?disabled=${!this.#shown || !this.calls.length} @click=${() => this.#export()}>
          ${msg('saved-calls.export', 'Export')}
        </button>
        <button
          part="import-toggle"
          type="button"
          aria-expanded=${this.importOpen ? 'true' : 'false'}
          ?disabled=${!this.#shown}
          @click=${() => (this.importOpen = !this.importOpen)}
        >
          ${msg('saved-calls.import', 'Import')}
        </button>
      </div>
      ${this.importOpen ? this.#importForm() : nothing}
      <p part="status" class=${this.failed ? 'failed' : ''} role="status">${this.status}</p>
      ${
        count
          ? html`<ul part="list" aria-label=${msg('saved-calls.list', 'Saved calls')}>
              ${calls.map((call) => this.#row(call))}
            </ul>`
          : html`<p part="empty" class="empty">
              ${msg('saved-calls.empty', 'No saved calls yet: “Save call” in a tool’s view or the call log keeps one here.')}
            </p>`
      }
    </div>`
  }

  #importForm(): TemplateResult {
    return html`<form
      part="import"
      aria-label=${msg('saved-calls.import-form', 'Import saved calls')}
      @submit=${(e: Event) => (e.preventDefault(), void this.#import(this.#importText))}
    >
      <label
        >${msg('saved-calls.import-file', 'From a file (an export of saved calls)')}
        <input part="import-file" type="file" accept=".json,application/json" @change=${(e: Event) => this.#importFile(e)}
      /></label>
      <label
        >${msg('saved-calls.import-text', 'Or paste its JSON')}
        <textarea
          part="import-text"
          spellcheck="false"
          .value=${live(this.#importText)}
          @input=${(e: Event) => (this.#importText = (e.target as HTMLTextAreaElement).value)}
        ></textarea>
      </label>
      <button part="import-submit" class="primary" type="submit">${msg('saved-calls.import-submit', 'Import')}</button>
      <button part="import-cancel" type="button" @click=${() => (this.importOpen = false)}>${msg('saved-calls.cancel', 'Cancel')}</button>
    </form>`
  }

  #row(call: SavedCall): TemplateResult {
    const args = summariseArguments(call.arguments)
    if (this.renaming === call.id) {
      return html`<li part="call" data-id=${call.id}>
        <form part="rename-form" @submit=${(e: Event) => this.#rename(e, call)} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && this.#endRename(call.id)}>
          <label
            >${msg('saved-calls.new-name', 'New name of “{name}”', { name: call.name })}
            <input
              part="rename-name"
              type="text"
              required
              maxlength="200"
              autocomplete="off"
              .value=${live(this.#renameText)}
              @input=${(e: Event) => (this.#renameText = (e.target as HTMLInputElement).value)}
          /></label>
          <button part="rename-save" class="primary" type="submit">${msg('saved-calls.rename-save', 'Save')}</button>
          <button part="rename-cancel" type="button" @click=${() => this.#endRename(call.id)}>${msg('saved-calls.cancel', 'Cancel')}</button>
        </form>
      </li>`
    }
    return html`<li part="call" data-id=${call.id}>
      <div class="row">
        <div class="what">
          <button part="open" class="open" type="button" @click=${() => this.#open(call)}>${call.name}</button>
          <span part="tool">${call.tool}</span>
          ${args ? html`<span part="arguments">${args}</span>` : nothing}
        </div>
        <button part="rename" type="button" aria-label=${msg('saved-calls.rename-label', 'Rename “{name}”', { name: call.name })} @click=${() => this.#startRename(call)}>
          ${msg('saved-calls.rename', 'Rename')}
        </button>
        <button part="delete" type="button" aria-label=${msg('saved-calls.delete-label', 'Delete “{name}”', { name: call.name })} @click=${() => this.#delete(call)}>
          ${msg('saved-calls.delete', 'Delete')}
        </button>
      </div>
    </li>`
  }
}

/**
 * Fills the tool's form on the page with a saved call's arguments: the `<mcp-tool-list>` of the element's
 * `<mcp-server>` opens the tool, else an `<mcp-tool>` of that tool there is filled. Nothing is called.
 */
function openInPage(from: HTMLElement, call: SavedCall): boolean {
  const scope: ParentNode = from.closest('mcp-server') ?? (from.getRootNode() as ParentNode)
  // A copy each time: the form takes it again even when the same saved call was opened and then edited.
  const args = structuredClone(call.arguments)
  const list = scope.querySelector<McpToolListElement>('mcp-tool-list')
  if (list) {
    list.toolArguments = args
    list.selected = call.tool
    return true
  }
  const view = [...scope.querySelectorAll<McpToolElement>('mcp-tool')].find((tool) => (tool.tool?.name ?? tool.name) === call.tool)
  if (view) view.value = args
  return !!view
}
