import { McpError } from '../protocol/errors.js'
import type { InputRequests, InputResponses } from '../protocol/generated/2026-07-28.js'

/**
 * The server asked for input that no handler was given for. Nothing is
 * lost: show `inputRequests` to the user (or answer them in code), then call
 * `resume()` with a response per key to carry on with the same call.
 *
 * @example
 * try { result = await client.callTool('book', args) }
 * catch (e) {
 *   if (!(e instanceof InputRequiredError)) throw e
 *   result = await e.resume({ confirm: { action: 'accept', content: { ok: true } } })
 * }
 */
export class InputRequiredError extends McpError {
  override name = 'InputRequiredError'
  constructor(
    readonly method: string,
    readonly inputRequests: InputRequests,
    /** Opaque server state; `resume()` sends it back unchanged. */
    readonly requestState: string | undefined,
    /** Retries the call with these responses (and the request state). */
    readonly resume: (inputResponses: InputResponses) => Promise<Record<string, unknown>>,
    /** The call that asked (as in an input handler's context): method and params, without `_meta`, `inputResponses` or `requestState`. */
    readonly request: { method: string; params: Record<string, unknown> } = { method, params: {} },
  ) {
    super(
      `${method} needs input (${Object.values(inputRequests)
        .map((r) => r?.method)
        .join(', ')}) that no handler answers; answer error.inputRequests and call error.resume()`,
    )
  }
}
