// The playground's request log: a fetch for the client that records each
// request as one line (method, status, time) that opens to the whole exchange:
// the JSON-RPC request, the headers sent and the URL (credentials and query
// values masked: a copied log is safe to paste anywhere), and every JSON-RPC
// message of the answer, a plain JSON body or each event of an SSE stream as
// it arrives (a listen stream's notifications too).
import { withQueryValues } from './connection.js'
import { logEntry } from './log-entry.js'

/** Headers whose values are shown as bullets: they carry credentials. Custom headers' values are masked too. */
const MASKED = /^(authorization|cookie|proxy-authorization)$/i
/** Most response bytes read per request for the log (the app reads its own copy in full). */
const MAX_LOGGED_BYTES = 256 * 1024

interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body: unknown }
  response?: { status: number; contentType: string | null; messages: unknown[]; note?: string }
  error?: string
  durationMs?: number
}

/** The sent headers, masked: `Authorization: Bearer •••`; a custom header's value (often a key) as bullets too. */
function maskedHeaders(init: RequestInit | undefined, customNames: ReadonlySet<string>): Record<string, string> {
  const shown: Record<string, string> = {}
  new Headers(init?.headers).forEach((value, name) => {
    if (MASKED.test(name)) shown[name] = value.replace(/^(\w+\s+)?.*$/, (_, scheme: string | undefined) => `${scheme ?? ''}•••`)
    else if (customNames.has(name)) shown[name] = '•••'
    else shown[name] = value
  })
  return shown
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body == null ? null : `[${Object.prototype.toString.call(body).slice(8, -1)}]`
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

/** The JSON-RPC messages of an SSE text so far (its `data:` lines, each event's joined). */
function sseMessages(text: string): unknown[] {
  const messages: unknown[] = []
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n')
    if (!data) continue
    try {
      messages.push(JSON.parse(data))
    } catch {
      messages.push(data)
    }
  }
  return messages
}

/**
 * A fetch that logs into `list`. `onRequest` hears each JSON-RPC method sent (the playground counts them);
 * `customHeaderNames` says which headers are the user's own (their values are masked).
 */
export function loggingFetch(
  list: HTMLElement,
  onRequest: (method: string) => void,
  customHeaderNames: () => ReadonlySet<string> = () => new Set(),
): typeof fetch {
  return async (resource, init) => {
    const body = parseBody(init?.body)
    const method = (body as { method?: string } | null)?.method ?? init?.method ?? 'GET'
    onRequest(method)
    // A key in the query string (`?api_key=`) is a credential like a header's.
    const url = withQueryValues(resource instanceof Request ? resource.url : String(resource), '•••')
    const exchange: Exchange = {
      request: { method: init?.method ?? 'GET', url, headers: maskedHeaders(init, customHeaderNames()), body },
    }
    const json = () => JSON.stringify(exchange, null, 2)
    const entry = logEntry(list, `→ ${method}`, 'sent', json())
    const started = performance.now()
    const show = (summary: string) => {
      exchange.durationMs = Math.round(performance.now() - started)
      entry.update(summary, json())
    }
    let response: Response
    try {
      response = await fetch(resource, init)
    } catch (error) {
      exchange.error = String(error)
      show(`failed: ${error}`)
      throw error
    }
    const contentType = response.headers.get('content-type')
    exchange.response = { status: response.status, contentType, messages: [] }
    show(`HTTP ${response.status}`)
    void record(response.clone(), exchange, () => show(`HTTP ${response.status}`))
    return response
  }
}

/** Reads the log's copy of the answer as it arrives (a stream may stay open for as long as the page). */
async function record(copy: Response, exchange: Exchange, changed: () => void): Promise<void> {
  const response = exchange.response!
  if (!copy.body) return
  const reader = copy.body.getReader()
  const decoder = new TextDecoder()
  const sse = /text\/event-stream/i.test(response.contentType ?? '')
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      if (text.length > MAX_LOGGED_BYTES) {
        response.note = `the log stopped reading after ${MAX_LOGGED_BYTES} characters`
        await reader.cancel()
        break
      }
      if (sse) {
        response.messages = sseMessages(text)
        changed()
      }
    }
  } catch {
    // The stream was aborted (a cancelled call, a closed listen): what arrived is shown.
  }
  text += decoder.decode()
  if (sse) response.messages = sseMessages(text)
  else if (text) response.messages = [parseBody(text)]
  changed()
}
