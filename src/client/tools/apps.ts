/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension, App protocol
 * 2026-01-26), client side: what a tool's `_meta.ui` says and which tools a model
 * or a view may see (reading a view's `ui://` resource: app-resource.ts). No DOM: the host
 * (`<mcp-app>`) and the sandbox proxy live in components/ and sandbox/.
 *
 * @example
 * const client = new McpClient(url, { apps: { sandboxUrl: 'https://sandbox.example.net/' } })
 * const tools = await client.listTools()
 * const forModel = tools.filter(visibleToModel)
 * const uri = appResourceUri(tools[0])
 * if (uri) { const view = await readAppResource(client, uri) } // view.html, view.csp, view.permissions
 */
import type { ClientCapabilities, Tool } from '../../protocol/generated/2026-07-28.js'

/** The extension's identifier, the key under `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui'
/** The one MIME type a view may have. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app'
/** The App protocol version this host speaks to views. */
export const APPS_PROTOCOL_VERSION = '2026-01-26'

/** `McpClient`'s `apps` option: setting it declares the extension to servers. */
export interface AppsOptions {
  /**
   * The sandbox proxy page (the package's `dist/sandbox/index.html`), served
   * from an origin other than the page's. `<mcp-app>` refuses to run a view
   * without one. Its own `sandbox-url` attribute wins over this.
   * @example 'https://mcp-sandbox.example.net/index.html'
   */
  sandboxUrl?: string
  /**
   * The display modes this page lets views enter, besides `inline` (always
   * allowed): default none. Even an allowed mode is entered only while the user
   * is acting in the view. `<mcp-app allow-display-modes>` wins over this.
   * @example ['fullscreen']
   */
  displayModes?: AppDisplayMode[]
  /**
   * The browser features (Permissions Policy names) this page lets views use
   * when their resource asks (`_meta.ui.permissions`): default none.
   * `<mcp-app allow-permissions>` wins over this.
   * @example ['clipboard-write']
   */
  permissions?: AppFeature[]
}

/** How a view is shown: in the page's flow, over the whole viewport, or in a small window in a corner. */
export type AppDisplayMode = 'inline' | 'fullscreen' | 'pip'

/** A browser feature a view may ask for, by its Permissions Policy name. */
export type AppFeature = 'camera' | 'microphone' | 'geolocation' | 'clipboard-write'

/** Who may see and call a tool: the model (tool lists for a model, `<mcp-tool-list>`), views, or both. */
export type AppVisibility = 'model' | 'app'

/** A view's `_meta.ui.csp`: the origins it may reach, per kind. Anything undeclared stays blocked. */
export interface AppCsp {
  connectDomains?: string[]
  resourceDomains?: string[]
  frameDomains?: string[]
  baseUriDomains?: string[]
}

/** A view's `_meta.ui.permissions`: browser features it asks for (they become the frame's `allow`). */
export interface AppPermissions {
  camera?: object
  microphone?: object
  geolocation?: object
  clipboardWrite?: object
}

/** A view, read and checked: its HTML and the sandbox settings its resource declared. */
export interface AppResource {
  uri: string
  html: string
  csp: AppCsp
  permissions: AppPermissions
  /** `_meta.ui.prefersBorder`: the view asks for (true) or against (false) a visible border. */
  prefersBorder?: boolean
}

/** The capabilities that declare MCP Apps support (what `McpClient` adds when its `apps` option is set). */
export function appsCapabilities(): ClientCapabilities {
  return { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } }
}

/** `v` when it is a plain object, else undefined: what a server sent is read through this. */
export const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined

/** The tool's view, `_meta.ui.resourceUri` (or the deprecated `_meta["ui/resourceUri"]`), when it is a `ui://` URI. */
export function appResourceUri(tool: Tool | undefined): string | undefined {
  const meta = record(tool?._meta)
  const uri = record(meta?.ui)?.resourceUri ?? meta?.['ui/resourceUri']
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined
}

/** `_meta.ui.visibility`, defaulting to both (absent, empty or malformed lists count as the default). */
export function toolVisibility(tool: Tool): AppVisibility[] {
  const listed = record(record(tool?._meta)?.ui)?.visibility
  const known = Array.isArray(listed) ? listed.filter((v): v is AppVisibility => v === 'model' || v === 'app') : []
  return known.length ? known : ['model', 'app']
}

/** Whether a model (and a tool list shown for one) may see the tool: false for `visibility: ["app"]`. */
export const visibleToModel = (tool: Tool): boolean => toolVisibility(tool).includes('model')

/** Whether a view may call the tool: false for `visibility: ["model"]`. */
export const visibleToApps = (tool: Tool): boolean => toolVisibility(tool).includes('app')
