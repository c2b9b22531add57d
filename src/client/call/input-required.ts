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

/** The input kinds a client can answer, by the capability that declares each. */
export const INPUT_CAPABILITIES = { elicitation: 'elicitation/create', sampling: 'sampling/createMessage', roots: 'roots/list' } as const

/** The capabilities that answering these input requests amounts to (an elicitation in URL mode needs `url`, else `form`). */
export function capabilitiesToAnswer(requests: Array<InputRequests[string] | undefined>): ClientCapabilities {
  let capabilities: ClientCapabilities = {}
  for (const r of requests) {
    const mode = (r?.params as { mode?: unknown } | undefined)?.mode
    const needed =
      r?.method === 'elicitation/create'
        ? { elicitation: { [mode === 'url' ? 'url' : 'form']: {} } }
        : r?.method === 'sampling/createMessage'
          ? { sampling: {} }
          : r?.method === 'roots/list'
            ? { roots: {} }
            : {}
    capabilities = mergeCapabilities(capabilities, needed)
  }
  return capabilities
}

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

/** Whether `declared` already includes every capability (and sub-capability) in `wanted`. */
export function declares(declared: ClientCapabilities, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).every(([key, value]) => {
    const have = (declared as Record<string, unknown>)[key]
    if (have === undefined) return false
    return !isObject(value) || !isObject(have) || Object.keys(value).every((sub) => sub in have)
  })
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
