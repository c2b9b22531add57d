// `npm test` runs this first (the `pretest` script): the browser tests need a
// Chromium, and Playwright cannot download one here. When none is found
// (test/support/chromium.mjs decides, as for the tests themselves), this
// installs Debian's `chromium` package if it can (root, apt-get), and otherwise
// stops, saying exactly what to install or set. Node built-ins only, so it runs
// before anything else is in place.
import { spawnSync } from 'node:child_process'
import { chromiumNames, findChromium, onPath } from '../test/support/chromium.mjs'

/** Exit status when no Chromium could be found or installed. */
const NO_CHROMIUM = 3

function stop(why) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  console.error(
    [
      `ensure-chromium: the browser tests need Chromium, and ${why}.`,
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
  console.error(`ensure-chromium: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return result.status === 0
}

const found = findChromium()
if (found) {
  console.log(`ensure-chromium: using ${found}`)
} else if (process.env.CHROME_PATH) {
  stop(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which is not an executable file`)
} else {
  const looked = `none was found on PATH (looked for ${chromiumNames.join(', ')})`
  const aptGet = onPath('apt-get')
  if (process.getuid?.() !== 0) stop(`${looked}; not installing it myself, as this is not root`)
  if (!aptGet) stop(`${looked}; not installing it myself, as apt-get is not on PATH`)
  console.error(`ensure-chromium: ${looked}; installing Debian's chromium package (about a minute)`)
  if (!run(aptGet, ['update', '-qq'])) stop(`${looked}, and apt-get update failed (output above)`)
  if (!run(aptGet, ['install', '-y', '-qq', 'chromium'])) stop(`${looked}, and apt-get install chromium failed (output above)`)
  const installed = findChromium()
  if (!installed) stop(`apt-get installed chromium, yet none is on PATH (looked for ${chromiumNames.join(', ')})`)
  console.log(`ensure-chromium: installed, using ${installed}`)
}
