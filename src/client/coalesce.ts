/**
 * Identical requests in flight at the same time share one: four elements
 * calling `listTools()` at once cost one POST. Only for requests whose result
 * does not depend on who asks or how often (lists, reads, discovery,
 * prompts, completion), never for retries carrying input responses.
 *
 * Each caller keeps its own abort: a caller who aborts leaves at once with an
 * AbortError, and the shared request is aborted only when every caller has left.
 */
import { AbortError } from '../protocol/errors.js'

interface Shared {
  promise: Promise<unknown>
  controller: AbortController
  /** Callers still waiting for the result. */
  waiting: number
}

export class Coalescer {
  #inFlight = new Map<string, Shared>()

  /**
   * Joins the request in flight under `key`, or starts it with `start`,
   * which gets a signal that aborts when every caller has aborted.
   */
  run<T>(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new AbortError(signal.reason))
    let shared = this.#inFlight.get(key)
    if (!shared) {
      const controller = new AbortController()
      const promise = start(controller.signal).finally(() => {
        if (this.#inFlight.get(key) === created) this.#inFlight.delete(key)
      })
      const created: Shared = { promise, controller, waiting: 0 }
      this.#inFlight.set(key, (shared = created))
    }
    const joined = shared
    joined.waiting++
    if (!signal) return joined.promise as Promise<T>
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(new AbortError(signal.reason))
        if (--joined.waiting === 0) {
          // Nobody wants the answer any more; a later caller starts afresh.
          if (this.#inFlight.get(key) === joined) this.#inFlight.delete(key)
          joined.controller.abort(signal.reason)
        }
      }
      signal.addEventListener('abort', onAbort, { once: true })
      joined.promise.then(
        (value) => (signal.removeEventListener('abort', onAbort), resolve(value as T)),
        (error) => (signal.removeEventListener('abort', onAbort), reject(error)),
      )
    })
  }

  /** New callers under keys starting with `prefix` start a new request (their results changed); those waiting keep theirs. */
  forget(prefix: string): void {
    for (const key of this.#inFlight.keys()) if (key.startsWith(prefix)) this.#inFlight.delete(key)
  }
}
