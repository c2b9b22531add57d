/**
 * The input handlers `<mcp-server>` gives its client: how a page full of
 * elements answers a server's input requests (elicitation, sampling, roots)
 * during multi round-trip calls.
 *
 * STUB (to be completed with <mcp-elicitation>): declines everything.
 */
import type { InputHandlers } from '../../src/client/index.js'

/**
 * @param host the element events are fired on and dialogs are shown in (the `<mcp-server>`).
 * @param serverName the name to show as "who asks".
 */
export function createInputHandlers(host: HTMLElement, serverName: () => string): InputHandlers {
  void host
  void serverName
  return {
    elicitation: async () => ({ action: 'decline' }),
  }
}
