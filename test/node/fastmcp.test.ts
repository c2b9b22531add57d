// A FastMCP 4.x server (the `fastmcp` npm package, served through mcp-proxy), reached from its URL alone: its
// Streamable HTTP endpoint turns a 2026-07-28 request away with HTTP 400 and a JSON-RPC -32000 tied to the request,
// which says "legacy server", not "modern server that refused" (issue 19).
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, MemoryCache } from '../../src/client/index.js'
import { FASTMCP_NOTE_URI, FASTMCP_SERVER_INFO, startFastMcpServer, type FastMcpServer } from '../support/fastmcp-server.js'

const BOUND = { timeout: 20_000 }
const text = (result: { content?: unknown[] }) => (result.content?.[0] as { text?: string } | undefined)?.text

describe('FastMCP 4.x server', () => {
  let server: FastMcpServer
  before(async () => (server = await startFastMcpServer()))
  after(() => server.close())

  for (const transport of ['Streamable HTTP', 'HTTP+SSE'] as const) {
    test(`${transport}: tools, a call, a resource and a prompt from the URL alone`, BOUND, async () => {
      const client = new McpClient(transport === 'HTTP+SSE' ? server.sseUrl : server.url)
      try {
        assert.deepEqual((await client.listTools()).map((t) => t.name), ['add'])
        assert.equal(text(await client.callTool('add', { a: 2, b: 3 })), '5')
        const read = await client.readResource(FASTMCP_NOTE_URI)
        assert.equal((read.contents[0] as { text: string }).text, 'a fastmcp note')
        const prompt = await client.getPrompt('greet', { name: 'Ada' })
        assert.equal((prompt.messages[0].content as { text: string }).text, 'Hello Ada')
        assert.equal(client.protocolVersion, '2025-11-25')
        const found = await client.discover()
        assert.deepEqual(found._meta?.['io.modelcontextprotocol/serverInfo'], FASTMCP_SERVER_INFO)
      } finally {
        client.close()
      }
    })
  }

  test('the legacy outcome is remembered per URL: a second client sends initialize first', BOUND, async () => {
    const cache = new MemoryCache()
    const first = new McpClient(server.url, { cache })
    await first.listTools()
    first.close()
    const methods: string[] = []
    const watching: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && typeof init.body === 'string') methods.push(JSON.parse(init.body).method)
      return fetch(input, init)
    }
    const second = new McpClient(server.url, { cache, fetch: watching })
    try {
      await second.callTool('add', { a: 1, b: 1 })
      assert.equal(methods[0], 'initialize', methods.join())
    } finally {
      second.close()
    }
  })
})
