/**
 * What a page grants an MCP Apps view, and what the user is told about it: the display modes and browser features the
 * page allows (nothing but inline, and no feature, unless it lists more), and the other sites a view declared.
 */
import type { AppCsp, AppDisplayMode, AppPermissions } from '../../src/client/index.js'
import { allowAttribute, origins } from '../../sandbox/csp.js'

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

export interface PermissionGrant {
  /** The view's `_meta.ui.permissions` with only what the page allows: what its frames' `allow` is made from. */
  granted: AppPermissions
  /** Features (Permissions Policy names) the view asked for and got. */
  grantedFeatures: string[]
  /** Features it asked for that the page does not allow. */
  refusedFeatures: string[]
}

/** Splits the features a view asked for by the page's list (Permissions Policy names, such as `clipboard-write`). */
export function grantPermissions(asked: AppPermissions, allowed: readonly string[]): PermissionGrant {
  const grant: PermissionGrant = { granted: {}, grantedFeatures: [], refusedFeatures: [] }
  for (const key of Object.keys(asked) as Array<keyof AppPermissions>) {
    // The feature the sandbox would allow for this key ('' for a key it does not know).
    const feature = allowAttribute({ [key]: {} })
    if (!feature) continue
    if (allowed.includes(feature)) {
      grant.granted[key] = asked[key]
      grant.grantedFeatures.push(feature)
    } else grant.refusedFeatures.push(feature)
  }
  return grant
}

/** The other sites a view declared (connect, resource and frame domains), as the sandbox passes them on: origins only. */
export function declaredSites(csp: AppCsp): string[] {
  return [...new Set([...origins(csp.connectDomains), ...origins(csp.resourceDomains), ...origins(csp.frameDomains)])]
}
