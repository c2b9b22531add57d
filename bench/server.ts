// The one server all contenders are timed against: the official
// @modelcontextprotocol/server 2.4 (revision 2026-07-28, stateless, one
// `echo` tool) behind test/support/http-adapter.ts's serveFetch. Unlike
// test/support/fixture-server.ts it records nothing and registers one tool,
// so per-request server work is as small as the SDK allows.
//
// Two baselines run beside it so the cost of each layer can be read off:
// `raw` answers a canned JSON-RPC result straight from node:http, and
// `adapter` answers the same canned result through serveFetch. The
// difference between them is what the adapter costs per request.
//
// It runs in a child process (startServerWorker): the server gets its own
// event loop, heap and CPU account, so its work lands neither in the client's
// timings nor in the client process's CPU time.
import { createServer } from 'node:http'
import { fork } from 'node:child_process'
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { listenLoopback, serveFetch, type ServedHandle } from '../test/support/http-adapter.js'

export interface BenchServerUrls {
  /** The MCP endpoint (official SDK server, echo tool). */
  mcp: string
  /** A canned tools/call result through serveFetch (no SDK). */
  adapter: string
  /** The same canned result from bare node:http (no adapter, no SDK). */
  raw: string
}

export const SERVER_INFO = { name: 'bench-server', version: '1.0.0' }

/** Byte for byte what the SDK server answers to tools/call echo {text:'hi'} (with the request's id). */
export function echoResponse(id: unknown): string {
  return JSON.stringify({
    result: {
      content: [{ type: 'text', text: 'hi' }],
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    },
    jsonrpc: '2.0',
    id,
  })
}
/** The id of a JSON-RPC request body, so a canned answer still matches its request. */
function idOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString()).id ?? null
  } catch {
    return null
  }
}

function makeServer(): McpServer {
  const mcp = new McpServer(SERVER_INFO)
  mcp.registerTool('echo', { description: 'Returns its input text.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }))
  return mcp
}

async function startServers(): Promise<{ urls: BenchServerUrls; close(): Promise<void> }> {
  // 'auto': JSON unless the handler emits something before its result (echo never does), SSE for listen.
  const handler = createMcpHandler(makeServer, { responseMode: 'auto', legacy: 'reject', keepAliveMs: 0 })
  const mcp = await serveFetch(handler.fetch)
  const canned = async (request: Request) =>
    new Response(echoResponse(idOf(Buffer.from(await request.arrayBuffer()))), { headers: { 'content-type': 'application/json' } })
  const adapter = await serveFetch(canned)
  const raw: ServedHandle = await listenLoopback(
    createServer({ noDelay: true }, (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(echoResponse(idOf(Buffer.concat(chunks)))))
    }),
  )
  return {
    urls: { mcp: mcp.url, adapter: adapter.url, raw: raw.url },
    async close() {
      await handler.close()
      await Promise.all([mcp.close(), adapter.close(), raw.close()])
    },
  }
}

/** Starts the servers in a worker thread; `close()` shuts them down and ends the worker. */
export async function startServerWorker(): Promise<{ urls: BenchServerUrls; close(): Promise<void> }> {
  // A child process, not a worker thread: process.cpuUsage() in the bench then counts the client's CPU alone.
  const child = fork(new URL('./server-worker.mjs', import.meta.url), [], { env: { ...process.env, BENCH_SERVER_CHILD: '1' }, stdio: 'inherit' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const urls = await new Promise<BenchServerUrls>((resolve, reject) => {
    child.once('message', (m) => resolve(m as BenchServerUrls))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`bench server process exited early (${code})`)))
  })
  return {
    urls,
    async close() {
      child.send('close')
      // Bounded: a server that will not close is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), 2_000)
      await exited
      clearTimeout(timer)
    },
  }
}

if (process.env.BENCH_SERVER_CHILD && process.send) {
  const servers = await startServers()
  process.once('message', async () => {
    await servers.close()
    process.disconnect()
  })
  process.send(servers.urls)
}
