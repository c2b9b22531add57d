// Browser tests: `npm run test:browser` runs them in headless Chromium.
//
// A real MCP server (test/support/fixture-server.ts: the official
// @modelcontextprotocol/server with permissive CORS) runs in this process for
// the whole run, on its own loopback port, so tests talk to it cross-origin
// over real HTTP exactly as a web page would.
//
// Tests reach it through test-only routes on the test runner's own origin:
//   GET  /__fixture/info                 -> { url, origin } of the MCP server
//   GET  /__fixture/stats                -> the server's stats ({ cancelled, requests })
//   POST /__fixture/notify/tools-changed -> notify.toolsChanged() to open listen streams
//
// The browser is the system Chromium; set CHROME_PATH to use another binary.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { defaultReporter, summaryReporter } from '@web/test-runner'
import { playwrightLauncher } from '@web/test-runner-playwright'
import { tsImport } from 'tsx/esm/api'

const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url))

// /usr/lib/chromium/chromium is the binary itself; /usr/bin/chromium is Debian's
// shell wrapper around it (which adds nothing a headless test run needs).
const executablePath = process.env.CHROME_PATH || ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p))

/** @type {import('./test/support/fixture-server.ts').FixtureServer | undefined} */
let fixture

/** Starts the fixture server before the browser opens; stops it when the run ends. */
function fixtureServerPlugin() {
  return {
    name: 'mcp-fixture-server',
    async serverStart() {
      // The fixture is TypeScript; tsx compiles it (and its imports) for this process only.
      const { startFixtureServer } = await tsImport('./test/support/fixture-server.ts', import.meta.url)
      fixture = await startFixtureServer({ cors: true })
    },
    async serverStop() {
      const f = fixture
      fixture = undefined
      await f?.close()
    },
  }
}

/** Test-only control routes for the fixture server (see the header comment). */
async function fixtureRoutes(ctx, next) {
  if (!ctx.path.startsWith('/__fixture/')) return next()
  ctx.set('cache-control', 'no-store')
  if (!fixture) {
    ctx.status = 503
    ctx.body = 'fixture server not running'
    return
  }
  const route = `${ctx.method} ${ctx.path}`
  if (route === 'GET /__fixture/info') {
    ctx.body = { url: fixture.url, origin: fixture.origin }
  } else if (route === 'GET /__fixture/stats') {
    ctx.body = fixture.stats
  } else if (route === 'POST /__fixture/notify/tools-changed') {
    fixture.notify.toolsChanged()
    ctx.status = 204
  } else {
    ctx.status = 404
    ctx.body = `no fixture route ${route}`
  }
}

export default {
  // The components glob may match nothing yet; WTR only fails when no pattern matches any file.
  files: ['test/browser/**/*.test.ts', 'components/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 120_000,
  testFramework: { config: { timeout: 10_000 } },
  // Name every test in the output, not only the failures.
  reporters: [defaultReporter(), summaryReporter({ flatten: false })],
  // @open-wc/testing pulls in Lit's development build, which announces itself in every test file.
  filterBrowserLogs: ({ args }) => !(typeof args[0] === 'string' && args[0].startsWith('Lit is in dev mode')),
  middleware: [fixtureRoutes],
  plugins: [esbuildPlugin({ ts: true, target: 'auto', tsconfig }), fixtureServerPlugin()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
        ],
      },
    }),
  ],
}
