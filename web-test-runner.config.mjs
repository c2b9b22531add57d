// Browser tests: `npm run test:browser` runs them in headless Chromium, Firefox and WebKit, one engine after
// the other (scripts/test-browsers.mjs). This config runs one engine: MCP_ENGINE=chromium (the default),
// firefox or webkit (test/support/engines.mjs launches them).
//
// Real MCP servers (the official @modelcontextprotocol/server with permissive
// CORS) run in this process on their own loopback ports, so tests talk to them
// cross-origin over real HTTP exactly as a web page would:
//   - `main` is test/support/fixture-server.ts, started with the run;
//   - any other name N is test/support/servers/N.ts, started on first use. Such
//     a file exports `startServer(): Promise<TestServer>` (see servers/README.md).
//
// Tests reach them through test-only routes on the test runner's own origin
// (test/support/browser.ts wraps them); `server` defaults to `main`:
//   GET  /__fixture/info?server=N                 -> { url, origin } of that server
//   GET  /__fixture/stats?server=N                -> its stats ({ cancelled, requests })
//   POST /__fixture/notify/tools-changed?server=N -> notify.toolsChanged() to open listen streams
//   POST /__fixture/control?server=N&action=A     -> server.control(A, jsonBody), for per-server switches
//
// A test can also make the runner's own answer for a module fail, as a server being deployed fails a lazy chunk
// (test/support/module-faults.mjs, which names the modules a test may fail; failModule() in test/support/browser.ts):
//   POST   /__fixture/module-fault?path=P&times=N[&status=S] -> the next N GETs of P answer HTTP S (503), not cached
//          (?chunk=C instead of path=P: the built chunk C of the builds the strict-CSP page loads, whatever its hash)
//   GET    /__fixture/module-fault?path=P                    -> { failed, served }: P's GETs failed and let through
//   DELETE /__fixture/module-fault                           -> no faults any more
//
// The browsers are the system's: Chromium (set CHROME_PATH to use another binary), Firefox ESR, WebKitGTK.
import { fileURLToPath } from 'node:url'
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { defaultReporter, summaryReporter } from '@web/test-runner'
import { register } from 'tsx/esm/api'
import { browserCommandsPlugin } from './test/support/browser-commands.mjs'
import { engineLauncher, engineResultsReporter, selectedEngine } from './test/support/engines.mjs'
import { moduleFaults } from './test/support/module-faults.mjs'
import { startRequestLog, stopRequestLog } from './test/support/request-log.mjs'
import { strictPageRoutes } from './test/support/strict-page.mjs'

const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url))

/** Running servers by name, each a promise so concurrent first uses start it once. */
const servers = new Map()

/**
 * The servers are TypeScript; tsx compiles them (and their imports) for this process only, in one namespace so that
 * the modules they share (the SDK, zod, the fixture server) load once (a namespace per server, as tsImport() makes,
 * loads them again for each: 30 servers took 65 to 70 s of a run under load).
 */
let serverModules
const importServer = (path) => (serverModules ??= register({ namespace: 'mcp-test-servers' })).import(path, import.meta.url)

function startServer(name) {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`bad server name ${name}`)
  let started = servers.get(name)
  if (!started) {
    started =
      name === 'main'
        ? importServer('./test/support/fixture-server.ts').then((m) => m.startFixtureServer({ cors: true }))
        : importServer(`./test/support/servers/${name}.ts`).then((m) => m.startServer())
    servers.set(name, started)
  }
  return started
}

/** Starts the main fixture server before the browser opens; stops every server when the run ends. */
function fixtureServerPlugin() {
  return {
    name: 'mcp-fixture-server',
    async serverStart() {
      // Before any server starts, so that the log (test/support/request-log.mjs) sees all of them.
      startRequestLog(process.env.MCP_REQUEST_LOG)
      await startServer('main')
    },
    async serverStop() {
      const all = [...servers.values()]
      servers.clear()
      await Promise.all(all.map(async (s) => (await s).close()))
      await stopRequestLog()
    },
  }
}

async function readJson(ctx) {
  let raw = ''
  for await (const chunk of ctx.req) raw += chunk
  return raw ? JSON.parse(raw) : undefined
}

/**
 * The markdown parser's named-reference decoder without the DOM, as the builds alias it (vite.config.ts
 * markdownAliases): the same module instance markdown.ts imports, so the tests run what users get.
 */
function markdownAliasPlugin() {
  return {
    name: 'markdown-aliases',
    resolveImport: ({ source }) =>
      source === 'decode-named-character-reference' ? '/components/mcp-content/named-references.ts' : undefined,
  }
}

/** Test-only control routes for the test servers (see the header comment). */
async function fixtureRoutes(ctx, next) {
  if (!ctx.path.startsWith('/__fixture/')) return next()
  ctx.set('cache-control', 'no-store')
  let server
  try {
    server = await startServer(ctx.query.server || 'main')
  } catch (error) {
    ctx.status = 500
    ctx.body = `cannot start server ${ctx.query.server}: ${error?.stack ?? error}`
    return
  }
  const route = `${ctx.method} ${ctx.path}`
  if (route === 'GET /__fixture/info') {
    ctx.body = { url: server.url, origin: server.origin }
  } else if (route === 'GET /__fixture/stats') {
    ctx.body = server.stats
  } else if (route === 'POST /__fixture/notify/tools-changed') {
    server.notify.toolsChanged()
    ctx.status = 204
  } else if (route === 'POST /__fixture/control' && server.control) {
    const result = await server.control(String(ctx.query.action), await readJson(ctx))
    if (result === undefined) ctx.status = 204
    else ctx.body = result
  } else {
    ctx.status = 404
    ctx.body = `no fixture route ${route}`
  }
}

export default {
  // The components glob may match nothing yet; WTR only fails when no pattern matches any file.
  files: ['test/browser/**/*.test.ts', 'components/**/*.test.ts'],
  // Resolve packages as the production build does. The runner's default ('development') picks micromark's dev build,
  // which imports the CommonJS `debug` package and cannot load in a browser (markdown in <mcp-content> needs micromark).
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: 1,
  concurrentBrowsers: 1,
  // Per test file. Firefox and WebKit run the longest files (focus-rings) at a third of Chromium's speed.
  testsFinishTimeout: selectedEngine() === 'chromium' ? 120_000 : 360_000,
  // Firefox takes half a minute to start on a busy 2-core machine (WTR's default allows 30 s).
  browserStartTimeout: 120_000,
  // Per test. Firefox and WebKit start a file's first test (its modules, a server's first answer) slower, and more so
  // beside another engine (--side-by-side): a demo-server test took 10 s in Firefox with all three engines at once.
  testFramework: { config: { timeout: selectedEngine() === 'chromium' ? 10_000 : 20_000 } },
  // Name every test in the output, not only the failures.
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), engineResultsReporter()],
  // strictPageRoutes: the strict-CSP page and the npm build bundled for it (test/browser/strict-csp.test.ts).
  // moduleFaults first: the modules it may fail are never made cacheable, and its route is not a test server's.
  // Outside --watch, web-test-runner itself marks every file it serves cacheable for a year (its cacheMiddleware, which
  // wraps these), so each engine fetches a module once per run, /dist/ files included.
  middleware: [moduleFaults, fixtureRoutes, strictPageRoutes],
  plugins: [esbuildPlugin({ ts: true, target: 'auto', tsconfig }), markdownAliasPlugin(), fixtureServerPlugin(), browserCommandsPlugin()],
  browsers: [engineLauncher(selectedEngine())],
}
