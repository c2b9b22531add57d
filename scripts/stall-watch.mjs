// A watchdog for scripts/test-browsers.mjs: while a web-test-runner runs, it notices when the run makes no progress
// (no output line and no line in its request log) for MCP_STALL_SECONDS (90 by default) while a test file is open, and
// then, once per stall, writes the evidence to a file in the system's temporary folder: every process the runner
// started (state, CPU time, each thread's state and wait channel, from /proc) and, when gdb is on PATH, every thread's
// backtrace of each. A page that stops answering is rare and cannot be forced, so the run that hits it must explain it.
// Between stalls it only reads the request log's size every few seconds.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findProgram } from '../test/support/engine-programs.mjs'

/**
 * How long a run may go without progress before it counts as stalled: far above a healthy file's longest quiet spell
 * (3.3 s in focus-rings, WebKit's longest file) and mocha's 20 s per test, so that load alone does not trip it.
 */
const stallThresholdMs = (env = process.env) => Number(env.MCP_STALL_SECONDS || 90) * 1000

/**
 * The test file a request log (test/support/request-log.mjs) shows open, the last one whose module the runner served
 * (undefined before the first: the browser still starting), and the last request, as "GET /url at 12.3 s".
 */
function openFileOf(logText) {
  let file
  let lastRequest = 'none'
  for (const line of logText.trimEnd().split('\n')) {
    const [seconds, , event, , method, url] = line.split('\t')
    if (event !== 'open') continue
    lastRequest = `${method} ${url} at ${seconds} s`
    file = url.match(/^\/([^?]+\.test\.[jt]s)\?wtr-session-id=/)?.[1] ?? file
  }
  return { file, lastRequest }
}

/** Whether a run has stalled: a test file is open and nothing has moved for the threshold or longer. */
const isStalled = ({ file, quietMs, thresholdMs }) => Boolean(file) && quietMs >= thresholdMs

/** One process's (or thread's) /proc facts: pid, name, state, ppid and CPU seconds (ticks are 1/100 s), or undefined when it has gone. */
function processOf(pid, path = `/proc/${pid}`) {
  try {
    const stat = readFileSync(`${path}/stat`, 'utf8')
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { pid, name, state: fields[0], ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 }
  } catch {
    return undefined
  }
}

/** `root` and every process below it. */
function processTree(root) {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => processOf(Number(pid)))
    .filter(Boolean)
  const tree = all.filter((p) => p.pid === root)
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i].pid))
  return tree
}

/** Each thread of `pid`: its name, state and the kernel function it waits in. */
function threadsOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => {
      const thread = processOf(Number(tid), `/proc/${pid}/task/${tid}`)
      let wchan = ''
      try {
        wchan = readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8')
      } catch {
        // Gone, or not readable: the state says enough.
      }
      return `    thread ${tid} ${thread?.name} ${thread?.state} cpu ${thread?.cpuSeconds} s wchan ${wchan || '-'}`
    })
  } catch {
    return ['    (gone)']
  }
}

const gdbStacks = (gdb, pid) =>
  new Promise((resolve) =>
    execFile(
      gdb,
      ['-batch', '-nx', '-p', String(pid), '-ex', 'thread apply all bt'],
      { timeout: 60_000, maxBuffer: 32 << 20 },
      (error, stdout, stderr) =>
        resolve(`${stdout}${stderr}${error ? `\n(gdb: ${error.killed ? 'timed out after 60 s' : error.message})` : ''}`),
    ),
  )

/**
 * Writes the evidence of a stall of the runner `runnerPid` to a new file and resolves with its path and whether it
 * has stacks. The runner itself (node) is listed, not attached to.
 */
async function dumpStall({ label, runnerPid, file, quietMs, lastRequest, env }) {
  const path = join(tmpdir(), `mcp-stall-${label.replace(/\W+/g, '-')}-${new Date().toISOString().replace(/\D/g, '')}.txt`)
  const gdb = findProgram('gdb', env)
  const tree = processTree(runnerPid)
  const out = [
    `${label}: no output and no request for ${Math.round(quietMs / 1000)} s while ${file} was open`,
    `last request: ${lastRequest}`,
    gdb ? `stacks from ${gdb}` : 'gdb is not on PATH: no stacks, only the /proc facts (install gdb for them)',
    '',
  ]
  for (const p of tree) {
    out.push(`── ${p.pid} ${p.name} (parent ${p.ppid}) state ${p.state}, cpu ${p.cpuSeconds} s`, ...threadsOf(p.pid))
    if (gdb && p.pid !== runnerPid) out.push(await gdbStacks(gdb, p.pid))
  }
  writeFileSync(path, out.join('\n') + '\n')
  return { path, file, lastRequest, stacks: Boolean(gdb) }
}

/**
 * Watches the runner `runnerPid` whose request log is `requestLog`; call progressed() on each output chunk, and stop()
 * when it ends: the stalls it caught, [{ path, file, lastRequest, stacks }].
 */
export function watchForStalls({ label, runnerPid, requestLog, env = process.env }) {
  const thresholdMs = stallThresholdMs(env)
  let lastSize = -1
  let lastProgress = Date.now()
  let caught = false
  const stalls = []
  const pending = []
  const progressed = () => {
    lastProgress = Date.now()
    caught = false
  }
  const check = () => {
    let size = 0
    try {
      size = statSync(requestLog).size
    } catch {
      // Not written yet: no request so far.
    }
    if (size !== lastSize) {
      lastSize = size
      return progressed()
    }
    const quietMs = Date.now() - lastProgress
    if (caught || !size || quietMs < thresholdMs) return
    const { file, lastRequest } = openFileOf(readFileSync(requestLog, 'utf8'))
    if (!isStalled({ file, quietMs, thresholdMs })) return
    caught = true
    console.error(`\n${label}: no progress for ${Math.round(quietMs / 1000)} s in ${file}; writing its processes' stacks`)
    pending.push(
      dumpStall({ label, runnerPid, file, quietMs, lastRequest, env }).then((stall) => {
        console.error(`${label}: stall evidence in ${stall.path}`)
        stalls.push(stall)
      }),
    )
  }
  const timer = setInterval(check, Math.min(5000, thresholdMs / 4))
  timer.unref()
  return {
    progressed,
    async stop() {
      clearInterval(timer)
      await Promise.all(pending)
      return stalls
    },
  }
}
