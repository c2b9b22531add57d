/**
 * The call log: every tool call the client makes, and every request a view
 * makes (which `<mcp-app>` reports through `record()`), as a record of who
 * started it, on which server, with what, what the approval gate decided, how
 * it ended, and how long it took. Bounded in memory (the oldest go first);
 * each record is also a `callrecord` event on the client.
 */
import type { ApprovalDecision, CallOrigin } from '../options.js'

/** What the approval step decided for a call. */
export interface CallApproval {
  /**
   * The gate's answer; `remembered`: allowed by an earlier "always" for this tool; `ungated`: a call of the page's
   * own (origin `page` or `user`) with no gate configured (or `approve: false`), never a view's or a model's: those
   * are denied (`by: 'policy'`); `unanswered`: the call was aborted or timed out while the
   * gate was asked, or the gate failed (then `by` and `reason` say so).
   */
  decision: ApprovalDecision | 'remembered' | 'ungated' | 'unanswered'
  /** Who decided, as the gate said (e.g. `'user'`, `'policy'`). */
  by?: string
  reason?: string
  /** How long the gate took to answer, in ms. */
  waitedMs?: number
}

/** One call or request, as the log keeps it. */
export interface CallRecord {
  /** Increases by one per record of this client. */
  id: number
  /** When the call was made (ms since epoch). */
  time: number
  /** From the call to its outcome, in ms (the gate's wait included). */
  durationMs: number
  origin: CallOrigin
  /**
   * The server's URL with each query value masked (`?api_key=•••`: a key there is a credential, and a record is
   * shown, copied and exported), and the name it gave in `server/discover` when the client knows it.
   */
  server: { url: string; name?: string }
  /** `tools/call`, or the method of a view's request. */
  method: string
  /** For `tools/call`: the tool's name. */
  tool?: string
  /** For `tools/call`: the arguments as sent (as they would have been sent, for a call denied or failed before). */
  arguments?: Record<string, unknown>
  /** For another request: its params. */
  params?: Record<string, unknown>
  /** For `tools/call`: the approval step; absent when the call failed before it (unknown tool, invalid arguments). */
  approval?: CallApproval
  /** The result (the object the caller got, not a copy), when the call succeeded. */
  result?: unknown
  /** The error, when it failed: its class name, message, and JSON-RPC code if it has one. */
  error?: { name: string; message: string; code?: number }
}

/** A record as `CallLog.record()` takes it: the log numbers it and names the server; `error` may be any thrown value. */
export type CallRecordInit = Omit<CallRecord, 'id' | 'server' | 'error'> & { error?: unknown }

export class CallLog {
  /** The kept records; once `size` are kept, a ring: each new record takes the oldest one's place (no shifting them all). */
  #records: CallRecord[] = []
  /** Where the oldest kept record is (0 until the ring is full). */
  #oldest = 0
  #nextId = 0

  /**
   * @param size Most records kept (0: none kept, the events still fire).
   * @param server The server as records name it.
   * @param onRecord Told of each record (the client fires `callrecord`).
   */
  constructor(
    readonly size: number,
    readonly server: () => CallRecord['server'],
    readonly onRecord: (record: CallRecord) => void,
  ) {}

  /** The records kept, oldest first (a new array; the records themselves are the log's). */
  get records(): CallRecord[] {
    const records = this.#records
    return this.#oldest ? [...records.slice(this.#oldest), ...records.slice(0, this.#oldest)] : records.slice()
  }

  /**
   * Adds a record, e.g. for a request a view made that did not go through `callTool()` (tool calls are recorded by
   * the client itself). Fires the client's `callrecord` event.
   *
   * @example
   * const time = Date.now()
   * try { result = await handle(request) } catch (e) { error = e }
   * client.callLog.record({ time, durationMs: Date.now() - time, origin: { kind: 'view', uri }, method: request.method, params: request.params, result, error })
   */
  record(init: CallRecordInit): CallRecord {
    const { error, ...rest } = init
    const record: CallRecord = { id: ++this.#nextId, ...rest, server: this.#serverOfRecords() }
    if (error !== undefined) record.error = errorSummary(error)
    const kept = this.size > 0 ? Math.floor(this.size) : 0
    if (this.#records.length < kept) this.#records.push(record)
    else if (kept > 0) {
      this.#records[this.#oldest] = record
      this.#oldest = (this.#oldest + 1) % kept
    }
    this.onRecord(record)
    return record
  }

  /** The server as records name it: one object while its URL and name stay the same (kept records share it). */
  #serverOfRecords(): CallRecord['server'] {
    const { url, name } = this.server()
    const last = this.#lastServer
    if (last && last.given === url && last.summary.name === name) return last.summary
    const summary: CallRecord['server'] = { url: queryValuesMasked(url), ...(name !== undefined && { name }) }
    this.#lastServer = { given: url, summary }
    return summary
  }

  #lastServer?: { given: string; summary: CallRecord['server'] }

  clear(): void {
    this.#records = []
    this.#oldest = 0
  }

  /** The records as JSON text, oldest first, in a versioned envelope (`{ "version": 1, "records": [...] }`). */
  export(): string {
    return JSON.stringify({ version: 1, exportedAt: new Date().toISOString(), records: this.records }, null, 2)
  }
}

/** `url` with the value of each query parameter (a bare one whole) shown as `•••`. */
function queryValuesMasked(url: string): string {
  const query = url.indexOf('?')
  if (query < 0) return url
  const hash = url.indexOf('#', query)
  const end = hash < 0 ? url.length : hash
  const masked = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0) return pair && '•••'
      return equals < pair.length - 1 ? `${pair.slice(0, equals)}=•••` : pair
    })
    .join('&')
  return `${url.slice(0, query)}?${masked}${url.slice(end)}`
}

function errorSummary(error: unknown): NonNullable<CallRecord['error']> {
  const e = error as { name?: unknown; message?: unknown; code?: unknown } | null
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(error),
    ...(typeof e?.code === 'number' && { code: e.code }),
  }
}
