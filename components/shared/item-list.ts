/**
 * What the list elements (`<mcp-resource-list>`, `<mcp-prompt-list>`, `<mcp-skill-list>`) share:
 * which client to talk through, loading a listing that reloads when the
 * server says it changed, the filter box, the load error with Retry, and the
 * look of a list of item buttons.
 */
import { Task, TaskStatus, initialState } from '@lit/task'
import { css, html, nothing, type ReactiveControllerHost } from 'lit'
import type { Icon, McpClient, ServerCapabilities } from '../../src/client/index.js'
import type { McpConnection } from './context.js'
import { emit } from './events.js'

/** The detail of `mcp-list-loading`: which list began to load (`tools`, `prompts`, `resources`, `skills`). */
export interface ListLoadingDetail {
  list: string
}

/** The detail of `mcp-list-loaded`: which list settled, and why it failed when it did. */
export interface ListLoadedDetail {
  list: string
  error?: unknown
}
import { msg } from './i18n.js'

/** An element that talks to a server: an explicit `client`, else the connection an enclosing `<mcp-server>` provides. */
export interface ConnectedHost extends ReactiveControllerHost, EventTarget {
  client?: McpClient
  connection?: McpConnection
}

/** The client to use: the explicit one, or the enclosing server's once it is connected. */
export function clientOf(host: ConnectedHost): McpClient | undefined {
  return host.client ?? (host.connection?.status === 'ready' ? host.connection.client : undefined)
}

/** What a list element shows: a listing, or that the server has no such list. */
export type Listing<T> = { offered: true; items: T } | { offered: false }

/** Loads a listing; hands a stale cached listing to `showStale` first when the cache has one (stale-while-revalidate). */
export type ListingLoader<T> = (
  client: McpClient,
  options: { signal: AbortSignal; fresh: boolean },
  showStale: (items: T, ageMs: number) => void,
) => Promise<T>

/**
 * A listing that loads, and loads again skipping the cache when the
 * connection's `changes[kind]` counter moves (a list-changed notification or
 * a reconnect) or on `run()` (Retry). Its value is `{ offered: false }` when
 * the server's capabilities say it has no such list (an explicit client is
 * assumed to have it).
 *
 * `value` is what is on screen, which outlives a load: a stale listing from
 * the cache is shown while the fresh one loads, and when a load fails the
 * last listing stays (stale-if-error) beside the error. `stale` then says how
 * old it is. A listing from another client (the url changed) is never shown.
 *
 * The host fires `mcp-list-loading` (detail `{ list }`) when a load starts
 * and `mcp-list-loaded` (detail `{ list, error? }`) when it settles, so an
 * enclosing `<mcp-server>` can wait for the first lists before opening its
 * listen stream, and a page can tell when a list is on screen.
 */
export class ListingController<T> {
  #host: ConnectedHost
  #shown?: { client: McpClient; listing: Listing<T>; receivedAt: number; stale: boolean }
  #task: Task<readonly [McpClient | undefined, boolean, number], { client: McpClient; listing: Listing<T> }>
  /** Whether `mcp-list-loading` was fired without its `mcp-list-loaded` yet. */
  #loading = false

  /**
   * `list` names the listing in its events; `kind` is the server's list whose capability offers it and whose changes
   * reload it (the same by default; the skills are resources).
   */
  constructor(host: ConnectedHost, list: string, load: ListingLoader<T>, kind = list as 'tools' | 'resources' | 'prompts') {
    this.#host = host
    const started = () => {
      if (this.#loading) return
      this.#loading = true
      emit<ListLoadingDetail>(host, 'mcp-list-loading', { list })
    }
    const settled = (error?: unknown) => {
      if (!this.#loading) return
      this.#loading = false
      emit<ListLoadedDetail>(host, 'mcp-list-loaded', { list, ...(error !== undefined && { error }) })
    }
    let loadedFrom: McpClient | undefined
    const offered = (): boolean => {
      const capabilities: ServerCapabilities | undefined = host.client ? undefined : host.connection?.server?.capabilities
      return !capabilities || capabilities[kind] !== undefined
    }
    this.#task = new Task(host, {
      task: async ([client, isOffered], { signal }) => {
        if (!client) {
          settled()
          return initialState
        }
        started()
        if (!isOffered) return { client, listing: { offered: false as const } }
        // A later load from the same client is a reload: the cache may hold what changed.
        const fresh = loadedFrom === client
        loadedFrom = client
        const showStale = (items: T, ageMs: number) => {
          if (signal.aborted) return
          this.#shown = { client, listing: { offered: true, items }, receivedAt: Date.now() - ageMs, stale: true }
          host.requestUpdate()
        }
        const items = await load(client, { signal, fresh }, showStale)
        return { client, listing: { offered: true as const, items } }
      },
      args: () => [clientOf(host), offered(), host.client ? 0 : (host.connection?.changes[kind] ?? 0)] as const,
      onComplete: ({ client, listing }) => {
        this.#shown = { client, listing, receivedAt: Date.now(), stale: false }
        settled()
      },
      onError: (error) => {
        // What was shown stays, now known to be possibly out of date.
        if (this.#shown) this.#shown = { ...this.#shown, stale: true }
        settled(error)
      },
    })
  }

  /** The listing on screen, while it is from the client in use (kept through a reconnect of the same client). */
  get value(): Listing<T> | undefined {
    const shown = this.#shown
    return shown && shown.client === (this.#host.client ?? this.#host.connection?.client) ? shown.listing : undefined
  }

  /** When the listing on screen may be out of date (from the cache, or the last load failed): how old it is. */
  get stale(): { ageMs: number } | undefined {
    return this.value && this.#shown?.stale ? { ageMs: Date.now() - this.#shown.receivedAt } : undefined
  }

  get status(): TaskStatus {
    return this.#task.status
  }

  get error(): unknown {
    return this.#task.error
  }

  /** Loads again (Retry). */
  run(): Promise<void> {
    return this.#task.run()
  }

  /**
   * What every list element shows between its filter box and its list: the status line (`status`: how many items
   * are shown, or that they are loading), the note on a saved listing, and a failed load with Retry (its message
   * worded by `loadError` around the error's own).
   */
  renderStatus(status: string, loadError: (message: string) => string) {
    return html`<p part="status" class="status" role="status" aria-live="polite">${status}</p>
      ${renderStaleNote(this.stale, this.status === TaskStatus.PENDING)}
      ${this.status === TaskStatus.ERROR ? renderError(loadError(errorText(this.error)), () => this.run()) : nothing}`
  }
}

/**
 * A note saying the list on screen is a saved one, and how old (part `stale`,
 * announced politely): while `checking`, that a fresh one is on its way.
 */
function renderStaleNote(stale: { ageMs: number } | undefined, checking: boolean) {
  if (!stale) return nothing
  const age = ageText(stale.ageMs)
  return html`<p part="stale" class="stale" role="status">
    ${
      checking
        ? msg('list.stale.checking', 'Showing a saved list from {age}; checking for changes…', { age })
        : msg('list.stale', 'Showing a saved list from {age}.', { age })
    }
  </p>`
}

/** "5 minutes ago", in the browser's language. */
function ageText(ageMs: number): string {
  const seconds = Math.max(0, Math.round(ageMs / 1000))
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'always' })
  if (seconds < 60) return format.format(-seconds, 'second')
  if (seconds < 3600) return format.format(-Math.round(seconds / 60), 'minute')
  if (seconds < 86_400) return format.format(-Math.round(seconds / 3600), 'hour')
  return format.format(-Math.round(seconds / 86_400), 'day')
}

/**
 * The entries of a listing that are objects with a string `key` (`uri`,
 * `uriTemplate`, `name`): a broken server may send anything, and one bad entry
 * must not take the list down. `skipped` counts the others, to say so.
 */
export function usable<T>(entries: unknown, key: string): { kept: T[]; skipped: number } {
  const all: unknown[] = Array.isArray(entries) ? entries : []
  const kept = all.filter(
    (entry) => typeof entry === 'object' && entry !== null && typeof (entry as Record<string, unknown>)[key] === 'string',
  )
  return { kept: kept as T[], skipped: all.length - kept.length }
}

/** The line saying that malformed entries were left out, or nothing. */
export function skippedNote(skipped: number): string {
  return skipped > 0 ? ' ' + msg('list.skipped', '{count} malformed entries left out.', { count: skipped }) : ''
}

/** An item's `icons`, when they are a list. */
export const iconsOf = (item: { icons?: unknown }): Icon[] => (Array.isArray(item.icons) ? item.icons : [])

/** Whether any of `texts` contains `needle` (already lower-cased and trimmed), ignoring case. */
export function textMatches(needle: string, ...texts: unknown[]): boolean {
  return !needle || texts.some((t) => typeof t === 'string' && t.toLowerCase().includes(needle))
}

/**
 * The filter box; ArrowDown in it calls `enterList`. While it holds text, a Clear button beside it empties it and
 * puts the focus back in it.
 */
export function renderFilter(label: string, value: string, onInput: (value: string) => void, enterList: () => void) {
  return html`<div class="filter-box">
    <label class="filter">
      <span>${label}</span>
      <input
        part="filter"
        type="search"
        autocomplete="off"
        .value=${value}
        @input=${(e: Event) => onInput((e.target as HTMLInputElement).value)}
        @keydown=${(e: KeyboardEvent) => {
          if (e.key !== 'ArrowDown') return
          e.preventDefault()
          enterList()
        }}
      />
    </label>
    ${
      value
        ? html`<button
            part="filter-clear"
            type="button"
            @click=${(e: Event) => {
              onInput('')
              ;(e.target as Element).parentElement?.querySelector('input')?.focus()
            }}
          >
            ${msg('list.filter.clear', 'Clear')}
          </button>`
        : nothing
    }
  </div>`
}

/** A readable error (`role="alert"`, part `part`) with a Retry button, or none where retrying cannot help. */
export function renderError(message: string, retry?: () => void, part = 'error') {
  return html`<div part=${part} class="error" role="alert">
    <p>${message}</p>
    ${retry ? html`<button type="button" @click=${retry}>${msg('list.retry', 'Retry')}</button>` : nothing}
  </div>`
}

/** The message of an error, or the thing thrown as text. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The error box of `renderError()`, and where buttons sit in forms (their look is the theme's). */
export const errorStyles = css`
  .error {
    display: flex;
    gap: var(--mcp-space);
    align-items: center;
    padding: var(--mcp-space-m);
    color: var(--mcp-color-danger);
    background: var(--mcp-color-danger-bg);
    border-radius: var(--mcp-radius);
  }
  .error p {
    margin: 0;
    flex: 1;
    overflow-wrap: anywhere;
  }
  form button,
  .error button {
    align-self: flex-start;
  }
`

/** A labelled text field (label text above its input), as in the filter box and small forms. */
export const fieldStyles = css`
  .filter-box {
    display: flex;
    align-items: end;
    gap: var(--mcp-space);
  }
  .filter-box .filter {
    flex: 1;
  }
  .filter,
  .field {
    display: flex;
    flex-direction: column;
    gap: var(--mcp-space-xs);
  }
  .filter > span,
  .field > label {
    font-weight: 600;
  }
  input {
    font: inherit;
    color: inherit;
    background: var(--mcp-color-bg);
    border: 1px solid var(--mcp-color-border-strong);
    border-radius: var(--mcp-radius);
    padding: var(--mcp-space) var(--mcp-space-m);
  }
`

/** A block element whose `base` part stacks its children with the usual gap. */
export const baseStyles = css`
  :host {
    display: block;
  }
  [part='base'] {
    display: flex;
    flex-direction: column;
    gap: var(--mcp-space);
  }
`

/**
 * The look shared by the list elements: filter, status line, bordered list of item buttons, error. An
 * array rather than one css`` with the others interpolated: the build minifies only a literal with no interpolation.
 */
export const itemListStyles = [
  errorStyles,
  fieldStyles,
  baseStyles,
  css`
    .status {
      margin: 0;
      font-size: var(--mcp-font-size-sm);
      color: var(--mcp-color-text-secondary);
    }
    .stale {
      margin: 0;
      padding: var(--mcp-space-xs) var(--mcp-space);
      color: var(--mcp-color-text-secondary);
      border-inline-start: 3px solid var(--mcp-color-border);
    }
    .list-title {
      margin: var(--mcp-space) 0 0;
      font-weight: 600;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      border: var(--mcp-border);
      border-radius: var(--mcp-radius-lg);
    }
    ul:empty {
      display: none;
    }
    li + li {
      border-top: var(--mcp-border);
    }
    [part='item'] {
      display: flex;
      gap: var(--mcp-space-m);
      align-items: flex-start;
      width: 100%;
      padding: var(--mcp-space) var(--mcp-space-m);
      text-align: start;
      font: inherit;
      color: inherit;
      background: none;
      border: 0;
      border-inline-start: 3px solid transparent;
      border-radius: 0;
    }
    /* The ring inside the row: a row fills its <li> (which cuts off what overflows) and the list may scroll (WCAG 2.4.7). */
    [part='item']:focus-visible {
      outline-offset: -2px;
    }
    [part='item'][aria-current='true'] {
      border-inline-start-color: var(--mcp-color-accent);
      background: var(--mcp-color-bg-secondary);
    }
    .icon {
      flex: none;
    }
    .text {
      display: flex;
      flex-direction: column;
      min-width: 0;
    }
    .title {
      font-weight: 600;
    }
    .name,
    .facts,
    .description {
      color: var(--mcp-color-text-secondary);
    }
    .name,
    .facts,
    .uri {
      font-size: var(--mcp-font-size-sm);
    }
  `,
]
