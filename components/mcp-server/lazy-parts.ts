/**
 * The parts of `<mcp-server>` a first list does not need on screen, loaded at their first use (each a chunk of its
 * own on the CDN, so a cold visit's script stays small): the approval policy (at the first call that asks for
 * approval), the input handlers (at the server's first input request), the sign-in link check (when a browser
 * blocks the sign-in popup), the words of a failure (at the first failure, or when the browser is idle), the URL state
 * (with `url-state`).
 */
import type { ApprovalGate, InputContext, InputHandlers, McpClient } from '../../src/client/index.js'
import { msg } from '../shared/i18n.js'
import { type ChunkLoadError, lazyModule } from '../shared/lazy-element.js'
import type { PolicyHost } from './approval-policy.js'

const loadApprovalPolicy = lazyModule(() => import('./approval-policy.js'))
const loadInputHandlers = lazyModule(() => import('../mcp-elicitation/input-handlers.js'))
export const loadSignInLink = lazyModule(() => import('./sign-in-link.js'))
export const loadFailureView = lazyModule(() => import('./failure-view.js'))
export const loadUrlState = lazyModule(() => import('./url-state.js'))

/**
 * approvalGate() of approval-policy.ts, its module loaded on the first call. While it does not load, the gate fails
 * saying how to retry in this engine, words the client's denial of the call quotes (a page's or a view's call too).
 */
export function lazyApprovalGate(host: PolicyHost): ApprovalGate {
  let gate: ApprovalGate | undefined
  return async (request) => {
    gate ??= (await loadApprovalPolicy().catch(policyDidNotLoad)).approvalGate(host)
    return gate(request)
  }
}

/** The gate's failure when approval-policy.ts did not load: why, and how to retry in this engine (see ChunkLoadError). */
function policyDidNotLoad(error: ChunkLoadError): never {
  const words = { reason: error.message }
  const advice = error.again
    ? msg('server.approval-load-failed-again', 'its code did not load again ({reason}). Reload the page to retry', words)
    : msg('server.approval-load-failed', 'its code did not load ({reason}). Try again; if it fails again, reload the page', words)
  throw new Error(advice, { cause: error })
}

/**
 * createInputHandlers() of input-handlers.ts, its module loaded on the first input request: elicitation, and of
 * sampling and roots only those in `answers` (a handler declares its capability, and the page serves only these).
 */
export function lazyInputHandlers(host: HTMLElement, server: () => string | McpClient | undefined, answers: string[]): InputHandlers {
  let handlers: InputHandlers | undefined
  const real = async () => (handlers ??= (await loadInputHandlers()).createInputHandlers(host, server))
  return {
    elicitation: async (params, context: InputContext) => (await real()).elicitation!(params, context),
    ...(answers.includes('sampling') && { sampling: async (params, context: InputContext) => (await real()).sampling!(params, context) }),
    ...(answers.includes('roots') && { roots: async (params, context: InputContext) => (await real()).roots!(params, context) }),
  }
}
