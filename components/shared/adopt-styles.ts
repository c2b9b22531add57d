import type { CSSResult } from 'lit'

/**
 * Adds `styles` to a shadow root once: the styles of a part loaded on demand (a panel, a form) come with its chunk,
 * not with the element that shows it.
 */
export function adoptStyles(root: ShadowRoot | null, styles: CSSResult): void {
  const sheet = styles.styleSheet
  if (root && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}
