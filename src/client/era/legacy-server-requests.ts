/**
 * A legacy server's own requests (elicitation, sampling, roots, ping), answered by the client's input handlers, the
 * same ones multi round-trip input requests use; the era POSTs the answer back.
 */
import type { JsonRpcMessage, JsonRpcRequest } from '../../protocol/jsonrpc.js'
import type { EraRequest } from './era.js'
import type { InputHandlers } from '../options.js'

const HANDLER_OF: Record<string, keyof InputHandlers> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
}

/**
 * The answer to a server request from the handlers (ping needs none); no handler is a JSON-RPC error the server can
 * act on. `during`: the call the request arrived on, which the handler is told of.
 */
export async function answerServerRequest(r: JsonRpcRequest, handlers: InputHandlers, during?: EraRequest): Promise<JsonRpcMessage> {
  const name = HANDLER_OF[r.method]
  const handler = name && (handlers[name] as ((p: unknown, c: unknown) => Promise<Record<string, unknown>>) | undefined)
  if (r.method === 'ping') return { jsonrpc: '2.0', id: r.id, result: {} }
  if (!handler) {
    return {
      jsonrpc: '2.0',
      id: r.id,
      error: { code: -32601, message: name ? `This client has no ${name} handler, so it cannot answer ${r.method}` : `Method not found: ${r.method}` },
    }
  }
  try {
    const { _meta, ...params } = r.params ?? {}
    const result = await handler(params, {
      key: String(r.id),
      method: during?.method ?? r.method,
      request: during ? { method: during.method, params: withoutMeta(during.params) } : { method: r.method, params },
      signal: during?.controller.signal ?? new AbortController().signal,
    })
    return { jsonrpc: '2.0', id: r.id, result }
  } catch (error) {
    return { jsonrpc: '2.0', id: r.id, error: { code: -32603, message: (error as Error)?.message ?? String(error) } }
  }
}

/** A call's params as an input handler sees them: without `_meta`, `inputResponses` or `requestState`. */
function withoutMeta({ _meta, inputResponses, requestState, ...params }: Record<string, unknown>): Record<string, unknown> {
  return params
}
