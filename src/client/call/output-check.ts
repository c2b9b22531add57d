/**
 * A tool result's `structuredContent` against the tool's `outputSchema` (tools.mdx: clients SHOULD validate
 * structured results), for every way a result reaches the caller: a call, and a kept task followed again.
 */
import { InvalidStructuredContentError } from '../../protocol/errors.js'
import type { CallToolResult, Tool } from '../../protocol/generated/2026-07-28.js'
import type { ClientParts } from '../parts.js'

/** The result, or an {@link InvalidStructuredContentError} that still carries it when it does not match. */
export async function checkOutput(parts: ClientParts, name: string, tool: { tool: Tool } | undefined, result: CallToolResult): Promise<CallToolResult> {
  const schema = tool?.tool.outputSchema
  if (!schema || result.isError) return result
  let problems: Array<{ path: string; message: string }>
  if (result.structuredContent === undefined) problems = [{ path: '', message: 'the tool has an outputSchema, but the result has no structuredContent' }]
  else
    try {
      problems = (await parts.validator()).validateAgainstSchema(schema, result.structuredContent)
    } catch (error) {
      problems = [{ path: '', message: `the outputSchema cannot be used: ${(error as Error).message}` }]
    }
  if (problems.length) throw new InvalidStructuredContentError(name, problems, result)
  return result
}

/** checkOutput() for a result whose tool may not be listed yet (a task followed again after a reload): listed first. */
export async function checkOutputOf(parts: ClientParts, name: string, result: CallToolResult, signal?: AbortSignal): Promise<CallToolResult> {
  if (result.isError) return result
  if (!parts.tools.entries.has(name)) await parts.client.listTools({ signal }).catch(() => {})
  const entry = parts.tools.entries.get(name)
  return entry && !('error' in entry) ? checkOutput(parts, name, entry, result) : result
}
