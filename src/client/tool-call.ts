/**
 * One `tools/call`: the tool looked up in the index (listed first when
 * unknown), the arguments checked against its `inputSchema`, `x-mcp-header`
 * arguments mirrored into headers, the input rounds, and the result's
 * `structuredContent` checked against its `outputSchema`.
 */
import { methodPrefix } from '../cache/policy.js'
import { AbortError, InvalidStructuredContentError } from '../protocol/errors.js'
import type { CallToolResult, Tool } from '../protocol/generated/2026-07-28.js'
import { paramHeaders } from '../transport/headers.js'
import { withInput } from './input-rounds.js'
import type { RequestOptions } from './options.js'
import type { ClientParts } from './parts.js'
import { isInvalidParams } from './requests.js'
import { loadValidator } from './validator.js'

/** See McpClient.callTool(). */
export async function callTool(parts: ClientParts, name: string, args: Record<string, unknown>, options: RequestOptions): Promise<CallToolResult> {
  const { client, tools } = parts
  if (!tools.entries.has(name) && !tools.unlisted.has(name)) {
    // Its x-mcp-header paths are in its schema. A server that cannot list still gets the call: its answer says what is wrong.
    await client.listTools({ signal: options.signal }).catch((e) => {
      if (e instanceof AbortError) throw e
    })
    // Not in the listing either: called as it is, without listing again on every call until the tools change.
    if (!tools.entries.has(name)) tools.unlisted.add(name)
  }
  const known = () => {
    const entry = tools.entries.get(name)
    if (entry && 'error' in entry) throw entry.error
    return entry
  }
  let tool = known()
  // Synchronous once the validator is loaded: no await on the path of every call.
  const validate = (): Promise<void> | void => {
    if (!tool) return
    const loaded = loadValidator.loaded
    if (loaded) return loaded.validateArguments(name, tool.tool.inputSchema, args)
    return loadValidator().then((v) => v.validateArguments(name, tool!.tool.inputSchema, args))
  }
  const validating = validate()
  if (validating) await validating
  let result: CallToolResult
  try {
    result = (await withInput(
      parts,
      'tools/call',
      { name, arguments: args },
      options,
      () => (tool ? paramHeaders(tool.headers, args) : {}),
      async () => {
        // -32020: the tool's schema may have changed. List again and check the arguments against the new schema;
        // then only the round that failed is sent again (answers already given are not asked for twice).
        await client.listTools({ signal: options.signal, fresh: true })
        tool = known()
        await validate()
      },
    )) as CallToolResult
  } catch (error) {
    if (isInvalidParams(error)) {
      // Unknown tool or invalid params: the cached listing may be out of date (spec, caching). Listed again for next time.
      parts.cache.invalidate(methodPrefix(client.url, 'tools/list'))
      client.listTools({ fresh: true }).catch(() => {})
    }
    throw error
  }
  return tool?.tool.outputSchema ? checkOutput(name, tool, result) : result
}

/**
 * A result's `structuredContent` against the tool's `outputSchema` (tools.mdx: clients SHOULD validate
 * structured results). A mismatch is an {@link InvalidStructuredContentError} that still carries the result.
 */
async function checkOutput(name: string, tool: { tool: Tool } | undefined, result: CallToolResult): Promise<CallToolResult> {
  const schema = tool?.tool.outputSchema
  if (!schema || result.isError) return result
  let problems: Array<{ path: string; message: string }>
  if (result.structuredContent === undefined) problems = [{ path: '', message: 'the tool has an outputSchema, but the result has no structuredContent' }]
  else
    try {
      problems = (await loadValidator()).validateAgainstSchema(schema, result.structuredContent)
    } catch (error) {
      problems = [{ path: '', message: `the outputSchema cannot be used: ${(error as Error).message}` }]
    }
  if (problems.length) throw new InvalidStructuredContentError(name, problems, result)
  return result
}
