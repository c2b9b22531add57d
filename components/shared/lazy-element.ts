/**
 * An element that another one renders only on demand (the tool a list opens, a dialog) is loaded on demand too: its
 * code is a chunk of its own, fetched the first time it is needed, or earlier, when the browser is idle or the user
 * hovers or focuses what would open it, so that opening it shows no delay a person notices.
 */

/** A loader that imports once; after a failure (a dropped connection) the next call tries again. */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
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
