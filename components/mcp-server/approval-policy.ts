/**
 * The approval policy `<mcp-server>` gives its client (issue "Human in the
 * loop"): a person pressing Call in `<mcp-tool>`, with the arguments on
 * screen, is the approval; a call from a view, page code or a model asks the
 * user in a modal dialog that names the server and holds an `<mcp-tool-call>`
 * awaiting approval. With `approval="trusted-read-only"`, a read-only tool of a
 * server marked `trust-annotations` runs unasked. A page's own `approve`
 * replaces all of this.
 */
import type { ApprovalAnswer, ApprovalGate, ApprovalRequest } from '../../src/client/index.js'
import { msg } from '../shared/i18n.js'

/** `ask`: every call the user did not make asks; `trusted-read-only`: except read-only tools of a trusted server. */
export type ApprovalPolicy = 'ask' | 'trusted-read-only'

export interface PolicyHost extends HTMLElement {
  approve?: ApprovalGate
  approval?: string
}

/** The gate of `host` (an `<mcp-server>`): its page's `approve` if set, else the policy above. */
export function approvalGate(host: PolicyHost): ApprovalGate {
  return (request) => {
    if (host.approve) return host.approve(request)
    if (request.origin.kind === 'user') {
      return { decision: 'allow-once', by: 'user', reason: msg('server.approval.user', 'pressed Call with the arguments on screen') }
    }
    if (host.approval === 'trusted-read-only' && request.hints.readOnly) {
      return { decision: 'allow-once', by: 'policy', reason: msg('server.approval.read-only', 'a read-only tool of a trusted server') }
    }
    return askInDialog(host, request)
  }
}

/** An `<mcp-tool-call>` in a modal dialog, in the host's shadow root, until the user answers or the call ends. */
async function askInDialog(host: HTMLElement, request: ApprovalRequest): Promise<ApprovalAnswer> {
  // Its own chunk for the per-element entries: a page whose calls never ask does not download the card.
  await import('../mcp-tool-call/mcp-tool-call.js')
  const card = document.createElement('mcp-tool-call')
  card.modal = true
  ;(host.shadowRoot ?? document.body).append(card)
  try {
    return await card.ask(request)
  } finally {
    card.remove()
  }
}
