// The published shape: `mcp-web-elements` and `mcp-web-elements/client` resolve
// through package.json "exports" to the built files, and work.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startFixtureServer } from '../support/fixture-server.js'

const built = existsSync(new URL('../../dist/client.js', import.meta.url))
const skip = built ? false : 'dist/ is not built: run npm run build first (npm test does)'
// Imported by a computed name: type checking runs before the build, when there is nothing to resolve yet.
const load = (specifier: string) => import(specifier)

test('mcp-web-elements/client resolves to the build and talks to a real server', { skip }, async () => {
  const { McpClient, TimeoutError, McpError } = await load('mcp-web-elements/client')
  assert.ok(new TimeoutError(1, 'x') instanceof McpError)
  const server = await startFixtureServer()
  try {
    const tools = await new McpClient(server.url).listTools()
    assert.ok(tools.some((t: { name: string }) => t.name === 'echo'))
  } finally {
    await server.close()
  }
})

test('mcp-web-elements exports the same client', { skip }, async () => {
  const root = await load('mcp-web-elements')
  const client = await load('mcp-web-elements/client')
  assert.equal(root.McpClient, client.McpClient)
})

test('the declarations the exports map names exist', { skip }, () => {
  for (const file of ['dist/types/components/index.d.ts', 'dist/types/src/client/index.d.ts']) {
    assert.ok(existsSync(new URL(`../../${file}`, import.meta.url)), file)
  }
})

test('error names survive a minified bundle, so logs say which error it was', async () => {
  const { build } = await import('esbuild')
  const out = await build({
    stdin: {
      contents: `import { TimeoutError, InputRequiredError } from './src/client/index.ts'
        export const names = [new TimeoutError(1, 'tools/call').name, new InputRequiredError('tools/call', {}, undefined, async () => ({})).name]`,
      resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  })
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
  const { names } = await import(url)
  assert.deepEqual(names, ['TimeoutError', 'InputRequiredError'])
})
