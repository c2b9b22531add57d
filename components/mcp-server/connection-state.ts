/**
 * What `<mcp-server>` says about its server, decided from what it knows for
 * sure: "connected" only once the server itself has answered in this
 * connection (a discover from the network, or the listen stream
 * acknowledged), never on the strength of a cached answer alone.
 */
import { isMcpError } from '../../src/client/index.js'
import { msg } from '../shared/i18n.js'

/**
 * - `none`: no server address;
 * - `connecting`: nothing heard from the server yet (lists from the cache may already show);
 * - `connected`: the server answered in this connection and nothing has failed since;
 * - `offline`: the server could not be reached since the page loaded; the lists shown are saved ones (`savedAt`);
 * - `reconnecting`: the server answered earlier, then the connection broke; the next try is at `nextRetryAt`;
 * - `failed`: connecting failed, with nothing saved to show (`error` says why); Retry tries again.
 */
export type ConnectionStateName = 'none' | 'connecting' | 'connected' | 'offline' | 'reconnecting' | 'failed'

/** `<mcp-server>`'s `connectionState`, and the detail of its `mcp-connection-state` event. */
export interface McpConnectionState {
  state: ConnectionStateName
  /** When the element entered this state (ms since the epoch). */
  since: number
  /** When the next automatic try is made (ms since the epoch), while one is scheduled (`reconnecting`, `offline`). */
  nextRetryAt?: number
  /** Why it is not connected (`offline`, `reconnecting`, `failed`). */
  error?: Error
  /** When the lists shown were saved (ms since the epoch): `offline`. */
  savedAt?: number
}

/** What the element knows of its connection, from which the state follows. */
export interface ConnectionFacts {
  /** The provided connection's status. */
  status?: 'connecting' | 'ready' | 'error'
  /** The server itself answered in this connection. */
  heard: boolean
  /** When the answer on show was saved, when it came from the cache. */
  savedAt?: number
  /** A listen attempt failed and another is due at `retryAt` (unknown on a legacy server); cleared when one is acknowledged. */
  retry?: { error: Error; retryAt?: number }
  /** The failure that stopped the last connect, or the check of a cached answer. */
  error?: Error
}

/** The state the facts show (without `since`, which the element keeps). */
export function connectionStateOf(facts: ConnectionFacts): Omit<McpConnectionState, 'since'> {
  const { status, heard, savedAt, retry, error } = facts
  switch (status) {
    case undefined:
      return { state: 'none' }
    case 'connecting':
      return { state: 'connecting' }
    case 'error':
      // Sign-in needed is a failure of its own (the sign-in prompt shows), whatever is saved.
      if (savedAt !== undefined && !isMcpError(error, 'SignInRequiredError')) return { state: 'offline', savedAt, ...(error && { error }) }
      return { state: 'failed', ...(error && { error }) }
  }
  const retrying = retry && { error: retry.error, ...(retry.retryAt !== undefined && { nextRetryAt: retry.retryAt }) }
  if (heard) return retrying ? { state: 'reconnecting', ...retrying } : { state: 'connected' }
  if (retrying) return { state: 'offline', ...retrying, ...(savedAt !== undefined && { savedAt }) }
  if (error) return { state: 'offline', error, ...(savedAt !== undefined && { savedAt }) }
  return { state: 'connecting' }
}

/** The header's words for a state. */
export function connectionStateText(state: Omit<McpConnectionState, 'since'>, live: boolean, now = Date.now()): string {
  const next = state.nextRetryAt === undefined ? '' : ` ${msg('server.status.nextTry', 'Next try at {time}.', { time: clock(state.nextRetryAt) })}`
  switch (state.state) {
    case 'none':
      return msg('server.status.none', 'No server address')
    case 'connecting':
      return msg('server.status.connecting', 'Connecting…')
    case 'connected':
      return live ? msg('server.status.live', 'Connected, live updates') : msg('server.status.ready', 'Connected')
    case 'offline':
      return (
        (state.savedAt === undefined
          ? msg('server.status.offline', 'Offline.')
          : msg('server.status.offlineSaved', 'Offline. Showing lists saved {age}.', { age: age(state.savedAt, now) })) + next
      )
    case 'reconnecting':
      return msg('server.status.reconnecting', 'Connection lost, reconnecting.') + next
    case 'failed':
      return msg('server.status.error', 'Not connected')
  }
}

/** A time of day in the page's language ("14:03:07"). */
const clock = (at: number) => new Date(at).toLocaleTimeString()

/** How long ago, in the page's language ("5 minutes ago", "now"). */
function age(savedAt: number, now: number): string {
  const seconds = Math.round((savedAt - now) / 1000)
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
  for (const [unit, size] of [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ] as const) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit)
  }
  return format.format(seconds, 'second')
}
