/**
 * The page's lists for MCP Apps views, read where the element needs them at once: the display modes it allows
 * (nothing but inline unless it lists more) and the features it lists. What a view is then granted is view-grants.ts,
 * in the lazy chunk.
 */
import type { AppDisplayMode } from '../../src/client/index.js'

const DISPLAY_MODES: AppDisplayMode[] = ['inline', 'fullscreen', 'pip']

/** A page's list: an attribute's words ("inline fullscreen", commas allowed), or an option's array. */
export function listOf(value: string | readonly string[] | undefined): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean)
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/** The modes a page allows: inline always, then those of its list this host has. */
export function allowedModes(listed: readonly string[]): AppDisplayMode[] {
  return DISPLAY_MODES.filter((mode) => mode === 'inline' || listed.includes(mode))
}
