/**
 * An element that another one renders only on demand (the tool a list opens, a dialog) is loaded on demand too: its
 * code is a chunk of its own, fetched the first time it is needed, or earlier, when the browser is idle or the user
 * hovers or focuses what would open it, so that opening it shows no delay a person notices.
 */

/**
 * A chunk that did not load (offline, a server being deployed), with the browser's reason as its message. `again`
 * when an earlier load of it on this page failed too: then only a reload of the page retries for sure, as Firefox keeps
 * a failed import() for the page's life and fails it again without asking the server (Chromium and WebKit ask again).
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'

  constructor(
    cause: unknown,
    readonly again: boolean,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
  }
}

/** A loader that imports once; after a failure, a {@link ChunkLoadError}, the next call imports again. */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  let failedBefore = false
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      const again = failedBefore
      failedBefore = true
      throw new ChunkLoadError(error, again)
    }))
}

/** Runs `task` when the browser is idle (at the latest after `timeout` ms). */
function whenIdle(task: () => void, timeout = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout })
  else setTimeout(task, 200)
}

/** Starts `load` (a lazyModule) when the browser is idle; a failure here is left to the real use to report. */
export function preloadWhenIdle(load: () => Promise<unknown>): void {
  whenIdle(() => void load().catch(() => {}))
}
