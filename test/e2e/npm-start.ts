// `npm start` as a user runs it, for the end-to-end tests: in a child process of its own (its own process group, so
// it and everything it starts stop together), on free ports, resolving with the URLs it prints. `npm run test:e2e`
// (scripts/test-e2e.ts) starts one for all its files and hands it to them in E2E_NPM_START (sharedNpmStart); a file
// run alone starts its own.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../../', import.meta.url))

/** A running `npm start`: the URLs it printed, everything it printed so far, and how to stop it. */
export interface NpmStart {
  site: string
  mcp: string
  /** The MCP Apps sandbox proxy page (another port: another origin than the site). */
  sandbox: string
  output(): string
  /** Its process group's id (npm's pid): every process `npm start` runs is in it. */
  group: number
  stop(): void
  /** Resolves when it exits (its exit code, or the signal that ended it). */
  exited?: Promise<number | string>
}

/** The variable scripts/test-e2e.ts hands its running `npm start` to the test files in. */
export const SHARED_NPM_START = 'E2E_NPM_START'

/** What of a running `npm start` a test file can be handed in SHARED_NPM_START. */
export function describeNpmStart({ site, mcp, sandbox, group, output }: NpmStart): string {
  return JSON.stringify({ site, mcp, sandbox, group, output: output() })
}

/**
 * The run's `npm start` (SHARED_NPM_START), which the runner stops: stop() leaves it running. Without one, a fresh
 * `npm start` of the file's own. For the suites about the site, not about `npm start` itself: one that checks what it
 * prints, how it stops, or changes the demo server's state (toggle_extra_tool) starts its own with npmStart().
 */
export async function sharedNpmStart(): Promise<NpmStart> {
  const shared = process.env[SHARED_NPM_START]
  if (!shared) return npmStart()
  const { site, mcp, sandbox, group, output } = JSON.parse(shared) as Omit<NpmStart, 'output' | 'stop'> & { output: string }
  return { site, mcp, sandbox, group, output: () => output, stop() {} }
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Stops `npm start` and everything it started (its process group). */
function stopChild(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid!, 'SIGINT')
  } catch {
    // already gone
  }
  setTimeout(() => {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }, 3_000).unref()
}

/**
 * Runs `npm start` as a user would and resolves once it has printed its URLs. `extra` adds to its environment (the
 * API reference is not built unless a test asks: DEMO_DOCS=1).
 */
export async function npmStart(extra: Record<string, string> = {}): Promise<NpmStart> {
  // A free port can be taken between the probe and npm start's listen (the conformance suite runs beside these
  // tests): npm start then says so and exits, and is started again on other ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(extra)
    } catch (error) {
      if (attempt >= 3 || !/port \d+ \(.*\) is taken/.test((error as Error).message)) throw error
    }
  }
}

async function startOnce(extra: Record<string, string>): Promise<NpmStart> {
  const env = {
    ...process.env,
    DEMO_DOCS: '0',
    ...extra,
    DEMO_MCP_PORT: String(await freePort()),
    DEMO_SITE_PORT: String(await freePort()),
    DEMO_SANDBOX_PORT: String(await freePort()),
    // The tree may change during a run (other work in the checkout): the page under test must not reload.
    DEMO_WATCH: '0',
  }
  const child = spawn('npm', ['start'], { cwd: repo, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const stop = () => stopChild(child)
  process.on('exit', stop)
  // The child has a process group of its own, so a Ctrl-C of the test run does not reach it: pass it on.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop()
      process.exit(130)
    })
  }
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URLs within 60 s:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk
      const site = /Demo site:\s+(\S+)/.exec(output)?.[1]
      const mcp = /MCP server:\s+(\S+)/.exec(output)?.[1]
      const sandbox = /App sandbox:\s+(\S+)/.exec(output)?.[1]
      if (site && mcp && sandbox) {
        clearTimeout(timer)
        const exited = new Promise<number | string>((ended) => child.once('exit', (code, signal) => ended(code ?? signal!)))
        resolve({ site, mcp, sandbox, output: () => output, group: child.pid!, stop, exited })
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`npm start exited (${code}) before printing its URLs:\n${output}`))
    })
  })
}
