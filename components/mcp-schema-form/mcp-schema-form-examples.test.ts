// <mcp-schema-form>'s "Try an example": the schema's `examples` and defaults as buttons that fill the form. Examples
// are server data: shown as text, checked against their field's kind (a wrong one is left out), a long list cut.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { expectAbsent, expectPresent } from '../../test/support/browser.js'
import type { McpSchemaFormElement } from './mcp-schema-form.js'
import './mcp-schema-form.js'

async function form(schema: unknown, value?: Record<string, unknown>): Promise<McpSchemaFormElement> {
  return fixture<McpSchemaFormElement>(html`<mcp-schema-form .schema=${schema} .value=${value}></mcp-schema-form>`)
}

const group = (el: McpSchemaFormElement) => el.shadowRoot!.querySelector<HTMLElement>('[part~=examples]')
const choices = (el: McpSchemaFormElement) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~=example]')]
const choice = (el: McpSchemaFormElement, label: string) => {
  const found = choices(el).find((b) => b.textContent!.trim() === label)
  if (!found) throw new Error(`no choice “${label}”; there are: ${choices(el).map((b) => b.textContent!.trim()).join(' | ')}`)
  return found
}
const status = (el: McpSchemaFormElement) => el.shadowRoot!.querySelector('.fields > [role=status]')!.textContent!.trim()

const WEATHER = {
  type: 'object',
  properties: {
    city: { type: 'string', examples: ['Oslo', 42, 'Bergen'] },
    days: { type: 'integer', minimum: 1, examples: ['three', 2.5, 3] },
    units: { enum: ['metric', 'imperial'], default: 'metric', examples: ['kelvin', 'imperial'] },
  },
  required: ['city'],
  examples: [{ city: 'Paris', days: 2, units: 'imperial' }, { city: 7 }, 'not an object', { days: 4 }],
}

describe('<mcp-schema-form>: Try an example', () => {
  it('a schema with no examples and no defaults shows nothing extra', async () => {
    const el = await form({ type: 'object', properties: { city: { type: 'string' } } })
    expectAbsent(group(el), 'the examples group')
  })

  it('offers the examples that fit their fields, in a labelled group, and leaves out those of the wrong kind', async () => {
    const el = await form(WEATHER)
    expectPresent(group(el), 'the examples group')
    expect(group(el)!.getAttribute('role')).to.equal('group')
    const labelId = group(el)!.getAttribute('aria-labelledby')!
    expect(el.shadowRoot!.getElementById(labelId)!.textContent!.trim()).to.equal('Try an example')
    expect(choices(el).map((b) => b.textContent!.trim())).to.deep.equal([
      'Example 1: {"city":"Paris","days":2,"units":"imperial"}',
      'Example 2: {"days":4}',
      'City: Oslo',
      'City: Bergen',
      'Days: 3',
      'Units: imperial',
      'Default values',
    ])
  })

  it('a whole example fills the form (its fields, and defaults where it is silent); a field example only its field', async () => {
    const el = await form(WEATHER)
    const inputs: unknown[] = []
    el.addEventListener('mcp-form-input', (e) => inputs.push((e as CustomEvent).detail.value))
    choice(el, 'Example 1: {"city":"Paris","days":2,"units":"imperial"}').click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ city: 'Paris', days: 2, units: 'imperial' })
    expect(inputs.at(-1)).to.deep.equal({ city: 'Paris', days: 2, units: 'imperial' })
    expect(status(el)).to.equal('Filled in: Example 1: {"city":"Paris","days":2,"units":"imperial"}.')
    choice(el, 'City: Bergen').click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ city: 'Bergen', days: 2, units: 'imperial' })
    choice(el, 'Example 2: {"days":4}').click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ days: 4, units: 'metric' })
    choice(el, 'Default values').click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ units: 'metric' })
  })

  it('works with the keyboard: Tab to a choice, Enter fills the form', async () => {
    const el = await form(WEATHER)
    choices(el)[0]!.focus()
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Enter' })
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ days: 4, units: 'metric' })
  })

  it('fills the JSON text when the form is edited as JSON', async () => {
    const el = await form(WEATHER)
    el.shadowRoot!.querySelector<HTMLButtonElement>('.json-toggle')!.click()
    await el.updateComplete
    choice(el, 'Days: 3').click()
    await el.updateComplete
    expect(JSON.parse(el.shadowRoot!.querySelector<HTMLTextAreaElement>('#whole-json')!.value)).to.deep.equal({ days: 3, units: 'metric' })
  })

  it('a huge list shows 20 choices and says how many there are; markup in an example is text', async () => {
    const markup = '<img src=x onerror="window.__examplePwned=1">'
    const el = await form({
      type: 'object',
      properties: { q: { type: 'string', examples: [markup, ...Array.from({ length: 4999 }, (_, i) => `query ${i}`)] } },
    })
    expect(choices(el)).to.have.length(20)
    expect(choices(el)[0]!.textContent!.trim()).to.equal(`Q: ${markup}`)
    // The count in the page's language: 5,000 or 5000 (WebKit's number format here).
    expect(el.shadowRoot!.querySelector('[part~=examples-count]')!.textContent!.trim()).to.match(/^Showing 20 of 5,?000\.$/)
    expectAbsent(el.shadowRoot!.querySelector('img'), 'an image made from an example')
    choices(el)[0]!.click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ q: markup })
    expect((window as { __examplePwned?: unknown }).__examplePwned).to.equal(undefined)
  })

  it('hide-examples hides them', async () => {
    const el = await fixture<McpSchemaFormElement>(html`<mcp-schema-form hide-examples .schema=${WEATHER}></mcp-schema-form>`)
    expectAbsent(group(el), 'the examples group')
  })

  it('is accessible, and a long example fits 390 px without scrolling sideways', async () => {
    const long = { type: 'object', properties: { text: { type: 'string', examples: ['word '.repeat(200)] } } }
    const el = await fixture<McpSchemaFormElement>(html`<mcp-schema-form style="display: block; width: 390px" .schema=${long}></mcp-schema-form>`)
    const right = el.getBoundingClientRect().right + 0.5
    for (const button of choices(el)) expect(button.getBoundingClientRect().right).to.be.at.most(right)
    expect(el.shadowRoot!.querySelector('.form')!.scrollWidth).to.be.at.most(390)
    await expect(el).to.be.accessible()
  })
})
