/**
 * The parameters of a `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3,
 * RFC 9728 §5.1): `resource_metadata`, `scope`, `error`. Other schemes in the
 * same header are skipped.
 */
export interface BearerChallenge {
  resource_metadata?: string
  scope?: string
  error?: string
  error_description?: string
  [param: string]: string | undefined
}

// auth-param = token BWS "=" BWS ( token / quoted-string ); a scheme is a token followed by a space or the end.
const PARAM = /\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[!#$%&'*+\-.^_`|~0-9A-Za-z/=:]+)\s*,?/y
const SCHEME = /\s*,?\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)(?=\s|$|,)/y

/** The Bearer challenge of a header value, or undefined when there is none. */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined
  let pos = 0
  let found: BearerChallenge | undefined
  let current: BearerChallenge | undefined
  while (pos < header.length) {
    PARAM.lastIndex = pos
    const param = current && PARAM.exec(header)
    if (param) {
      current![param[1].toLowerCase()] = param[3] !== undefined ? param[3].replace(/\\(.)/g, '$1') : param[2]
      pos = PARAM.lastIndex
      continue
    }
    SCHEME.lastIndex = pos
    const scheme = SCHEME.exec(header)
    if (!scheme) break
    pos = SCHEME.lastIndex
    current = {}
    if (scheme[1].toLowerCase() === 'bearer' && !found) found = current
  }
  return found
}
