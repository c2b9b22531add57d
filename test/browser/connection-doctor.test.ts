// The connection doctor: when the browser hides why a server cannot be reached ("TypeError: Failed to fetch"), the
// client finds out with a few probes and says it with a typed error naming what the server must send. Each case
// runs against a server misconfigured in exactly that way (test/support/servers/miscors.ts), cross-origin, in
// real Chromium.
import { expect, fixture, html } from '@open-wc/testing'
import {
  AuthServerCorsError,
  ChallengeNotExposedError,
  ConnectionProblemError,
  CorsHeadersMissingError,
  HeaderNotAllowedError,
  McpClient,
  ServerUnreachableError,
  SessionIdNotExposedError,
} from '../../src/client/index.js'
import { OAuthProvider } from '../../src/auth/index.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.component.js'
import '../../components/mcp-server/mcp-server.js'
import { controlServer, eventually, serverStats, serverUrl } from '../support/browser.js'

const SERVER = 'miscors'
/** The most requests the doctor may add to a failure (its probe budget). */
const PROBE_BUDGET = 6

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a failure'),
    (e: unknown) => e as Error,
  )
const mode = (name: string, refuse?: string[]) => controlServer(SERVER, 'mode', { mode: name, refuse })
const requestCount = async () => (await serverStats(SERVER)).requests.length

describe('the connection doctor', () => {
  let url: string
  before(async () => {
    url = await serverUrl(SERVER)
    expect(new URL(url).origin).not.to.equal(location.origin)
  })
  afterEach(async () => {
    await mode('ok')
  })

  it('nothing answers: ServerUnreachableError', async () => {
    const { url: dead } = await controlServer<{ url: string }>(SERVER, 'dead')
    const error = await failure(new McpClient(dead, { cache: false }).listTools())
    expect(error).to.be.instanceOf(ServerUnreachableError)
    expect(error).to.be.instanceOf(ConnectionProblemError)
    expect(error.message).to.include(dead)
    expect((error as ServerUnreachableError).idempotent, 'tools/list is safe to retry').to.equal(true)
  })

  it('the server answers without CORS headers: CorsHeadersMissingError naming Access-Control-Allow-Origin', async () => {
    await mode('no-cors')
    const from = await requestCount()
    const error = await failure(new McpClient(url, { cache: false }).listTools())
    expect(error).to.be.instanceOf(CorsHeadersMissingError)
    expect((error as CorsHeadersMissingError).fix).to.equal(`Access-Control-Allow-Origin: ${location.origin}`)
    expect(error.message).to.include('Access-Control-Allow-Origin')
    // The preflight, then at most the budget of probes.
    expect((await requestCount()) - from).to.be.within(2, 1 + PROBE_BUDGET)
  })

  for (const [refused, shown] of [
    ['mcp-param-region', 'Mcp-Param-Region'],
    ['mcp-protocol-version', 'MCP-Protocol-Version'],
    ['mcp-method', 'Mcp-Method'],
    ['authorization', 'Authorization'],
  ]) {
    it(`the preflight refuses ${shown}: HeaderNotAllowedError names it, within the probe budget`, async () => {
      const client = new McpClient(url, { cache: false, headers: { authorization: 'Bearer a-token' } })
      await client.listTools() // allowed: the tool index knows deploy's x-mcp-header paths
      await mode('refuse', [refused])
      const from = await requestCount()
      const error = await failure(client.callTool('deploy', { region: 'eu-west', tenant: { id: 'acme' } }))
      expect(error).to.be.instanceOf(HeaderNotAllowedError)
      expect((error as HeaderNotAllowedError).header).to.equal(shown)
      expect((error as HeaderNotAllowedError).fix).to.match(/^Access-Control-Allow-Headers: /)
      expect((error as HeaderNotAllowedError).fix).to.include(shown)
      expect(error.message).to.include(shown)
      // Refused at the preflight: the call never reached the server, so retrying is safe.
      expect((error as HeaderNotAllowedError).idempotent).to.equal(true)
      const requests = (await serverStats(SERVER)).requests.slice(from)
      expect(requests.length, 'the failed preflight and the probes').to.be.within(2, 1 + 2 * PROBE_BUDGET)
      // No probe carried the call, nor the page's token.
      expect(requests.filter((r) => r.body?.method === 'tools/call')).to.deep.equal([])
      expect(requests.filter((r) => r.headers['authorization'] === 'Bearer a-token')).to.deep.equal([])
    })
  }

  // A hand-written allow-list, fixed by copying the doctor's line: a line naming only the failed request's headers was
  // refused again at the next request (a call's Mcp-Name, a legacy fallback's session), and could drop a header.
  for (const start of [['content-type'], ['content-type', 'mcp-protocol-version'], ['content-type', 'mcp-method', 'mcp-protocol-version']]) {
    it(`the fix is complete: from only ${start.join(', ')} allowed, allowing what it names lists and calls tools`, async () => {
      const allow = (headers: string[]) => controlServer(SERVER, 'mode', { mode: 'allow', allow: headers.map((h) => h.toLowerCase()) })
      const namedBy = (error: Error) => {
        expect(error).to.be.instanceOf(HeaderNotAllowedError)
        const fix = (error as HeaderNotAllowedError).fix!
        expect(fix).to.match(/^Access-Control-Allow-Headers: [\w-]+(, [\w-]+)*$/)
        return fix.slice('Access-Control-Allow-Headers: '.length).split(', ')
      }
      const connect = () => new McpClient(url, { cache: false, headers: { authorization: 'Bearer a-token' } })
      await allow(start)
      const before = connect()
      const first = namedBy(await failure(before.listTools().then(() => before.callTool('echo', { text: 'refused' }))))
      before.close()
      await allow(first)
      const client = connect()
      try {
        expect((await client.listTools()).map((t) => t.name)).to.include('echo')
        expect(client.protocolVersion, 'the 2026-07-28 era, not a fallback').to.equal('2026-07-28')
        expect(JSON.stringify((await client.callTool('echo', { text: 'allowed' })).content)).to.include('allowed')
        // A tool's own Mcp-Param-… headers are known only at its call: that fix adds them and drops nothing.
        const args = { region: 'eu-west', tenant: { id: 'acme' } }
        const more = namedBy(await failure(client.callTool('deploy', args)))
        expect(more).to.include.members([...first, 'Mcp-Param-Region', 'Mcp-Param-Tenant'])
        await allow(more)
        expect(JSON.stringify((await client.callTool('deploy', args)).content)).to.include('deployed for acme in eu-west')
      } finally {
        client.close()
      }
    })
  }

  it('a failure heard again (a listen retrying) reuses the diagnosis: no new probes', async () => {
    await mode('no-cors')
    const client = new McpClient(url, { cache: false })
    await failure(client.listTools())
    const from = await requestCount()
    const again = await failure(client.listTools())
    expect(again).to.be.instanceOf(CorsHeadersMissingError)
    expect((await requestCount()) - from, 'only the request itself (its preflight)').to.equal(1)
  })

  it('a legacy server that does not expose Mcp-Session-Id: SessionIdNotExposedError', async () => {
    await mode('legacy-hidden-session')
    const error = await failure(new McpClient(url, { cache: false }).listTools())
    expect(error).to.be.instanceOf(SessionIdNotExposedError)
    expect((error as SessionIdNotExposedError).fix).to.equal('Access-Control-Expose-Headers: Mcp-Session-Id')
  })

  it('a 401 whose WWW-Authenticate is not exposed: ChallengeNotExposedError (sign-in cannot find its server)', async () => {
    await mode('hidden-challenge')
    let asked = false
    const auth = new OAuthProvider(url, {
      client: { client_id: 'doctor' },
      redirectUri: `${location.origin}/callback`,
      authorize: async () => ((asked = true), 'never'),
    })
    const error = await failure(new McpClient(url, { cache: false, auth }).listTools())
    expect(error).to.be.instanceOf(ChallengeNotExposedError)
    expect((error as ChallengeNotExposedError).fix).to.equal('Access-Control-Expose-Headers: WWW-Authenticate')
    expect(asked, 'no sign-in page').to.equal(false)
  })

  it('an authorization server whose metadata has no CORS: AuthServerCorsError', async () => {
    await mode('as-no-cors')
    const auth = new OAuthProvider(url, {
      client: { client_id: 'doctor' },
      redirectUri: `${location.origin}/callback`,
      authorize: async () => 'never',
    })
    const error = await failure(new McpClient(url, { cache: false, auth }).listTools())
    expect(error).to.be.instanceOf(AuthServerCorsError)
    expect((error as AuthServerCorsError).fix).to.equal(`Access-Control-Allow-Origin: ${location.origin}`)
    expect(error.message).to.include(`${new URL(url).origin}/.well-known/oauth-authorization-server/as`)
  })

  it('an authorization server whose token endpoint has no CORS: AuthServerCorsError', async () => {
    await mode('token-no-cors')
    const auth = new OAuthProvider(url, {
      client: { client_id: 'doctor' },
      redirectUri: `${location.origin}/callback`,
      // The user signs in at once: the authorization server sends them back with a code.
      authorize: async ({ redirectUri, state }) => `${redirectUri}?code=a-code&state=${encodeURIComponent(state)}`,
    })
    const error = await failure(new McpClient(url, { cache: false, auth }).listTools())
    expect(error).to.be.instanceOf(AuthServerCorsError)
    expect((error as AuthServerCorsError).endpoint).to.equal('token endpoint')
    expect(error.message).to.include(`${new URL(url).origin}/as/token`)
  })

  it('<mcp-server> says what is wrong, the header to send, and links the README table', async () => {
    // MCP-Protocol-Version: refused in both eras (a refused Mcp-Method alone sends the client to the legacy era).
    await mode('refuse', ['mcp-protocol-version'])
    const el = await fixture<McpServerElement>(html`<mcp-server .url=${url}></mcp-server>`)
    await eventually(() => el.connection?.status === 'error', 'the failure', 10_000)
    // The words of a failure load with the first one (a chunk of their own).
    await eventually(() => !!el.shadowRoot!.querySelector('[part~="fix"]'), 'the fix', 5_000)
    const error = el.shadowRoot!.querySelector('[part~="error"]')!
    expect(error.textContent).to.include('MCP-Protocol-Version')
    const fix = el.shadowRoot!.querySelector('[part~="fix"]')!
    expect(fix.textContent).to.include('Access-Control-Allow-Headers:')
    const link = fix.querySelector('a')!
    expect(link.href).to.match(/#connection-problems$/)
  })
})
