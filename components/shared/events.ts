/** The detail of an event that says something failed: `mcp-error`, `mcp-auth-required`, `mcp-tool-error`, `mcp-app-error`. */
export interface ErrorDetail {
  error: Error
}

/**
 * What was thrown, as an Error (a thrown string or object, wrapped), for an `ErrorDetail`. An Error of another realm
 * (a sign-in made by the page's own copy of the library, an element in a frame) is one too: wrapped, it would lose its
 * class and fields.
 */
export const asError = (thrown: unknown): Error =>
  thrown instanceof Error || Object.prototype.toString.call(thrown) === '[object Error]' ? (thrown as Error) : new Error(String(thrown))

/** Fires an `mcp-` event the way every element does: bubbling and composed, so it crosses shadow roots. */
export function emit<T>(target: EventTarget, type: `mcp-${string}`, detail?: T, init: { cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: init.cancelable ?? false }))
}
