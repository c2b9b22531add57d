import { McpError, registerErrorClasses } from '../../protocol/errors.js'
import type { ClientCapabilities, InputRequests, InputResponses } from '../../protocol/generated/2026-07-28.js'

/**
 * The server asked for input that no handler was given for. Nothing is
 * lost: show `inputRequests` to the user (or answer them in code), then call
 * `resume()` with a response per key to carry on with the same call.
 *
 * @example
 * The client needs no handler nor declared capability for this: when a
 * server refuses a call for want of an input capability (-32021) that no
 * handler covers, the call is sent once more declaring it, so the server can
 * ask; and a resumed retry declares the capabilities of what it answers.
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
registerErrorClasses({ InputRequiredError })

/** Capabilities combined one level deep, so `{ elicitation: { form: {} } }` and `{ elicitation: { url: {} } }` make both. */
export function mergeCapabilities(...all: ClientCapabilities[]): ClientCapabilities {
  const merged: Record<string, unknown> = {}
  for (const capabilities of all) {
    for (const [key, value] of Object.entries(capabilities ?? {})) {
      const before = merged[key]
      merged[key] = isObject(before) && isObject(value) ? { ...before, ...value } : value
    }
  }
  return merged as ClientCapabilities
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
