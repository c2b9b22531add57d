// A server whose tool name and argument names are shell code, for the copy-as-code tests (test/node/copy-code.test.ts,
// test/browser/hostile-copy.test.ts): pasted into a shell naively, each would create a file named `pwned-…` in the
// working directory. Its tool echoes the arguments it received, as does `forecast`, whose schema has examples (some of
// the wrong kind, one of them markup) for "Try an example". Control `run` runs a copied command in a fresh
// directory with `sh -c`, and answers what the server received from it and which `pwned-…` files appeared.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { McpServer, fromJsonSchema } from '@modelcontextprotocol/server'
import { serveMcp, type FixtureStats, type TestServer } from '../fixture-server.js'
import { EXAMPLES_SCHEMA, EXAMPLES_TOOL, HOSTILE_TOOL } from '../hostile-shell.js'

export { HOSTILE_ARGUMENTS, HOSTILE_TOOL } from '../hostile-shell.js'

function makeServer(): McpServer {
  const mcp = new McpServer({ name: 'hostile-copy', version: '1.0.0' })
  const schema = {
    type: 'object',
    properties: {
      text: { type: 'string' },
      region: { type: 'string', 'x-mcp-header': 'Region' },
    },
    additionalProperties: { type: 'string' },
  }
  // The SDK warns on a tool name outside its recommended characters; that is the point here.
  const warn = console.warn
  console.warn = () => {}
  try {
    mcp.registerTool(HOSTILE_TOOL, { description: 'Echoes its arguments.', inputSchema: fromJsonSchema(schema as never) }, async (args) => ({
      content: [{ type: 'text', text: JSON.stringify(args) }],
    }))
  } finally {
    console.warn = warn
  }
  mcp.registerTool(EXAMPLES_TOOL, { description: 'Echoes its arguments.', inputSchema: fromJsonSchema(EXAMPLES_SCHEMA as never) }, async (args) => ({
    content: [{ type: 'text', text: JSON.stringify(args) }],
  }))
  return mcp
}

/** What running a copied command did: its output, the calls the server received meanwhile, the `pwned-…` files made. */
export interface RunReport {
  stdout: string
  stderr: string
  exitCode: number
  calls: Array<{ name: unknown; arguments: unknown; headers: Record<string, string> }>
  pwned: string[]
}

/** Runs `command` with `sh -c` in a fresh directory (environment: PATH, HOME and `env`), reporting what it did. */
export async function runCopied(stats: FixtureStats, command: string, env: Record<string, string> = {}): Promise<RunReport> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-copy-'))
  const seen = stats.requests.length
  try {
    const { stdout, stderr, exitCode } = await new Promise<{ stdout: string; stderr: string; exitCode: number }>((resolve) =>
      execFile(
        'sh',
        ['-c', command],
        { cwd: dir, timeout: 20_000, env: { PATH: process.env.PATH ?? '', HOME: dir, ...env } },
        (error, stdout, stderr) => resolve({ stdout, stderr, exitCode: error ? Number(error.code ?? 1) : 0 }),
      ),
    )
    const calls = stats.requests
      .slice(seen)
      .filter((r) => r.body?.method === 'tools/call')
      .map((r) => ({ name: r.body.params?.name, arguments: r.body.params?.arguments, headers: r.headers }))
    return { stdout, stderr, exitCode, calls, pwned: (await readdir(dir)).filter((f) => f.startsWith('pwned')) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function startServer(): Promise<TestServer> {
  const server = await serveMcp(() => makeServer(), { cors: true })
  return {
    ...server,
    control(action: string, body: unknown) {
      if (action !== 'run') throw new Error(`hostile-copy: no control ${action}`)
      return runCopied(server.stats, String((body as { command?: unknown }).command))
    },
  }
}
