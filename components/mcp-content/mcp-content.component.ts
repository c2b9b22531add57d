import { consume } from '@lit/context'
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit'
import { property, state } from 'lit/decorators.js'
import { Task } from '@lit/task'
import {
  validateAgainstSchema,
  type AudioContent,
  type BlobResourceContents,
  type CallToolResult,
  type ContentBlock,
  type ImageContent,
  type McpClient,
  type ResourceLink,
  type TextResourceContents,
} from '../../src/client/index.js'
import { connectionContext, type McpConnection } from '../shared/context.js'
import { formatBytes } from '../shared/format.js'
import { I18nController, msg } from '../shared/i18n.js'
import { errorText } from '../shared/item-list.js'
import { displayOrder, forModelOnly } from './annotations.js'
import { ChunkWindowController } from './chunk-window.js'
import { ExpansionController, TEXT_LIMIT, showAllCharactersButton } from './expansion.js'
import { renderJsonTree } from './json-tree.js'
import { ResourceReadsController, type ResourceRead } from './resource-reads.js'
import { baseMimeType, linkAllowed, mediaTypeAllowed } from './urls.js'
import { styles } from './mcp-content.styles.js'

type MarkdownModule = typeof import('./markdown.js')
type Rendered = TemplateResult | string | typeof nothing

/** The markdown renderer, loaded on first use and shared by every element. */
let markdownLoad: Promise<unknown> | undefined
let markdownModule: MarkdownModule | undefined
/** Set when the renderer could not be loaded: markdown is then shown as plain text for good (and not asked for again). */
let markdownFailed = false

function loadMarkdown(): Promise<unknown> {
  markdownLoad ??= import('./markdown.js').then(
    (module) => (markdownModule = module),
    (error) => {
      markdownFailed = true
      console.warn('mcp-content: the markdown renderer could not be loaded; markdown is shown as text.', error)
    },
  )
  return markdownLoad
}

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown'])
const isJsonType = (mime: string) => mime === 'application/json' || mime.endsWith('+json')
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/

function decodeBase64(data: string): Uint8Array {
  const binary = atob(data)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** How many bytes a base64 string decodes to, without decoding it. */
function base64Size(data: string): number {
  const length = data.replace(/\s/g, '').length
  const padding = data.trimEnd().endsWith('==') ? 2 : data.trimEnd().endsWith('=') ? 1 : 0
  return Math.floor((length * 3) / 4) - padding
}

/** The last path segment of a URI (or its host, as in `hostile://fake.pdf`), for a download's file name; the browser sanitises it further. */
function fileNameOf(uri: string): string {
  let name: string
  try {
    const url = new URL(uri)
    name = decodeURIComponent(url.pathname.split('/').pop() || url.host)
  } catch {
    name = uri.split(/[?#]/)[0].split(/[/\\]/).pop() ?? ''
  }
  return name.replace(/[\p{Cc}"*:<>?\\|/]/gu, '_').slice(0, 200) || 'download'
}

/**
 * Shows MCP content: a tool's result, a prompt's message, a resource's
 * contents. Every string from the server reaches the page as text; nothing
 * it sends is ever parsed as HTML or run.
 *
 * Text is shown as written (line breaks kept), or as markdown with the
 * `markdown` attribute (or a `text/markdown` resource): raw HTML in it is shown
 * as text, links are live only for http(s)/mailto, images load only from
 * `data:image/…` or the origin of the enclosing `<mcp-server>` (others are
 * links). The markdown renderer is loaded on first use.
 * Images and audio come from base64; resource links are live only for http(s): any other is
 * read through the client's `readResource()` when the reader opens it, and shown in place.
 * Blocks are shown highest `annotations.priority` first (a priority that is absent or not a
 * number in 0..1 counts as 0.5; equal ones keep the server's order); a block whose
 * `annotations.audience` is the assistant only is collapsed under "What the model sees".
 * embedded resources are shown by MIME type (text, JSON tree, markdown, image,
 * audio, video, PDF opened in a new tab (Chromium shows none in a sandboxed frame), anything else as a download).
 * `structuredContent` is a collapsible JSON tree, checked against
 * `outputSchema` when one is given (a mismatch is a warning). Long text and
 * large JSON are cut, with a "Show all" button.
 *
 * @tag mcp-content
 *
 * @attr {boolean} markdown - Render text blocks as markdown.
 * @attr {'light' | 'dark'} theme - Forces a colour scheme (default: the page's).
 *
 * @property {ContentBlock[]} blocks - The content to show (a prompt message's content, `[{ type: 'resource', resource }]` for a resource's contents …). Ignored when `result` is set.
 * @property {CallToolResult} result - A tool's result: its `content` is shown, then `structuredContent` as a JSON tree; an `isError` result is shown as an error (`role="alert"`).
 * @property {object} outputSchema - The tool's `outputSchema`: `structuredContent` is validated against it, and a mismatch is shown as a warning.
 * @property {McpClient} client - The client resource links are read through. When unset, the enclosing `<mcp-server>`'s (without either, a non-http(s) link cannot be opened).
 * @property {string[] | ((origin: string) => boolean)} allowOrigins - Origins besides the MCP server's own that
 *   markdown images may load from (e.g. `[location.origin]`), or a function deciding per origin. Default: none, not
 *   even the page's own origin, since an image request carries the visitor's cookies for that site.
 *
 * @csspart base - The wrapper around everything; has the class `error` for error results.
 * @csspart error-label - The "Error" label above an error result.
 * @csspart block - Each content block's wrapper.
 * @csspart for-model - The `<details>` around a block meant for the model only.
 * @csspart order-note - The note saying the blocks are shown by priority, not in the server's order.
 * @csspart text - A text block (or text resource) shown as plain text.
 * @csspart markdown - A text block rendered as markdown.
 * @csspart image - An image.
 * @csspart audio - An audio player.
 * @csspart video - A video player.
 * @csspart pdf - The link opening a PDF in a new tab (the browser's viewer), beside its download link.
 * @csspart download - A download link for binary content.
 * @csspart resource-link - A resource link (name, URI, description, type, size).
 * @csspart open-resource - The button (the link's name) that reads a non-http(s) resource link and shows it in place, or hides it.
 * @csspart resource-read - What was read for a resource link: its contents, the read under way, or the error.
 * @csspart resource-contents - The `<mcp-content>` showing a read resource link's contents.
 * @csspart error - Why a resource link could not be read, with its Retry button.
 * @csspart resource - An embedded resource.
 * @csspart resource-header - An embedded resource's URI and type line.
 * @csspart json - A JSON tree.
 * @csspart structured - The structured content section.
 * @csspart schema-warning - The warning shown when structured content does not match the output schema.
 * @csspart notice - A note about content that cannot be shown (unsupported, invalid).
 * @csspart show-all - The "Show all" buttons of truncated content.
 *
 * @cssprop --mcp-content-max-height - Maximum height of images and videos (default `30rem`).
 * @cssprop --mcp-color-danger - Text colour of error results.
 * @cssprop --mcp-color-danger-bg - Background of error results.
 * @cssprop --mcp-color-warning - Text colour of the schema warning.
 * @cssprop --mcp-color-warning-bg - Background of the schema warning.
 * @cssprop --mcp-font-mono - Font of code and JSON.
 */
export class McpContentElement extends LitElement {
  static override styles = styles

  @property({ attribute: false }) blocks?: ContentBlock[]
  @property({ attribute: false }) result?: CallToolResult
  @property({ attribute: false }) outputSchema?: object
  @property({ type: Boolean, reflect: true }) markdown = false
  @property({ attribute: false }) allowOrigins?: readonly string[] | ((origin: string) => boolean)
  /** The client resource links are read through; when unset, the one of the enclosing `<mcp-server>`. */
  @property({ attribute: false }) client?: McpClient

  /** The enclosing `<mcp-server>`'s connection: markdown images load from its server's origin (and data:), no other host. */
  @consume({ context: connectionContext, subscribe: true })
  @state()
  private connection?: McpConnection

  #i18n = new I18nController(this)
  #expansion = new ExpansionController(this)
  /** The resource links the reader opened, read in place. */
  #reads = new ResourceReadsController(this)
  /** Which chunks of the JSON trees' long lists are drawn (near the view). */
  #chunks = new ChunkWindowController(this)
  /**
   * What is derived from the current content (rendered markdown, parsed JSON, decoded text) by key, computed once:
   * opening a JSON node or drawing a chunk of a long list must not parse or decode everything again.
   */
  #derived = new Map<string, unknown>()
  /** blob: URLs made for the current content (revoked when it changes or the element leaves the page). */
  #objectUrls = new Map<string, string>()
  /** Set when markdown was drawn as plain text because the renderer (or its table of named references) had not loaded yet. */
  #markdownWait?: Promise<unknown>

  #schemaCheck = new Task(this, {
    args: () => [this.outputSchema, this.result] as const,
    task: async ([schema, result]) => {
      if (!schema || !result || result.isError) return []
      if (result.structuredContent === undefined) {
        return [
          { path: '', message: msg('content.schema-missing', 'the tool declares an output schema but returned no structured content') },
        ]
      }
      return validateAgainstSchema(schema, result.structuredContent)
    },
  })

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('blocks') || changed.has('result')) {
      this.#expansion.reset()
      this.#reads.reset()
      this.#chunks.reset()
      this.#derived.clear()
      this.#revokeObjectUrls()
    } else if (changed.has('allowOrigins')) this.#derived.clear() // markdown drawn under the old rule
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // blob: URLs were revoked on disconnect; draw again to make new ones.
    if (this.hasUpdated) this.requestUpdate()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#revokeObjectUrls()
  }

  /** Resolves once rendered, including markdown whose renderer was still loading when it was first drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete()
    const wait = this.#markdownWait
    if (!wait) return complete
    this.#markdownWait = undefined
    await wait // never rejects: a failed import leaves the text shown plain
    // Drawn again now; that draw may wait for the next part (the renderer first, then the table of references).
    return this.getUpdateComplete()
  }

  #revokeObjectUrls(): void {
    for (const url of this.#objectUrls.values()) URL.revokeObjectURL(url)
    this.#objectUrls.clear()
  }

  #once<T>(key: string, compute: () => T): T {
    if (!this.#derived.has(key)) this.#derived.set(key, compute())
    return this.#derived.get(key) as T
  }

  /** A blob: URL for binary content, made once per key. `type` must already be vetted (never HTML or SVG: a blob: URL opened in a tab runs in this page's origin). */
  #objectUrl(key: string, bytes: () => Uint8Array, type: string): string {
    let url = this.#objectUrls.get(key)
    if (!url) {
      url = URL.createObjectURL(new Blob([bytes() as Uint8Array<ArrayBuffer>], { type }))
      this.#objectUrls.set(key, url)
    }
    return url
  }

  override render(): TemplateResult {
    const result = this.result
    const blocks: unknown = result ? result.content : (this.blocks ?? [])
    const isError = result?.isError === true
    const hasStructured = result !== undefined && result.structuredContent !== undefined
    let body: Rendered | Rendered[]
    if (!Array.isArray(blocks)) body = this.#notice(msg('content.not-a-list', 'This content is not a list of content blocks.'))
    else if (blocks.length === 0 && !hasStructured) body = html`<p class="empty">${msg('content.empty', 'No content.')}</p>`
    else body = this.#renderBlocks(blocks)

    return html`<div part="base" class=${isError ? 'base error' : 'base'} role=${isError ? 'alert' : nothing}>
      ${isError ? html`<div part="error-label" class="error-label">${msg('content.error', 'Error')}</div>` : nothing} ${body}
      ${hasStructured ? this.#renderStructured(result!.structuredContent) : nothing} ${this.#renderSchemaWarning()}
    </div>`
  }

  /**
   * The blocks, highest priority first (see annotations.ts). The page's order is the order shown, so a screen reader
   * reads them as they are seen; when it is not the server's, a note says so.
   */
  #renderBlocks(blocks: unknown[]): Rendered[] {
    const order = displayOrder(blocks)
    const rendered: Rendered[] = order.map((index) => {
      const block = blocks[index]
      const key = `b${index}`
      if (forModelOnly(block)) return this.#renderForModel(block, key)
      return html`<div part="block" class="block">${this.#renderBlockSafely(block, key)}</div>`
    })
    if (order.some((index, at) => index !== at)) {
      rendered.unshift(
        html`<p part="order-note" class="notice">${msg('content.by-priority', 'Shown by the server’s priority, most important first.')}</p>`,
      )
    }
    return rendered
  }

  /** A block meant for the model only: collapsed under a label saying so, drawn only once opened. */
  #renderForModel(block: unknown, key: string): TemplateResult {
    const openKey = `${key}/for-model`
    const open = this.#expansion.isOpen(openKey, false)
    return html`<details
      part="for-model"
      class="for-model"
      ?open=${open}
      @toggle=${(event: Event) => this.#expansion.setOpen(openKey, (event.target as HTMLDetailsElement).open, false)}
    >
      <summary>${msg('content.for-model', 'What the model sees')}</summary>
      ${open ? html`<div part="block" class="block">${this.#renderBlockSafely(block, key)}</div>` : nothing}
    </details>`
  }

  /** The client to read resource links through: the one handed in, else the enclosing server's once it is ready. */
  #client(): McpClient | undefined {
    return this.client ?? (this.connection?.status === 'ready' ? this.connection.client : undefined)
  }

  #renderStructured(value: unknown): TemplateResult {
    const label = msg('content.structured', 'Structured content')
    return html`<section part="structured" class="structured" role="group" aria-label=${label}>
      <div class="section-label">${label}</div>
      ${renderJsonTree(value, 'structured', this.#expansion, this.#chunks)}
    </section>`
  }

  #renderSchemaWarning(): Rendered {
    return this.#schemaCheck.render({
      complete: (errors) =>
        errors.length === 0
          ? nothing
          : html`<div part="schema-warning" class="warning">
              <div>${msg('content.schema-mismatch', 'The structured content does not match the tool’s output schema:')}</div>
              <ul>
                ${errors.map((e) => html`<li><code>${e.path || '/'}</code> ${e.message}</li>`)}
              </ul>
            </div>`,
      error: (error) =>
        html`<div part="schema-warning" class="warning">
          ${msg('content.schema-unusable', 'The tool’s output schema cannot be checked: {reason}', { reason: String((error as Error)?.message ?? error) })}
        </div>`,
    }) as Rendered
  }

  /** One block; a block that cannot be drawn becomes a notice, never a broken element. */
  #renderBlockSafely(block: unknown, key: string): Rendered {
    try {
      return this.#renderBlock(block as ContentBlock, key)
    } catch (error) {
      return this.#notice(
        msg('content.block-failed', 'This content cannot be shown: {reason}', { reason: String((error as Error)?.message ?? error) }),
      )
    }
  }

  #renderBlock(block: ContentBlock, key: string): Rendered {
    if (typeof block !== 'object' || block === null) return this.#unsupported(block, key)
    switch (block.type) {
      case 'text':
        if (typeof block.text !== 'string') return this.#unsupported(block, key)
        return this.markdown ? this.#renderMarkdown(block.text, key) : this.#renderText(block.text, key)
      case 'image':
        return this.#renderImage(block)
      case 'audio':
        return this.#renderAudio(block)
      case 'resource_link':
        return this.#renderResourceLink(block, key)
      case 'resource':
        return this.#renderResource(block.resource, key)
      default:
        return this.#unsupported(block, key)
    }
  }

  #notice(text: string): TemplateResult {
    return html`<p part="notice" class="notice">${text}</p>`
  }

  #unsupported(block: unknown, key: string): TemplateResult {
    const type = typeof block === 'object' && block !== null ? String((block as { type?: unknown }).type) : typeof block
    return html`${this.#notice(msg('content.unsupported', 'Unsupported content of type “{type}”:', { type }))}${renderJsonTree(block, key, this.#expansion, this.#chunks)}`
  }

  #renderText(text: string, key: string): TemplateResult {
    const cut = text.length > TEXT_LIMIT && !this.#expansion.shownInFull(key)
    return html`<div part="text" class="text">${cut ? text.slice(0, TEXT_LIMIT) : text}</div>
      ${cut ? showAllCharactersButton(this.#expansion, key, text.length) : nothing}`
  }

  #renderMarkdown(source: string, key: string): TemplateResult {
    const cut = source.length > TEXT_LIMIT && !this.#expansion.shownInFull(key)
    const shown = cut ? source.slice(0, TEXT_LIMIT) : source
    const more = cut ? showAllCharactersButton(this.#expansion, key, source.length) : nothing
    const module = markdownModule
    const loading = module ? module.namedReferencesLoad(shown) : markdownFailed ? undefined : loadMarkdown()
    if (!module || loading) {
      // Shown as plain text until the renderer (and the table of named references, when the text has one) has
      // loaded, or for good if the renderer cannot be loaded.
      if (loading) this.#markdownWait = loading.then(() => this.requestUpdate())
      return html`<div part="text" class="text">${shown}</div>
        ${more}`
    }
    const serverUrl = this.connection?.client.url
    const { allowOrigins } = this
    const rendered = this.#once(`${key}/markdown/${cut}/${serverUrl}`, () => module.renderMarkdown(shown, { serverUrl, allowOrigins }))
    return html`<div part="markdown" class="markdown">${rendered}</div>
      ${more}`
  }

  #renderImage(block: ImageContent): TemplateResult {
    const mime = baseMimeType(block.mimeType)
    if (!mediaTypeAllowed(mime, 'image') || typeof block.data !== 'string' || !BASE64.test(block.data)) {
      return this.#notice(msg('content.bad-image', 'An image that cannot be shown (type “{type}”).', { type: String(block.mimeType) }))
    }
    const alt = msg('content.image', 'Image ({type})', { type: mime })
    return html`<img part="image" class="media" src=${`data:${mime};base64,${block.data.replace(/\s/g, '')}`} alt=${alt} />`
  }

  #renderAudio(block: AudioContent): TemplateResult {
    const mime = baseMimeType(block.mimeType)
    if (!mediaTypeAllowed(mime, 'audio') || typeof block.data !== 'string' || !BASE64.test(block.data)) {
      return this.#notice(msg('content.bad-audio', 'Audio that cannot be played (type “{type}”).', { type: String(block.mimeType) }))
    }
    const label = msg('content.audio', 'Audio ({type})', { type: mime })
    return html`<audio part="audio" controls aria-label=${label} src=${`data:${mime};base64,${block.data.replace(/\s/g, '')}`}></audio>`
  }

  #renderResourceLink(link: ResourceLink, key: string): TemplateResult {
    const name = String(link.title || link.name || link.uri)
    const uri = String(link.uri)
    const details = [
      typeof link.mimeType === 'string' ? link.mimeType : '',
      typeof link.size === 'number' && link.size >= 0 ? formatBytes(link.size) : '',
    ].filter(Boolean)
    // Only http(s) and mailto become live links; any other URI is the server's to read, in place, when the reader asks.
    const live = linkAllowed(uri)
    const client = live || typeof link.uri !== 'string' ? undefined : this.#client()
    const read = client ? this.#reads.shown(key) : undefined
    return html`<div part="resource-link" class="resource-link">
      <div class="resource-name">
        ${
          live
            ? html`<a href=${uri} rel="noopener noreferrer" target="_blank">${name}</a>`
            : client
              ? html`<button
                  type="button"
                  part="open-resource"
                  class="open-resource"
                  aria-expanded=${read ? 'true' : 'false'}
                  @click=${() => this.#reads.toggle(key, client, uri)}
                >
                  <span class="marker" aria-hidden="true">${read ? '▾' : '▸'}</span>${name}
                </button>`
              : html`<span class="name">${name}</span>`
        }
        ${name !== uri ? html`<span class="uri">${uri}</span>` : nothing}
      </div>
      ${typeof link.description === 'string' ? html`<div class="description">${link.description}</div>` : nothing}
      ${details.length ? html`<div class="meta">${details.join(' · ')}</div>` : nothing}
      ${read && client ? this.#renderRead(read, key, client) : nothing}
    </div>`
  }

  /** A resource link's contents as read (or the read under way, or why it failed, with a Retry). */
  #renderRead(read: ResourceRead, key: string, client: McpClient): TemplateResult {
    const { uri } = read
    let shown: Rendered
    if (read.status === 'reading') shown = html`<p class="notice">${msg('content.reading', 'Reading {uri}…', { uri })}</p>`
    else if (read.status === 'failed') {
      // The link and everything around it stay; only the read is missing, and Retry asks again.
      shown = html`<div part="error" class="read-error" role="alert">
        <span>${msg('content.read-failed', 'Could not read {uri}: {message}', { uri, message: errorText(read.error) })}</span>
        <button type="button" @click=${() => this.#reads.read(key, client, uri)}>${msg('content.retry', 'Retry')}</button>
      </div>`
    } else if (!Array.isArray(read.result.contents)) {
      shown = this.#notice(msg('content.read-malformed', 'The server sent contents that are not a list.'))
    } else if (read.result.contents.length === 0) shown = this.#notice(msg('content.read-empty', 'The resource is empty.'))
    else {
      shown = html`<mcp-content
        part="resource-contents"
        .blocks=${read.result.contents.map((resource) => ({ type: 'resource', resource }) as ContentBlock)}
        .client=${client}
        .allowOrigins=${this.allowOrigins}
      ></mcp-content>`
    }
    return html`<div part="resource-read" class="resource-read" aria-busy=${read.status === 'reading' ? 'true' : 'false'}>${shown}</div>`
  }

  #renderResource(resource: TextResourceContents | BlobResourceContents, key: string): TemplateResult {
    if (typeof resource !== 'object' || resource === null) return this.#unsupported(resource, key)
    const uri = String(resource.uri ?? '')
    const mime = baseMimeType(resource.mimeType)
    return html`<section part="resource" class="resource" role="group" aria-label=${uri || msg('content.resource', 'Resource')}>
      <div part="resource-header" class="resource-header">
        <span class="uri">${uri}</span>${mime ? html` <span class="meta">${mime}</span>` : nothing}
      </div>
      ${this.#renderResourceBody(resource, uri, mime, key)}
    </section>`
  }

  #renderResourceBody(resource: TextResourceContents | BlobResourceContents, uri: string, mime: string, key: string): Rendered {
    const hasText = typeof resource.text === 'string'
    if (!hasText && typeof resource.blob !== 'string') return this.#unsupported(resource, key)
    if (!hasText && !BASE64.test(resource.blob as string))
      return this.#notice(msg('content.bad-base64', 'This resource’s data is not valid base64.'))
    const bytes = () => decodeBase64(resource.blob as string)
    // Text, whichever way it came (a text resource, or a blob of a textual type).
    const text = () => (hasText ? (resource.text as string) : this.#once(`${key}/text`, () => new TextDecoder().decode(bytes())))

    if (mediaTypeAllowed(mime, 'image')) {
      const src = hasText
        ? `data:${mime};charset=utf-8,${encodeURIComponent(resource.text as string)}`
        : `data:${mime};base64,${(resource.blob as string).replace(/\s/g, '')}`
      return html`<img part="image" class="media" src=${src} alt=${fileNameOf(uri)} />`
    }
    if (MARKDOWN_TYPES.has(mime)) return this.#renderMarkdown(text(), key)
    if (isJsonType(mime)) {
      const source = text()
      const parsed = this.#once(`${key}/json`, () => {
        try {
          return { value: JSON.parse(source) as unknown }
        } catch {
          return undefined
        }
      })
      if (!parsed) {
        return html`${this.#notice(msg('content.bad-json', 'This is not valid JSON; shown as text.'))}${this.#renderText(source, key)}`
      }
      return renderJsonTree(parsed.value, `${key}/json`, this.#expansion, this.#chunks)
    }
    if (hasText || mime.startsWith('text/')) return this.#renderText(text(), key)

    const label = fileNameOf(uri)
    if (mediaTypeAllowed(mime, 'audio')) {
      return html`<audio part="audio" controls aria-label=${label} src=${this.#objectUrl(key, bytes, mime)}></audio>`
    }
    if (mediaTypeAllowed(mime, 'video')) {
      return html`<video part="video" class="media" controls aria-label=${label} src=${this.#objectUrl(key, bytes, mime)}></video>`
    }
    if (mime === 'application/pdf') {
      // Not in a frame: Chromium draws no PDF in a sandboxed frame (whatever the sandbox allows, its viewer is refused), and
      // in a frame without one the PDF's own JavaScript runs and its links navigate inside this page. In a tab of its own
      // (noopener: no way back to this page) the browser's viewer draws it; typed application/pdf, it is never read as HTML.
      return html`<a
          part="pdf"
          class="open-pdf"
          href=${this.#objectUrl(key, bytes, 'application/pdf')}
          target="_blank"
          rel="noopener noreferrer"
          >${msg('content.open-pdf', 'Open {name} in a new tab', { name: label })}</a
        >
        ${this.#download(key, resource.blob as string, label)}`
    }
    return this.#download(key, resource.blob as string, label)
  }

  /** A download link. The blob is typed application/octet-stream whatever the server said, so opening it in a tab can never render HTML in this origin. */
  #download(key: string, base64: string, fileName: string): TemplateResult {
    const url = this.#objectUrl(`${key}/download`, () => decodeBase64(base64), 'application/octet-stream')
    const size = formatBytes(base64Size(base64))
    return html`<a part="download" class="download" href=${url} download=${fileName}
      >${msg('content.download', 'Download {name} ({size})', { name: fileName, size })}</a
    >`
  }
}
