import { McpError, registerErrorClasses, TimeoutError } from '../../protocol/errors.js'

/** A multi round-trip request asked for input more than `maxRounds` times. */
export class RoundLimitError extends McpError {
  override name = 'RoundLimitError'
  constructor(
    readonly limit: number,
    method: string,
  ) {
    super(
      `${method} still asked for input after ${limit} rounds; giving up (raise options.maxRounds if the server legitimately needs more)`,
    )
  }
}

/**
 * A tool call was denied before anything was sent: by the approval gate's answer (`by` says who: the person asked,
 * a policy), or because the gate failed (`by` is `'the approval gate'`, the failure is the `cause`).
 */
export class ToolCallDeniedError extends McpError {
  override name = 'ToolCallDeniedError'
  constructor(
    readonly tool: string,
    /** The server's URL. */
    readonly server: string,
    /** Who denied it, as the gate said (e.g. `'user'`, `'policy'`). */
    readonly by: string,
    /** Why, when said. */
    readonly reason?: string,
    options?: { cause?: unknown },
  ) {
    super(`The call of tool "${tool}" on ${server} was denied by ${by}${reason ? `: ${reason}` : ''}. Nothing was sent.`, options)
  }
}

/** The approval gate did not answer within the call's `timeoutMs`. Nothing was sent. */
export class ApprovalTimeoutError extends TimeoutError {
  override name = 'ApprovalTimeoutError'
  constructor(timeoutMs: number, tool: string) {
    super(timeoutMs, 'tools/call')
    this.message = `No approval for tool "${tool}" within ${timeoutMs} ms; nothing was sent (pass a larger timeoutMs for a prompt people may leave open)`
  }
}

registerErrorClasses({ RoundLimitError, ToolCallDeniedError, ApprovalTimeoutError })
