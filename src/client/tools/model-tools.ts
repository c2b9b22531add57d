/**
 * For pages that put a model in the loop: the tools of one client, or of
 * several, in the form model APIs take for function calling, and a model's
 * tool call mapped back to its client and run through the approval gate with
 * origin `model`.
 *
 * Names. Model APIs take function names of 1 to 64 characters of
 * `[a-zA-Z0-9_-]`. With several servers, each name is prefixed with its
 * server's key (`key__tool`), as the spec (server/tools) recommends for
 * collisions. A name that does not fit as it is (a `.` or `/` in it, too
 * long) is made to fit and given a short digest of the original, so that two
 * names never become one and each stays the same from one listing to the
 * next. The mapping back is a table, never a parse of the name.
 */
import { digest } from '../../cache/policy.js'
import { AbortError, InvalidArgumentsError } from '../../protocol/errors.js'
import { UnknownModelToolError } from './model-tool-errors.js'
import type { CallToolResult, Tool } from '../../protocol/generated/2026-07-28.js'
import { visibleToModel } from './apps.js'
import type { McpClient } from '../McpClient.js'
import type { ToolCallOptions } from '../options.js'

/** One tool as model APIs take it (OpenAI: `{ type: 'function', function }`; Anthropic: `input_schema` for `parameters`). */
export interface ModelFunction {
  name: string
  description: string
  /** The tool's `inputSchema` (a JSON Schema of an object). */
  parameters: Record<string, unknown>
}

/** What a function name stands for. */
export interface ModelToolTarget {
  client: McpClient
  /** The server's key, with several servers. */
  key?: string
  /** The tool as listed. */
  tool: Tool
}

/** Options of a model's call: those of `callTool()`, with the origin's details instead of the origin. */
export interface ModelCallOptions extends Omit<ToolCallOptions, 'origin'> {
  /** Which model asked (for the gate and the log). */
  model?: string
  /** The model API's id of this tool call. */
  callId?: string
}

const FITS = /^[a-zA-Z0-9_-]{1,64}$/

export class ModelTools {
  /** The tools in function-calling form, server after server in the order given, each server's in listing order. */
  readonly functions: ModelFunction[] = []
  /** The servers whose tools could not be listed, with why: the model is given the others'. */
  readonly unavailable: Array<{ key?: string; error: unknown }> = []
  #targets = new Map<string, ModelToolTarget>()

  /** @internal Built by {@link modelTools}. */
  constructor(listed: Array<{ key?: string; client: McpClient; tools?: Tool[]; error?: unknown }>) {
    for (const { key, client, tools, error } of listed) {
      if (!tools) {
        this.unavailable.push({ ...(key !== undefined && { key }), error })
        continue
      }
      for (const tool of tools.filter(visibleToModel)) {
        const name = this.#nameFor(key === undefined ? tool.name : `${key}__${tool.name}`)
        this.#targets.set(name, { client, ...(key !== undefined && { key }), tool })
        this.functions.push({ name, description: tool.description ?? tool.title ?? '', parameters: tool.inputSchema as Record<string, unknown> })
      }
    }
  }

  /** A name that fits model APIs and no other function has. */
  #nameFor(wanted: string): string {
    let name = wanted
    for (let n = 0; !FITS.test(name) || this.#targets.has(name); n++) {
      name = `${wanted.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 55)}_${digest(`${wanted}\n${n}`).slice(0, 8)}`
    }
    return name
  }

  /** The client and tool a function name stands for, or undefined. */
  resolve(functionName: string): ModelToolTarget | undefined {
    return this.#targets.get(functionName)
  }

  /**
   * Runs a model's tool call: on the right client, through its approval gate, with origin `model`, recorded in its
   * call log. With no gate set (neither the client's `approve` nor `options.approve`; `approve: false` is none) the
   * client denies the call: a page that runs a model's calls unasked says so with a gate, `approve: () => 'allow-once'`.
   *
   * @param args The model's arguments: an object, or JSON text (as some APIs give them); empty for none.
   * @throws UnknownModelToolError when the name is none of these tools; nothing is sent.
   * @throws InvalidArgumentsError when the arguments are not a JSON object; nothing is sent.
   * @throws ToolCallDeniedError when the gate denied the call; nothing is sent.
   */
  call(functionName: string, args: string | Record<string, unknown> | undefined, options: ModelCallOptions = {}): Promise<CallToolResult> {
    const target = this.#targets.get(functionName)
    if (!target) return Promise.reject(new UnknownModelToolError(functionName))
    const { model, callId, ...callOptions } = options
    let parsed: unknown = args ?? {}
    try {
      if (typeof args === 'string') parsed = args.trim() ? JSON.parse(args) : {}
    } catch {
      parsed = undefined
    }
    if (typeof parsed !== 'object' || Array.isArray(parsed) || parsed === null) {
      return Promise.reject(new InvalidArgumentsError(target.tool.name, [{ path: '', message: "the model's arguments are not a JSON object" }]))
    }
    return target.client.callTool(target.tool.name, parsed as Record<string, unknown>, {
      ...callOptions,
      origin: { kind: 'model', ...(model !== undefined && { model }), ...(callId !== undefined && { callId }) },
    })
  }
}

/**
 * The tools of one client, or of several keyed by a server key (the key prefixes their names), for a model.
 *
 * @example
 * const tools = await modelTools({ weather: weatherClient, files: filesClient })
 * const reply = await model.generate({ messages, tools: tools.functions.map((f) => ({ type: 'function', function: f })) })
 * for (const call of reply.toolCalls) results.push(await tools.call(call.name, call.arguments, { callId: call.id }))
 */
export async function modelTools(servers: McpClient | Record<string, McpClient>, options: { signal?: AbortSignal } = {}): Promise<ModelTools> {
  const listed = await listEach(servers, (client) => client.listTools({ signal: options.signal }))
  return new ModelTools(listed.map(({ items, ...rest }) => ({ ...rest, ...(items && { tools: items }) })))
}

/**
 * What `list` gives for one client, or for several keyed by a server key, each with its key; a server that failed
 * with why (`error`), as the others are still worth giving a model. An abort ends them all.
 */
export function listEach<T>(
  servers: McpClient | Record<string, McpClient>,
  list: (client: McpClient) => Promise<T>,
): Promise<Array<{ key?: string; client: McpClient; items?: T; error?: unknown }>> {
  const entries: Array<[string | undefined, McpClient]> =
    typeof (servers as McpClient).request === 'function' ? [[undefined, servers as McpClient]] : Object.entries(servers)
  return Promise.all(
    entries.map(([key, client]) =>
      list(client).then(
        (items) => ({ key, client, items }),
        (error: unknown) => {
          if (error instanceof AbortError) throw error
          return { key, client, error }
        },
      ),
    ),
  )
}
