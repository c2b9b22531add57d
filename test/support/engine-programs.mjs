// What Firefox and WebKit need on the machine, as Debian packages them, for the browser suites
// (test/support/engines.mjs launches them; scripts/ensure-browsers.mjs installs what is missing).
// Node built-ins only: it runs before anything else is in place.
import { executable, onPath } from './chromium.mjs'

/** WebKitGTK's MiniBrowser, which WebKitWebDriver drives: not on PATH, where Debian's webkit2gtk-driver depends on it. */
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** Per engine, the programs it needs (a name looked up on PATH, or an absolute path) and the Debian package of each. */
export const enginePrograms = {
  firefox: [{ program: 'firefox-esr', apt: 'firefox-esr' }],
  webkit: [
    { program: 'WebKitWebDriver', apt: 'webkit2gtk-driver' },
    { program: MINIBROWSER, apt: 'webkit2gtk-driver' },
    { program: 'Xvfb', apt: 'xvfb' },
  ],
}

/** Where `program` is (an absolute path as it is, a name on PATH), or undefined. */
export function findProgram(program, env = process.env) {
  return program.startsWith('/') ? (executable(program) ? program : undefined) : onPath(program, env)
}

/** The programs not on this machine, across the engines: [{ engine, program, apt }]. */
export function missingPrograms(env = process.env) {
  return Object.entries(enginePrograms).flatMap(([engine, programs]) =>
    programs.filter((p) => !findProgram(p.program, env)).map((p) => ({ engine, ...p })),
  )
}
