/**
 * When a followed task is polled next: the server's interval (never less, never under the client's floor), longer
 * each time an answer repeats the last one, longer still while the page is hidden, and never past the task's deadline.
 */

/** The settings the schedule keeps to, in ms (from TasksOptions). */
export interface PollBounds {
  /** The floor, whatever the server suggests. */
  min: number
  /** The interval when the server suggests none. */
  fallback: number
  /** The longest a backed-off interval grows to (a server asking for more still gets its interval). */
  max: number
}

/** Each answer that repeats the last one lengthens the next interval by this much. */
const BACKOFF_FACTOR = 1.5
/** While the page is hidden, intervals are this many times longer. */
const HIDDEN_FACTOR = 5
/** setTimeout's ceiling: a longer wait would fire at once. */
const LONGEST_TIMER = 2 ** 31 - 1

/** The interval before the next poll of one task; `answered()` after each answer. */
export class PollSchedule {
  /** Answers in a row that repeated the one before. */
  #unchanged = 0

  constructor(readonly bounds: PollBounds) {}

  /** An answer came; `changed`: its status or message differ from the one before (the backoff starts over). */
  answered(changed: boolean): void {
    this.#unchanged = changed ? 0 : this.#unchanged + 1
  }

  /** The wait in ms, for the server's suggested interval, whether the page is hidden, and the time left before the deadline. */
  next(suggested: number | undefined, hidden: boolean, left: number): number {
    const { min, fallback, max } = this.bounds
    const server = Math.max(min, typeof suggested === 'number' && suggested >= 0 ? suggested : fallback)
    const backedOff = Math.max(server, Math.min(server * BACKOFF_FACTOR ** this.#unchanged, max))
    // Jitter only lengthens the wait (tabs resumed together do not poll in step).
    const wait = backedOff * (hidden ? HIDDEN_FACTOR : 1) * (1 + Math.random() * 0.2)
    return Math.max(0, Math.min(wait, left, LONGEST_TIMER))
  }
}
