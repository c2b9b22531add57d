// Failing the dev server's answer for a module, to test what a page does when one of its chunks does not load (a
// dropped connection, a server being deployed). A test-only middleware for web-test-runner.config.mjs:
//
//   POST   /__fixture/module-fault?path=P&times=N[&status=S]  the next N GETs of path P (as the page requests it:
//                                                             /components/mcp-tool/copy-code.ts) answer HTTP S (503
//                                                             by default), never cached; the ones after are served
//   POST   /__fixture/module-fault?chunk=C&times=N[&status=S] the same for the built chunk C (copy-code) of the builds
//                                                             the strict-CSP page loads, whatever its hash
//   GET    /__fixture/module-fault?path=P (or ?chunk=C)        { failed, served }: the GETs of P failed and let through
//                                                             since the fault was set
//   DELETE /__fixture/module-fault                             forgets every fault
//
// The modules a test may fail are named in FAULTABLE and BUILT_CHUNKS below and always answered with no-store: the
// test runner makes every file cacheable for a year, so a browser would hand a module an earlier test file's page
// loaded to the next page from its cache, and keep a failed answer too, without asking the server again.

const ROUTE = '/__fixture/module-fault'

/** The paths a test may fail, as the page requests them. */
const FAULTABLE = new Set([
  '/components/mcp-tool/copy-code.ts',
  '/components/shared/save-call/save-call-form.ts',
  // <mcp-tool>, the chunk <mcp-tool-list> loads for a picked tool.
  '/components/mcp-tool/mcp-tool.ts',
  // What <mcp-server> loads when a browser blocks the sign-in popup.
  '/components/mcp-server/sign-in-link.ts',
  // The words of <mcp-server>'s failures.
  '/components/mcp-server/failure-view.ts',
  // The approval policy <mcp-server> loads at the first call that asks its gate.
  '/components/mcp-server/approval-policy.ts',
])

/**
 * The built chunks a test may fail, by the name the build gives them before their hash, in the two builds the
 * strict-CSP page loads (test/support/strict-page.mjs): the CDN file's chunks (/dist/cdn/copy-code-<hash>.js, an
 * element's /dist/cdn/elements/mcp-tool.js) and the npm build as the runner bundles it (esbuild adds a hash of its
 * own: /__strict/npm/copy-code-<vite hash>-<esbuild hash>.js, /__strict/npm/mcp-tool-<esbuild hash>.js).
 */
const BUILT_CHUNKS = [
  // <mcp-tool>, the chunk <mcp-tool-list> loads for a picked tool.
  'mcp-tool',
  // The form of Save call, in <mcp-tool> and <mcp-call-log>.
  'save-call-form',
  // The approval policy <mcp-server> loads at the first call that asks its gate.
  'approval-policy',
]

/** A built chunk's file: the name, then vite's hash (8 characters) and esbuild's (8 capitals and digits), each optional. */
const builtChunkPattern = (name) => new RegExp(`^/(?:dist/cdn/(?:elements/)?|__strict/npm/)${name}(?:-[\\w-]{8})?(?:-[A-Z0-9]{8})?\\.js$`)
const builtChunks = BUILT_CHUNKS.map((name) => ({ key: `chunk:${name}`, pattern: builtChunkPattern(name) }))

/** The fault key of a request's path: the path of a FAULTABLE module, `chunk:NAME` of a built chunk, else undefined. */
function faultKeyOf(path) {
  if (FAULTABLE.has(path)) return path
  return builtChunks.find(({ pattern }) => pattern.test(path))?.key
}

/** Faults by key (see faultKeyOf): how many GETs are still to fail, with which status, and the counts so far. */
const faults = new Map()

export async function moduleFaults(ctx, next) {
  if (ctx.path === ROUTE) {
    ctx.set('cache-control', 'no-store')
    const path = String(ctx.query.path ?? '')
    const chunk = ctx.query.chunk === undefined ? undefined : String(ctx.query.chunk)
    const key = chunk === undefined ? path : `chunk:${chunk}`
    if (ctx.method === 'DELETE') {
      faults.clear()
      ctx.status = 204
    } else if (chunk === undefined ? !FAULTABLE.has(path) : !BUILT_CHUNKS.includes(chunk)) {
      ctx.status = 400
      ctx.body =
        chunk === undefined
          ? `${ROUTE}: "${path}" is not one of the paths a test may fail (FAULTABLE in test/support/module-faults.mjs)`
          : `${ROUTE}: "${chunk}" is not one of the built chunks a test may fail (BUILT_CHUNKS in test/support/module-faults.mjs)`
    } else if (ctx.method === 'POST') {
      const times = Number(ctx.query.times ?? 1)
      const status = Number(ctx.query.status ?? 503)
      if (!Number.isInteger(times) || times < 0 || !Number.isInteger(status) || status < 400 || status > 599) {
        ctx.status = 400
        ctx.body = `${ROUTE}: times is a whole number (0 or more) and status an HTTP error status (400 to 599)`
        return
      }
      faults.set(key, { remaining: times, status, failed: 0, served: 0 })
      ctx.status = 204
    } else if (ctx.method === 'GET') {
      const fault = faults.get(key)
      ctx.body = { failed: fault?.failed ?? 0, served: fault?.served ?? 0 }
    } else {
      ctx.status = 405
    }
    return
  }
  const key = faultKeyOf(ctx.path)
  if (key === undefined) return next()
  const fault = ctx.method === 'GET' ? faults.get(key) : undefined
  if (!fault) return uncached(ctx, next)
  if (fault.remaining > 0) {
    fault.remaining--
    fault.failed++
    sendUncached(ctx, fault.status, { 'content-type': 'text/plain' }, `module-fault: ${ctx.path} failed on purpose (HTTP ${fault.status})`)
    return
  }
  fault.served++
  return uncached(ctx, next)
}

async function uncached(ctx, next) {
  await next()
  const body = typeof ctx.body === 'string' || Buffer.isBuffer(ctx.body) ? ctx.body : await readAll(ctx.body)
  sendUncached(ctx, ctx.status, ctx.response.headers, body)
}

/**
 * Answers with no-store, itself: the test runner's own middleware, outside this one, makes every file's answer
 * cacheable for a year (@web/test-runner-core cacheMiddleware), a 503 too, which a browser would then keep.
 */
function sendUncached(ctx, status, headers, body) {
  ctx.respond = false
  ctx.res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body ?? ''), 'cache-control': 'no-store' })
  ctx.res.end(body ?? '')
}

async function readAll(stream) {
  if (!stream) return ''
  const chunks = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
