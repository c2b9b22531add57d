import { TaskStatus } from '@lit/task'
import { html, nothing, type PropertyValues } from 'lit'
import { state } from 'lit/decorators.js'
import { JsonRpcError, type Resource, type ResourceTemplate } from '../../src/client/index.js'
import { ComboboxController } from '../shared/combobox.js'
import { CompletionController } from '../shared/completion.js'
import { ConnectedElement } from '../shared/connected-element.js'
import { emit } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import { clientOf, iconsOf, ListingController, renderFilter, skippedNote, textMatches, usable } from '../shared/item-list.js'
import { RovingFocusController } from '../shared/roving-focus.js'
import { RowWindowController } from '../shared/row-window.js'
import { renderWindowedRows, windowedItems, windowedRows } from '../shared/windowed-rows.js'
import { formatBytes } from '../shared/format.js'
import '../mcp-icon/mcp-icon.js'
import '../mcp-resource-view/mcp-resource-view.js'
import { styles } from './mcp-resource-list.styles.js'
import { expandTemplate, templateVariables } from './uri-template.js'

/** The usable entries of both lists, and how many were not. */
function combine(resources: unknown, templates: unknown) {
  const usableResources = usable<Resource>(resources, 'uri')
  const usableTemplates = usable<ResourceTemplate>(templates, 'uriTemplate')
  return { resources: usableResources.kept, templates: usableTemplates.kept, skipped: usableResources.skipped + usableTemplates.skipped }
}

/** What a row shows and does. */
interface Item {
  content: unknown
  picked: boolean
  pick: () => void
}

/** Detail of `mcp-resource-select`. */
export interface ResourceSelectDetail {
  /** The URI to read: the resource's, or the template expanded with the user's values. */
  uri: string
  /** The listed resource, when one was picked. */
  resource?: Resource
  /** The template the URI was made from, when it was filled in. */
  template?: ResourceTemplate
}

/**
 * The resources and resource templates of a server, with a filter box. Picking
 * a resource opens an `<mcp-resource-view>` of it below the list; picking a
 * template opens a small form with one field per RFC 6570 variable (with the
 * server's completion suggestions in a listbox, as in `<mcp-prompt>`), whose Read button views the expanded URI.
 * The list reloads by itself when the server says it changed. It stays
 * quick with thousands of resources: only the rows in view (and a screenful
 * either side) are rendered, each saying its place (`aria-posinset`) in its
 * list (`aria-setsize`). Every row has the same height (long titles, URIs and
 * descriptions are cut short).
 *
 * Keyboard: Tab reaches the filter box, then the list once; ArrowUp/ArrowDown,
 * Home and End move in the list (ArrowDown in the filter box enters it); Enter
 * or Space picks.
 *
 * @tag mcp-resource-list
 *
 * @property client - The client to use. When unset, the one provided by an enclosing `<mcp-server>`.
 *
 * @fires {CustomEvent<ResourceSelectDetail>} mcp-resource-select - A resource was picked, or a template filled in and read. Detail: `{ uri, resource?, template? }`
 *   (`ResourceSelectDetail`). Cancelable: `preventDefault()` keeps the built-in view from opening.
 * @fires {CustomEvent<ListLoadingDetail>} mcp-list-loading - A load of the list started. Detail `{ list: 'resources' }`.
 * @fires {CustomEvent<ListLoadedDetail>} mcp-list-loaded - That load settled; the list shows in the next update. Detail `{ list: 'resources', error? }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart filter - The filter text box (shown once there are resources to filter, or while it holds text).
 * @csspart filter-clear - The Clear button beside the filter, while it holds text.
 * @csspart status - The line saying how many items are shown, or that they are loading.
 * @csspart stale - The note saying the list shown is a saved one (from the cache, or kept after a failed reload), and how old.
 * @csspart error - The error message shown when the list could not be loaded, with its Retry button.
 * @csspart list - Each list (resources, templates).
 * @csspart item - Each resource or template button.
 * @csspart template-form - The form filling in a template's variables.
 * @csspart listbox - The list of a variable's completion suggestions.
 * @csspart option - Each suggestion.
 * @csspart view - The `<mcp-resource-view>` of the picked resource.
 *
 * @cssprop --mcp-color-accent - Focus ring and the picked item's marker.
 * @cssprop --mcp-color-border - Borders of the list and the form.
 * @cssprop --mcp-resource-list-max-height - Height past which each list scrolls (default: none).
 * @cssprop --mcp-resource-list-row-height - Height of every row (default: as tall as its lines, the title, the URI with type and size, and a line of description when any resource has one).
 * @cssprop --mcp-font-size-sm - Meta text: names, URIs, types and sizes, the count (default `0.8125rem`, or `--font-text-sm-size`).
 * @cssprop --mcp-radius-lg - Corners of the lists and the template form (default `10px`, or `--border-radius-lg`).
 * @cssprop --mcp-shadow - The lists' lift off the page (default `0 1px 3px #0002`).
 * @cssprop --mcp-border - Borders of the lists, between rows and of the form (default `1px solid var(--mcp-color-border)`).
 * @cssprop --mcp-color-border-strong - Edges of the text boxes and secondary buttons (3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpResourceListElement extends ConnectedElement {
  static override styles = styles

  @state() private filter = ''
  /** What the view below shows: a picked resource, or a template's expansion. */
  @state() private viewing?: ResourceSelectDetail
  /** The template whose form is open. */
  @state() private template?: ResourceTemplate
  /** The values typed into the open template's fields, by variable name. */
  @state() private templateValues: Record<string, string> = {}

  #i18n = new I18nController(this)
  /** Both lists are one for the keyboard: the resources, then the templates (an item's data-index is its place in both). */
  #roving = new RovingFocusController(
    this,
    windowedItems(
      this,
      () => this.#shown.resources.length + this.#shown.templates.length,
      () => this.performUpdate(),
    ),
  )
  #resourceWindow = new RowWindowController(
    this,
    () => this.renderRoot.querySelector<HTMLElement>('ul.resources'),
    () => this.#shown.resources.length,
  )
  #templateWindow = new RowWindowController(
    this,
    () => this.renderRoot.querySelector<HTMLElement>('ul.templates'),
    () => this.#shown.templates.length,
  )
  /** Derived in willUpdate: the resources and templates the filter lets through (only those in view are rendered). */
  #shown: { resources: Resource[]; templates: ResourceTemplate[] } = { resources: [], templates: [] }
  #shownFrom?: { all: unknown; filter: string }
  #completion = new CompletionController(this)
  #combobox = new ComboboxController(this)
  #listing = new ListingController<ReturnType<typeof combine>>(this, 'resources', async (client, options, showStale) => {
    // Each list may be stale on its own: what is shown meanwhile is the stale part with the other part as known so far.
    const known: { resources?: Resource[]; templates?: ResourceTemplate[] } = {}
    const showKnown = (part: Partial<typeof known>, ageMs: number) => {
      Object.assign(known, part)
      showStale(combine(known.resources ?? [], known.templates ?? []), ageMs)
    }
    const [resources, templates] = await Promise.all([
      client.listResources({ ...options, onStale: (stale, { ageMs }) => showKnown({ resources: stale }, ageMs) }),
      // A server with resources but without templates may not know the method.
      client
        .listResourceTemplates({ ...options, onStale: (stale, { ageMs }) => showKnown({ templates: stale }, ageMs) })
        .catch((error: unknown) => (error instanceof JsonRpcError && error.code === -32601 ? [] : Promise.reject(error))),
    ])
    return combine(resources, templates)
  })

  get #all() {
    const listing = this.#listing.value
    return listing?.offered ? listing.items : { resources: [], templates: [], skipped: 0 }
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('template')) {
      this.#completion.reset()
      this.#combobox.close()
    }
    const all = this.#all
    if (this.#shownFrom?.all === all && this.#shownFrom.filter === this.filter) return
    this.#shownFrom = { all, filter: this.filter }
    const needle = this.filter.trim().toLowerCase()
    this.#shown = {
      resources: all.resources.filter((r) => textMatches(needle, r.name, r.title, r.uri, r.description)),
      templates: all.templates.filter((t) => textMatches(needle, t.name, t.title, t.uriTemplate, t.description)),
    }
  }

  override render() {
    const { resources, templates } = this.#shown
    return html`<div part="base">
      ${
        this.#all.resources.length || this.#all.templates.length || this.filter
          ? renderFilter(
              msg('resource-list.filter', 'Filter resources'),
              this.filter,
              (value) => (this.filter = value),
              () => this.#roving.focusFirst(),
            )
          : nothing
      }
      ${this.#listing.renderStatus(this.#status(resources.length, templates.length), (message) =>
        msg('resource-list.error', 'Could not load the resources: {message}', { message }),
      )}
      <div class="lists" @keydown=${this.#roving.onKeyDown} @focusin=${this.#roving.onFocusIn}>
        ${this.#renderList('resources', msg('resource-list.resources', 'Resources'), this.#resourceWindow, resources, 0, (resource) => ({
          content: this.#renderResource(resource),
          picked: this.viewing?.resource?.uri === resource.uri,
          pick: () => this.#pickResource(resource),
        }))}
        ${this.#renderList(
          'templates',
          msg('resource-list.templates', 'Resource templates'),
          this.#templateWindow,
          templates,
          resources.length,
          (template) => ({
            content: this.#renderTemplate(template),
            picked: this.template?.uriTemplate === template.uriTemplate,
            pick: () => this.#pickTemplate(template),
          }),
        )}
      </div>
      ${this.template ? this.#renderTemplateForm(this.template) : nothing}
      ${
        this.viewing
          ? html`<mcp-resource-view
              part="view"
              .uri=${this.viewing.uri}
              .resource=${this.viewing.resource}
              .client=${this.client}
            ></mcp-resource-view>`
          : nothing
      }
    </div>`
  }

  /**
   * One of the two lists, windowed: the rows in view and a screenful either side, and the Tab stop when it is in
   * this list (see windowedRows). `first` is the place of its first item among the items of both lists.
   */
  #renderList<T>(
    kind: 'resources' | 'templates',
    title: string,
    window: RowWindowController,
    entries: T[],
    first: number,
    item: (entry: T) => Item,
  ) {
    if (!entries.length) return nothing
    const count = entries.length
    const total = this.#shown.resources.length + this.#shown.templates.length
    const { rows, listStyle } = windowedRows(window, count, this.#roving.activeIndex(total) - first)
    // Rows are as tall as the list's entries need: no line for descriptions when none of them has one.
    const described = this.#all[kind].some((entry) => entry.description)
    return html`<p class="list-title" id="${kind}-title">${title}</p>
      <ul
        part="list"
        class="windowed ${kind}${described ? '' : ' terse'}"
        aria-labelledby="${kind}-title"
        .style=${listStyle}
        @scroll=${window.onScroll}
      >
        ${renderWindowedRows(rows, count, (index) => this.#renderItem(item(entries[index]!), first + index, total))}
      </ul>`
  }

  /** One item's button; `index` is its place among the items of both lists. */
  #renderItem({ content, picked, pick }: Item, index: number, total: number) {
    return html`<button
      type="button"
      part="item"
      data-index=${index}
      tabindex=${this.#roving.tabIndex(index, total)}
      aria-current=${picked ? 'true' : 'false'}
      @click=${pick}
    >
      ${content}
    </button>`
  }

  #status(resources: number, templates: number): string {
    const listing = this.#listing.value
    return this.#count(resources, templates) + (listing?.offered ? skippedNote(listing.items.skipped) : '')
  }

  #count(resources: number, templates: number): string {
    const listing = this.#listing.value
    if (this.#listing.status === TaskStatus.PENDING && !listing) return msg('resource-list.loading', 'Loading resources…')
    if (!listing) return this.#listing.status === TaskStatus.INITIAL ? msg('resource-list.waiting', 'Waiting for the server…') : ''
    if (!listing.offered) return msg('resource-list.not-offered', 'This server offers no resources.')
    const { resources: all, templates: allTemplates } = listing.items
    const total = all.length + allTemplates.length
    if (total === 0) return msg('resource-list.empty', 'No resources.')
    if (resources + templates === 0) return msg('resource-list.no-match', 'Nothing matches “{filter}”.', { filter: this.filter.trim() })
    return msg('resource-list.count', '{resources} of {totalResources} resources, {templates} of {totalTemplates} templates', {
      resources,
      totalResources: all.length,
      templates,
      totalTemplates: allTemplates.length,
    })
  }

  #renderResource(resource: Resource) {
    const facts = [resource.mimeType, typeof resource.size === 'number' ? formatBytes(resource.size) : undefined]
      .filter(Boolean)
      .join(' · ')
    return this.#renderEntry(resource, resource.uri, facts)
  }

  #renderTemplate(template: ResourceTemplate) {
    return this.#renderEntry(template, template.uriTemplate, template.mimeType)
  }

  /** A row's content: icon, title (and the name when the title differs), URI or URI template and facts, description. */
  #renderEntry(entry: Resource | ResourceTemplate, uri: string, facts: string | undefined) {
    return html`<mcp-icon class="icon" size="20" .serverUrl=${this.client?.url} .icons=${iconsOf(entry)}></mcp-icon>
      <span class="text">
        <span class="line"
          ><span class="title">${entry.title || entry.name || uri}</span>
          ${entry.title && entry.title !== entry.name ? html`<span class="name">${entry.name}</span>` : nothing}</span
        >
        <span class="meta"><span class="uri">${uri}</span>${facts ? html`<span class="facts">${facts}</span>` : nothing}</span>
        ${entry.description ? html`<span class="description">${entry.description}</span>` : nothing}
      </span>`
  }

  #renderTemplateForm(template: ResourceTemplate) {
    const variables = templateVariables(String(template.uriTemplate))
    const uri = expandTemplate(String(template.uriTemplate), this.templateValues)
    const ref = { type: 'ref/resource' as const, uri: template.uriTemplate }
    const ask = (name: string, value: string) => this.#completion.request(clientOf(this), ref, name, value, this.templateValues)
    return html`<form part="template-form" class="template-form" @submit=${this.#readTemplate}>
      <p id="template-form-title" class="list-title">
        ${msg('resource-list.template-form', 'Fill in {template}', { template: template.title || template.name })}
      </p>
      ${variables.map(
        (name, i) =>
          html`<div class="field">
            <label for="template-var-${i}">${name}</label>
            ${this.#combobox.render({
              id: `template-var-${i}`,
              name,
              label: name,
              value: this.templateValues[name] ?? '',
              suggestions: this.#completion.suggestions[name] ?? [],
              onValue: (value) => (this.templateValues = { ...this.templateValues, [name]: value }),
              ask: (value) => ask(name, value),
            })}
          </div>`,
      )}
      <p class="preview">${msg('resource-list.template-uri', 'URI:')} <output class="uri">${uri}</output></p>
      <button type="submit" class="primary">${msg('resource-list.read', 'Read')}</button>
    </form>`
  }

  #pickResource(resource: Resource): void {
    const detail: ResourceSelectDetail = { uri: resource.uri, resource }
    if (!emit(this, 'mcp-resource-select', detail, { cancelable: true })) return
    this.template = undefined
    this.viewing = detail
  }

  #pickTemplate(template: ResourceTemplate): void {
    if (this.template?.uriTemplate !== template.uriTemplate) this.templateValues = {}
    this.template = template
    this.viewing = undefined
  }

  #readTemplate = (event: SubmitEvent): void => {
    event.preventDefault()
    const template = this.template
    if (!template) return
    const detail: ResourceSelectDetail = { uri: expandTemplate(String(template.uriTemplate), this.templateValues), template }
    this.#completion.cancel()
    this.#combobox.close()
    if (emit(this, 'mcp-resource-select', detail, { cancelable: true })) this.viewing = detail
  }
}
