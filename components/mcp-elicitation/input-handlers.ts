/**
 * The input handlers `<mcp-server>` gives its client: how a page full of
 * elements answers a server's input requests (elicitation, sampling, roots)
 * during multi round-trip calls.
 *
 * Every request is first offered to the page as a cancelable
 * `mcp-input-required` event on the host (detail `{ method, params, context,
 * respond }`). A page that calls `preventDefault()` answers through
 * `respond(result)` (or `respond(error)` to fail the call). Otherwise:
 *
 * - elicitation: an `<mcp-elicitation>` dialog asks the user;
 * - sampling: declined, by failing the call with an {@link InputDeclinedError}
 *   (see `declineSampling` for why);
 * - roots: answered with an empty list (see `shareNoRoots` for why).
 *
 * Whatever happens, the handler settles: when the call is aborted (the user
 * cancelled it, or a sibling request of the same round failed) the dialog
 * closes and the handler rejects with an `AbortError`.
 */
import {
  AbortError,
  McpError,
  registerErrorClasses,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestParams,
  type ElicitResult,
  type InputContext,
  type InputHandlers,
  type ListRootsResult,
  type McpClient,
} from '../../src/client/index.js'
import { emit } from '../shared/events.js'
import { msg } from '../shared/i18n.js'
import { lazyModule } from '../shared/lazy-element.js'
import { serverLabel } from '../shared/server-identity.js'

/**
 * The dialog (with the schema form) is a chunk of its own: `<mcp-server>` gives every client these handlers, and most
 * pages never see an elicitation. `<mcp-tool>` preloads it when the browser is idle.
 */
export const loadElicitationDialog = lazyModule(() => import('./mcp-elicitation.js'))

/** The detail of the `mcp-input-required` event. */
export interface InputRequiredDetail<P = unknown, R = unknown> {
  /** `elicitation/create`, `sampling/createMessage` or `roots/list`. */
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list'
  /** The input request's params, as the server sent them. */
  params: P
  /** Which call asks (`context.request`), the server's key for the request, and a signal that aborts when the call does. */
  context: InputContext
  /** The name of the server that asks. */
  serverName: string
  /**
   * Answers the request (after `preventDefault()`): the result to send, or an Error to fail the call with. The first
   * answer wins. Until it comes the call waits; if the call is cancelled meanwhile, `context.signal` aborts and later
   * answers are ignored.
   */
  respond(result: R | Error): void
}

/** The page did not answer an input request the elements cannot answer themselves; the call stops with this error. */
export class InputDeclinedError extends McpError {
  override name = 'InputDeclinedError'
  constructor(
    /** The input request's method, e.g. `sampling/createMessage`. */
    readonly method: string,
    message: string,
  ) {
    super(message)
  }
}
registerErrorClasses({ InputDeclinedError })

export { INPUT_CAPABILITIES } from './input-capabilities.js'

/**
 * @param host the element events are fired on and dialogs are shown in (the `<mcp-server>`).
 * @param server who asks: the client (the dialogs name its server by host, name and version, from `client.serverInfo`),
 *   or the name to show.
 * @example
 * const client = new McpClient(url, { handlers: createInputHandlers(host, () => client), capabilities: INPUT_CAPABILITIES })
 */
export function createInputHandlers(host: HTMLElement, server: () => string | McpClient | undefined): InputHandlers {
  const serverName = () => {
    const who = server()
    return typeof who === 'string' ? who : serverLabel(who)
  }
  return {
    elicitation: (params: ElicitRequestParams, context: InputContext) =>
      offer<ElicitRequestParams, ElicitResult>(host, serverName(), 'elicitation/create', params, context, (signal) =>
        askUser(host, serverName(), params, context, signal),
      ),
    sampling: (params: CreateMessageRequestParams, context: InputContext) =>
      offer<CreateMessageRequestParams, CreateMessageResult>(host, serverName(), 'sampling/createMessage', params, context, () =>
        declineSampling(serverName()),
      ),
    roots: (params: Record<string, unknown> | undefined, context: InputContext) =>
      offer<Record<string, unknown> | undefined, ListRootsResult>(host, serverName(), 'roots/list', params, context, shareNoRoots),
  }
}

/**
 * Fires `mcp-input-required`; if the page takes it (`preventDefault()`), waits
 * for its `respond()`, else answers with `fallback`. Settles on abort either way.
 */
function offer<P, R>(
  host: HTMLElement,
  server: string,
  method: InputRequiredDetail['method'],
  params: P,
  context: InputContext,
  fallback: (signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const aborted = new AbortController()
  return new Promise<R>((resolve, reject) => {
    let settled = false
    const settle = (answer: R | Error) => {
      if (settled) return
      settled = true
      context.signal.removeEventListener('abort', onAbort)
      aborted.abort()
      if (answer instanceof Error) reject(answer)
      else resolve(answer)
    }
    const onAbort = () => settle(new AbortError(context.signal.reason))
    if (context.signal.aborted) return onAbort()
    context.signal.addEventListener('abort', onAbort, { once: true })
    const detail: InputRequiredDetail<P, R> = { method, params, context, serverName: server, respond: settle }
    const takenByPage = !emit(host, 'mcp-input-required', detail, { cancelable: true })
    if (!takenByPage) fallback(aborted.signal).then(settle, settle)
  })
}

/** Shows an `<mcp-elicitation>` dialog and waits for the user; aborting closes it. */
async function askUser(host: HTMLElement, server: string, params: ElicitRequestParams, context: InputContext, signal: AbortSignal) {
  await loadElicitationDialog()
  signal.throwIfAborted()
  const dialog = document.createElement('mcp-elicitation')
  dialog.params = params
  dialog.serverName = server
  dialog.request = context.request
  const remove = () => dialog.remove()
  signal.addEventListener('abort', remove, { once: true })
  ;(host.shadowRoot ?? document.body).append(dialog)
  try {
    return await dialog.response
  } finally {
    signal.removeEventListener('abort', remove)
    remove()
  }
}

/**
 * Sampling with no page handler: the call fails with an InputDeclinedError.
 * A multi round-trip response has no "declined" form for sampling (the
 * InputResponses slot takes only a CreateMessageResult, and inventing a model
 * answer would lie to the server), so the client does not retry the call: the
 * server, which holds no state between rounds (basic/patterns/mrtr: servers
 * MUST NOT assume the client retries), sees the call end there, and the user
 * sees why.
 */
async function declineSampling(server: string): Promise<never> {
  throw new InputDeclinedError(
    'sampling/createMessage',
    msg(
      'input.sampling-declined',
      '“{server}” asked this page to run a language model (sampling), which this page does not offer, so the call was stopped.',
      { server },
    ),
  )
}

/**
 * Roots with no page handler: an empty list. That is a valid answer every
 * server understands ("no roots shared"), it shares nothing about the
 * user's machine, and a call that only wanted to know can still finish.
 */
async function shareNoRoots(): Promise<ListRootsResult> {
  return { roots: [] }
}
