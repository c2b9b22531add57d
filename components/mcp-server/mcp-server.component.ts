import { provide } from '@lit/context'
import { LitElement, html, nothing, type PropertyValues } from 'lit'
import { property, state } from 'lit/decorators.js'
import { ifDefined } from 'lit/directives/if-defined.js'
import {
  isMcpError,
  McpClient,
  type ApprovalGate,
  type AppDisplayMode,
  type AppFeature,
  type Implementation,
  serverName,
} from '../../src/client/index.js'
import { defaultElementCache } from '../../src/cache/idb.js'
import { INPUT_CAPABILITIES } from '../mcp-elicitation/input-capabilities.js'
import '../mcp-icon/mcp-icon.js'
import { themeContext } from '../mcp-icon/theme-context.js'
import { connectionContext, type McpConnection } from '../shared/context.js'
import { EventListenersController } from '../shared/event-listeners.js'
import { asError, emit, type ErrorDetail } from '../shared/events.js'
import { I18nController, msg } from '../shared/i18n.js'
import type { ApprovalPolicy } from './approval-policy.js'
import { lazyApprovalGate, lazyInputHandlers, loadFailureView, loadSignInLink, loadUrlState } from './lazy-parts.js'
import { preloadWhenIdle } from '../shared/lazy-element.js'
import { connectionStateText, type McpConnectionState } from './connection-state.js'
import { listOf } from '../mcp-app/view-policy.js'
import type { InteractiveAuth } from '../../src/auth/hook.js'
import { AttributeAuth } from './attribute-auth.js'
import { styles } from './mcp-server.styles.js'
import { ServerConnection, type ListName } from './server-connection.js'

/** The blocked-popup link's check (sign-in-link.ts), once a blocked popup has loaded it: until then no link shows. */
let signInLink: typeof import('./sign-in-link.js') | undefined

/**
 * The failure's words (failure-view.ts), once a failure has loaded them; `null` when they could not be loaded (the
 * page went offline before they were), and then the error's own message shows.
 */
let failureWords: typeof import('./failure-view.js') | null | undefined

/** The server's website as a link: an absolute http(s) URL with no credentials in it, else none. */
function websiteOf(url: unknown): URL | undefined {
  try {
    const parsed = new URL(url as string)
    return /^https?:$/.test(parsed.protocol) && !parsed.username && !parsed.password ? parsed : undefined
  } catch {
    return undefined // not a URL, or not absolute
  }
}

/** A URL the page gave relative to itself, made absolute; one that does not parse, as given (the sign-in says why it fails). */
function onThisPage(url: string): string {
  try {
    return new URL(url, document.baseURI).href
  } catch {
    return url
  }
}

/** The list each cached method belongs to, for invalidations heard from other tabs. */
const LIST_OF_METHOD: Record<string, ListName> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'prompts/list': 'prompts',
}

/**
 * One MCP server for the elements inside it. It holds an `McpClient` (made
 * from `url`, or the one set as `client`) and provides it, with the
 * connection's state, to its descendants (`connectionContext`). It asks the
 * server who it is (`server/discover`) and shows its title, icon and
 * instructions; when the server offers list-changed notifications it listens
 * for them, so lists inside update live, and after a dropped stream comes back
 * every list reloads. A change another tab of the page's origin heard (through
 * the shared cache) reloads the lists too. The listen stream opens once the
 * lists inside have loaded (`mcp-list-loaded`) and rendered, so a warm start
 * from the cache sends nothing before they are on screen. Failures are shown in words with a Retry button.
 *
 * The header says only what is known (`connectionState`, each state with its own words, colour and `status-*` part):
 * `connected` once the server itself has answered (a cached answer alone is not proof: a warm start shows
 * `connecting` until the listen stream is acknowledged, or a fresh `server/discover` when the server offers no list
 * changes); `offline` with the age of the saved lists shown when it cannot be reached; `reconnecting` with the next
 * try's time after a connection that worked broke (the client retries with backoff); `failed` with the reason and Retry.
 *
 * @tag mcp-server
 *
 * @attr {string} url - The server's MCP endpoint. Changing it connects anew.
 * @attr {boolean} compact - Hides the header (icon, title, status) and the instructions; errors still show.
 * @attr {'light' | 'dark'} theme - Forces light or dark colours, and icons made for that background, on this element
 *   and every element inside it (lists, their icons). Unset, both follow the user's `prefers-color-scheme`.
 * @attr {string} sandbox-url - MCP Apps: the sandbox proxy page (the package's `dist/sandbox/`) served on another
 *   origin. Set, the client made from `url` declares MCP Apps and `<mcp-tool>` shows tools' views (`<mcp-app>`).
 * @attr {string} allow-display-modes - MCP Apps: the display modes views may enter besides inline (`fullscreen pip`),
 *   and only while the user acts in them; default none. The client's `apps.displayModes` (see `<mcp-app>`).
 * @attr {boolean} trust-annotations - Trust this server's tool annotations (the client's `trustAnnotations`): only then does
 *   a tool count as read-only. From any other server annotations are shown "as the server says" and decide nothing.
 * @attr {'ask' | 'trusted-read-only'} approval - Which tool calls the user did not make (from views, page code, a model)
 *   ask first: `ask` (default) every one; `trusted-read-only` all but read-only tools of a `trust-annotations` server.
 *   The user asks in a modal dialog naming the server, holding an `<mcp-tool-call>` (Allow once, Always allow this
 *   tool, Deny; Escape denies). A call the user makes by pressing Call in `<mcp-tool>` is its own approval.
 * @attr {string} answers - The input requests the page answers itself (`mcp-input-required`) beyond elicitation, which the
 *   element answers with a form: `sampling`, `roots` (both deprecated, SEP-2577). Only what is listed is declared to the
 *   server, so a server never asks for what nobody answers; default none. Read when the client is made from `url`.
 * @attr {string} allow-permissions - MCP Apps: the browser features views may use when they ask (`camera microphone
 *   geolocation clipboard-write`); default none. The client's `apps.permissions` (see `<mcp-app>`).
 * @attr {string} redirect-uri - Sign-in without script (the CDN file alone): the page the authorization server sends
 *   the user back to, relative to this page or absolute; it runs the callback script
 *   (`dist/cdn/mcp-web-elements-auth-callback.js`). Set, and no `auth` given, the client made from `url` signs in when
 *   the server asks (a 401): the sign-in code is a chunk loaded then, never on a page whose servers do not ask.
 * @attr {string} client-id - With `redirect-uri`: the client id registered with the server's authorization server.
 * @attr {string} client-metadata-url - With `redirect-uri`: the URL of the page's Client ID Metadata Document
 *   (HTTPS; relative to this page or absolute), used where the authorization server accepts one. With neither this
 *   nor `client-id`, the client registers itself
 *   (dynamic registration) where the authorization server allows it.
 * @attr {'popup' | 'redirect'} sign-in - With `redirect-uri`: how the Sign in button signs in: a popup (default), or
 *   this page goes to the sign-in page and comes back.
 * @attr {boolean} url-state - The open tool and its arguments live in the page's URL fragment (`#mcp-tool=…&mcp-args=…`),
 *   so a link opens that tool with those arguments filled in (never called: the visitor presses Call), and Back and
 *   Forward move between tools. Values the tool's schema marks as secret (`format: password`, `writeOnly`) never go
 *   into the URL, nor are they read from it. The fragment's other `key=value` pairs are kept.
 * @attr {boolean} require-dpop - With `redirect-uri`: sign in only where the authorization server issues DPoP-bound tokens
 *   (RFC 9449), each bound to a key this page holds and cannot export; elsewhere the sign-in fails with
 *   `DpopNotOfferedError`, said in `sign-in-error`. Without it DPoP is still used wherever it is offered.
 *
 * @property {McpClient} client - A client to use instead of making one from `url` (its handlers stay as they are).
 * @property {ApprovalGate} approve - The page's own approval gate for the client made from `url`, replacing the policy of
 *   `approval` (it is given every call, the user's too: `origin.kind === 'user'`).
 * @property {McpConnection} connection - Read-only: what is provided to the elements inside.
 * @property {McpConnectionState} connectionState - Read-only: `{ state, since, nextRetryAt?, error?, savedAt? }`, where
 *   `state` is `none`, `connecting`, `connected`, `offline` (the server unreachable; lists saved at `savedAt` shown),
 *   `reconnecting` (it answered, then the connection broke; next try at `nextRetryAt`) or `failed` (`error`).
 * @property {InteractiveAuth} auth - Sign-in for a protected server (a `BrowserOAuthProvider` from
 *   `mcp-web-elements/auth`), given to the client made from `url`. When the server needs a sign-in the element shows
 *   a Sign in button (or the `sign-in` slot) instead of the lists; `signIn()` starts it inside the click.
 *
 * @fires {CustomEvent<ConnectedDetail>} mcp-connected - The server answered `server/discover`. Detail `{ server: DiscoverResult, serverInfo?: Implementation }`:
 *   `serverInfo` is `client.serverInfo`, the server's name and version in both eras (self-reported: for display).
 * @fires {CustomEvent<ErrorDetail>} mcp-error - Connecting failed, or live updates stopped for good. Detail `{ error: Error }`.
 * @fires {CustomEvent<McpConnectionState>} mcp-connection-state - The connection state changed (or the time of the next try). Detail: `connectionState`.
 * @fires {CustomEvent<ErrorDetail>} mcp-auth-required - The server needs the user to sign in (the sign-in state shows). Detail `{ error: Error }`.
 *   Cancel it (preventDefault) to run the sign-in your own way; the element then shows nothing for it.
 * @fires {CustomEvent<Record<string, never>>} mcp-signed-in - A sign-in finished (the element connects again). Detail `{}`.
 * @fires {CustomEvent<Record<string, never>>} mcp-signed-out - `auth.signOut()` ran (the sign-in state shows again). Detail `{}`.
 *
 * @slot - The elements that use this server (`<mcp-tool-list>`, `<mcp-resource-list>`, …). Hidden while a sign-in is needed.
 * @slot sign-in - Replaces the Sign in button; call the element's `signIn()` from its click.
 *
 * @csspart header - The row with icon, title and status.
 * @csspart icon - The server's `<mcp-icon>`.
 * @csspart title - The server's title (or name).
 * @csspart status - Connection state, announced politely; its `data-state` attribute is the state's name.
 * @csspart status-connecting - The status's words while nothing is heard from the server yet (`status-none`: no address).
 * @csspart status-connected - The status's words while connected.
 * @csspart status-offline - The status's words while offline: the saved lists' age and the next try's time.
 * @csspart status-reconnecting - The status's words while reconnecting after a drop, with the next try's time.
 * @csspart status-failed - The status's words after connecting failed.
 * @csspart instructions - The server's instructions (a `<details>`).
 * @csspart description - The server's own description of itself (`serverInfo.description`), as text.
 * @csspart website - A link to the server's website (`serverInfo.websiteUrl`, http(s) only), named by its host.
 * @csspart error - What went wrong, with the Retry button: state `failed`, and `offline` (then also the `offline` part).
 * @csspart offline - Why the server is offline (state `offline`), with the Retry button; the saved lists stay.
 * @csspart failure - The reason, in words, inside `error` or `offline`.
 * @csspart retry - The Retry button (connects again now).
 * @csspart fix - For a connection problem the client diagnosed (CORS, mixed content, …), beside `error` or `sign-in-error`:
 *   the header the server must send, and a link to the README's table of connection problems.
 * @csspart sign-in - The sign-in prompt (shown when the server needs a sign-in).
 * @csspart sign-in-button - The Sign in button.
 * @csspart sign-in-link - The link to the sign-in page, shown when the browser blocked the popup (only for an http(s) address:
 *   any other, a `javascript:` one say, is refused and said in `sign-in-error`).
 * @csspart sign-in-error - Why the last sign-in failed (the popup was closed, access was denied, …).
 * @csspart sign-out - The Sign out button (shown while signed in).
 * @cssprop --mcp-font-size-lg - The server's title (default `1.25rem`, or `--font-heading-sm-size`).
 * @cssprop --mcp-font-size-sm - Its name and version, description, website and state (default `0.8125rem`, or `--font-text-sm-size`).
 * @cssprop --mcp-space-m - Space around the header and inside a failure (default `0.75rem`).
 * @cssprop --mcp-border - The line under the header (default `1px solid var(--mcp-color-border)`).
 * @cssprop --mcp-color-border-strong - Edges of its buttons (Retry, Sign in; 3:1 against the background).
 * @cssprop --mcp-focus-ring - The focus ring's outline (default `2px solid var(--mcp-color-accent)`).
 */
export class McpServerElement extends LitElement {
  static override styles = styles

  @property() url?: string
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string
  @property({ attribute: 'allow-display-modes' }) allowDisplayModes?: string
  @property({ attribute: 'allow-permissions' }) allowPermissions?: string
  @property() answers?: string
  @property({ attribute: false }) client?: McpClient
  @property({ attribute: false }) auth?: InteractiveAuth
  @property({ attribute: 'redirect-uri' }) redirectUri?: string
  @property({ attribute: 'client-id' }) clientId?: string
  @property({ attribute: 'client-metadata-url' }) clientMetadataUrl?: string
  @property({ attribute: 'sign-in' }) signInFlow?: 'popup' | 'redirect'
  @property({ attribute: 'require-dpop', type: Boolean }) requireDpop = false
  @property({ attribute: false }) approve?: ApprovalGate
  @property({ attribute: 'trust-annotations', type: Boolean }) trustAnnotations = false
  @property() approval: ApprovalPolicy = 'ask'
  @property({ attribute: 'url-state', type: Boolean }) urlState = false
  /** `required`: the server needs a sign-in the user has not given; `pending`: one is under way. */
  @state() private signInState: 'none' | 'required' | 'pending' = 'none'
  /** The sign-in page, when the browser blocked the popup: shown as a link. */
  @state() private blockedSignInUrl?: string
  @property({ type: Boolean, reflect: true }) compact = false
  /** Also provided to every `<mcp-icon>` inside (themeContext), so the lists' icons follow it. */
  @provide({ context: themeContext })
  @property({ reflect: true })
  theme?: 'light' | 'dark'

  @provide({ context: connectionContext })
  @state()
  connection?: McpConnection

  /** The connection as the header shows it; `mcp-connection-state` tells of each change. */
  get connectionState(): McpConnectionState {
    return this.#link.state
  }

  #i18n = new I18nController(this)
  /** The approval gate of the client made from `url`, and of views' calls through a client handed in with none. */
  #gate = lazyApprovalGate(this)
  /** The client made from `url` (not one handed in, which the page owns). */
  #ownClient?: McpClient
  /** The sign-in built from the attributes (redirect-uri, …) for the client made from `url`, when no `auth` is given. */
  #attributeAuth?: AttributeAuth
  /** `invalidate` on the client in use (and only on it), while in the document. */
  #clientEvents = new EventListenersController(this, () => this.client ?? this.#ownClient, {
    invalidate: (event) => this.#onInvalidate(event),
  })
  /**
   * The sign-in provider's events, while in the document: a removed element neither connects again on them nor is
   * kept alive by a provider the page shares.
   */
  #authEvents = new EventListenersController(this, () => this.#activeAuth, {
    signedin: () => this.#onSignedIn(),
    signedout: () => this.#onSignedOut(),
  })
  /** Discover, the listen stream and the state shown; it connects again when the element comes back into the document. */
  #link = new ServerConnection(this, this.#gate, (signIn) => (this.signInState = signIn))

  /** The client in use: the one handed in, else one made from `url`. */
  get activeClient(): McpClient | undefined {
    if (this.client) return this.client
    if (!this.url) return undefined
    if (this.#ownClient) return this.#ownClient
    const auth = this.auth ?? this.#makeAttributeAuth(this.url)
    // The handlers alone declare form-mode elicitation; <mcp-elicitation> also does URL mode.
    this.#ownClient = new McpClient(this.url, {
      handlers: lazyInputHandlers(this, () => this.#ownClient, listOf(this.answers)),
      capabilities: INPUT_CAPABILITIES,
      // In a browser, results persist in IndexedDB, shared by the page's servers and the origin's tabs (mcp-web-elements/cache).
      cache: defaultElementCache(),
      approve: this.#gate,
      trustAnnotations: this.trustAnnotations,
      ...(auth && { auth }),
      ...(this.sandboxUrl && {
        apps: {
          sandboxUrl: this.sandboxUrl,
          displayModes: listOf(this.allowDisplayModes) as AppDisplayMode[],
          permissions: listOf(this.allowPermissions) as AppFeature[],
        },
      }),
    })
    return this.#ownClient
  }

  /** Sign-in from the attributes, when `redirect-uri` asks for it (see attribute-auth.ts). */
  #makeAttributeAuth(url: string): AttributeAuth | undefined {
    this.#attributeAuth = undefined
    if (!this.redirectUri) return undefined
    return (this.#attributeAuth = new AttributeAuth(url, {
      redirectUri: onThisPage(this.redirectUri),
      ...(this.clientId && { client: { client_id: this.clientId } }),
      ...(this.clientMetadataUrl && { clientMetadataUrl: onThisPage(this.clientMetadataUrl) }),
      flow: this.signInFlow === 'redirect' ? 'redirect' : 'popup',
      ...(this.requireDpop && { requireDpop: true }),
    }))
  }

  /** The sign-in in use: the page's `auth`, else the one built from the attributes. */
  get #activeAuth(): InteractiveAuth | undefined {
    return this.auth ?? this.#attributeAuth
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Loaded ahead, so that a connection lost later (offline) still has its words; only once a list is on screen, so
    // that a cold visit's first list waits for no more code than it needs, or the sign-in prompt is (a sign-in that
    // fails offline, its link's code not loading, has words too).
    this.addEventListener('mcp-list-loaded', () => preloadWhenIdle(loadFailureView), { once: true })
    this.addEventListener('mcp-auth-required', () => preloadWhenIdle(loadFailureView), { once: true })
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#ownClient?.close()
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.urlState) this.#followUrl()
    const signInChanged = (['redirectUri', 'clientId', 'clientMetadataUrl', 'signInFlow', 'requireDpop'] as const).some((name) =>
      changed.has(name),
    )
    const remake =
      changed.has('url') ||
      changed.has('auth') ||
      signInChanged ||
      (changed.has('trustAnnotations') && changed.get('trustAnnotations') !== undefined)
    if (remake || changed.has('client')) {
      if (remake && this.#ownClient) {
        this.#ownClient.close()
        this.#ownClient = undefined
      }
      void this.#link.connect()
    }
  }

  /**
   * Signs in with `auth` (a popup by default), then connects again. Call it synchronously inside a click: the popup
   * must open within the user's gesture.
   */
  signIn(): Promise<void> {
    const auth = this.#activeAuth
    if (!auth) return Promise.resolve()
    this.signInState = 'pending'
    this.blockedSignInUrl = undefined
    const failed = (error: unknown) => {
      this.signInState = 'required'
      this.blockedSignInUrl = undefined
      this.#link.provide({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) })
      emit<ErrorDetail>(this, 'mcp-error', { error: asError(error) })
    }
    const onBlocked = (url: string) => {
      // The sign-in page's address is a server's: a javascript: href would run it in this page when clicked.
      void loadSignInLink().then((link) => {
        signInLink = link
        if (link.signInLinkAllowed(url)) this.blockedSignInUrl = url
        else failed(new link.UnsafeEndpointError('authorization_endpoint', url, 'The sign-in page'))
      }, failed)
    }
    return auth.signInFromClick({ onBlocked }).catch(failed)
  }

  #onSignedIn(): void {
    this.signInState = 'none'
    this.blockedSignInUrl = undefined
    emit(this, 'mcp-signed-in', {})
    void this.#link.connect(true)
  }
  #onSignedOut(): void {
    emit(this, 'mcp-signed-out', {})
    void this.#link.connect(true)
  }

  /** Connects again, asking the server afresh (what the Retry button does). */
  retry(): Promise<void> {
    return this.#link.connect(true)
  }

  get #serverInfo(): Implementation | undefined {
    return this.connection?.client.serverInfo
  }

  get #serverName(): string {
    return serverName(this.activeClient?.url ?? '', this.#serverInfo)
  }

  /**
   * Another tab heard a change (the shared cache tells of it): the lists inside reload. What this tab heard on its
   * own listen stream is counted where it is heard, not here again.
   */
  #onInvalidate(event: Event): void {
    const { method, remote } = (event as CustomEvent<{ method: string; remote: boolean }>).detail
    if (!remote || !this.connection) return
    const list = LIST_OF_METHOD[method]
    if (list) this.#link.bump(list)
  }

  /** The failure in words once failure-view.ts is here; until then nothing, so the words never change under a reader. */
  #failure(error: Error, url: string, part: string) {
    if (failureWords) return failureWords.failureView(error, url, part)
    if (failureWords === null) return html`<p part=${part}>${error.message}</p>`
    this.#wantsFailureWords = true
    return nothing
  }

  #urlState?: Promise<unknown>
  /**
   * Starts keeping the open tool in the URL (its code loaded only for a page that asks; a failed load, at the next
   * update, which in Firefox fails again until the page is reloaded: see ChunkLoadError).
   */
  #followUrl(): void {
    this.#urlState ??= loadUrlState().then(
      ({ UrlState }) => new UrlState(this),
      () => (this.#urlState = undefined),
    )
  }

  /** Set by render() when a failure waits for its words: updated() loads them, then renders again. */
  #wantsFailureWords = false

  protected override updated(): void {
    if (!this.#wantsFailureWords) return
    this.#wantsFailureWords = false
    loadFailureView().then(
      (words) => (failureWords = words),
      () => (failureWords = null),
    ).finally(() => this.requestUpdate())
  }

  protected override render() {
    const connection = this.connection
    const info = this.#serverInfo
    const title = this.#serverName
    const identity = info?.title && info.name ? `${info.name} ${info.version ?? ''}` : info?.version
    const description = typeof info?.description === 'string' ? info.description : ''
    const website = websiteOf(info?.websiteUrl)
    const instructions = typeof connection?.server?.instructions === 'string' ? connection.server.instructions : ''
    const state = this.#link.state
    return html`
      <header part="header">
        <mcp-icon part="icon" size="32" theme=${ifDefined(this.theme)} .icons=${info?.icons}></mcp-icon>
        <div class="names">
          <span part="title">${title}</span>
          ${identity ? html`<span class="identity">${identity}</span>` : nothing}
          ${description ? html`<span part="description">${description}</span>` : nothing}
          ${website
            ? html`<a part="website" href=${website.href} target="_blank" rel="noopener noreferrer" title=${website.href}>${website.host}</a>`
            : nothing}
        </div>
        <span part="status" role="status" data-status=${connection?.status ?? 'none'} data-state=${state.state}
          ><span part="status-${state.state}">${connectionStateText(state, this.#link.live)}</span></span
        >
      </header>
      ${
        instructions
          ? html`<details part="instructions">
              <summary>${msg('server.instructions', 'Instructions')}</summary>
              <p>${instructions}</p>
            </details>`
          : nothing
      }
      ${
        this.signInState !== 'none'
          ? html`<div part="sign-in" role="alert">
              <p>${msg('server.signIn.needed', 'This server needs you to sign in.')}</p>
              ${
                // A sign-in under way (its popup open, or its link shown) leaves the last one's failure behind.
                this.signInState !== 'pending' && connection?.error && !isMcpError(connection.error, 'SignInRequiredError')
                  ? this.#failure(connection.error, connection.client.url, 'sign-in-error')
                  : nothing
              }
              <slot name="sign-in">
                <button part="sign-in-button" type="button" ?disabled=${this.signInState === 'pending'} @click=${() => this.signIn()}>
                  ${msg('server.signIn', 'Sign in')}
                </button>
              </slot>
              ${
                this.blockedSignInUrl && signInLink?.signInLinkAllowed(this.blockedSignInUrl)
                  ? html`<p>
                      ${msg('server.signIn.blocked', 'The browser blocked the sign-in window.')}
                      <a part="sign-in-link" href=${this.blockedSignInUrl} target="_blank" rel="noopener noreferrer"
                        >${msg('server.signIn.open', 'Open the sign-in page')}</a
                      >
                    </p>`
                  : nothing
              }
            </div>`
          : connection &&
              state.error &&
              !isMcpError(state.error, 'SignInRequiredError') &&
              (state.state === 'failed' || state.state === 'offline')
            ? html`<div
                part=${state.state === 'failed' ? 'error' : 'error offline'}
                role=${ifDefined(state.state === 'failed' ? 'alert' : undefined)}
              >
                ${this.#failure(state.error, connection.client.url, 'failure')}
                <button part="retry" type="button" @click=${() => this.retry()}>${msg('server.retry', 'Retry')}</button>
              </div>`
            : nothing
      }
      ${
        this.#activeAuth?.signedIn && this.signInState === 'none'
          ? html`<button part="sign-out" type="button" @click=${() => this.#activeAuth?.signOut()}>
              ${msg('server.signOut', 'Sign out')}
            </button>`
          : nothing
      }
      <slot ?hidden=${this.signInState !== 'none'}></slot>
    `
  }
}

