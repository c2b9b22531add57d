/**
 * The legacy (session) side of Streamable HTTP, revisions 2025-03-26 to
 * 2025-11-25: posting a notification or a response (answered 202 Accepted
 * with no body), the GET stream that carries server-initiated messages
 * (resumed with `Last-Event-ID`), and `DELETE` to end a session.
 */
import { createParser } from 'eventsource-parser'
import { AbortError, HttpError, McpError, StreamError, TimeoutError } from '../protocol/errors.js'
import { decodeMessage, parseJson } from '../protocol/jsonrpc.js'
import { postHeaders } from './headers.js'
import type { JsonRpcMessage } from '../protocol/jsonrpc.js'

/** Headers of every legacy message: content negotiation, the negotiated version and the session. */
export function sessionHeaders(version: string, sessionId: string | undefined, extra: Record<string, string>): Record<string, string> {
  const headers = postHeaders(version, extra)
  if (sessionId) headers['mcp-session-id'] = sessionId
  return headers
}

/** POSTs a notification or a response; the server acknowledges with 202 (or 200) and no JSON-RPC answer. */
export async function postOneWay(
  fetcher: typeof fetch,
  url: string,
  message: JsonRpcMessage,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs)
  let res: Response
  try {
    res = await fetcher(url, { method: 'POST', headers, body: JSON.stringify(message), signal })
  } catch (error) {
    if (signal.aborted) throw new TimeoutError(timeoutMs, 'method' in message ? message.method : 'a response')
    if (error instanceof McpError) throw error // the connection doctor's finding, or a fetch wrapper's own failure
    throw new StreamError(`Could not reach ${url}: ${(error as Error)?.message ?? error}`, false, { cause: error })
  }
  const text = await res.text().catch(() => '')
  if (!res.ok) throw new HttpError(res.status, text, url, res.headers)
}

/** Ends a session (`DELETE` with its id). A server that does not allow it answers 405, which is fine. */
export async function deleteSession(fetcher: typeof fetch, url: string, headers: Record<string, string>): Promise<void> {
  await fetcher(url, { method: 'DELETE', headers, signal: AbortSignal.timeout(5_000) })
    .then((res) => res.body?.cancel())
    .catch(() => {})
}

interface EventStreamInit {
  url: string
  headers: Record<string, string>
  fetch: typeof fetch
  signal: AbortSignal
  /** The headers must arrive within this long. */
  timeoutMs: number
  maxBodyBytes: number
  /** Resume after this event (`Last-Event-ID`). */
  lastEventId?: string
  /** Each event: its type (`message` when absent), data and id. */
  onEvent: (event: { event: string; data: string; id?: string }) => void
}

/**
 * Opens a GET event stream. Resolves once the server has answered with a
 * stream, with a promise of its end (which rejects when the connection
 * breaks). A non-stream answer is an {@link HttpError} (405: the server
 * offers no stream).
 */
export async function openEventStream(init: EventStreamInit): Promise<{ ended: Promise<void> }> {
  const headers: Record<string, string> = { ...init.headers, accept: 'text/event-stream' }
  delete headers['content-type']
  if (init.lastEventId !== undefined) headers['last-event-id'] = init.lastEventId
  const controller = new AbortController()
  const onAbort = () => controller.abort(new AbortError(init.signal.reason))
  if (init.signal.aborted) onAbort()
  init.signal.addEventListener('abort', onAbort, { once: true })
  const timer = setTimeout(() => controller.abort(new TimeoutError(init.timeoutMs, 'GET stream')), init.timeoutMs)
  const failed = (error: unknown): McpError =>
    controller.signal.reason instanceof McpError
      ? controller.signal.reason
      : error instanceof McpError
        ? error
        : new StreamError(`The event stream from ${init.url} broke: ${(error as Error)?.message ?? error}`, true, { cause: error })
  let res: Response
  try {
    res = await init.fetch(init.url, { method: 'GET', headers, signal: controller.signal })
  } catch (error) {
    init.signal.removeEventListener('abort', onAbort)
    throw failed(error)
  } finally {
    clearTimeout(timer)
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (!res.ok || type !== 'text/event-stream' || !res.body) {
    const text = await res.text().catch(() => '')
    init.signal.removeEventListener('abort', onAbort)
    throw new HttpError(res.ok ? 406 : res.status, text || `GET answered with content type "${type || 'none'}", not an event stream`, init.url, res.headers)
  }
  const ended = (async () => {
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    const parser = createParser({
      maxBufferSize: init.maxBodyBytes,
      onEvent: (e) => init.onEvent({ event: e.event ?? 'message', data: e.data, id: e.id }),
    })
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        parser.feed(decoder.decode(value, { stream: true }))
      }
    } catch (error) {
      throw failed(error)
    } finally {
      init.signal.removeEventListener('abort', onAbort)
      reader.cancel().catch(() => {})
    }
  })()
  ended.catch(() => {})
  return { ended }
}

/** Decodes one SSE `message` event's data as a JSON-RPC message, or undefined when it is not one. */
export function decodeEvent(data: string): JsonRpcMessage | undefined {
  try {
    return decodeMessage(parseJson(data))
  } catch {
    return undefined
  }
}
