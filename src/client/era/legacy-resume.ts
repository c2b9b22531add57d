/**
 * Resuming a legacy call's response stream that closed before its result, having given event ids (2025-11-25,
 * SEP-1699): GETs from after the last id until the response arrives, a few tries, nothing re-sent.
 */
import { StreamError, TimeoutError } from '../../protocol/errors.js'
import { sleep } from '../listen/backoff.js'
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from '../../protocol/jsonrpc.js'
import { decodeEvent, openEventStream, sessionHeaders } from '../../transport/legacy-session.js'
import type { EraHost, EraRequest } from './era.js'
import type { Session } from './legacy-initialize.js'

/** Where the resumed stream's messages go: the call's own notifications, and server requests to be answered. */
interface ResumeRoute {
  onNotification: (n: JsonRpcNotification) => void
  onRequest: (r: JsonRpcRequest) => void
}

/** Waits `retry` ms, then GETs the stream from after `lastId` until the request's response arrives (a few tries). */
export async function resumeResponse(
  host: EraHost,
  session: Session,
  request: EraRequest,
  lastId: string,
  retryMs: number | undefined,
  route: ResumeRoute,
): Promise<JsonRpcResponse> {
  // The request's controller was spent on the failed POST: the resume has its own, bounded by the request's timeout.
  const signal = AbortSignal.timeout(request.timeoutMs * 3)
  for (let attempt = 0; attempt < 3; attempt++) {
    await sleep(retryMs ?? 1_000, signal)
    let found: JsonRpcResponse | undefined
    const stop = new AbortController()
    const onAbort = () => stop.abort(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      const { ended } = await openEventStream({
        url: host.url,
        headers: sessionHeaders(session.version, session.id, await host.headers()),
        fetch: host.fetch,
        signal: stop.signal,
        timeoutMs: request.timeoutMs,
        maxBodyBytes: host.maxBodyBytes,
        lastEventId: lastId,
        onEvent: (e) => {
          if (e.id) lastId = e.id
          const m = e.event === 'message' ? decodeEvent(e.data) : undefined
          if (!m || found) return
          if ('method' in m) return 'id' in m ? route.onRequest(m as JsonRpcRequest) : route.onNotification(m)
          if (m.id === request.id || ('error' in m && m.id == null)) {
            found = m as JsonRpcResponse
            stop.abort()
          }
        },
      })
      await ended.catch(() => {})
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
    if (found) return found
    if (signal.aborted) throw new TimeoutError(request.timeoutMs * 3, request.method)
  }
  throw new StreamError(`The response stream for ${request.method} closed early and resuming it did not bring its result; nothing was re-sent`, request.idempotent)
}
