// Mcp-Param-* headers cross origins: the page and the MCP server (test/support/servers/param-cors.ts, the official SDK
// behind a CORS policy that names the headers it allows) are on different origins, so the browser asks the server
// first (a CORS preflight) whether it may send them, and sends the call only when the answer lists them.
import { assert, expect } from '@open-wc/testing'
import { HeaderNotAllowedError, McpClient, StreamError, type CallToolResult } from '../../src/client/index.js'
import { controlServer, serverStats, serverUrl } from '../support/browser.js'

const SERVER = 'param-cors'
const text = (r: CallToolResult) => r.content.map((b) => (b.type === 'text' ? b.text : '')).join('')

describe('Mcp-Param-* headers across origins (CORS preflight)', () => {
  let url: string
  before(async () => {
    url = await serverUrl(SERVER)
    expect(new URL(url).origin).not.to.equal(location.origin)
  })
  afterEach(() => controlServer(SERVER, 'reset'))

  it('the preflight asks for the tool’s Mcp-Param-* headers; allowed, the call carries them (non-ASCII encoded) and the server accepts them', async () => {
    const client = new McpClient(url)
    const from = (await serverStats(SERVER)).requests.length
    const result = await client.callTool('deploy', { region: 'Zürich', tenant: { id: 'acme' } })
    // The official server compares each header with the argument it mirrors (-32020 on a mismatch): it saw both right.
    expect(text(result)).to.equal('deployed for acme in Zürich')
    const requests = (await serverStats(SERVER)).requests.slice(from)
    const callAt = requests.findIndex((r) => r.body?.method === 'tools/call')
    const preflight = requests
      .slice(0, callAt)
      .filter((r) => r.method === 'OPTIONS')
      .at(-1)
    assert.exists(preflight, 'a preflight before the call')
    expect(preflight!.headers['origin']).to.equal(location.origin)
    expect(preflight!.headers['access-control-request-method']).to.equal('POST')
    expect(preflight!.headers['access-control-request-headers'].split(',')).to.include.members(['mcp-param-region', 'mcp-param-tenant'])
    const call = requests[callAt]
    expect(call.headers['mcp-param-tenant']).to.equal('acme')
    expect(call.headers['mcp-param-region']).to.equal(`=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode('Zürich')))}?=`)
  })

  it('a server whose CORS does not allow one of them never receives the call: the browser stops it at the preflight', async () => {
    const client = new McpClient(url)
    await client.listTools() // no Mcp-Param-* headers: allowed as before
    await controlServer(SERVER, 'allow', ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-param-tenant'])
    const from = (await serverStats(SERVER)).requests.length
    const error = await client.callTool('deploy', { region: 'eu-west', tenant: { id: 'acme' } }).then(
      () => undefined,
      (e: unknown) => e,
    )
    // The connection doctor's probes found which header (test/browser/connection-doctor.test.ts).
    expect(error).to.be.instanceOf(HeaderNotAllowedError)
    expect((error as HeaderNotAllowedError).header).to.equal('Mcp-Param-Region')
    expect((error as StreamError).idempotent, 'stopped at the preflight, the call never ran: retrying is safe').to.equal(true)
    const requests = (await serverStats(SERVER)).requests.slice(from)
    expect(requests[0].method).to.equal('OPTIONS')
    expect(requests[0].headers['access-control-request-headers'].split(',')).to.include('mcp-param-region')
    // The probes carry no body: the call itself never reached the server.
    expect(requests.filter((r) => r.body !== undefined)).to.deep.equal([])
  })
})
