// What <mcp-server> needs when a browser blocks the sign-in popup, loaded then (from its own chunk on the CDN): the
// check of the sign-in page's address, and the error for one that is not safe to show as a link.
import { endpointUrlAllowed } from '../../src/auth/endpoint-url.js'
export { UnsafeEndpointError } from '../../src/auth/errors.js'

/**
 * Whether the sign-in page may be the blocked-popup link's href: http(s) only, by the rule sign-in applies to every
 * endpoint (plain http: on any host, as the page's allowInsecureRequests may have admitted it at discovery).
 */
export const signInLinkAllowed = (url: string) => endpointUrlAllowed(url, { allowInsecureRequests: true })
