// `npm run knip`: files, exports and dependencies nothing uses. The public
// entries' exports are the package's API and are not reported. `knip --production` (also in the script) leaves the
// tests out, so an export only tests use is reported there: a test reaches the code the way its users do.
import type { KnipConfig } from 'knip'

const config: KnipConfig = {
  entry: [
    // The package's entries (package.json "exports", built by vite.config.ts) and the CDN build's.
    'src/{client,cache,auth}/index.ts!',
    'src/auth/{callback,callback-page}.ts!',
    'components/{index,cdn}.ts!',
    'components/*/mcp-*.ts!',
    '!components/**/*.test.ts!',
    'sandbox/*.{ts,html}!',
    // vite.config.ts aliases the markdown parser's decode-named-character-reference to it.
    'components/mcp-content/named-references.ts!',
    // Pages, servers and scripts, each run on its own.
    'demo/site/**/*.{ts,tsx,html}',
    // Bundled by path (test/support/servers/bundle-views.ts), not imported.
    'demo/server/app-views/*.ts',
    'test/support/servers/apps-views/*.ts',
    // web-test-runner.config.mjs starts test/support/servers/N.ts by name.
    'test/support/servers/*.ts',
    'test/support/*.html',
    'test/conformance/*.ts',
    'bench/*.{ts,js,mjs}',
    'scripts/*.{ts,mjs,cjs}',
    // npm run compare-design serves these pages (its Vite server's root).
    'scripts/design-comparison/*.{ts,html}',
    // `cem analyze` (npm run build) reads it.
    'custom-elements-manifest.config.mjs',
  ],
  project: [
    '{src,components,sandbox}/**/*.ts!',
    '!src/protocol/generated/**',
    '{test,bench,scripts,demo,frameworks}/**/*.{ts,tsx,js,mjs,cjs,vue,svelte}',
    '*.{ts,js,mjs,cjs}',
  ],
  ignore: ['dist/**'],
  ignoreDependencies: [
    // Run by path or as a program, never imported: the conformance suite (scripts/conformance.mjs), the real servers
    // the interop suite starts (test/node/real-servers.test.ts), axe-core's file (test/e2e/site-pages.ts) and
    // dependency-cruiser's CLI (scripts/check-layers.mjs).
    '@modelcontextprotocol/conformance',
    '@modelcontextprotocol/server-everything',
    '@modelcontextprotocol/server-filesystem',
    '@modelcontextprotocol/server-memory',
    '@modelcontextprotocol/server-sequential-thinking',
    '@playwright/mcp',
    'mcp-proxy',
    'axe-core',
    'dependency-cruiser',
    // @web/test-runner-webdriver drives Firefox and WebKit with it (test/support/engines.mjs); pinned here.
    'webdriverio',
    // TypeScript 6 for typedoc and typescript-eslint, resolved by name in module hooks (scripts/typedoc-typescript.mjs,
    // scripts/eslint-typescript.mjs): they do not support the TypeScript 7 the project builds with.
    'typedoc-typescript',
  ],
  // The bench page imports the built CDN file by its URL on the bench's server.
  ignoreUnresolved: ['/cdn/client.js'],
}

export default config
