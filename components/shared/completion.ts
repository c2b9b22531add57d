/**
 * Argument suggestions from the server's `completion/complete`, for a prompt's
 * arguments or a resource template's variables (shown by combobox.ts). Asks
 * after a pause in typing (one request per pause, the previous one aborted
 * through the client's `signal`, and an answer to any but the newest request
 * dropped, should it arrive all the same), sends the other filled-in
 * arguments as context, and keeps the newest answer per argument. Suggestions
 * are a help, not a requirement: a failed request leaves none, and a server
 * without completions is not asked again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { JsonRpcError, type McpClient, type PromptReference, type ResourceTemplateReference } from '../../src/client/index.js'

export class CompletionController implements ReactiveController {
  /** The server's suggestions for each argument name, newest answer. */
  suggestions: Record<string, string[]> = {}
  #timer?: ReturnType<typeof setTimeout>
  #inFlight?: AbortController
  #unsupported = new WeakSet<McpClient>()

  constructor(
    private host: ReactiveControllerHost,
    /** Pause in typing before asking, in ms. */
    private delayMs = 200,
  ) {
    host.addController(this)
  }

  hostDisconnected(): void {
    this.cancel()
  }

  /**
   * Asks for suggestions for argument `name` whose text is `value`, after the
   * pause. `filled` holds every argument's current text; the non-empty others
   * go along as context.
   */
  request(
    client: McpClient | undefined,
    ref: PromptReference | ResourceTemplateReference,
    name: string,
    value: string,
    filled: Record<string, string>,
  ): void {
    this.cancel()
    if (!client || this.#unsupported.has(client)) return
    this.#timer = setTimeout(() => void this.#ask(client, ref, name, value, filled), this.delayMs)
  }

  /** Forgets every suggestion (a different prompt or template). */
  reset(): void {
    this.cancel()
    this.suggestions = {}
    this.host.requestUpdate()
  }

  /** Drops a pending or running request. */
  cancel(): void {
    clearTimeout(this.#timer)
    this.#inFlight?.abort()
    this.#inFlight = undefined
  }

  async #ask(
    client: McpClient,
    ref: PromptReference | ResourceTemplateReference,
    name: string,
    value: string,
    filled: Record<string, string>,
  ): Promise<void> {
    const controller = (this.#inFlight = new AbortController())
    const others = Object.fromEntries(Object.entries(filled).filter(([key, text]) => key !== name && text !== ''))
    try {
      const result = await client.complete(ref, { name, value }, Object.keys(others).length ? { arguments: others } : undefined, {
        signal: controller.signal,
      })
      // A newer request was made meanwhile: this answer is stale, even if it beat the abort.
      if (this.#inFlight !== controller) return
      const values = Array.isArray(result.completion?.values) ? result.completion.values.filter((v) => typeof v === 'string') : []
      this.suggestions = { ...this.suggestions, [name]: values.slice(0, 100) }
    } catch (error) {
      if (controller.signal.aborted || this.#inFlight !== controller) return
      // -32601: the server has no completion/complete; do not ask it again.
      if (error instanceof JsonRpcError && error.code === -32601) this.#unsupported.add(client)
      this.suggestions = { ...this.suggestions, [name]: [] }
    }
    this.host.requestUpdate()
  }
}
