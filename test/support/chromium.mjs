// Where Chromium is, and the flags it needs here (root, no GPU, a closed
// network), for whatever launches it through playwright: the browser tests
// (web-test-runner.config.mjs), `npm run bench`, and scripts/ensure-browsers.mjs
// (which `npm test` runs first, and which installs it when it can). One lookup
// for all of them, so "found" means the same thing everywhere.
import { accessSync, constants, realpathSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Names a Chromium (or Chrome) goes by on PATH, in the order tried. */
export const chromiumNames = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']

// Debian's /usr/bin/chromium is a shell wrapper around /usr/lib/chromium/chromium; the wrapper adds nothing a
// headless run needs and prints a stray "unexpected operator" line, so the binary itself is launched.
const DEBIAN_WRAPPER = '/usr/bin/chromium'
const DEBIAN_BINARY = '/usr/lib/chromium/chromium'

/** Whether `path` is a file this process may run. */
export function executable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The path of the executable `command` in the first `PATH` directory that has one, or undefined.
 * @param {string} command
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined}
 */
export function onPath(command, env = process.env) {
  return (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, command))
    .find(executable)
}

/**
 * The Chromium binary to launch: `CHROME_PATH` when set (and only then; a wrong one is not silently replaced),
 * else the first of {@link chromiumNames} found on `PATH`. Undefined when there is none.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined}
 */
export function findChromium(env = process.env) {
  if (env.CHROME_PATH) return executable(env.CHROME_PATH) ? env.CHROME_PATH : undefined
  const found = chromiumNames.map((name) => onPath(name, env)).find(Boolean)
  return found && realpathSync(found) === DEBIAN_WRAPPER && executable(DEBIAN_BINARY) ? DEBIAN_BINARY : found
}

export const chromiumPath = findChromium()

/** Debian's package of Chromium's headless shell, and where it puts the binary. */
export const HEADLESS_SHELL_PACKAGE = 'chromium-headless-shell'
const HEADLESS_SHELL_WRAPPER = '/usr/bin/chromium-headless-shell'
const HEADLESS_SHELL_BINARY = '/usr/lib/chromium/chromium-headless-shell'

/**
 * Chromium's headless shell, for the browser suites but for the files that open the PDF viewer, which only the browser
 * has. It is the same engine at the same version without the browser around the page, and the Chromium suites took
 * about 60 % of the full browser's CPU in it (they are bound by CPU on two cores). Undefined when `CHROME_PATH` chooses the browser, or when the package is
 * not installed. Debian's /usr/bin/chromium-headless-shell is a wrapper script: the binary itself is launched.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined}
 */
export function findHeadlessShell(env = process.env) {
  if (env.CHROME_PATH) return undefined
  const found = onPath(HEADLESS_SHELL_PACKAGE, env)
  return found && realpathSync(found) === HEADLESS_SHELL_WRAPPER && executable(HEADLESS_SHELL_BINARY) ? HEADLESS_SHELL_BINARY : found
}

/** What runs the browser suites' and the end-to-end tests' pages: the headless shell when there is one, else the browser. */
export const headlessPath = findHeadlessShell() ?? chromiumPath

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
