// The CDN build as a page author uses it: a plain HTML page whose only script
// is `<script type="module" src=".../dist/cdn/mcp-web-elements.js">`, and the
// tags (test/support/cdn-page.ts; `npm test` builds dist/ before the browser tests).
// The entry's autoloader loads each element's file when its tag is first in the document.
import { expect } from '@open-wc/testing'
import { savedCalls, type McpClient } from '../../src/client/index.js'
import { controlServer, eventually, serverUrl } from '../support/browser.js'
import { CDN_FILE, deepText, plainPage, scriptsFetched, skipUnlessBuilt } from '../support/cdn-page.js'

/**
 * A server and its tool list, the page recording the scripts it fetched in the update that puts the listing on screen
 * (`__beforeList`): before any idle-time preload, or anything the list's loaded event sets off, can run.
 */
const listPage = (url: string) => `<script>
    document.addEventListener('mcp-list-loaded', (event) => event.target.updateComplete.then(() => {
      window.__beforeList ??= performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js'))
    }))
  </script><mcp-server url="${url}"><mcp-tool-list></mcp-tool-list></mcp-server>`

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

  it('defines its elements beside an undefined element of the page’s own (not one of ours), which it leaves alone', async () => {
    const url = await serverUrl()
    const frame = await plainPage(`<page-widget></page-widget><mcp-server url="${url}"><mcp-prompt-list></mcp-prompt-list></mcp-server>`)
    const page = frame.contentWindow!
    await eventually(
      () => !!page.customElements.get('mcp-server') && !!page.customElements.get('mcp-prompt-list'),
      'the CDN module to define <mcp-server> and <mcp-prompt-list>',
    )
    expect(page.customElements.get('page-widget')).to.equal(undefined)
  })

  it('before the list shows, loads only the entry and the chunk it imports (no element file); opening a tool loads the rest, and the call works', async () => {
    const url = await serverUrl()
    const frame = await plainPage(listPage(url))
    const page = frame.contentWindow! as Window & { __beforeList?: string[] }
    await eventually(() => !!page.__beforeList, 'the tool list loaded')
    const beforeList = page.__beforeList!
    // The classes of <mcp-server> and <mcp-tool-list> are in the chunk the entry imports: the autoloader defines their
    // tags from it. Their own files would only define them, one more round trip before a warm start's list (issue 23).
    const firstList = beforeList.filter((path) => /^\/dist\/cdn\/first-list-[\w-]+\.js$/.test(path))
    expect(firstList, `the first-list chunk, among: ${beforeList.join(', ')}`).to.have.length(1)
    // Nothing else: no element's file, nothing a list opens on demand (the tool, its form, the validator, markdown).
    expect([...beforeList].sort(), 'the scripts before the list').to.deep.equal([CDN_FILE, firstList[0]].sort())

    // Open the echo tool from its row: <mcp-tool> and its form arrive, and the call goes through.
    const list = page.document.querySelector('mcp-tool-list')!
    const row = () => list.shadowRoot?.querySelector<HTMLElement>('[part~="item"][data-name="echo"]')
    await eventually(() => !!row(), 'the echo row')
    row()!.click()
    const tool = () => list.shadowRoot!.querySelector('mcp-tool')
    await eventually(() => !!tool() && !!page.customElements.get('mcp-tool'), '<mcp-tool> loaded and opened')
    const field = () => tool()!.shadowRoot?.querySelector('mcp-schema-form')?.shadowRoot?.querySelector<HTMLInputElement>('input')
    await eventually(() => !!field(), 'the tool’s form')
    field()!.value = 'lazy hello'
    field()!.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
    const call = () => tool()!.shadowRoot!.querySelector<HTMLButtonElement>('button[part~="call"]')
    await eventually(() => !!call() && !call()!.disabled, 'the Call button')
    call()!.click()
    await eventually(() => /lazy hello/.test(deepText(tool()!.shadowRoot!.querySelector('[part~="result"]') ?? tool()!)), 'the call’s result', 8_000)
    const loaded = scriptsFetched(page)
    for (const element of ['mcp-tool', 'mcp-schema-form', 'mcp-content'])
      expect(loaded, `${element} loaded once the tool opened`).to.include(`/dist/cdn/elements/${element}.js`)
    // Page code importing an element's file gets the class its tag was defined with (one class, not a copy).
    for (const [tag, name] of [
      ['mcp-server', 'McpServerElement'],
      ['mcp-tool-list', 'McpToolListElement'],
    ]) {
      const imported = await (page as unknown as { eval(code: string): Promise<Record<string, unknown>> }).eval(
        `import(${JSON.stringify(new URL(`/dist/cdn/elements/${tag}.js`, location.href).href)})`,
      )
      expect(imported[name], `${tag}'s file exports the defined class`).to.equal(page.customElements.get(tag))
    }
  })

  it('a tool list slower than 2 s still shows before any listen stream code loads; the stream opens once it shows', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000) // the list answers after 2.5 s; room for a loaded machine
    const url = await serverUrl('slow-list')
    const frame = await plainPage(listPage(url))
    const page = frame.contentWindow! as Window & { __beforeList?: string[] }
    await eventually(() => !!page.__beforeList, 'the slow tool list shown', 15_000)
    const beforeList = page.__beforeList!
    const firstList = beforeList.filter((path) => /^\/dist\/cdn\/first-list-[\w-]+\.js$/.test(path))
    expect([...beforeList].sort(), 'the scripts before the list').to.deep.equal([CDN_FILE, ...firstList].sort())
    const listenCode = () => scriptsFetched(page).filter((path) => /\/shared-listen-[\w-]+\.js$/.test(path))
    await eventually(() => listenCode().length === 1, 'the listen stream’s code, after the list', 8_000)
    await eventually(async () => (await controlServer<string[]>('slow-list', 'methods')).includes('subscriptions/listen'), 'the listen stream opened')
  })

  it('asks for the cache database as it starts, before it defines any element, and opens it once for the page’s server', async () => {
    const url = await serverUrl()
    // Recorded by the page before the module runs: each indexedDB.open() and each customElements.define().
    const frame = await plainPage(
      `<script>
        window.__steps = []
        const open = IDBFactory.prototype.open
        IDBFactory.prototype.open = function (name, ...rest) { window.__steps.push('open ' + name); return open.call(this, name, ...rest) }
        const define = customElements.define
        customElements.define = function (tag, ...rest) { window.__steps.push('define ' + tag); return define.call(this, tag, ...rest) }
      </script><mcp-server url="${url}"><mcp-tool-list></mcp-tool-list></mcp-server>`,
    )
    const page = frame.contentWindow! as Window & { __steps: string[] }
    await eventually(() => /slow_count/.test(deepText(page.document.body)), 'the fixture’s tools listed')
    const opens = page.__steps.filter((step) => step.startsWith('open '))
    expect(opens, 'one open of the cache database for the page').to.deep.equal(['open mcp-web-elements'])
    expect(page.__steps[0], 'the first thing the entry did').to.equal('open mcp-web-elements')
  })

  it('an element created by code is defined once it is in the document; the markdown renderer arrives with the first markdown', async () => {
    const frame = await plainPage('')
    const page = frame.contentWindow!
    await eventually(() => scriptsFetched(page).includes(CDN_FILE), 'the CDN entry')
    expect(page.customElements.get('mcp-content'), 'defined before the page used it').to.equal(undefined)
    const content = page.document.createElement('mcp-content') as HTMLElement & { blocks: unknown; markdown: boolean }
    content.markdown = true
    content.blocks = [{ type: 'text', text: '# Hello\n\nfrom *markdown*' }]
    page.document.body.append(content)
    await eventually(() => !!content.shadowRoot?.querySelector('h1'), 'the markdown rendered')
    expect(content.shadowRoot!.querySelector('h1')!.textContent).to.equal('Hello')
    expect(scriptsFetched(page)).to.include('/dist/cdn/elements/mcp-content.js')
    expect(scriptsFetched(page).some((path) => /\/markdown-[\w-]+\.js$/.test(path)), 'the markdown chunk').to.equal(true)
    // Page code that needs a class imports its element's file, which registers it.
    const { McpToolListElement } = await (page as unknown as { eval(code: string): Promise<{ McpToolListElement: unknown }> }).eval(
      `import(${JSON.stringify(new URL('/dist/cdn/elements/mcp-tool-list.js', location.href).href)})`,
    )
    expect(page.customElements.get('mcp-tool-list')).to.equal(McpToolListElement)
  })

  it('discover(root) of a shadow root of the page’s own (which the autoloader cannot see) resolves once its elements are defined', async () => {
    const frame = await plainPage('<div id="host"></div>')
    const page = frame.contentWindow! as Window & { eval(code: string): Promise<{ discover(root: ShadowRoot): Promise<void> }> }
    await eventually(() => scriptsFetched(page).includes(CDN_FILE), 'the CDN entry')
    const root = page.document.getElementById('host')!.attachShadow({ mode: 'open' })
    root.append(page.document.createElement('mcp-prompt-list'))
    const { discover } = await page.eval(`import(${JSON.stringify(new URL(CDN_FILE, location.href).href)})`)
    await discover(root)
    // Defined when discover resolves, not some time later: page code may use the element's API at once.
    expect(page.customElements.get('mcp-prompt-list'), '<mcp-prompt-list> defined').to.not.equal(undefined)
  })

  it('<mcp-saved-calls> from the CDN file: its file loads with its tag, lists a saved call, and opening it fills the tool’s form', async () => {
    const url = await serverUrl()
    const frame = await plainPage(`${listPage(url).replace('</mcp-tool-list>', '</mcp-tool-list><mcp-saved-calls></mcp-saved-calls>')}`)
    const page = frame.contentWindow! as Window & { __beforeList?: string[] }
    await eventually(() => !!page.__beforeList, 'the tool list loaded')
    const saved = page.document.querySelector('mcp-saved-calls')!
    await eventually(() => !!page.customElements.get('mcp-saved-calls'), '<mcp-saved-calls> defined')
    // Saved by this suite's copy of the library into the database the page's copy reads (one origin, one IndexedDB).
    const server = page.document.querySelector('mcp-server') as unknown as { connection?: { client: McpClient } }
    await savedCalls(server.connection!.client).save({ name: `CDN echo ${Date.now()}`, tool: 'echo', arguments: { text: 'from the CDN' } })
    const open = () => [...(saved.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~=open]') ?? [])].find((b) => b.textContent!.startsWith('CDN echo'))
    await eventually(() => !!open(), 'the saved call listed')
    open()!.click()
    const list = page.document.querySelector('mcp-tool-list')!
    const field = () =>
      list.shadowRoot?.querySelector('mcp-tool')?.shadowRoot?.querySelector('mcp-schema-form')?.shadowRoot?.querySelector<HTMLInputElement>('input')
    await eventually(() => field()?.value === 'from the CDN', 'the echo tool’s form filled in')
    expect(scriptsFetched(page)).to.include('/dist/cdn/elements/mcp-saved-calls.js')
  })

  it('defines every element the custom-elements manifest lists, once its tag is in the document', async () => {
    const manifest = await fetch('/dist/custom-elements.json').then((res) => res.json())
    const tags: string[] = manifest.modules.flatMap((m: { declarations?: { tagName?: string }[] }) =>
      (m.declarations ?? []).flatMap((d) => (d.tagName ? [d.tagName] : [])),
    )
    expect(tags.length).to.be.greaterThan(0)
    const frame = await plainPage('')
    const page = frame.contentWindow!
    await eventually(() => scriptsFetched(page).includes(CDN_FILE), 'the CDN entry')
    const holder = page.document.createElement('div')
    holder.hidden = true
    for (const tag of tags) holder.append(page.document.createElement(tag))
    page.document.body.append(holder)
    await eventually(() => tags.every((tag) => !!page.customElements.get(tag)), 'every tag defined', 10_000).catch(() => {
      throw new Error(`not defined: ${tags.filter((tag) => !page.customElements.get(tag)).join(', ')}`)
    })
  })
})
