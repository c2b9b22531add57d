/**
 * Streamable HTTP, revision 2026-07-28: one POST per request, answered by a
 * single JSON object or by an SSE stream that carries request-scoped
 * notifications and then the response. Closing the stream cancels the request
 * on the server, so aborting is just aborting the fetch.
 */
import { AbortError, HttpError, McpError, ProtocolError, ResponseTooLargeError, StreamError, TimeoutError } from '../protocol/errors.js'
import {
  decodeMessage,
  isResponse,
  parseJson,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '../protocol/jsonrpc.js'
import { followAbort, isAborted } from './request-controller.js'

interface PostInit {
  url: string
  message: JsonRpcRequest
  /** All request headers (see standardHeaders()). */
  headers: Record<string, string>
  fetch: typeof fetch
  /**
   * Owned by the caller, who aborts it (with an AbortError as reason) to
   * cancel. Aborted here only on timeouts and failures: aborting a fetch
   * that has completed costs a stack trace and undici's teardown per call.
   * A RequestController (request-controller.ts) is followed without a signal of its own.
   */
  controller: AbortController
  /** Fail when no message arrives for this long. Progress and other notifications reset the clock. */
  timeoutMs: number
  /** Largest JSON body, or largest single SSE event, accepted. */
  maxBodyBytes: number
  /** Whether re-sending is harmless; carried on a {@link StreamError} so the caller can decide. */
  idempotent: boolean
  /** Each notification the server sends before the response. */
  onNotification?: (notification: JsonRpcNotification) => void
  /** A long-lived stream (subscriptions/listen): after the first message, `timeoutMs` no longer applies (see `idleMs`). */
  longLived?: boolean
  /**
   * For a long-lived stream after its first message: fail with a
   * {@link TimeoutError} when nothing at all (no message, no keep-alive
   * comment) arrives for this long, so a half-open connection is noticed.
   * Absent or 0: no limit.
   */
  idleMs?: number
  /** Fail when the whole request takes longer than this, however much progress arrives. Absent or 0: no cap. */
  maxTotalTimeMs?: number
  /** Sees the response (status, headers) before its body is read: a legacy session's id, the status era detection needs. */
  onResponse?: (response: Response) => void
  /** Each request the server sends on the response stream (legacy servers ask for input this way). */
  onRequest?: (request: JsonRpcRequest) => void
  /** Each SSE event id and `retry` hint of the response stream: a legacy client resumes a stream cut short with them. */
  onEventId?: (id: string | undefined, retryMs: number | undefined) => void
}

/**
 * Sends one JSON-RPC request and resolves with its response, error responses
 * included (the caller turns those into typed errors). Rejects with a typed
 * {@link McpError} for everything that is not a JSON-RPC answer.
 */
export async function postRequest(init: PostInit): Promise<JsonRpcResponse> {
  const { message, maxBodyBytes, controller } = init
  const method = message.method
  const aborted = () => {
    const reason: unknown = controller.signal.reason
    return reason instanceof AbortError ? reason : new AbortError(reason)
  }
  let failure: Error | undefined
  const abort = (error: Error) => {
    failure ??= error
    controller.abort(error)
  }
  if (isAborted(controller)) throw aborted()
  // The fetch's own signal: it follows the request's, and closes a response stream that is still open once its result
  // is in. Firefox keeps such a connection busy when its body is only cancelled, and six of them stall every later
  // request to that server (HTTP/1.1's limit per host). Only then: an abort costs undici about 0.1 ms per call.
  const connection = new AbortController()
  const unfollow = followAbort(controller, (reason) => connection.abort(reason))
  let timer: ReturnType<typeof setTimeout> | undefined
  let started = false
  // One timer for both limits (a timer costs microseconds per call): the idle one, or the overall cap when it comes first.
  const deadline = init.maxTotalTimeMs ? Date.now() + init.maxTotalTimeMs : Infinity
  const armTimer = (ms: number | undefined) => {
    clearTimeout(timer)
    const left = deadline - Date.now()
    if (!ms && left === Infinity) return
    const total = !ms || left <= ms
    timer = setTimeout(() => abort(total ? new TimeoutError(init.maxTotalTimeMs!, method, true) : new TimeoutError(ms, method)), total ? left : ms)
  }
  // After the first message a long-lived stream is timed by its silence (messages and keep-alive comments) only.
  const onActivity = (message: boolean) => {
    started ||= message
    if (message || (init.longLived && started)) armTimer(init.longLived && started ? init.idleMs : init.timeoutMs)
  }
  armTimer(init.timeoutMs)

  try {
    let res: Response
    try {
      res = await init.fetch(init.url, {
        method: 'POST',
        headers: init.headers,
        body: JSON.stringify(message),
        signal: connection.signal,
      })
      init.onResponse?.(res)
    } catch (error) {
      // A fetch wrapper's own typed failure (sign-in refused, say) is reported as it is.
      if (!failure && error instanceof McpError && !isAborted(controller)) throw error
      throw (
        failure ??
        new StreamError(`Could not reach ${init.url} for ${method}: ${(error as Error)?.message ?? error}`, init.idempotent, {
          cause: error,
        })
      )
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()

    if (type === 'text/event-stream' && res.ok) {
      const response = await readStream(
        res,
        init,
        (m) => {
          onActivity(true)
          if (!isResponse(m)) {
            if (!('id' in m)) init.onNotification?.(m)
            else init.onRequest?.(m as JsonRpcRequest)
            return false
          }
          // An error the server could not tie to a request (id null) is this request's: it is the only one on the stream.
          return m.id === message.id || ('error' in m && m.id == null)
        },
        () => onActivity(false),
        () => connection.abort(LEFT_OPEN),
      )
      if (response) return response as JsonRpcResponse
      throw new StreamError(`The response stream for ${method} ended before its result arrived; nothing was re-sent`, init.idempotent)
    }

    const text = await readText(res, maxBodyBytes)
    if (type === 'application/json' || type.endsWith('+json')) {
      let json: unknown
      try {
        json = parseJson(text)
      } catch (e) {
        if (!res.ok) throw new HttpError(res.status, text, init.url, res.headers)
        throw e
      }
      const m = res.ok ? decodeMessage(json) : tryDecode(json)
      if (m && isResponse(m) && (m.id === message.id || ('error' in m && m.id == null))) return m
      if (!res.ok) throw new HttpError(res.status, text, init.url, res.headers)
      throw new ProtocolError(`The server answered ${method} (id ${message.id}) with a message that is not its response`)
    }
    if (!res.ok) throw new HttpError(res.status, text, init.url, res.headers)
    throw new ProtocolError(
      `The server answered ${method} with content type "${type || 'none'}" (HTTP ${res.status}); expected application/json or text/event-stream`,
    )
  } catch (error) {
    // A rejected read after an abort is the abort's doing: report its cause.
    if (failure) throw failure
    if (isAborted(controller)) throw aborted()
    controller.abort() // release the connection of a failed response
    if (error instanceof McpError) throw error
    throw new StreamError(
      `The connection for ${method} broke before its result arrived (${(error as Error)?.message ?? error}); nothing was re-sent`,
      init.idempotent,
      { cause: error },
    )
  } finally {
    clearTimeout(timer)
    unfollow()
  }
}

function tryDecode(json: unknown): JsonRpcMessage | undefined {
  try {
    return decodeMessage(json)
  } catch {
    return undefined
  }
}

/**
 * Reads a whole body as text, refusing to buffer more than `limit` bytes.
 * The bytes are counted as they are decoded: `Content-Length` is the size on
 * the wire, which for a compressed body says nothing of what it inflates to.
 */
async function readText(res: Response, limit: number): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      reader.cancel().catch(() => {})
      throw new ResponseTooLargeError(limit)
    }
    chunks.push(value)
  }
  // Decoded once, whole, by one shared decoder (a whole decode keeps no state): no decoder made per response.
  if (chunks.length === 1) return utf8.decode(chunks[0])
  const all = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.byteLength
  }
  return utf8.decode(all)
}

const utf8 = new TextDecoder()

/** Why a response stream left open is closed: one value, so no error (and its stack) is made per call. */
const LEFT_OPEN = 'the response is in; the stream the server left open is closed'

/**
 * Feeds an SSE body through eventsource-parser, decoding each `message`
 * event as JSON-RPC and handing it to `onMessage` until that returns true.
 * Resolves with that message, or undefined when the stream ends first.
 */
async function readStream(
  res: Response,
  init: PostInit,
  onMessage: (m: JsonRpcMessage) => boolean,
  onComment: () => void,
  /** Called when the reading stops before the stream's end (the server left it open), to close the connection. */
  close: () => void,
): Promise<JsonRpcMessage | undefined> {
  // The SSE parser loads on the first event-stream answer: a page whose server answers JSON (and a cached
  // list's warm start) never downloads it (issue 23: the CDN first-list chunk).
  const { createParser } = await import('eventsource-parser')
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let found: JsonRpcMessage | undefined
  let error: unknown
  let ended = false
  const parser = createParser({
    // The parser bounds what it buffers for one event (a line or an event that never ends, comments
    // excluded). It counts string characters, which is what it holds in memory.
    maxBufferSize: init.maxBodyBytes,
    onError(e) {
      if (e.type === 'max-buffer-size-exceeded') error ??= new ResponseTooLargeError(init.maxBodyBytes)
    },
    // A keep-alive comment says the connection is alive (a long-lived stream's silence timer restarts).
    onComment,
    onRetry: (ms) => init.onEventId?.(undefined, ms),
    onEvent(event) {
      if (event.id) init.onEventId?.(event.id, undefined)
      if (found || error || (event.event && event.event !== 'message') || !event.data) return
      // The parser bounds what it buffers; an event that arrived whole in one read is measured here.
      if (event.data.length > init.maxBodyBytes) return void (error = new ResponseTooLargeError(init.maxBodyBytes))
      try {
        const m = decodeMessage(parseJson(event.data))
        if (onMessage(m)) found = m
      } catch (e) {
        error = e
      }
    },
  })
  try {
    let text = ''
    while (!found && !error) {
      const { done, value } = await reader.read()
      // A CR last in the stream waits for a possible LF; at the end it was a line end of its own, so say so
      // (an LF after a CR adds no line end: an event that was not finished stays unfinished).
      if (done) {
        if (text.endsWith('\r')) parser.feed('\n')
        ended = true
        break
      }
      parser.feed((text = decoder.decode(value, { stream: true })))
    }
    if (error) throw error
    return found
  } finally {
    reader.cancel().catch(() => {})
    if (!ended) close()
  }
}
