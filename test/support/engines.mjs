// The three engines the browser suites run in, as web-test-runner launchers, all of them the system's own
// browsers (nothing is downloaded):
//   chromium  Debian's chromium through Playwright (test/support/chromium.mjs finds it);
//   firefox   Firefox ESR through puppeteer-core over WebDriver BiDi (no geckodriver);
//   webkit    WebKitGTK's MiniBrowser through WebKitWebDriver (one session at a time), on a private Xvfb display.
// web-test-runner.config.mjs runs the one MCP_ENGINE names; scripts/test-browsers.mjs runs each in turn and
// reads the counts engineResultsReporter() writes.
import { execFileSync, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { relative } from 'node:path'
import { ChromeLauncher } from '@web/test-runner-chrome'
import { PlaywrightLauncher } from '@web/test-runner-playwright'
import { WebdriverLauncher } from '@web/test-runner-webdriver'
import * as puppeteerCore from 'puppeteer-core'
import { Session as BidiSession } from 'puppeteer-core/internal/bidi/core/Session.js'
import { chromium } from 'playwright'
import { chromiumArgs, chromiumPath, headlessPath } from './chromium.mjs'
import { enginePrograms, findProgram } from './engine-programs.mjs'

export const engines = ['chromium', 'firefox', 'webkit']

/** The path of a program `engine` needs, or an error saying what to install. */
function programOf(engine, index) {
  const { program, apt } = enginePrograms[engine][index]
  const path = findProgram(program)
  if (!path) throw new Error(`${engine}: ${program} is missing; install Debian's ${apt} (npm test's pretest step does, as root)`)
  return path
}

/** The engine MCP_ENGINE names (chromium when unset); an unknown name is an error, not a silent Chromium run. */
export function selectedEngine(env = process.env) {
  const engine = env.MCP_ENGINE || 'chromium'
  if (!engines.includes(engine)) throw new Error(`MCP_ENGINE=${engine}: expected one of ${engines.join(', ')}`)
  return engine
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Starts Xvfb on the first free display (it picks one and writes its number to fd 3). */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const xvfb = spawn(programOf('webkit', 2), ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    })
    let err = ''
    xvfb.stderr.on('data', (d) => (err += d))
    xvfb.stdio[3].on('data', (d) => resolve({ process: xvfb, display: `:${String(d).trim()}` }))
    xvfb.on('error', reject)
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it was ready: ${err.trim()}`)))
  })
}

async function waitForDriver(url, driver, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`)
    try {
      if ((await fetch(`${url}/status`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`WebKitWebDriver did not answer on ${url} within ${timeoutMs} ms`)
}

// WebDriver's code points for the keys the suites press (https://w3c.github.io/webdriver/#keyboard-actions).
const WEBDRIVER_KEYS = {
  Enter: '\uE007',
  Tab: '\uE004',
  Escape: '\uE00C',
  Backspace: '\uE003',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
  Home: '\uE011',
  End: '\uE010',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  Delete: '\uE017',
  Space: ' ',
}

/**
 * WebKitGTK through WebKitWebDriver: starts its own Xvfb and driver on free ports, and types key by key with
 * W3C actions (webdriverio's keys() drops a repeated character, and knows no "Shift+Tab").
 */
class WebKitLauncher extends WebdriverLauncher {
  constructor() {
    super({
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: programOf('webkit', 1),
          // No back/forward cache: WebKitGTK 2.50 keeps a page left mid IndexedDB write in it with that write's
          // transaction still open, and every later page's transaction on the same store waits until the page is
          // evicted, minutes later: every test file after one that ended so timed out, its cache reads never answered.
          args: ['--automation', '--javascript-can-open-windows-automatically=true', '--enable-page-cache=false'],
        },
      },
    })
    this.children = []
  }

  async initialize(config, testFiles) {
    // The runner can end without stop() (an uncaught exception: a WebDriver navigation that never returned, beside
    // Firefox under load), which left the driver, the browser and Xvfb running with no parent.
    process.once('exit', () => {
      for (const child of this.children) child.kill()
    })
    const xvfb = await startXvfb()
    this.children.push(xvfb.process)
    const port = await freePort()
    const driver = spawn(programOf('webkit', 0), [`--port=${port}`, '--host=127.0.0.1'], {
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: xvfb.display, WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
    })
    this.children.push(driver)
    await waitForDriver(`http://127.0.0.1:${port}`, driver)
    Object.assign(this.options, { hostname: '127.0.0.1', port, path: '/' })
    await super.initialize(config, testFiles)
    this.name = 'WebKit'
  }

  async stop() {
    await super.stop()
    for (const child of this.children.reverse()) child.kill()
    this.children = []
  }

  /**
   * Ends a test file's page; then, if the file left another window open (a tab or popup it opened and did not close),
   * closes it and fails the file: WebKit runs every file in this one window, and a window left behind keeps the focus
   * (the page's keyboard tests then fail) and goes on making its own requests through the files after it. A popup
   * that closes itself gets 3 s to do so.
   */
  async stopSession(id) {
    const result = await super.stopSession(id)
    const main = await this.driver.getWindowHandle()
    const end = Date.now() + 3_000
    let others
    while ((others = (await this.driver.getWindowHandles()).filter((handle) => handle !== main)).length && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 200))
    if (!others.length) return result
    const titles = []
    for (const handle of others) {
      await this.driver.switchToWindow(handle)
      titles.push(await this.driver.getTitle().catch(() => '(no title)'))
      await this.driver.closeWindow()
    }
    await this.driver.switchToWindow(main)
    throw new Error(`left ${others.length} window(s) open after its tests (closed now): ${titles.map((t) => `"${t}"`).join(', ')}`)
  }

  /**
   * Sizes the window so that the page's viewport is `width` × `height` (the browser-commands plugin's `viewport`):
   * WebDriver sizes the whole window, so the browser's own frame around the page is measured and added.
   */
  async setViewport(width, height) {
    const inner = () => this.driver.execute(() => [window.innerWidth, window.innerHeight])
    // A new window size may reach the page a little later, more so on a busy machine (beside Firefox, a page of
    // 1280×424 for 1280×631 was likely a read made too soon): the size is read until it moves from `before`, 2 s at most.
    const resized = async (before) => {
      const end = Date.now() + 2_000
      let now = await inner()
      while (now[0] === before[0] && now[1] === before[1] && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        now = await inner()
      }
      return now
    }
    const start = await inner()
    if (start[0] === width && start[1] === height) return
    await this.driver.setWindowSize(width, height)
    let [innerWidth, innerHeight] = await resized(start)
    if (innerWidth === width && innerHeight === height) return
    const outer = await this.driver.getWindowSize()
    await this.driver.setWindowSize(outer.width + width - innerWidth, outer.height + height - innerHeight)
    ;[innerWidth, innerHeight] = await resized([innerWidth, innerHeight])
    // MiniBrowser's window has a floor (its toolbar): a narrower page is not to be had here, and a test that needs
    // one must say so rather than run at another width.
    if (innerWidth !== width || innerHeight !== height)
      throw new Error(`WebKit's MiniBrowser window cannot give the page ${width}×${height} px (it gives ${innerWidth}×${innerHeight})`)
  }

  /** The test-runner's sendKeys: `type` arrives as single characters, `press` as one key name such as "Shift+Tab". */
  sendKeys(_sessionId, keys) {
    const strokes = keys.length === 1 && keys[0].length > 1 ? [keys[0].split('+')] : keys.map((k) => [k])
    const actions = []
    for (const chord of strokes) {
      const codes = chord.map((k) => WEBDRIVER_KEYS[k] ?? k)
      for (const value of codes) actions.push({ type: 'keyDown', value })
      for (const value of [...codes].reverse()) actions.push({ type: 'keyUp', value })
    }
    return this.driver.performActions([{ type: 'key', id: 'keyboard', actions }])
  }
}

/**
 * `page` (puppeteer's) whose `keyboard.press("Shift+Tab")` holds Shift down around Tab, as the test-runner's
 * sendKeys({ press }) does in Chromium (Playwright) and WebKit (WebKitLauncher.sendKeys). Methods are bound to the
 * real objects (puppeteer's keep private fields, which a proxy as `this` cannot reach). One wrapper per page, so the
 * browser commands' per-page state (browser-commands.mjs) finds the same object each time.
 */
const chordPages = new WeakMap()

function withChordKeys(page) {
  let wrapped = chordPages.get(page)
  if (!wrapped) chordPages.set(page, (wrapped = chordKeysOf(page)))
  return wrapped
}

function chordKeysOf(page) {
  const keyboard = page.keyboard
  const chordKeyboard = new Proxy(keyboard, {
    get(target, name) {
      if (name !== 'press') {
        const value = Reflect.get(target, name)
        return typeof value === 'function' ? value.bind(target) : value
      }
      return async (key, options) => {
        const keys = key.length > 1 ? key.split('+') : [key]
        if (keys.length < 2 || keys.includes('')) return target.press(key, options)
        const modifiers = keys.slice(0, -1)
        for (const modifier of modifiers) await target.down(modifier)
        try {
          await target.press(keys.at(-1), options)
        } finally {
          for (const modifier of modifiers.reverse()) await target.up(modifier)
        }
      }
    },
  })
  return new Proxy(page, {
    get(target, name) {
      if (name === 'keyboard') return chordKeyboard
      const value = Reflect.get(target, name)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/**
 * Puppeteer asks Firefox to keep a copy of every request and response body (network.addDataCollector, for
 * HTTPResponse.content()), even with networkEnabled off; no test reads one, and the copies cost Firefox's parent
 * process about 1.5 s of CPU per three test files. Its session is told to skip that one command.
 */
function withoutBodyCollectors() {
  const send = BidiSession.prototype.send
  if (send.skipsBodyCollectors) return
  BidiSession.prototype.send = Object.assign(
    function (method, params) {
      return method === 'network.addDataCollector' ? Promise.resolve({}) : send.call(this, method, params)
    },
    { skipsBodyCollectors: true },
  )
}

/**
 * Firefox through puppeteer-core over WebDriver BiDi, each test file in a new tab brought to the front. A reused tab
 * can have lost focus to Firefox's own UI (Tab past a modal dialog's last control leaves the page, and a popup takes
 * focus): such a page matches no :focus-visible and gets no key presses, failing the next file's keyboard tests.
 */
class FirefoxLauncher extends ChromeLauncher {
  /** The test page, whose keyboard presses a chord such as "Shift+Tab" as Playwright's does (puppeteer's knows none). */
  getPage(sessionId) {
    return withChordKeys(super.getPage(sessionId))
  }

  async startSession(sessionId, url) {
    for (const page of this.inactivePages.splice(0)) await page.puppeteerPage.close().catch(() => {})
    const { browser, context } = await this.getOrStartBrowser()
    const page = await this.createNewPage(browser, context)
    await page.puppeteerPage.bringToFront()
    this.activePages.set(sessionId, page)
    await page.runSession(url, false)
  }
}

/**
 * Test files that get a Chromium browser context of their own, and why. web-test-runner tells a launcher only a
 * session's id; its reporters see the sessions (engineResultsReporter keeps them here), which name the file.
 */
const OWN_CONTEXT = new Map([
  ['test/browser/cache-quota.test.ts', 'Storage.overrideQuotaForOrigin holds only for a storage bucket nothing has used yet'],
])
/**
 * Test files that run in the full browser rather than the headless shell (chromium.mjs, headlessPath), and why: the
 * shell has no PDF viewer.
 */
const IN_THE_BROWSER = new Map([
  ['components/mcp-resource-view/mcp-resource-view.test.ts', 'opens PDFs in the PDF viewer'],
  ['test/browser/pdf-frame.test.ts', 'shows PDFs in frames'],
])
let runSessions

/**
 * Chromium through Playwright, with one browser context for every test file, as Firefox's and WebKit's sessions
 * already are: the modules a file loads stay in the HTTP cache for the next file (web-test-runner.config.mjs serves
 * them cacheable), which took the Chromium suites from 403 s to 370 s. A file's end closes its pages, not the shared
 * context; a file of OWN_CONTEXT gets a new context, closed with it. The pages run in the headless shell; a file of
 * IN_THE_BROWSER gets a context of its own in the full browser, started on first use.
 */
class ChromiumLauncher extends PlaywrightLauncher {
  #shared
  #ownContext = false
  #inTheBrowser = false
  #browser

  constructor() {
    super(
      'chromium',
      { executablePath: headlessPath, headless: true, args: chromiumArgs },
      ({ browser }) => this.#context(browser),
      ({ context }) => context.newPage(),
      false,
    )
  }

  async startSession(sessionId, url) {
    const file = runSessions?.get(sessionId)?.testFile
    const path = file === undefined ? undefined : relative(process.cwd(), file)
    this.#ownContext = OWN_CONTEXT.has(path)
    this.#inTheBrowser = IN_THE_BROWSER.has(path) && headlessPath !== chromiumPath
    return super.startSession(sessionId, url)
  }

  async stop() {
    await super.stop()
    await (await this.#browser)?.close()
  }

  async #context(browser) {
    if (this.#inTheBrowser) {
      this.#browser ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
      return (await this.#browser).newContext()
    }
    if (this.#ownContext) return browser.newContext()
    this.#shared ??= browser.newContext().then(
      (context) =>
        new Proxy(context, {
          get: (target, key) =>
            key === 'close'
              ? () => Promise.all(target.pages().map((page) => page.close()))
              : typeof target[key] === 'function'
                ? target[key].bind(target)
                : target[key],
        }),
    )
    return this.#shared
  }
}

/** The web-test-runner launcher for `engine`. */
export function engineLauncher(engine) {
  switch (engine) {
    case 'chromium':
      return new ChromiumLauncher()
    case 'firefox':
      withoutBodyCollectors()
      return new FirefoxLauncher(
        {
          browser: 'firefox',
          executablePath: programOf('firefox', 0),
          headless: true,
          protocol: 'webDriverBiDi',
          // WebDriver BiDi cannot grant 'clipboard-read' (Firefox has no such permission name): Firefox's own switch for
          // tests lets navigator.clipboard read and write with no paste prompt and no user gesture (the
          // grant-clipboard command is then a no-op), as Playwright's grant does in Chromium.
          //
          // One content process for every tab, kept between files, and none launched ahead: Firefox otherwise started a
          // new one for most test files (12 for 8 files), each costing a second or so of CPU before the page loads.
          extraPrefsFirefox: {
            'dom.events.testing.asyncClipboard': true,
            'dom.ipc.processCount': 1,
            'dom.ipc.keepProcessesAlive.web': 1,
            'dom.ipc.processPrelaunch.enabled': false,
          },
          // Nothing here reads puppeteer's network events, and Firefox's parent process builds one for every module and
          // MCP request: without them (and withoutBodyCollectors) that process used 20 to 40 % less CPU.
          networkEnabled: false,
        },
        ({ browser }) => browser.defaultBrowserContext(),
        ({ context }) => context.newPage(),
        puppeteerCore,
      )
    case 'webkit':
      return new WebKitLauncher()
  }
}

/** How many of an engine's slowest test files, and of its slowest tests, the run's summary names. */
const SLOWEST_SHOWN = 8
const SLOWEST_TESTS_SHOWN = 12

/**
 * Counts a session's tests, through nested suites, and keeps each one's duration (`counts.testMs`). A test
 * skipped with its suite (describeExceptIn) is named with that suite's title, which carries the reason.
 */
function countTests(suite, file, counts, skippedSuite) {
  for (const test of suite?.tests ?? []) {
    counts.testMs.push({ file, name: test.name, ms: test.duration ?? 0 })
    if (test.skipped)
      counts.skipped.push({ file, name: skippedSuite && !/\[skipped in /.test(test.name) ? `${skippedSuite} > ${test.name}` : test.name })
    else if (test.passed) counts.passed++
    else counts.failed.push({ file, name: test.name })
  }
  for (const child of suite?.suites ?? [])
    countTests(child, file, counts, /\[skipped in /.test(child.name ?? '') ? child.name : skippedSuite)
}

/**
 * Where an engine's time goes, from its tests' durations: the slowest files (their tests' durations added up) and the
 * slowest tests, which test-browsers.mjs prints (where to look first to make `npm test` quicker), and the seconds
 * spent in tests, which it sets against the run's wall time (the rest is starting the browser and loading modules).
 */
export function timesOf(testMs) {
  const fileMs = {}
  for (const { file, ms } of testMs) fileMs[file] = (fileMs[file] ?? 0) + ms
  return {
    slowest: Object.entries(fileMs)
      .sort(([, a], [, b]) => b - a)
      .slice(0, SLOWEST_SHOWN)
      .map(([file, ms]) => ({ file, seconds: Math.round(ms / 1000) })),
    slowestTests: [...testMs]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_TESTS_SHOWN)
      .map(({ file, name, ms }) => ({ file, name, seconds: Math.round(ms / 100) / 10 })),
    testSeconds: Math.round(testMs.reduce((sum, { ms }) => sum + ms, 0) / 1000),
  }
}

/** "Chromium 156.0.8078.114 (headless shell)", "Firefox 153.8.0esr", "WebKitGTK 2.50.6": the browser `engine` runs, or its name alone. */
export function engineVersion(engine) {
  const run = (program, args) => execFileSync(program, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] })
  try {
    if (engine === 'chromium')
      return `${run(headlessPath, ['--version']).match(/^\S+ [\d.]+/)[0]}${headlessPath === chromiumPath ? '' : ' (headless shell)'}`
    if (engine === 'firefox') return `Firefox ${run(programOf('firefox', 0), ['--version']).match(/Firefox (\S+)/)[1]}`
    // MiniBrowser has no --version; Debian's package of the library it runs says it.
    return `WebKitGTK ${run('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0']).match(/^[\d.]+/)[0]}`
  } catch {
    return { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKitGTK' }[engine]
  }
}

/**
 * A reporter that writes the run's counts to the file MCP_ENGINE_RESULTS names (nothing when unset):
 * { engine, browser, passed, failed: [{file, name}], skipped: [{file, name}], failedFiles: [file], slowest, slowestTests,
 * testSeconds, testMs: [{file, name, ms}] (every test, the slowest first) }. It also keeps
 * the run's sessions for ChromiumLauncher, which learns a session's file from them.
 */
export function engineResultsReporter() {
  return {
    start({ sessions }) {
      runSessions = sessions
    },
    onTestRunFinished({ sessions }) {
      const out = process.env.MCP_ENGINE_RESULTS
      if (!out) return
      const engine = selectedEngine()
      const counts = { engine, browser: engineVersion(engine), passed: 0, failed: [], skipped: [], failedFiles: [], testMs: [] }
      for (const session of sessions) {
        const file = session.testFile.replace(process.cwd() + '/', '')
        countTests(session.testResults, file, counts)
        if (!session.passed && !session.testResults?.tests?.length && !session.testResults?.suites?.length) counts.failedFiles.push(file)
        else if (session.errors?.length) counts.failedFiles.push(file)
      }
      counts.testMs.sort((a, b) => b.ms - a.ms)
      Object.assign(counts, timesOf(counts.testMs))
      writeFileSync(out, JSON.stringify(counts, null, 2))
    },
  }
}
