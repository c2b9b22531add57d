// Every element on a page that allows only its own scripts and styles and
// requires Trusted Types for every DOM sink:
//   Content-Security-Policy: script-src 'self'; style-src 'self'; require-trusted-types-for 'script'
// The page (test/support/strict-page.html, its header added by the runner:
// test/support/strict-page.mjs) is a fresh document in an iframe that loads one
// build of the library: the CDN file as it is, or dist/index.js bundled the way
// a user's bundler resolves it (export condition `browser`). The test puts the
// elements on it as a page author would, uses them as a visitor would (open a
// tool, fill in its form, call it, answer the dialog it opens, get a prompt, allow or
// deny a call from page code in the approval dialog, sign in to a protected server),
// and checks what is on screen, and that the browser reported no violation.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient } from '../../src/client/index.js'
import { clearDefaultAuthStore, CLIENT_ID, click as clickAt, present } from '../support/auth-browser.js'
import { builtChunkRequests, clearModuleFaults, controlServer, eventually, failBuiltChunk, serverUrl } from '../support/browser.js'
import type { StrictPage } from '../support/strict-page.js'

type Page = Window & typeof globalThis & { strictPage: StrictPage; __pwned?: unknown }

/** The strict page in an iframe, once the build `build` has loaded on it. */
async function strictPage(build: 'cdn' | 'npm'): Promise<Page> {
  const frame = await fixture<HTMLIFrameElement>(html`<iframe style="width: 900px; height: 700px"></iframe>`)
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
  frame.src = `/test/support/strict-page.html?build=${build}`
  await loaded
  const page = frame.contentWindow as Page
  await page.strictPage.loaded
  return page
}

/** Text through open shadow roots (the page is another realm: no instanceof). */
function textOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? ''
  if ((node as Element).localName === 'style') return ''
  const shadow = (node as Element).shadowRoot
  return (shadow ? textOf(shadow) : '') + [...node.childNodes].map(textOf).join('')
}

/** Every element matching `selector` in `root` and the shadow roots below it (duck-typed, as textOf). */
function deepQueryAll<E extends Element = HTMLElement>(root: Element | ShadowRoot, selector: string): E[] {
  const found: E[] = []
  const visit = (node: Element | ShadowRoot) => {
    for (const el of node.querySelectorAll<E>('*')) {
      if (el.matches(selector)) found.push(el)
      if (el.shadowRoot) visit(el.shadowRoot)
    }
  }
  if ('shadowRoot' in root && root.shadowRoot) visit(root.shadowRoot)
  visit(root)
  return found
}

function deepQuery<E extends Element = HTMLElement>(root: Element, selector: string): E {
  const [el] = deepQueryAll<E>(root, selector)
  if (!el) throw new Error(`no element matches ${selector}`)
  return el
}

/** Waits until `text` is in `root`; on time-out, says what is there instead. */
async function shows(root: Node, text: string | RegExp, what: string, timeoutMs = 8_000): Promise<void> {
  const found = () => (typeof text === 'string' ? textOf(root).includes(text) : text.test(textOf(root)))
  await eventually(found, what, timeoutMs).catch((error) => {
    throw new Error(`${error.message}; it shows: …${textOf(root).replace(/\s+/g, ' ').slice(-600)}`)
  })
}

/** A new element on the page, with attributes and properties. */
function add(page: Page, parent: Element, tag: string, attributes: Record<string, string> = {}, properties: object = {}): HTMLElement {
  const el = page.document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value)
  Object.assign(el, properties)
  parent.append(el)
  return el
}

/** Types into an input of the page as a user does (an `input` event of the page's realm). */
function type(page: Page, input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  input.value = value
  input.dispatchEvent(new page.Event('input', { bubbles: true, composed: true }))
}

/** The form control labelled `label` inside `root` (through shadow roots). */
function control(root: Element, label: string): HTMLInputElement {
  const found = deepQueryAll<HTMLInputElement>(root, 'input, textarea').find((input) =>
    [...(input.labels ?? [])].some((l) => l.textContent!.toLowerCase().includes(label.toLowerCase())),
  )
  if (!found)
    throw new Error(
      `no field labelled ${label}; the fields: ${deepQueryAll<HTMLInputElement>(root, 'input, textarea').map((i) => [...(i.labels ?? [])].map((l) => l.textContent).join() || i.outerHTML)}`,
    )
  return found
}

/** The browser reported no violation of the page's policy (each one named, with where it happened). */
const expectNoViolations = (page: Page) => expect(page.strictPage.violations, 'Content-Security-Policy violations').to.deep.equal([])

/** Clicks the button matching `selector` in `root` once it is there and enabled. */
async function click(root: Element, selector: string): Promise<void> {
  const enabled = () => deepQueryAll<HTMLButtonElement>(root, selector).find((b) => !b.disabled)
  await eventually(() => !!enabled(), `${selector} to be enabled`, 8_000)
  enabled()!.click()
}

/** Markdown with named references (with and without the table's common ones), numeric ones, and references in a URL and a title. */
const ENTITY_MARKDOWN = [
  'Fish &amp; chips&nbsp;for two &copy; 2026, &#169; &#x263A; &frac34; &notanentity; `&amp; in code`',
  '',
  '[a link](https://example.com/?a=1&amp;b=2 "Tom &amp; Jerry")',
].join('\n')

/** The builds are read from dist/ (npm run build writes it; npm test builds before the browser tests). */
async function skipUnlessBuilt(this: { skip(): void }): Promise<void> {
  if (!(await fetch('/dist/cdn/mcp-web-elements.js', { method: 'HEAD' })).ok) {
    console.info('strict-csp.test.ts: skipped, dist/ is not built (npm run build)')
    this.skip()
  }
}

describe('the strict page', () => {
  before(skipUnlessBuilt)

  it('reports what its policy blocks (so a clean run means something)', async () => {
    const page = await strictPage('cdn')
    const div = add(page, page.document.body, 'div')
    div.setAttribute('style', 'color: red')
    expect(() => (div.innerHTML = '<b>x</b>'), 'innerHTML without Trusted Types').to.throw()
    await eventually(() => page.strictPage.violations.length === 2, 'two violations reported')
    expect(page.strictPage.violations.map((line) => line.split(':')[0]).sort()).to.deep.equal([
      'require-trusted-types-for',
      'style-src-attr',
    ])
  })
})

for (const build of ['cdn', 'npm'] as const) {
  describe(`the ${build} build on a strict-CSP, Trusted Types page`, () => {
    before(skipUnlessBuilt)

    it('renders markdown with character references as the characters they name', async () => {
      const page = await strictPage(build)
      const scripts = () =>
        page.performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .map((e) => e.name)
      // Markdown without a named reference does not download the table of them.
      const plain = add(
        page,
        page.document.body,
        'mcp-content',
        { markdown: '' },
        { blocks: [{ type: 'text', text: '**no** references &#169;' }] },
      )
      await eventually(() => deepQueryAll(plain, 'strong').length === 1, 'markdown without named references rendered')
      const before = scripts()
      const content = add(page, page.document.body, 'mcp-content', { markdown: '' }, { blocks: [{ type: 'text', text: ENTITY_MARKDOWN }] })
      await shows(content, 'Fish & chips', 'the markdown rendered')
      // This one loaded it, as one chunk of its own.
      const added = scripts().filter((name) => !before.includes(name))
      expect(added.length, `chunks loaded for named references: ${added}`).to.equal(1)
      if (build === 'cdn') expect(added[0]).to.match(/\/dist\/cdn\/entity-table-[\w-]+\.js$/)
      expect(textOf(plain).trim()).to.equal('no references ©')
      const paragraph = deepQuery(content, 'p')
      expect(paragraph.textContent).to.equal('Fish & chips\u00a0for two © 2026, © ☺ ¾ &notanentity; &amp; in code')
      const link = deepQuery<HTMLAnchorElement>(content, 'a')
      expect(link.getAttribute('href')).to.equal('https://example.com/?a=1&b=2')
      expect(link.title).to.equal('Tom & Jerry')
      expectNoViolations(page)
    })

    it('shows every element against the demo server, used as a visitor uses them', async function (this: { timeout(ms: number): void }) {
      this.timeout(60_000)
      const page = await strictPage(build)
      const url = await serverUrl('demo')
      const { url: sandboxUrl } = await controlServer<{ url: string }>('apps', 'sandbox')
      const body = page.document.body
      const server = add(page, body, 'mcp-server', { url, 'sandbox-url': sandboxUrl })
      const tools = add(page, server, 'mcp-tool-list')
      const greet = add(page, server, 'mcp-tool', { name: 'greet' })
      const everyContent = add(page, server, 'mcp-tool', { name: 'show_content' })
      const signUp = add(page, server, 'mcp-tool', { name: 'sign_up' })
      const slow = add(page, server, 'mcp-tool', { name: 'slow_task' })
      const connect = add(page, server, 'mcp-tool', { name: 'connect_account' })
      const app = add(page, server, 'mcp-tool', { name: 'app_echo' })
      const resources = add(page, server, 'mcp-resource-list')
      const readme = add(page, server, 'mcp-resource-view', { uri: 'demo://readme' })
      const prompts = add(page, server, 'mcp-prompt-list')
      const log = add(page, server, 'mcp-call-log')
      const fallbackIcon = add(page, body, 'mcp-icon', { size: '32', label: 'No icon' })
      // A server that cannot be reached: the failure in words, with Retry.
      const unreachable = add(page, body, 'mcp-server', { url: 'http://127.0.0.1:9/mcp' })

      // <mcp-server>: its title and icon; <mcp-tool-list>: the tools, with their icons.
      await shows(server, 'Demo server', 'the server’s title')
      await shows(tools, 'Show every content type', 'the tool list')
      await eventually(
        () => deepQueryAll(tools, 'mcp-icon').some((icon) => !!icon.shadowRoot!.querySelector('img')),
        'the tools’ icons drawn',
      )
      await eventually(() => !!deepQuery(fallbackIcon, 'svg[part~=fallback]'), 'the fallback icon')
      await shows(unreachable, 'Retry', 'the unreachable server’s failure')

      // Picking a tool in the list opens its form below.
      deepQueryAll(tools, '[part~=item]')
        .find((item) => item.dataset.name === 'add')!
        .click()
      await eventually(() => deepQueryAll(tools, 'mcp-tool').length === 1, 'the picked tool opened')
      await shows(deepQuery(tools, 'mcp-tool'), 'Add', 'the picked tool’s form')

      // <mcp-tool> with <mcp-schema-form>: fill in, call, the result in <mcp-content>.
      await shows(greet, 'Who to greet', 'greet’s form')
      type(page, control(greet, 'name'), 'Ada')
      await click(greet, 'button[part~=call]')
      await shows(greet, 'Hello, Ada!', 'greet’s result')
      // The result's frame: the whole result as JSON (server text in a <pre>, as text).
      await click(greet, 'button[part~=json-toggle]')
      await eventually(() => textOf(deepQuery(greet, '[part~=result-json]')).includes('"text": "Hello, Ada!"'), 'the result as JSON')
      // <mcp-call-log>: the call, opened to its arguments and its result (through <mcp-content>).
      await shows(log, 'greet', 'the call in the log')
      deepQueryAll(log, 'details[part~=record] summary')
        .find((summary) => textOf(summary).includes('greet'))!
        .click()
      await shows(log, '"name": "Ada"', 'the call’s arguments in the log')
      await shows(log, 'Hello, Ada!', 'the call’s result in the log')

      // Every content type: text, markdown, image, audio, links, embedded resources, structured content.
      await click(everyContent, 'button[part~=call]')
      await shows(everyContent, 'Plain text: shown as written.', 'show_content’s result')
      await eventually(() => deepQueryAll(everyContent, 'strong').some((s) => s.textContent === 'Markdown'), 'its markdown rendered')
      expect(deepQueryAll(everyContent, 'img').length, 'images').to.be.greaterThan(0)
      expect(deepQueryAll(everyContent, 'audio').length, 'audio').to.be.greaterThan(0)
      await shows(everyContent, 'Structured content', 'its structured content')

      // <mcp-elicitation>: the server asks for a form; the dialog <mcp-server> opens is answered.
      await click(signUp, 'button[part~=call]')
      await eventually(() => deepQueryAll(server, 'mcp-elicitation').length === 1, 'the elicitation dialog')
      const dialog = deepQuery(server, 'mcp-elicitation')
      await shows(dialog, 'Who is signing up?', 'the dialog’s message')
      type(page, control(dialog, 'Name'), 'Grace')
      await click(dialog, 'button[part~=accept]')
      await shows(signUp, 'Signed up Grace on the free plan.', 'sign_up’s result')

      // Progress while a call runs (the bar and the server's message), then a result.
      await click(slow, 'button[part~=call]')
      await shows(slow, /Step \d of 5/, 'the progress message')
      await shows(slow, 'Done: 5 steps.', 'slow_task’s result')

      // The URL-mode dialog: the page it would open, then declined.
      await click(connect, 'button[part~=call]')
      await eventually(() => deepQueryAll(server, 'mcp-elicitation').length === 1, 'the URL elicitation dialog')
      const urlDialog = deepQuery(server, 'mcp-elicitation')
      await shows(urlDialog, 'example.com', 'the page it asks to open')
      await click(urlDialog, 'button[part~=decline]')
      await shows(connect, 'Connection declined.', 'connect_account’s result')

      // <mcp-app>: a tool with a view, shown in the sandbox proxy's frame (another origin).
      let viewReady = false
      app.addEventListener('mcp-app-ready', () => (viewReady = true))
      await click(app, 'button[part~=call]')
      await eventually(() => viewReady, 'the view to say it is initialized', 10_000)
      expect(deepQueryAll(app, 'mcp-app iframe, iframe').length, 'the view’s frame').to.equal(1)
      await shows(log, 'ui/initialize', 'the view’s requests in the call log')
      await click(log, 'button[part~=export]')

      // <mcp-resource-list>, <mcp-resource-view>: a markdown resource.
      await shows(resources, 'Read me', 'the resource list')
      await eventually(() => deepQueryAll(readme, 'h1').some((h) => h.textContent === 'The demo server'), 'the readme rendered')
      deepQueryAll(resources, '[part~=item]')
        .find((item) => textOf(item).includes('Picture'))!
        .click()
      await eventually(
        () => deepQueryAll(resources, 'mcp-resource-view').some((view) => deepQueryAll(view, 'img').length > 0),
        'the picked image resource shown',
      )

      // <mcp-prompt-list> and the <mcp-prompt> it opens: fill in and get.
      await shows(prompts, 'Review code', 'the prompt list')
      deepQueryAll(prompts, '[part~=item]')
        .find((item) => textOf(item).includes('Summarize'))!
        .click()
      await eventually(() => deepQueryAll(prompts, 'mcp-prompt').length === 1, 'the prompt opened')
      const prompt = deepQuery(prompts, 'mcp-prompt')
      type(page, deepQuery<HTMLInputElement>(prompt, 'input[name="text"]'), 'A long story')
      await click(prompt, 'button[part~=get]')
      await shows(prompt, 'A long story', 'the prompt’s messages')
      expectNoViolations(page)
    })

    it('<mcp-server url-state>: a link opens its tool filled in; picking another tool goes into the URL', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      page.history.replaceState(null, '', `#mcp-tool=greet&mcp-args=${encodeURIComponent(JSON.stringify({ name: 'Grace' }))}`)
      const server = add(page, page.document.body, 'mcp-server', { url: await serverUrl('demo'), 'url-state': '' })
      const tools = add(page, server, 'mcp-tool-list')
      await eventually(() => deepQueryAll(tools, 'mcp-tool').length === 1, 'the linked tool opened', 8_000)
      await eventually(() => control(tools, 'name').value === 'Grace', 'its form filled from the link')
      deepQueryAll(tools, '[part~=item]')
        .find((item) => item.dataset.name === 'add')!
        .click()
      await eventually(() => new URLSearchParams(page.location.hash.slice(1)).get('mcp-tool') === 'add', 'the picked tool in the URL')
      expectNoViolations(page)
    })

    it('<mcp-tool>: "Try an example" fills the form; "Copy as code" (its chunk loaded on opening) copies the call', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const server = add(page, page.document.body, 'mcp-server', { url: await serverUrl('hostile-copy') })
      const tool = add(page, server, 'mcp-tool', { name: 'forecast' })
      await eventually(() => deepQueryAll(tool, '[part~=example]').length > 0, 'the examples', 8_000)
      await shows(tool, 'City: <img src=x onerror=', 'the markup example as text')
      deepQueryAll(tool, '[part~=example]')
        .find((button) => button.textContent!.trim() === 'City: Bergen')!
        .click()
      await eventually(() => control(tool, 'city').value === 'Bergen', 'the example filled in')
      await click(tool, '[part~=copy-code-toggle]')
      await click(tool, '[part~=copy-json-rpc]')
      await eventually(() => !!deepQueryAll<HTMLTextAreaElement>(tool, '[part~=copy-code-text]')[0]?.value, 'the copied code', 8_000)
      const body = JSON.parse(deepQuery<HTMLTextAreaElement>(tool, '[part~=copy-code-text]').value)
      expect(body.params).to.deep.include({ name: 'forecast', arguments: { city: 'Bergen', days: 1 } })
      expect(deepQueryAll(tool, '[part~=copy-curl]'), 'Copy as curl').to.have.length(1)
      expect(page.__pwned).to.equal(undefined)
      expectNoViolations(page)
    })

    it('<mcp-saved-calls>: a call saved from <mcp-tool> (its form a chunk loaded on opening), listed as text, opened into the form, exported and imported', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const server = add(page, page.document.body, 'mcp-server', { url: await serverUrl('hostile-copy') })
      const tools = add(page, server, 'mcp-tool-list', { selected: 'forecast' })
      const saved = add(page, server, 'mcp-saved-calls')
      await eventually(() => deepQueryAll(tools, '[part~=example]').length > 0, 'the tool and its examples', 8_000)
      deepQueryAll(tools, '[part~=example]')
        .find((button) => button.textContent!.trim().startsWith('City: <img'))!
        .click()
      await eventually(() => control(tools, 'city').value.startsWith('<img'), 'the markup example filled in')
      await click(tools, '[part~=save-call-toggle]')
      const name = `Markup city, ${build} ${Date.now()}`
      await eventually(() => deepQueryAll(tools, 'input[part~=save-call-name]').length === 1, 'the Save call form', 8_000)
      type(page, control(tools, 'name of the saved call'), name)
      await click(tools, '[part~=save-call-save]')
      await shows(saved, name, 'the saved call listed')
      await shows(saved, 'city: "<img src=x onerror=', 'its markup argument as text')
      type(page, control(tools, 'city'), 'Oslo')
      deepQueryAll<HTMLLIElement>(saved, 'li[part~=call]')
        .find((row) => textOf(row).includes(name))!
        .querySelector<HTMLButtonElement>('[part~=open]')!
        .click()
      await eventually(() => control(tools, 'city').value.startsWith('<img'), 'the saved arguments filled in again')
      const exported = new Promise<string>((resolve) => saved.addEventListener('mcp-saved-calls-exported', (e) => resolve((e as CustomEvent).detail.json), { once: true }))
      await click(saved, '[part~=export]')
      const json = await exported
      await click(saved, '[part~=import-toggle]')
      await eventually(() => deepQueryAll(saved, 'textarea[part~=import-text]').length === 1, 'the import form')
      type(page, control(saved, 'paste'), json)
      await click(saved, '[part~=import-submit]')
      await shows(saved, 'were saved already', 'the import of its own export, nothing twice')
      expect(deepQueryAll(saved, '[part~=call] img, [part~=call] script')).to.deep.equal([])
      expect(page.__pwned).to.equal(undefined)
      expectNoViolations(page)
    })

    it('<mcp-connection-check>: the demo server’s checklist passes; the hostile server’s text stays text', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const demo = add(page, page.document.body, 'mcp-connection-check', { url: await serverUrl('demo') })
      const hostile = add(page, page.document.body, 'mcp-connection-check', { url: await serverUrl('hostile') })
      const lines = (el: HTMLElement) => deepQueryAll(el, '[part~=line]')
      await eventually(() => lines(demo).length === 5 && lines(hostile).length === 5, 'both checklists', 10_000)
      expect(lines(demo).map((line) => line.dataset.status)).to.deep.equal(['pass', 'pass', 'pass', 'pass', 'pass'])
      await shows(hostile, '<', 'the hostile server’s name, markup as text')
      expect(deepQueryAll(hostile, '[part~=detail] *'), 'no element made of server text').to.deep.equal([])
      expect(page.__pwned).to.equal(undefined)
      expectNoViolations(page)
    })

    it('the approval dialog: a call from page code waits in a modal <mcp-tool-call> with its arguments; Allow runs it, Deny does not', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const url = await serverUrl('demo')
      const server = add(page, page.document.body, 'mcp-server', { url }) as HTMLElement & {
        connection?: { status: string; client: { callTool(name: string, args: object): Promise<{ content: unknown[] }> } }
      }
      await eventually(() => server.connection?.status === 'ready', 'the server element to connect', 8_000)
      const client = server.connection!.client
      const prompt = () => server.shadowRoot!.querySelector<HTMLElement & { state: string }>('mcp-tool-call')
      // Allowed: the card names the server and the tool, shows the arguments by their labels and as JSON.
      const greeting = client.callTool('greet', { name: 'Lin', style: 'formal' })
      greeting.catch(() => {}) // awaited below; a failure before that must not be reported outside the test
      await eventually(() => prompt()?.state === 'awaiting', 'the approval prompt', 8_000)
      const card = prompt()!
      expect(deepQuery<HTMLDialogElement>(card, 'dialog').open, 'a modal dialog').to.equal(true)
      await shows(deepQuery(card, '[part~=heading]'), new URL(url).host, 'the server named in the heading')
      await shows(card, 'Greet', 'the tool’s title')
      await shows(deepQuery(card, '[part~=arguments]'), /Name\s*name\s*Lin\s*Style\s*style\s*formal/, 'the arguments by their labels')
      deepQuery(card, '[part~=json] summary').click()
      await shows(deepQuery(card, '[part~=json]'), '"style": "formal"', 'the arguments as JSON')
      await eventually(() => deepQueryAll(card, 'mcp-icon').some((icon) => !!icon.shadowRoot!.querySelector('img')), 'the tool’s icon drawn')
      await click(card, 'button[data-action=allow]')
      const result = await greeting
      expect(JSON.stringify(result.content)).to.include('Good day, Lin.')
      await eventually(() => prompt() === null, 'the prompt gone once answered')
      // Denied: the call fails with the denial, the dialog goes.
      const sum = client.callTool('add', { a: 2, b: 3 })
      sum.catch(() => {})
      await eventually(() => prompt()?.state === 'awaiting', 'the second prompt', 8_000)
      await shows(deepQuery(prompt()!, '[part~=arguments]'), /A\s*a\s*2\s*B\s*b\s*3/, 'the second call’s arguments')
      await click(prompt()!, 'button[data-action=deny]')
      const denied = await sum.then(
        () => undefined,
        (error: Error) => error,
      )
      expect(denied?.name).to.equal('ToolCallDeniedError')
      await eventually(() => prompt() === null, 'the second prompt gone')
      // A view denied repeatedly: its prompt offers to block it.
      const offer = add(page, page.document.body, 'mcp-tool-call', { modal: '' }) as HTMLElement & {
        ask(request: object): Promise<{ decision: string }>
      }
      let blocked = false
      const answer = offer.ask({
        tool: { name: 'add', inputSchema: { type: 'object' } },
        arguments: { a: 2, b: 3 },
        server: { url },
        origin: { kind: 'view', uri: 'ui://demo/calculator.html' },
        hints: { trusted: false, readOnly: false },
        signal: new page.AbortController().signal,
        block: () => (blocked = true),
      })
      await shows(offer, 'Deny and block this app', 'the offer to block the view')
      await click(offer, 'button[data-action=block]')
      expect((await answer).decision).to.equal('deny')
      expect(blocked).to.equal(true)
      offer.remove()
      expectNoViolations(page)
    })

    it('the approval dialog: a value with a right-to-left override, longer than the card draws, is marked and shown whole before Allow runs it', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const server = add(page, page.document.body, 'mcp-server', { url: await serverUrl('demo') }) as HTMLElement & {
        connection?: { status: string; client: { callTool(name: string, args: object): Promise<{ content: unknown[] }> } }
      }
      await eventually(() => server.connection?.status === 'ready', 'the server element to connect', 8_000)
      const name = `Lin\u202E${'x'.repeat(2_500)}${' '.repeat(40)}TAIL`
      const greeting = server.connection!.client.callTool('greet', { name, style: 'formal' })
      greeting.catch(() => {}) // awaited below; a failure before that must not be reported outside the test
      const prompt = () => server.shadowRoot!.querySelector<HTMLElement & { state: string }>('mcp-tool-call')
      await eventually(() => prompt()?.state === 'awaiting', 'the approval prompt', 8_000)
      const card = prompt()!
      const value = () => deepQueryAll(card, '[part~=value]')[0]!
      await shows(value(), 'Lin⟨U+202E RLO⟩xxx', 'the override as a marker')
      expect(page.getComputedStyle(value()).unicodeBidi).to.equal('isolate')
      expect(textOf(value())).to.not.contain('TAIL')
      expect(deepQuery<HTMLButtonElement>(card, 'button[data-action=allow]').disabled, 'Allow once before the value was shown whole').to.equal(true)
      await shows(deepQuery(card, '[part~=review-note]'), 'Show the whole value before allowing.', 'why Allow waits')
      await click(card, '[part~=show-whole]')
      await shows(value(), /x⟨40 spaces⟩TAIL$/, 'the whole value, its end on screen')
      await click(card, 'button[data-action=allow]')
      const result = await greeting
      expect(JSON.stringify(result.content)).to.include(`${'x'.repeat(2_500)}${' '.repeat(40)}TAIL.`)
      expectNoViolations(page)
    })

    it('signs in to a protected server from <mcp-server>’s attributes: the sign-in chunk, the popup, the tools', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      await clearDefaultAuthStore()
      const page = await strictPage(build)
      const server = add(page, page.document.body, 'mcp-server', {
        url: await serverUrl('auth'),
        'redirect-uri': '/test/support/cdn-auth-callback.html',
        'client-id': CLIENT_ID,
      })
      const tools = add(page, server, 'mcp-tool-list')
      // From the CDN, the element's file loads once its tag is in the page (the autoloader): wait for it.
      await page.customElements.whenDefined('mcp-server')
      const button = await present(server, 'sign-in-button', 'the Sign in button')
      const signInChunk = /\/(dist\/cdn\/sign-in-provider|__strict\/npm\/sign-in-provider)-[\w-]+\.js$/
      expect(page.performance.getEntriesByType('resource').filter((e) => signInChunk.test(e.name)).length, 'the sign-in chunk').to.equal(1)
      await clickAt(button, page.frameElement as HTMLIFrameElement)
      await shows(tools, 'whoami', 'the protected tools after signing in', 15_000)
      expectNoViolations(page)
      await clearDefaultAuthStore()
    })

    it('signs in with DPoP from <mcp-server>’s attributes where offered; with require-dpop, says why a server without it is refused', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(40_000)
      await clearDefaultAuthStore()
      const page = await strictPage(build)
      const frame = page.frameElement as HTMLIFrameElement
      const signIn = { 'redirect-uri': '/test/support/cdn-auth-callback.html', 'client-id': CLIENT_ID }
      // The dpop test server takes only DPoP-bound tokens, each request with a proof: its tools show only with DPoP.
      const bound = add(page, page.document.body, 'mcp-server', { url: await serverUrl('dpop'), ...signIn })
      const tools = add(page, bound, 'mcp-tool-list')
      await page.customElements.whenDefined('mcp-server')
      await clickAt(await present(bound, 'sign-in-button', 'the Sign in button'), frame)
      await shows(tools, 'whoami', 'the DPoP-protected tools after signing in', 15_000)
      const plain = add(page, page.document.body, 'mcp-server', { url: await serverUrl('auth'), ...signIn, 'require-dpop': '' })
      await clickAt(await present(plain, 'sign-in-button', 'the Sign in button of the server without DPoP'), frame)
      await shows(plain.shadowRoot!, /does not offer DPoP-bound tokens .*this page requires them/, 'why the sign-in is refused', 15_000)
      expect(textOf(plain.shadowRoot!.querySelector('[part~="sign-in-error"]')!)).to.include('dpop_signing_alg_values_supported')
      expectNoViolations(page)
      await clearDefaultAuthStore()
    })

    it('a running task in <mcp-tool> (status, message, time, TTL, Cancel) and in <mcp-task-list>, opened from it (task-id); a hostile task’s markup as text', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const url = await serverUrl('demo')
      // The form starts from these arguments (what <mcp-tool> keeps per session; the frame shares the test's origin).
      page.sessionStorage.setItem(`mcp-web-elements:tool-arguments\n${new McpClient(url).contextKey().key}\nlong_task`, JSON.stringify({ seconds: 20, topic: 'strict' }))
      const server = add(page, page.document.body, 'mcp-server', { url })
      const tool = add(page, server, 'mcp-tool', { name: 'long_task' })
      const list = add(page, server, 'mcp-task-list')
      await click(tool, 'button[part~=call]')
      await eventually(() => deepQueryAll(tool, '[part~=task]').length === 1, 'the task panel', 8_000)
      await shows(deepQuery(tool, '[part~=task]'), /Step \d+ of \d+/, 'the task’s status message')
      await shows(deepQuery(tool, '[part~=task-status]'), 'Working', 'the task’s status')
      await shows(deepQuery(tool, '[part~=task-elapsed]'), /Running for \d+ s/, 'the time elapsed')
      await shows(deepQuery(tool, '[part~=task-ttl]'), 'Kept by the server for', 'the TTL')
      await eventually(() => deepQueryAll(list, '[part~=task]').length === 1, 'the task in the list')
      await shows(list, 'long_task', 'the list’s row: the tool')
      await shows(list, 'topic: "strict"', 'the list’s row: the arguments')
      await click(tool, 'button[part~=cancel]')
      await eventually(() => deepQueryAll(tool, '[part~=result-frame]')[0]?.dataset.status === 'cancelled', 'the task cancelled', 8_000)
      await eventually(() => deepQueryAll(list, '[part~=task]')[0]?.dataset.status === 'cancelled', 'the list says cancelled', 8_000)
      // Open in the list: the page shows the task in an <mcp-tool task-id> (here, the ended task: how it ended).
      /** Open on the list's first row: the <mcp-tool task-id> the page puts beside the list for it. */
      const openFrom = async (from: HTMLElement, parent: HTMLElement) => {
        const opened = new Promise<HTMLElement>((resolve) =>
          from.addEventListener(
            'mcp-task-open',
            (event) => {
              const { tool, taskId } = (event as CustomEvent<{ tool: string; taskId: string }>).detail
              resolve(add(page, parent, 'mcp-tool', { name: tool, 'task-id': taskId }))
            },
            { once: true },
          ),
        )
        await click(from, 'button[part~=open]')
        return opened
      }
      const opened = await openFrom(list, server)
      await eventually(() => deepQueryAll(opened, '[part~=result-frame]')[0]?.dataset.status === 'cancelled', 'the opened task: cancelled', 8_000)
      // A hostile task (test/support/servers/tasks.ts hostile_task): its id and status message carry markup.
      const hostile = add(page, page.document.body, 'mcp-server', { url: await serverUrl('tasks') })
      const hostileTool = add(page, hostile, 'mcp-tool', { name: 'hostile_task' })
      const hostileList = add(page, hostile, 'mcp-task-list')
      await click(hostileTool, 'button[part~=call]')
      await eventually(() => deepQueryAll(hostileTool, '[part~=task]').length === 1, 'the hostile task panel', 8_000)
      await shows(deepQuery(hostileTool, '[part~=task]'), "<script>window.__pwned='task.status-message.hostile_task'", 'the hostile status message as text')
      await shows(hostileList, "<img src=x onerror=\"window.__pwned='task.status-message", 'the hostile status message in the list as text')
      // The hostile task opened from the list: its id (markup) in task-id, its status message shown as text there too.
      const hostileOpened = await openFrom(hostileList, hostile)
      expect(hostileOpened.getAttribute('task-id')).to.match(/^<script>window\.__pwned='task\.id\.hostile_task'/)
      await eventually(() => deepQueryAll(hostileOpened, '[part~=task]').length === 1, 'the opened hostile task’s panel', 8_000)
      await shows(deepQuery(hostileOpened, '[part~=task]'), "<script>window.__pwned='task.status-message.hostile_task'", 'the opened task’s hostile status message as text')
      await click(hostileTool, 'button[part~=cancel]')
      await eventually(() => deepQueryAll(hostileTool, '[part~=result-frame]')[0]?.dataset.status === 'cancelled', 'the hostile task cancelled', 8_000)
      await eventually(() => deepQueryAll(hostileOpened, '[part~=result-frame]')[0]?.dataset.status === 'cancelled', 'the opened hostile task cancelled', 8_000)
      expect(page.__pwned, 'a payload ran').to.equal(undefined)
      expectNoViolations(page)
    })

    it('parts of the page that do not load say how to retry: a picked tool (tool-error, Retry), Save call in the log, a call whose approval step did not load; a task whose status is unknown', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(40_000)
      // The chunks fail at the HTTP level from the start (test/support/module-faults.mjs), for every request of them.
      await failBuiltChunk('mcp-tool', 10)
      await failBuiltChunk('save-call-form', 10)
      await failBuiltChunk('approval-policy', 10)
      let taskId = ''
      try {
        const page = await strictPage(build)
        const server = add(page, page.document.body, 'mcp-server', { url: await serverUrl('tasks') }) as HTMLElement & {
          connection?: { status: string; client: { callTool(name: string, args: object, options: object): Promise<unknown> } }
        }
        const tools = add(page, server, 'mcp-tool-list')
        const log = add(page, server, 'mcp-call-log')
        const tasks = add(page, server, 'mcp-task-list')

        // <mcp-tool-list>: the picked tool's place says its code did not load, with Retry; then to reload the page.
        await eventually(() => deepQueryAll(tools, '[part~=item]').some((item) => item.dataset.name === 'count'), 'the tool list', 8_000)
        deepQueryAll(tools, '[part~=item]')
          .find((item) => item.dataset.name === 'count')!
          .click()
        if (build === 'npm') {
          // dist/index.js defines every element as it loads, <mcp-tool> too: the picked tool needs no chunk.
          await eventually(
            () => deepQueryAll(tools, 'mcp-tool').some((tool) => deepQueryAll(tool, '[part~=call]').length > 0),
            'the picked tool open',
            8_000,
          )
          expect(deepQueryAll(tools, '[part="tool-error"]'), 'a message in the picked tool’s place').to.have.length(0)
        } else {
          const toolError = () => deepQueryAll(tools, '[part="tool-error"][role=alert]')[0]
          await eventually(() => !!toolError(), 'the message in the picked tool’s place', 8_000)
          const said = () => textOf(toolError().querySelector('p')!).replace(/\s+/g, ' ').trim()
          expect(said()).to.match(
            /^The tool “.+” could not open: its code did not load \(.+\)\. Retry; if it fails again, reload the page\.$/,
          )
          expect(textOf(toolError().querySelector('button')!).trim()).to.equal('Retry')
          toolError().querySelector('button')!.click()
          await eventually(() => said().includes('did not load again'), 'the message after Retry', 8_000)
          expect(said()).to.match(/^The tool “.+” could not open: its code did not load again \(.+\)\. Reload the page to retry\.$/)
          expect(deepQueryAll(tools, 'mcp-tool'), 'an empty <mcp-tool>').to.have.length(0)
          expect((await builtChunkRequests('mcp-tool')).failed, 'requests of <mcp-tool>’s chunk failed').to.be.greaterThan(0)
        }

        // <mcp-task-list>: a task whose polls are cut off on the network shows its status as unknown, with why.
        await eventually(() => server.connection?.status === 'ready', 'the server element to connect', 8_000)
        const detach = new page.AbortController()
        const onTask = (task: { taskId: string }) => ((taskId = task.taskId), detach.abort())
        // The page's own call, allowed by its own gate (the server's gate would load the approval policy's chunk).
        await server
          .connection!.client.callTool(
            'count',
            { steps: 60, stepMs: 400, pollIntervalMs: 300 },
            { origin: { kind: 'page' }, approve: () => 'allow-once', detach: detach.signal, onTask },
          )
          .catch(() => {})
        const row = () => deepQueryAll(tasks, '[part~=task]').find((r) => r.dataset.taskId === taskId)
        await eventually(
          () => !!row() && textOf(deepQuery(row()!, '[part~=task-message]')).startsWith('Step'),
          'the running task in the list',
          8_000,
        )
        // A browser sends a request again when its reused connection closed with no answer (Chromium once): a few are cut.
        await controlServer('tasks', 'drop-polls', { count: 3 })
        await eventually(() => row()?.dataset.status === 'unknown', 'the task’s status unknown', 8_000)
        expect(textOf(deepQuery(row()!, '[part~=task-status]')).trim()).to.equal('Unknown status')
        expect(textOf(deepQuery(row()!, '[part~=task-message]')).trim()).to.match(
          /^This page could not learn how the task is doing; it may still be running at the server\. Could not reach .* for tasks\/get/,
        )

        // <mcp-call-log>: Save call of the task's call says its form did not load; then to reload the page.
        deepQueryAll(log, 'details[part~=record] summary')
          .find((summary) => textOf(summary).includes('count'))!
          .click()
        await click(log, '[part~=save-call-toggle]')
        const status = () => textOf(deepQuery(log, '[part~=status]')).replace(/\s+/g, ' ').trim()
        await eventually(() => status().startsWith('Save call could not load'), 'the log saying the form did not load', 8_000)
        expect(status()).to.match(/^Save call could not load \(.+\)\. Try again; if it fails again, reload the page\.$/)
        await click(log, '[part~=save-call-toggle]')
        await eventually(() => status().includes('could not load again'), 'the log saying to reload the page', 8_000)
        expect(status()).to.match(/^Save call could not load again \(.+\)\. Reload the page to retry\.$/)
        expect((await builtChunkRequests('save-call-form')).failed, 'requests of the Save call form’s chunk failed').to.be.greaterThan(0)

        // A call of the page's code that asks <mcp-server>'s gate, whose approval policy did not load: denied, saying
        // how to retry, in the error and in the log's record of the call.
        const denial = await server.connection!.client.callTool('instant', {}, {}).then(
          () => undefined,
          (error: Error) => error,
        )
        const words = /the approval gate: it failed \(its code did not load \(.+\)\. Try again; if it fails again, reload the page\)/
        expect(denial?.message).to.match(words)
        deepQueryAll(log, 'details[part~=record] summary')
          .find((summary) => textOf(summary).includes('instant'))!
          .click()
        await shows(log, words, 'the denial’s reason in the log')
        expect((await builtChunkRequests('approval-policy')).failed, 'requests of the approval policy’s chunk failed').to.be.greaterThan(0)
        expectNoViolations(page)
      } finally {
        await clearModuleFaults()
        await controlServer('tasks', 'drop-polls', { count: 0 })
        if (taskId) await controlServer('tasks', 'finish', { taskId }).catch(() => {})
      }
    })

    it('<mcp-skill-list>: a skill opened, its SKILL.md verified and drawn as markdown, a file opened', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const server = add(page, page.document.body, 'mcp-server', { url: await serverUrl('skill-list') })
      const skills = add(page, server, 'mcp-skill-list')
      await shows(skills, 'Follow this team’s Git conventions', 'the skills')
      await click(skills, '[part~="item"][data-uri="skill://git-workflow/SKILL.md"]')
      await shows(skills, 'Verified: SKILL.md', 'SKILL.md verified')
      await eventually(() => deepQueryAll(skills, 'h1').some((h) => h.textContent === 'Git workflow'), 'the SKILL.md as markdown', 8_000)
      expect(textOf(deepQuery(skills, '[part~="frontmatter"]'))).to.include('Apache-2.0')
      await click(skills, '[part~="file"]:not([aria-current="true"])')
      await shows(skills, 'Branch from main', 'the guide')
      expectNoViolations(page)
    })

    it('content annotations and resource links: a block for the model opened, a resource read in place; hostile ones as text', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const url = await serverUrl('resources')
      const client = new McpClient(url)
      const [annotated, linked] = await Promise.all([client.callTool('annotated', {}), client.callTool('linked', {})])
      const server = add(page, page.document.body, 'mcp-server', { url })
      const content = add(page, server, 'mcp-content', {}, { result: { ...annotated, content: [...annotated.content, ...linked.content] } })
      await eventually(() => deepQueryAll(content, '[part=open-resource]').length === 3, 'a control on each non-http(s) link')
      await shows(content, 'Shown by the server’s priority', 'the blocks by priority')
      deepQuery(content, '[part=for-model] > summary').click()
      await shows(content, 'for the model only', 'the block for the model, opened')
      deepQueryAll(content, '[part=open-resource]')[0].click()
      await shows(content, 'contents of docs/readme.md', 'the resource read in place')

      const hostileUrl = await serverUrl('hostile')
      const hostile = add(page, page.document.body, 'mcp-server', { url: hostileUrl })
      const result = await new McpClient(hostileUrl).callTool('hostile_annotated', {})
      const hostileContent = add(page, hostile, 'mcp-content', {}, { result })
      await eventually(() => deepQueryAll(hostileContent, '[part=open-resource]').length === 5, 'a control on each hostile link')
      for (const summary of deepQueryAll(hostileContent, '[part=for-model] > summary')) summary.click()
      await eventually(() => deepQueryAll(hostileContent, '[part=open-resource]').length === 6, 'the link for the model shown')
      for (const button of deepQueryAll(hostileContent, '[part=open-resource]')) button.click()
      await shows(hostileContent, 'raw html block', 'the hostile markdown resource read in place')
      await shows(hostileContent, "Could not read javascript:window.__pwned='annotated.link-js'", 'a javascript: link read, as text')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(page.__pwned, 'a payload ran').to.equal(undefined)
      expect(deepQueryAll<HTMLAnchorElement>(hostileContent, 'a[href^="javascript:"], a[href^="data:"]')).to.have.length(0)
      expectNoViolations(page)
    })

    it('shows the hostile server’s markup as text; nothing of it runs', async function (this: { timeout(ms: number): void }) {
      this.timeout(30_000)
      const page = await strictPage(build)
      const url = await serverUrl('hostile')
      const server = add(page, page.document.body, 'mcp-server', { url })
      const tools = add(page, server, 'mcp-tool-list')
      const result = add(page, server, 'mcp-tool', { name: 'hostile_result' })
      add(page, server, 'mcp-resource-list')
      const view = add(page, server, 'mcp-resource-view', { uri: 'hostile://markdown' })
      add(page, server, 'mcp-prompt-list')
      await shows(tools, '<img src=x onerror=', 'the hostile tool names as text')
      await click(result, 'button[part~=call]')
      await shows(result, '<script>window.__pwned=', 'the hostile result as text')
      await shows(server, 'raw html block', 'the hostile markdown')
      // Markup spelled with character references is decoded to text, never to elements.
      await shows(view, `Entities <img src=x onerror="window.__pwned='resource.md.entity'"> &lt;b&gt;`, 'the decoded references as text')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(page.__pwned, 'a payload ran').to.equal(undefined)
      expectNoViolations(page)
    })
  })
}
