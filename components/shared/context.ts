/**
 * What `<mcp-server>` provides to the elements inside it (through
 * `@lit/context`). A new object is provided whenever something in it changes,
 * so a consumer that subscribes re-renders, and a list reloads when its
 * `changes` counter moves.
 */
import { createContext } from '@lit/context'
import type { ApprovalGate, DiscoverResult, McpClient } from '../../src/client/index.js'

export interface McpConnection {
  /** The client every element inside the server element talks through. */
  client: McpClient
  /** `connecting` until `discover()` answers; `error` when it failed (see `error`). */
  status: 'connecting' | 'ready' | 'error'
  /** The server's `server/discover` result, once known. */
  server?: DiscoverResult
  error?: Error
  /**
   * Counters that move when a list may have changed on the server (a
   * list-changed notification, or a reconnect after a drop): a list element
   * reloads (fresh) when its counter differs from the one it last loaded at.
   */
  changes: { tools: number; resources: number; prompts: number }
  /**
   * The server element's approval policy (its `approve`, else its prompt), for calls through a client handed in
   * with no gate of its own: `<mcp-app>` passes it with a view's calls, so they ask the user all the same.
   */
  approve?: ApprovalGate
}

export const connectionContext = createContext<McpConnection | undefined>(Symbol.for('mcp-web-elements.connection'))
