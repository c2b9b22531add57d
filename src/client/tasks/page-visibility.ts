/**
 * Whether the page is hidden (a background tab, a minimized window), and word when it is shown again: task polling
 * slows down while nobody sees it. Where there is no document (Node, workers) the page counts as always visible.
 */

type VisibilityDocument = EventTarget & { visibilityState?: string }

const pageDocument = (): VisibilityDocument | undefined => (globalThis as { document?: VisibilityDocument }).document

/** True while the page's document says it is hidden. */
export function pageHidden(): boolean {
  return pageDocument()?.visibilityState === 'hidden'
}

/** Calls `listener` each time the page becomes visible; returns how to stop. */
export function onPageShown(listener: () => void): () => void {
  const page = pageDocument()
  if (typeof page?.addEventListener !== 'function') return () => {}
  const onChange = () => {
    if (page.visibilityState !== 'hidden') listener()
  }
  page.addEventListener('visibilitychange', onChange)
  return () => page.removeEventListener('visibilitychange', onChange)
}
