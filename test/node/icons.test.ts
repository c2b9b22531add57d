// The icon rules: which sources may load, and which icon fits a theme and a size.
// Pure functions over a server's `icons` array; the fixture's own icon is checked too.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient, chooseIcon, iconSourceAllowed, type Icon } from '../../src/client/index.js'
import { startFixtureServer } from '../support/fixture-server.js'

/** Every test is bounded: a regression fails instead of hanging the run. */
const BOUND = { timeout: 15_000 }

const PNG = 'data:image/png;base64,iVBORw0KGgo='
const page = { pageOrigin: 'http://localhost:8080' }

describe('iconSourceAllowed', { timeout: 5000 }, () => {
  test('https and data:image sources are accepted', BOUND, () => {
    assert.equal(iconSourceAllowed('https://cdn.example/icon.png'), true)
    assert.equal(iconSourceAllowed(PNG), true)
    assert.equal(iconSourceAllowed('data:image/svg+xml;base64,PHN2Zz4='), true)
    assert.equal(iconSourceAllowed('data:image/svg+xml,%3Csvg%3E'), true)
  })

  test('scripts, other schemes and non-image data are refused', BOUND, () => {
    for (const src of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:application/javascript,alert(1)',
      'data:,hello',
      'blob:https://cdn.example/0b4f1f2e-1111-4444-8888-123456789abc',
      'file:///etc/passwd',
      'ftp://cdn.example/icon.png',
      'http://cdn.example/icon.png',
      '/icon.png',
      'icon.png',
      '',
      'https://',
    ]) {
      assert.equal(iconSourceAllowed(src, page), false, src)
    }
    for (const src of [undefined, null, 42, {}]) assert.equal(iconSourceAllowed(src), false)
  })

  test('credentials in the URL are refused, even on an allowed origin', BOUND, () => {
    assert.equal(iconSourceAllowed('https://user:pass@cdn.example/icon.png'), false)
    assert.equal(iconSourceAllowed('https://user@cdn.example/icon.png'), false)
    assert.equal(iconSourceAllowed('http://me:secret@localhost:8080/icon.png', { serverUrl: 'http://localhost:8080/mcp' }), false)
  })

  test("plain http only from the MCP server's own origin or an allowed one", BOUND, () => {
    const server = { serverUrl: 'http://localhost:3000/mcp' }
    assert.equal(iconSourceAllowed('http://localhost:3000/icons/a.png', server), true, "a dev server's own icons")
    assert.equal(iconSourceAllowed('http://localhost:3001/icons/a.png', server), false, 'another port is another origin')
    assert.equal(iconSourceAllowed('http://cdn.example/icon.png', server), false)
    assert.equal(iconSourceAllowed('http://intranet.example/i.png', { allowOrigins: ['http://intranet.example/'] }), true)
    assert.equal(iconSourceAllowed('http://evil.example/i.png', { allowOrigins: ['http://intranet.example'] }), false)
    const hook = (origin: string) => origin.endsWith('.corp.example')
    assert.equal(iconSourceAllowed('http://icons.corp.example/i.png', { allowOrigins: hook }), true)
    assert.equal(iconSourceAllowed('http://corp.example.evil/i.png', { allowOrigins: hook }), false)
  })

  test("the page's own host only when it is the MCP server's origin or the page allows it (its cookies would go along)", BOUND, () => {
    // A hostile server's icon aimed at a state-changing URL of the embedding page's site.
    const logout = 'https://shop.example/account/logout'
    const shop = { pageOrigin: 'https://shop.example' }
    assert.equal(iconSourceAllowed(logout, shop), false, "https: is not enough on the page's own origin")
    assert.equal(iconSourceAllowed('https://shop.example:8443/logout', shop), false, 'cookies ignore the port')
    assert.equal(iconSourceAllowed('http://localhost:8080/logout', { pageOrigin: 'http://localhost:8080' }), false, 'a dev page')
    assert.equal(iconSourceAllowed('https://localhost:8443/logout', { pageOrigin: 'http://localhost:8080' }), false)
    assert.equal(iconSourceAllowed(logout, { ...shop, serverUrl: 'https://shop.example/mcp' }), true, 'a server on the page’s own origin')
    assert.equal(iconSourceAllowed(logout, { ...shop, serverUrl: 'https://mcp.example/mcp' }), false, 'another server')
    assert.equal(iconSourceAllowed(logout, { ...shop, allowOrigins: ['https://shop.example'] }), true, 'the page allows its origin')
    assert.equal(iconSourceAllowed(logout, { ...shop, allowOrigins: () => true }), true)
    assert.equal(iconSourceAllowed('https://cdn.example/icon.png', shop), true, 'other https: hosts as before')
    assert.equal(iconSourceAllowed(PNG, shop), true)
    // A server on the page's host but another port is its own origin: its icons load, the page's still do not.
    const devServer = { pageOrigin: 'http://localhost:8080', serverUrl: 'http://localhost:3000/mcp' }
    assert.equal(iconSourceAllowed('http://localhost:3000/icon.png', devServer), true)
    assert.equal(iconSourceAllowed('http://localhost:8080/logout', devServer), false)
  })

  test("the page's origin defaults to the running page's (location.origin)", BOUND, () => {
    const global = globalThis as { location?: unknown }
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'location')
    Object.defineProperty(globalThis, 'location', { value: { origin: 'https://shop.example' }, configurable: true, writable: true })
    try {
      assert.equal(iconSourceAllowed('https://shop.example/account/logout'), false)
      assert.equal(iconSourceAllowed('https://shop.example/icon.png', { serverUrl: 'https://shop.example/mcp' }), true)
      assert.equal(iconSourceAllowed('https://cdn.example/icon.png'), true)
    } finally {
      if (saved) Object.defineProperty(globalThis, 'location', saved)
      else delete global.location
    }
  })
})

describe('chooseIcon', { timeout: 5000 }, () => {
  const light: Icon = { src: 'https://x.example/light.png', theme: 'light', sizes: ['48x48'] }
  const dark: Icon = { src: 'https://x.example/dark.png', theme: 'dark', sizes: ['48x48'] }
  const plain: Icon = { src: 'https://x.example/plain.png', sizes: ['48x48'] }

  test('the icon for the page theme first, then an untagged one, then the other theme', BOUND, () => {
    assert.equal(chooseIcon([dark, plain, light], { theme: 'light', size: 48 }), light)
    assert.equal(chooseIcon([light, plain, dark], { theme: 'dark', size: 48 }), dark)
    assert.equal(chooseIcon([light, plain], { theme: 'dark', size: 48 }), plain)
    assert.equal(chooseIcon([light], { theme: 'dark', size: 48 }), light, 'the other theme beats nothing')
  })

  test('the smallest size at least as large as the rendered one, else the largest', BOUND, () => {
    const s16: Icon = { src: 'https://x.example/16.png', sizes: ['16x16'] }
    const s32: Icon = { src: 'https://x.example/32.png', sizes: ['32x32'] }
    const s128: Icon = { src: 'https://x.example/128.png', sizes: ['128x128'] }
    const multi: Icon = { src: 'https://x.example/multi.ico', sizes: ['16x16', '64x64'] }
    assert.equal(chooseIcon([s128, s32, s16], { theme: 'light', size: 24 }), s32)
    assert.equal(chooseIcon([s128, s32, s16], { theme: 'light', size: 16 }), s16)
    assert.equal(chooseIcon([s16, s32], { theme: 'light', size: 256 }), s32, 'nothing large enough: the largest')
    assert.equal(chooseIcon([s128, multi], { theme: 'light', size: 48 }), multi, 'each icon is judged by its best size')
    assert.equal(chooseIcon([s16, { src: 'https://x.example/odd.png', sizes: ['1x1'] }], { theme: 'light', size: 64 })?.src, s16.src)
  })

  test('"any" and absent sizes fit every size', BOUND, () => {
    const svg: Icon = { src: 'data:image/svg+xml;base64,PHN2Zz4=', mimeType: 'image/svg+xml', sizes: ['any'] }
    const unsized: Icon = { src: 'https://x.example/u.png' }
    const s16: Icon = { src: 'https://x.example/16.png', sizes: ['16x16'] }
    assert.equal(chooseIcon([s16, svg], { theme: 'light', size: 96 }), svg)
    assert.equal(chooseIcon([s16, unsized], { theme: 'light', size: 96 }), unsized)
    const s128: Icon = { src: 'https://x.example/128.png', sizes: ['128x128'] }
    const scalable: Icon = { src: 'https://x.example/s.svg', sizes: ['16x16', 'any'] }
    assert.equal(chooseIcon([s128, scalable], { theme: 'light', size: 96 }), scalable, '"any" among other sizes')
  })

  test('the theme outranks the size', BOUND, () => {
    const darkBig: Icon = { src: 'https://x.example/d.png', theme: 'dark', sizes: ['512x512'] }
    const lightSmall: Icon = { src: 'https://x.example/l.png', theme: 'light', sizes: ['16x16'] }
    assert.equal(chooseIcon([darkBig, lightSmall], { theme: 'light', size: 256 }), lightSmall)
  })

  test('refused sources are never chosen; nothing usable gives undefined', BOUND, () => {
    const bad: Icon = { src: 'javascript:alert(1)', theme: 'light' }
    const creds: Icon = { src: 'https://a:b@x.example/i.png', theme: 'light' }
    assert.equal(chooseIcon([bad, creds, dark], { theme: 'light', size: 48 }), dark)
    assert.equal(chooseIcon([bad, creds], { theme: 'light', size: 48 }), undefined)
    assert.equal(chooseIcon(undefined, { theme: 'light', size: 48 }), undefined)
    assert.equal(chooseIcon([null, 'x', { src: 3 }] as never, { theme: 'light', size: 48 }), undefined)
    const local: Icon = { src: 'http://localhost:8080/i.png' }
    assert.equal(chooseIcon([local], { theme: 'light', size: 48 }), undefined)
    assert.equal(
      chooseIcon([local], { theme: 'light', size: 48, pageOrigin: 'http://localhost:8080' }),
      undefined,
      "the page's origin alone",
    )
    assert.equal(chooseIcon([local], { theme: 'light', size: 48, serverUrl: 'http://localhost:8080/mcp' }), local, "the server's origin")
  })

  test("the fixture server's tool icon is accepted and chosen", BOUND, async () => {
    const server = await startFixtureServer()
    try {
      const echo = (await new McpClient(server.url).listTools()).find((t) => t.name === 'echo')!
      const icon = chooseIcon(echo.icons, { theme: 'dark', size: 16 })
      assert.ok(icon?.src.startsWith('data:image/svg+xml;base64,'))
    } finally {
      await server.close()
    }
  })
})
