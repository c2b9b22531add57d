/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension, App protocol
 * 2026-01-26), client side: what a tool's `_meta.ui` says, which tools a model
 * or a view may see, and reading a view's `ui://` resource. No DOM: the host
 * (`<mcp-app>`) and the sandbox proxy live in components/ and sandbox/.
 *
 * @example
 * const client = new McpClient(url, { apps: { sandboxUrl: 'https://sandbox.example.net/' } })
 * const tools = await client.listTools()
 * const forModel = tools.filter(visibleToModel)
 * const uri = appResourceUri(tools[0])
 * if (uri) { const view = await readAppResource(client, uri) } // view.html, view.csp, view.permissions
 */
import { AppResourceError } from '../../protocol/errors.js'
import type { ClientCapabilities, ReadResourceResult, Tool } from '../../protocol/generated/2026-07-28.js'

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

const record = (v: unknown): Record<string, unknown> | undefined =>
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

/** The declared CSP with only string entries kept (the sandbox proxy checks each one again). */
function cspOf(v: unknown): AppCsp {
  const csp: AppCsp = {}
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list = record(v)?.[key]
    if (Array.isArray(list)) csp[key] = list.filter((d): d is string => typeof d === 'string')
  }
  return csp
}

function permissionsOf(v: unknown): AppPermissions {
  const permissions: AppPermissions = {}
  for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const) {
    if (record(v)?.[key]) permissions[key] = {}
  }
  return permissions
}

/** Decodes base64 to UTF-8 text, or throws (atob rejects malformed input; fatal decoding rejects bad UTF-8). */
function decodeBase64(blob: string): string {
  const binary = atob(blob)
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
}

/**
 * Reads a view with `resources/read` (through the client's cache, as the
 * server's hints allow) and checks it: the content for `uri`, exactly
 * `text/html;profile=mcp-app`, HTML as `text` or base64 `blob`. The CSP and
 * permissions come from the content's `_meta.ui`.
 *
 * @throws AppResourceError when the resource is not a usable view.
 */
export async function readAppResource(
  client: { readResource(uri: string, options?: { signal?: AbortSignal }): Promise<ReadResourceResult> },
  uri: string,
  options: { signal?: AbortSignal } = {},
): Promise<AppResource> {
  if (!uri.startsWith('ui://')) throw new AppResourceError(uri, 'a view must have a ui:// URI')
  const result = await client.readResource(uri, options)
  const contents = Array.isArray(result?.contents) ? result.contents : []
  const content = contents.find((c) => c?.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined)
  if (!content) throw new AppResourceError(uri, `the server returned ${contents.length} contents and none for this URI`)
  if (content.mimeType !== APP_MIME_TYPE) {
    throw new AppResourceError(uri, `its MIME type is ${JSON.stringify(content.mimeType ?? null)}, not ${APP_MIME_TYPE}`)
  }
  let html: string
  if ('text' in content && typeof content.text === 'string') html = content.text
  else if ('blob' in content && typeof content.blob === 'string') {
    try {
      html = decodeBase64(content.blob)
    } catch {
      throw new AppResourceError(uri, 'its blob is not base64-encoded UTF-8')
    }
  } else throw new AppResourceError(uri, 'it has neither text nor blob')
  const ui = record(record(content._meta)?.ui)
  return {
    uri,
    html,
    csp: cspOf(ui?.csp),
    permissions: permissionsOf(ui?.permissions),
    ...(typeof ui?.prefersBorder === 'boolean' && { prefersBorder: ui.prefersBorder }),
  }
}
