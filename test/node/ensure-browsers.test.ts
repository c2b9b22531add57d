/**
 * scripts/ensure-browsers.mjs, the first step of `npm test`: with a Chromium, and
 * Firefox's and WebKit's programs, it goes on; without them it installs Debian's
 * packages when it can (root and apt-get), and otherwise stops saying exactly
 * what to install. The script runs
 * as a real process; "no Chromium", "no apt-get", "not root" and "apt-get
 * fails" are made by what is on its PATH, its environment and its user id, and
 * apt-get is, where named, a stand-in script on that PATH (the real one would
 * change this machine).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findChromium, findHeadlessShell } from '../support/chromium.mjs'

const SCRIPT = fileURLToPath(new URL('../../scripts/ensure-browsers.mjs', import.meta.url))
const NOBODY = 65534
const isRoot = process.getuid?.() === 0
const options = { timeout: 20_000 }

/** An empty directory to be the whole PATH (readable by anyone, for the non-root run). */
function pathDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'ensure-browsers-'))
  chmodSync(dir, 0o755)
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Runs the script with exactly this environment (no CHROME_PATH unless given). */
function ensure(env: Record<string, string>, uid?: number) {
  const result = spawnSync(process.execPath, [SCRIPT], { env, uid, encoding: 'utf8', timeout: 15_000 })
  return { status: result.status, out: result.stdout, err: result.stderr }
}

/** A stand-in apt-get: logs its arguments to `log`, then runs `body` (sh). */
function fakeAptGet(dir: string, body: string): string {
  const log = join(dir, 'apt-get.log')
  writeFileSync(join(dir, 'apt-get'), `#!/bin/sh\necho "$@" >> ${log}\n${body}\n`, { mode: 0o755 })
  return log
}

/** Puts an executable stand-in for each named program in `dir`. */
function standIns(dir: string, ...names: string[]): void {
  for (const name of names) writeFileSync(join(dir, name), '#!/bin/sh\n', { mode: 0o755 })
}

/** What a stand-in apt-get "installs": Chromium and its headless shell, and Firefox's and WebKit's programs on PATH (shell). */
const ON_PATH = ['chromium', 'chromium-headless-shell', 'firefox-esr', 'WebKitWebDriver', 'Xvfb']
const installAll = (dir: string) =>
  ON_PATH.map((name) => `printf '#!/bin/sh\\n' > ${dir}/${name}; /bin/chmod 755 ${dir}/${name}`).join('; ')

test('with a Chromium and its headless shell on PATH it says which and goes on: the ones the browser tests launch', options, () => {
  const expected = findChromium({ PATH: process.env.PATH })
  const shell = findHeadlessShell({ PATH: process.env.PATH })
  assert.ok(expected && shell, 'this machine has no Chromium or headless shell on PATH; the tests below need none, this one does')
  const run = ensure({ PATH: process.env.PATH! })
  assert.equal(run.status, 0, run.err)
  assert.deepEqual(run.out.trim().split('\n'), [
    `ensure-browsers: Chromium: ${expected}`,
    'ensure-browsers: Firefox ESR and WebKitGTK (WebKitWebDriver, MiniBrowser, Xvfb) are in place',
    `ensure-browsers: Chromium's headless shell: ${shell}`,
  ])
})

test(
  'not root, apt-get present, no Chromium: stops, says to sudo apt-get install chromium or set CHROME_PATH',
  {
    ...options,
    skip: isRoot ? false : 'needs root, to run the script as another user',
  },
  (t) => {
    const dir = pathDir(t)
    symlinkSync('/usr/bin/apt-get', join(dir, 'apt-get'))
    const run = ensure({ PATH: dir }, NOBODY)
    assert.equal(run.status, 3, run.err)
    assert.match(
      run.err,
      /need Chromium, and none was found on PATH \(looked for chromium, chromium-browser, google-chrome-stable, google-chrome\); not installing it myself, as this is not root/,
    )
    assert.match(run.err, /sudo apt-get update && sudo apt-get install -y chromium/)
    assert.match(run.err, /CHROME_PATH=\/path\/to\/chromium npm test/)
  },
)

test('no apt-get on PATH, no Chromium: stops with what to install and CHROME_PATH, installs nothing', options, (t) => {
  const dir = pathDir(t)
  const run = ensure({ PATH: dir })
  assert.equal(run.status, 3, run.err)
  assert.match(run.err, /none was found on PATH .*(not installing it myself, as apt-get is not on PATH|as this is not root)/)
  assert.match(run.err, /apt-get install -y chromium/)
  assert.match(run.err, /CHROME_PATH=/)
})

test('CHROME_PATH naming no binary: says so and does not fall back to another Chromium or install one', options, (t) => {
  const dir = pathDir(t)
  const log = fakeAptGet(dir, 'exit 0')
  const run = ensure({ PATH: `${dir}:${process.env.PATH}`, CHROME_PATH: join(dir, 'no-such-chrome') })
  assert.equal(run.status, 3, run.err)
  assert.match(run.err, new RegExp(`CHROME_PATH is set to ${join(dir, 'no-such-chrome')}, which is not an executable file`))
  assert.throws(() => readFileSync(log), /ENOENT/, 'apt-get was run')
})

test(
  'root with apt-get: installs chromium (update, then install -y chromium) and goes on with the installed binary',
  {
    ...options,
    skip: isRoot ? false : 'the install path runs only as root',
  },
  (t) => {
    const dir = pathDir(t)
    // The stand-in "installs" by putting executables on PATH, as Debian's packages do in /usr/bin.
    const log = fakeAptGet(dir, `case "$1" in install) ${installAll(dir)};; esac`)
    const run = ensure({ PATH: dir })
    assert.equal(run.status, 0, run.err)
    assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['update -qq', 'install -y -qq chromium'])
    assert.match(run.err, /installing Debian's chromium package/)
    assert.match(run.out, new RegExp(`ensure-browsers: installed, Chromium: ${join(dir, 'chromium')}`))
  },
)

test(
  'root with apt-get that fails (no network, say): stops with the failure and what to install',
  {
    ...options,
    skip: isRoot ? false : 'the install path runs only as root',
  },
  (t) => {
    const dir = pathDir(t)
    const log = fakeAptGet(dir, 'echo "E: could not reach the archive" >&2; exit 100')
    const run = ensure({ PATH: dir })
    assert.equal(run.status, 3)
    assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['update -qq'])
    assert.match(run.err, /E: could not reach the archive/)
    assert.match(run.err, /apt-get update failed \(output above\)/)
    assert.match(run.err, /apt-get update && apt-get install -y chromium/)
  },
)

test(
  'Chromium there, Firefox and WebKit missing, not root: stops, naming each missing program and the packages to install',
  { ...options, skip: isRoot ? false : 'needs root, to run the script as another user' },
  (t) => {
    const dir = pathDir(t)
    standIns(dir, 'chromium', 'Xvfb')
    symlinkSync('/usr/bin/apt-get', join(dir, 'apt-get'))
    const run = ensure({ PATH: dir }, NOBODY)
    assert.equal(run.status, 4, run.err)
    assert.match(run.err, /also run in Firefox and WebKit, and these are missing; not installing them myself, as this is not root/)
    assert.match(run.err, /firefox: firefox-esr \(Debian package firefox-esr\)/)
    assert.match(run.err, /webkit: WebKitWebDriver \(Debian package webkit2gtk-driver\)/)
    assert.doesNotMatch(run.err, /Xvfb/, 'Xvfb is there')
    assert.match(run.err, /sudo apt-get update && sudo apt-get install -y firefox-esr webkit2gtk-driver/)
  },
)

test(
  'root with apt-get, Chromium there, Firefox and WebKit missing: installs their packages in one apt-get install and goes on',
  { ...options, skip: isRoot ? false : 'the install path runs only as root' },
  (t) => {
    const dir = pathDir(t)
    standIns(dir, 'chromium')
    const log = fakeAptGet(dir, `case "$1" in install) ${installAll(dir)};; esac`)
    const run = ensure({ PATH: dir })
    assert.equal(run.status, 0, run.err)
    assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), [
      'update -qq',
      'install -y -qq firefox-esr webkit2gtk-driver xvfb chromium-headless-shell',
    ])
    assert.match(run.out, /Firefox ESR and WebKitGTK \(WebKitWebDriver, MiniBrowser, Xvfb\) are in place/)
    assert.match(run.out, new RegExp(`Chromium's headless shell: ${join(dir, 'chromium-headless-shell')}`))
  },
)

test(
  'root with apt-get, every browser there but the headless shell: installs it and goes on with it',
  { ...options, skip: isRoot ? false : 'the install path runs only as root' },
  (t) => {
    const dir = pathDir(t)
    standIns(dir, 'chromium', 'firefox-esr', 'WebKitWebDriver', 'Xvfb')
    const log = fakeAptGet(dir, `case "$1" in install) ${installAll(dir)};; esac`)
    const run = ensure({ PATH: dir })
    assert.equal(run.status, 0, run.err)
    assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['update -qq', 'install -y -qq chromium-headless-shell'])
    assert.match(run.out, new RegExp(`Chromium's headless shell: ${join(dir, 'chromium-headless-shell')}`))
  },
)

test(
  'no headless shell to be had (apt-get fails): says the pages run in the browser, and goes on',
  { ...options, skip: isRoot ? false : 'the install path runs only as root' },
  (t) => {
    const dir = pathDir(t)
    standIns(dir, 'chromium', 'firefox-esr', 'WebKitWebDriver', 'Xvfb')
    fakeAptGet(dir, 'case "$1" in install) echo "E: Unable to locate package chromium-headless-shell" >&2; exit 100;; esac')
    const run = ensure({ PATH: dir })
    assert.equal(run.status, 0, run.err)
    assert.match(run.out, /no Chromium headless shell \(Debian package chromium-headless-shell\), so the browser suites' pages run in the browser/)
  },
)
