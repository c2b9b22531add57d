/**
 * The last arguments a tool was called with, kept for the browser tab's
 * session (sessionStorage), keyed by server URL and tool name, so reopening
 * the tool pre-fills its form. Storage may be missing, full or refused
 * (private modes, sandboxed frames): then nothing is kept, and nothing fails.
 */
const PREFIX = 'mcp-web-elements:tool-arguments'

const keyOf = (serverUrl: string, tool: string) => `${PREFIX}\n${serverUrl}\n${tool}`

export function readArguments(serverUrl: string, tool: string): Record<string, unknown> | undefined {
  try {
    const raw = globalThis.sessionStorage?.getItem(keyOf(serverUrl, tool))
    const value: unknown = raw ? JSON.parse(raw) : undefined
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

export function writeArguments(serverUrl: string, tool: string, args: Record<string, unknown>): void {
  try {
    globalThis.sessionStorage?.setItem(keyOf(serverUrl, tool), JSON.stringify(args))
  } catch {
    // Full or refused: the form simply starts empty next time.
  }
}
