/**
 * A request's abort controller that the fetches sending it follow without a listener on its signal: an AbortSignal
 * costs microseconds to make, and a request that is never aborted needs none of its own. Any AbortController works
 * where this one is taken; only this one is followed for free.
 */
export class RequestController extends AbortController {
  #aborted = false
  #followers = new Set<(reason: unknown) => void>()

  /** Whether it was aborted, read without making its signal. */
  get aborted(): boolean {
    return this.#aborted
  }

  override abort(reason?: unknown): void {
    if (this.#aborted) return
    this.#aborted = true
    super.abort(reason)
    for (const follower of [...this.#followers]) follower(this.signal.reason)
  }

  /** Calls `onAbort` with the reason when this controller aborts; the returned function stops that. */
  follow(onAbort: (reason: unknown) => void): () => void {
    this.#followers.add(onAbort)
    return () => this.#followers.delete(onAbort)
  }
}

/** Whether `controller` was aborted (a RequestController's signal is not made for the asking). */
export const isAborted = (controller: AbortController): boolean =>
  controller instanceof RequestController ? controller.aborted : controller.signal.aborted

/** Calls `onAbort` with the reason when `controller` aborts; the returned function stops that. */
export function followAbort(controller: AbortController, onAbort: (reason: unknown) => void): () => void {
  if (controller instanceof RequestController) return controller.follow(onAbort)
  const signal = controller.signal
  const listener = () => onAbort(signal.reason)
  signal.addEventListener('abort', listener, { once: true })
  return () => signal.removeEventListener('abort', listener)
}
