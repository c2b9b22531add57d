/** The detail of an event that says something failed: `mcp-error`, `mcp-auth-required`, `mcp-tool-error`, `mcp-app-error`. */
export interface ErrorDetail {
  error: Error
}

/** What was thrown, as an Error (a thrown string or object, wrapped), for an `ErrorDetail`. */
export const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)))

/** Fires an `mcp-` event the way every element does: bubbling and composed, so it crosses shadow roots. */
export function emit<T>(target: EventTarget, type: `mcp-${string}`, detail?: T, init: { cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: init.cancelable ?? false }))
}
