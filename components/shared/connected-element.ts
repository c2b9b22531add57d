import { consume } from '@lit/context'
import { LitElement } from 'lit'
import { property, state } from 'lit/decorators.js'
import type { McpClient } from '../../src/client/index.js'
import { connectionContext, type McpConnection } from './context.js'

/**
 * The base of the elements that talk to a server: an explicit `client`, else
 * the connection an enclosing `<mcp-server>` provides (see `clientOf()` in
 * `item-list.ts` for which one is used).
 */
export class ConnectedElement extends LitElement {
  @consume({ context: connectionContext, subscribe: true })
  @state()
  connection?: McpConnection

  /** The client to use; wins over the one an enclosing `<mcp-server>` provides. */
  @property({ attribute: false }) client?: McpClient
}
