/**
 * The client's default fetch, apart from the transport: it loads the connection doctor (diagnose.ts) on a failure,
 * and the doctor reaches the transport, so the transport itself never imports it.
 */
import type { Diagnosis } from './diagnose.js'

/**
 * `fetcher`, but a failure a browser will not explain ("TypeError: Failed to fetch") is diagnosed by the connection
 * doctor (diagnose.ts, a lazy chunk: no bytes until a fetch fails) and thrown as the typed error it finds. One
 * diagnosis per request shape until a fetch succeeds, so a retry loop (a listen stream backing off) probes once.
 * Outside a page (Node: no CORS) and for an aborted request, the error is the plain one.
 */
export function diagnosingFetch(fetcher: typeof fetch): typeof fetch {
  let last: { key: string; found: Promise<Diagnosis | undefined> } | undefined
  return async (input, init = {}) => {
    try {
      const res = await fetcher(input, init)
      last = undefined
      return res
    } catch (error) {
      const page = globalThis.location?.href
      // A DELETE (the end of a legacy session) is not worth probing: its failure is ignored.
      if (!(error instanceof TypeError) || init.signal?.aborted || !page || init.method === 'DELETE') throw error
      const url = input instanceof Request ? input.url : String(input)
      const key = `${init.method} ${url} ${[...new Headers(init.headers).keys()].join()}`
      if (last?.key !== key) {
        last = { key, found: import('./diagnose.js').then((doctor) => doctor.diagnose(fetcher, url, init, error, page)).catch(() => undefined) }
      }
      const found = await last.found
      if (!found) throw error
      throw found((await import('./diagnose.js')).retrySafe(init))
    }
  }
}
