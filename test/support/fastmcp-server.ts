// A real FastMCP 4.x server (the `fastmcp` npm package), as deployed servers
// run it: FastMCP serves through mcp-proxy, whose Streamable HTTP endpoint
// (/mcp) answers a 2026-07-28 request with HTTP 400 and a JSON-RPC -32000
// tied to the request ("built by the 1.x MCP SDK"), and which also serves the
// deprecated HTTP+SSE transport at /sse. One tool, one resource, one prompt.
import { FastMCP } from 'fastmcp'
import { z } from 'zod'
import { freePort } from './free-port.js'

export const FASTMCP_SERVER_INFO = { name: 'fastmcp-fixture', version: '4.0.0' } as const
export const FASTMCP_NOTE_URI = 'note://fastmcp'

export interface FastMcpServer {
  /** The Streamable HTTP endpoint. */
  url: string
  /** The HTTP+SSE endpoint (2024-11-05) of the same server. */
  sseUrl: string
  close(): Promise<void>
}

const silent = { debug() {}, error() {}, info() {}, log() {}, warn() {} }

export async function startFastMcpServer(): Promise<FastMcpServer> {
  // No keep-alive pings: FastMCP 4.20 leaves an SSE session's ping timer running after its client has gone (and after
  // stop()), so the test process would never exit.
  const server = new FastMCP({ ...FASTMCP_SERVER_INFO, logger: silent, health: { enabled: false }, ping: { enabled: false } })
  server.addTool({
    name: 'add',
    description: 'Adds two numbers',
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => String(a + b),
  })
  server.addResource({ uri: FASTMCP_NOTE_URI, name: 'Note', mimeType: 'text/plain', load: async () => ({ text: 'a fastmcp note' }) })
  server.addPrompt({
    name: 'greet',
    description: 'Greets',
    arguments: [{ name: 'name', description: 'Who', required: true }],
    load: async ({ name }) => `Hello ${name}`,
  })
  // Another process may take the port between the probe and the start: try again with another.
  for (let attempt = 0; ; attempt++) {
    const port = await freePort()
    try {
      await server.start({ transportType: 'httpStream', httpStream: { port, host: '127.0.0.1', endpoint: '/mcp' } })
      return { url: `http://127.0.0.1:${port}/mcp`, sseUrl: `http://127.0.0.1:${port}/sse`, close: () => server.stop() }
    } catch (error) {
      if (attempt >= 2 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    }
  }
}
