// A legacy (SDK v1, sessions) server whose CORS allow-list predates 2026-07-28: its preflight allows what a legacy
// client sends, but not Mcp-Method or Mcp-Name. The browser refuses the first modern request before it is sent, so
// the server never gets to say "legacy": the client must try `initialize` once, from the URL alone (issue 19).
import { expect } from '@open-wc/testing'
import { HeaderNotAllowedError, McpClient } from '../../src/client/index.js'
import { controlServer, serverStats, serverUrl } from '../support/browser.js'

const SERVER = 'miscors'
const mode = (name: string, refuse?: string[]) => controlServer(SERVER, 'mode', { mode: name, refuse })

describe('a legacy server whose preflight does not allow the 2026-07-28 headers', () => {
  afterEach(async () => {
    await mode('ok')
  })

  it('is reached over the legacy era: tools listed, a tool called', async () => {
    const url = await serverUrl(SERVER)
    await mode('legacy', ['mcp-method', 'mcp-name'])
    const client = new McpClient(url, { cache: false })
    try {
      const tools = (await client.listTools()).map((t) => t.name)
      expect(tools).to.include('echo')
      expect(client.protocolVersion).to.equal('2025-11-25')
      const result = await client.callTool('echo', { text: 'through a legacy preflight' })
      expect(JSON.stringify(result.content)).to.include('through a legacy preflight')
      const { requests } = await serverStats(SERVER)
      expect(requests.some((r: any) => r.body?.method === 'initialize'), 'an initialize was sent').to.equal(true)
    } finally {
      client.close()
    }
  })

  it('a server of both eras (the official SDK v2) whose preflight refuses Mcp-Method is reached over 2025-11-25, as the official clients reach it', async () => {
    const url = await serverUrl(SERVER)
    await mode('refuse', ['mcp-method'])
    const client = new McpClient(url, { cache: false })
    try {
      expect((await client.listTools()).map((t) => t.name)).to.include('deploy')
      expect(client.protocolVersion).to.equal('2025-11-25')
    } finally {
      client.close()
    }
  })

  it('when initialize is refused too, the first error stands: HeaderNotAllowedError naming Mcp-Method', async () => {
    const url = await serverUrl(SERVER)
    // The legacy initialize sends MCP-Protocol-Version: refused, so the legacy try fails.
    await mode('refuse', ['mcp-method', 'mcp-protocol-version'])
    const client = new McpClient(url, { cache: false })
    try {
      const error = await client.listTools().then(
        () => expect.fail('expected a failure'),
        (e: unknown) => e as Error,
      )
      expect(error).to.be.instanceOf(HeaderNotAllowedError)
      expect((error as HeaderNotAllowedError).header).to.equal('Mcp-Method')
    } finally {
      client.close()
    }
  })
})
