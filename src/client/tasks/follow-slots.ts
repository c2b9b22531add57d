/**
 * At most so many tasks followed at once per client (TasksOptions.maxFollows): a page that resumes every kept task
 * polls a few, and the others wait their turn, first come first served, instead of failing.
 */
import { AbortError } from '../../protocol/errors.js'

/** The follows of one client: how many run, and who waits. */
class FollowSlots {
  #running = 0
  readonly #waiting: Array<() => void> = []

  constructor(readonly size: number) {}

  /** Resolves with the slot's release once a slot is free; rejects with an AbortError when `signal` aborts first. */
  take(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new AbortError(signal.reason))
    if (this.#running < this.size) {
      this.#running++
      return Promise.resolve(this.#release())
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener('abort', onAbort)
        resolve(this.#release())
      }
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(turn), 1)
        reject(new AbortError(signal.reason))
      }
      this.#waiting.push(turn)
      signal.addEventListener('abort', onAbort, { once: true })
    })
  }

  /** Frees the slot once (a second call does nothing): handed straight to the first in line, if any. */
  #release(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.#waiting.shift()
      if (next) next()
      else this.#running--
    }
  }
}

const slotsOf = new WeakMap<object, FollowSlots>()

/** The slots of `client`, made on first use with `size` (at least 1). */
export function followSlots(client: object, size: number): FollowSlots {
  let slots = slotsOf.get(client)
  if (!slots) slotsOf.set(client, (slots = new FollowSlots(Math.max(1, Math.floor(size) || 1))))
  return slots
}
