// Real MCP servers no one here wrote, started as their users start them: each package's own CLI, as a child
// process on a free loopback port. The stdio servers sit behind mcp-proxy's CLI (the proxy FastMCP also serves
// through), which serves Streamable HTTP at /mcp and HTTP+SSE at /sse. test/node/real-servers.test.ts uses them.
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { freePort } from './free-port.js'

export interface RealServer {
  /** http://127.0.0.1:<port> */
  origin: string
  close(): Promise<void>
}

const require = createRequire(import.meta.url)

/** The file a package's `bin` entry names (the file `npx <bin>` would run). */
export function binOf(pkg: string, bin?: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const manifest = require(manifestPath) as { bin: string | Record<string, string> }
  const file = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin ?? Object.keys(manifest.bin)[0]]
  return join(dirname(manifestPath), file)
}

const STARTUP_MS = 30_000

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Runs `node <script> ...args(port)` and resolves once `probePath` answers HTTP at all (any status: the server
 * is listening). Rejects with the server's stderr if it exits first or does not listen within 30 s.
 */
export async function startNodeServer(
  script: string,
  args: (port: number) => string[],
  { probePath = '/mcp', env = {} }: { probePath?: string; env?: Record<string, string> } = {},
): Promise<RealServer> {
  const port = await freePort()
  const child = spawn(process.execPath, [script, ...args(port)], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + STARTUP_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} before listening:\n${stderr}`)
    try {
      const answer = await fetch(origin + probePath, { method: 'OPTIONS', signal: AbortSignal.timeout(2_000) })
      await answer.body?.cancel()
      break
    } catch {
      if (Date.now() > deadline) {
        await stop(child)
        throw new Error(`${script} did not listen on ${origin} within ${STARTUP_MS} ms:\n${stderr}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  return { origin, close: () => stop(child) }
}

/** A stdio MCP server behind mcp-proxy's CLI, on 127.0.0.1 only. */
export function startBehindMcpProxy(serverScript: string, serverArgs: string[] = [], env: Record<string, string> = {}): Promise<RealServer> {
  return startNodeServer(
    binOf('mcp-proxy'),
    (port) => ['--port', String(port), '--host', '127.0.0.1', '--', process.execPath, serverScript, ...serverArgs],
    { env },
  )
}
