// The strict page's routes for web-test-runner (test/browser/strict-csp.test.ts):
//
//   GET /test/support/strict-page.html   served with STRICT_CSP as its Content-Security-Policy header
//                                         (the runner serves the file; this adds the header)
//   GET /__strict/npm/*.js               the npm build as a user's bundler resolves it: dist/index.js bundled by
//                                         esbuild for the browser (export condition `browser`, code splitting so the
//                                         lazy chunks stay lazy, minified), built once per run from dist/ in memory
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** What a careful embedding page sends: only its own scripts and styles, and DOM sinks only through Trusted Types. */
export const STRICT_CSP = "script-src 'self'; style-src 'self'; require-trusted-types-for 'script'"

const STRICT_PAGE = '/test/support/strict-page.html'
const NPM_PREFIX = '/__strict/npm/'
const repo = fileURLToPath(new URL('../../', import.meta.url))

/** @type {Promise<Map<string, string>> | undefined} */
let npmBundle

function bundleNpmBuild() {
  return build({
    absWorkingDir: repo,
    entryPoints: { index: 'dist/index.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    outdir: 'strict-npm',
    write: false,
    logLevel: 'silent',
  }).then((out) => new Map(out.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('/') + 1), file.text])))
}

export async function strictPageRoutes(ctx, next) {
  if (ctx.path.startsWith(NPM_PREFIX)) {
    npmBundle ??= bundleNpmBuild()
    let files
    try {
      files = await npmBundle
    } catch (error) {
      npmBundle = undefined
      ctx.status = 500
      ctx.body = `cannot bundle dist/index.js (npm run build first): ${error?.message ?? error}`
      return
    }
    const file = files.get(ctx.path.slice(NPM_PREFIX.length))
    if (file === undefined) return next()
    ctx.type = 'text/javascript'
    ctx.set('cache-control', 'no-store')
    ctx.body = file
    return
  }
  await next()
  if (ctx.path === STRICT_PAGE) {
    ctx.set('content-security-policy', STRICT_CSP)
    ctx.set('cache-control', 'no-store')
  }
}
