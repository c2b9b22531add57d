// The three ways of calling the echo tool that are timed against each other,
// and the fetch recorder that counts and inspects what each one sends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { McpClient } from '../src/client/index.js'

export const PROTOCOL_VERSION = '2026-07-28'
const CLIENT_INFO = { name: 'bench', version: '1.0.0' }

/** One way of making an echo call; `call()` throws unless the server echoed. */
export interface Contender {
  name: string
  call(): Promise<void>
  close(): Promise<void>
}

/** One HTTP request as a fetch wrapper saw it. */
export interface SeenRequest {
  /** JSON-RPC method of a POST, else the HTTP method. */
  method: string
  headers: Record<string, string>
  bodyBytes: number
}

/**
 * Wraps fetch to count requests and to keep the first few of them. The same
 * wrapper sits under every contender, and past the first few it only counts,
 * so it adds nothing measurable to a timed loop.
 */
export class FetchRecorder {
  count = 0
  seen: SeenRequest[] = []
  readonly fetch: typeof fetch

  constructor(
    inner: typeof fetch = globalThis.fetch,
    readonly keep = 8,
  ) {
    this.fetch = (input, init) => {
      if (this.count++ < this.keep) this.seen.push(see(init))
      return inner(input, init)
    }
  }

  reset(): void {
    this.count = 0
    this.seen = []
  }
}

function see(init: RequestInit | undefined): SeenRequest {
  const body = typeof init?.body === 'string' ? init.body : ''
  let method = init?.method ?? 'GET'
  try {
    method = JSON.parse(body).method ?? method
  } catch {
    // Not JSON: the method is the HTTP one.
  }
  return { method, headers: Object.fromEntries(new Headers(init?.headers)), bodyBytes: Buffer.byteLength(body) }
}

function expectEcho(result: unknown): void {
  const content = (result as { content?: { type: string; text?: string }[] } | undefined)?.content
  if (content?.[0]?.text !== 'hi') throw new Error(`echo did not echo: ${JSON.stringify(result)}`)
}

/**
 * McpClient as users run it: esbuild's bundle of `entry` (the npm build's client.js in `npm run bench`; src/client by
 * default), loaded from a temporary folder. Timing the source through tsx would add tsx's own work (it keeps function
 * names: a defineProperty per closure made, every call), which no user's build has; the official client is timed as
 * shipped JavaScript too.
 */
export async function bundledMcpClient(entry = new URL('../src/client/index.ts', import.meta.url).pathname): Promise<typeof McpClient> {
  const out = mkdtempSync(join(tmpdir(), 'mcp-bench-client-'))
  // Its lazy chunks (the call code, the SSE parser, the validator) load on first use, during the runs: the folder
  // stays until the process ends.
  process.once('exit', () => rmSync(out, { recursive: true, force: true }))
  {
    await esbuild.build({
      entryPoints: { index: entry },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      splitting: true,
      outdir: out,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    })
    const bundled = (await import(pathToFileURL(join(out, 'index.mjs')).href)) as typeof import('../src/client/index.js')
    // Its lazy chunk (the validator) is loaded now, outside the timed runs.
    await bundled.validateAgainstSchema({ type: 'object' }, {})
    return bundled.McpClient
  }
}

/** mcp-elements' client, tools listed once first (it needs their schemas to validate and mirror headers). */
export async function ours(url: string, fetch: typeof globalThis.fetch, Client: typeof McpClient = McpClient): Promise<Contender> {
  const client = new Client(url, { clientInfo: CLIENT_INFO, fetch })
  await client.listTools()
  return {
    name: 'ours (mcp-elements)',
    call: async () => expectEcho(await client.callTool('echo', { text: 'hi' })),
    close: async () => client.close(),
  }
}

/**
 * The official client in its 2026-07-28 mode: versionNegotiation pinned, so
 * connect() is one server/discover and every request carries the per-request
 * _meta. Tools are listed once first, as a real app (and ours) does.
 */
export async function official(url: string, fetch: typeof globalThis.fetch): Promise<Contender> {
  const client = new Client(CLIENT_INFO, { versionNegotiation: { mode: { pin: PROTOCOL_VERSION } } })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch }))
  await client.listTools()
  return {
    name: 'official @modelcontextprotocol/client',
    call: async () => expectEcho(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })),
    close: () => client.close(),
  }
}

/**
 * The floor: a hand-written fetch posting the same JSON-RPC request with the
 * same required headers and _meta as a 2026-07-28 client, then parsing the
 * JSON (or SSE) response and checking its id.
 */
export function fetchLoop(url: string, fetch: typeof globalThis.fetch): Contender {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    'mcp-method': 'tools/call',
    'mcp-name': 'echo',
  }
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': {},
  }
  let nextId = 0
  return {
    name: 'hand-written fetch loop',
    async call() {
      const id = ++nextId
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' }, _meta } })
      const res = await fetch(url, { method: 'POST', headers, body })
      const sse = res.headers.get('content-type')?.startsWith('text/event-stream')
      const message = sse ? fromSse(await res.text(), id) : await res.json()
      if (message?.id !== id) throw new Error(`response id ${message?.id} is not ${id}`)
      expectEcho(message.result)
    },
    close: async () => {},
  }
}

/**
 * The fetch loop as any client that can cancel and time out must run it: a new AbortSignal on every request, with a
 * timer that would abort it. Against the plain loop, it shows what cancelling costs before any client's own work.
 */
export function cancellableFetchLoop(url: string, fetch: typeof globalThis.fetch): Contender {
  let signal: AbortSignal | undefined
  const loop = fetchLoop(url, (input, init) => fetch(input, { ...init, signal }))
  return {
    name: 'fetch loop with a signal and a timeout',
    async call() {
      const controller = new AbortController()
      signal = controller.signal
      const timer = setTimeout(() => controller.abort(), 60_000)
      try {
        await loop.call()
      } finally {
        clearTimeout(timer)
      }
    },
    close: loop.close,
  }
}

/** The JSON-RPC response with `id` among the `data:` events of an SSE body. */
function fromSse(text: string, id: number): any {
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n')
    if (!data) continue
    const message = JSON.parse(data)
    if (message.id === id) return message
  }
  return undefined
}

/** A bare POST whose response is read as text: the HTTP round trip with no MCP work on either side. */
export function bareRoundTrip(name: string, url: string): Contender {
  return {
    name,
    async call() {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      await res.text()
    },
    close: async () => {},
  }
}

/**
 * Sends tools/call to `target` (the bare node:http echo server) and every
 * other request where it was going: timing the contenders through it takes
 * the SDK server's and the adapter's cost out of the comparison.
 */
export function routeToolsCall(target: string, inner: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => inner(new Headers(init?.headers).get('mcp-method') === 'tools/call' ? target : input, init)
}
