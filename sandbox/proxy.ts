/**
 * The MCP Apps sandbox proxy (App protocol 2026-01-26, "Sandbox proxy"): a
 * page users host on an origin of its own (the package ships it as
 * dist/sandbox/). A host page frames it, it frames the view.
 *
 * - It runs only framed, by a page of another origin, and checks that it
 *   cannot reach that page (`window.top`, `parent.document`): if it could, it
 *   would be no sandbox, and it stops.
 * - The view runs in an inner frame with `sandbox="allow-scripts"` (an opaque
 *   origin: no cookies, no storage, nothing of this origin or the host's) under
 *   the CSP built from the resource's `_meta.ui.csp` (csp.ts), with the
 *   declared permissions as its `allow`. The policy is in the view's
 *   document, so the view may navigate its frame only to a declared frame
 *   domain (this page's own `frame-src`); any other document is refused
 *   before it runs, and the view is stopped.
 * - Messages are relayed both ways only between the host (the parent window,
 *   from the host's origin) and the view (the inner frame's window); anything
 *   from elsewhere is dropped. `ui/notifications/sandbox-*` messages are the
 *   proxy's own and are never relayed; the proxy makes no requests itself.
 */
import { allowAttribute, buildCsp, frameNavigationPolicy, withPolicy } from './csp.js'

const READY = 'ui/notifications/sandbox-proxy-ready'
const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready'
/** Not in the spec's list, but in the namespace it reserves for the proxy and the host: why the proxy will not run a view. */
const REFUSED = 'ui/notifications/sandbox-proxy-refused'
const RESERVED = 'ui/notifications/sandbox-'
/** Sandbox tokens a host may add to the view's frame. Never allow-same-origin, top navigation or popups that escape. */
const EXTRA_TOKENS = new Set(['allow-forms', 'allow-modals', 'allow-popups'])

const isMessage = (data: unknown): data is { jsonrpc: '2.0'; method?: unknown; params?: { readonly [key: string]: unknown } } =>
  !!data && typeof data === 'object' && (data as { jsonrpc?: unknown }).jsonrpc === '2.0'
const reserved = (data: { method?: unknown }) => typeof data.method === 'string' && data.method.startsWith(RESERVED)

/** The embedding page's origin: what the browser says framed us (not anything a message claims). */
function embedderOrigin(): string | undefined {
  const ancestors = location.ancestorOrigins
  if (ancestors && ancestors.length) return ancestors[0]
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

/** True when this page can touch the top or parent document: then it shares an origin with the host. */
function canReachHost(): boolean {
  for (const win of [window.top, window.parent]) {
    try {
      if (win && win !== window && win.document) return true
    } catch {
      // A SecurityError: cross-origin, as it must be.
    }
  }
  return false
}

function refuse(reason: string, host?: string): void {
  document.body.textContent = reason
  console.error(`MCP Apps sandbox proxy: ${reason}`)
  if (host && window.parent !== window) window.parent.postMessage({ jsonrpc: '2.0', method: REFUSED, params: { reason } }, host)
}

function start(): void {
  if (window.top === window) return refuse('This page is the MCP Apps sandbox proxy: it works only inside a host page’s frame.')
  const host = embedderOrigin()
  if (!host || host === 'null') return refuse('The page that framed the sandbox proxy could not be identified (no ancestor origin).')
  if (host === location.origin) {
    return refuse(`The sandbox proxy shares its origin with the host page (${host}); serve it from another origin.`, host)
  }
  // Its embedder is of another origin, but a page above it is of its own (which frames the embedder): that page can script it.
  if (canReachHost()) {
    return refuse(
      `The sandbox proxy can reach a page that frames it, of its own origin (${location.origin}); serve it from an origin no host page uses.`,
      host,
    )
  }

  let view: HTMLIFrameElement | undefined
  window.addEventListener('message', (event) => {
    const data = event.data
    if (!isMessage(data)) return
    if (event.source === window.parent && event.origin === host) {
      if (data.method === RESOURCE_READY) {
        if (!view) view = load(data.params ?? {}, host)
      } else if (!reserved(data) && view?.contentWindow) {
        // The view's origin is opaque ("null"), so no target origin can name it; the frame's own window is the target.
        view.contentWindow.postMessage(data, '*')
      }
    } else if (view && event.source === view.contentWindow) {
      if (!reserved(data)) window.parent.postMessage(data, host)
    }
  })
  window.parent.postMessage({ jsonrpc: '2.0', method: READY, params: {} }, host)
}

function load(params: { html?: unknown; sandbox?: unknown; csp?: unknown; permissions?: unknown }, host: string): HTMLIFrameElement {
  const dropped: string[] = []
  const policy = buildCsp(params.csp as never, dropped)
  if (dropped.length) console.warn('MCP Apps sandbox proxy: CSP entries that are not origins were dropped:', dropped)
  // The view's frame may be navigated only to a declared frame domain (this page's frame-src, frameNavigationPolicy):
  // anything else is refused before its document runs. (Not the frame's `csp` attribute: Chromium applies it to the
  // view's own frames too, so a declared frame domain would load only if its pages sent Allow-CSP-From.)
  const navigation = document.createElement('meta')
  navigation.httpEquiv = 'Content-Security-Policy'
  navigation.content = frameNavigationPolicy(params.csp as never)
  document.head.append(navigation)
  const extra = typeof params.sandbox === 'string' ? params.sandbox.split(/\s+/).filter((t) => EXTRA_TOKENS.has(t)) : []
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', ['allow-scripts', ...extra].join(' '))
  const allow = allowAttribute(params.permissions)
  if (allow) frame.setAttribute('allow', allow)
  frame.setAttribute('title', 'MCP App')
  frame.srcdoc = withPolicy(typeof params.html === 'string' ? params.html : '', policy)
  // Stopped at the first sign of a navigation: this page's policy refusing one (which comes before the error page's
  // load, and even when the view navigates before its own document's load), or a second load (the first is the view's
  // own; a later one is a declared frame domain's page).
  const stop = () => {
    if (!frame.isConnected) return
    frame.remove()
    refuse('The view navigated away from its own document, out of its content security policy; it was stopped.', host)
  }
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective === 'frame-src') stop()
  })
  let loads = 0
  frame.addEventListener('load', () => {
    if (++loads > 1) stop()
  })
  document.body.append(frame)
  return frame
}

start()
