// Runs a program for scripts/test.mjs and scripts/test-browsers.mjs, which run several side by side.
import { spawn } from 'node:child_process'

/**
 * Runs `program` with `args` in `cwd`, printing `heading` first. Alone, its output goes straight to ours as it comes;
 * side by side (`alone: false`), it is kept and printed whole after the heading when the program ends, so that two
 * programs' lines never interleave. `onSpawn` gets the child process as it starts. Resolves with its exit code (or the
 * signal that ended it) and its time in seconds.
 */
export function runPrinted(program, args, { cwd, env, heading, alone, onSpawn }) {
  const started = Date.now()
  if (alone) console.log(heading)
  return new Promise((resolve) => {
    const child = spawn(program, args, { cwd, env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    onSpawn?.(child)
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    // 'close', not 'exit': the piped output is whole only once the streams have closed.
    child.on('close', (code, signal) => {
      if (!alone) console.log(`${heading}\n${output}`)
      resolve({ code: code ?? signal, seconds: Math.round((Date.now() - started) / 1000) })
    })
  })
}
