/**
 * The events `McpClient` and `Subscription` dispatch, by type, so that
 * `addEventListener('invalidtool', (e) => e.detail.tool)` type-checks
 * without casts.
 */
import type { SubscriptionFilter, Tool } from '../protocol/generated/2026-07-28.js'
import type { JsonRpcNotification } from '../protocol/jsonrpc.js'
import type { CallRecord } from './call/call-log.js'
import type { TaskChange } from './tasks/task-types.js'

export interface McpClientEventMap {
  /** A listed tool was left out because its definition breaks the transport's rules; once per definition. */
  invalidtool: CustomEvent<{ tool: Tool; reason: string }>
  /** A server notification that no call's callbacks took (e.g. one arriving on a call's stream that is not its progress or log). */
  notification: CustomEvent<JsonRpcNotification>
  /**
   * Cached results went stale: a list (`method`), or one resource (`uri`).
   * `remote` when another tab of the origin learned of the change (through a
   * shared store such as IndexedDB): elements there refresh on it.
   */
  invalidate: CustomEvent<{ method: string; uri?: string; remote: boolean }>
  /** A tool call ended (result or error, denials included), or a view's request was recorded: the call log's new record. */
  callrecord: CustomEvent<CallRecord>
  /**
   * A task this client keeps (see `tasks()`) was added, changed status, or was removed (`removed` says why): a task
   * list refreshes on it. Fired by the client that saw the change.
   */
  taskchange: CustomEvent<TaskChange>
  /** A call was saved, renamed, deleted or imported through this client (`savedCalls(client)`): a list of them refreshes on it. */
  savedcallschange: CustomEvent<undefined>
}

/** The detail of a subscription's `retrying` event. */
export interface ListenRetry {
  /** Why the attempt failed (a `StreamError` when the server could not be reached, an `HttpError` for a 5xx, …). */
  error: unknown
  /** When the next attempt is sent, in ms since the epoch. */
  retryAt: number
}

export interface SubscriptionEventMap {
  /** A notification this subscription's filter asked for. */
  notification: CustomEvent<JsonRpcNotification>
  /** The stream dropped (detail: the error); a re-listen follows. Notifications may have been missed: refresh. */
  drop: CustomEvent<unknown>
  /**
   * A listen attempt failed and another follows at `retryAt` (ms since the epoch), with backoff: after a drop, and also
   * before the first acknowledgement (the server down from the start), when no `drop` is heard. `error` says why.
   */
  retrying: CustomEvent<ListenRetry>
  /** Listening again after a drop (detail: this subscription's part of the filter acknowledged). */
  reconnect: CustomEvent<SubscriptionFilter>
  /** The server ended the stream gracefully; the subscription is over. */
  end: Event
  /** The stream failed for good (detail: the error); the subscription is over. */
  error: CustomEvent<unknown>
}
