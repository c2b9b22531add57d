import { Task, TaskStatus, initialState } from '@lit/task'
import { html, nothing, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { McpClient, ReadResourceResult, Resource, Subscription } from '../../src/client/index.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import { clientOf, errorText, renderError } from '../shared/item-list.js'
import '../mcp-content/mcp-content.js'
import { styles } from './mcp-resource-view.styles.js'

/** A client and URI whose updates a view follows, and its subscription once the server is known to support them. */
interface Following {
  client: McpClient
  uri: string
  listen?: Subscription
}

/** Detail of `mcp-resource-read`. */
export interface ResourceReadDetail {
  uri: string
  result: ReadResourceResult
}

/**
 * Reads one resource and shows its contents through `<mcp-content>`, which
 * renders each by its MIME type (text, JSON, markdown, images, audio, video,
 * a PDF opened in a tab of its own, or a download with its size). While
 * connected to a server that supports resource
 * subscriptions, the view stays live: when the server says the resource was
 * updated, it is read again.
 *
 * Input the server asks for while reading (an elicitation, say) is answered
 * through the client's handlers, as for any call (`<mcp-server>` answers them).
 *
 * @tag mcp-resource-view
 *
 * @attr uri - The URI of the resource to read.
 * @property client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 * @property resource - The listed resource (optional): its title, name and description are shown above the contents.
 *
 * @fires {CustomEvent<ResourceReadDetail>} mcp-resource-read - Each time the resource was read (first, on Retry, and on a live update). Detail: `{ uri, result }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart header - The title and URI line.
 * @csspart status - The live region saying that the resource is loading, live, or was updated.
 * @csspart error - The error message with its Retry button.
 * @csspart content - The `<mcp-content>` showing the contents.
 *
 * @cssprop --mcp-color-danger - Error text.
 * @cssprop --mcp-color-danger-bg - Error background.
 */
export class McpResourceViewElement extends ConnectedElement {
  static override styles = styles

  /** The URI of the resource to read. */
  @property({ reflect: true }) uri = ''

  /** The listed resource, for its title and description; optional. */
  @property({ attribute: false }) resource?: Resource

  /** How many times the server said this URI was updated since it was first read here. */
  @state() private updates = 0
  /** Whether the server agreed to tell us about updates of this URI. */
  @state() private live = false

  #i18n = new I18nController(this)
  /** The client and URI live updates are followed for, and the subscription once the server is known to support it. */
  #following?: Following
  /** The client and URI of the last read: a later read of the same one (a Retry, an update) skips the cache. */
  #lastRead?: { client: McpClient; uri: string }

  #read = new Task(this, {
    task: async ([client, uri], { signal }) => {
      if (!client || !uri) return initialState
      const fresh = this.#lastRead?.client === client && this.#lastRead.uri === uri
      this.#lastRead = { client, uri }
      const result = await client.readResource(uri, { signal, fresh })
      emit<ResourceReadDetail>(this, 'mcp-resource-read', { uri, result })
      return { uri, result }
    },
    args: () => [clientOf(this), this.uri, this.updates] as const,
  })

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('uri') && changed.get('uri') !== undefined) this.updates = 0
    // Before rendering, so the Live badge goes with the URI it was for, in the same update.
    void this.#follow()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#unfollow()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Back in the document after a move: the next update may be far off.
    if (this.hasUpdated) void this.#follow()
  }

  /**
   * Opens (or moves) the live subscription for the current client and URI, or
   * closes it when there is nothing to follow. Decided once per client and URI
   * (the capability check may ask the server).
   */
  async #follow(): Promise<void> {
    const client = this.isConnected ? clientOf(this) : undefined
    const uri = this.uri
    const current = this.#following
    if (current ? current.client === client && current.uri === uri : !client || !uri) return
    this.#unfollow()
    if (!client || !uri) return
    const following: Following = (this.#following = { client, uri })
    // The element may have moved on while the capability check answered.
    if (!(await this.#canSubscribe(client)) || this.#following !== following) return
    const listen = (following.listen = client.listen({ resourceSubscriptions: [uri] }))
    listen.addEventListener('notification', (event) => {
      const notification = (event as CustomEvent<{ method: string; params?: { uri?: unknown } }>).detail
      if (notification.method === 'notifications/resources/updated' && notification.params?.uri === uri) this.updates++
    })
    // Updates may have been missed while the stream was down.
    listen.addEventListener('reconnect', () => this.updates++)
    listen.acknowledged.then(
      (honoured) => {
        if (this.#following === following) this.live = honoured.resourceSubscriptions?.includes(uri) ?? false
      },
      () => {},
    )
  }

  #unfollow(): void {
    this.#following?.listen?.close()
    this.#following = undefined
    this.live = false
  }

  async #canSubscribe(client: McpClient): Promise<boolean> {
    try {
      const server = this.connection?.client === client && this.connection.server ? this.connection.server : await client.discover()
      return server.capabilities?.resources?.subscribe === true
    } catch {
      return false // no live updates; reading reports its own errors
    }
  }

  override render() {
    const shown = this.#read.value?.uri === this.uri ? this.#read.value.result : undefined
    const pending = this.#read.status === TaskStatus.PENDING
    const title = this.resource?.title || this.resource?.name
    return html`<section part="base" role="group" aria-label=${msg('resource-view.label', 'Resource {uri}', { uri: this.uri })} aria-busy=${pending}>
      <header part="header">
        ${title ? html`<span class="title">${title}</span>` : nothing}
        <span class="uri">${this.uri}</span>
        ${this.live ? html`<span class="live">${msg('resource-view.live', 'Live')}</span>` : nothing}
      </header>
      ${this.resource?.description ? html`<p class="description">${this.resource.description}</p>` : nothing}
      <p part="status" class="status" role="status" aria-live="polite">${this.#status(shown !== undefined)}</p>
      ${
        this.#read.status === TaskStatus.ERROR
          ? renderError(
              msg('resource-view.error', 'Could not read {uri}: {message}', { uri: this.uri, message: errorText(this.#read.error) }),
              () => this.#read.run(),
            )
          : nothing
      }
      ${shown ? this.#renderContents(shown) : nothing}
    </section>`
  }

  #renderContents(result: ReadResourceResult) {
    // A broken server may send anything here; <mcp-content> copes with odd entries, not with a non-list.
    if (!Array.isArray(result.contents)) {
      return html`<p class="empty" role="alert">${msg('resource-view.malformed', 'The server sent contents that are not a list.')}</p>`
    }
    return result.contents.length
      ? html`<mcp-content part="content" .blocks=${result.contents.map((resource) => ({ type: 'resource', resource }))}></mcp-content>`
      : html`<p class="empty">${msg('resource-view.empty', 'The resource is empty.')}</p>`
  }

  #status(showing: boolean): string {
    if (this.#read.status === TaskStatus.PENDING) {
      return showing ? msg('resource-view.updating', 'Updating…') : msg('resource-view.loading', 'Loading {uri}…', { uri: this.uri })
    }
    if (this.#read.status === TaskStatus.INITIAL) return this.uri ? msg('resource-view.waiting', 'Waiting for the server…') : ''
    if (this.#read.status === TaskStatus.COMPLETE && this.updates > 0) return msg('resource-view.updated', 'Updated.')
    return ''
  }
}
