// <mcp-elicitation> in headless Chromium: the dialog a user answers a
// server's elicitation with. URL mode: what is shown before consent, the
// warnings, that nothing is fetched, how the page is opened. Form mode: the
// restricted schema's fields, defaults, validation, the three answers. Keys
// are real key presses (sendKeys), not synthesised events.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { ElicitRequestParams, ElicitResult } from '../../src/client/index.js'
import { deepQueryAll, eventually, nextEvent, serverUrl, expectAbsent } from '../../test/support/browser.js'
import { fillForm } from '../../test/support/schema-zoo.js'
import './mcp-elicitation.js'
import type { McpElicitationElement } from './mcp-elicitation.js'

declare global {
  interface Window {
    __pwned?: unknown
  }
}

const urlRequest = (url: string, message = 'Connect your account.'): ElicitRequestParams => ({ mode: 'url', url, message })

async function show(params: ElicitRequestParams, serverName = 'Acme Tools', request?: McpElicitationElement['request']) {
  const el = await fixture<McpElicitationElement>(
    html`<mcp-elicitation server-name=${serverName} .params=${params} .request=${request}></mcp-elicitation>`,
  )
  await el.updateComplete
  return el
}

const part = (el: McpElicitationElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
const button = (el: McpElicitationElement, action: string) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>(`button[data-action=${action}]`)
const dialogOf = (el: McpElicitationElement) => el.shadowRoot!.querySelector('dialog')!

/** Replaces window.open for one test, recording its arguments (opening a real tab would load a stranger's page). */
function recordWindowOpen(): { calls: unknown[][]; restore(): void } {
  const original = window.open
  const calls: unknown[][] = []
  window.open = (...args: unknown[]) => (calls.push(args), null)
  return { calls, restore: () => (window.open = original) }
}

describe('<mcp-elicitation> URL mode', () => {
  it('names the server, shows the full URL with its host highlighted, in a modal dialog', async () => {
    const el = await show(urlRequest('https://accounts.example.com/connect?flow=42#step'))
    const dialog = dialogOf(el)
    expect(dialog.open).to.equal(true)
    expect(dialog.matches(':modal')).to.equal(true)
    expect(part(el, 'title')!.textContent).to.contain('Acme Tools')
    expect(part(el, 'message')!.textContent).to.equal('Connect your account.')
    expect(part(el, 'url')!.textContent!.replace(/\s+/g, '').replace('Address:', '')).to.equal(
      'https://accounts.example.com/connect?flow=42#step',
    )
    expect(part(el, 'host')!.textContent).to.equal('accounts.example.com')
    expectAbsent(part(el, 'warnings'), 'the warnings')
    await expect(el).to.be.accessible()
  })

  it('warns about punycode hosts, plain http and credentials in the URL', async () => {
    const cases: Array<[string, string[], string]> = [
      ['https://xn--pple-43d.com/login', ['punycode'], 'xn--pple-43d.com'],
      // A look-alike written in Unicode is shown in its punycode form (what the browser really visits).
      ['https://аpple.com/login', ['punycode'], 'xn--pple-43d.com'],
      ['http://example.com/form', ['http'], 'example.com'],
      ['https://bank.example.com:secret@evil.example/', ['credentials'], 'evil.example'],
      // A user name alone is the classic disguise: the real host comes after the @.
      ['https://accounts.example.com@evil.example/login', ['credentials'], 'evil.example'],
    ]
    for (const [url, warnings, host] of cases) {
      const el = await show(urlRequest(url))
      const shown = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part=warnings] li')].map((li) => li.dataset.warning)
      expect(shown, url).to.deep.equal(warnings)
      expect(part(el, 'host')!.textContent, url).to.equal(host)
      await expect(el).to.be.accessible()
      el.remove()
    }
  })

  it('fetches nothing from the URL before consent, and renders no link to it', async () => {
    // A URL on a real server of ours, so a fetch would show up in the resource timing entries.
    const target = new URL(`/never-fetched-${Math.random().toString(36).slice(2)}`, await serverUrl()).href
    const el = await show(urlRequest(target))
    // The address is on screen (as text), and the Open button is there: there was something that could have fetched.
    expect(part(el, 'url')!.textContent).to.contain('never-fetched')
    expect(button(el, 'open'), 'the Open button').to.not.equal(null)
    await new Promise((r) => setTimeout(r, 300))
    expect(performance.getEntriesByType('resource').filter((e) => e.name.includes('never-fetched'))).to.deep.equal([])
    const referencing = deepQueryAll(el, '[href], [src], [action], [data]')
    expect(referencing.map((e) => e.outerHTML)).to.deep.equal([])
  })

  it('Open opens the URL in a new tab without opener or referrer, and answers accept', async () => {
    const el = await show(urlRequest('https://accounts.example.com/connect?flow=42'))
    const opened = recordWindowOpen()
    try {
      const answered = nextEvent<CustomEvent<ElicitResult>>(el, 'mcp-elicitation-response')
      button(el, 'open')!.click()
      expect(opened.calls).to.deep.equal([['https://accounts.example.com/connect?flow=42', '_blank', 'noopener,noreferrer']])
      expect((await answered).detail).to.deep.equal({ action: 'accept' })
      expect(await el.response).to.deep.equal({ action: 'accept' })
      expect(dialogOf(el).open).to.equal(false)
    } finally {
      opened.restore()
    }
  })

  it('refuses to open anything but http(s): a javascript: URL gets an error and no Open button', async () => {
    const el = await show(urlRequest('javascript:window.__pwned=1'))
    expect(part(el, 'error')!.textContent).to.contain('only http and https')
    expectAbsent(button(el, 'open'), 'the Open button')
    button(el, 'decline')!.click()
    expect(await el.response).to.deep.equal({ action: 'decline' })
    expect(window.__pwned).to.equal(undefined)
  })

  it('starts on Cancel (Enter never opens a link by accident); Escape answers cancel and focus goes back', async () => {
    const opener = await fixture<HTMLButtonElement>(html`<button>before</button>`)
    opener.focus()
    const el = document.createElement('mcp-elicitation')
    el.params = urlRequest('https://accounts.example.com/')
    el.serverName = 'Acme Tools'
    document.body.append(el)
    try {
      await el.updateComplete
      await eventually(() => el.shadowRoot!.activeElement === button(el, 'cancel'), 'focus on Cancel')
      await sendKeys({ press: 'Escape' })
      expect(await el.response).to.deep.equal({ action: 'cancel' })
      expect(dialogOf(el).open).to.equal(false)
      expect(document.activeElement === opener, 'focus is back on the opener').to.equal(true)
    } finally {
      el.remove()
    }
  })

  it('shows which call asks', async () => {
    const el = await show(urlRequest('https://accounts.example.com/'), 'Acme Tools', {
      method: 'tools/call',
      params: { name: 'connect_account', arguments: { provider: 'github' } },
    })
    expect(part(el, 'context')!.textContent!.replace(/\s+/g, ' ')).to.contain('connect_account').and.contain('{"provider":"github"}')
  })

  it('shows which prompt or read asks, with no arguments to show, and no "undefined" for a read without its URI', async () => {
    const cases: Array<[McpElicitationElement['request'], string]> = [
      [{ method: 'prompts/get', params: { name: 'summarize' } }, 'Asked while getting the prompt “summarize”'],
      [{ method: 'resources/read', params: { uri: 'docs://private/plan' } }, 'Asked while reading docs://private/plan'],
      [{ method: 'resources/read', params: {} }, 'Asked while reading'],
      // A call with no params at all (params is optional) still names what asks.
      [{ method: 'resources/read' }, 'Asked while reading'],
      [{ method: 'sampling/createMessage' }, 'Asked during sampling/createMessage'],
    ]
    for (const [request, text] of cases) {
      const el = await show(urlRequest('https://accounts.example.com/'), 'Acme Tools', request)
      expect(part(el, 'context')?.textContent?.replace(/\s+/g, ' ').trim(), request!.method).to.equal(text)
      el.remove()
    }
  })

  it('answers cancel when taken away unanswered', async () => {
    const el = await show(urlRequest('https://accounts.example.com/'))
    el.remove()
    expect(await el.response).to.deep.equal({ action: 'cancel' })
  })

  it('moved before it first showed (removed and added back at once), answers cancel and leaves no dead modal', async () => {
    // A framework that re-parents a node removes and re-adds it in one task. Removal answers cancel; a dialog shown
    // after that would block the page with every button disabled, for a request already answered.
    const el = document.createElement('mcp-elicitation') as McpElicitationElement
    el.params = urlRequest('https://accounts.example.com/')
    document.body.append(el)
    el.remove()
    document.body.append(el)
    try {
      expect(await el.response).to.deep.equal({ action: 'cancel' })
      await el.updateComplete
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(dialogOf(el).open, 'the dialog of an answered request').to.equal(false)
      expectAbsent(document.querySelector(':modal') ?? el.shadowRoot!.querySelector(':modal'), 'a modal dialog')
    } finally {
      el.remove()
    }
  })

  it('gives only Open the look of the main action; Cancel and Decline look secondary', async () => {
    const el = await show(urlRequest('https://accounts.example.com/'))
    const look = (action: string) => getComputedStyle(button(el, action)!).backgroundColor
    expect(look('cancel')).to.equal(look('decline'))
    expect(look('open'), 'Open stands out').to.not.equal(look('cancel'))
  })
})

describe('<mcp-elicitation> hostile requests', () => {
  it('shows markup in the message and URL as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
    const el = await show(urlRequest(`https://example.com/${encodeURIComponent(evil)}`, `Hi ${evil}`), `Evil ${evil}`)
    expect(part(el, 'message')!.textContent).to.equal(`Hi ${evil}`)
    expect(part(el, 'title')!.textContent).to.contain(evil)
    expect(deepQueryAll(el, 'img, script')).to.deep.equal([])
    await new Promise((r) => setTimeout(r, 50))
    expect(window.__pwned).to.equal(undefined)
  })

  it('a form request without a usable schema can only be declined or cancelled', async () => {
    const el = await show({ message: 'Broken', requestedSchema: 'not a schema' as never })
    expect(part(el, 'error')!.textContent).to.contain('no form')
    expectAbsent(button(el, 'accept'), 'the Accept button')
    button(el, 'cancel')!.click()
    expect(await el.response).to.deep.equal({ action: 'cancel' })
  })

  it('refuses every schema that is not an object with properties: null, a string schema, an object without properties', async () => {
    for (const requestedSchema of [null, { type: 'string' }, { type: 'object' }, { type: 'object', properties: null }]) {
      const el = await show({ message: 'Broken', requestedSchema: requestedSchema as never })
      const what = JSON.stringify(requestedSchema)
      expect(part(el, 'error')?.textContent ?? '(no error shown)', what).to.contain('no form')
      expectAbsent(part(el, 'form'), `a form for ${what}`)
      expectAbsent(button(el, 'accept'), `the Accept button for ${what}`)
      el.remove()
    }
  })
})

describe('<mcp-elicitation> form mode', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2 },
      size: { type: 'string', title: 'Size', enum: ['S', 'M', 'L'], default: 'M' },
      news: { type: 'boolean', title: 'Newsletter', default: true },
      age: { type: 'integer', title: 'Age', minimum: 18 },
    },
    required: ['name'],
  }
  const formRequest = { mode: 'form', message: 'About you', requestedSchema: schema } as ElicitRequestParams
  const settled = (el: McpElicitationElement) => Promise.race([el.response, new Promise((r) => setTimeout(() => r('pending'), 100))])

  /** The text of the label of the focused control in the form. */
  const focusedLabel = (el: McpElicitationElement) => {
    const form = el.shadowRoot!.querySelector('mcp-schema-form')!.shadowRoot!
    const active = form.activeElement
    return active ? form.querySelector(`label[for="${active.id}"]`)?.textContent?.replace('*', '').trim() : undefined
  }

  it('opens on the first field, with the defaults filled in, and is accessible', async () => {
    const el = await show(formRequest)
    expect(part(el, 'title')!.textContent).to.contain('Acme Tools').and.contain('asks for information')
    await eventually(() => focusedLabel(el) === 'Name', 'focus on the first field')
    const form = el.shadowRoot!.querySelector('mcp-schema-form')!
    expect(form.arguments).to.deep.equal({ size: 'M', news: true })
    await expect(el).to.be.accessible()
  })

  it('does not accept until the answer fits the schema, then sends exactly what was filled in', async () => {
    const el = await show(formRequest)
    button(el, 'accept')!.click()
    expect(await settled(el)).to.equal('pending')
    await fillForm(el, [{ fill: 'Name', with: 'A' }])
    button(el, 'accept')!.click()
    expect(await settled(el), 'too short').to.equal('pending')
    await fillForm(el, [
      { fill: 'Name', with: 'Ann' },
      { fill: 'Age', with: '17' },
    ])
    button(el, 'accept')!.click()
    expect(await settled(el), 'below the minimum').to.equal('pending')
    await fillForm(el, [{ fill: 'Age', with: '30' }, { choose: 'Size', option: 'L' }, { uncheck: 'Newsletter' }])
    const answered = nextEvent<CustomEvent<ElicitResult>>(el, 'mcp-elicitation-response')
    button(el, 'accept')!.click()
    const expected = { action: 'accept', content: { name: 'Ann', size: 'L', news: false, age: 30 } }
    expect((await answered).detail).to.deep.equal(expected)
    expect(await el.response).to.deep.equal(expected)
    expect(dialogOf(el).open).to.equal(false)
  })

  it('Enter in a field accepts', async () => {
    const el = await show(formRequest)
    await fillForm(el, [{ fill: 'Name', with: 'Bo' }])
    await sendKeys({ press: 'Enter' })
    expect(await el.response).to.deep.equal({ action: 'accept', content: { name: 'Bo', size: 'M', news: true } })
  })

  it('answers once: the first answer wins, and closing or removing the dialog after it sends nothing more', async () => {
    const el = await show(formRequest)
    const answers: ElicitResult[] = []
    el.addEventListener('mcp-elicitation-response', (event) => answers.push((event as CustomEvent<ElicitResult>).detail))
    button(el, 'decline')!.click()
    el.respond({ action: 'accept', content: { name: 'Late' } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    el.remove()
    expect(answers).to.deep.equal([{ action: 'decline' }])
    expect(await el.response).to.deep.equal({ action: 'decline' })
  })

  it('names the two ways not to answer by what they do: “Say no” declines, “Not now” cancels, and a line says so', async () => {
    for (const request of [formRequest, urlRequest('https://accounts.example.com/')]) {
      const el = await show(request)
      expect(button(el, 'decline')!.textContent!.trim()).to.equal('Say no')
      expect(button(el, 'cancel')!.textContent!.trim()).to.equal('Not now')
      expect(part(el, 'actions-note')!.textContent).to.match(/“Say no” tells the server you refuse\. “Not now” .* unanswered/)
      button(el, 'decline')!.click()
      expect(await el.response).to.deep.equal({ action: 'decline' })
      el.remove()
    }
  })

  it('Decline and Cancel send no content', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const el = await show(formRequest)
      await fillForm(el, [{ fill: 'Name', with: 'Ann' }])
      button(el, action)!.click()
      expect(await el.response).to.deep.equal({ action })
      el.remove()
    }
  })

  it('shows markup in labels and help text as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">'
    const el = await show({
      message: evil,
      requestedSchema: { type: 'object', properties: { a: { type: 'string', title: evil, description: evil } } },
    })
    const form = el.shadowRoot!.querySelector('mcp-schema-form')!.shadowRoot!
    expect(form.querySelector('label')!.textContent).to.contain(evil)
    expect(deepQueryAll(el, 'img, script')).to.deep.equal([])
    expect(window.__pwned).to.equal(undefined)
  })
})
