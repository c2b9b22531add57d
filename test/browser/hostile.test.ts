// Every element against test/support/servers/hostile.ts, a server whose every
// string carries markup, script tags, event-handler attributes, javascript:
// and scripted-SVG URLs (and some are huge). Each payload that runs sets
// window.__pwned to where it came from. Passing means: the trap stays unset
// after everything has loaded, failed to load and been clicked open; the DOM
// holds no script, no event-handler attribute, no link or image or frame the
// rules forbid; and the payloads are on screen as literal text.
import { expect, fixture, html } from '@open-wc/testing'
import type { TemplateResult } from 'lit'
import { McpClient, savedCalls, type Prompt, type Resource, type Tool } from '../../src/client/index.js'
import '../../components/index.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.js'
import type { McpToolCallElement } from '../../components/mcp-tool-call/mcp-tool-call.js'
import { controlServer, deepQueryAll, eventually, requestsFor, serverUrl } from '../support/browser.js'

const TRAP = '__pwned'
/** Where the hostile markdown's same-site image points on the page's origin (SAME_SITE_PATH in the server). */
const SAME_SITE_PATH = '/__fixture/logout'
const trap = () => (window as unknown as Record<string, unknown>)[TRAP]

/** The literal first part of every hostile string (see hostileHtml in the server): `<script>window.__pwned='where'</script>`. */
const scriptText = (where: string) => `<script>window.${TRAP}='${where}'</script>`

/** Text of every text node, through open shadow roots; with `visible`, only nodes whose element is rendered and not hidden. */
function textIn(root: Element | Document, { visible = false } = {}): string {
  const parts: string[] = []
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement
      if (!visible || (parent && parent.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)))
        parts.push(node.nodeValue ?? '')
      return
    }
    if (node instanceof Element && node.localName === 'style') return
    if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) parts.push(node.value)
    if (node instanceof Element && node.shadowRoot) visit(node.shadowRoot)
    for (const child of node.childNodes) visit(child)
  }
  visit(root)
  return parts.join('')
}

/** The fixture, once the `<mcp-server>` in it (or that it is) has connected. */
async function connected(template: TemplateResult): Promise<HTMLElement> {
  const el = await fixture<HTMLElement>(template)
  const server = (el.localName === 'mcp-server' ? el : el.querySelector('mcp-server')) as
    (HTMLElement & { connection?: { status: string } }) | null
  if (server) await eventually(() => server.connection?.status === 'ready', 'the server element to connect')
  return el
}

/** Waits until `text` is in the tree (rendered, unless `visible` is false); on time-out, says what is on screen instead. */
async function shows(root: Element, text: string, what: string, { visible = true } = {}): Promise<void> {
  try {
    await eventually(() => textIn(root, { visible }).includes(text), what)
  } catch (error) {
    const screen = textIn(root, { visible: true }).replace(/\s+/g, ' ').trim()
    throw new Error(`${(error as Error).message}; on screen: …${screen.slice(-700)}`, { cause: error })
  }
}

/**
 * Waits until every image in the tree has loaded or failed, then a little longer for error handlers and frames. A
 * lazy image below the fold loads only once in view: each is scrolled there, as a reader would, so that it loads.
 */
async function settled(root: Element): Promise<void> {
  const pending = () => deepQueryAll<HTMLImageElement>(root, 'img').filter((img) => !img.complete)
  const scrolledToNextLazy = () => {
    pending()
      .find((img) => img.loading === 'lazy')
      ?.scrollIntoView({ block: 'nearest' })
    return pending().length === 0
  }
  await eventually(scrolledToNextLazy, 'every image to load or fail').catch((error: Error) => {
    throw new Error(`${error.message}: ${pending().map((img) => `${img.loading} ${img.getAttribute('src')?.slice(0, 60)}`)}`)
  })
  await new Promise((resolve) => setTimeout(resolve, 250))
}

/** An `<a href>` the rules allow: http(s)/mailto, or a blob: download the element made itself. */
const allowedLink = (a: HTMLAnchorElement) =>
  ['http:', 'https:', 'mailto:'].includes(new URL(a.href).protocol) ||
  (a.href.startsWith('blob:') && (a.hasAttribute('download') || a.getAttribute('part') === 'pdf'))

/**
 * A media or frame source the rules allow: https: (no credentials), data:image/…, blob: (made by the element).
 * Not the page's own origin: a server's image there would carry the visitor's cookies (the hostile markdown tries).
 */
function allowedSource(src: string): boolean {
  let url: URL
  try {
    url = new URL(src, location.href)
  } catch {
    return false
  }
  if (url.username || url.password || url.origin === location.origin) return false
  return /^(https:|data:image\/[a-z0-9.+-]+[;,]|blob:)/i.test(src)
}

/**
 * Every attribute or URL property the elements set while a test runs, checked
 * as it is set: a forbidden source that is tried and then replaced (an icon
 * that fails over to the next) is gone from the DOM by the end, but it was
 * requested. Lit sets attribute bindings with setAttribute; the URL
 * properties cover property bindings.
 */
const violations: string[] = []
function checkSet(el: Element, name: string, value: string): void {
  const lower = name.toLowerCase()
  const tag = el.localName
  if (lower.startsWith('on')) violations.push(`<${tag} ${lower}>`)
  else if (lower === 'srcdoc' || tag === 'script') violations.push(`<${tag} ${lower}=${value.slice(0, 60)}>`)
  else if (['src', 'srcset', 'poster', 'data'].includes(lower) && !allowedSource(value))
    violations.push(`<${tag} ${lower}=${value.slice(0, 60)}>`)
  else if (lower === 'href' && tag === 'a' && !/^(https?:|mailto:|blob:)/i.test(new URL(value, location.href).protocol)) {
    violations.push(`<a href=${value.slice(0, 60)}>`)
  }
}
function installTripwire(): () => void {
  const undo: Array<() => void> = []
  const setAttribute = Element.prototype.setAttribute
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    checkSet(this, name, String(value))
    return setAttribute.call(this, name, value)
  }
  undo.push(() => (Element.prototype.setAttribute = setAttribute))
  const properties: Array<[{ prototype: object }, string]> = [
    [HTMLImageElement, 'src'],
    [HTMLSourceElement, 'src'],
    [HTMLMediaElement, 'src'],
    [HTMLIFrameElement, 'src'],
    [HTMLIFrameElement, 'srcdoc'],
    [HTMLAnchorElement, 'href'],
  ]
  for (const [type, name] of properties) {
    const descriptor = Object.getOwnPropertyDescriptor(type.prototype, name)!
    Object.defineProperty(type.prototype, name, {
      ...descriptor,
      set(this: Element, value: string) {
        checkSet(this, name, String(value))
        descriptor.set!.call(this, value)
      },
    })
    undo.push(() => Object.defineProperty(type.prototype, name, descriptor))
  }
  return () => undo.forEach((fn) => fn())
}

/** Nothing ran, and nothing in the tree could run later (a click, a hover, a frame). */
function expectInert(root: Element): void {
  expect(trap(), `a payload ran: window.${TRAP}`).to.equal(undefined)
  const sameSite = performance.getEntriesByType('resource').filter((e) => e.name.startsWith(`${location.origin}${SAME_SITE_PATH}`))
  expect(
    sameSite.map((e) => e.name),
    'requests a server made to the page’s own site',
  ).to.deep.equal([])
  expect(violations, 'forbidden attributes or URLs set while rendering').to.deep.equal([])
  expect(deepQueryAll(root, 'script, object, embed').map((el) => el.outerHTML.slice(0, 120))).to.deep.equal([])
  const handlers = deepQueryAll(root, '*').flatMap((el) =>
    el
      .getAttributeNames()
      .filter((name) => name.startsWith('on'))
      .map((name) => `<${el.localName} ${name}>`),
  )
  expect(handlers, 'event-handler attributes').to.deep.equal([])
  const links = deepQueryAll<HTMLAnchorElement>(root, 'a[href]').filter((a) => !allowedLink(a))
  expect(
    links.map((a) => a.getAttribute('href')),
    'links to forbidden schemes',
  ).to.deep.equal([])
  for (const a of deepQueryAll<HTMLAnchorElement>(root, 'a[href^="http"]')) {
    expect(a.rel.split(/\s+/), a.href).to.include.members(['noopener', 'noreferrer'])
  }
  const images = deepQueryAll<HTMLImageElement>(root, 'img[src], source[src], audio[src], video[src], iframe[src]').filter(
    (el) => !allowedSource(el.getAttribute('src')!),
  )
  expect(
    images.map((el) => el.getAttribute('src')!.slice(0, 80)),
    'media from forbidden sources',
  ).to.deep.equal([])
  for (const frame of deepQueryAll<HTMLIFrameElement>(root, 'iframe')) {
    expect(frame.hasAttribute('sandbox'), 'an iframe without sandbox').to.equal(true)
    expect(frame.sandbox.contains('allow-scripts'), 'a sandboxed iframe that allows scripts').to.equal(false)
    expect(frame.hasAttribute('srcdoc'), 'an iframe with srcdoc').to.equal(false)
  }
}

/** Opens every closed `<details>` in the tree, so what is collapsed is rendered (and checked) too. */
async function openAllDetails(root: Element): Promise<void> {
  for (const details of deepQueryAll<HTMLDetailsElement>(root, 'details:not([open])')) details.querySelector('summary')?.click()
  await new Promise((resolve) => setTimeout(resolve, 50))
}

async function clickAll(root: Element, selector: string): Promise<number> {
  const buttons = deepQueryAll<HTMLElement>(root, selector)
  for (const button of buttons) button.click()
  return buttons.length
}

describe('a hostile server', () => {
  let url: string
  let client: McpClient
  let tools: Tool[]
  let resources: Resource[]
  let prompts: Prompt[]

  let removeTripwire: () => void

  before(async () => {
    removeTripwire = installTripwire()
    url = await serverUrl('hostile')
    await controlServer('hostile', 'page-origin', { origin: location.origin })
    client = new McpClient(url)
    ;[tools, resources, prompts] = await Promise.all([client.listTools(), client.listResources(), client.listPrompts()])
  })

  after(() => removeTripwire())

  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[TRAP]
    violations.length = 0
  })

  it('sends payloads that do run when parsed as HTML (the trap works)', async () => {
    const tool = tools.find((t) => t.title?.startsWith('<script>'))!
    const probe = document.createElement('div')
    probe.innerHTML = tool.title! // the one place in the repository that does this: to prove the payload is live
    document.body.append(probe)
    try {
      await eventually(() => trap() === 'tool.title', 'the payload parsed as HTML to spring the trap')
    } finally {
      probe.remove()
      await new Promise((resolve) => setTimeout(resolve, 100)) // let its frame finish before the trap is cleared
    }
  })

  it('the checks catch an element that renders server strings as HTML', async () => {
    // A stand-in for a broken element: puts a tool description into its shadow root as HTML.
    const host = await fixture(html`<div></div>`)
    const shadow = host.attachShadow({ mode: 'open' })
    const broken = document.createElement('p')
    broken.innerHTML = tools.find((t) => t.title?.startsWith('<script>'))!.description!
    shadow.append(broken)
    await settled(host)
    expect(() => expectInert(host)).to.throw()
    expect(textIn(host, { visible: true })).not.to.include(scriptText('tool.description'))
  })

  it('<mcp-server> with the tool, resource and prompt lists: names, titles, descriptions and icons shown as text; items opened', async () => {
    const el = await connected(html`
      <mcp-server url=${url}>
        <mcp-tool-list></mcp-tool-list>
        <mcp-resource-list></mcp-resource-list>
        <mcp-prompt-list></mcp-prompt-list>
      </mcp-server>
    `)
    await shows(el, scriptText('server.title'), 'the server title as text')
    await shows(el, scriptText('server.description'), 'the server’s description as text')
    expect(el.shadowRoot!.querySelector('[part~=website]'), 'no link for a javascript: website').to.equal(null)
    await shows(el, scriptText('tool.title'), 'the hostile tool title as text')
    await shows(el, scriptText('resource.title'), 'the hostile resource title as text')
    await shows(el, scriptText('prompt.title'), 'the hostile prompt title as text')
    await openAllDetails(el)
    await shows(el, scriptText('server.instructions.heading'), 'the instructions', { visible: false })
    await shows(el, scriptText('invalid.name'), 'the left-out tool named in the warning', { visible: false })
    await settled(el)
    expectInert(el)
    // Open what each list offers: the hostile tool's form, the hostile prompt's form, a resource's view.
    for (const tag of ['mcp-tool-list', 'mcp-prompt-list', 'mcp-resource-list']) {
      const items = deepQueryAll<HTMLElement>(el.querySelector(tag)!, '[part~="item"]')
      expect(items.length, `${tag} items`).to.be.greaterThan(0)
      items[0]!.click()
    }
    await eventually(
      () => deepQueryAll(el, 'mcp-tool, mcp-prompt, mcp-resource-view').length >= 3,
      'a tool, a prompt and a resource opened',
    )
    await shows(el, scriptText('schema.text-title'), 'the hostile tool form', { visible: false })
    await shows(el, scriptText('prompt.argument'), 'the hostile prompt form', { visible: false })
    await openAllDetails(el)
    await settled(el)
    expectInert(el)
  })

  it('<mcp-tool>: a hostile schema as a form, and every kind of hostile result content, as text', async () => {
    const hostileTool = tools.find((t) => t.title?.startsWith('<script>'))!
    const el = await connected(html`
      <mcp-server url=${url}>
        <mcp-tool .tool=${hostileTool}></mcp-tool>
        <mcp-tool name="hostile_result"></mcp-tool>
        <mcp-tool name="hostile_error"></mcp-tool>
      </mcp-server>
    `)
    await eventually(() => deepQueryAll(el, '[part~="call"]').length === 3, 'three Call buttons')
    expect(textIn(el, { visible: true })).to.include(scriptText('tool.title'))
    expect(textIn(el)).to.include(scriptText('schema.text-title'))
    await clickAll(el, '[part~="call"]')
    await shows(el, scriptText('result.text'), 'the result text as text')
    await shows(el, scriptText('error.text'), 'the error text as text')
    await shows(el, scriptText('result.md.heading'), 'the markdown rendered', { visible: false })
    await openAllDetails(el)
    await settled(el)
    expectInert(el)
  })

  it('<mcp-tool>: hostile content annotations and resource links; blocks for the model opened and every link read, as text', async () => {
    const el = await connected(html`<mcp-server url=${url}><mcp-tool name="hostile_annotated"></mcp-tool></mcp-server>`)
    await eventually(() => deepQueryAll(el, '[part~="call"]').length === 1, 'the Call button')
    await clickAll(el, '[part~="call"]')
    await eventually(() => deepQueryAll(el, '[part=open-resource]').length === 5, 'a control on each link')
    await openAllDetails(el)
    await eventually(() => deepQueryAll(el, '[part=open-resource]').length === 6, 'the link for the model shown')
    await clickAll(el, '[part=open-resource]')
    await eventually(
      () => deepQueryAll(el, '[part=resource-read]').length === 6 && deepQueryAll(el, '[part=resource-read][aria-busy=true]').length === 0,
      'every link read or failed',
    )
    await shows(el, scriptText('annotated.model'), 'the block for the model as text')
    await shows(el, scriptText('resource.html'), 'the HTML resource read, as text')
    await shows(el, `Could not read javascript:window.${TRAP}='annotated.link-js'`, 'the javascript: link read, not followed')
    await shows(el, 'raw html block', 'the markdown resource read', { visible: false })
    await openAllDetails(el)
    await settled(el)
    expectInert(el)
  })

  it('<mcp-call-log>: hostile tool names, arguments, denial reasons, results and errors, opened, as text', async () => {
    const hostileTool = tools.find((t) => t.title?.startsWith('<script>'))!
    const gated = new McpClient(url, {
      approve: ({ tool }) =>
        tool.name === hostileTool.name ? { decision: 'deny', by: scriptText('log.by'), reason: scriptText('log.reason') } : 'allow-once',
    })
    await gated.callTool(hostileTool.name, { [scriptText('log.key')]: scriptText('log.argument') }).catch(() => {})
    await gated.callTool('hostile_result', { note: scriptText('log.result-argument') })
    await gated.callTool('hostile_error', {})
    const el = await connected(html`<mcp-call-log .client=${gated}></mcp-call-log>`)
    await shows(el, hostileTool.name, 'the hostile tool name as text')
    await openAllDetails(el)
    await shows(el, scriptText('log.key'), 'the hostile argument name as text')
    await shows(el, scriptText('log.argument'), 'the hostile argument as text')
    await shows(el, scriptText('log.reason'), 'the hostile denial reason as text')
    await shows(el, scriptText('result.text'), 'the hostile result as text', { visible: false })
    await shows(el, scriptText('error.text'), 'the hostile error as text', { visible: false })
    await openAllDetails(el)
    await settled(el)
    expectInert(el)
  })

  it('<mcp-saved-calls>: a saved call of the hostile tool, named and argued with markup, listed and opened into its form, as text', async () => {
    const hostileTool = tools.find((t) => t.title?.startsWith('<script>'))!
    const own = new McpClient(url, { authContext: `hostile saved calls ${Date.now()}` })
    await savedCalls(own).save({
      name: scriptText('saved.name'),
      tool: hostileTool.name,
      arguments: { [scriptText('saved.key')]: scriptText('saved.argument') },
    })
    const el = await connected(html`<mcp-server .client=${own}><mcp-tool-list></mcp-tool-list><mcp-saved-calls></mcp-saved-calls></mcp-server>`)
    const saved = el.querySelector('mcp-saved-calls')!
    await shows(saved, scriptText('saved.name'), 'the saved call’s markup name as text')
    await shows(saved, hostileTool.name, 'the hostile tool name as text')
    deepQueryAll<HTMLButtonElement>(saved, 'button[part~=open]')[0]!.click()
    const list = el.querySelector('mcp-tool-list')!
    await eventually(() => list.selected === hostileTool.name, 'the hostile tool opened')
    await eventually(() => deepQueryAll(list, 'mcp-tool').length === 1, 'its view')
    await shows(saved, `filled in for ${hostileTool.name}`, 'the status naming the tool as text')
    deepQueryAll<HTMLButtonElement>(saved, 'button[part~=rename]')[0]!.click()
    await eventually(() => deepQueryAll(saved, 'input[part~=rename-name]').length === 1, 'the rename form')
    expect(deepQueryAll<HTMLInputElement>(saved, 'input[part~=rename-name]')[0]!.value).to.equal(scriptText('saved.name'))
    expect(await requestsFor('tools/call', 'hostile').then((calls) => calls.filter((c) => JSON.stringify(c).includes('saved.argument')))).to.have.length(0)
    await settled(el)
    expectInert(el)
  })

  it('the approval dialog: page code calls the hostile tool through <mcp-server>; the modal <mcp-tool-call> shows it all as text, and nothing is sent before Allow', async () => {
    const hostileTool = tools.find((t) => t.title?.startsWith('<script>'))!
    const properties = (hostileTool.inputSchema.properties ?? {}) as Record<string, { enum?: string[]; oneOf?: Array<{ const: string }> }>
    const hostileKey = Object.keys(properties).find((key) => key.startsWith('<script>'))!
    const el = (await connected(html`<mcp-server url=${url}></mcp-server>`)) as McpServerElement
    // Argument names and values of every kind the card shows: the schema's hostile property, a key of the caller's
    // own, an enum value of the server's, a oneOf choice shown by its hostile title, and a nested value (as JSON).
    const args = {
      [hostileKey]: scriptText('approval.value'),
      [scriptText('approval.key')]: scriptText('approval.extra'),
      choice: properties.choice!.enum![0]!,
      titled: 'a',
      nested: { [scriptText('approval.nested-key')]: [scriptText('approval.nested')] },
    }
    const sent = async () =>
      (await requestsFor('tools/call', 'hostile')).filter((r) => JSON.stringify(r.params?.arguments ?? {}).includes('approval.value')).length
    const call = el.connection!.client.callTool(hostileTool.name, args)
    call.catch(() => {}) // awaited below; a failure before that must not be reported outside the test
    const prompt = () => el.shadowRoot!.querySelector<McpToolCallElement>('mcp-tool-call')
    await eventually(() => prompt()?.state === 'awaiting', 'the approval prompt')
    const card = prompt()!
    expect(card.shadowRoot!.querySelector('dialog')?.open, 'a modal dialog').to.equal(true)
    // The server as it named itself, the tool's title and name, who asked, every argument name and value.
    await shows(card, scriptText('server.title'), 'the server’s title as text (in the heading and the card)')
    await shows(card, scriptText('tool.title'), 'the tool’s title as text')
    await shows(card, hostileTool.name, 'the tool’s name as text')
    await shows(card, 'this page’s code', 'who asked')
    await shows(card, scriptText('schema.key'), 'the schema’s argument name as text')
    await shows(card, scriptText('approval.value'), 'its value as text')
    await shows(card, scriptText('approval.key'), 'the caller’s argument name as text')
    await shows(card, scriptText('approval.extra'), 'its value as text')
    await shows(card, scriptText('schema.enum-a'), 'the enum value as text')
    await shows(card, scriptText('schema.const-title'), 'the choice’s title as text')
    await openAllDetails(card)
    await shows(card, JSON.stringify(scriptText('approval.nested')), 'the arguments as JSON, as text')
    await settled(el)
    expectInert(el)
    // Nothing reaches the server while the user has not answered.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await sent(), 'tools/call requests before Allow').to.equal(0)
    // The schema's argument name is longer than the card draws at first: Allow waits until it is shown whole.
    const allow = card.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=allow]')!
    expect(allow.disabled, 'Allow once, with a name cut short').to.equal(true)
    for (const show of card.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~=show-whole]')) show.click()
    await shows(card, hostileKey, 'the whole argument name')
    await eventually(() => !allow.disabled, 'Allow once, once every name and value was shown whole')
    expectInert(el)
    allow.click()
    const result = await call
    expect(JSON.stringify(result.content)).to.include('tool.result')
    expect(await sent(), 'tools/call requests after Allow').to.equal(1)
    expect(prompt(), 'the prompt, once answered').to.equal(null)
    expectInert(el)
  })

  it('the approval dialog: a model’s call whose values hide their ends (a run of 100,001 spaces, a value longer than the card, bidirectional and zero-width characters) shows each end before Allow can send it', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const hostileTool = tools.find((t) => t.title?.startsWith('<script>'))!
    const el = (await connected(html`<mcp-server url=${url}></mcp-server>`)) as McpServerElement
    const marker = `hidden-end-${Date.now()}`
    const args = {
      recipient: `alice@example.com${' '.repeat(100_001)}TAIL-attacker@evil.example`,
      // Longer than the JSON view draws too (100,000 characters).
      note: `${marker} ${'Quarterly figures, as agreed. '.repeat(4_000)}TAIL-wire-to-attacker`,
      file: 'invoice\u202Egpj.exe',
      account: 'pay\u200Bpal',
    }
    const sent = async () => (await requestsFor('tools/call', 'hostile')).filter((r) => JSON.stringify(r.params?.arguments ?? {}).includes(marker))
    const call = el.connection!.client.callTool(hostileTool.name, args, { origin: { kind: 'model', model: 'hostile-model' } })
    call.catch(() => {}) // awaited below; a failure before that must not be reported outside the test
    const prompt = () => el.shadowRoot!.querySelector<McpToolCallElement>('mcp-tool-call')
    await eventually(() => prompt()?.state === 'awaiting', 'the approval prompt')
    const card = prompt()!
    const visible = () => textIn(card, { visible: true })
    const button = (action: string) => card.shadowRoot!.querySelector<HTMLButtonElement>(`button[data-action=${action}]`)!
    await openAllDetails(card)
    // The end behind 100,001 spaces is on screen at once: the run is counted, not drawn.
    await shows(card, 'TAIL-attacker@evil.example', 'the end of the value behind the spaces')
    expect(visible()).to.match(/alice@example\.com⟨100\D?001 spaces⟩TAIL-attacker@evil\.example/)
    // Characters that reorder or hide text are markers, and each value is isolated from its neighbours.
    expect(visible()).to.contain('invoice⟨U+202E RLO⟩gpj.exe').and.contain('pay⟨U+200B ZWSP⟩pal')
    expect(visible()).to.not.match(/[\u202E\u200B]/)
    const values = deepQueryAll(card, '[part~=value]')
    expect(values).to.have.length(4)
    for (const value of values) expect(getComputedStyle(value).unicodeBidi).to.equal('isolate')
    // The long value's end is not on screen, and neither Allow nor Always allow sends it.
    expect(visible()).to.not.contain('TAIL-wire-to-attacker')
    expect(visible()).to.contain('Show the whole value before allowing.')
    expect([button('allow').disabled, button('always').disabled]).to.deep.equal([true, true])
    button('allow').click()
    button('always').click()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(card.state).to.equal('awaiting')
    expect(await sent(), 'tools/call requests before the value was shown whole').to.have.length(0)
    // Shown whole, its end is on screen; then Allow sends exactly what was shown.
    card.shadowRoot!.querySelector<HTMLButtonElement>('[part~=show-whole][data-show^=value]')!.click()
    await shows(card, 'TAIL-wire-to-attacker', 'the end of the long value, shown whole')
    await eventually(() => !button('allow').disabled, 'Allow once, once every value was shown whole')
    await settled(el)
    expectInert(el)
    button('allow').click()
    await call
    const requests = await sent()
    expect(requests).to.have.length(1)
    expect(requests[0]!.params.arguments).to.deep.equal(args)
  })

  it('<mcp-content>: a 2 MB result is cut short, not rendered whole', async () => {
    const el = await connected(html`<mcp-server url=${url}><mcp-tool name="hostile_huge"></mcp-tool></mcp-server>`)
    await eventually(() => deepQueryAll(el, '[part~="call"]').length === 1, 'the Call button')
    await clickAll(el, '[part~="call"]')
    await eventually(() => deepQueryAll(el, 'mcp-content').length > 0 && textIn(el).includes(scriptText('huge')), 'the huge result')
    expect(textIn(el).length, 'characters in the page').to.be.below(500_000)
    await settled(el)
    expectInert(el)
  })

  it('<mcp-resource-view>: text, markdown, HTML, scripted SVG, fake PDF, JSON, binary and huge resources', async () => {
    const el = await connected(html`
      <mcp-server url=${url}>
        ${resources.map((resource) => html`<mcp-resource-view uri=${resource.uri} .resource=${resource}></mcp-resource-view>`)}
      </mcp-server>
    `)
    const views = [...el.querySelectorAll('mcp-resource-view')]
    await eventually(() => views.every((view) => deepQueryAll(view, 'mcp-content').length > 0), 'every resource read')
    await shows(el, scriptText('resource.text'), 'the text resource as text')
    await shows(el, scriptText('resource.html'), 'the HTML resource as text')
    await shows(el, scriptText('resource.md.heading'), 'the markdown resource rendered', { visible: false })
    expect(textIn(el, { visible: true })).to.include(scriptText('resource.title'))
    expect(textIn(el).length, 'characters in the page').to.be.below(500_000)
    await openAllDetails(el)
    await settled(el)
    expectInert(el)
  })

  it('<mcp-resource-list>: picking each resource and filling the template with hostile completions', async () => {
    const el = await connected(html`<mcp-server url=${url}><mcp-resource-list></mcp-resource-list></mcp-server>`)
    const list = el.querySelector('mcp-resource-list')!
    await eventually(() => deepQueryAll(list, '[part~="item"]').length >= resources.length, 'the resources listed')
    for (const item of deepQueryAll<HTMLElement>(list, '[part~="item"]')) {
      item.click()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await openAllDetails(el)
    await settled(el)
    expect(textIn(el, { visible: true })).to.include(scriptText('resource.title'))
    expectInert(el)
    // The template: type, take the server's (hostile) suggestion, read.
    const template = deepQueryAll<HTMLElement>(list, '[part~="item"]').find((item) => textIn(item).includes(scriptText('template.title')))
    template!.click()
    await eventually(() => deepQueryAll(list, '[part~="template-form"] input').length === 1, 'the template form')
    const input = deepQueryAll<HTMLInputElement>(list, '[part~="template-form"] input')[0]!
    input.focus()
    input.value = '<'
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))
    const suggestion = () =>
      deepQueryAll(list, '[role="option"]').find((o) => o.textContent!.trim().startsWith(scriptText('template.completion')))
    await eventually(() => !!suggestion(), 'the hostile suggestion offered')
    suggestion()!.click()
    await eventually(() => input.value.startsWith(scriptText('template.completion')), 'the suggestion picked')
    deepQueryAll<HTMLButtonElement>(list, '[part~="template-form"] button[type="submit"]')[0]!.click()
    await shows(el, scriptText('template.text'), 'the template resource read, shown as text')
    await settled(el)
    expectInert(el)
  })

  it('<mcp-prompt>: hostile arguments, completions and messages of every content kind, as text', async () => {
    const prompt = prompts[0]!
    const el = await connected(html`<mcp-server url=${url}><mcp-prompt .prompt=${prompt}></mcp-prompt></mcp-server>`)
    await eventually(
      () => textIn(el).includes(scriptText('prompt.title')) || textIn(el).includes(scriptText('prompt.name')),
      'the prompt shown',
    )
    await eventually(() => deepQueryAll<HTMLButtonElement>(el, 'button[part~="get"]').some((b) => !b.disabled), 'the Get button enabled')
    // The argument's suggestions come from the server too: offered as the options' text, inert.
    const input = deepQueryAll<HTMLInputElement>(el, '[part~="field"] input')[0]!
    input.focus()
    input.value = '<'
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))
    await eventually(
      () => deepQueryAll(el, '[role="option"]').some((o) => o.textContent!.trim().startsWith(scriptText('prompt.completion'))),
      'the hostile suggestion offered',
    )
    await clickAll(el, '[part~="get"]')
    await shows(el, scriptText('prompt.text'), 'the prompt messages as text')
    await shows(el, scriptText('prompt.link-title'), 'the resource link named as text', { visible: false })
    await openAllDetails(el)
    await settled(el)
    expectInert(el)
  })

  it('<mcp-icon>: hostile icon sources are never loaded as documents, and the fallback shows', async () => {
    const hostileTool = tools.find((t) => t.title?.startsWith('<script>'))!
    const icons = hostileTool.icons!
    const el = await fixture(
      html`<div>
        <mcp-icon .icons=${icons}></mcp-icon>
        <mcp-icon .icons=${icons} theme="dark"></mcp-icon>
        ${icons.map((icon) => html`<mcp-icon .icons=${[icon]} size="16"></mcp-icon>`)}
      </div>`,
    )
    await settled(el)
    // Each icon alone: the scripted SVG is drawn, through <img> where its scripts cannot run; every other source is
    // refused (javascript:, data:text/html, credentials) or fails to load, and the glyph is drawn instead.
    const single = [...el.querySelectorAll('mcp-icon')].slice(2)
    for (const [i, icon] of icons.entries()) {
      const shown = () => single[i]!.shadowRoot!.querySelector('img')?.getAttribute('src')
      if (icon.src.startsWith('data:image/svg+xml')) expect(shown(), 'the scripted SVG, as an image').to.equal(icon.src)
      else
        await eventually(
          () => single[i]!.shadowRoot!.querySelector('[part~="fallback"]') !== null,
          `the glyph for ${icon.src.slice(0, 40)}`,
        )
    }
    // The whole list (light and dark) draws something too: an image or the glyph, never an empty element.
    for (const icon of [...el.querySelectorAll('mcp-icon')].slice(0, 2)) {
      expect(icon.shadowRoot!.querySelector('img, [part~="fallback"]'), 'an image or the glyph for the whole list').to.not.equal(null)
    }
    expectInert(el)
  })

  it('<mcp-elicitation> through <mcp-server>: a hostile form, then a javascript: URL, answered without anything running', async () => {
    const el = await connected(html`<mcp-server url=${url}><mcp-tool name="hostile_elicit"></mcp-tool></mcp-server>`)
    await eventually(() => deepQueryAll(el, '[part~="call"]').length === 1, 'the Call button')
    await clickAll(el, '[part~="call"]')
    await shows(el, scriptText('elicit.message'), 'the form-mode message as text')
    expect(textIn(el)).to.include(scriptText('elicit.title'))
    await settled(el)
    expectInert(el)
    await clickAll(el, '[part~="decline"]')
    // The call must go on to the URL-mode request; if it fails instead, the tool's error says why.
    const toolError = () =>
      deepQueryAll(el.querySelector('mcp-tool')!, '[part~="error"]')
        .map((e) => e.textContent!.trim())
        .join(' ')
    await eventually(
      () => !!toolError() || textIn(el, { visible: true }).includes(scriptText('elicit.url-message')),
      'the URL-mode request',
    )
    expect(toolError(), 'the call failed instead of asking in URL mode').to.equal('')
    expect(textIn(el, { visible: true })).to.include(`javascript:window.${TRAP}='elicit.url'`)
    await settled(el)
    expectInert(el)
    await clickAll(el, '[part~="decline"]')
    await shows(el, 'answered decline and decline', 'the call to finish')
  })
})
