/**
 * The schema zoo: input schemas that break other inspectors, each with the
 * steps a user takes to fill its form and the exact arguments that must come
 * out. Shared by the <mcp-schema-form> tests (the arguments the form
 * produces) and the <mcp-tool> tests (the arguments the server receives; a
 * test server can register each `schema` as a tool's raw `inputSchema`).
 *
 * Steps find controls by their visible label, as a user does; `in` narrows
 * the search to the fieldset with that legend (array items are fieldsets
 * named "Item n" (or the items' title and n), variants and nested objects are named by their label).
 * A variant's chooser is labelled "<label>: kind".
 *
 * Date-times: a datetime-local input is the user's local time; the form sends
 * it with the zone's offset, so `expected` below assumes the browser runs in
 * UTC (as the test machines do).
 */

/** One thing a user does. */
export type FillStep =
  /** Type into the text, number, date or JSON control labelled `fill` (replacing what is there; '' empties it). */
  | { fill: string; with: string; in?: string }
  /** Pick the option whose text is `option` in the select labelled `choose`. */
  | { choose: string; option: string; in?: string }
  /** Tick or untick the checkbox labelled so. */
  | { check: string; in?: string }
  | { uncheck: string; in?: string }
  /** Click the button whose accessible name (aria-label, else text) is `press`. */
  | { press: string; in?: string }

export interface ZooEntry {
  /** What the entry is about. */
  description: string
  /** The raw JSON Schema, exactly as a server would send it as `inputSchema`. */
  schema: Record<string, unknown>
  fill: FillStep[]
  /** The arguments the form must produce (and the server must receive). */
  expected: Record<string, unknown>
}

export const SCHEMA_ZOO: Record<string, ZooEntry> = {
  'root-any-of': {
    description: 'a root-level anyOf of two object shapes (a variant chooser for the whole form)',
    schema: {
      type: 'object',
      title: 'Lookup',
      anyOf: [
        { type: 'object', title: 'By id', properties: { id: { type: 'integer' } }, required: ['id'] },
        { type: 'object', title: 'By name', properties: { name: { type: 'string' }, exact: { type: 'boolean' } }, required: ['name'] },
      ],
    },
    fill: [
      { choose: 'Lookup: kind', option: 'By name' },
      { fill: 'Name', with: 'Ada' },
    ],
    expected: { name: 'Ada' },
  },
  'integer-or-string': {
    description: 'anyOf of integer and string (a type chooser), and an optional integer-or-null left empty',
    schema: {
      type: 'object',
      properties: {
        id: { anyOf: [{ type: 'integer' }, { type: 'string' }], title: 'Id', description: 'A number or a slug' },
        limit: { type: ['integer', 'null'], description: 'At most this many' },
        version: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
      required: ['id'],
    },
    fill: [
      { choose: 'Id: kind', option: 'Text' },
      { fill: 'Id', with: 'abc-1' },
      { fill: 'Version', with: '7' },
    ],
    expected: { id: 'abc-1', version: 7 },
  },
  'pydantic-refs': {
    description: '$ref/$defs as Pydantic v2 emits them: a nested model, an Optional with default None, a list with default []',
    schema: {
      $defs: {
        Address: {
          properties: {
            street: { title: 'Street', type: 'string' },
            city: { title: 'City', type: 'string' },
            zip: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Zip' },
          },
          required: ['street', 'city'],
          title: 'Address',
          type: 'object',
        },
      },
      properties: {
        name: { title: 'Name', type: 'string' },
        address: { $ref: '#/$defs/Address' },
        tags: { default: [], items: { type: 'string' }, title: 'Tags', type: 'array' },
      },
      required: ['name', 'address'],
      title: 'create_personArguments',
      type: 'object',
    },
    fill: [
      { fill: 'Name', with: 'Ada' },
      { fill: 'Street', with: 'Main St 1' },
      { fill: 'City', with: 'Paris' },
      { press: 'Add to Tags' },
      { fill: 'Item 1', with: 'math', in: 'Tags' },
    ],
    expected: { name: 'Ada', address: { street: 'Main St 1', city: 'Paris' }, tags: ['math'] },
  },
  'pydantic-discriminated-union': {
    description: 'a Pydantic discriminated union (oneOf of $refs with a const tag and a discriminator mapping)',
    schema: {
      $defs: {
        Cat: {
          properties: {
            kind: { const: 'cat', default: 'cat', title: 'Kind', type: 'string' },
            lives: { default: 9, title: 'Lives', type: 'integer' },
          },
          title: 'Cat',
          type: 'object',
        },
        Dog: {
          properties: { kind: { const: 'dog', default: 'dog', title: 'Kind', type: 'string' }, good: { title: 'Good', type: 'boolean' } },
          required: ['good'],
          title: 'Dog',
          type: 'object',
        },
      },
      properties: {
        pet: {
          discriminator: { mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' }, propertyName: 'kind' },
          oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
          title: 'Pet',
        },
      },
      required: ['pet'],
      type: 'object',
    },
    fill: [{ choose: 'Pet: kind', option: 'Dog' }, { check: 'Good' }],
    expected: { pet: { kind: 'dog', good: true } },
  },
  'recursive-ref': {
    description: 'a recursive $ref (a tree of nodes): expanded one level at a time as items are added',
    schema: {
      $defs: {
        Node: {
          properties: {
            name: { title: 'Name', type: 'string' },
            children: { items: { $ref: '#/$defs/Node' }, title: 'Children', type: 'array' },
          },
          required: ['name'],
          title: 'Node',
          type: 'object',
        },
      },
      properties: { root: { $ref: '#/$defs/Node' } },
      required: ['root'],
      type: 'object',
    },
    fill: [
      { fill: 'Name', with: 'top', in: 'Root' },
      { press: 'Add to Children', in: 'Children' },
      { fill: 'Name', with: 'leaf', in: 'Node 1' },
    ],
    expected: { root: { name: 'top', children: [{ name: 'leaf' }] } },
  },
  'array-of-objects': {
    description: 'an array of objects: add two items, fill them, move the second up',
    schema: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { sku: { type: 'string', title: 'SKU' }, qty: { type: 'integer', minimum: 1, default: 1, title: 'Quantity' } },
            required: ['sku'],
          },
        },
      },
      required: ['items'],
    },
    fill: [
      { press: 'Add to Items' },
      { press: 'Add to Items' },
      { fill: 'SKU', with: 'A', in: 'Item 1' },
      { fill: 'SKU', with: 'B', in: 'Item 2' },
      { fill: 'Quantity', with: '3', in: 'Item 2' },
      { press: 'Move Item 2 of Items up' },
    ],
    expected: {
      items: [
        { sku: 'B', qty: 3 },
        { sku: 'A', qty: 1 },
      ],
    },
  },
  'array-of-variants': {
    description: 'an array whose items are a oneOf of tagged objects: each item has its own variant chooser',
    schema: {
      type: 'object',
      properties: {
        shapes: {
          type: 'array',
          items: {
            oneOf: [
              {
                type: 'object',
                title: 'Circle',
                properties: { type: { const: 'circle' }, r: { type: 'number', title: 'Radius' } },
                required: ['type', 'r'],
              },
              {
                type: 'object',
                title: 'Square',
                properties: { type: { const: 'square' }, side: { type: 'number', title: 'Side' } },
                required: ['type', 'side'],
              },
            ],
          },
        },
      },
      required: ['shapes'],
    },
    fill: [
      { press: 'Add to Shapes' },
      { press: 'Add to Shapes' },
      { fill: 'Radius', with: '1.5', in: 'Item 1' },
      { choose: 'Item 2: kind', option: 'Square' },
      { fill: 'Side', with: '2', in: 'Item 2' },
    ],
    expected: {
      shapes: [
        { type: 'circle', r: 1.5 },
        { type: 'square', side: 2 },
      ],
    },
  },
  'all-optional': {
    description: 'every field optional: typed-then-cleared fields and untouched ones are all left out',
    schema: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        page: { type: 'integer' },
        exact: { type: 'boolean' },
        sort: { enum: ['asc', 'desc'] },
        filters: { type: 'object', properties: { owner: { type: 'string' } } },
        labels: { type: 'array', items: { type: 'string' } },
      },
    },
    fill: [
      { fill: 'Query', with: 'x' },
      { fill: 'Query', with: '' },
      { fill: 'Page', with: '2' },
      { fill: 'Page', with: '' },
      { press: 'Add to Labels' },
    ],
    expected: {},
  },
  'enums-with-titles': {
    description: 'oneOf of consts with titles, a plain enum, legacy enumNames, and a multi-select of titled consts',
    schema: {
      type: 'object',
      properties: {
        color: {
          oneOf: [
            { const: 'r', title: 'Red' },
            { const: 'g', title: 'Green' },
          ],
          title: 'Color',
        },
        size: { type: 'string', enum: ['S', 'M', 'L'] },
        level: { type: 'string', enum: ['lo', 'hi'], enumNames: ['Low', 'High'] },
        toppings: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'ch', title: 'Cheese' },
              { const: 'ol', title: 'Olives' },
            ],
          },
        },
      },
      required: ['color'],
    },
    fill: [{ choose: 'Color', option: 'Green' }, { choose: 'Size', option: 'M' }, { choose: 'Level', option: 'High' }, { check: 'Olives' }],
    expected: { color: 'g', size: 'M', level: 'hi', toppings: ['ol'] },
  },
  'nullable-fields': {
    description: 'nullable fields: optional ones left empty are omitted, a required nullable one left empty is null',
    schema: {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        count: { anyOf: [{ type: 'integer' }, { type: 'null' }], title: 'Count' },
        label: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Label' },
        owner: { anyOf: [{ type: 'string' }, { type: 'null' }], title: 'Owner' },
      },
      required: ['count', 'owner'],
    },
    fill: [{ fill: 'Owner', with: 'ada' }],
    expected: { count: null, owner: 'ada' },
  },
  formats: {
    description: 'string formats (date, date-time, email, uri) and number bounds',
    schema: {
      type: 'object',
      properties: {
        day: { type: 'string', format: 'date', title: 'Day' },
        when: { type: 'string', format: 'date-time', title: 'When' },
        email: { type: 'string', format: 'email', title: 'Email' },
        homepage: { type: 'string', format: 'uri', title: 'Homepage' },
        ratio: { type: 'number', minimum: 0, maximum: 1, title: 'Ratio' },
      },
      required: ['day', 'email'],
    },
    fill: [
      { fill: 'Day', with: '2025-03-04' },
      { fill: 'When', with: '2025-03-04T05:06' },
      { fill: 'Email', with: 'ada@example.com' },
      { fill: 'Homepage', with: 'https://example.com/' },
      { fill: 'Ratio', with: '0.25' },
    ],
    expected: { day: '2025-03-04', when: '2025-03-04T05:06:00Z', email: 'ada@example.com', homepage: 'https://example.com/', ratio: 0.25 },
  },
  'nested-objects': {
    description: 'a required nested object (its defaults filled in) and an optional one (sent only once something in it is set)',
    schema: {
      type: 'object',
      properties: {
        target: {
          type: 'object',
          properties: { host: { type: 'string', title: 'Host' }, port: { type: 'integer', default: 443, title: 'Port' } },
          required: ['host'],
          title: 'Target',
        },
        options: {
          type: 'object',
          properties: { verbose: { type: 'boolean', title: 'Verbose' }, depth: { type: 'integer' } },
          title: 'Options',
        },
        extra: { type: 'object', properties: { note: { type: 'string' } }, title: 'Extra' },
      },
      required: ['target'],
    },
    fill: [
      { fill: 'Host', with: 'example.com' },
      { choose: 'Verbose', option: 'Yes' },
    ],
    expected: { target: { host: 'example.com', port: 443 }, options: { verbose: true } },
  },
  'optional-booleans': {
    description:
      'optional booleans without a default are Not set / Yes / No (Not set is left out); one with a default is a checkbox sent as shown',
    schema: {
      type: 'object',
      properties: {
        notify: { type: 'boolean', title: 'Notify' },
        archive: { type: 'boolean', title: 'Archive' },
        dry_run: { type: 'boolean', title: 'Dry run', default: true },
        force: { type: 'boolean', title: 'Force' },
      },
      required: ['force'],
    },
    fill: [
      { choose: 'Notify', option: 'Yes' },
      { choose: 'Notify', option: 'No' },
      { choose: 'Archive', option: 'Yes' },
      { choose: 'Archive', option: 'Not set' },
      { uncheck: 'Dry run' },
    ],
    expected: { notify: false, dry_run: false, force: false },
  },
  'read-only': {
    description: 'readOnly properties are shown with their default or const, not editable, and not sent (unless required)',
    schema: {
      type: 'object',
      properties: {
        id: { type: 'string', readOnly: true, default: 'srv-1', title: 'Id' },
        created: { type: 'string', format: 'date-time', readOnly: true, title: 'Created' },
        revision: { type: 'integer', readOnly: true, default: 3, title: 'Revision' },
        kind: { const: 'user', readOnly: true, title: 'Kind' },
        name: { type: 'string', title: 'Name' },
      },
      required: ['name', 'revision'],
    },
    fill: [{ fill: 'Name', with: 'Ada' }],
    expected: { name: 'Ada', revision: 3 },
  },
  'record-of-strings': {
    description: 'an object with no properties and additionalProperties of strings: a key/value editor for the whole form',
    schema: { type: 'object', title: 'Headers', additionalProperties: { type: 'string', minLength: 1 } },
    fill: [
      { press: 'Add entry to Headers' },
      { fill: 'Key 1', with: 'x-trace' },
      { fill: 'Value 1', with: 'abc' },
      { press: 'Add entry to Headers' },
      { fill: 'Key 2', with: 'lang' },
      { fill: 'Value 2', with: 'en' },
    ],
    expected: { 'x-trace': 'abc', lang: 'en' },
  },
  'record-of-numbers': {
    description: 'a record of integers beside a property: entries added, one renamed (its value goes along), one removed',
    schema: {
      type: 'object',
      properties: {
        quiz: { type: 'string', title: 'Quiz' },
        scores: { type: 'object', title: 'Scores', additionalProperties: { type: 'integer', minimum: 0 } },
      },
      required: ['quiz'],
    },
    fill: [
      { fill: 'Quiz', with: 'maths' },
      { press: 'Add entry to Scores', in: 'Scores' },
      { fill: 'Key 1', with: 'ada', in: 'Scores' },
      { fill: 'Value 1', with: '3', in: 'Scores' },
      { press: 'Add entry to Scores', in: 'Scores' },
      { fill: 'Key 2', with: 'bob', in: 'Scores' },
      { fill: 'Value 2', with: '5', in: 'Scores' },
      { press: 'Add entry to Scores', in: 'Scores' },
      { fill: 'Key 3', with: 'cy', in: 'Scores' },
      { press: 'Remove Scores entry 3', in: 'Scores' },
      { fill: 'Key 1', with: 'ann', in: 'Scores' },
    ],
    expected: { quiz: 'maths', scores: { ann: 3, bob: 5 } },
  },
}

/**
 * Performs the steps on a form (an `<mcp-schema-form>`, or any element with
 * one inside, such as `<mcp-tool>`, through open shadow roots), as a user
 * would: text is typed with real key presses (web-test-runner's sendKeys),
 * date pickers and selects get the value a user's pick produces, checkboxes
 * and buttons are clicked. Waits for a frame after each step so the form
 * re-renders. Browser tests only (web-test-runner).
 */
export async function fillForm(root: Element, steps: FillStep[]): Promise<void> {
  for (const step of steps) {
    const scope = 'in' in step && step.in ? findScope(root, step.in) : root
    if ('fill' in step) {
      const control = findLabelled(scope, step.fill) as HTMLInputElement | HTMLTextAreaElement
      control.focus()
      if (PICKERS.has(control.type)) {
        // A native date/time picker cannot be driven with keys portably: set what it would produce, as it does.
        control.value = step.with
        control.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
        control.dispatchEvent(new Event('change', { bubbles: true }))
      } else {
        // Real key presses (through the test runner's browser): select what is there, then type over it.
        const { sendKeys } = await import('@web/test-runner-commands')
        control.select()
        if (step.with) await sendKeys({ type: step.with })
        else if (control.value) await sendKeys({ press: 'Backspace' })
      }
    } else if ('choose' in step) {
      const select = findLabelled(scope, step.choose) as HTMLSelectElement
      const option = [...select.options].find((o) => o.text.trim() === step.option)
      if (!option)
        throw new Error(
          `the select "${step.choose}" has no option "${step.option}" (${[...select.options].map((o) => o.text.trim()).join(', ')})`,
        )
      select.focus()
      select.value = option.value
      select.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
      select.dispatchEvent(new Event('change', { bubbles: true }))
    } else if ('check' in step || 'uncheck' in step) {
      const name = 'check' in step ? step.check : step.uncheck
      const box = findLabelled(scope, name) as HTMLInputElement
      if (box.checked !== 'check' in step) box.click()
    } else {
      const button = allDeep(scope, 'button').find((b) => accessibleName(b) === step.press)
      if (!button) throw new Error(`no button "${step.press}"`)
      button.click()
    }
    await new Promise((r) => requestAnimationFrame(() => r(undefined)))
  }
}

const PICKERS = new Set(['date', 'datetime-local', 'time', 'month', 'week'])

/** Elements matching `selector` under `root`, through open shadow roots, in document order. */
function allDeep(root: Element | ShadowRoot, selector: string): HTMLElement[] {
  const found: HTMLElement[] = []
  const visit = (node: Element | ShadowRoot) => {
    if (node instanceof Element && node.matches(selector)) found.push(node as HTMLElement)
    if (node instanceof Element && node.shadowRoot) visit(node.shadowRoot)
    for (const child of node.children) visit(child)
  }
  visit(root)
  return found
}

const labelText = (el: Element) => (el.textContent ?? '').replace(/\*/g, '').replace(/\s+/g, ' ').trim()

function accessibleName(el: HTMLElement): string {
  return (el.getAttribute('aria-label') ?? labelText(el)).trim()
}

/** The fieldset whose legend reads `legend` (the first, in document order). */
function findScope(root: Element, legend: string): Element {
  const scope = allDeep(root, 'fieldset').find((f) => {
    const own = f.querySelector(':scope > legend')
    return own && labelText(own) === legend
  })
  if (!scope) throw new Error(`no group "${legend}"`)
  return scope
}

/** The control a `<label>` with this text points at; inside a group, one directly in it wins over deeper ones. */
function findLabelled(scope: Element, text: string): HTMLElement {
  const labels = allDeep(scope, 'label').filter((l) => labelText(l) === text)
  const controls = labels
    .map((l) => (l.getRootNode() as ShadowRoot | Document).getElementById((l as HTMLLabelElement).htmlFor))
    .filter((c): c is HTMLElement => !!c)
  if (!controls.length) throw new Error(`no control labelled "${text}"`)
  return controls.find((c) => c.closest('fieldset') === scope) ?? controls[0]
}
