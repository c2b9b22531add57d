// <mcp-resource-list> in headless Chromium against real servers: the fixture
// (`main`: resources, the user template with completion) and the `resources`
// test server (list changes, a two-variable template, hostile strings).
import { ContextProvider } from '@lit/context'
import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { McpClient } from '../../src/client/index.js'
import { connectionContext, type McpConnection } from '../shared/context.js'
import {
  deepText,
  controlServer,
  deepQuery,
  deepQueryAll,
  eventually,
  requestsFor,
  serverUrl,
  expectAbsent,
  expectPresent,
  pointerClick,
} from '../../test/support/browser.js'
import { expectRowsAt, inView, placeOf, scrollToRow } from '../../test/support/windowed-list.js'
import { activeSuggestion, shownSuggestions } from '../../test/support/combobox.js'
import '../mcp-server/mcp-server.js'
import './mcp-resource-list.js'
import type { McpResourceListElement, ResourceSelectDetail } from './mcp-resource-list.js'

const items = (el: McpResourceListElement) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="item"]')]
const titles = (el: McpResourceListElement) => items(el).map((b) => b.querySelector('.title')!.textContent!.trim())
/** The item whose URI (or URI template) is `uri`. */
const item = (el: McpResourceListElement, uri: string) => items(el).find((b) => b.querySelector('.uri')!.textContent === uri)!
const status = (el: McpResourceListElement) => el.shadowRoot!.querySelector('[part="status"]')!.textContent!.trim()
const focused = (el: McpResourceListElement) => el.shadowRoot!.activeElement as HTMLElement | null

/** Types into an input as a user's browser reports it: the new value, then an `input` event. */
function type(input: HTMLInputElement, value: string): void {
  input.focus()
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

async function listOf(url: string): Promise<McpResourceListElement> {
  const el = await fixture<McpResourceListElement>(html`<mcp-resource-list .client=${new McpClient(url)}></mcp-resource-list>`)
  await eventually(() => items(el).length > 0, 'the list')
  return el
}

describe('<mcp-resource-list>', () => {
  let main: string
  let live: string
  before(async () => {
    main = await serverUrl('main')
    live = await serverUrl('resources')
  })
  beforeEach(() => controlServer('resources', 'reset'))

  it('lists resources and templates with title, name, URI, description, type and size', async () => {
    const el = await listOf(main)
    expect(titles(el).sort()).to.deep.equal(['Greeting', 'Logo', 'Secret', 'User', 'User', 'User', 'User'])
    const greeting = item(el, 'fixture://greeting')
    expect(greeting.textContent)
      .to.include('greeting')
      .and.include('fixture://greeting')
      .and.include('A text resource.')
      .and.include('text/plain')
    expectPresent(greeting.querySelector('mcp-icon'), 'the resource icon')
    const template = item(el, 'fixture://users/{id}')
    expect(template.closest('ul')!.getAttribute('aria-labelledby')).to.equal('templates-title')
    expect(template.textContent).to.include('fixture://users/{id}').and.include('A user by id.')
    expect(status(el)).to.match(/6 of 6 resources, 1 of 1 templates/)
    await expect(el).to.be.accessible()

    const sized = await listOf(live)
    expect(item(sized, 'live://note').textContent).to.include('2 kB')
  })

  it('filters by name, title, URI and description', async () => {
    const el = await listOf(main)
    const filter = el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!
    type(filter, 'LOGO')
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Logo'])
    expect(status(el)).to.match(/^1 of 6 resources, 0 of 1 templates/)
    type(filter, 'users/{')
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['User'])
    type(filter, 'nothing like this')
    await el.updateComplete
    expect(titles(el)).to.deep.equal([])
    expect(status(el)).to.equal('Nothing matches “nothing like this”.')
  })

  it('is used by keyboard: ArrowDown from the filter, arrows, Home/End, one Tab stop, Enter picks', async () => {
    const el = await listOf(main)
    el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
    await sendKeys({ press: 'ArrowDown' })
    expect(focused(el)).to.equal(items(el)[0])
    await sendKeys({ press: 'ArrowDown' })
    expect(focused(el)).to.equal(items(el)[1])
    await sendKeys({ press: 'End' })
    expect(focused(el)).to.equal(items(el).at(-1))
    await sendKeys({ press: 'Home' })
    expect(focused(el)).to.equal(items(el)[0])
    await sendKeys({ press: 'ArrowDown' })
    await el.updateComplete
    // Only the item last focused is a Tab stop.
    expect(items(el).map((b) => b.tabIndex)).to.deep.equal(items(el).map((_, i) => (i === 1 ? 0 : -1)))
    const picked = oneEvent(el, 'mcp-resource-select')
    await sendKeys({ press: 'Enter' })
    expect(((await picked) as CustomEvent<ResourceSelectDetail>).detail.uri).to.equal(items(el)[1].querySelector('.uri')!.textContent)
  })

  it('makes an item clicked with the pointer the Tab stop, in either list, which Tab from the filter reaches', async () => {
    const el = await listOf(main)
    const uriOf = (b: Element | null) => b?.querySelector('.uri')?.textContent
    await pointerClick(item(el, 'fixture://users/{id}'))
    await el.updateComplete
    expect(
      items(el)
        .filter((b) => b.tabIndex === 0)
        .map(uriOf),
    ).to.deep.equal(['fixture://users/{id}'])
    el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
    await sendKeys({ press: 'Tab' })
    expect(uriOf(focused(el))).to.equal('fixture://users/{id}')
  })

  it('picking a resource fires mcp-resource-select and opens its view below', async () => {
    const el = await listOf(main)
    const picked = oneEvent(el, 'mcp-resource-select')
    item(el, 'fixture://greeting').click()
    const { detail } = (await picked) as CustomEvent<ResourceSelectDetail>
    expect(detail.uri).to.equal('fixture://greeting')
    expect(detail.resource).to.include({ name: 'greeting', title: 'Greeting' })
    await el.updateComplete
    expect(item(el, 'fixture://greeting').getAttribute('aria-current')).to.equal('true')
    const view = deepQuery<HTMLElement & { uri: string }>(el, 'mcp-resource-view')
    expect(view.uri).to.equal('fixture://greeting')
    await eventually(() => deepText(view).includes('Hello from the fixture server'), 'the resource text')
    await expect(el).to.be.accessible()
  })

  it('does not open the view when the page cancels mcp-resource-select', async () => {
    const el = await listOf(main)
    el.addEventListener('mcp-resource-select', (e) => e.preventDefault())
    item(el, 'fixture://greeting').click()
    await el.updateComplete
    expect(deepQueryAll(el, 'mcp-resource-view')).to.have.length(0)
  })

  it('does not open the view of a filled template when the page cancels mcp-resource-select', async () => {
    const el = await listOf(main)
    item(el, 'fixture://users/{id}').click()
    await el.updateComplete
    // The template picked is the current row; the others are not.
    expect(item(el, 'fixture://users/{id}').getAttribute('aria-current')).to.equal('true')
    expect(item(el, 'fixture://greeting').getAttribute('aria-current')).to.equal('false')
    const form = el.shadowRoot!.querySelector<HTMLFormElement>('[part="template-form"]')!
    expect(form.querySelector<HTMLInputElement>('input[name="id"]')!.value, 'a fresh field is empty').to.equal('')
    type(form.querySelector<HTMLInputElement>('input[name="id"]')!, 'alice')
    await el.updateComplete
    // Picked again, the same template keeps what was typed.
    item(el, 'fixture://users/{id}').click()
    await el.updateComplete
    expect(el.shadowRoot!.querySelector<HTMLInputElement>('[part="template-form"] input[name="id"]')!.value).to.equal('alice')
    el.addEventListener('mcp-resource-select', (e) => e.preventDefault())
    const picked = oneEvent(el, 'mcp-resource-select')
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click()
    expect(((await picked) as CustomEvent<ResourceSelectDetail>).detail.uri).to.equal('fixture://users/alice')
    await el.updateComplete
    expect(deepQueryAll(el, 'mcp-resource-view')).to.have.length(0)
  })

  it('fills a template with completion suggestions and reads the expanded URI', async () => {
    const el = await listOf(main)
    item(el, 'fixture://users/{id}').click()
    await el.updateComplete
    const form = el.shadowRoot!.querySelector<HTMLFormElement>('[part="template-form"]')!
    const input = form.querySelector<HTMLInputElement>('input[name="id"]')!
    expect(input.labels![0].textContent!.trim()).to.equal('id')
    await expect(el).to.be.accessible()

    const asked = (await requestsFor('completion/complete')).length
    type(input, 'a')
    const suggestions = () => shownSuggestions(input)
    await eventually(() => suggestions().includes('alice'), 'the suggestion alice')
    expect(suggestions()).to.deep.equal(['alice'])
    expect(input.getAttribute('role')).to.equal('combobox')
    await expect(el, 'accessible with the list open').to.be.accessible()
    const completion = (await requestsFor('completion/complete')).slice(asked).at(-1)
    expect(completion.params).to.deep.include({
      ref: { type: 'ref/resource', uri: 'fixture://users/{id}' },
      argument: { name: 'id', value: 'a' },
    })

    // Picked with the keyboard: ArrowDown makes it active, Enter fills the field (and does not read yet).
    await sendKeys({ press: 'ArrowDown' })
    await el.updateComplete
    expect(activeSuggestion(input)).to.equal('alice')
    const reads = (await requestsFor('resources/read')).length
    await sendKeys({ press: 'Enter' })
    await el.updateComplete
    expect(input.value).to.equal('alice')
    expect(input.getAttribute('aria-expanded')).to.equal('false')
    expect(deepQueryAll(el, 'mcp-resource-view'), 'Enter on the option did not submit').to.have.length(0)
    expect((await requestsFor('resources/read')).length).to.equal(reads)
    expect(form.querySelector('output')!.textContent).to.equal('fixture://users/alice')
    const picked = oneEvent(el, 'mcp-resource-select')
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click()
    const { detail } = (await picked) as CustomEvent<ResourceSelectDetail>
    expect(detail.uri).to.equal('fixture://users/alice')
    expect(detail.template?.uriTemplate).to.equal('fixture://users/{id}')
    const view = deepQuery<HTMLElement & { uri: string }>(el, 'mcp-resource-view')
    await eventually(() => deepText(view).includes('ALICE'), 'the user read')
    expect((await requestsFor('resources/read')).at(-1).params.uri).to.equal('fixture://users/alice')
  })

  it('asks for completions after a pause in typing, with the other variables as context', async () => {
    const el = await listOf(live)
    item(el, 'live://files/{folder}/{name}').click()
    await el.updateComplete
    const [folder, name] = el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part="template-form"] input')
    expect([folder.name, name.name]).to.deep.equal(['folder', 'name'])
    type(folder, 'docs')
    const asked = (await requestsFor('completion/complete', 'resources')).length
    type(name, 'r')
    type(name, 're')
    type(name, 'rea')
    const suggestions = () => shownSuggestions(name)
    await eventually(() => suggestions().length > 0, 'suggestions for name')
    expect(suggestions()).to.deep.equal(['readme.md'])
    // Only the name's requests: typing in folder may have sent one of its own after its pause, when the machine is
    // slow to count (its timer runs while the count above is fetched).
    const sent = (await requestsFor('completion/complete', 'resources')).slice(asked).filter((r) => r.params?.argument?.name === 'name')
    expect(sent, 'one request for the three keystrokes of name').to.have.length(1)
    expect(sent[0].params).to.deep.include({ argument: { name: 'name', value: 'rea' }, context: { arguments: { folder: 'docs' } } })
  })

  it('reloads when the connection says the resources changed', async () => {
    const client = new McpClient(live)
    // What <mcp-server> provides, provided by hand: this test is about the list's reaction to the counter.
    const host = await fixture<HTMLDivElement>(html`<div></div>`)
    const connection: McpConnection = { client, status: 'ready', changes: { tools: 0, resources: 0, prompts: 0 } }
    const provider = new ContextProvider(host, { context: connectionContext, initialValue: connection })
    const el = host.appendChild(document.createElement('mcp-resource-list'))
    await eventually(() => items(el).length > 0, 'the list')
    expect(titles(el)).not.to.include('added')

    await controlServer('resources', 'add', { name: 'added', uri: 'live://added', text: 'new' })
    provider.setValue({ ...connection, changes: { ...connection.changes, resources: 1 } })
    await eventually(() => titles(el).includes('added'), 'the added resource')
    const lists = await requestsFor('resources/list', 'resources')
    expect(lists.length).to.be.greaterThan(1)
  })

  it('inside <mcp-server>, shows a resource added on the server without a reload', async () => {
    const server = await fixture(html`<mcp-server url=${live}><mcp-resource-list></mcp-resource-list></mcp-server>`)
    const el = server.querySelector('mcp-resource-list')!
    await eventually(() => items(el).length > 0, 'the list')
    // Change the list only once <mcp-server> hears list changes (its status says so).
    await eventually(() => deepText(server).includes('Connected, live updates'), 'live updates')
    await controlServer('resources', 'add', { name: 'pushed', uri: 'live://pushed', text: 'pushed' })
    await eventually(() => titles(el).includes('pushed'), 'the pushed resource')
    // It has no title: its name is its title, shown once (not again beside itself as the name).
    expectAbsent(item(el, 'live://pushed').querySelector('.name'), 'the name beside the title')
    expect(item(el, 'live://note').querySelector('.name')!.textContent).to.equal('note')
  })

  it('says it waits for a server, then that it loads, then the counts; a filter matching nothing says so', async () => {
    const el = await fixture<McpResourceListElement>(html`<mcp-resource-list></mcp-resource-list>`)
    expect(status(el)).to.equal('Waiting for the server…')
    el.client = new McpClient(main)
    await el.updateComplete
    expect(status(el)).to.equal('Loading resources…')
    await eventually(() => /6 of 6 resources, 1 of 1 templates/.test(status(el)), 'the counts')
    type(el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!, 'zzz')
    await el.updateComplete
    expect(status(el)).to.equal('Nothing matches “zzz”.')
  })

  it('inside <mcp-server>, a read that asks for input is answered through the server element', async () => {
    const server = await fixture(html`<mcp-server url=${main}><mcp-resource-list></mcp-resource-list></mcp-server>`)
    const asked: unknown[] = []
    // The page answers the elicitation itself (the documented hand-over); the list and view never see it.
    server.addEventListener('mcp-input-required', (event) => {
      const { method, params, respond } = (event as CustomEvent).detail
      event.preventDefault()
      asked.push({ method, message: params.message })
      respond({ action: 'accept', content: { confirm: true } })
    })
    const el = server.querySelector('mcp-resource-list')!
    await eventually(() => items(el).length > 0, 'the list')
    item(el, 'fixture://secret').click()
    await eventually(() => deepText(el).includes('the secret is 42'), 'the secret')
    expect(asked).to.deep.equal([{ method: 'elicitation/create', message: 'Reveal the secret?' }])
  })

  it('inside <mcp-server>, a read that asks for input shows the elicitation dialog, and accepting it shows the resource', async () => {
    const server = await fixture(html`<mcp-server url=${main}><mcp-resource-list></mcp-resource-list></mcp-server>`)
    const el = server.querySelector('mcp-resource-list')!
    await eventually(() => items(el).length > 0, 'the list')
    item(el, 'fixture://secret').click()
    const checkboxes = () =>
      deepQueryAll(server, 'mcp-elicitation').flatMap((dialog) => deepQueryAll<HTMLInputElement>(dialog, 'input[type="checkbox"]'))
    await eventually(() => checkboxes().length > 0, 'the dialog')
    const dialog = deepQuery(server, 'mcp-elicitation')
    expect(deepText(dialog)).to.include('Reveal the secret?')
    deepQuery<HTMLInputElement>(dialog, 'input[type="checkbox"]').click()
    deepQuery<HTMLButtonElement>(dialog, 'button[data-action="accept"]').click()
    await eventually(() => deepText(el).includes('the secret is 42'), 'the secret')
    const retry = (await requestsFor('resources/read')).filter((r) => r.params.uri === 'fixture://secret').at(-1)
    expect(retry.params.inputResponses.confirm).to.deep.include({ action: 'accept', content: { confirm: true } })
  })

  it('says so when the server offers resources and lists none', async () => {
    await controlServer('resources', 'empty', { on: true })
    const el = await fixture<McpResourceListElement>(html`<mcp-resource-list .client=${new McpClient(live)}></mcp-resource-list>`)
    await eventually(() => status(el) === 'No resources.', 'the message', 5_000).catch((error) => {
      throw new Error(`${error.message}; the status reads “${status(el)}”`)
    })
    expect(items(el)).to.deep.equal([])
  })

  it('lists the resources of a server that does not know resources/templates/list (method not found): no templates, no error', async () => {
    await controlServer('resource-faults', 'mode', { mode: 'no-templates' })
    try {
      const el = await listOf(await serverUrl('resource-faults'))
      expect(titles(el)).to.deep.equal(['Folder'])
      expect(status(el)).to.equal('1 of 1 resources, 0 of 0 templates')
      expectAbsent(el.shadowRoot!.querySelector('[part~="error"]'), 'an error')
    } finally {
      await controlServer('resource-faults', 'reset')
    }
  })

  it('shows a load error with Retry', async () => {
    // Nothing listens on this port: the fetch fails.
    const el = await fixture<McpResourceListElement>(
      html`<mcp-resource-list .client=${new McpClient('http://127.0.0.1:9/mcp')}></mcp-resource-list>`,
    )
    await eventually(() => el.shadowRoot!.querySelector('[role="alert"]') !== null, 'the error')
    const alert = el.shadowRoot!.querySelector('[role="alert"]')!
    expect(alert.textContent).to.include('Could not load the resources')
    const retry = alert.querySelector('button')!
    expect(retry.textContent!.trim()).to.equal('Retry')
    await expect(el).to.be.accessible()
    // Retry loads again.
    const loading = oneEvent(el, 'mcp-list-loading')
    retry.click()
    expect((await loading).detail).to.deep.equal({ list: 'resources' })
  })

  it('leaves malformed listing entries out and says how many, keeping the rest usable', async () => {
    await controlServer('resources', 'junk', { on: true })
    const el = await listOf(live)
    expect(status(el)).to.match(/9 malformed entries left out\.$/)
    expect(item(el, 'live://junk-only-uri').querySelector('.title')!.textContent).to.equal('live://junk-only-uri')
    item(el, 'live://flaky').click()
    await eventually(() => deepText(el).includes('read at last'), 'a good resource still opens')
  })

  describe('with 1,000 resources', () => {
    /** The URIs of the 1,002 resources of `cached-lists` with count 1000, in order; its one template after them. */
    const all = ['list://note-v1', 'list://log-v1', ...Array.from({ length: 1000 }, (_, i) => `list://item/${String(i).padStart(4, '0')}`)]
    const TEMPLATE = 'list://item/{n}'
    const uriOf = (button: HTMLElement) => button.querySelector('.uri')!.textContent!.trim()
    const uris = (el: McpResourceListElement) => items(el).map(uriOf)
    const rowsAt = (el: McpResourceListElement) =>
      expectRowsAt(
        items(el).filter((b) => b.closest('ul')!.classList.contains('resources')),
        all,
        uriOf,
      )
    let el: McpResourceListElement
    beforeEach(async () => {
      await controlServer('cached-lists', 'reset', { count: 1000 })
      el = await listOf(await serverUrl('cached-lists'))
      await eventually(() => uris(el).includes(TEMPLATE), 'the template listed')
    })
    afterEach(() => window.scrollTo(0, 0))

    it('renders only the rows in view and a screenful either side, and the rows around the 500th when scrolled there', async () => {
      expect(status(el)).to.equal('1002 of 1002 resources, 1 of 1 templates')
      expect(items(el).length, 'rows in the DOM').to.be.below(60)
      expect(uris(el).slice(0, -1)).to.deep.equal(all.slice(0, items(el).length - 1))
      expect(uris(el).at(-1), 'the template list, after every resource').to.equal(TEMPLATE)
      rowsAt(el)
      await scrollToRow(el.shadowRoot!.querySelector<HTMLElement>('ul.resources')!, items(el)[0]!.parentElement!, all.length, 500)
      await eventually(() => uris(el).includes(all[500]!), 'the rows around the 500th')
      expect(inView(item(el, all[500]!)), 'the 500th resource is in view').to.equal(true)
      expect(uris(el)[0], 'the Tab stop stays rendered').to.equal(all[0])
      expect(uris(el)).not.to.include(all[1])
      rowsAt(el)
      await expect(el).to.be.accessible()
    })

    it('moves through 1,002 resources into the template list by keyboard, and the Tab stop stays where it was left', async () => {
      el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
      await sendKeys({ press: 'ArrowDown' })
      expect(uriOf(focused(el)!)).to.equal(all[0])
      await sendKeys({ press: 'End' })
      expect(uriOf(focused(el)!), 'End: the last item of both lists').to.equal(TEMPLATE)
      await sendKeys({ press: 'ArrowUp' })
      expect(uriOf(focused(el)!), 'the last resource, rendered where it belongs').to.equal(all.at(-1))
      expect(placeOf(focused(el)!)).to.equal(all.length)
      // Firefox scrolls a focused element into view at its next layout, not in focus() itself.
      await eventually(() => inView(focused(el)!), 'the last resource scrolled into view')
      await eventually(() => items(el).length > 10, 'the rows around it')
      rowsAt(el)

      window.scrollTo(0, 0)
      await eventually(() => uris(el).includes(all[0]!), 'the first rows again')
      expect(
        items(el)
          .filter((b) => b.tabIndex === 0)
          .map(uriOf),
      ).to.deep.equal([all.at(-1)])
      el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
      await sendKeys({ press: 'Tab' })
      expect(uriOf(focused(el)!)).to.equal(all.at(-1))
      await sendKeys({ press: 'Home' })
      expect(uriOf(focused(el)!)).to.equal(all[0])
      await sendKeys({ press: 'ArrowDown' })
      const picked = oneEvent(el, 'mcp-resource-select')
      await sendKeys({ press: 'Enter' })
      expect(((await picked) as CustomEvent<ResourceSelectDetail>).detail.uri).to.equal(all[1])
    })
  })

  it('shows hostile names, titles and descriptions as text', async () => {
    const el = await listOf(live)
    const hostile = item(el, 'live://hostile')
    expect(hostile.querySelector('.title')!.textContent).to.include('<script>window.__pwned=1</script>')
    expect(hostile.querySelector('.description')!.textContent).to.include('<img src=x')
    expect(deepQueryAll(el, 'img[src="x"], script')).to.have.length(0)
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
  })
})
