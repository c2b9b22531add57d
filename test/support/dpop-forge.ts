// What a thief holding a token but not the page's key can do: sign a well-formed DPoP proof (RFC 9449 §4.2) with a key
// of their own. WebCrypto only, so it runs in Node and in pages.

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes as ArrayBuffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const encode = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)))

/** A proof for `method` `url` carrying `token`'s hash, signed by a new ES256 key (not the one the token is bound to). */
export async function forgedProof(method: string, url: string, token: string): Promise<string> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey)
  const target = new URL(url)
  const header = encode({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty, crv, x, y } })
  const payload = encode({
    jti: crypto.randomUUID(),
    htm: method,
    htu: `${target.origin}${target.pathname}`,
    iat: Math.floor(Date.now() / 1000),
    ath: b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))),
  })
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, new TextEncoder().encode(`${header}.${payload}`))
  return `${header}.${payload}.${b64url(signature)}`
}

/** A tools/list request to `url` with these headers, as another client would send it; resolves with the status. */
export async function replay(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  })
  await res.body?.cancel()
  return res.status
}
