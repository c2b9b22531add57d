/// <reference types="vite/client" />
/**
 * The CDN's autoloader: each element's code is loaded the first time its tag
 * appears in the document, so a page downloads only the elements it shows
 * (as Shoelace's and Web Awesome's autoloaders do). The CDN entry
 * (components/cdn.ts) starts it; an npm user may too, or import the elements
 * one by one (`mcp-web-elements/elements/mcp-foo`), which is what it does.
 *
 * The tag → code map is derived from the folders: components/mcp-foo/mcp-foo.ts
 * registers `<mcp-foo>` (vite expands the glob at build time, so a new element
 * folder is picked up with no list to keep).
 *
 * A MutationObserver sees the document's light DOM only: our elements load the
 * elements they render in their own shadow roots themselves; a page that puts
 * ours in a shadow root of its own calls {@link discover} on it.
 *
 * Elements whose classes the caller holds already (the CDN entry's `<mcp-server>` and `<mcp-tool-list>`, in its own
 * chunk) are handed to {@link startAutoloader}: their tags are defined the moment they appear, in the same task, with
 * no request for a file that would only define them (a round trip before a warm start's list could show: issue 23).
 */
import { ContextRoot } from '@lit/context'

const registeringFiles = import.meta.glob(['./mcp-*/mcp-*.ts', '!./*/*.test.ts', '!./*/*.component.ts', '!./*/*.styles.ts'])

/** `<mcp-foo>` → a loader of components/mcp-foo/mcp-foo.ts (its module defines the tag). */
const elementLoaders: ReadonlyMap<string, () => Promise<unknown>> = new Map(
  Object.entries(registeringFiles).flatMap(([path, load]) => {
    const tag = /^\.\/(mcp-[a-z0-9-]+)\/\1\.ts$/.exec(path)?.[1]
    return tag ? [[tag, load] as const] : []
  }),
)

const loading = new Map<string, Promise<unknown>>()

/** Classes the caller holds already, by tag: defined when first asked for, with no import (see the header). */
const held = new Map<string, CustomElementConstructor>()

/**
 * Loads the code of `<tag>` once (again after a failed load); undefined for a tag that is not ours. A tag whose class
 * is held is defined before this returns.
 */
export function loadElement(tag: string): Promise<unknown> | undefined {
  const heldElement = held.get(tag)
  if (heldElement) {
    if (!customElements.get(tag)) customElements.define(tag, heldElement)
    return Promise.resolve(heldElement)
  }
  const load = elementLoaders.get(tag)
  if (!load) return undefined
  let pending = loading.get(tag)
  if (!pending) {
    pending = load().catch((error: unknown) => {
      // A dropped connection must not leave the tag undefined for good: its next appearance tries again.
      loading.delete(tag)
      throw error
    })
    loading.set(tag, pending)
  }
  return pending
}

/** Loads every element of ours not yet defined in `root` (and `root` itself); resolves when they are defined. */
export async function discover(root: Document | DocumentFragment | Element): Promise<void> {
  const tags = new Set<string>()
  if ('localName' in root && root.localName.startsWith('mcp-') && !customElements.get(root.localName)) tags.add(root.localName)
  for (const element of root.querySelectorAll(':not(:defined)')) tags.add(element.localName)
  await Promise.all([...tags].map((tag) => loadElement(tag)))
}

let observer: MutationObserver | undefined

/**
 * Discovers the document's elements now and each one added later. Idempotent. `heldElements`: classes the caller
 * imports anyway, by tag, defined when their tag appears without loading their files.
 */
export function startAutoloader(heldElements: Readonly<Record<string, CustomElementConstructor>> = {}): void {
  for (const [tag, element] of Object.entries(heldElements)) held.set(tag, element)
  if (observer) return
  // Chunks arrive in any order: an element that asked its <mcp-server> for the connection before the server's chunk
  // ran gets it when the server is defined (the request is replayed), as it would if the server came first.
  new ContextRoot().attach(document.documentElement)
  observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) void discover(node as Element).catch(reportError)
  })
  observer.observe(document.documentElement, { subtree: true, childList: true })
  void discover(document).catch(reportError)
}
