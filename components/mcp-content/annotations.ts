/**
 * What a content block's `annotations` say about showing it: whom it is for
 * (`audience`) and how it ranks against its neighbours (`priority`). The
 * server is untrusted: a field of the wrong type or out of the spec's range
 * counts as absent, so a hostile block cannot jump to the top or hide itself.
 */

/**
 * The rank of a block with no usable priority: the middle of the spec's 0..1 scale, neither "effectively required"
 * (1) nor "entirely optional" (0). So a block marked 1 comes before unmarked ones and a block marked 0 after them.
 */
const UNMARKED_PRIORITY = 0.5

function annotationsOf(block: unknown): Record<string, unknown> | undefined {
  if (typeof block !== 'object' || block === null) return undefined
  const annotations = (block as { annotations?: unknown }).annotations
  return typeof annotations === 'object' && annotations !== null ? (annotations as Record<string, unknown>) : undefined
}

/** The block's priority when it is a number in 0..1, else UNMARKED_PRIORITY. */
function priorityOf(block: unknown): number {
  const priority = annotationsOf(block)?.priority
  return typeof priority === 'number' && priority >= 0 && priority <= 1 ? priority : UNMARKED_PRIORITY
}

/** Whether the block is meant for the model only: its audience lists the assistant and not the user. */
export function forModelOnly(block: unknown): boolean {
  const audience = annotationsOf(block)?.audience
  return Array.isArray(audience) && audience.includes('assistant') && !audience.includes('user')
}

/** The blocks' indexes, highest priority first; equal priorities keep the server's order. */
export function displayOrder(blocks: readonly unknown[]): number[] {
  const priorities = blocks.map(priorityOf)
  // Array.prototype.sort is stable, so ties stay in the order they came.
  return blocks.map((_, index) => index).sort((a, b) => priorities[b] - priorities[a])
}
