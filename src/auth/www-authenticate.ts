/**
 * The parameters of a `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3,
 * RFC 9728 §5.1): `resource_metadata`, `scope`, `error`; and of a `DPoP …`
 * challenge (RFC 9449 §7.1), which carries the same. Other schemes in the same
 * header are skipped.
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
  return parseChallenges(header).bearer
}

/**
 * The challenge of scheme `prefer` in a header value (`dpop` for a request sent with a DPoP-bound token: RFC 9449 §7.1
 * challenges carry the same parameters), else the other of Bearer and DPoP, else undefined.
 */
export function parseChallenge(header: string | null | undefined, prefer: 'bearer' | 'dpop'): BearerChallenge | undefined {
  const found = parseChallenges(header)
  return prefer === 'dpop' ? (found.dpop ?? found.bearer) : (found.bearer ?? found.dpop)
}

/** The first Bearer and the first DPoP challenge of a header value. */
function parseChallenges(header: string | null | undefined): { bearer?: BearerChallenge; dpop?: BearerChallenge } {
  const found: { bearer?: BearerChallenge; dpop?: BearerChallenge } = {}
  if (!header) return found
  let pos = 0
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
    const name = scheme[1].toLowerCase()
    if ((name === 'bearer' || name === 'dpop') && !found[name]) found[name] = current
  }
  return found
}
