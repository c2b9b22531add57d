// Kept apart from callback.ts (which needs a page) so that the rule is tested on its own.

/**
 * Where the callback page goes after a redirect sign-in: `returnTo` resolved against the callback page's URL, when
 * it is an `http(s)` URL on the callback page's own origin; anything else (none, `javascript:`, `data:`, another
 * origin) gives that origin's root. The sign-in has succeeded by then, so the user lands signed in on the site
 * rather than on a dead end; and the callback page is never an open redirect nor runs a script URL in the site's
 * origin, whatever the pending sign-in says (a page may take its returnTo from its own URL, `?next=`).
 */
export function returnTarget(returnTo: unknown, callbackUrl: string): string {
  const callback = new URL(callbackUrl)
  const root = new URL('/', callback).href
  if (typeof returnTo !== 'string') return root // none (or not what signIn stored)
  let target: URL | undefined
  try {
    target = new URL(returnTo, callback)
  } catch {
    // malformed: refused below (URL.parse would say so without a throw, but is too recent for some browsers)
  }
  if (target && (target.protocol === 'https:' || target.protocol === 'http:') && target.origin === callback.origin) return target.href
  // The sign-in went through: say why the user is not back where it started, for whoever set that returnTo.
  console.warn(`mcp-web-elements: the sign-in's returnTo ${JSON.stringify(returnTo)} is not on this page's origin; going to ${root}`)
  return root
}
