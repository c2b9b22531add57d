// MCP Apps, headless parts: the CSP the sandbox proxy gives a view (sandbox/csp.ts), what a tool's _meta.ui says,
// and readAppResource against the real `apps` test server (official SDK server, views registered with the
// official registerAppResource).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import {
  APP_MIME_TYPE,
  AppResourceError,
  McpClient,
  appResourceUri,
  readAppResource,
  toolVisibility,
  visibleToApps,
  visibleToModel,
  type Tool,
} from '../../src/client/index.js'
import { allowAttribute, buildCsp, withPolicy } from '../../sandbox/csp.js'
import { startServer } from '../support/servers/apps.js'

const tool = (meta?: Record<string, unknown>): Tool => ({ name: 't', inputSchema: { type: 'object' }, ...(meta && { _meta: meta }) }) as Tool

describe('the view CSP (sandbox/csp.ts)', { timeout: 5000 }, () => {
  const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]))

  test('without a declaration: the spec’s restrictive default (no connections, no frames, no objects)', () => {
    const d = directives(buildCsp(undefined))
    assert.equal(d.get('default-src'), "'none'")
    assert.equal(d.get('script-src'), "'self' 'unsafe-inline'")
    assert.equal(d.get('style-src'), "'self' 'unsafe-inline'")
    assert.equal(d.get('img-src'), "'self' data:")
    assert.equal(d.get('media-src'), "'self' data:")
    assert.equal(d.get('connect-src'), "'none'")
    assert.equal(d.get('frame-src'), "'none'")
    assert.equal(d.get('object-src'), "'none'")
    assert.equal(d.get('base-uri'), "'self'")
  })

  test('declared origins are added to their directives only', () => {
    const d = directives(
      buildCsp({
        connectDomains: ['https://api.example.com', 'wss://live.example.com/'],
        resourceDomains: ['https://*.cdn.example.com'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://base.example.com'],
      }),
    )
    assert.equal(d.get('connect-src'), 'https://api.example.com wss://live.example.com')
    assert.equal(d.get('script-src'), "'self' 'unsafe-inline' https://*.cdn.example.com")
    assert.equal(d.get('img-src'), "'self' data: https://*.cdn.example.com")
    assert.equal(d.get('frame-src'), 'https://www.youtube.com')
    assert.equal(d.get('base-uri'), "'self' https://base.example.com")
    assert.equal(d.get('object-src'), "'none'")
  })

  test('an entry that is not an origin is dropped and reported, never passed on', () => {
    const junk = ['*', "'unsafe-eval'", 'https://ok.example.com; script-src *', 'data:', 'http:', 'javascript:alert(1)', 'https://a.com b.com', 42]
    const dropped: string[] = []
    const policy = buildCsp({ connectDomains: junk, resourceDomains: junk }, dropped)
    assert.equal(directives(policy).get('connect-src'), "'none'")
    assert.equal(directives(policy).get('script-src'), "'self' 'unsafe-inline'")
    assert.equal(dropped.length, junk.length * 2)
    assert.doesNotMatch(policy, /unsafe-eval|\*(?!\.)|javascript/)
  })

  test('the policy goes in front of everything the view wrote, so no markup of the view runs before it or hides it', () => {
    const html = '<!-- <head> --><script>alert(1)</script><html><head></head></html>'
    const out = withPolicy(html, "default-src 'none'; script-src 'none'")
    assert.ok(out.startsWith(`<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'none'">`))
    assert.ok(out.endsWith(html))
    assert.ok(withPolicy('', 'a "b" <c>').includes('content="a &quot;b&quot; &lt;c>"'))
  })

  test('permissions become the frame’s allow attribute; unknown ones are ignored', () => {
    assert.equal(allowAttribute({ camera: {}, clipboardWrite: {}, usb: {} }), 'camera; clipboard-write')
    assert.equal(allowAttribute(undefined), '')
  })
})

describe('a tool’s _meta.ui', { timeout: 5000 }, () => {
  test('resourceUri, the deprecated flat key, and only ui:// URIs', () => {
    assert.equal(appResourceUri(tool({ ui: { resourceUri: 'ui://a/view.html' } })), 'ui://a/view.html')
    assert.equal(appResourceUri(tool({ 'ui/resourceUri': 'ui://a/old.html' })), 'ui://a/old.html')
    assert.equal(appResourceUri(tool({ ui: { resourceUri: 'https://evil.example/view.html' } })), undefined)
    assert.equal(appResourceUri(tool()), undefined)
  })

  test('visibility defaults to both; ["app"] hides from the model, ["model"] from views', () => {
    assert.deepEqual(toolVisibility(tool()), ['model', 'app'])
    assert.deepEqual(toolVisibility(tool({ ui: { visibility: [] } })), ['model', 'app'])
    const appOnly = tool({ ui: { visibility: ['app'] } })
    assert.equal(visibleToModel(appOnly), false)
    assert.equal(visibleToApps(appOnly), true)
    const modelOnly = tool({ ui: { visibility: ['model'] } })
    assert.equal(visibleToModel(modelOnly), true)
    assert.equal(visibleToApps(modelOnly), false)
  })

  test('the apps option declares the extension; without it nothing is declared', () => {
    assert.deepEqual(new McpClient('http://127.0.0.1:1/mcp', { apps: {} }).capabilities().extensions, {
      'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] },
    })
    assert.equal(new McpClient('http://127.0.0.1:1/mcp').capabilities().extensions, undefined)
  })
})

describe('readAppResource against the apps test server', { timeout: 60_000 }, () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let client: McpClient
  before(async () => {
    server = await startServer()
    client = new McpClient(server.url, { apps: { sandboxUrl: server.sandboxUrl } })
  })
  after(() => server?.close())

  test('a text view: its HTML and the sandbox settings of its _meta.ui', async () => {
    const echo = await readAppResource(client, 'ui://apps/echo.html')
    assert.match(echo.html, /^<!DOCTYPE html>/)
    assert.equal(echo.prefersBorder, true)
    const hostile = await readAppResource(client, 'ui://apps/hostile.html')
    assert.deepEqual(hostile.csp.connectDomains, ['*', "'unsafe-eval'", 'https://ok.example.com; script-src *', 'data:'])
  })

  test('a base64 blob view decodes to the same HTML', async () => {
    const [text, blob] = await Promise.all([readAppResource(client, 'ui://apps/echo.html'), readAppResource(client, 'ui://apps/blob.html')])
    assert.equal(blob.html, text.html)
  })

  test('a resource that is not text/html;profile=mcp-app, or not ui://, is refused with the reason', async () => {
    await assert.rejects(readAppResource(client, 'ui://apps/plain.html'), (e: unknown) => {
      assert.ok(e instanceof AppResourceError)
      assert.match(e.message, /text\/html.*not text\/html;profile=mcp-app/)
      return true
    })
    await assert.rejects(readAppResource(client, 'apps://notes/readme'), AppResourceError)
  })
})
