/**
 * The connection check's lines for a server that asks for sign-in (a lazy chunk of its own): what a browser's sign-in
 * fetches cross-origin, found as the sign-in finds it (auth/discovery.ts), and each endpoint tried with the request
 * shape the sign-in sends, with an empty body a server refuses.
 */
import { discoverAuthorizationServer, discoverResource, diagnosedAuthFetch } from '../../auth/discovery.js'
import { parseChallenge } from '../../auth/www-authenticate.js'
import { ConnectionProblemError, type AuthServerEndpoint } from '../../protocol/connection-errors.js'
import { answers, probeSignal } from '../../transport/diagnose.js'
import { diagnoseAuthServer } from '../../transport/diagnose-auth.js'
import type { CheckId, CheckLine } from './connection-check.js'

const TITLES: Record<Exclude<CheckId, 'mixed-content' | 'cors' | 'preflight' | 'era' | 'expose'>, string> = {
  'auth-resource-metadata': 'The protected resource metadata answers this page',
  'auth-server-metadata': "The authorization server's metadata answers this page",
  'auth-token': "The authorization server's token endpoint answers this page",
  'auth-registration': "The authorization server's registration endpoint answers this page",
}

type AuthId = keyof typeof TITLES

const line = (id: AuthId, status: CheckLine['status'], detail: string, fix?: string): CheckLine => ({
  id,
  status,
  title: TITLES[id],
  detail,
  ...(fix && { fix }),
})

/** A failure as a line: a connection problem with its fix, else the error's own words. */
const failed = (id: AuthId, error: unknown): CheckLine =>
  error instanceof ConnectionProblemError
    ? line(id, 'fail', error.problem, error.fix)
    : line(id, 'fail', error instanceof Error ? error.message : String(error))

export async function authLines(
  fetcher: typeof fetch,
  url: string,
  responses: Response[],
  origin: string,
  signal?: AbortSignal,
): Promise<CheckLine[]> {
  const page = globalThis.location?.href ?? origin
  const challenge = parseChallenge(responses.find((res) => res.status === 401)?.headers.get('www-authenticate'), 'bearer')
  const lines: CheckLine[] = []
  const skipAfter = (reason: string) =>
    (Object.keys(TITLES) as AuthId[]).filter((id) => !lines.some((l) => l.id === id)).map((id) => line(id, 'skip', reason))

  // The resource metadata: a fetch the browser refuses is "not found" to discovery, so each refusal is diagnosed here.
  const refusals: Array<[string, unknown]> = []
  const noting: typeof fetch = async (input, init) => {
    try {
      return await fetcher(input, init)
    } catch (error) {
      refusals.push([String(input), error])
      throw error
    }
  }
  let issuer: string
  try {
    const resource = await discoverResource(noting, url, challenge?.resource_metadata, probeSignal(signal))
    issuer = resource.authorization_servers[0]!
    lines.push(line('auth-resource-metadata', 'pass', `It names the authorization server ${issuer}.`))
  } catch (error) {
    signal?.throwIfAborted()
    const [where, cause] = refusals[0] ?? []
    const diagnosed = where ? await diagnoseAuthServer(fetcher, where, 'metadata', cause, page) : undefined
    lines.push(
      diagnosed
        ? line(
            'auth-resource-metadata',
            'fail',
            `The protected resource metadata at ${where} sends no CORS headers, so this page (${origin}) cannot find where to sign in.`,
            diagnosed.fix,
          )
        : failed('auth-resource-metadata', error),
    )
    return [...lines, ...skipAfter('The authorization server is not known (above).')]
  }

  let metadata: Record<string, unknown>
  try {
    metadata = (await discoverAuthorizationServer(diagnosedAuthFetch(fetcher, 'metadata'), issuer, probeSignal(signal))) as Record<string, unknown>
    lines.push(line('auth-server-metadata', 'pass', `${issuer} publishes its metadata to this page.`))
  } catch (error) {
    signal?.throwIfAborted()
    lines.push(failed('auth-server-metadata', error))
    return [...lines, ...skipAfter("The authorization server's metadata could not be read (above).")]
  }

  const dpop = Array.isArray(metadata.dpop_signing_alg_values_supported)
  lines.push(await endpointLine('auth-token', 'token endpoint', fetcher, metadata.token_endpoint, page, dpop, signal))
  if (typeof metadata.registration_endpoint === 'string') {
    lines.push(
      await endpointLine('auth-registration', 'registration endpoint', fetcher, metadata.registration_endpoint, page, false, signal),
    )
  } else {
    const cimd = metadata.client_id_metadata_document_supported === true
    lines.push(
      line(
        'auth-registration',
        'skip',
        cimd
          ? 'No registration endpoint: the page names itself with a Client ID Metadata Document, which the authorization server supports.'
          : 'No registration endpoint: a page signs in with a client id given to it by the authorization server’s owner.',
      ),
    )
  }
  return lines
}

/**
 * A POST of the sign-in's shape with an empty body: a form (no preflight) to the token endpoint, with a `DPoP` header
 * when the server binds tokens; JSON (a preflight for `Content-Type`) to the registration endpoint.
 */
async function endpointLine(
  id: AuthId,
  endpoint: AuthServerEndpoint,
  fetcher: typeof fetch,
  where: unknown,
  page: string,
  dpop: boolean,
  signal?: AbortSignal,
): Promise<CheckLine> {
  if (typeof where !== 'string') return line(id, 'fail', `The authorization server's metadata names no ${endpoint}.`)
  const init: RequestInit =
    endpoint === 'registration endpoint'
      ? { headers: { 'content-type': 'application/json' }, body: '', signal }
      : { headers: { 'content-type': 'application/x-www-form-urlencoded', ...(dpop && { dpop: 'probe' }) }, body: '', signal }
  if (await answers(fetcher, where, init))
    return line(id, 'pass', `${where} answers this page${dpop ? ', its preflight allowing DPoP' : ''}.`)
  signal?.throwIfAborted()
  if (endpoint === 'registration endpoint' && (await answers(fetcher, where, { headers: { 'content-type': 'text/plain' }, signal })))
    return line(
      id,
      'fail',
      `${where} answers this page, but its preflight (OPTIONS) does not allow Content-Type, which a registration (JSON) sends.`,
      'Access-Control-Allow-Headers: Content-Type',
    )
  const diagnosed = await diagnoseAuthServer(fetcher, where, endpoint, new TypeError('Failed to fetch'), page, init)
  return diagnosed
    ? failed(id, diagnosed)
    : line(id, 'fail', `Nothing answers at ${where}.`, 'Check that the authorization server is running and reachable from this network.')
}
