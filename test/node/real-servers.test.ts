// Interop with real servers no one here wrote (issue 19), from the URL alone, beside the official clients:
// server-everything (its own Streamable HTTP and HTTP+SSE modes); mcp-proxy 6.7 (its CLI) in front of the stdio
// servers server-memory, server-filesystem, server-sequential-thinking and server-everything, on both of its
// endpoints; and @playwright/mcp. For each, the official v1 client (@modelcontextprotocol/sdk) and v2 client
// (@modelcontextprotocol/client) list tools, call a harmless tool, list and read a resource, list and get a prompt
// (where the server has them); McpClient, given only the URL, must see the same names and the same content.
// FastMCP 4.x is covered in fastmcp.test.ts.
import { test, describe, before, after, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as StreamableV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SSEClientTransport as SseV1 } from '@modelcontextprotocol/sdk/client/sse.js'
import { Client as ClientV2, StreamableHTTPClientTransport as StreamableV2, SSEClientTransport as SseV2 } from '@modelcontextprotocol/client'
import { McpClient } from '../../src/client/index.js'
import { binOf, startBehindMcpProxy, startNodeServer, type RealServer } from '../support/real-servers.js'
import { headlessPath } from '../support/chromium.mjs'

const BOUND = { timeout: 60_000 }
// Chromium's headless shell when installed (the same engine without the browser around the page: the full browser's
// process alone used about 12 s of CPU here for a tab list), else the browser.
const CHROMIUM = headlessPath

type Transport = 'Streamable HTTP' | 'HTTP+SSE'

interface Checks {
  tool: { name: string; arguments: Record<string, unknown> }
  /** Read the first listed resource. */
  resources?: boolean
  prompt?: { name: string; arguments?: Record<string, string> }
  /** Drops what legitimately differs between two calls (a server-wide counter), before comparing. */
  normalizeCall?: (content: unknown[]) => unknown
}

/** What a user of a client sees of a server: the names it lists and the content it returns. */
interface Observation {
  tools: string[]
  call: unknown
  callFailed: boolean
  resources?: string[]
  read?: unknown
  prompts?: string[]
  prompt?: unknown
}

/** The surface the v1 and v2 official clients share. */
interface OfficialClient {
  listTools(params?: { cursor?: string }): Promise<{ tools: Array<{ name: string }>; nextCursor?: string }>
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<{ content?: unknown; isError?: boolean }>
  listResources(params?: { cursor?: string }): Promise<{ resources: Array<{ uri: string }>; nextCursor?: string }>
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>
  listPrompts(params?: { cursor?: string }): Promise<{ prompts: Array<{ name: string }>; nextCursor?: string }>
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{ messages: unknown[] }>
  close(): Promise<void>
}

/** Every page of a listing: the official clients hand back one page at a time; McpClient returns them all. */
async function allPages<T>(page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = []
  let cursor: string | undefined
  do {
    const answer = await page(cursor)
    items.push(...answer.items)
    cursor = answer.nextCursor
  } while (cursor)
  return items
}

async function observeOfficial(client: OfficialClient, checks: Checks): Promise<Observation> {
  const normalize = checks.normalizeCall ?? ((content) => content)
  const tools = await allPages(async (cursor) => {
    const r = await client.listTools(cursor ? { cursor } : undefined)
    return { items: r.tools.map((t) => t.name), nextCursor: r.nextCursor }
  })
  const called = await client.callTool({ name: checks.tool.name, arguments: checks.tool.arguments })
  const seen: Observation = { tools, call: normalize(called.content as unknown[]), callFailed: called.isError ?? false }
  if (checks.resources) {
    seen.resources = await allPages(async (cursor) => {
      const r = await client.listResources(cursor ? { cursor } : undefined)
      return { items: r.resources.map((x) => x.uri), nextCursor: r.nextCursor }
    })
    seen.read = (await client.readResource({ uri: seen.resources[0] })).contents
  }
  if (checks.prompt) {
    seen.prompts = await allPages(async (cursor) => {
      const r = await client.listPrompts(cursor ? { cursor } : undefined)
      return { items: r.prompts.map((p) => p.name), nextCursor: r.nextCursor }
    })
    seen.prompt = (await client.getPrompt(checks.prompt)).messages
  }
  return seen
}

/** The official clients, connected as their READMEs show: the caller picks the transport. */
const OFFICIAL = {
  v1: async (url: string, transport: Transport) => {
    const client = new ClientV1({ name: 'official-v1', version: '1.32.2' })
    await client.connect(transport === 'HTTP+SSE' ? new SseV1(new URL(url)) : new StreamableV1(new URL(url)))
    return client as unknown as OfficialClient
  },
  v2: async (url: string, transport: Transport) => {
    const client = new ClientV2({ name: 'official-v2', version: '2.4.0' })
    await client.connect(transport === 'HTTP+SSE' ? new SseV2(new URL(url)) : new StreamableV2(new URL(url)))
    return client as unknown as OfficialClient
  },
}

async function observeOfficially(which: keyof typeof OFFICIAL, url: string, transport: Transport, checks: Checks): Promise<Observation> {
  const client = await OFFICIAL[which](url, transport)
  try {
    return await observeOfficial(client, checks)
  } finally {
    await client.close()
  }
}

/** McpClient given the URL and nothing else: no era, no transport. */
async function observeWithOurs(url: string, checks: Checks, resourceUri?: string): Promise<Observation & { era: string }> {
  const normalize = checks.normalizeCall ?? ((content) => content)
  const client = new McpClient(url)
  try {
    const tools = (await client.listTools()).map((t) => t.name)
    const called = await client.callTool(checks.tool.name, checks.tool.arguments)
    const seen: Observation = { tools, call: normalize(called.content), callFailed: called.isError ?? false }
    if (checks.resources) {
      seen.resources = (await client.listResources()).map((r) => r.uri)
      seen.read = (await client.readResource(resourceUri ?? seen.resources[0])).contents
    }
    if (checks.prompt) {
      seen.prompts = (await client.listPrompts()).map((p) => p.name)
      seen.prompt = (await client.getPrompt(checks.prompt.name, checks.prompt.arguments)).messages
    }
    return { ...seen, era: client.protocolVersion }
  } finally {
    client.close()
  }
}

/** The official v1 client, then ours, then the official v2 client: ours must see what each official client sees. */
async function compare(t: TestContext, url: string, transport: Transport, checks: Checks): Promise<void> {
  const v1 = await observeOfficially('v1', url, transport, checks)
  assert.ok(v1.tools.includes(checks.tool.name), `the official v1 client lists ${checks.tool.name}: ${v1.tools.join()}`)
  assert.equal(v1.callFailed, false, `the official v1 client's ${checks.tool.name} call succeeds: ${JSON.stringify(v1.call)}`)
  const { era, ...ours } = await observeWithOurs(url, checks, v1.resources?.[0])
  t.diagnostic(`McpClient spoke ${era}`)
  assert.deepEqual(ours, v1, 'McpClient sees what the official v1 client sees')
  const v2 = await observeOfficially('v2', url, transport, checks)
  assert.deepEqual(ours, v2, 'McpClient sees what the official v2 client sees')
}

const EVERYTHING_CHECKS: Checks = {
  tool: { name: 'echo', arguments: { message: 'interop' } },
  resources: true,
  prompt: { name: 'simple-prompt' },
}

const everything = binOf('@modelcontextprotocol/server-everything')

describe('server-everything, in its own HTTP modes', () => {
  let streamable: RealServer
  let sse: RealServer
  before(async () => {
    ;[streamable, sse] = await Promise.all([
      startNodeServer(everything, () => ['streamableHttp']),
      startNodeServer(everything, () => ['sse'], { probePath: '/sse' }),
    ])
  })
  after(() => Promise.all([streamable?.close(), sse?.close()]))

  test('Streamable HTTP: same tools, call, resource and prompt as the official clients', BOUND, (t) =>
    compare(t, `${streamable.origin}/mcp`, 'Streamable HTTP', EVERYTHING_CHECKS))
  test('HTTP+SSE: same tools, call, resource and prompt as the official clients', BOUND, (t) =>
    compare(t, `${sse.origin}/sse`, 'HTTP+SSE', EVERYTHING_CHECKS))
})

describe('stdio servers behind mcp-proxy 6.7', () => {
  let workDir: string
  const proxies: Record<string, RealServer> = {}
  const servers: Record<string, { script: string; args: (dir: string) => string[]; env?: (dir: string) => Record<string, string>; checks: (dir: string) => Checks }> = {
    'server-memory': {
      script: binOf('@modelcontextprotocol/server-memory'),
      args: () => [],
      env: (dir) => ({ MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }),
      checks: () => ({ tool: { name: 'read_graph', arguments: {} } }),
    },
    'server-filesystem': {
      script: binOf('@modelcontextprotocol/server-filesystem'),
      args: (dir) => [join(dir, 'files')],
      checks: (dir) => ({ tool: { name: 'read_text_file', arguments: { path: join(dir, 'files', 'note.txt') } } }),
    },
    'server-sequential-thinking': {
      script: binOf('@modelcontextprotocol/server-sequential-thinking'),
      args: () => [],
      env: () => ({ DISABLE_THOUGHT_LOGGING: 'true' }),
      checks: () => ({
        tool: { name: 'sequentialthinking', arguments: { thought: 'One step.', nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1 } },
        // The server counts every thought it was ever sent, whichever client sent it.
        normalizeCall: (content) =>
          (content as Array<{ type: string; text: string }>).map(({ type, text }) => {
            const { thoughtHistoryLength: _counter, ...rest } = JSON.parse(text) as Record<string, unknown>
            return { type, rest }
          }),
      }),
    },
    'server-everything': {
      script: everything,
      args: () => ['stdio'],
      checks: () => EVERYTHING_CHECKS,
    },
  }

  before(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'mcp-real-servers-'))
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(workDir, 'files'))
    await writeFile(join(workDir, 'files', 'note.txt'), 'a note for the filesystem server\n')
    await Promise.all(
      Object.entries(servers).map(async ([name, s]) => {
        proxies[name] = await startBehindMcpProxy(s.script, s.args(workDir), s.env?.(workDir))
      }),
    )
  })
  after(async () => {
    await Promise.all(Object.values(proxies).map((p) => p.close()))
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  for (const [name, s] of Object.entries(servers)) {
    test(`${name}, Streamable HTTP (/mcp): same results as the official clients`, BOUND, (t) =>
      compare(t, `${proxies[name].origin}/mcp`, 'Streamable HTTP', s.checks(workDir)))
    test(`${name}, HTTP+SSE (/sse): same results as the official clients`, BOUND, (t) =>
      compare(t, `${proxies[name].origin}/sse`, 'HTTP+SSE', s.checks(workDir)))
  }
})

describe('@playwright/mcp', () => {
  const offline = CHROMIUM && existsSync(CHROMIUM) ? undefined : 'no Chromium on PATH, and fetching one needs the network'
  let server: RealServer | undefined
  before(async () => {
    if (offline) return
    server = await startNodeServer(binOf('@playwright/mcp'), (port) => [
      // --no-sandbox: Chromium refuses its sandbox when the tests run as root (containers, CI).
      '--headless', '--isolated', '--no-sandbox', '--executable-path', CHROMIUM!, '--host', '127.0.0.1', '--port', String(port),
    ])
  })
  after(() => server?.close())

  // browser_tabs 'list' only reads; with no page open it opens none.
  const checks: Checks = { tool: { name: 'browser_tabs', arguments: { action: 'list' } } }
  for (const [transport, path] of [['Streamable HTTP', '/mcp'], ['HTTP+SSE', '/sse']] as const) {
    test(`${transport} (${path}): same tools and tab list as the official clients`, { ...BOUND, skip: offline }, (t) =>
      compare(t, `${server!.origin}${path}`, transport, checks))
  }
})
