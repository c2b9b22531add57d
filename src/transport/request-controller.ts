/**
 * A request's abort controller that the fetches sending it follow without a listener on its signal: an AbortSignal
 * costs microseconds to make, and a request that is never aborted needs none of its own. Any AbortController works
 * where this one is taken; only this one is followed for free.
 */
export class RequestController extends AbortController {
  /** Set once aborted: read without making the signal. */
  aborted = false
  /** Told of the abort: the fetch sending the request now (requests send one after another). */
  follower?: (reason: unknown) => void

  override abort(reason?: unknown): void {
    if (this.aborted) return
    this.aborted = true
    super.abort(reason)
    this.follower?.(this.signal.reason)
  }
}

/** Whether `controller` was aborted (a RequestController's signal is not made for the asking). */
export const isAborted = (controller: AbortController): boolean =>
  controller instanceof RequestController ? controller.aborted : controller.signal.aborted

/** Calls `onAbort` with the reason when `controller` aborts; the returned function stops that. */
export function followAbort(controller: AbortController, onAbort: (reason: unknown) => void): () => void {
  if (controller instanceof RequestController) {
    controller.follower = onAbort
    return () => (controller.follower = undefined)
  }
  const signal = controller.signal
  const listener = () => onAbort(signal.reason)
  signal.addEventListener('abort', listener, { once: true })
  return () => signal.removeEventListener('abort', listener)
}
