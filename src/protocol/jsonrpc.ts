/**
 * JSON-RPC 2.0 framing: the shapes on the wire and a strict decoder, so a
 * malformed message from a server fails with a {@link ProtocolError} here and
 * never reaches code that trusts its shape.
 */
import { ProtocolError } from './errors.js'

type RequestId = string | number

export interface JsonRpcRequest {
  jsonrpc: '2.0'
  id: RequestId
  method: string
  params?: Record<string, unknown>
}

export interface JsonRpcNotification {
  jsonrpc: '2.0'
  method: string
  params?: Record<string, unknown>
}

interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

interface JsonRpcResultResponse {
  jsonrpc: '2.0'
  id: RequestId
  result: Record<string, unknown>
}

interface JsonRpcErrorResponse {
  jsonrpc: '2.0'
  id?: RequestId | null
  error: JsonRpcErrorObject
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const isId = (v: unknown): v is RequestId => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v))

/** Parses JSON text from a server; malformed text becomes a {@link ProtocolError} quoting its start. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new ProtocolError(`The server sent malformed JSON: ${JSON.stringify(text.slice(0, 80))}`)
  }
}

/**
 * Checks that `value` is one JSON-RPC 2.0 message and says which kind.
 * Batches are not part of MCP and are rejected.
 */
export function decodeMessage(value: unknown): JsonRpcMessage {
  const fail = (why: string): never => {
    throw new ProtocolError(`The server sent an invalid JSON-RPC message (${why}): ${JSON.stringify(value)?.slice(0, 120)}`)
  }
  if (!isObject(value)) fail('not an object')
  const m = value as Record<string, unknown>
  if (m.jsonrpc !== '2.0') fail('jsonrpc is not "2.0"')
  if (m.params !== undefined && !isObject(m.params)) fail('params is not an object')
  if (typeof m.method === 'string') {
    if ('id' in m && !isId(m.id)) fail('bad id')
    return m as unknown as JsonRpcRequest | JsonRpcNotification
  }
  if ('result' in m) {
    if (!isId(m.id)) fail('a result without a valid id')
    if (!isObject(m.result)) fail('result is not an object')
    return m as unknown as JsonRpcResultResponse
  }
  if ('error' in m) {
    const e = m.error as Record<string, unknown>
    if (!isObject(e) || !Number.isInteger(e.code) || typeof e.message !== 'string') fail('malformed error object')
    if (m.id != null && !isId(m.id)) fail('bad id')
    return m as unknown as JsonRpcErrorResponse
  }
  return fail('neither a request, a notification nor a response')
}

export const isResponse = (m: JsonRpcMessage): m is JsonRpcResponse => 'result' in m || 'error' in m
