// The demo site: a Vite multi-page app in this folder. `npm start` (demo/start.ts)
// runs its dev server. `mcp-web-elements` imports resolve to the package as
// published, the npm build's files in dist/ as package.json "exports" maps
// them (demo/start.ts builds them first when older than the sources); with
// DEMO_SOURCES=1, to the sources, for working on the library with reload on
// edits. /cdn/ serves the CDN build (dist/cdn/) untouched, for the page that
// uses nothing else.
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Alias, type Connect, type Plugin } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = fileURLToPath(new URL('../../', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/**
 * A page of the site's own saying why `title` is not there yet (`missing()`: words, no markup): a page a person
 * (and axe) can read, not a bare 404. It reloads itself while `npm start` builds what is missing.
 */
function missingPage(title: string, missing: () => { text: string; building: boolean }): string {
  const { text, building } = missing()
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${building ? '<meta http-equiv="refresh" content="5" />' : ''}
    <title>${title} · mcp-web-elements</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/site.css" />
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      <p class="lead" role="status">${text}</p>
      <p><a href="/">Back to the playground</a></p>
    </main>
  </body>
</html>`
}

/**
 * Serves the files of `dir` at `prefix` as they are (no Vite transform): the
 * CDN build at /cdn/ (the CDN page must load exactly what a CDN would serve),
 * and the TypeDoc reference (`npm run docs`, docs/api/) at /api/. Until
 * `dir` has an index.html, `/prefix/` answers 503 with a page saying why
 * (`missing`).
 */
function servedAsIs(prefix: string, dir: string, title: string, missing: () => { text: string; building: boolean }): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0])
    let file = join(dir, path)
    if (relative(dir, file).startsWith('..')) return next()
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) {
      if (path !== '/' || existsSync(join(dir, 'index.html'))) return next()
      res.statusCode = 503
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.setHeader('cache-control', 'no-store')
      return res.end(missingPage(title, missing))
    }
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
    res.setHeader('cache-control', 'no-cache')
    createReadStream(file).pipe(res)
  }
  // The dev server (npm start) and `vite preview` of a built site both serve them.
  return {
    name: `demo-static-${prefix}`,
    configureServer: (server) => void server.middlewares.use(prefix, serve),
    configurePreviewServer: (server) => void server.middlewares.use(prefix, serve),
  }
}

/** Every page of the site (the multi-page build's inputs). */
function pages(dir = here, found: Record<string, string> = {}): Record<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) pages(path, found)
    else if (entry.name.endsWith('.html')) found[relative(here, path).replace(/\.html$/, '')] = path
  }
  return found
}

/**
 * The packages the library's sources import at run time, for Vite to bundle
 * before the first page loads: found later (a lazy chunk's import), they would
 * make Vite reload the open page.
 */
function runtimeDependencies(): string[] {
  // The library's build bundles some devDependencies (the markdown parser): those count too.
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Record<
    'dependencies' | 'devDependencies',
    Record<string, string>
  >
  const dependencies = { ...manifest.dependencies, ...manifest.devDependencies }
  const found = new Set<string>()
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        for (const [, specifier] of readFileSync(path, 'utf8').matchAll(
          /^(?:import|export)(?! type)[^'\n]*?from '([^'.][^']*)'|import\('([^'.][^']*)'\)/gm,
        )) {
          if (!specifier) continue
          const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]
          if (name in dependencies) found.add(specifier)
        }
      }
    }
  }
  visit(join(repo, 'src'))
  visit(join(repo, 'components'))
  return [...found]
}

/** `mcp-web-elements` and its subpaths resolved to the sources (DEMO_SOURCES=1). */
function sourceAliases(): Alias[] {
  return [
    { find: /^mcp-web-elements$/, replacement: join(repo, 'components/index.ts') },
    { find: /^mcp-web-elements\/elements\/(mcp-[a-z-]+)$/, replacement: join(repo, 'components/$1/$1.ts') },
    { find: /^mcp-web-elements\/auth\/callback$/, replacement: join(repo, 'src/auth/callback.ts') },
    { find: /^mcp-web-elements\/([a-z-]+)$/, replacement: join(repo, 'src/$1/index.ts') },
  ]
}

/**
 * `mcp-web-elements` and its subpaths resolved as an installed package resolves them: each JavaScript entry of
 * package.json "exports" (its `default` file in dist/; `*` stands for an element's name). The typings-only entries
 * (`/react`, `/vue`…) have none: the site imports them as types only.
 */
function packageAliases(): Alias[] {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    name: string
    exports: Record<string, string | { default?: string }>
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const file = typeof target === 'object' ? target.default : undefined
    if (!file?.endsWith('.js')) return []
    const [before, after] = `${manifest.name}${subpath.slice(1)}`.split('*')
    const find = new RegExp(`^${escape(before!)}${after === undefined ? '' : `([a-z-]+)${escape(after)}`}$`)
    return [{ find, replacement: join(repo, file.replace('*', '$1')) }]
  })
}

/**
 * The site's Client ID Metadata Document at /oauth-client.json: the CDN page signs in with its URL as client id, and
 * the authorization server reads it to learn the client's name and where it may send the user back. Made per request,
 * from the address the browser used, so that both 127.0.0.1 and localhost work.
 */
function clientMetadataDocument(): Plugin {
  const serve: Connect.NextHandleFunction = (req, res) => {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`
    const document = {
      client_id: `${origin}/oauth-client.json`,
      client_name: 'mcp-web-elements demo',
      client_uri: `${origin}/`,
      redirect_uris: [`${origin}/oauth-callback.html`],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(document, null, 2))
  }
  return { name: 'client-metadata-document', configureServer: (server) => void server.middlewares.use('/oauth-client.json', serve) }
}

export default defineConfig({
  root: here,
  appType: 'mpa',
  cacheDir: join(repo, 'node_modules/.vite-demo'),
  // No .env files: the demo server's URL comes from the environment (demo/start.ts sets VITE_DEMO_MCP_URL).
  envDir: false,
  resolve: {
    // Production builds of dependencies, as the library build picks (micromark's development build needs Node's `debug`).
    conditions: ['module', 'browser', 'production'],
    alias: process.env.DEMO_SOURCES === '1' ? sourceAliases() : packageAliases(),
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  optimizeDeps: { entries: ['**/*.html'], include: [...runtimeDependencies(), 'react', 'react-dom/client'] },
  server: {
    host: '127.0.0.1',
    strictPort: true,
    fs: { allow: [repo] },
    // Compile the playground and what it imports while the browser is still on its way: the first page opens sooner.
    warmup: { clientFiles: ['./playground.ts'] },
  },
  build: { outDir: join(repo, '.tmp/demo-site'), emptyOutDir: true, rolldownOptions: { input: pages() } },
  plugins: [
    clientMetadataDocument(),
    servedAsIs('/cdn/', join(repo, 'dist/cdn'), 'CDN build', () => ({
      text: 'No CDN build yet: run npm run build (npm start builds it when missing).',
      building: false,
    })),
    // demo/start.ts builds the reference in the background when it is missing, and says so (DEMO_DOCS_BUILDING).
    servedAsIs('/api/', join(repo, 'docs/api'), 'API reference', () =>
      process.env.DEMO_DOCS_BUILDING === '1'
        ? { text: 'npm start is building the API reference (npm run docs, about a minute). This page reloads until it is there.', building: true }
        : { text: 'The API reference is not built: run npm run docs, then reload.', building: false },
    ),
  ],
})
