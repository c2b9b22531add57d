// Web Awesome's side of the design comparison: the same data in its components, with its default theme, as a page
// built on Web Awesome would show it. Loaded from node_modules (a devDependency of the comparison only).
import '@awesome.me/webawesome/dist/styles/webawesome.css'
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/card/card.js'
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import '@awesome.me/webawesome/dist/components/divider/divider.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import { toolTitle, type Tool } from 'mcp-web-elements'
import { hintBadges, type HintKind } from '../../components/shared/tool-hints.js'
import { CALLED, FORM_SCHEMA, PART, QUESTION, RESOURCE_ROWS, TOOL_ROWS, client, ready, section } from './shared.js'

// Web Awesome's dark theme is a class on the root, not the media query: follow the browser's scheme.
if (matchMedia('(prefers-color-scheme: dark)').matches) document.documentElement.classList.add('wa-dark')

/** An element with attributes and children (server text goes in as text nodes). */
function el(tag: string, attributes: Record<string, string | boolean> = {}, ...children: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '')
    else if (value !== false) element.setAttribute(name, value)
  }
  element.append(...children)
  return element
}

const BADGE_VARIANT: Partial<Record<HintKind, string>> = { 'read-only': 'success', destructive: 'danger' }
const BADGE_TEXT: Partial<Record<HintKind, string>> = {
  'read-only': 'read-only',
  destructive: 'destructive',
  idempotent: 'idempotent',
  'open-world': 'open world',
}

const badges = (tool: Tool) =>
  el(
    'span',
    { class: 'badges' },
    ...hintBadges(tool).map(({ kind }) =>
      el('wa-badge', { variant: BADGE_VARIANT[kind] ?? 'neutral', pill: true }, BADGE_TEXT[kind] ?? kind),
    ),
  )

/** A row of a list in a card: title (and name), a mono line, a description; the rows parted by dividers. */
function row(title: string, mono: string, description: string | undefined, extra?: Node): HTMLElement {
  return el(
    'div',
    { class: 'row' },
    el('div', { class: 'head' }, el('strong', {}, title), el('code', {}, mono), ...(extra ? [extra] : [])),
    ...(description ? [el('div', { class: 'description' }, description)] : []),
  )
}

function rowsCard(rows: HTMLElement[]): HTMLElement {
  const card = el('wa-card', { class: 'list' })
  rows.forEach((r, i) => card.append(...(i ? [el('wa-divider'), r] : [r])))
  return card
}

/** A field per property, the Web Awesome way: select for an enum, number input, checkbox, text input. */
function fields(
  schema: { properties?: Record<string, Record<string, unknown>>; required?: readonly string[] },
  value: Record<string, unknown> = {},
): HTMLElement[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const label = String(property.title ?? name)
    const hint = property.description ? String(property.description) : ''
    const required = schema.required?.includes(name) ?? false
    const current = String(value[name] ?? property.default ?? '')
    if (Array.isArray(property.enum)) {
      return el(
        'wa-select',
        { label, hint, value: current, required },
        ...property.enum.map((option) => el('wa-option', { value: String(option) }, String(option))),
      )
    }
    if (property.type === 'boolean') return el('wa-checkbox', { hint }, label)
    const type = property.type === 'integer' || property.type === 'number' ? 'number' : 'text'
    return el('wa-input', { label, hint, type, value: current, required })
  })
}

const style = el(
  'style',
  {},
  `.row { padding: var(--wa-space-s) 0; }
  .head { display: flex; flex-wrap: wrap; align-items: center; gap: var(--wa-space-xs) var(--wa-space-s); }
  .head code { font-size: var(--wa-font-size-s); color: var(--wa-color-text-quiet); }
  .badges { display: inline-flex; flex-wrap: wrap; gap: var(--wa-space-2xs); }
  .description { color: var(--wa-color-text-quiet); font-size: var(--wa-font-size-s); }
  wa-card.list::part(body) { padding-block: var(--wa-space-xs); }
  form { display: grid; gap: var(--wa-space-m); }
  .actions { display: flex; gap: var(--wa-space-s); }
  wa-input[role=search] { margin-bottom: var(--wa-space-s); }`,
)
document.head.append(style)

if (PART === 'dialog') {
  const dialog = el(
    'wa-dialog',
    { label: QUESTION, open: true },
    el('p', {}, 'Demo server asks'),
    el('form', {}, ...fields(FORM_SCHEMA)),
    el('wa-button', { slot: 'footer', appearance: 'outlined' }, 'Decline'),
    el('wa-button', { slot: 'footer', variant: 'brand' }, 'Submit'),
  )
  section('Dialog (wa-dialog, wa-input, wa-select, wa-button)', dialog)
  ready()
} else if (PART === 'tool') {
  void (async () => {
    const tool = (await client.listTools()).find((t) => t.name === CALLED.name)!
    const result = await client.callTool(CALLED.name, CALLED.arguments)
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
    section(
      'A tool: form, buttons, result (wa-card, wa-input, wa-button, wa-callout)',
      el(
        'wa-card',
        {},
        el('h3', { slot: 'header' }, toolTitle(tool)),
        el('p', {}, badges(tool)),
        el('p', {}, tool.description ?? ''),
        el(
          'form',
          {},
          ...fields(tool.inputSchema as never, CALLED.arguments),
          el('div', { class: 'actions' }, el('wa-button', { variant: 'brand' }, 'Call')),
        ),
      ),
      el('wa-callout', { variant: 'success' }, el('strong', {}, `Result: ${toolTitle(tool)} · Success`), el('br'), text),
    )
    await customElements.whenDefined('wa-card')
    ready()
  })()
} else {
  void (async () => {
    const tools = (await client.listTools()).slice(0, TOOL_ROWS)
    section(
      'Tool list with badges (wa-input, wa-card, wa-badge)',
      el('wa-input', { role: 'search', placeholder: 'Filter tools', 'aria-label': 'Filter tools', 'with-clear': true }),
      rowsCard(tools.map((tool) => row(toolTitle(tool), tool.name, tool.description, badges(tool)))),
    )
    const resources = await client.listResources()
    section(
      'Resource rows (wa-card)',
      rowsCard(
        resources
          .slice(0, RESOURCE_ROWS)
          .map((r) =>
            row(
              r.title || r.name,
              r.uri,
              r.description,
              r.mimeType ? el('wa-badge', { variant: 'neutral', appearance: 'outlined' }, r.mimeType) : undefined,
            ),
          ),
      ),
    )
    await customElements.whenDefined('wa-card')
    ready()
  })()
}
