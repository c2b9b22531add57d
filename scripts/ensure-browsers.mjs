// `npm test` runs this first (the `pretest` script): the browser tests run in
// Chromium, Firefox ESR and WebKitGTK, the system's own (nothing downloads a
// browser). When Chromium is not found (test/support/chromium.mjs decides, as for
// the tests themselves), or Firefox's or WebKit's programs are missing
// (test/support/engine-programs.mjs), this installs Debian's packages for them
// (chromium; firefox-esr; webkit2gtk-driver and xvfb) if it can (root, apt-get),
// and otherwise stops, saying exactly what to install or set. Node built-ins
// only, so it runs before anything else is in place.
import { spawnSync } from 'node:child_process'
import { HEADLESS_SHELL_PACKAGE, chromiumNames, findChromium, findHeadlessShell, onPath } from '../test/support/chromium.mjs'
import { missingPrograms } from '../test/support/engine-programs.mjs'

/** Exit status when no Chromium could be found or installed. */
const NO_CHROMIUM = 3
/** Exit status when Firefox's or WebKit's programs are missing and could not be installed. */
const NO_ENGINE = 4

function stop(why) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  console.error(
    [
      `ensure-browsers: the browser tests need Chromium, and ${why}.`,
      '',
      "Install Debian's chromium package:",
      `    ${sudo}apt-get update && ${sudo}apt-get install -y chromium`,
      'or point CHROME_PATH at a Chromium or Chrome binary you have:',
      '    CHROME_PATH=/path/to/chromium npm test',
      '',
    ].join('\n'),
  )
  process.exit(NO_CHROMIUM)
}

function run(command, args) {
  console.error(`ensure-browsers: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return result.status === 0
}

const found = findChromium()
if (found) {
  console.log(`ensure-browsers: Chromium: ${found}`)
} else if (process.env.CHROME_PATH) {
  stop(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which is not an executable file`)
} else {
  const looked = `none was found on PATH (looked for ${chromiumNames.join(', ')})`
  const aptGet = onPath('apt-get')
  if (process.getuid?.() !== 0) stop(`${looked}; not installing it myself, as this is not root`)
  if (!aptGet) stop(`${looked}; not installing it myself, as apt-get is not on PATH`)
  console.error(`ensure-browsers: ${looked}; installing Debian's chromium package (about a minute)`)
  if (!run(aptGet, ['update', '-qq'])) stop(`${looked}, and apt-get update failed (output above)`)
  if (!run(aptGet, ['install', '-y', '-qq', 'chromium'])) stop(`${looked}, and apt-get install chromium failed (output above)`)
  const installed = findChromium()
  if (!installed) stop(`apt-get installed chromium, yet none is on PATH (looked for ${chromiumNames.join(', ')})`)
  console.log(`ensure-browsers: installed, Chromium: ${installed}`)
}

// Firefox and WebKit: every program each needs, or the Debian packages that have the missing ones.
const missing = missingPrograms()
const packages = [...new Set(missing.map((p) => p.apt))]
// Chromium's headless shell runs the browser suites' and the end-to-end tests' pages with less CPU
// (test/support/chromium.mjs): installed with Firefox's and WebKit's packages when it is missing. Without it the
// browser runs those pages, so its absence stops nothing.
const shellWanted = !process.env.CHROME_PATH && !findHeadlessShell()
function stopEngines(why) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  console.error(
    [
      `ensure-browsers: the browser tests also run in Firefox and WebKit, and ${why}:`,
      ...missing.map((p) => `    ${p.engine}: ${p.program} (Debian package ${p.apt})`),
      '',
      "Install Debian's packages for them:",
      `    ${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`,
      '',
    ].join('\n'),
  )
  process.exit(NO_ENGINE)
}
if (missing.length) {
  const aptGet = onPath('apt-get')
  if (process.getuid?.() !== 0) stopEngines('these are missing; not installing them myself, as this is not root')
  if (!aptGet) stopEngines('these are missing; not installing them myself, as apt-get is not on PATH')
  const withShell = shellWanted ? [...packages, HEADLESS_SHELL_PACKAGE] : packages
  console.error(`ensure-browsers: installing Debian's ${withShell.join(', ')} (a few minutes)`)
  if (!run(aptGet, ['update', '-qq'])) stopEngines('these are missing, and apt-get update failed (output above)')
  if (!run(aptGet, ['install', '-y', '-qq', ...withShell])) stopEngines(`these are missing, and apt-get install failed (output above)`)
  if (missingPrograms().length) stopEngines('apt-get installed the packages, yet these are still missing')
}
console.log('ensure-browsers: Firefox ESR and WebKitGTK (WebKitWebDriver, MiniBrowser, Xvfb) are in place')
if (!process.env.CHROME_PATH) {
  const aptGet = onPath('apt-get')
  if (!findHeadlessShell() && process.getuid?.() === 0 && aptGet) {
    console.error(`ensure-browsers: installing Debian's ${HEADLESS_SHELL_PACKAGE}`)
    if (run(aptGet, ['update', '-qq'])) run(aptGet, ['install', '-y', '-qq', HEADLESS_SHELL_PACKAGE])
  }
  const shell = findHeadlessShell()
  console.log(
    shell
      ? `ensure-browsers: Chromium's headless shell: ${shell}`
      : `ensure-browsers: no Chromium headless shell (Debian package ${HEADLESS_SHELL_PACKAGE}), so the browser suites' pages run in the browser, with more CPU`,
  )
}
