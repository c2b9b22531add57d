import { assert, expect, fixture, html } from '@open-wc/testing'
import { expectAbsent } from '../../test/support/browser.js'
import { SCHEMA_ZOO, fillForm } from '../../test/support/schema-zoo.js'
import type { McpSchemaFormElement } from './mcp-schema-form.js'
import './mcp-schema-form.js'
import { setStrings } from '../shared/i18n.js'

async function form(schema: unknown, value?: Record<string, unknown>): Promise<McpSchemaFormElement> {
  return fixture<McpSchemaFormElement>(html`<mcp-schema-form .schema=${schema} .value=${value}></mcp-schema-form>`)
}

const $ = <E extends Element = HTMLElement>(el: McpSchemaFormElement, selector: string): E => {
  const found = el.shadowRoot!.querySelector<E>(selector)
  if (!found) throw new Error(`no ${selector}`)
  return found
}

/** The control labelled `text` (its <label for>), as a user finds it. */
function control<E extends HTMLElement = HTMLInputElement>(el: McpSchemaFormElement, text: string): E {
  const label = [...el.shadowRoot!.querySelectorAll('label')].find((l) => l.textContent!.replace('*', '').trim() === text)
  if (!label) throw new Error(`no label ${text}`)
  return el.shadowRoot!.getElementById(label.htmlFor) as E
}

/** The text of the elements a control's aria-describedby names. */
function description(el: McpSchemaFormElement, c: HTMLElement): string {
  return (c.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => el.shadowRoot!.getElementById(id)?.textContent?.trim())
    .join(' | ')
}

describe('<mcp-schema-form>: the schema zoo, filled as a user would', () => {
  for (const [name, entry] of Object.entries(SCHEMA_ZOO)) {
    it(`${name}: ${entry.description}`, async () => {
      const el = await form(entry.schema)
      const inputs: unknown[] = []
      el.addEventListener('mcp-form-input', (e) => inputs.push((e as CustomEvent).detail.value))
      await fillForm(el, entry.fill)
      expect(el.arguments).to.deep.equal(entry.expected)
      expect(inputs.at(-1)).to.deep.equal(entry.expected)
      expect(await el.validate(), JSON.stringify(el.shadowRoot!.querySelector('[aria-invalid="true"]')?.id)).to.equal(true)
    })
  }
})

describe('<mcp-schema-form>', () => {
  it('pre-fills defaults and given values, and shows labels, required marks and help text', async () => {
    const el = await form(
      {
        type: 'object',
        properties: {
          user_name: { type: 'string', description: 'Who you are' },
          retries: { type: 'integer', default: 3, minimum: 0, maximum: 5 },
          mode: { enum: ['fast', 'slow'], default: 'slow' },
        },
        required: ['user_name', 'retries'],
      },
      { user_name: 'ada' },
    )
    const name = control(el, 'User name')
    expect(name.value).to.equal('ada')
    expect(name.getAttribute('aria-required')).to.equal('true')
    expect(description(el, name)).to.equal('Who you are')
    assert.exists(el.shadowRoot!.querySelector(`label[for="${name.id}"] .required`))
    const retries = control(el, 'Retries')
    expect([retries.value, retries.min, retries.max, retries.step]).to.deep.equal(['3', '0', '5', '1'])
    expect(retries.getAttribute('aria-required'), 'a required number says so too').to.equal('true')
    expect(control<HTMLSelectElement>(el, 'Mode').selectedOptions[0].text).to.equal('slow')
    expect(el.arguments).to.deep.equal({ user_name: 'ada', retries: 3, mode: 'slow' })
  })

  it('validate() shows what is wrong on the fields, focuses the first, and an edit clears it', async () => {
    const el = await form({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2 },
        email: { type: 'string', format: 'email' },
        age: { type: 'integer', minimum: 0 },
      },
      required: ['name'],
    })
    await fillForm(el, [
      { fill: 'Email', with: 'not-an-email' },
      { fill: 'Age', with: '-1' },
    ])
    expect(await el.validate()).to.equal(false)
    const name = control(el, 'Name')
    expect(name.getAttribute('aria-invalid')).to.equal('true')
    expect(description(el, name)).to.equal('This field is required.')
    expect(description(el, control(el, 'Email'))).to.equal('Enter an email address.')
    expect(description(el, control(el, 'Age'))).to.equal('Enter 0 or more.')
    expect(el.shadowRoot!.activeElement).to.equal(name)
    await fillForm(el, [{ fill: 'Name', with: 'A' }])
    expect(name.getAttribute('aria-invalid')).to.equal('false')
    expect(await el.validate()).to.equal(false)
    expect(description(el, name)).to.equal('Enter at least 2 characters.')
    await fillForm(el, [
      { fill: 'Name', with: 'Ada' },
      { fill: 'Email', with: 'ada@example.com' },
      { fill: 'Age', with: '36' },
    ])
    expect(await el.validate()).to.equal(true)
    expect(el.shadowRoot!.querySelectorAll('[aria-invalid="true"]')).to.have.length(0)
  })

  it('check messages can be replaced through setStrings', async () => {
    setStrings({ 'schema-form.check.minLength': 'Mindestens {min} Zeichen.', 'schema-form.check.format.email': 'Keine E-Mail-Adresse.' })
    try {
      const el = await form({
        type: 'object',
        properties: { name: { type: 'string', minLength: 3 }, mail: { type: 'string', format: 'email' } },
      })
      await fillForm(el, [
        { fill: 'Name', with: 'A' },
        { fill: 'Mail', with: 'x' },
      ])
      expect(await el.validate()).to.equal(false)
      expect(description(el, control(el, 'Name'))).to.equal('Mindestens 3 Zeichen.')
      expect(description(el, control(el, 'Mail'))).to.equal('Keine E-Mail-Adresse.')
    } finally {
      setStrings({
        'schema-form.check.minLength': 'Enter at least {min} characters.',
        'schema-form.check.format.email': 'Enter an email address.',
      })
    }
  })

  it('validate() focuses the first control of a group with a problem (a multi-select, a list)', async () => {
    const el = await form({
      type: 'object',
      properties: {
        pick: { type: 'array', items: { enum: ['a', 'b'] }, minItems: 1 },
        list: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
      required: ['pick', 'list'],
    })
    expect(await el.validate()).to.equal(false)
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'a'))
    await fillForm(el, [{ check: 'b' }])
    el.errors = [{ path: '/list', message: 'Needs one' }]
    await el.updateComplete
    expect($(el, '.errors').hidden).to.equal(true)
    expect(await el.validate()).to.equal(false)
    expect(el.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Add to List')
  })

  it('a multi-select at maxItems disables the options not chosen', async () => {
    const el = await form({ type: 'object', properties: { pick: { type: 'array', items: { enum: ['a', 'b', 'c'] }, maxItems: 2 } } })
    await fillForm(el, [{ check: 'c' }, { check: 'a' }])
    expect(el.arguments).to.deep.equal({ pick: ['a', 'c'] })
    expect(control(el, 'b').disabled).to.equal(true)
    await fillForm(el, [{ uncheck: 'c' }])
    expect(control(el, 'b').disabled).to.equal(false)
  })

  it('a list at maxItems disables its Add button; removing an item enables it again', async () => {
    const el = await form({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, maxItems: 2 } } })
    const button = (name: string) =>
      [...el.shadowRoot!.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent!.trim()) === name)!
    await fillForm(el, [{ press: 'Add to Tags' }])
    expect(button('Add to Tags').disabled, 'one item of two').to.equal(false)
    await fillForm(el, [{ press: 'Add to Tags' }])
    expect(button('Add to Tags').disabled, 'two items of two').to.equal(true)
    button('Remove Item 2 of Tags').click()
    await el.updateComplete
    expect(button('Add to Tags').disabled, 'one item of two again').to.equal(false)
  })

  it('validate() also checks the whole schema with the client validator (what the form does not check itself)', async () => {
    const el = await form({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } } })
    await fillForm(el, [{ press: 'Add to Tags' }, { press: 'Add to Tags' }, { fill: 'Item 1', with: 'a' }, { fill: 'Item 2', with: 'a' }])
    expect(el.arguments).to.deep.equal({ tags: ['a', 'a'] })
    expect(await el.validate()).to.equal(false)
    expect($(el, 'fieldset.group').getAttribute('aria-describedby')).to.match(/-error/)
  })

  it('shows outside errors on the fields their paths point at, the rest above the form; an edit retires a field’s error', async () => {
    const schema = SCHEMA_ZOO['pydantic-refs'].schema
    const el = await form(schema)
    el.errors = [
      { path: '/address/city', message: 'Unknown city' },
      { path: '/address', message: 'Instance does not have required property "street".' },
      { path: '/unknown', message: 'Something else is wrong' },
    ]
    await el.updateComplete
    const city = control(el, 'City')
    expect(city.getAttribute('aria-invalid')).to.equal('true')
    expect(description(el, city)).to.equal('Unknown city')
    expect(description(el, control(el, 'Street'))).to.contain('required property "street"')
    expect($(el, '[part="errors"][role="alert"]').textContent).to.contain('Something else is wrong')
    await fillForm(el, [{ fill: 'City', with: 'Paris' }])
    expect(city.getAttribute('aria-invalid')).to.equal('false')
    expect(control(el, 'Street').getAttribute('aria-invalid')).to.equal('true')
  })

  it('in the JSON view, outside errors above the text name their fields by label, not by JSON Pointer', async () => {
    const el = await form({
      type: 'object',
      properties: {
        a: { type: 'number' },
        address: { type: 'object', properties: { city: { type: 'string', title: 'Town' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    })
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    el.errors = [
      { path: '/a', message: 'Enter a number.' },
      { path: '/address/city', message: 'Unknown city' },
      { path: '/tags/1', message: 'Too long' },
      { path: '/other', message: 'Not allowed' },
    ]
    await el.updateComplete
    const shown = [...el.shadowRoot!.querySelectorAll('[part="errors"][role="alert"] li')].map((li) => li.textContent!.trim())
    expect(shown).to.deep.equal(['A: Enter a number.', 'Address › Town: Unknown city', 'Tags › 2: Too long', 'other: Not allowed'])
  })

  it('an outside error on a required boolean marks its checkbox invalid, with the message', async () => {
    const el = await form({ type: 'object', properties: { agree: { type: 'boolean' } }, required: ['agree'] })
    el.errors = [{ path: '/agree', message: 'You must agree' }]
    await el.updateComplete
    const agree = control(el, 'Agree')
    expect(agree.type).to.equal('checkbox')
    expect(agree.getAttribute('aria-invalid')).to.equal('true')
    expect(description(el, agree)).to.equal('You must agree')
  })

  it('edits the whole value as JSON: the JSON shows the arguments, edits flow back, invalid JSON is shown and never lost', async () => {
    const el = await form(SCHEMA_ZOO['nested-objects'].schema)
    await fillForm(el, [{ fill: 'Host', with: 'a.example' }])
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    const text = () => control<HTMLTextAreaElement>(el, 'Arguments (JSON)')
    expect(JSON.parse(text().value)).to.deep.equal({ target: { host: 'a.example', port: 443 } })
    await fillForm(el, [{ fill: 'Arguments (JSON)', with: '{"target": {"host": "b.example", "port": 8443}, "extra": {"note": "hi"}}' }])
    expect(el.arguments).to.deep.equal({ target: { host: 'b.example', port: 8443 }, extra: { note: 'hi' } })
    // JSON that is not an object is no arguments: said under the text, and the last arguments stay.
    await fillForm(el, [{ fill: 'Arguments (JSON)', with: '[1]' }])
    expect(description(el, text())).to.equal('The arguments must be a JSON object.')
    expect(await el.validate()).to.equal(false)
    expect(el.arguments).to.deep.equal({ target: { host: 'b.example', port: 8443 }, extra: { note: 'hi' } })
    await fillForm(el, [{ fill: 'Arguments (JSON)', with: '{"target": ' }])
    expect(text().getAttribute('aria-invalid')).to.equal('true')
    expect(description(el, text())).to.match(/^Not valid JSON/)
    expect(await el.validate()).to.equal(false)
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    expect(control(el, 'Host').value).to.equal('b.example')
    expect(control(el, 'Port').value).to.equal('8443')
    expect(control(el, 'Note').value).to.equal('hi')
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    expect(text().value).to.equal('{"target": ')
  })

  it('edits what the form cannot express as JSON per field, with parse errors on that field', async () => {
    const el = await form({
      type: 'object',
      properties: {
        headers: { type: 'object', patternProperties: { '^x-': { type: 'string' } }, description: 'HTTP headers' },
        name: { type: 'string' },
      },
    })
    const headers = control<HTMLTextAreaElement>(el, 'Headers')
    expect(headers.tagName).to.equal('TEXTAREA')
    expect(description(el, headers)).to.contain('HTTP headers')
    await fillForm(el, [{ fill: 'Headers', with: '{"x-a": "1"' }])
    expect(headers.getAttribute('aria-invalid')).to.equal('true')
    expect(await el.validate()).to.equal(false)
    await fillForm(el, [{ fill: 'Headers', with: '{"x-a": "1"}' }])
    expect(headers.getAttribute('aria-invalid')).to.equal('false')
    expect(el.arguments).to.deep.equal({ headers: { 'x-a': '1' } })
  })

  it('the same schema sent again (a refreshed listing) keeps what was typed; a different one starts over', async () => {
    const schema = { type: 'object', properties: { q: { type: 'string', examples: ['cats'] } } }
    const el = await form(schema)
    expect(control(el, 'Q').placeholder).to.equal('cats')
    await fillForm(el, [{ fill: 'Q', with: 'dogs' }])
    el.schema = structuredClone(schema)
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ q: 'dogs' })
    el.schema = { type: 'object', properties: { q: { type: 'string', default: 'new' } } }
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ q: 'new' })
  })

  it('a time field sends RFC 3339 full-time (seconds and offset; the test browser runs in UTC)', async () => {
    const el = await form({ type: 'object', properties: { at: { type: 'string', format: 'time' } } })
    await fillForm(el, [{ fill: 'At', with: '05:06' }])
    expect(el.arguments).to.deep.equal({ at: '05:06:00Z' })
    expect(control(el, 'At').value).to.equal('05:06:00')
    expect(await el.validate()).to.equal(true)
  })

  it('focus() goes to the first field; hide-json-toggle leaves the JSON button out', async () => {
    const el = await form({ type: 'object', properties: { q: { type: 'string' } } })
    el.focus()
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'Q'))
    assert.exists(el.shadowRoot!.querySelector('button.json-toggle'))
    el.hideJsonToggle = true
    await el.updateComplete
    expectAbsent(el.shadowRoot!.querySelector('button.json-toggle'), 'the JSON toggle')
  })

  it('in JSON mode, validate() shows every problem under the JSON with where it points', async () => {
    const el = await form(SCHEMA_ZOO['pydantic-refs'].schema)
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    await fillForm(el, [{ fill: 'Arguments (JSON)', with: '{"name": 5, "address": {"street": "s", "city": "c"}}' }])
    expect(await el.validate()).to.equal(false)
    const json = control<HTMLTextAreaElement>(el, 'Arguments (JSON)')
    expect(el.shadowRoot!.activeElement).to.equal(json)
    expect(description(el, json), 'the field by its label, not its JSON Pointer').to.match(/^Name: /)
  })

  it('fires mcp-form-submit on Enter in a one-line field, not in a textarea', async () => {
    const el = await form({ type: 'object', properties: { q: { type: 'string' }, body: { type: 'string', maxLength: 5000 } } })
    let submits = 0
    el.addEventListener('mcp-form-submit', () => submits++)
    control(el, 'Q').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }))
    control(el, 'Body').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }))
    expect(submits).to.equal(1)
  })

  it('disabled disables every control', async () => {
    const el = await form(SCHEMA_ZOO['array-of-objects'].schema)
    await fillForm(el, [{ press: 'Add to Items' }])
    el.disabled = true
    await el.updateComplete
    const controls = el.shadowRoot!.querySelectorAll<HTMLInputElement>('input, select, textarea, button')
    expect(controls.length, 'controls rendered').to.be.greaterThan(2)
    for (const c of controls) expect(c.matches(':disabled'), c.outerHTML).to.equal(true)
  })

  it('reorders and removes array items with labelled buttons, focus following the moved item', async () => {
    const el = await form({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } })
    await fillForm(el, [{ press: 'Add to Tags' }, { press: 'Add to Tags' }, { press: 'Add to Tags' }])
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'Item 3'))
    await fillForm(el, [
      { fill: 'Item 1', with: 'a' },
      { fill: 'Item 2', with: 'b' },
      { fill: 'Item 3', with: 'c' },
    ])
    const button = (name: string) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name)!
    button('Move Item 3 of Tags up').click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ tags: ['a', 'c', 'b'] })
    expect(el.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('Move Item 2 of Tags up')
    button('Move Item 1 of Tags down').click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ tags: ['c', 'a', 'b'] })
    expect(el.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('Move Item 2 of Tags down')
    button('Remove Item 2 of Tags').click()
    await el.updateComplete
    expect(el.arguments).to.deep.equal({ tags: ['c', 'b'] })
    expect(el.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Add to Tags')
  })

  it('switching a variant keeps the fields both variants share', async () => {
    const el = await form({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            {
              type: 'object',
              title: 'Circle',
              properties: { type: { const: 'circle' }, label: { type: 'string' }, r: { type: 'number' } },
            },
            {
              type: 'object',
              title: 'Square',
              properties: { type: { const: 'square' }, label: { type: 'string' }, side: { type: 'number' } },
            },
          ],
        },
      },
      required: ['shape'],
    })
    await fillForm(el, [
      { fill: 'Label', with: 'big' },
      { fill: 'R', with: '2' },
      { choose: 'Shape: kind', option: 'Square' },
      { fill: 'Side', with: '3' },
    ])
    expect(el.arguments).to.deep.equal({ shape: { type: 'square', label: 'big', side: 3 } })
  })

  it('shows a schema it cannot use as an error, with the JSON editor instead of a form', async () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { a: deep } }
    const el = await form(deep)
    expect($(el, '.schema-error').textContent).to.contain('nested deeper')
    await fillForm(el, [{ fill: 'Arguments (JSON)', with: '{"a": {}}' }])
    expect(el.arguments).to.deep.equal({ a: {} })
  })

  it('renders a schema that recurses through required properties without hanging', async () => {
    const el = await form({
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } }, required: ['next'] } },
      type: 'object',
      properties: { head: { $ref: '#/$defs/Node' }, loop: { $ref: '#/properties/loop' } },
    })
    expect(el.shadowRoot!.querySelectorAll('fieldset').length).to.be.greaterThan(10)
    expect(control(el, 'Loop').tagName).to.equal('TEXTAREA')
  })

  it('property names such as __proto__ and constructor are plain keys', async () => {
    // As a server sends it: JSON.parse makes "__proto__" an own key (an object literal would set the prototype).
    const el = await form(
      JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "string"}}}'),
    )
    expect(control(el, 'Constructor').value).to.equal('')
    await fillForm(el, [{ fill: 'Proto', with: 'p' }])
    expect(JSON.stringify(el.arguments)).to.equal('{"__proto__":"p"}')
    expect(Object.getPrototypeOf(el.arguments)).to.equal(Object.prototype)
  })

  it('shows server text as text', async () => {
    const el = await form({
      type: 'object',
      properties: { x: { type: 'string', title: '<img src=x onerror="window.__pwned=1">', description: '<b>bold</b>' } },
    })
    expectAbsent(el.shadowRoot!.querySelector('img, b'), 'markup from the schema')
    expect(el.shadowRoot!.textContent).to.contain('<img src=x onerror')
  })

  it('a catastrophic server pattern is neither the input’s pattern nor run by validate(): a long entry does not freeze the page', async () => {
    // ^(a|aa)*$ backtracks exponentially. On 'a' × 42 then '!' the form's own check took 6 s in this Chromium (×1.6 per
    // character more). Chromium bounds the backtracking of a pattern attribute, but nothing says every browser does.
    const el = await form({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a|aa)*$' }, slug: { type: 'string', pattern: '^[a-z]+$' } },
    })
    const code = control(el, 'Code')
    expect(code.hasAttribute('pattern'), 'the unsafe pattern as the pattern attribute').to.equal(false)
    await fillForm(el, [{ fill: 'Code', with: `${'a'.repeat(42)}!` }])
    const started = performance.now()
    expect(await el.validate()).to.equal(true)
    expect(performance.now() - started, 'ms validate() took').to.be.below(1000)
    expect(code.validity.valid).to.equal(true)
    expect(el.arguments).to.deep.equal({ code: `${'a'.repeat(42)}!` })
    // A pattern that cannot backtrack so is kept: the browser and the form check it.
    const slug = control(el, 'Slug')
    expect(slug.getAttribute('pattern')).to.equal('^[a-z]+$')
    await fillForm(el, [{ fill: 'Slug', with: 'Not a slug' }])
    expect(slug.validity.patternMismatch).to.equal(true)
    expect(await el.validate()).to.equal(false)
    expect(description(el, slug)).to.contain('^[a-z]+$')
  })

  it('readOnly properties are shown with their value but have no control and are not sent (a required one is, with its default)', async () => {
    const el = await form(SCHEMA_ZOO['read-only'].schema, { id: 'given-by-page' })
    const shown = [...el.shadowRoot!.querySelectorAll('.field.const')].map((f) => f.textContent!.replace(/\s+/g, ' ').trim())
    expect(shown).to.deep.equal([
      'Id: given-by-page (read-only)',
      'Created: — (read-only)',
      'Revision: 3 (read-only)',
      'Kind: user (read-only)',
    ])
    expect(el.shadowRoot!.querySelectorAll('input, select, textarea').length, 'only Name is editable').to.equal(1)
    await fillForm(el, [{ fill: 'Name', with: 'Ada' }])
    expect(el.arguments).to.deep.equal({ name: 'Ada', revision: 3 })
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    expect(JSON.parse($<HTMLTextAreaElement>(el, 'textarea').value), 'nor in the JSON view').to.deep.equal({ name: 'Ada', revision: 3 })
  })

  it('the key/value editor refuses a taken key and an entry with no value, and follows a JSON edit', async () => {
    const el = await form({
      type: 'object',
      properties: { name: { type: 'string' }, limits: { type: 'object', additionalProperties: { type: 'number' } } },
    })
    await fillForm(el, [
      { press: 'Add entry to Limits' },
      { fill: 'Key 1', with: 'cpu' },
      { fill: 'Value 1', with: '2' },
      { press: 'Add entry to Limits' },
      { fill: 'Key 2', with: 'cpu' },
    ])
    const key2 = control(el, 'Key 2')
    expect(key2.getAttribute('aria-invalid')).to.equal('true')
    expect(description(el, key2)).to.equal('The key "cpu" is used already.')
    expect(el.arguments).to.deep.equal({ limits: { cpu: 2 } })
    expect(await el.validate(), 'a taken key').to.equal(false)
    await fillForm(el, [{ fill: 'Key 2', with: 'mem' }])
    expect(await el.validate(), 'an entry with no value').to.equal(false)
    expect(description(el, control(el, 'Value 2'))).to.contain('required')
    await fillForm(el, [{ fill: 'Value 2', with: '0.5' }])
    expect(await el.validate()).to.equal(true)
    expect(el.arguments).to.deep.equal({ limits: { cpu: 2, mem: 0.5 } })
    // A nested object of other keys only is one group, named once (not a group of its entries inside its own).
    const legends = [...el.shadowRoot!.querySelectorAll('legend')].map((legend) => legend.textContent!.trim())
    expect(legends.filter((text) => text.startsWith('Limits'))).to.deep.equal(['Limits'])
    // Edited as JSON, back in the form: the rows are the JSON's keys.
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    await fillForm(el, [{ fill: 'Arguments (JSON)', with: '{"limits": {"gpu": 1}}' }])
    $(el, 'button.json-toggle').click()
    await el.updateComplete
    expect([control(el, 'Key 1').value, control(el, 'Value 1').value]).to.deep.equal(['gpu', '1'])
    expect(() => control(el, 'Key 2')).to.throw()
    await fillForm(el, [{ press: 'Remove Limits entry 1' }])
    expect(el.arguments).to.deep.equal({})
  })

  it('is accessible (axe) with every kind of field, and with errors shown', async () => {
    const el = await form({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Your name' },
        when: { type: 'string', format: 'date-time' },
        count: { type: 'integer', minimum: 1 },
        ok: { type: 'boolean' },
        color: {
          oneOf: [
            { const: 'r', title: 'Red' },
            { const: 'g', title: 'Green' },
          ],
        },
        toppings: { type: 'array', items: { enum: ['a', 'b'] } },
        tags: { type: 'array', items: { type: 'string' } },
        target: { type: 'object', properties: { host: { type: 'string' } } },
        id: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        meta: { type: 'object', additionalProperties: true },
        kind: { const: 'fixed' },
      },
      required: ['name', 'count'],
    })
    await fillForm(el, [{ press: 'Add to Tags' }, { check: 'Ok' }, { press: 'Add entry to Meta' }, { fill: 'Key 1', with: 'k' }])
    await expect(el).to.be.accessible()
    await el.validate()
    await expect(el).to.be.accessible()
  })
})

describe('<mcp-schema-form>: words a person reads', () => {
  const button = (el: McpSchemaFormElement, name: string) =>
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent!).trim() === name)

  it('the JSON toggle says where it goes: "Edit as JSON", then "Edit as form"', async () => {
    const el = await form({ type: 'object', properties: { text: { type: 'string' } } })
    const toggle = $<HTMLButtonElement>(el, 'button.json-toggle')
    expect(toggle.textContent!.trim()).to.equal('Edit as JSON')
    toggle.click()
    await el.updateComplete
    expect($<HTMLButtonElement>(el, 'button.json-toggle').textContent!.trim()).to.equal('Edit as form')
    $<HTMLButtonElement>(el, 'button.json-toggle').click()
    await el.updateComplete
    expect($<HTMLButtonElement>(el, 'button.json-toggle').textContent!.trim()).to.equal('Edit as JSON')
  })

  it('the validator’s errors (the client’s InvalidArgumentsError) are said as what to enter, by the field; the raw text is kept in its title', async () => {
    const el = await form({
      type: 'object',
      properties: {
        a: { type: 'number', title: 'A' },
        code: { type: 'string', maxLength: 10, title: 'Code' },
        mode: { enum: ['fast', 'slow'], title: 'Mode' },
      },
    })
    el.errors = [
      { path: '/a', message: 'Instance type "string" is invalid. Expected "number".', keyword: 'type' },
      { path: '/code', message: 'String is too long (12 > 10).', keyword: 'maxLength' },
      { path: '/mode', message: 'Instance does not match any of ["fast","slow"].', keyword: 'enum' },
    ] as never
    await el.updateComplete
    expect(description(el, control(el, 'A'))).to.equal('Enter a number.')
    expect(description(el, control(el, 'Code'))).to.equal('Enter at most 10 characters.')
    expect(description(el, control(el, 'Mode'))).to.equal('Pick one of: fast, slow.')
    const shown = el.shadowRoot!.getElementById(control(el, 'A').getAttribute('aria-describedby')!.split(' ').at(-1)!)!
    expect(shown.querySelector('[title]')!.getAttribute('title')).to.contain('Instance type "string" is invalid')
  })

  it('validate() says the whole schema’s problems in the same words', async () => {
    // Bounds the form does not check itself (a const in an allOf) reach the validator: its words are explained too.
    const el = await form({ type: 'object', properties: { n: { type: 'integer', title: 'N', allOf: [{ maximum: 3 }] } } })
    await fillForm(el, [{ fill: 'N', with: '7' }])
    expect(await el.validate()).to.equal(false)
    expect(description(el, control(el, 'N'))).to.equal('Enter 3 or less.')
  })

  it('a required boolean is a plain checkbox with no Clear; an optional one with a default is a checkbox sent as shown; one without is Not set / Yes / No', async () => {
    const el = await form({
      type: 'object',
      properties: {
        force: { type: 'boolean', title: 'Force' },
        news: { type: 'boolean', title: 'Newsletter', default: false },
        archive: { type: 'boolean', title: 'Archive' },
      },
      required: ['force'],
    })
    expect(control(el, 'Force').type).to.equal('checkbox')
    expect(control(el, 'Newsletter').type).to.equal('checkbox')
    const archive = control<HTMLSelectElement>(el, 'Archive')
    expect([...archive.options].map((o) => o.text.trim())).to.deep.equal(['Not set', 'Yes', 'No'])
    expect(el.arguments).to.deep.equal({ force: false, news: false })
    await fillForm(el, [{ check: 'Force' }, { check: 'Newsletter' }, { choose: 'Archive', option: 'No' }])
    expect(el.arguments).to.deep.equal({ force: true, news: true, archive: false })
    expect(button(el, 'Clear Force') ?? button(el, 'Clear Newsletter') ?? button(el, 'Clear Archive'), 'no Clear buttons').to.equal(
      undefined,
    )
    await fillForm(el, [{ choose: 'Archive', option: 'Not set' }])
    expect(el.arguments).to.deep.equal({ force: true, news: true })
    await expect(el).to.be.accessible()
  })

  it('list items are "Item 1", "Item 2" (or the items’ own title with the number)', async () => {
    const el = await form({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        lines: { type: 'array', items: { type: 'object', title: 'Line', properties: { sku: { type: 'string' } } } },
      },
    })
    await fillForm(el, [{ press: 'Add to Tags' }, { press: 'Add to Tags' }, { press: 'Add to Lines' }])
    const labels = [...el.shadowRoot!.querySelectorAll('.item label, .item legend')].map((l) =>
      l.textContent!.replace(/\*/g, '').replace(/\s+/g, ' ').trim(),
    )
    expect(labels).to.include.members(['Item 1', 'Item 2', 'Line 1'])
    assert.exists(button(el, 'Remove Item 2 of Tags'), 'Remove names the item and its list')
    await expect(el).to.be.accessible()
  })

  it('an untitled field is labelled by its name humanised, with the name itself beside it as code', async () => {
    const el = await form({
      type: 'object',
      properties: { user_id: { type: 'string' }, maxResults: { type: 'integer' }, note: { type: 'string', title: 'A note' } },
    })
    const userId = control(el, 'User id')
    assert.exists(control(el, 'Max results'))
    const field = userId.closest('.field')!
    expect(field.querySelector('code.key')?.textContent).to.equal('user_id')
    expectAbsent(control(el, 'A note').closest('.field')!.querySelector('code.key'), 'a key beside a titled field')
    await expect(el).to.be.accessible()
  })
})
