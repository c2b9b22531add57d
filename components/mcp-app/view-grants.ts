/**
 * What a view is granted of what it asked for, and what the user is told: the browser features the page lists, and
 * the other sites it declared. Part of the lazy chunk (app-host.ts re-exports it): it needs the sandbox's own rules.
 */
import type { AppCsp, AppPermissions } from '../../src/client/index.js'
import { allowAttribute, origins } from '../../sandbox/csp.js'

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
