// DPoP proof checks (RFC 9449 §4.3) for the auth test server's DPoP mode (servers/auth.ts, servers/dpop.ts), written
// with Node's WebCrypto apart from the client's library, so a client bug shared with oauth4webapi is not hidden.
import { createHash } from 'node:crypto'

/** What a proof claims (RFC 9449 §4.2). */
export interface ProofClaims {
  jti?: unknown
  htm?: unknown
  htu?: unknown
  iat?: unknown
  ath?: unknown
  nonce?: unknown
}

/** What the request a proof came with must match. */
export interface ProofExpectations {
  method: string
  /** The request's URL; the proof's `htu` must be it without query and fragment. */
  url: string
  /** The access token the request carries (resource requests): `ath` must be its hash. */
  token?: string
  /** The nonce the server asks for now, if any. */
  nonce?: string
  /** Every `jti` accepted so far: a proof is good once. */
  seen: Set<string>
}

/** A proof accepted, with its key's thumbprint; or why it is refused (`use_dpop_nonce` when only its nonce is stale). */
export type ProofCheck = { ok: true; jkt: string; jti: string } | { ok: false; error: 'invalid_dpop_proof' | 'use_dpop_nonce'; why: string }

const b64url = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(bytes as ArrayBuffer).toString('base64url')
const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
const sha256 = (text: string) => b64url(createHash('sha256').update(text).digest())

/** The WebCrypto verify parameters of a JWS `alg`. */
function verifyAlgorithm(alg: string): { import: any; verify: any } | undefined {
  const hash = `SHA-${alg.slice(2)}`
  if (/^ES(256|384|512)$/.test(alg)) {
    const namedCurve = alg === 'ES512' ? 'P-521' : `P-${alg.slice(2)}`
    return { import: { name: 'ECDSA', namedCurve }, verify: { name: 'ECDSA', hash } }
  }
  if (/^RS(256|384|512)$/.test(alg)) return { import: { name: 'RSASSA-PKCS1-v1_5', hash }, verify: { name: 'RSASSA-PKCS1-v1_5' } }
  if (/^PS(256|384|512)$/.test(alg)) return { import: { name: 'RSA-PSS', hash }, verify: { name: 'RSA-PSS', saltLength: Number(alg.slice(2)) / 8 } }
  if (alg === 'Ed25519' || alg === 'EdDSA') return { import: { name: 'Ed25519' }, verify: { name: 'Ed25519' } }
  return undefined
}

/** The JWK SHA-256 thumbprint (RFC 7638) of a public key. */
export function thumbprint(jwk: Record<string, string>): string {
  const members = jwk.kty === 'EC' ? ['crv', 'kty', 'x', 'y'] : jwk.kty === 'RSA' ? ['e', 'kty', 'n'] : ['crv', 'kty', 'x']
  return sha256(JSON.stringify(Object.fromEntries(members.map((m) => [m, jwk[m]]))))
}

/** Checks the `DPoP` header of a request. */
export async function checkProof(proof: string | null, expect: ProofExpectations): Promise<ProofCheck> {
  const refuse = (why: string): ProofCheck => ({ ok: false, error: 'invalid_dpop_proof', why })
  if (!proof) return refuse('no DPoP proof')
  const parts = proof.split('.')
  if (parts.length !== 3) return refuse('the proof is not a JWS')
  let header: { typ?: string; alg?: string; jwk?: Record<string, string> }
  let claims: ProofClaims
  try {
    header = json(parts[0]!)
    claims = json(parts[1]!)
  } catch {
    return refuse('the proof is not JSON')
  }
  const algorithm = verifyAlgorithm(String(header.alg))
  if (header.typ !== 'dpop+jwt' || !algorithm || !header.jwk || 'd' in header.jwk) return refuse('bad proof header')
  let good: boolean
  try {
    const key = await crypto.subtle.importKey('jwk', header.jwk, algorithm.import, false, ['verify'])
    good = await crypto.subtle.verify(algorithm.verify, key, Buffer.from(parts[2]!, 'base64url'), Buffer.from(`${parts[0]}.${parts[1]}`))
  } catch {
    good = false
  }
  if (!good) return refuse('the proof signature does not verify')
  const target = new URL(expect.url)
  if (claims.htm !== expect.method) return refuse(`htm ${String(claims.htm)} is not ${expect.method}`)
  if (claims.htu !== `${target.origin}${target.pathname}`) return refuse(`htu ${String(claims.htu)} is not ${target.origin}${target.pathname}`)
  if (typeof claims.iat !== 'number' || Math.abs(Date.now() / 1000 - claims.iat) > 60) return refuse('iat is not recent')
  if (typeof claims.jti !== 'string' || !claims.jti) return refuse('no jti')
  if (expect.token !== undefined && claims.ath !== sha256(expect.token)) return refuse('ath is not the hash of the access token')
  if (expect.seen.has(claims.jti)) return refuse('the proof was used before (jti replayed)')
  if (expect.nonce !== undefined && claims.nonce !== expect.nonce) return { ok: false, error: 'use_dpop_nonce', why: 'the proof has not the current nonce' }
  expect.seen.add(claims.jti)
  return { ok: true, jkt: thumbprint(header.jwk), jti: claims.jti }
}
