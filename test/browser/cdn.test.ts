// The CDN build as a page author uses it: a plain HTML page whose only script
// is `<script type="module" src=".../dist/cdn/mcp-web-elements.js">`, and the
// tags (test/support/cdn-page.ts; `npm test` builds dist/ before the browser tests).
import { expect } from '@open-wc/testing'
import { eventually, serverUrl } from '../support/browser.js'
import { CDN_FILE, deepText, plainPage, skipUnlessBuilt } from '../support/cdn-page.js'

describe('the CDN file (dist/cdn/mcp-web-elements.js)', () => {
  before(function (this: { skip(): void }) {
    return skipUnlessBuilt.call(this, 'cdn.test.ts')
  })

  it('alone on a plain page, registers the elements and shows a server’s tools', async () => {
    const url = await serverUrl()
    const frame = await plainPage(`<mcp-server url="${url}"><mcp-tool-list></mcp-tool-list></mcp-server>`)
    const page = frame.contentWindow!
    await eventually(() => !!page.customElements.get('mcp-tool-list'), 'the CDN module to register <mcp-tool-list>')
    await eventually(
      () => /Returns its input text\./.test(deepText(page.document.body)) && /slow_count/.test(deepText(page.document.body)),
      'the fixture’s tools listed',
    ).catch((error) => {
      throw new Error(`${error.message}; the page shows: ${deepText(page.document.body).replace(/\s+/g, ' ').slice(0, 500)}`)
    })
    // Nothing but the CDN file (and the chunks beside it) was loaded as script; everything else was the MCP server.
    const scripts = page.performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((loaded) => loaded.origin === location.origin)
      .map((loaded) => loaded.pathname)
    expect(scripts.filter((path) => !path.startsWith('/dist/cdn/'))).to.deep.equal([])
    expect(scripts).to.include(CDN_FILE)
  })

  it('loads only the entry at start-up; the markdown renderer arrives with the first markdown shown', async () => {
    const frame = await plainPage('')
    const page = frame.contentWindow!
    await eventually(() => !!page.customElements.get('mcp-content'), 'the CDN module to register <mcp-content>')
    const fetched = () =>
      page.performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/dist/cdn/'))
    expect(fetched()).to.deep.equal([CDN_FILE])
    const content = page.document.createElement('mcp-content') as HTMLElement & { blocks: unknown; markdown: boolean }
    content.markdown = true
    content.blocks = [{ type: 'text', text: '# Hello\n\nfrom *markdown*' }]
    page.document.body.append(content)
    await eventually(() => !!content.shadowRoot?.querySelector('h1'), 'the markdown rendered')
    expect(content.shadowRoot!.querySelector('h1')!.textContent).to.equal('Hello')
    expect(fetched().filter((path) => path !== CDN_FILE).length, 'lazy chunks fetched for markdown').to.be.greaterThan(0)
  })

  it('registers every element the custom-elements manifest lists', async () => {
    const manifest = await fetch('/dist/custom-elements.json').then((res) => res.json())
    const tags: string[] = manifest.modules.flatMap((m: { declarations?: { tagName?: string }[] }) =>
      (m.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : [])),
    )
    expect(tags.length).to.be.greaterThan(0)
    const frame = await plainPage('')
    const page = frame.contentWindow!
    await eventually(() => !!page.customElements.get('mcp-server'), 'the CDN module to run')
    expect(tags.filter((tag) => !page.customElements.get(tag))).to.deep.equal([])
  })
})
