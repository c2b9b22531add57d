import { ContextConsumer, consume } from '@lit/context'
import { LitElement, html, svg, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import { chooseIcon, iconSourceAllowed, type Icon } from '../../src/client/index.js'
import { connectionContext } from '../shared/context.js'
import { ColorSchemeController } from './color-scheme-controller.js'
import { styles } from './mcp-icon.styles.js'
import { themeContext } from './theme-context.js'

/** `light` or `dark`, or undefined for anything else (an attribute may hold any text). */
const themed = (theme: unknown) => (theme === 'light' || theme === 'dark' ? theme : undefined)

/**
 * An icon from a server's `icons` list (a tool's, a resource's, the server's
 * own): the one that best fits the theme and the rendered size, drawn with
 * `<img>` only, so an SVG's scripts never run. Only `https:` and `data:image/`
 * sources, the MCP server's own origin and the origins in `allowOrigins` are
 * loaded, and nothing from the page's own host unless it is one of those two
 * (an image request there carries the visitor's cookies for the page's site);
 * see `iconSourceAllowed`. When nothing usable is there, or every usable image
 * fails to load, a neutral glyph is drawn instead; an image that has neither
 * loaded nor failed after `load-timeout` counts as failed, so a server that
 * never answers leaves the glyph, not a blank. Images load at once, not lazily:
 * the lists draw only the rows in view, and WebKit left lazy `data:` images
 * unloaded in about half the runs.
 *
 * @tag mcp-icon
 *
 * @attr {number} size - Rendered width and height in CSS pixels. Default 24.
 * @attr {'light' | 'dark'} theme - The background the icon sits on. Unset, the theme of an enclosing
 *   `<mcp-server theme>`; without one, the user's `prefers-color-scheme`, followed live when it changes.
 * @attr {string} label - Text alternative. Empty (the default) marks the icon as decorative.
 * @attr {number} load-timeout - Milliseconds an image may take to load before the next icon (or the glyph) is
 *   drawn instead. Default 10000.
 *
 * @property {Icon[]} icons - The spec's `Icon[]` (`src`, `mimeType`, `sizes`, `theme`).
 * @property {string} serverUrl - The MCP server's URL: icons on its origin load, plain `http:` too. Unset, the
 *   server of an enclosing `<mcp-server>`; the elements that draw icons pass the `client` they are given.
 * @property {string[] | ((origin: string) => boolean)} allowOrigins - Origins besides `https:` ones and the
 *   server's that may serve icons (e.g. `['http://intranet.example']`, or `[location.origin]` for the page's
 *   own, refused by default), or a function deciding per origin.
 *
 * @csspart image - The `<img>` of the chosen icon.
 * @csspart fallback - The fallback glyph (an `<svg>` of our own).
 *
 * @cssprop --mcp-icon-fallback-color - Colour of the fallback glyph.
 */
export class McpIconElement extends LitElement {
  static override styles = styles

  @property({ attribute: false }) icons?: readonly Icon[]
  @property({ type: Number }) size = 24
  @property({ reflect: true }) theme?: 'light' | 'dark'
  @property({ attribute: false }) serverUrl?: string
  @property({ attribute: false }) allowOrigins?: readonly string[] | ((origin: string) => boolean)
  @property() label = ''
  @property({ type: Number, attribute: 'load-timeout' }) loadTimeout = 10_000

  /** The theme an enclosing `<mcp-server>` asks for (used when `theme` is unset). */
  @consume({ context: themeContext, subscribe: true })
  @state()
  private inheritedTheme?: 'light' | 'dark'

  /**
   * The URL of the enclosing `<mcp-server>`'s server (used when `serverUrl` is unset). Only the URL is kept, so an
   * icon re-renders when the server changes, not on every change of the connection (list counters, updates).
   */
  @state() private connectedServerUrl?: string

  // A reactive controller: it registers itself with the element, the field only names it.
  #connection = new ContextConsumer(this, {
    context: connectionContext,
    subscribe: true,
    callback: (connection) => (this.connectedServerUrl = connection?.client.url),
  })

  /** Sources that failed to load; the next best icon is tried, then the glyph. */
  @state() private failed: ReadonlySet<string> = new Set()
  /** Sources that loaded (no timeout for them). */
  #loaded = new Set<string>()
  /** The source being waited for, and the timer that gives up on it. */
  #waiting?: { src: string; timer: ReturnType<typeof setTimeout> }

  #colorScheme = new ColorSchemeController(this)

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new icon list gets a fresh chance for every source.
    if (changed.has('icons') && this.failed.size) this.failed = new Set()
    if (changed.has('size')) this.style.setProperty('--mcp-icon-size', `${this.size}px`)
  }

  /** The icon to draw, by the spec's rules (see `chooseIcon`), skipping sources that failed. */
  get chosen(): Icon | undefined {
    const options = {
      theme: themed(this.theme) ?? themed(this.inheritedTheme) ?? this.#colorScheme.scheme,
      size: Math.round(this.size * (globalThis.devicePixelRatio || 1)),
      serverUrl: this.serverUrl ?? this.connectedServerUrl,
      pageOrigin: globalThis.location?.origin,
      allowOrigins: this.allowOrigins,
    }
    const candidates = this.failed.size ? this.icons?.filter((icon) => !this.failed.has(icon?.src)) : this.icons
    const icon = chooseIcon(candidates, options)
    // chooseIcon already applies the source rules; checked again because this is the line that reaches the DOM.
    return icon && iconSourceAllowed(icon.src, options) ? icon : undefined
  }

  protected override updated(): void {
    this.#waitForLoad()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    if (this.hasUpdated) this.#waitForLoad()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#stopWaiting()
  }

  /** Starts the load timeout for the image drawn now, unless it loaded or is already being waited for. */
  #waitForLoad(): void {
    const src = this.renderRoot.querySelector('img')?.getAttribute('src') ?? undefined
    if (this.#waiting?.src === src && src !== undefined) return
    this.#stopWaiting()
    if (src === undefined || this.#loaded.has(src) || !this.isConnected) return
    this.#waiting = {
      src,
      timer: setTimeout(() => {
        this.#waiting = undefined
        if (!this.#loaded.has(src)) this.#onError(src)
      }, this.loadTimeout),
    }
  }

  #stopWaiting(): void {
    if (this.#waiting) clearTimeout(this.#waiting.timer)
    this.#waiting = undefined
  }

  protected override render() {
    const icon = this.chosen
    const label = this.label || undefined
    if (!icon) {
      // Our own markup, not the server's: a rounded square with a dot.
      return svg`<svg part="fallback" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5"
        role=${ifDefined(label && 'img')} aria-label=${ifDefined(label)} aria-hidden=${ifDefined(label ? undefined : 'true')}>
        <rect x="4" y="4" width="16" height="16" rx="3" />
        <circle cx="12" cy="12" r="3" />
      </svg>`
    }
    // No crossorigin: the image is only drawn, never read, so it needs no CORS; no referrer leaks the page to the icon host.
    return html`<img
      part="image"
      src=${icon.src}
      alt=${label ?? ''}
      width=${this.size}
      height=${this.size}
      referrerpolicy="no-referrer"
      decoding="async"
      @load=${() => this.#onLoad(icon.src)}
      @error=${() => this.#onError(icon.src)}
    />`
  }

  #onLoad(src: string): void {
    this.#loaded.add(src)
    if (this.#waiting?.src === src) this.#stopWaiting()
  }

  #onError(src: string): void {
    this.failed = new Set([...this.failed, src])
  }
}
