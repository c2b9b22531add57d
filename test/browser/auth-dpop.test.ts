// DPoP (RFC 9449) in the browser: signing in from <mcp-server> to the `dpop` test server (servers/dpop.ts: the auth
// server that takes only DPoP-bound tokens, each request with a fresh proof for the token's key), with real IndexedDB.
// What the key buys: a token read out of IndexedDB is refused when another client sends it without the page's key.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { IdbAuthStore, type BrowserOAuthProvider, type StoredTokens } from '../../src/auth/index.js'
import { CLIENT_ID, click, clearDefaultAuthStore, present, testProvider } from '../support/auth-browser.js'
import { controlServer, deepQueryAll, eventually, nextEvent, serverUrl } from '../support/browser.js'
import { forgedProof, replay } from '../support/dpop-forge.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.component.js'
import '../../components/mcp-server/mcp-server.js'
import '../../components/mcp-tool-list/mcp-tool-list.js'

const SERVER = 'dpop'
type DpopStats = { refusals: string[]; nonceChallenges: number; accepted: string[]; lastProof?: string; lastToken?: string }
type Stats = { issuer: string; dpop: DpopStats; tokenRequests: unknown[] }
const dpopStats = async () => (await controlServer<Stats>(SERVER, 'stats')).dpop

let url: string
let database: string
let run = 0

const shown = (server: Element, name: string) => deepQueryAll(server, '[part~="item"]').some((e) => e.textContent?.includes(name))

/** Signs in from <mcp-server>'s button with `auth`; resolves once the protected tools are listed. */
async function signedIn(auth: BrowserOAuthProvider): Promise<McpServerElement> {
  const server = await fixture<McpServerElement>(html`<mcp-server .url=${url} .auth=${auth}><mcp-tool-list></mcp-tool-list></mcp-server>`)
  const button = await present(server, 'sign-in-button', 'the Sign in button')
  const done = nextEvent(server, 'mcp-signed-in', 10_000)
  await click(button)
  await done
  await eventually(() => shown(server, 'whoami'), 'the tools after signing in', 10_000)
  return server
}

/** Switches the DPoP server's CORS (`cors`: its control `dpop`), then clicks <mcp-server>'s Sign in button. */
async function signInWhere(cors: Record<string, boolean>): Promise<McpServerElement> {
  await controlServer(SERVER, 'dpop', cors)
  const server = await fixture<McpServerElement>(html`<mcp-server .url=${url} .auth=${testProvider(url, database)}><mcp-tool-list></mcp-tool-list></mcp-server>`)
  await click(await present(server, 'sign-in-button', 'the Sign in button'))
  return server
}

/** Every record of the sign-in database, as anything running on this origin could read them. */
async function records(): Promise<Record<string, unknown>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(database)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const all = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const found: Record<string, unknown> = {}
    const cursor = db.transaction('auth').objectStore('auth').openCursor()
    cursor.onsuccess = () => {
      const at = cursor.result
      if (!at) return resolve(found)
      found[String(at.key)] = at.value
      at.continue()
    }
    cursor.onerror = () => reject(cursor.error)
  })
  db.close()
  return all
}

const tokensRecord = async () => {
  const { issuer } = await controlServer<Stats>(SERVER, 'stats')
  const tokens = await new IdbAuthStore(database).get<StoredTokens>(`tokens ${issuer} ${url}`)
  expect(tokens, 'the tokens in IndexedDB').to.not.equal(undefined)
  return tokens!
}

const holdsKey = (value: unknown): boolean =>
  value instanceof CryptoKey || (typeof value === 'object' && value !== null && Object.values(value).some(holdsKey))

describe('DPoP-bound sign-in in the browser', () => {
  beforeEach(async () => {
    database = `mcp-dpop-test-${Date.now()}-${run++}`
    url = await serverUrl(SERVER)
  })
  afterEach(async () => {
    await controlServer(SERVER, 'dpop', { rsNonce: null, asNonce: null, allowProof: true, exposeNonce: true, asAllowProof: true })
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(database)
      request.onsuccess = request.onerror = request.onblocked = resolve
    })
  })

  it('signs in, lists and calls tools with proofs (the listen stream too); the key in IndexedDB cannot be exported', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000) // a sign-in goes through two servers and a popup
    const before = await dpopStats()
    const auth = testProvider(url, database)
    await signedIn(auth)
    const client = new McpClient(url, { auth })
    expect(JSON.stringify(await client.callTool('whoami', {}))).to.include('signed in')
    client.close()
    const tokens = await tokensRecord()
    expect(tokens.token_type.toLowerCase()).to.equal('dpop')
    expect(tokens.dpop?.privateKey).to.be.instanceOf(CryptoKey)
    expect(tokens.dpop!.privateKey.extractable, 'the private key is not extractable').to.equal(false)
    let exported: unknown
    try {
      exported = await crypto.subtle.exportKey('jwk', tokens.dpop!.privateKey)
    } catch (error) {
      exported = error
    }
    expect(exported, 'exporting the private key fails').to.be.instanceOf(DOMException)
    await eventually(async () => (await dpopStats()).accepted.includes('subscriptions/listen'), 'the listen stream signed with a proof', 10_000)
    const after = await dpopStats()
    expect(after.refusals.slice(before.refusals.length), 'no proof refused').to.deep.equal([])
    expect(after.accepted.slice(before.accepted.length)).to.include.members(['tools/list', 'tools/call'])
  })

  it('a token read out of IndexedDB is refused without the page’s key: no proof, as Bearer, a proof of another key, a replayed proof', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    await signedIn(testProvider(url, database))
    const { access_token: token } = await tokensRecord()
    const before = await dpopStats()
    expect(await replay(url, { authorization: `DPoP ${token}` }), 'DPoP scheme, no proof').to.equal(401)
    expect(await replay(url, { authorization: `Bearer ${token}` }), 'as a bearer token').to.equal(401)
    expect(await replay(url, { authorization: `DPoP ${token}`, dpop: await forgedProof('POST', url, token) }), 'a proof of another key').to.equal(401)
    expect(await replay(url, { authorization: `DPoP ${before.lastToken}`, dpop: before.lastProof! }), 'a proof the page sent, again').to.equal(401)
    expect((await dpopStats()).refusals.slice(before.refusals.length)).to.deep.equal([
      'no DPoP proof',
      'the token was sent with the Bearer scheme',
      'the proof is signed by another key than the token is bound to',
      'the proof was used before (jti replayed)',
    ])
  })

  it('the MCP server rotates its nonce mid-session: the next call succeeds after one retry', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const auth = testProvider(url, database)
    const server = await signedIn(auth)
    server.remove() // only the calls below reach the server
    const client = new McpClient(url, { auth })
    await client.callTool('whoami', {})
    for (const nonce of ['browser-1', 'browser-2']) {
      const before = await controlServer<Stats>(SERVER, 'stats')
      await controlServer(SERVER, 'dpop', { rsNonce: nonce })
      expect(JSON.stringify(await client.callTool('whoami', {}))).to.include('signed in')
      const after = await controlServer<Stats>(SERVER, 'stats')
      expect(after.dpop.nonceChallenges - before.dpop.nonceChallenges, 'one use_dpop_nonce, then the retry with the nonce').to.equal(1)
      expect(after.tokenRequests.length, 'retried with the nonce, not cured by a refresh').to.equal(before.tokenRequests.length)
      expect(after.dpop.refusals.slice(before.dpop.refusals.length)).to.deep.equal([])
    }
    client.close()
  })

  it('sign-out removes the key pair from IndexedDB', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const server = await signedIn(testProvider(url, database))
    expect(holdsKey(await records()), 'a key is kept while signed in').to.equal(true)
    const out = nextEvent(server, 'mcp-signed-out')
    ;(await present(server, 'sign-out', 'the Sign out button')).click()
    await out
    expect(holdsKey(await records()), 'no key is left after signing out').to.equal(false)
  })

  it('the connection doctor: a server whose preflight does not allow the DPoP header is named, the fix lists DPoP and DPoP-Nonce', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const server = await signInWhere({ allowProof: false })
    const failure = await present(server, 'failure', 'why the requests with the token fail')
    expect(failure.textContent).to.include('does not allow the request header DPoP')
    const fix = (await present(server, 'fix', 'the fix')).textContent!.replace(/\s+/g, ' ')
    expect(fix).to.match(/Access-Control-Allow-Headers: [^.]*\bDPoP\b/)
    expect(fix).to.include('Access-Control-Expose-Headers: WWW-Authenticate, DPoP-Nonce')
  })

  it('the connection doctor: an authorization server whose preflight does not allow the DPoP header is named when signing in', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const server = await signInWhere({ asAllowProof: false })
    const error = await present(server, 'sign-in-error', 'why the sign-in failed')
    expect(error.textContent).to.include('does not allow the DPoP header')
    expect((await present(server, 'fix', 'the fix')).textContent!.replace(/\s+/g, ' ')).to.include(
      'Access-Control-Allow-Headers: DPoP and Access-Control-Expose-Headers: DPoP-Nonce',
    )
  })

  it('a nonce the page cannot read (DPoP-Nonce not exposed) fails with DpopNonceNotExposedError and its fix, never a loop', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const auth = testProvider(url, database)
    const server = await signedIn(auth)
    server.remove() // its listen stream would meet the nonce too
    await controlServer(SERVER, 'dpop', { rsNonce: 'unreadable', exposeNonce: false })
    const before = await dpopStats()
    const client = new McpClient(url, { auth })
    let error: any
    try {
      await client.callTool('whoami', {})
    } catch (e) {
      error = e
    }
    client.close()
    expect(error?.name, String(error)).to.equal('DpopNonceNotExposedError')
    expect(error.fix).to.equal('Access-Control-Expose-Headers: WWW-Authenticate, DPoP-Nonce')
    // No retry without the nonce; the client may send a request that met a connection problem once more, never in a loop.
    expect((await dpopStats()).nonceChallenges - before.nonceChallenges).to.be.within(1, 2)
  })

  it('require DPoP: a server whose authorization server offers none is refused, and <mcp-server> says why', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const plain = await serverUrl('auth')
    await clearDefaultAuthStore() // the attributes' sign-in keeps its tokens there
    const tokenRequests = (await controlServer<Stats>('auth', 'stats')).tokenRequests.length
    const server = await fixture<McpServerElement>(
      html`<mcp-server .url=${plain} .auth=${testProvider(plain, database, { requireDpop: true })}><mcp-tool-list></mcp-tool-list></mcp-server>`,
    )
    await click(await present(server, 'sign-in-button', 'the Sign in button'))
    const error = await present(server, 'sign-in-error', 'why the sign-in failed')
    expect(error.textContent).to.match(/does not offer DPoP-bound tokens \(its metadata lists no dpop_signing_alg_values_supported\), and this page requires them/)
    expect((await controlServer<Stats>('auth', 'stats')).tokenRequests.length, 'refused before any token request').to.equal(tokenRequests)

    // The same from the attributes alone, as a page with only the CDN file signs in.
    const fromAttributes = await fixture<McpServerElement>(
      html`<mcp-server url=${plain} redirect-uri="/test/support/auth-callback.html" client-id=${CLIENT_ID} require-dpop></mcp-server>`,
    )
    await click(await present(fromAttributes, 'sign-in-button', 'the Sign in button of <mcp-server require-dpop>'))
    const said = await present(fromAttributes, 'sign-in-error', 'why the sign-in from the attributes failed')
    expect(said.textContent).to.include('does not offer DPoP-bound tokens')
    expect(await new IdbAuthStore(database).get(`session ${plain}`)).to.equal(undefined)
  })
})
