// <mcp-prompt> in headless Chromium against real servers: the fixture's
// `greet` and `status` prompts, and the `prompts` test server (optional
// arguments, completion with context, hostile strings).
import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { McpClient, type Prompt } from '../../src/client/index.js'
import { deepText, deepQueryAll, eventually, expectAbsent, pointerClick, requestsFor, serverUrl } from '../../test/support/browser.js'
import { activeSuggestion, announced, listboxOf, shownSuggestions } from '../../test/support/combobox.js'
import './mcp-prompt.js'
import type { McpPromptElement, PromptResultDetail } from './mcp-prompt.js'

const field = (el: McpPromptElement, name: string) => el.shadowRoot!.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const getButton = (el: McpPromptElement) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="get"]')!
const suggestions = (el: McpPromptElement, name: string) => shownSuggestions(field(el, name))
const messages = (el: McpPromptElement) =>
  [...el.shadowRoot!.querySelectorAll('.message')].map((m) => ({
    role: m.querySelector('.role')!.textContent!.trim(),
    text: deepText(m.querySelector('mcp-content')!).trim(),
  }))

function type(input: HTMLInputElement, value: string): void {
  input.focus()
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

async function promptOf(url: string, name: string): Promise<McpPromptElement> {
  const client = new McpClient(url)
  const prompt = (await client.listPrompts()).find((p) => p.name === name)!
  return fixture<McpPromptElement>(html`<mcp-prompt .client=${client} .prompt=${prompt}></mcp-prompt>`)
}

describe('<mcp-prompt>', () => {
  let main: string
  let prompts: string
  before(async () => {
    main = await serverUrl('main')
    prompts = await serverUrl('prompts')
  })

  it('shows a labelled field per argument, with required mark and description as help', async () => {
    const el = await promptOf(main, 'greet')
    const input = field(el, 'name')
    expect(input.labels![0].textContent).to.include('Name').and.include('(required)')
    // The star is for the eye; a screen reader reads "(required)" once, not "star" as well.
    const spoken = input.labels![0].cloneNode(true) as HTMLElement
    spoken.querySelectorAll('[aria-hidden=true]').forEach((n) => n.remove())
    expect(input.labels![0].textContent).to.include('*')
    expect(spoken.textContent).not.to.include('*')
    expect(input.getAttribute('aria-required')).to.equal('true')
    expect(el.shadowRoot!.getElementById(input.getAttribute('aria-describedby')!)!.textContent).to.equal('Who to greet')
    expect(el.shadowRoot!.querySelector('.title')!.textContent).to.equal('Greet')
    await expect(el).to.be.accessible()
  })

  it('an argument with no title is labelled by its name humanised, the name itself beside it as code', async () => {
    const el = await promptOf(main, 'greet')
    const input = field(el, 'name')
    const label = input.labels![0]
    expect(label.querySelector('.arg-label')!.textContent!.trim()).to.equal('Name')
    expect(label.parentElement!.querySelector('code.key')?.textContent).to.equal('name')
    await expect(el).to.be.accessible()
  })

  it('suggests completions, gets the prompt and shows its messages by role', async () => {
    const el = await promptOf(main, 'greet')
    type(field(el, 'name'), 'A')
    await eventually(() => suggestions(el, 'name').length > 0, 'suggestions')
    expect(suggestions(el, 'name')).to.deep.equal(['Alice'])
    const completion = (await requestsFor('completion/complete')).at(-1)
    expect(completion.params).to.deep.include({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'A' } })

    type(field(el, 'name'), 'Alice')
    const answered = oneEvent(el, 'mcp-prompt-result')
    getButton(el).click()
    const { detail } = (await answered) as CustomEvent<PromptResultDetail>
    expect(detail).to.deep.include({ name: 'greet', arguments: { name: 'Alice' } })
    expect((await requestsFor('prompts/get')).at(-1).params).to.deep.include({ name: 'greet', arguments: { name: 'Alice' } })
    await eventually(() => messages(el).length === 1, 'the message')
    expect(messages(el)).to.deep.equal([{ role: 'User', text: 'Please greet Alice.' }])
    await expect(el).to.be.accessible()
  })

  it('does not send with a required argument empty: marks the field and focuses it', async () => {
    const el = await promptOf(main, 'greet')
    const before = (await requestsFor('prompts/get')).length
    getButton(el).click()
    await el.updateComplete
    const input = field(el, 'name')
    expect(input.getAttribute('aria-invalid')).to.equal('true')
    expect(
      input
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => el.shadowRoot!.getElementById(id)!.textContent),
    ).to.include('Fill this in.')
    await eventually(() => el.shadowRoot!.activeElement === input, 'focus on the empty field')
    expect((await requestsFor('prompts/get')).length).to.equal(before)
    type(input, 'Bob')
    await el.updateComplete
    expect(input.getAttribute('aria-invalid')).to.equal('false')
  })

  it('leaves empty optional arguments out and shows the result description and both roles', async () => {
    const el = await promptOf(prompts, 'draft_email')
    type(field(el, 'recipient'), 'alice@example.com')
    type(field(el, 'subject'), '')
    getButton(el).click()
    await eventually(() => messages(el).length === 2, 'the messages')
    expect((await requestsFor('prompts/get', 'prompts')).at(-1).params.arguments).to.deep.equal({ recipient: 'alice@example.com' })
    expect(messages(el)).to.deep.equal([
      { role: 'User', text: 'Write a neutral email to alice@example.com about nothing.' },
      { role: 'Assistant', text: 'Here is a draft.' },
    ])
    // Each turn is styled and exposed as whose it is: the assistant's shaded, the user's not.
    const [user, assistant] = el.shadowRoot!.querySelectorAll<HTMLElement>('.message')
    expect([user.part.value, assistant.part.value]).to.deep.equal(['message message-user', 'message message-assistant'])
    expect(getComputedStyle(user).backgroundColor).to.equal('rgba(0, 0, 0, 0)')
    expect(getComputedStyle(assistant).backgroundColor).not.to.equal('rgba(0, 0, 0, 0)')
    expect(el.shadowRoot!.querySelector('.result .description')!.textContent).to.equal('An email to alice@example.com')
  })

  it('sends the filled-in arguments as completion context', async () => {
    const el = await promptOf(prompts, 'draft_email')
    type(field(el, 'recipient'), 'boss@example.com')
    field(el, 'tone').focus()
    await sendKeys({ press: 'ArrowDown' }) // opens the list, asking for suggestions
    await eventually(() => suggestions(el, 'tone').length > 0, 'tone suggestions')
    expect(suggestions(el, 'tone')).to.deep.equal(['formal'])
    const completion = (await requestsFor('completion/complete', 'prompts')).at(-1)
    expect(completion.params).to.deep.include({
      argument: { name: 'tone', value: '' },
      context: { arguments: { recipient: 'boss@example.com' } },
    })
  })

  it('gets a prompt without arguments', async () => {
    const el = await promptOf(main, 'status')
    expect(el.shadowRoot!.querySelectorAll('input')).to.have.length(0)
    getButton(el).click()
    await eventually(() => messages(el).length === 1, 'the message')
    expect(messages(el)[0].text).to.equal('Report the system status.')
  })

  it('shows the server error when getting fails', async () => {
    const prompt: Prompt = { name: 'no_such_prompt' }
    const el = await fixture<McpPromptElement>(html`<mcp-prompt .client=${new McpClient(main)} .prompt=${prompt}></mcp-prompt>`)
    getButton(el).click()
    await eventually(() => el.shadowRoot!.querySelector('[role="alert"]') !== null, 'the error')
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.include('Could not get the prompt').and.include('no_such_prompt')
    await expect(el).to.be.accessible()
  })

  it('shows nothing without a prompt, and offers no Get without a client (until one is given)', async () => {
    const el = await fixture<McpPromptElement>(html`<mcp-prompt></mcp-prompt>`)
    expectAbsent(el.shadowRoot!.querySelector('[part="base"]'), 'a form')
    // A prompt is an object given as a property: a name written in markup is no prompt, and no empty form with a Get.
    const fromMarkup = await fixture<McpPromptElement>(html`<mcp-prompt prompt="status"></mcp-prompt>`)
    expectAbsent(fromMarkup.shadowRoot!.querySelector('[part="base"]'), 'a form')
    el.prompt = { name: 'status' }
    await el.updateComplete
    expect(getButton(el).disabled).to.equal(true)
    el.client = new McpClient(main)
    await el.updateComplete
    expect(getButton(el).disabled).to.equal(false)
  })

  it('starts afresh when given another prompt', async () => {
    const client = new McpClient(main)
    const [greet, status] = ['greet', 'status'].map((n) => ({
      name: n,
      ...(n === 'greet' ? { arguments: [{ name: 'name', required: true }] } : {}),
    }))
    const el = await fixture<McpPromptElement>(html`<mcp-prompt .client=${client} .prompt=${greet}></mcp-prompt>`)
    type(field(el, 'name'), 'Carol')
    getButton(el).click()
    await eventually(() => messages(el).length === 1, 'the greet message')
    el.prompt = status
    await el.updateComplete
    expect(messages(el)).to.deep.equal([])
    el.prompt = greet
    await el.updateComplete
    expect(field(el, 'name').value).to.equal('')
  })

  it('shows hostile prompt strings as text', async () => {
    const client = new McpClient(prompts)
    const hostile = (await client.listPrompts()).find((p) => p.name.includes('<script>'))!
    const el = await fixture<McpPromptElement>(html`<mcp-prompt .client=${client} .prompt=${hostile}></mcp-prompt>`)
    expect(el.shadowRoot!.querySelector('.title')!.textContent).to.include('<script>window.__pwned=1</script>')
    getButton(el).click()
    await eventually(() => messages(el).length === 1, 'the message')
    expect(messages(el)[0].text).to.include('<img src=x onerror=')
    expect(deepQueryAll(el, 'img[src="x"], script')).to.have.length(0)
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
  })

  it('opens a message’s non-http(s) resource link through its own client, in place; a javascript: one is read, never followed', async () => {
    const client = new McpClient(await serverUrl('hostile'))
    const hostile = (await client.listPrompts()).find((p) => p.name.includes('<script>'))!
    const el = await fixture<McpPromptElement>(html`<mcp-prompt .client=${client} .prompt=${hostile}></mcp-prompt>`)
    getButton(el).click()
    const open = () => deepQueryAll<HTMLButtonElement>(el, '[part=open-resource]')
    await eventually(() => open().length === 1, 'a control on the message’s resource link')
    open()[0].click()
    await eventually(() => deepQueryAll(el, '[part=resource-read] [role=alert]').length === 1, 'the read’s error')
    expect(deepText(deepQueryAll(el, '[part=resource-read]')[0])).to.include("Could not read javascript:window.__pwned='prompt.link'")
    expect(deepQueryAll(el, 'a[href^="javascript:"], script')).to.have.length(0)
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
  })
})

// The argument fields are comboboxes (components/shared/combobox.ts), driven here with the real keyboard
// against the `prompts` server's `visit_city`, whose completion answers "P" late.
describe('<mcp-prompt> completion, as a keyboard and screen reader user meets it', () => {
  let prompts: string
  before(async () => {
    prompts = await serverUrl('prompts')
  })

  /** `visit_city`'s form with its city field focused. */
  async function cityField() {
    const el = await promptOf(prompts, 'visit_city')
    const city = field(el, 'city')
    city.focus()
    return { el, city }
  }
  /** A real key press, and the update it causes. */
  async function press(el: McpPromptElement, key: string) {
    await sendKeys({ press: key })
    await el.updateComplete
  }
  const cityRequests = async () =>
    (await requestsFor('completion/complete', 'prompts')).filter((r) => r.params.ref.name === 'visit_city')

  it('Alt+ArrowDown opens the suggestions without picking one (the ARIA combobox pattern)', async () => {
    const { el, city } = await cityField()
    await sendKeys({ type: 'O' })
    await eventually(() => suggestions(el, 'city').length === 3, 'three suggestions')
    await press(el, 'Escape')
    expect(city.getAttribute('aria-expanded'), 'closed by Escape').to.equal('false')
    await press(el, 'Alt+ArrowDown')
    await eventually(() => city.getAttribute('aria-expanded') === 'true', 'the list open again')
    expect(activeSuggestion(city), 'no suggestion active').to.equal(undefined)
    expect(city.value).to.equal('O')
  })

  it('is a combobox whose arrows move through the suggestions and whose Enter picks one without submitting', async () => {
    const { el, city } = await cityField()
    expect(city.getAttribute('role')).to.equal('combobox')
    expect(city.getAttribute('aria-expanded')).to.equal('false')
    await sendKeys({ type: 'O' })
    await eventually(() => suggestions(el, 'city').length === 3, 'three suggestions')
    expect(suggestions(el, 'city')).to.deep.equal(['Oslo', 'Osaka', 'Ottawa'])
    expect(city.getAttribute('aria-expanded')).to.equal('true')
    expect(listboxOf(city).getAttribute('aria-label')).to.equal('City')
    await eventually(() => announced(city) === '3 suggestions', 'the count announced')
    expect(activeSuggestion(city)).to.equal(undefined)

    await press(el, 'ArrowDown')
    expect(activeSuggestion(city)).to.equal('Oslo')
    await press(el, 'ArrowDown')
    expect(activeSuggestion(city)).to.equal('Osaka')
    await sendKeys({ press: 'ArrowUp' })
    await press(el, 'ArrowUp')
    expect(activeSuggestion(city), 'ArrowUp wraps from the first to the last').to.equal('Ottawa')
    await press(el, 'ArrowDown')
    expect(activeSuggestion(city), 'ArrowDown wraps from the last to the first').to.equal('Oslo')
    await sendKeys({ press: 'ArrowDown' })

    const gets = (await requestsFor('prompts/get', 'prompts')).length
    let submitted = false
    el.addEventListener('mcp-prompt-result', () => (submitted = true))
    await press(el, 'Enter')
    expect(city.value).to.equal('Osaka')
    expect(city.getAttribute('aria-expanded')).to.equal('false')
    expect(city.hasAttribute('aria-activedescendant')).to.equal(false)
    expect(el.shadowRoot!.activeElement).to.equal(city)
    await new Promise((r) => setTimeout(r, 300))
    expect((await requestsFor('prompts/get', 'prompts')).length, 'Enter on an option does not submit').to.equal(gets)
    expect(submitted).to.equal(false)

    // With the list closed, Enter is the form's again.
    const answered = oneEvent(el, 'mcp-prompt-result')
    await sendKeys({ press: 'Enter' })
    expect(((await answered) as CustomEvent<PromptResultDetail>).detail.arguments).to.deep.equal({ city: 'Osaka' })
  })

  it('does not submit a partial value when Enter is pressed with the list open and nothing picked', async () => {
    const { el, city } = await cityField()
    await sendKeys({ type: 'Os' })
    await eventually(() => suggestions(el, 'city').length === 2, 'the suggestions for Os')
    const gets = (await requestsFor('prompts/get', 'prompts')).length
    await press(el, 'Enter')
    expect(city.getAttribute('aria-expanded'), 'Enter closed the list').to.equal('false')
    expect(city.value).to.equal('Os')
    await new Promise((r) => setTimeout(r, 300))
    expect((await requestsFor('prompts/get', 'prompts')).length).to.equal(gets)
  })

  it('closes on Escape, clears on a second Escape, and closes on Tab as focus leaves', async () => {
    const { el, city } = await cityField()
    await sendKeys({ type: 'O' })
    await eventually(() => suggestions(el, 'city').length === 3, 'the suggestions')
    await sendKeys({ press: 'ArrowDown' })
    await press(el, 'Escape')
    expect(city.getAttribute('aria-expanded')).to.equal('false')
    expect(city.value, 'the first Escape only closes').to.equal('O')
    expect(announced(city)).to.equal('')
    await press(el, 'Escape')
    expect(city.value, 'the second Escape clears').to.equal('')

    await sendKeys({ type: 'Os' })
    await eventually(() => suggestions(el, 'city').length === 2, 'the suggestions again')
    await sendKeys({ press: 'ArrowDown' })
    await press(el, 'Tab')
    expect(city.getAttribute('aria-expanded')).to.equal('false')
    expect(city.value, 'Tab picks nothing').to.equal('Os')
    expect(el.shadowRoot!.activeElement).to.equal(getButton(el))
  })

  it('closes when a click elsewhere on the page takes focus away, picking nothing', async () => {
    const { el, city } = await cityField()
    await sendKeys({ type: 'O' })
    await eventually(() => suggestions(el, 'city').length === 3, 'the suggestions')
    await sendKeys({ press: 'ArrowDown' })
    const elsewhere = document.body.appendChild(Object.assign(document.createElement('p'), { textContent: 'Elsewhere on the page' }))
    try {
      await pointerClick(elsewhere)
      await el.updateComplete
      expect(el.shadowRoot!.activeElement, 'focus left the field').to.equal(null)
      expect(city.getAttribute('aria-expanded'), 'the list closed').to.equal('false')
      expect(listboxOf(city).hidden, 'the listbox hidden').to.equal(true)
      expect(city.hasAttribute('aria-activedescendant')).to.equal(false)
      expect(city.value, 'a click elsewhere picks nothing').to.equal('O')
    } finally {
      elsewhere.remove()
    }
  })

  it('picks a suggestion with the mouse, keeping focus in the field', async () => {
    const { el, city } = await cityField()
    await sendKeys({ type: 'P' })
    await sendKeys({ type: 'r' })
    await eventually(() => suggestions(el, 'city').length === 1, 'Prague')
    await pointerClick(listboxOf(city).querySelector('[role="option"]')!)
    await el.updateComplete
    expect(city.value).to.equal('Prague')
    expect(el.shadowRoot!.activeElement).to.equal(city)
    expect(city.getAttribute('aria-expanded')).to.equal('false')
  })

  it('asks once per pause in typing: five quick keys send at most two requests', async () => {
    const { el } = await cityField()
    const before = (await cityRequests()).length
    await sendKeys({ type: 'Ottaw' })
    await eventually(() => suggestions(el, 'city').join() === 'Ottawa', 'the suggestion Ottawa')
    await new Promise((r) => setTimeout(r, 400))
    const sent = (await cityRequests()).slice(before)
    expect(sent.length, sent.map((r) => JSON.stringify(r.params.argument.value)).join(' ')).to.be.at.most(2)
    expect(sent.at(-1).params.argument).to.deep.equal({ name: 'city', value: 'Ottaw' })
  })

  it('never shows a slower earlier answer over a newer one', async () => {
    const { el } = await cityField()
    await sendKeys({ type: 'P' })
    // The server holds its answer for "P" (1.5 s); the user types on meanwhile.
    await eventually(async () => (await cityRequests()).some((r) => r.params.argument.value === 'P'), 'the request for P')
    await sendKeys({ type: 'o' })
    await eventually(() => suggestions(el, 'city').join() === 'Porto', 'the answer for Po')
    await new Promise((r) => setTimeout(r, 1_800))
    expect(suggestions(el, 'city'), 'the late answer for P is dropped').to.deep.equal(['Porto'])
  })

  it('is accessible with the list open and an option active', async () => {
    const { el, city } = await cityField()
    await sendKeys({ type: 'O' })
    await eventually(() => suggestions(el, 'city').length === 3, 'the suggestions')
    await press(el, 'ArrowDown')
    expect(activeSuggestion(city)).to.equal('Oslo')
    await expect(el).to.be.accessible()
  })
})
