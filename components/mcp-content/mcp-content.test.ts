// <mcp-content> in headless Chromium: what a reader sees for each kind of
// content, that hostile content runs nothing, that huge content stays fast,
// and a real tool result from the fixture server.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { McpClient, type CallToolResult, type ContentBlock } from '../../src/client/index.js'
import { setStrings } from '../shared/i18n.js'
import { controlServer, deepQueryAll, deepText, eventually, expectAbsent, requestsFor, serverUrl } from '../../test/support/browser.js'
import '../mcp-server/mcp-server.js'
import './mcp-content.js'
import type { McpContentElement } from './mcp-content.js'

declare global {
  interface Window {
    __pwned?: unknown
  }
}

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=\'svg onload\'" width="4" height="4">' +
  '<script>window.__pwned = "svg script"</script><rect width="4" height="4"/></svg>'
const base64 = (text: string) => btoa(unescape(encodeURIComponent(text)))
const bytesBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/** A short silent WAV file (8-bit mono, 8 kHz), so the audio element has something real to load. */
function wavBase64(samples = 800): string {
  const bytes = new Uint8Array(44 + samples)
  const view = new DataView(bytes.buffer)
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)))
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + samples, true)
  ascii(8, 'WAVEfmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, 8000, true)
  view.setUint32(28, 8000, true)
  view.setUint16(32, 1, true)
  view.setUint16(34, 8, true)
  ascii(36, 'data')
  view.setUint32(40, samples, true)
  bytes.fill(128, 44)
  return bytesBase64(bytes)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const root = (el: McpContentElement) => el.shadowRoot!
const $ = <E extends Element = HTMLElement>(el: McpContentElement, selector: string) => root(el).querySelector<E>(selector)
const $$ = <E extends Element = HTMLElement>(el: McpContentElement, selector: string) => [...root(el).querySelectorAll<E>(selector)]
/** The HTML of what matched ('' for nothing): assertions compare this rather than elements, whose failure messages can stall the runner. */
const markup = (found: Element | null | Iterable<Element>) =>
  found === null ? '' : found instanceof Element ? found.outerHTML : [...found].map((e) => e.outerHTML).join('')
/** What a reader sees, whitespace collapsed. */
const seen = (node: Element | null) => (node as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim() ?? ''

async function show(blocks: ContentBlock[], attrs: { markdown?: boolean } = {}): Promise<McpContentElement> {
  const el = await fixture<McpContentElement>(html`<mcp-content .blocks=${blocks} ?markdown=${attrs.markdown}></mcp-content>`)
  await el.updateComplete
  return el
}

async function showResult(result: CallToolResult, outputSchema?: object): Promise<McpContentElement> {
  const el = await fixture<McpContentElement>(html`<mcp-content .result=${result} .outputSchema=${outputSchema}></mcp-content>`)
  await el.updateComplete
  return el
}

/** Waits until every image in the element has loaded or failed, so any script an image could run has had its chance. */
async function imagesSettled(el: McpContentElement): Promise<void> {
  await Promise.all($$<HTMLImageElement>(el, 'img').map((img) => img.decode().catch(() => undefined)))
  await sleep(50)
}

describe('<mcp-content>', () => {
  beforeEach(() => {
    delete window.__pwned
  })

  // First in the file: once any test shows markdown, the module is in this page for good.
  it('does not download the markdown renderer for content without markdown', async () => {
    const el = await show([{ type: 'text', text: '# not a heading' }])
    expect(seen($(el, '[part=text]'))).to.equal('# not a heading')
    await sleep(50)
    const loaded = performance.getEntriesByType('resource').map((e) => e.name)
    expect(loaded.some((name) => name.includes('/mcp-content/markdown'))).to.equal(false)
    expect(loaded.some((name) => name.includes('mdast-util-from-markdown'))).to.equal(false)
  })

  it('shows text as written, line breaks and spaces kept', async () => {
    const el = await show([{ type: 'text', text: 'line one\n  line two' }])
    const text = $(el, '[part=text]')!
    expect(text.innerText).to.equal('line one\n  line two')
    expect(getComputedStyle(text).whiteSpace).to.equal('pre-wrap')
  })

  it('shows HTML in text as text, and runs none of it', async () => {
    const hostile = '<script>window.__pwned = "script"</script><img src="x:" onerror="window.__pwned = \'onerror\'"><b>bold?</b>'
    const el = await show([{ type: 'text', text: hostile }])
    await imagesSettled(el)
    expect($(el, '[part=text]')!.innerText).to.equal(hostile)
    expect(markup($$(el, 'script, img, b'))).to.equal('')
    expect(window.__pwned).to.equal(undefined)
  })

  it('renders markdown: headings, emphasis, code, lists, quotes, links and images', async () => {
    const source = [
      '# Title',
      '',
      'Some *emphasis*, **strong** and `code`.',
      '',
      '- one',
      '- two',
      '',
      '3. three',
      '4. four',
      '',
      '> quoted',
      '',
      '```js',
      'const x = 1 < 2',
      '```',
      '',
      '---',
      '',
      '[a link](https://example.com/page "Example") and [ref][r] and <mailto:someone@example.com>',
      '',
      `![a pixel](data:image/png;base64,${PNG_1X1})`,
      '',
      '[r]: https://example.com/ref',
    ].join('\n')
    const el = await show([{ type: 'text', text: source }], { markdown: true })
    const md = $(el, '[part=markdown]')!
    expect(seen(md.querySelector('h1'))).to.equal('Title')
    expect(seen(md.querySelector('em'))).to.equal('emphasis')
    expect(seen(md.querySelector('strong'))).to.equal('strong')
    expect(seen(md.querySelector('p code'))).to.equal('code')
    expect([...md.querySelectorAll('ul > li')].map(seen)).to.deep.equal(['one', 'two'])
    expect(md.querySelector('ol')!.getAttribute('start')).to.equal('3')
    expect(seen(md.querySelector('blockquote'))).to.equal('quoted')
    expect(md.querySelector('pre code')!.textContent).to.equal('const x = 1 < 2')
    expect(markup(md.querySelector('hr'))).to.equal('<hr>')
    const links = [...md.querySelectorAll('a')]
    expect(links.map((a) => [a.getAttribute('href'), seen(a)])).to.deep.equal([
      ['https://example.com/page', 'a link'],
      ['https://example.com/ref', 'ref'],
      ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ])
    for (const a of links) {
      expect(a.rel).to.equal('noopener noreferrer')
      expect(a.target).to.equal('_blank')
    }
    const img = md.querySelector('img')!
    expect(img.alt).to.equal('a pixel')
    await img.decode()
    expect(img.naturalWidth).to.equal(1)
    // Now, and only now, the renderer has been downloaded; the table of named references (&amp;) is not needed yet.
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('/mcp-content/markdown'))).to.equal(true)
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('character-entities'))).to.equal(false)
  })

  it('keeps the paragraphs of a quote apart, in a tight list too', async () => {
    const el = await show([{ type: 'text', text: '> one\n>\n> two\n\n- > in a list\n  >\n  > item' }], { markdown: true })
    const md = $(el, '[part=markdown]')!
    expect([...md.querySelectorAll('blockquote > p')].map(seen)).to.deep.equal(['one', 'two', 'in a list', 'item'])
  })

  it('decodes character references in markdown, and keeps them as text', async () => {
    const el = await show([{ type: 'text', text: 'Fish &amp; chips &copy; &#60;b&#62;not bold&#60;/b&#62; &bogus;' }], { markdown: true })
    const md = $(el, '[part=markdown]')!
    // updateComplete waited for the renderer and then for the table of named references it needed.
    expect(seen(md)).to.equal('Fish & chips © <b>not bold</b> &bogus;')
    expect(markup(md.querySelectorAll('b'))).to.equal('')
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('character-entities'))).to.equal(true)
  })

  it('renders a text/markdown resource as markdown without the markdown attribute', async () => {
    const el = await show([
      { type: 'resource', resource: { uri: 'file:///README.md', mimeType: 'text/markdown', text: '## Read me\n\n*hi*' } },
    ])
    expect(seen($(el, '[part=markdown] h2'))).to.equal('Read me')
    expect(seen($(el, '[part=resource-header]'))).to.contain('file:///README.md')
  })

  it('shows raw HTML in markdown as text and makes no dangerous link or image', async () => {
    const source = [
      '<script>window.__pwned = "md script"</script>',
      '',
      'inline <img src="x:" onerror="window.__pwned = \'md onerror\'"> html',
      '',
      '<a href="javascript:window.__pwned=1">raw anchor</a>',
      '',
      '[js link](javascript:window.__pwned=2) [data link](data:text/html,<script>window.__pwned=3</script>) [vb](vbscript:x) [rel](/relative)',
      '',
      '[cred](https://user:pass@example.com/)',
      '',
      `![scripted svg](data:image/svg+xml;base64,${base64(SCRIPTED_SVG)})`,
      '',
      '![js image](javascript:window.__pwned=4) ![http image](http://example.com/x.png)',
    ].join('\n')
    const el = await show([{ type: 'text', text: source }], { markdown: true })
    await imagesSettled(el)
    const md = $(el, '[part=markdown]')!
    expect(markup(md.querySelectorAll('script'))).to.equal('')
    // Only the http image became a link (to itself), since http images do not load but http links are allowed.
    expect([...md.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(['http://example.com/x.png'])
    expect([...md.querySelectorAll('img')].map((i) => i.alt)).to.deep.equal(['scripted svg'])
    const text = md.innerText
    expect(text).to.contain('<script>window.__pwned = "md script"</script>')
    expect(text).to.contain('<img src="x:" onerror="window.__pwned = \'md onerror\'">')
    expect(text).to.contain('js link (javascript:window.__pwned=2)')
    expect(text).to.contain('data link (data:text/html,<script>window.__pwned=3</script>)')
    expect(text).to.contain('rel (/relative)')
    expect(text).to.contain('cred (https://user:pass@example.com/)')
    expect(text).to.contain('js image')
    expect(window.__pwned).to.equal(undefined)
  })

  it('loads markdown images only from data: and the MCP server’s origin; from other hosts (the page’s too) they are links', async () => {
    const url = await serverUrl()
    const source = [
      `![from the server](${new URL(url).origin}/logo.png) ![elsewhere](https://images.example/pixel.png)`,
      `![inline](data:image/png;base64,${PNG_1X1}) ![page](${location.origin}/pixel.png)`,
    ].join(' ')
    const blocks: ContentBlock[] = [{ type: 'text', text: source }]
    const wrapper = await fixture<HTMLElement>(
      html`<mcp-server url=${url}><mcp-content markdown .blocks=${blocks}></mcp-content></mcp-server>`,
    )
    const el = wrapper.querySelector<McpContentElement>('mcp-content')!
    await eventually(() => $(el, '[part=markdown]') !== null, 'the markdown')
    const md = $(el, '[part=markdown]')!
    expect([...md.querySelectorAll('img')].map((i) => i.alt)).to.deep.equal(['from the server', 'inline'])
    const links = [...md.querySelectorAll('a')]
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).to.deep.equal([
      ['https://images.example/pixel.png', 'elsewhere'],
      [`${location.origin}/pixel.png`, 'page'],
    ])

    // With no server around, only data: loads.
    const alone = await show(blocks, { markdown: true })
    await eventually(() => $(alone, '[part=markdown]') !== null, 'the markdown')
    expect([...$(alone, '[part=markdown]')!.querySelectorAll('img')].map((i) => i.alt)).to.deep.equal(['inline'])
  })

  it('loads no markdown image from the page’s own origin (it would carry the visitor’s cookies there) unless the page allows it', async () => {
    const url = await serverUrl()
    // A hostile server's image aimed at a state-changing URL of the embedding page's site.
    const logout = `${location.origin}/__fixture/info?hit=logout`
    const blocks: ContentBlock[] = [{ type: 'text', text: `![pixel](${logout})` }]
    const wrapper = await fixture<HTMLElement>(
      html`<mcp-server url=${url}><mcp-content markdown .blocks=${blocks}></mcp-content></mcp-server>`,
    )
    const el = wrapper.querySelector<McpContentElement>('mcp-content')!
    await eventually(() => $(el, '[part=markdown]') !== null, 'the markdown')
    const md = $(el, '[part=markdown]')!
    expect(md.querySelectorAll('img').length, 'no image from the page origin').to.equal(0)
    expect(md.querySelector('a')?.getAttribute('href'), 'shown as a link the user may follow').to.equal(logout)
    expect(performance.getEntriesByName(logout).length, 'nothing was requested').to.equal(0)

    // The page decides: listing its origin lets the image load.
    el.allowOrigins = [location.origin]
    await eventually(() => md.isConnected && $(el, '[part=markdown] img') !== null, 'the image once the page allows its origin')
    expect($(el, '[part=markdown] img')!.getAttribute('src')).to.equal(logout)
  })

  it('a page’s allowOrigins function decides per origin: only `true` lets an image load', async () => {
    const blocks: ContentBlock[] = [{ type: 'text', text: `![page](${location.origin}/a.png) ![other](https://images.example/b.png)` }]
    const el = await fixture<McpContentElement>(
      html`<mcp-content markdown .blocks=${blocks} .allowOrigins=${(origin: string) => origin === location.origin}></mcp-content>`,
    )
    await eventually(() => $(el, '[part=markdown]') !== null, 'the markdown')
    expect([...$(el, '[part=markdown]')!.querySelectorAll('img')].map((i) => i.alt)).to.deep.equal(['page'])
    // A truthy answer that is not `true` (a string, an object) is no.
    el.allowOrigins = (() => 'yes') as unknown as (origin: string) => boolean
    await eventually(() => $(el, '[part=markdown] img') === null, 'no image once the function says “yes”')
    expect([...$(el, '[part=markdown]')!.querySelectorAll('a')].map((a) => a.textContent)).to.deep.equal(['page', 'other'])
  })

  it('loads no markdown image with credentials, of a non-image data: type, or relative, even on the server’s origin; the rest of the text stays', async () => {
    const url = await serverUrl()
    const server = new URL(url)
    const withCredentials = `${server.protocol}//user:pass@${server.host}/logo.png`
    const source = `before ![creds](${withCredentials}) ![html](data:text/html,hello) ![rel](/logo.png) after`
    const wrapper = await fixture<HTMLElement>(
      html`<mcp-server url=${url}><mcp-content markdown .blocks=${[{ type: 'text', text: source }]}></mcp-content></mcp-server>`,
    )
    const el = wrapper.querySelector<McpContentElement>('mcp-content')!
    await eventually(() => $(el, '[part=markdown]') !== null, 'the markdown')
    const md = $(el, '[part=markdown]')!
    expect(markup(md.querySelectorAll('img'))).to.equal('')
    expect(markup(md.querySelectorAll('a'))).to.equal('')
    expect(seen(md)).to.equal('before creds html rel after')
  })

  it('makes no live link of a URL carrying a user name, even without a password', async () => {
    const el = await show([{ type: 'text', text: '[user only](https://user@example.com/) [fine](https://example.com/)' }], {
      markdown: true,
    })
    expect([...$(el, '[part=markdown]')!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/'])
    expect(seen($(el, '[part=markdown]'))).to.contain('user only (https://user@example.com/)')
    const link = await show([{ type: 'resource_link', uri: 'https://user@example.com/report', name: 'report' }])
    expect(markup($(link, '[part=resource-link] a'))).to.equal('')
  })

  it('survives deeply nested markdown', async () => {
    const el = await show([{ type: 'text', text: '>'.repeat(5000) + ' deep' }], { markdown: true })
    expect(seen($(el, '[part=markdown]'))).to.contain('deep')
  })

  it('shows an image from base64, and a scripted SVG image runs nothing', async () => {
    const el = await show([
      { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
      { type: 'image', data: base64(SCRIPTED_SVG), mimeType: 'image/svg+xml' },
      { type: 'image', data: base64('<script>window.__pwned=5</script>'), mimeType: 'text/html' },
    ])
    await imagesSettled(el)
    const images = $$<HTMLImageElement>(el, 'img')
    expect(images.map((i) => i.src.slice(0, 26))).to.deep.equal(['data:image/png;base64,iVBO', 'data:image/svg+xml;base64,'])
    expect(images.map((i) => i.naturalWidth)).to.deep.equal([1, 4])
    expect(images[0].alt).to.equal('Image (image/png)')
    expect(seen($$(el, '[part=block]')[2])).to.equal('An image that cannot be shown (type “text/html”).')
    expect(window.__pwned).to.equal(undefined)
  })

  it('plays audio from base64', async () => {
    const el = await show([{ type: 'audio', data: wavBase64(), mimeType: 'audio/wav' }])
    const audio = $<HTMLAudioElement>(el, 'audio')!
    expect(audio.controls).to.equal(true)
    expect(audio.getAttribute('aria-label')).to.equal('Audio (audio/wav)')
    await eventually(() => audio.readyState >= HTMLMediaElement.HAVE_METADATA || audio.error !== null, 'audio metadata')
    expect(audio.error).to.equal(null)
    expect(audio.duration).to.be.closeTo(0.1, 0.01)
  })

  it('shows a resource link: a live link only for http(s), with its name, description, type and size', async () => {
    const el = await show([
      {
        type: 'resource_link',
        uri: 'https://example.com/report.pdf',
        name: 'report.pdf',
        title: 'Quarterly report',
        description: 'Numbers <b>for</b> Q3',
        mimeType: 'application/pdf',
        size: 1_536_000,
      },
      { type: 'resource_link', uri: 'javascript:window.__pwned=6', name: 'sneaky' },
      { type: 'resource_link', uri: 'file:///project/notes.txt', name: 'notes.txt' },
    ])
    const [report, sneaky, notes] = $$(el, '[part=resource-link]')
    const a = report.querySelector('a')!
    expect(a.getAttribute('href')).to.equal('https://example.com/report.pdf')
    expect([a.rel, a.target]).to.deep.equal(['noopener noreferrer', '_blank'])
    expect(seen(report)).to.equal('Quarterly report https://example.com/report.pdf Numbers <b>for</b> Q3 application/pdf · 1.5 MB')
    expect(markup(sneaky.querySelector('a'))).to.equal('')
    expect(seen(sneaky)).to.equal('sneaky javascript:window.__pwned=6')
    expect(markup(notes.querySelector('a'))).to.equal('')
    expect(seen(notes)).to.equal('notes.txt file:///project/notes.txt')
    // With no client (no <mcp-server> around it, none handed in) there is nothing to read it through.
    expect(markup($$(el, '[part=open-resource]'))).to.equal('')
  })

  describe('annotations', () => {
    /** The top-level blocks in the order shown: a collapsed one as its label. */
    const order = (el: McpContentElement) => $$(el, '[part=base] > [part=block], [part=base] > [part=for-model]').map(seen)

    it('shows blocks highest priority first; equal and absent priorities (absent ranks as 0.5) keep the server’s order, and a note says so', async () => {
      const client = new McpClient(await serverUrl('resources'))
      const el = await showResult(await client.callTool('annotated', {}))
      expect(order(el)).to.deep.equal(['required', 'also required', 'unmarked first', 'What the model sees', 'for both', 'optional'])
      expect(seen($(el, '[part=order-note]'))).to.equal('Shown by the server’s priority, most important first.')
      // Nothing moved: no note, the server's order.
      const same = await show([
        { type: 'text', text: 'a', annotations: { priority: 0.5 } },
        { type: 'text', text: 'b' },
        { type: 'text', text: 'c', annotations: { priority: 0.5 } },
      ])
      expect(order(same)).to.deep.equal(['a', 'b', 'c'])
      expect(markup($(same, '[part=order-note]'))).to.equal('')
    })

    it('collapses a block meant for the model only under “What the model sees”, opened from the keyboard; blocks for the user or both show as usual', async () => {
      const client = new McpClient(await serverUrl('resources'))
      const el = await showResult(await client.callTool('annotated', {}))
      const details = $<HTMLDetailsElement>(el, '[part=for-model]')!
      expect(details.open).to.equal(false)
      expect(seen(details)).to.equal('What the model sees')
      expect(seen($(el, '[part=base]'))).not.to.contain('for the model only')
      expect(order(el)).to.include.members(['for both', 'required'])
      await expect(el).to.be.accessible()
      details.querySelector('summary')!.focus()
      await sendKeys({ press: 'Enter' })
      await eventually(() => details.open, 'the block opened by Enter')
      await el.updateComplete
      expect(seen(details)).to.equal('What the model sees for the model only')
      await sendKeys({ press: 'Enter' })
      await eventually(() => !details.open, 'the block closed by Enter')
    })
  })

  describe('resource links read in place', () => {
    /** Text through the shadow roots of the contents read (an <mcp-content> of their own), whitespace collapsed. */
    const readText = (el: McpContentElement) => {
      const read = $(el, '[part=resource-read]')
      return read ? deepText(read).replace(/\s+/g, ' ').trim() : ''
    }
    const reads = async () => (await requestsFor('resources/read', 'resources')).map((r: { params: { uri: string } }) => r.params.uri)
    const openButton = (el: McpContentElement, name: string) =>
      $$<HTMLButtonElement>(el, '[part=open-resource]').find((b) => seen(b).endsWith(name))!

    it('reads a non-http(s) link through the enclosing server only when opened, shows it in place, and hides it on a second press', async () => {
      const url = await serverUrl('resources')
      const result = await new McpClient(url).callTool('linked', {})
      const before = (await reads()).length
      const el = (await fixture(html`<mcp-server url=${url}><mcp-content .result=${result}></mcp-content></mcp-server>`)).querySelector(
        'mcp-content',
      )!
      await eventually(() => $$(el, '[part=open-resource]').length === 3, 'a control on each non-http(s) link')
      // The https link stays a safe link.
      const page = $<HTMLAnchorElement>(el, '[part=resource-link] a')!
      expect([page.getAttribute('href'), page.rel, page.target]).to.deep.equal(['https://example.com/page', 'noopener noreferrer', '_blank'])
      expect($$(el, '[part=resource-link] a[href]').length).to.equal(1)
      await sleep(100)
      expect((await reads()).slice(before), 'reads before any link was opened').to.deep.equal([])

      const readme = openButton(el, 'Read me')
      expect(readme.getAttribute('aria-expanded')).to.equal('false')
      readme.click()
      await eventually(() => readText(el).includes('contents of docs/readme.md'), 'the file shown in place')
      expect(readme.getAttribute('aria-expanded')).to.equal('true')
      expect(readText(el)).to.equal('live://files/docs/readme.md text/plain contents of docs/readme.md')
      expect((await reads()).slice(before)).to.deep.equal(['live://files/docs/readme.md'])
      await expect(el).to.be.accessible()

      readme.click()
      await el.updateComplete
      expect(readme.getAttribute('aria-expanded')).to.equal('false')
      expect(markup($(el, '[part=resource-read]'))).to.equal('')
      expect(seen($(el, '[part=base]'))).to.contain('Read me')
    })

    it('says why a link could not be read, keeps everything else, and reads it again on Retry (through the client handed in)', async () => {
      const client = new McpClient(await serverUrl('resources'))
      const result = await client.callTool('linked', {})
      await controlServer('resources', 'fail-next', { count: 1 })
      try {
        const el = await fixture<McpContentElement>(html`<mcp-content .result=${result} .client=${client}></mcp-content>`)
        openButton(el, 'flaky').click()
        const alert = () => $(el, '[part=resource-read] [role=alert]')
        await eventually(() => alert() !== null, 'the error')
        expect(seen(alert())).to.equal('Could not read live://flaky: The disk is on fire Retry')
        expect(seen($(el, '[part=base]'))).to.contain('Here are the files.').and.contain('Read me').and.contain('Fails when told to.')
        await expect(el).to.be.accessible()
        alert()!.querySelector('button')!.click()
        await eventually(() => readText(el).endsWith('read at last'), 'the file read on Retry')
        expect(markup(alert())).to.equal('')

        openButton(el, 'nowhere').click()
        await eventually(() => alert() !== null, 'the error for an unknown resource')
        expect(seen(alert())).to.match(/^Could not read live:\/\/nowhere: .*nowhere.* Retry$/)
        expect(deepText($(el, '[part=base]')!)).to.contain('read at last')
      } finally {
        await controlServer('resources', 'reset')
      }
    })

    it('says so when a read link’s contents are not a list, rather than failing', async () => {
      const client = new McpClient(await serverUrl('resources'))
      await controlServer('resources', 'junk', { on: true })
      try {
        const el = await fixture<McpContentElement>(
          html`<mcp-content .blocks=${[{ type: 'resource_link', uri: 'live://note', name: 'note' }]} .client=${client}></mcp-content>`,
        )
        openButton(el, 'note').click()
        await eventually(() => readText(el) !== '' && !readText(el).startsWith('Reading'), 'the read')
        expect(readText(el)).to.equal('The server sent contents that are not a list.')
      } finally {
        await controlServer('resources', 'reset')
      }
    })
  })

  describe('embedded resources, by MIME type', () => {
    const resource = (r: Record<string, unknown>) => ({ type: 'resource', resource: { uri: 'file:///x', ...r } }) as ContentBlock

    it('text/* and unknown text types as text, HTML included', async () => {
      const el = await show([
        resource({ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'plain\ntext' }),
        resource({ uri: 'file:///page.html', mimeType: 'text/html', text: '<img src=x: onerror="window.__pwned=7">' }),
        resource({ uri: 'file:///b.csv', mimeType: 'text/csv', blob: base64('a,b\n1,2') }),
      ])
      await imagesSettled(el)
      expect($$(el, '[part=resource] [part=text]').map((t) => t.innerText)).to.deep.equal([
        'plain\ntext',
        '<img src=x: onerror="window.__pwned=7">',
        'a,b\n1,2',
      ])
      expect(markup($$(el, 'img'))).to.equal('')
      expect(window.__pwned).to.equal(undefined)
    })

    it('application/json as a tree, invalid JSON as text with a note', async () => {
      const el = await show([
        resource({ uri: 'file:///c.json', mimeType: 'application/json', text: '{"name":"<b>x</b>","list":[1,true,null]}' }),
        resource({ uri: 'file:///d.json', mimeType: 'application/json', text: '{oops' }),
      ])
      const [good, bad] = $$(el, '[part=resource]')
      expect(seen(good.querySelector('[part=json]'))).to.equal('2 keys name: "<b>x</b>" list: 3 items 0: 1 1: true 2: null')
      expect(markup(good.querySelector('b'))).to.equal('')
      expect(seen(bad)).to.contain('This is not valid JSON; shown as text.')
      expect(seen(bad.querySelector('[part=text]'))).to.equal('{oops')
    })

    it('images, audio and video as media; blob URLs carry only the vetted type', async () => {
      const el = await show([
        resource({ uri: 'file:///p.png', mimeType: 'image/png', blob: PNG_1X1 }),
        resource({ uri: 'file:///s.svg', mimeType: 'image/svg+xml', text: SCRIPTED_SVG }),
        resource({ uri: 'file:///a.wav', mimeType: 'audio/wav', blob: wavBase64() }),
        resource({ uri: 'file:///v.mp4', mimeType: 'video/mp4', blob: bytesBase64(new Uint8Array([0, 0, 0, 24])) }),
      ])
      await imagesSettled(el)
      const images = $$<HTMLImageElement>(el, 'img')
      expect(images.map((i) => i.alt)).to.deep.equal(['p.png', 's.svg'])
      const [png, svg] = images
      expect(png!.naturalWidth, 'the PNG’s own width').to.equal(1)
      // The SVG was drawn: WebKit gives an SVG image's naturalWidth as the width it is laid out at (990 px here), not
      // its width attribute (4), so only "drawn" is engine-neutral.
      expect(svg!.complete && svg!.naturalWidth > 0, 'the SVG drawn').to.equal(true)
      const audio = $<HTMLAudioElement>(el, 'audio')!
      expect(audio.src).to.match(/^blob:/)
      expect((await (await fetch(audio.src)).blob()).type).to.equal('audio/wav')
      const video = $<HTMLVideoElement>(el, 'video')!
      expect(video.controls).to.equal(true)
      const videoBlob = await (await fetch(video.src)).blob()
      expect([videoBlob.type, videoBlob.size]).to.deep.equal(['video/mp4', 4])
      expect(window.__pwned).to.equal(undefined)
    })

    it('a PDF as a link opening it in a new tab (no frame), with a download beside it', async () => {
      // Opening it in the browser's viewer is proven in mcp-resource-view.test.ts, past the page.
      const pdf = '%PDF-1.4\n%%EOF\n'
      const el = await show([resource({ uri: 'https://example.com/docs/spec%20v2.pdf', mimeType: 'application/pdf', blob: base64(pdf) })])
      expect($$(el, 'iframe')).to.have.length(0)
      const open = $<HTMLAnchorElement>(el, 'a[part=pdf]')!
      expect([open.textContent!.trim(), open.target, open.rel]).to.deep.equal([
        'Open spec v2.pdf in a new tab',
        '_blank',
        'noopener noreferrer',
      ])
      const blob = await (await fetch(open.href)).blob()
      expect([blob.type, await blob.text()]).to.deep.equal(['application/pdf', pdf])
      expect($<HTMLAnchorElement>(el, 'a[part=download]')!.download).to.equal('spec v2.pdf')
    })

    it('other binaries as a download with the file name and size, typed so a tab never renders them', async () => {
      const bytes = new Uint8Array(2500).map((_, i) => i % 256)
      const el = await show([
        resource({ uri: 'file:///data/archive.zip', mimeType: 'application/zip', blob: bytesBase64(bytes) }),
        resource({ uri: 'file:///evil.html', mimeType: 'text/html', blob: '!!not base64!!' }),
      ])
      const a = $<HTMLAnchorElement>(el, 'a[part=download]')!
      expect(a.download).to.equal('archive.zip')
      expect(seen(a)).to.equal('Download archive.zip (2.5 kB)')
      const blob = await (await fetch(a.href)).blob()
      expect(blob.type).to.equal('application/octet-stream')
      expect(new Uint8Array(await blob.arrayBuffer())).to.deep.equal(bytes)
      expect(seen($$(el, '[part=resource]')[1])).to.contain('This resource’s data is not valid base64.')
    })

    it('revokes its blob URLs when the content changes', async () => {
      const el = await show([
        resource({ uri: 'file:///a.bin', mimeType: 'application/octet-stream', blob: bytesBase64(new Uint8Array([1, 2, 3])) }),
      ])
      const url = $<HTMLAnchorElement>(el, 'a[part=download]')!.href
      el.blocks = [{ type: 'text', text: 'next' }]
      await el.updateComplete
      let failed = false
      await fetch(url).catch(() => (failed = true))
      expect(failed).to.equal(true)
    })
  })

  describe('tool results', () => {
    it('shows structuredContent as a collapsible tree, keys and values as text', async () => {
      const el = await showResult({
        resultType: 'complete',
        content: [{ type: 'text', text: 'done' }],
        structuredContent: { user: { name: '<img src=x: onerror="window.__pwned=8">', tags: ['a', 'b'] }, count: 2 },
      })
      await imagesSettled(el)
      const tree = $(el, '[part=structured] [part=json]')!
      // The root and its small children are open; deeper nodes start closed.
      expect(seen(tree)).to.equal('2 keys user: 2 keys name: "<img src=x: onerror="window.__pwned=8">" tags: 2 items count: 2')
      expect(markup(tree.querySelectorAll('img'))).to.equal('')
      const user = tree.querySelector<HTMLDetailsElement>(':scope > details > ul > li > details')!
      const tags = user.querySelector<HTMLDetailsElement>(':scope > ul > li > details')!
      tags.querySelector('summary')!.click()
      await eventually(() => seen(tree).includes('0: "a"'), 'the tags node to open')
      expect(seen(tree)).to.equal(
        '2 keys user: 2 keys name: "<img src=x: onerror="window.__pwned=8">" tags: 2 items 0: "a" 1: "b" count: 2',
      )
      // Closing a node hides its children.
      user.querySelector('summary')!.click()
      await eventually(() => !seen(tree).includes('tags'), 'the user node to close')
      expect(seen(tree)).to.equal('2 keys user: 2 keys count: 2')
      expect(window.__pwned).to.equal(undefined)
    })

    it('shows an isError result as an error, announced by role', async () => {
      const el = await showResult({ resultType: 'complete', content: [{ type: 'text', text: 'it broke' }], isError: true })
      const base = $(el, '[part=base]')!
      expect(base.getAttribute('role')).to.equal('alert')
      expect(seen(base)).to.equal('Error it broke')
      expect(getComputedStyle(base).backgroundColor).to.not.equal(getComputedStyle(el).backgroundColor)
      const ok = await showResult({ resultType: 'complete', content: [{ type: 'text', text: 'fine' }] })
      expect($(ok, '[part=base]')!.hasAttribute('role')).to.equal(false)
    })

    it('warns when structuredContent does not match the output schema, and not when it does', async () => {
      const schema = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] }
      const bad = await showResult({ resultType: 'complete', content: [], structuredContent: { sum: 'five' } }, schema)
      await eventually(() => $(bad, '[part=schema-warning]') !== null, 'the schema warning')
      expect(seen($(bad, '[part=schema-warning]'))).to.match(/^The structured content does not match the tool’s output schema: \/sum .+/)
      const good = await showResult({ resultType: 'complete', content: [], structuredContent: { sum: 5 } }, schema)
      await sleep(100)
      expect(markup($(good, '[part=schema-warning]'))).to.equal('')
      const missing = await showResult({ resultType: 'complete', content: [{ type: 'text', text: '5' }] }, schema)
      await eventually(() => $(missing, '[part=schema-warning]') !== null, 'the missing-structured-content warning')
      expect(seen($(missing, '[part=schema-warning]'))).to.contain('returned no structured content')
    })

    it('says so when the output schema cannot be used, rather than failing', async () => {
      const el = await showResult(
        { resultType: 'complete', content: [], structuredContent: { a: 1 } },
        { $ref: 'https://schemas.invalid/x.json' },
      )
      await eventually(() => $(el, '[part=schema-warning]') !== null, 'the unusable-schema warning')
      expect(seen($(el, '[part=schema-warning]'))).to.match(/^The tool’s output schema cannot be checked: .+/)
      expect(seen($(el, '[part=structured]'))).to.equal('Structured content 1 key a: 1')
    })

    it('shows a real result from the fixture server, checked against the tool’s real output schema', async () => {
      const client = new McpClient(await serverUrl())
      const tools = await client.listTools()
      const add = tools.find((t) => t.name === 'add')!
      const el = await showResult(await client.callTool('add', { a: 2, b: 3 }), add.outputSchema)
      expect(seen($(el, '[part=text]'))).to.equal('5')
      expect(seen($(el, '[part=structured] [part=json]'))).to.equal('1 key sum: 5')
      await sleep(100)
      expect(markup($(el, '[part=schema-warning]'))).to.equal('')

      const failed = await showResult(await client.callTool('fail', {}))
      expect($(failed, '[part=base]')!.getAttribute('role')).to.equal('alert')
      expect(seen($(failed, '[part=base]'))).to.equal('Error this tool always fails')
    })
  })

  describe('against the hostile test server', () => {
    // Its payloads set window.__pwned to where they came from (see test/support/servers/hostile.ts).
    const pwned = () => window.__pwned ?? window.top?.__pwned

    it('shows a tool result full of markup, script URLs and scripted SVG as text, running nothing', async () => {
      const client = new McpClient(await serverUrl('hostile'))
      const tool = (await client.listTools()).find((t) => t.name === 'hostile_result')!
      const el = await fixture<McpContentElement>(
        html`<mcp-content
          markdown
          .result=${await client.callTool('hostile_result', {})}
          .outputSchema=${tool.outputSchema}
        ></mcp-content>`,
      )
      await el.updateComplete
      await imagesSettled(el)
      await sleep(200)
      expect(pwned()).to.equal(undefined)
      const text = root(el).querySelector('[part=base]')!.textContent!
      expect(text).to.contain(`<script>window.__pwned='result.text'</script>`)
      expect(text).to.contain(`<img src=x onerror="window.__pwned='result.link-title'">`)
      expect(markup($$(el, 'script, iframe, object, embed, svg'))).to.equal('')
      // Not one of its links may be followed; the one exception is its same-site image (once hostile.test.ts has told the
      // server the page's origin), which is not loaded but shown as a plain http link, as any image from a foreign host is.
      const sameSite = (a: Element) => a.getAttribute('href')!.startsWith(`${location.origin}/__fixture/logout?`)
      expect(markup($$(el, 'a[href]').filter((a) => !sameSite(a)))).to.equal('')
      expect($$<HTMLImageElement>(el, 'img').every((img) => img.src.startsWith('data:image/'))).to.equal(true)
      expect(seen($(el, '[part=structured]'))).to.contain(`<script>window.__pwned='output.value'</script>`)
    })

    it('hostile annotations and resource links: markup for the model as text, absurd priorities as absent, no live script or data: link, and reading each link runs nothing', async () => {
      const url = await serverUrl('hostile')
      const result = await new McpClient(url).callTool('hostile_annotated', {})
      const el = (await fixture(html`<mcp-server url=${url}><mcp-content .result=${result}></mcp-content></mcp-server>`)).querySelector(
        'mcp-content',
      )!
      await eventually(() => $$(el, '[part=open-resource]').length === 5, 'a control on each link shown')
      // The one sane priority ranks first; the rest keep the server's order (their priorities count as absent).
      const shown = $$(el, '[part=base] > [part=block], [part=base] > [part=for-model]').map(
        (item) => /annotated\.[a-z-]+|^[^<]+/.exec(item.localName === 'details' ? `model-only ${seen(item)}` : seen(item))![0],
      )
      expect(shown.slice(0, 7)).to.deep.equal([
        'the one sane block',
        'model-only What the model sees',
        'annotated.nan',
        'annotated.negative',
        'model-only What the model sees',
        'annotated.object',
        'annotated.null',
      ])
      expect(shown.length).to.equal(13)
      expect($$(el, '[part=for-model]').length, 'blocks for the assistant only (audience an array)').to.equal(3)
      for (const summary of $$(el, '[part=for-model] > summary')) summary.click()
      await eventually(() => $$(el, '[part=for-model]').every((d) => (d as HTMLDetailsElement).open), 'every model-only block open')
      await el.updateComplete
      await eventually(() => $$(el, '[part=open-resource]').length === 6, 'the link inside a model-only block shown')
      for (const button of $$(el, '[part=open-resource]')) button.click()
      await eventually(
        () => $$(el, '[part=resource-read]').length === 6 && $$(el, '[part=resource-read][aria-busy=true]').length === 0,
        'every link read or failed',
      )
      await eventually(() => deepQueryAll(el, 'mcp-content').length === 3, 'the three hostile resources shown')
      await Promise.all(deepQueryAll<McpContentElement>(el, 'mcp-content').map((nested) => nested.updateComplete))
      await Promise.all(deepQueryAll<HTMLImageElement>(el, 'img').map((img) => img.decode().catch(() => undefined)))
      await sleep(200)
      expect(pwned()).to.equal(undefined)
      const text = root(el).querySelector('[part=base]')!.textContent!
      for (const where of ['model', 'nan', 'negative', 'huge', 'object', 'null', 'link-js-name', 'link-data-name', 'link-html-title', 'link-uri-name'])
        expect(text, where).to.contain(`<script>window.__pwned='annotated.${where}'</script>`)
      expect(text).to.contain(`Could not read javascript:window.__pwned='annotated.link-js'`)
      expect(text).to.contain(`Could not read hostile://"><img src=x onerror="window.__pwned='annotated.link-uri'">`)
      expect(deepQueryAll(el, 'mcp-content').map((nested) => nested.shadowRoot!.textContent).join()).to.contain(
        `<script>window.__pwned='resource.html'</script>`,
      )
      expect(markup(deepQueryAll(el, 'script, iframe, object, embed, svg'))).to.equal('')
      expect(deepQueryAll(el, '*').flatMap((e) => e.getAttributeNames().filter((name) => name.startsWith('on')))).to.deep.equal([])
      const links = deepQueryAll<HTMLAnchorElement>(el, 'a[href]')
      expect(links.filter((a) => !['http:', 'https:'].includes(new URL(a.href).protocol)).map((a) => a.href)).to.deep.equal([])
      expect(deepQueryAll<HTMLImageElement>(el, 'img').every((img) => img.src.startsWith('data:image/'))).to.equal(true)
    })

    it('shows hostile resources (HTML, scripted SVG, HTML posing as a PDF, a binary) without running them', async () => {
      const client = new McpClient(await serverUrl('hostile'))
      const uris = ['hostile://page.html', 'hostile://image.svg', 'hostile://fake.pdf', 'hostile://data.json', 'hostile://markdown']
      const contents = (await Promise.all(uris.map((uri) => client.readResource(uri)))).flatMap((r) => r.contents)
      const download = (await client.listResources()).find((r) => r.title === 'Binary')!
      contents.push(...(await client.readResource(download.uri)).contents)
      const el = await show(contents.map((resource) => ({ type: 'resource', resource }) as ContentBlock))
      await imagesSettled(el)
      await sleep(200)
      expect(pwned()).to.equal(undefined)
      expect(seen($(el, '[part=text]'))).to.contain(`<script>window.__pwned='resource.html'</script>`)
      // HTML posing as a PDF: a link to bytes typed application/pdf (the PDF viewer reads them, never the HTML parser).
      expect((await (await fetch($<HTMLAnchorElement>(el, 'a[part=pdf]')!.href)).blob()).type).to.equal('application/pdf')
      const [pdfDownload, a] = $$<HTMLAnchorElement>(el, 'a[part=download]')
      expect(pdfDownload.download).to.equal('fake.pdf')
      expect(a.download).to.equal('_script_x__script_.exe')
      expect((await (await fetch(a.href)).blob()).type).to.equal('application/octet-stream')
    })
  })

  describe('large content', () => {
    it('cuts a 5 MB text and shows it all on request, quickly', async () => {
      const text = 'x'.repeat(5_000_000)
      const start = performance.now()
      const el = await show([{ type: 'text', text }])
      expect(performance.now() - start).to.be.below(500)
      expect($(el, '[part=text]')!.textContent!.length).to.equal(20_000)
      const button = $<HTMLButtonElement>(el, '[part=show-all]')!
      expect(seen(button)).to.equal(`Show all ${(5_000_000).toLocaleString()} characters`)
      const expandStart = performance.now()
      button.click()
      await el.updateComplete
      expect(performance.now() - expandStart).to.be.below(1000)
      expect($(el, '[part=text]')!.textContent!.length).to.equal(5_000_000)
      expect(markup($(el, '[part=show-all]'))).to.equal('')
    })

    it('cuts a 50,000-item array and shows it all on request, never blocking the page for more than 100 ms', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(45_000)
      const items = Array.from({ length: 50_000 }, (_, i) => i)
      /** Shows the array, draws it all with Show all, scrolls to its end; the longest the page went without a task. */
      const showAll = async (first: boolean): Promise<{ el: McpContentElement; longestGap: number }> => {
        const start = performance.now()
        const el = await showResult({ resultType: 'complete', content: [], structuredContent: items })
        if (first) expect(performance.now() - start).to.be.below(500)
        const entries = () => $$(el, '[part=structured] [part=json] > details > ul > li:has(.json-number)')
        const entry = (text: string) => entries().find((li) => li.textContent!.trim() === text)
        expect(entries()).to.have.length(200)
        const button = $<HTMLButtonElement>(el, '[part=show-all]')!
        expect(seen(button)).to.equal(`Show all ${(50_000).toLocaleString()} entries`)
        // The longest the page goes without running a task, from a chain of zero-delay timers: any engine's long task
        // shows as a gap (PerformanceObserver's longtask is Chromium's only).
        let longestGap = 0
        let ticking = true
        let last = performance.now()
        const tick = () => {
          const now = performance.now()
          longestGap = Math.max(longestGap, now - last)
          last = now
          if (ticking) setTimeout(tick, 0)
        }
        setTimeout(tick, 0)
        const list = $(el, '[part=structured] [part=json] > details')!
        try {
          button.click()
          await eventually(() => !$(el, '[part=show-all]'), 'the Show all button to go', 5_000)
          // Every entry is reachable: scrolled to, the last one is drawn, on screen.
          await eventually(
            () => {
              list.lastElementChild!.scrollIntoView({ block: 'end' })
              return entry('49999: 49999') !== undefined
            },
            'the last entry, scrolled to',
            9_000,
          )
          const lastBox = entry('49999: 49999')!.getBoundingClientRect()
          expect(lastBox.top >= 0 && lastBox.top < innerHeight, `last entry at ${lastBox.top} of ${innerHeight}`).to.equal(true)
          await sleep(200) // chunks that came near while scrolling are drawn (one per task)
        } finally {
          ticking = false
        }
        expect(entries().length, 'entries in the page: only those near the view').to.be.below(1_000)
        // The reader scrolls back up: the first entries are still there.
        list.scrollIntoView()
        expect(entry('0: 0')).not.to.equal(undefined)
        return { el, longestGap }
      }
      // Drawn in one go, 50,000 entries blocked WebKit for seconds, and Chromium and Firefox for hundreds of ms, on every
      // try. A gap of the machine's own (the other engines' suites run beside this one) is not the page's: the best of
      // three tries counts.
      const gaps: number[] = []
      while (gaps.length < 3 && gaps.every((gap) => gap >= 100)) {
        const { el, longestGap } = await showAll(gaps.length === 0)
        gaps.push(longestGap)
        el.remove()
      }
      expect(Math.min(...gaps), `longest gap of each try: ${gaps.map(Math.round).join(', ')} ms`).to.be.below(100)
    })

    it('cuts long markdown before parsing it', async () => {
      const el = await show([{ type: 'text', text: '*a* '.repeat(100_000) }], { markdown: true })
      expect($$(el, '[part=markdown] em').length).to.be.below(5_001)
      expect(markup($(el, '[part=show-all]'))).to.contain('Show all')
    })
  })

  it('shows a notice for content it cannot show, and keeps going', async () => {
    const el = await show([
      { type: 'hologram', data: 'x' } as unknown as ContentBlock,
      { type: 'text', text: 42 } as unknown as ContentBlock,
      { type: 'text', text: 'still here' },
    ])
    const [unknown, badText, text] = $$(el, '[part=block]')
    expect(seen(unknown)).to.equal('Unsupported content of type “hologram”: 2 keys type: "hologram" data: "x"')
    expect(seen(badText)).to.contain('Unsupported content of type “text”')
    expect(seen(text)).to.equal('still here')
  })

  it('shows a null block, a null resource and a resource without a URI as such, never the words “undefined” or a script error', async () => {
    const el = await show([
      null as unknown as ContentBlock,
      { type: 'resource', resource: null } as unknown as ContentBlock,
      { type: 'resource', resource: { mimeType: 'text/plain', text: 'no uri' } } as unknown as ContentBlock,
    ])
    const [nullBlock, nullResource, noUri] = $$(el, '[part=block]')
    expect(seen(nullBlock)).to.equal('Unsupported content of type “object”: null')
    expect(seen(nullResource)).to.equal('Unsupported content of type “object”: null')
    expect(seen(noUri)).to.equal('text/plain no uri')
    expect(noUri.querySelector('[part=resource]')!.getAttribute('aria-label')).to.equal('Resource')
  })

  it('says why an image cannot be shown when its data is not base64, rather than a broken image', async () => {
    const el = await show([{ type: 'image', data: 'not base64!', mimeType: 'image/png' }])
    expectAbsent($(el, 'img'), 'an image')
    expect(seen($(el, '[part=notice]'))).to.equal('An image that cannot be shown (type “image/png”).')
  })

  it('says why audio cannot be played when its data is not base64, rather than playing nothing', async () => {
    const el = await show([{ type: 'audio', data: 'not base64!', mimeType: 'audio/wav' }])
    expect(markup($(el, 'audio'))).to.equal('')
    expect(seen($(el, '[part=notice]'))).to.equal('Audio that cannot be played (type “audio/wav”).')
  })

  it('writes 1,000 bytes as 1 kB, and 999 as bytes', async () => {
    const el = await show([
      { type: 'resource_link', uri: 'https://example.com/a.bin', name: 'a.bin', size: 1000 },
      { type: 'resource_link', uri: 'https://example.com/b.bin', name: 'b.bin', size: 999 },
    ])
    expect($$(el, '[part=resource-link] .meta').map(seen)).to.deep.equal(['1 kB', '999 bytes'])
  })

  it('writes sizes in the page’s language', async () => {
    const lang = document.documentElement.lang
    document.documentElement.lang = 'de'
    try {
      const el = await show([{ type: 'resource_link', uri: 'https://example.com/r.bin', name: 'r.bin', size: 1_536_000 }])
      expect(seen($(el, '[part=resource-link] .meta'))).to.equal('1,5 MB')
    } finally {
      document.documentElement.lang = lang
    }
  })

  it('prints its own words through setStrings(), re-rendering when they change', async () => {
    const el = await showResult({ resultType: 'complete', content: [{ type: 'text', text: 'y'.repeat(20_001) }], isError: true })
    expect(seen($(el, '[part=error-label]'))).to.equal('Error')
    setStrings({ 'content.error': 'Fehler', 'content.show-all-characters': 'Alle {count} Zeichen zeigen' })
    try {
      await el.updateComplete
      expect(seen($(el, '[part=error-label]'))).to.equal('Fehler')
      expect(seen($(el, '[part=show-all]'))).to.equal(`Alle ${(20_001).toLocaleString()} Zeichen zeigen`)
    } finally {
      setStrings({ 'content.error': 'Error', 'content.show-all-characters': 'Show all {count} characters' })
    }
  })

  it('is accessible with every kind of content', async () => {
    const el = await fixture<McpContentElement>(
      html`<mcp-content
        markdown
        .result=${
          {
            resultType: 'complete',
            content: [
              { type: 'text', text: '# Heading\n\nText with a [link](https://example.com).' },
              { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
              { type: 'audio', data: wavBase64(), mimeType: 'audio/wav' },
              { type: 'resource_link', uri: 'https://example.com/a', name: 'a', description: 'A thing' },
              { type: 'resource', resource: { uri: 'file:///d.json', mimeType: 'application/json', text: '{"a":[1,2]}' } },
              { type: 'resource', resource: { uri: 'file:///x.pdf', mimeType: 'application/pdf', blob: base64('%PDF-1.4') } },
              { type: 'resource', resource: { uri: 'file:///x.bin', mimeType: 'application/octet-stream', blob: base64('bin') } },
            ],
            structuredContent: { ok: true },
          } satisfies CallToolResult
        }
      ></mcp-content>`,
    )
    await el.updateComplete
    await expect(el).to.be.accessible()
  })
})
