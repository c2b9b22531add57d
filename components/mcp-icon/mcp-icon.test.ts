// <mcp-icon> in headless Chromium: choice by colour scheme and size, the
// source rules, and the fallback glyph. The colour scheme is switched with the
// browser's own media emulation, as a user switching the OS to dark mode would.
import { expect, fixture, html } from '@open-wc/testing'
import type { Icon } from '../../src/client/index.js'
import {
  controlServer,
  eventually,
  itExceptIn,
  preferColorScheme,
  preferColorSchemeIfEmulated,
  SETS_PREFERS_COLOR_SCHEME,
  serverUrl,
} from '../../test/support/browser.js'
import '../mcp-server/mcp-server.js'
import './mcp-icon.js'
import type { McpIconElement } from './mcp-icon.js'

const svgData = (body: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${body}</svg>`)}`
const FOR_LIGHT = svgData('<rect width="16" height="16" fill="black"/>')
const FOR_DARK = svgData('<rect width="16" height="16" fill="white"/>')
const UNTAGGED = svgData('<circle cx="8" cy="8" r="8"/>')
const themed: Icon[] = [
  { src: FOR_LIGHT, mimeType: 'image/svg+xml', theme: 'light' },
  { src: FOR_DARK, mimeType: 'image/svg+xml', theme: 'dark' },
]

const img = (el: McpIconElement) => el.shadowRoot!.querySelector('img')
const glyph = (el: McpIconElement) => el.shadowRoot!.querySelector('svg[part="fallback"]')

declare global {
  interface Window {
    iconTrap?: string
  }
}

describe('<mcp-icon>', () => {
  afterEach(async () => {
    await preferColorSchemeIfEmulated('light')
    delete window.iconTrap
  })

  itExceptIn(
    SETS_PREFERS_COLOR_SCHEME,
    'shows the light-background icon in light mode and switches live when the scheme turns dark',
    async () => {
      await preferColorScheme('light')
      const el = await fixture<McpIconElement>(html`<mcp-icon .icons=${themed} label="Echo"></mcp-icon>`)
      expect(img(el)?.getAttribute('src')).to.equal(FOR_LIGHT)
      await preferColorScheme('dark')
      await eventually(() => img(el)?.getAttribute('src') === FOR_DARK, 'the dark icon after the scheme changed')
      await preferColorScheme('light')
      await eventually(() => img(el)?.getAttribute('src') === FOR_LIGHT, 'the light icon again')
    },
  )

  itExceptIn(SETS_PREFERS_COLOR_SCHEME, 'keeps following the scheme after another icon leaves the page', async () => {
    await preferColorScheme('light')
    const box = await fixture<HTMLElement>(html`<div><mcp-icon .icons=${themed}></mcp-icon><mcp-icon .icons=${themed}></mcp-icon></div>`)
    const [gone, stays] = [...box.querySelectorAll<McpIconElement>('mcp-icon')]
    gone.remove()
    await preferColorScheme('dark')
    await eventually(() => img(stays)?.getAttribute('src') === FOR_DARK, 'the dark icon on the icon still shown')
  })

  it('draws its glyph in the colours of the theme set as a property, as with the attribute', async () => {
    await preferColorSchemeIfEmulated('light')
    const el = await fixture<McpIconElement>(html`<mcp-icon></mcp-icon>`)
    const light = getComputedStyle(glyph(el)!).color
    el.theme = 'dark'
    await el.updateComplete
    // Reflected: the theme's styles select on the attribute (:host([theme='dark'])).
    expect(el.getAttribute('theme')).to.equal('dark')
    const attributeSet = await fixture<McpIconElement>(html`<mcp-icon theme="dark"></mcp-icon>`)
    const dark = getComputedStyle(glyph(attributeSet)!).color
    expect(dark).not.to.equal(light)
    expect(getComputedStyle(glyph(el)!).color).to.equal(dark)
  })

  it('follows its theme attribute over the user preference', async () => {
    await preferColorSchemeIfEmulated('dark')
    const el = await fixture<McpIconElement>(html`<mcp-icon theme="light" .icons=${themed}></mcp-icon>`)
    expect(img(el)?.getAttribute('src')).to.equal(FOR_LIGHT)
    el.theme = 'dark'
    await el.updateComplete
    expect(img(el)?.getAttribute('src')).to.equal(FOR_DARK)
  })

  it('takes the theme of an enclosing <mcp-server> over the user preference, unless it has its own', async () => {
    await preferColorSchemeIfEmulated('light')
    const server = await fixture<HTMLElement & { theme?: string }>(
      html`<mcp-server theme="dark"
        ><mcp-icon .icons=${themed}></mcp-icon><mcp-icon theme="light" .icons=${themed}></mcp-icon
      ></mcp-server>`,
    )
    const [inherits, own] = [...server.querySelectorAll<McpIconElement>('mcp-icon')]
    await eventually(() => img(inherits)?.getAttribute('src') === FOR_DARK, "the dark icon, as the server's theme says")
    expect(img(own)?.getAttribute('src')).to.equal(FOR_LIGHT)
    server.theme = 'light'
    await eventually(() => img(inherits)?.getAttribute('src') === FOR_LIGHT, 'the light icon once the server says light')
  })

  it('picks the smallest size that is large enough, and draws it at the size asked for', async () => {
    const icons: Icon[] = [
      { src: svgData('<rect width="1" height="1"/>'), sizes: ['16x16'] },
      { src: svgData('<rect width="2" height="2"/>'), sizes: ['64x64'] },
      { src: svgData('<rect width="3" height="3"/>'), sizes: ['512x512'] },
    ]
    const el = await fixture<McpIconElement>(html`<mcp-icon size="48" .icons=${icons}></mcp-icon>`)
    const dpr = window.devicePixelRatio
    expect(img(el)?.getAttribute('src')).to.equal(48 * dpr <= 64 ? icons[1].src : icons[2].src)
    expect(el.getBoundingClientRect().width).to.equal(48)
  })

  // WebKit, after the mcp-app, call-log, content and elicitation suites ran in the same session (not after either half
  // of them, nor alone): the element's own read of globalThis.devicePixelRatio gave 1 while the test's gave 2, so it
  // chose for 32 device pixels (logged from inside the element, every full run). The likely cause is code WebKit
  // compiled earlier that does not see the redefined property. A real screen change goes through the real getter.
  itExceptIn(
    {
      webkit:
        'stands in for a 2x screen by redefining window.devicePixelRatio, which the element does not see in WebKit once other suites ran before it (its read gave 1, the test’s 2)',
    },
    'on a high-density screen, picks a size for the device pixels, so the icon is not blurred',
    async () => {
      const icons: Icon[] = [
        { src: svgData('<rect width="1" height="1"/>'), sizes: ['32x32'] },
        { src: svgData('<rect width="2" height="2"/>'), sizes: ['64x64'] },
      ]
      // devicePixelRatio is a replaceable attribute: a 2x screen for this test only (headless Chromium's is 1).
      const own = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio')
      Object.defineProperty(window, 'devicePixelRatio', { value: 2, configurable: true })
      try {
        const el = await fixture<McpIconElement>(html`<mcp-icon size="32" .icons=${icons}></mcp-icon>`)
        expect(img(el)?.getAttribute('src'), 'the 64x64 icon for 32 CSS px at 2x').to.equal(icons[1].src)
        expect(el.getBoundingClientRect().width).to.equal(32)
      } finally {
        if (own) Object.defineProperty(window, 'devicePixelRatio', own)
        else delete (window as { devicePixelRatio?: number }).devicePixelRatio
      }
      expect(window.devicePixelRatio).to.be.a('number')
    },
  )

  it('never runs a scripted SVG: it is only ever drawn through <img>', async () => {
    const scripted = svgData(
      '<script>top.iconTrap = "script"</script><image href="nope" onerror="top.iconTrap = \'handler\'"/><rect width="16" height="16"/>',
    )
    const el = await fixture<McpIconElement>(html`<mcp-icon .icons=${[{ src: scripted, mimeType: 'image/svg+xml' }]}></mcp-icon>`)
    const image = img(el)!
    await eventually(() => image.complete, 'the SVG image to load')
    expect(image.naturalWidth, 'the SVG was loaded as an image').to.be.greaterThan(0)
    await new Promise((r) => setTimeout(r, 100))
    expect(window.iconTrap).to.equal(undefined)
    expect(el.shadowRoot!.querySelectorAll('script, image, object, iframe, embed').length).to.equal(0)
  })

  it('refuses javascript:, plain-http foreign, credentialed and non-image data sources, and shows the glyph', async () => {
    for (const src of [
      'javascript:top.iconTrap="js"',
      'http://icons.example/a.png',
      'https://user:secret@icons.example/a.png',
      'data:text/html;base64,PHNjcmlwdD50b3AuaWNvblRyYXA9MTwvc2NyaXB0Pg==',
    ]) {
      const el = await fixture<McpIconElement>(html`<mcp-icon .icons=${[{ src }]}></mcp-icon>`)
      expect(img(el) === null, `no <img> for ${src}`).to.equal(true)
      expect(glyph(el) !== null, `the glyph for ${src}`).to.equal(true)
    }
    expect(window.iconTrap).to.equal(undefined)
  })

  it('loads from an origin the page allows', async () => {
    const src = 'http://icons.example/a.png'
    const el = await fixture<McpIconElement>(html`<mcp-icon .allowOrigins=${['http://icons.example']} .icons=${[{ src }]}></mcp-icon>`)
    expect(img(el)?.getAttribute('src')).to.equal(src)
  })

  it("loads nothing from the page's own origin (its cookies would go along) unless that is the MCP server's origin or allowed", async () => {
    // A hostile server's icon aimed at a state-changing URL of the embedding page's site (a 404 here).
    const logout = `${location.origin}/__fixture/logout?from=mcp-icon`
    const requested = (src: string) => performance.getEntriesByName(src).length > 0
    const el = await fixture<McpIconElement>(html`<mcp-icon .icons=${[{ src: logout }]}></mcp-icon>`)
    expect(img(el) === null, 'no <img> for the page origin').to.equal(true)
    expect(glyph(el) !== null, 'the glyph instead').to.equal(true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(requested(logout), 'nothing was requested').to.equal(false)

    // Inside an <mcp-server> for another origin: still refused; that server's own origin is not the page's.
    const url = await serverUrl()
    const fromServer = `${new URL(url).origin}/icon.png?from=mcp-icon`
    const server = await fixture<HTMLElement>(
      html`<mcp-server url=${url}
        ><mcp-icon .icons=${[{ src: logout }]}></mcp-icon><mcp-icon .icons=${[{ src: fromServer }]}></mcp-icon
      ></mcp-server>`,
    )
    const [inServer] = [...server.querySelectorAll<McpIconElement>('mcp-icon')]
    // The server's own origin loads, plain http included (a development server): the icon knows it from <mcp-server>.
    await eventually(() => requested(fromServer), "the icon on the MCP server's own origin requested")
    expect(img(inServer) === null, 'no <img> for the page origin inside <mcp-server>').to.equal(true)

    // A server on the page's own origin serves its icons from there: they load.
    el.serverUrl = `${location.origin}/mcp`
    await el.updateComplete
    expect(img(el)?.getAttribute('src')).to.equal(logout)
    await eventually(() => requested(logout), 'the icon requested once the server is on the page origin')

    // The page decides: listing its origin lets the icon load.
    const allowedSrc = `${location.origin}/__fixture/logout?from=mcp-icon-allowed`
    const allowed = await fixture<McpIconElement>(
      html`<mcp-icon .allowOrigins=${[location.origin]} .icons=${[{ src: allowedSrc }]}></mcp-icon>`,
    )
    expect(img(allowed)?.getAttribute('src')).to.equal(allowedSrc)
  })

  it('widens its sources only through properties: serverurl and alloworigins attributes in markup do nothing', async () => {
    // Markup can come from places a page trusts less than its script (a sanitizer that keeps unknown attributes).
    const src = 'http://icons.example/a.png'
    const box = await fixture<HTMLElement>(
      html`<div>
        <mcp-icon serverurl="http://icons.example/mcp" .icons=${[{ src }]}></mcp-icon>
        <mcp-icon alloworigins="http://icons.example" .icons=${[{ src }]}></mcp-icon>
      </div>`,
    )
    for (const el of box.querySelectorAll<McpIconElement>('mcp-icon')) {
      await el.updateComplete
      expect(img(el) === null, `no <img> with ${el.attributes[0].name}`).to.equal(true)
      expect(glyph(el) !== null, `the glyph with ${el.attributes[0].name}`).to.equal(true)
    }
  })

  it('falls back to the next icon, then to the glyph, when images fail to load', async () => {
    const broken = 'data:image/png;base64,AAAA'
    const el = await fixture<McpIconElement>(
      html`<mcp-icon theme="light" .icons=${[{ src: broken, theme: 'light' }, { src: UNTAGGED }]}></mcp-icon>`,
    )
    await eventually(() => img(el)?.getAttribute('src') === UNTAGGED, 'the second icon after the first failed')
    el.icons = [{ src: broken }]
    await eventually(() => glyph(el) !== null && img(el) === null, 'the glyph after the only icon failed')
  })

  it('gives up on an image that never finishes loading (a server that never answers): the next icon, then the glyph', async () => {
    const url = await serverUrl('stalled-icons')
    const { origin } = new URL(url)
    const stalled = `${origin}/stalled.svg`
    const loaded = (el: McpIconElement) => !!img(el)?.complete && img(el)!.naturalWidth > 0
    const before = (await controlServer<{ requests: number }>('stalled-icons', 'stalled')).requests
    const started = performance.now()
    const alone = await fixture<McpIconElement>(
      html`<mcp-icon load-timeout="500" .serverUrl=${url} .icons=${[{ src: stalled }]}></mcp-icon>`,
    )
    expect(img(alone)?.getAttribute('src')).to.equal(stalled)
    await eventually(() => glyph(alone) !== null && img(alone) === null, 'the glyph once the image timed out', 4_000)
    expect(performance.now() - started).to.be.above(450)
    expect((await controlServer<{ requests: number }>('stalled-icons', 'stalled')).requests, 'the image was asked for').to.be.above(before)

    const next = await fixture<McpIconElement>(
      html`<mcp-icon
        load-timeout="500"
        .serverUrl=${url}
        .icons=${[
          { src: stalled, sizes: ['48x48'] },
          { src: `${origin}/icon.svg`, sizes: ['16x16'] },
        ]}
      ></mcp-icon>`,
    )
    await eventually(() => img(next)?.getAttribute('src') === `${origin}/icon.svg` && loaded(next), 'the next icon, loaded', 4_000)
    // An image that loads stays, past the timeout; a data: icon loads at once (not left waiting as a lazy image).
    const inline = await fixture<McpIconElement>(html`<mcp-icon load-timeout="500" .icons=${[{ src: UNTAGGED }]}></mcp-icon>`)
    await eventually(() => loaded(inline), 'the data: icon loaded', 4_000)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(img(inline)?.getAttribute('src')).to.equal(UNTAGGED)
    expect(img(next)?.getAttribute('src')).to.equal(`${origin}/icon.svg`)
  })

  it('gives up on time while the page keeps re-rendering it (a list redrawing as it filters): the wait is not restarted', async () => {
    const url = await serverUrl('stalled-icons')
    const stalled = `${new URL(url).origin}/stalled.svg`
    const el = await fixture<McpIconElement>(html`<mcp-icon load-timeout="600" .serverUrl=${url} .icons=${[{ src: stalled }]}></mcp-icon>`)
    const started = performance.now()
    // A new label every 100 ms re-renders the same image; the 600 ms wait counts from when the image was first drawn.
    let redraws = 0
    const redraw = setInterval(() => (el.label = `Server ${++redraws}`), 100)
    try {
      await eventually(() => glyph(el) !== null && img(el) === null, 'the glyph, though the icon kept re-rendering', 3_000)
    } finally {
      clearInterval(redraw)
    }
    expect(redraws, 'it re-rendered while waiting').to.be.above(3)
    expect(performance.now() - started).to.be.below(2_000)
  })

  it('does not count time off the page against an image: an icon set while detached waits once it is back', async () => {
    const url = await serverUrl('stalled-icons')
    const stalled = `${new URL(url).origin}/stalled.svg`
    const el = await fixture<McpIconElement>(html`<mcp-icon load-timeout="400" .serverUrl=${url}></mcp-icon>`)
    const parent = el.parentElement!
    el.remove()
    // A list re-binding a row it keeps off the page: the new icon renders while detached.
    el.icons = [{ src: stalled }]
    await el.updateComplete
    await new Promise((resolve) => setTimeout(resolve, 700))
    parent.append(el)
    await el.updateComplete
    expect(img(el)?.getAttribute('src'), 'the image, still given its chance').to.equal(stalled)
    await eventually(() => glyph(el) !== null, 'the glyph once it timed out on the page', 3_000)
  })

  it('draws the glyph when there are no icons, and is accessible with and without a label', async () => {
    const bare = await fixture<McpIconElement>(html`<mcp-icon></mcp-icon>`)
    expect(glyph(bare)?.getAttribute('aria-hidden')).to.equal('true')
    await expect(bare).to.be.accessible()
    const labelled = await fixture<McpIconElement>(html`<mcp-icon label="Server"></mcp-icon>`)
    expect(glyph(labelled)?.getAttribute('aria-label')).to.equal('Server')
    await expect(labelled).to.be.accessible()
    const image = await fixture<McpIconElement>(html`<mcp-icon label="Echo" .icons=${[{ src: UNTAGGED }]}></mcp-icon>`)
    expect(img(image)?.getAttribute('alt')).to.equal('Echo')
    await expect(image).to.be.accessible()
  })
})
