/** Fires an `mcp-` event the way every element does: bubbling and composed, so it crosses shadow roots. */
export function emit<T>(target: EventTarget, type: `mcp-${string}`, detail?: T, init: { cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: init.cancelable ?? false }))
}
