/**
 * Reading an MCP Apps view: its `ui://` resource, checked, with the CSP and permissions it declares. A module of its
 * own: only `<mcp-app>` reads views, and apps.ts is in the CDN's first list (the tool list asks which tools a model
 * may see).
 */
import { AppResourceError } from './app-errors.js'
import type { ReadResourceResult } from '../../protocol/generated/2026-07-28.js'
import { APP_MIME_TYPE, record, type AppCsp, type AppPermissions, type AppResource } from './apps.js'

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
