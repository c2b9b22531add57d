/**
 * Waiting between attempts to reach a server again: the modern listen
 * stream's re-listens and a legacy session's stream resumes. A module of its
 * own so that the legacy era does not load the modern stream to use them.
 */

/**
 * Backoff before the n-th re-listen: steps exponential from 500 ms to 30 s, the upper half of each step jittered
 * ("equal jitter"). Half of each step is always waited, so however the draws fall, attempts against a server that is
 * down come no closer than 250 ms, 500 ms, 1 s, 2 s, … apart (full jitter could retry at once, several times running).
 */
export function backoffMs(attempt: number): number {
  const step = Math.min(30_000, 500 * 2 ** attempt)
  return step / 2 + (Math.random() * step) / 2
}

/** Waits `ms`, or less if `signal` aborts first (it resolves either way). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}
