/**
 * The last arguments a tool was called with, kept for the browser tab's
 * session (sessionStorage), keyed by the client's context key (server and
 * authorization context) and tool name, so reopening the tool pre-fills its
 * form, and never with what another signed-in person typed. Nothing is kept
 * when the context is the client's alone (a credential out of its sight). Storage may be missing, full or refused
 * (private modes, sandboxed frames): then nothing is kept, and nothing fails.
 */
import type { ContextKey } from '../../src/client/index.js'

const PREFIX = 'mcp-web-elements:tool-arguments'

const keyOf = (context: ContextKey, tool: string) => `${PREFIX}\n${context.key}\n${tool}`

export function readArguments(context: ContextKey, tool: string): Record<string, unknown> | undefined {
  if (!context.shared) return undefined
  try {
    const raw = globalThis.sessionStorage?.getItem(keyOf(context, tool))
    const value: unknown = raw ? JSON.parse(raw) : undefined
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

export function writeArguments(context: ContextKey, tool: string, args: Record<string, unknown>): void {
  if (!context.shared) return
  try {
    globalThis.sessionStorage?.setItem(keyOf(context, tool), JSON.stringify(args))
  } catch {
    // Full or refused: the form simply starts empty next time.
  }
}
