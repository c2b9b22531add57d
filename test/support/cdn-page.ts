// The CDN build as a page author uses it (test/browser/cdn.test.ts, cdn-auth.test.ts): a plain HTML page whose only
// script is the CDN file, in an iframe (a fresh document with its own custom-element registry, nothing of the test's
// imports), served the built file from dist/ (`npm run build` writes it).
import { fixture, html } from '@open-wc/testing'

export const CDN_FILE = '/dist/cdn/mcp-web-elements.js'

/** A page with nothing but the CDN script and `body`, in an iframe; resolves once its document has loaded. */
export async function plainPage(body: string): Promise<HTMLIFrameElement> {
  const frame = await fixture<HTMLIFrameElement>(html`<iframe style="width: 800px; height: 600px"></iframe>`)
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
  frame.srcdoc = `<!doctype html><html lang="en"><head><title>CDN page</title>
    <script type="module" src="${new URL(CDN_FILE, location.href)}"></script></head><body>${body}</body></html>`
  await loaded
  return frame
}

/** Text through open shadow roots. */
export function deepText(node: Node): string {
  let text = node.nodeType === Node.TEXT_NODE ? (node.nodeValue ?? '') : ''
  // Duck-typed: the page is another realm, whose elements are not instances of this one’s Element.
  const shadow = (node as Element).shadowRoot
  if (shadow) text += deepText(shadow)
  for (const child of node.childNodes) text += deepText(child)
  return text
}

/** The paths of the scripts the page fetched from this origin (the CDN file and its chunks, if all is well). */
export function scriptsFetched(page: Window): string[] {
  return page.performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((loaded) => loaded.origin === location.origin && loaded.pathname.endsWith('.js'))
    .map((loaded) => loaded.pathname)
}

/** Skips the suite when dist/ is not built. */
export async function skipUnlessBuilt(this: { skip(): void }, suite: string): Promise<void> {
  if (!(await fetch(CDN_FILE, { method: 'HEAD' })).ok) {
    console.info(`${suite}: skipped, dist/cdn/mcp-web-elements.js is not built (npm run build)`)
    this.skip()
  }
}
