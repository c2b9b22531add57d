/**
 * The connection check's work (a lazy chunk): each line tried in order, the network ones with the connection
 * doctor's probes (empty bodies, placeholder header values: nothing a server can act on) and one real client for
 * `server/discover`, so that what is checked is what the client does. A line that cannot be tried after an earlier
 * failure is skipped, saying why.
 */
import { isLoopbackHost } from '../../auth/endpoint-url.js'
import {
  CorsHeadersMissingError,
  ConnectionProblemError,
  HeaderNotAllowedError,
  MixedContentError,
  ServerUnreachableError,
} from '../../protocol/connection-errors.js'
import { HttpError } from '../../protocol/errors.js'
import { LATEST_PROTOCOL_VERSION } from '../../protocol/meta.js'
import { findHeaderParams } from '../../schema/mcp-header.js'
import { allowList, answers, EVERY_HEADER, spelled } from '../../transport/diagnose.js'
import { diagnosingFetch } from '../../transport/diagnosing-fetch.js'
import { McpClient } from '../McpClient.js'
import type { CheckId, CheckLine, ConnectionCheckOptions } from './connection-check.js'

/** Every response header the client reads, as `Access-Control-Expose-Headers` needs them: the legacy session, a sign-in's challenge, a DPoP nonce. */
const EXPOSE_FIX = 'Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate, DPoP-Nonce'

/** The lines after `from`, skipped because of it. */
const SKIPPED: Array<[CheckId, string]> = [
  ['cors', 'The server answers this page'],
  ['preflight', 'The preflight allows every header the client sends'],
  ['era', 'The server answers server/discover'],
  ['expose', 'The response headers the client reads are exposed'],
]

const skipRest = (lines: CheckLine[], reason: string): CheckLine[] => [
  ...lines,
  ...SKIPPED.filter(([id]) => !lines.some((line) => line.id === id)).map(([id, title]) => ({
    id,
    status: 'skip' as const,
    title,
    detail: reason,
  })),
]

/** What the client's first requests found: the era, the tools' own headers, and the answers the page could read. */
interface Reached {
  line: CheckLine
  /** Mcp-Param-… headers the server's tools declare. */
  paramHeaders: string[]
  error?: unknown
  /** The answers the client got, for the headers they let the page read. */
  responses: Response[]
  legacy: boolean
}

export async function runCheck(url: string, options: ConnectionCheckOptions): Promise<CheckLine[]> {
  const page = options.page ?? globalThis.location?.href ?? url
  const fetcher = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  const target = new URL(url, page)
  const here = new URL(page)
  const origin = here.origin
  const lines: CheckLine[] = []

  if (here.protocol === 'https:' && target.protocol === 'http:' && !isLoopbackHost(target.hostname)) {
    const error = new MixedContentError(target.href)
    lines.push({
      id: 'mixed-content',
      status: 'fail',
      title: 'The page may reach the server (no mixed content)',
      detail: error.problem,
      fix: 'Serve the server over https:',
    })
    return skipRest(lines, 'The browser blocks every request to this server (mixed content, above).')
  }
  lines.push({
    id: 'mixed-content',
    status: 'pass',
    title: 'The page may reach the server (no mixed content)',
    detail: `${target.protocol === 'https:' ? 'The server is https:' : `The page is ${here.protocol}`}, so the browser lets requests through.`,
  })

  const crossOrigin = target.origin !== origin
  if (crossOrigin) {
    // A POST with a text/plain body needs no preflight: it fails only when the answer has no CORS headers, or there is none.
    if (!(await answers(fetcher, target.href, { headers: { 'content-type': 'text/plain' }, signal: options.signal }))) {
      options.signal?.throwIfAborted()
      const error = (await answers(fetcher, target.href, { mode: 'no-cors', signal: options.signal }))
        ? new CorsHeadersMissingError(target.href, origin)
        : new ServerUnreachableError(target.href, true)
      lines.push({
        id: 'cors',
        status: 'fail',
        title: 'The server answers this page (CORS)',
        detail: error.problem,
        fix: error.fix ?? 'Check the address, and that the server is running and reachable from this network.',
      })
      return skipRest(lines, 'Nothing can be read from the server until it answers this page (above).')
    }
    lines.push({
      id: 'cors',
      status: 'pass',
      title: 'The server answers this page (CORS)',
      detail: `It sends Access-Control-Allow-Origin for ${origin}.`,
    })
  } else {
    lines.push({
      id: 'cors',
      status: 'pass',
      title: 'The server answers this page (CORS)',
      detail: 'The page and the server share an origin: CORS plays no part.',
    })
  }

  const reached = await reachServer(target.href, fetcher, options.signal)
  const preflight = crossOrigin
    ? await preflightLine(fetcher, target.href, reached.paramHeaders, options.signal)
    : sameOrigin('preflight', 'The preflight allows every header the client sends')
  lines.push(preflight)
  const era =
    preflight.status === 'fail' && reached.error instanceof HeaderNotAllowedError
      ? {
          ...reached.line,
          status: 'skip' as const,
          detail: 'The preflight refuses a header this request needs (above): fix that first.',
          fix: undefined,
        }
      : reached.line
  lines.push(era)
  lines.push(crossOrigin ? exposeLine(reached) : sameOrigin('expose', 'The response headers the client reads are exposed'))

  const challenged = reached.error instanceof HttpError && reached.error.status === 401
  if (challenged) {
    const { authLines } = await import('./auth-lines.js')
    lines.push(...(await authLines(fetcher, target.href, reached.responses, origin, options.signal)))
  }
  return lines
}

const sameOrigin = (id: CheckId, title: string): CheckLine => ({
  id,
  status: 'pass',
  title,
  detail: 'The page and the server share an origin: CORS plays no part.',
})

/** `server/discover` (or the legacy fallback) and the tool list, with a real client that keeps nothing. */
async function reachServer(url: string, fetcher: typeof fetch, signal?: AbortSignal): Promise<Reached> {
  const responses: Response[] = []
  const recording: typeof fetch = async (...a) => {
    const res = await fetcher(...a)
    responses.push(res)
    return res
  }
  const client = new McpClient(url, { cache: false, fetch: diagnosingFetch(recording) })
  const title = 'The server answers server/discover (or the legacy initialize)'
  try {
    const found = await client.discover({ signal })
    const legacy = client.protocolVersion !== LATEST_PROTOCOL_VERSION
    // A legacy session is used by the request after initialize: the tool list tries it (and finds the tools' headers).
    const tools = found.capabilities?.tools ? await client.listTools({ signal }) : []
    const paramHeaders = tools.flatMap((tool) => {
      const found = findHeaderParams(tool.inputSchema)
      return found.ok ? found.params.map((p) => `Mcp-Param-${p.name}`) : []
    })
    const name = client.serverInfo
      ? `${client.serverInfo.name}${client.serverInfo.version ? ` ${client.serverInfo.version}` : ''}`
      : 'The server'
    const detail = legacy
      ? `${name} speaks the legacy protocol ${client.protocolVersion}: server/discover is not there, and the client's fallback (initialize, then a session) works.`
      : `${name} speaks ${LATEST_PROTOCOL_VERSION}: server/discover answers.`
    return { line: { id: 'era', status: 'pass', title, detail }, paramHeaders, responses, legacy }
  } catch (error) {
    signal?.throwIfAborted()
    const legacy = client.protocolVersion !== LATEST_PROTOCOL_VERSION
    if (error instanceof HttpError && error.status === 401)
      return {
        line: {
          id: 'era',
          status: 'skip',
          title,
          detail:
            'The server asks for sign-in (HTTP 401) first: which protocol it speaks shows once signed in. Its sign-in lines are below.',
        },
        paramHeaders: [],
        error,
        responses,
        legacy,
      }
    const fix = error instanceof ConnectionProblemError ? error.fix : undefined
    const detail =
      error instanceof ConnectionProblemError ? error.problem : error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { line: { id: 'era', status: 'fail', title, detail, ...(fix && { fix }) }, paramHeaders: [], error, responses, legacy }
  } finally {
    client.close()
  }
}

/** One request with every header the client may send (and the tools' own): allowed, or which are refused and the whole line to allow. */
async function preflightLine(fetcher: typeof fetch, url: string, paramHeaders: string[], signal?: AbortSignal): Promise<CheckLine> {
  const title = 'The preflight allows every header the client sends'
  const names = [...new Set([...EVERY_HEADER, ...paramHeaders.map((h) => h.toLowerCase())])]
  const allowed = (some: string[]) =>
    answers(fetcher, url, {
      headers: Object.fromEntries(some.map((n) => [n, n === 'content-type' ? 'application/json' : 'probe'])),
      signal,
    })
  const all = allowList(paramHeaders.map((h) => h.toLowerCase()))
  if (await allowed(names)) return { id: 'preflight', status: 'pass', title, detail: `Allowed: ${all.join(', ')}.` }
  signal?.throwIfAborted()
  const refused: string[] = []
  for (const name of names) if (!(await allowed([name]))) refused.push(spelled(name))
  const error = new HeaderNotAllowedError(url, refused[0] ?? all[0]!, all)
  return {
    id: 'preflight',
    status: 'fail',
    title,
    detail: `The answer to the browser's preflight (OPTIONS) does not allow ${refused.length ? refused.join(', ') : 'these headers together'}. The client sends ${all.join(', ')}${paramHeaders.length ? ' (the Mcp-Param-… ones for this server’s tools)' : ''}.`,
    fix: `${error.fix} (or answer each preflight with the headers its Access-Control-Request-Headers asks for)`,
  }
}

/** Whether the page could read what the client needs of the answers it got: the legacy session's id, a 401's challenge. */
function exposeLine(reached: Reached): CheckLine {
  const title = 'The response headers the client reads are exposed'
  const fail = (detail: string): CheckLine => ({ id: 'expose', status: 'fail', title, detail, fix: EXPOSE_FIX })
  if (reached.error instanceof ConnectionProblemError && reached.error.fix?.startsWith('Access-Control-Expose-Headers'))
    return fail(reached.error.problem)
  const challenge = reached.responses.find((res) => res.status === 401)
  if (challenge && !challenge.headers.get('www-authenticate'))
    return fail(
      'The server asks for sign-in (HTTP 401), but this page cannot read its WWW-Authenticate header, so it cannot find where to sign in.',
    )
  if (reached.error && !(reached.error instanceof HttpError && reached.error.status === 401))
    return { id: 'expose', status: 'skip', title, detail: 'The client got no answer to read (above).' }
  const read = [
    ...(reached.legacy && reached.responses.some((res) => res.headers.get('mcp-session-id'))
      ? ['Mcp-Session-Id (the legacy session)']
      : []),
    ...(challenge ? ['WWW-Authenticate (the sign-in challenge)'] : []),
  ]
  return {
    id: 'expose',
    status: 'pass',
    title,
    detail: read.length
      ? `The page reads ${read.join(' and ')}.`
      : 'Nothing this server answered needs one. A server that keeps sessions, asks for sign-in or uses DPoP must expose Mcp-Session-Id, WWW-Authenticate and DPoP-Nonce.',
  }
}
