// Our side of the design comparison: the elements with their default theme, against the demo server.
import 'mcp-web-elements'
import { CALLED, FORM_SCHEMA, PART, QUESTION, RESOURCE_ROWS, TOOL_ROWS, client, ready, section } from './shared.js'

function make<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties)
}

/** Resolves with the first `selector` match in `element`'s shadow root once it is rendered. */
async function part(element: Element, selector: string): Promise<HTMLElement> {
  for (let tries = 0; tries < 150; tries++) {
    const found = element.shadowRoot?.querySelector<HTMLElement>(selector)
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${element.localName}: ${selector} never rendered`)
}

/** Makes `list` as tall as its first `count` rows (the other side lists as many), through its max-height property. */
async function cutAfter(list: HTMLElement, count: number, property: string): Promise<void> {
  const rows = await Promise.all([...Array(count).keys()].map((i) => part(list, `[part~="item"][data-index="${i}"]`)))
  const top = (await part(list, '[part~="list"]')).getBoundingClientRect().top
  list.style.setProperty(property, `${rows.at(-1)!.getBoundingClientRect().bottom - top + 1}px`)
}

if (PART === 'dialog') {
  section(
    'Dialog (mcp-elicitation)',
    make('mcp-elicitation', {
      params: { mode: 'form', message: QUESTION, requestedSchema: FORM_SCHEMA } as never,
      serverName: 'Demo server',
    }),
  )
  ready()
} else if (PART === 'tool') {
  const tool = make('mcp-tool', { client, name: CALLED.name })
  section('A tool: form, buttons, result (mcp-tool)', tool)
  void (async () => {
    const form = (await part(tool, '[part~="form"]')) as HTMLElement & { value?: Record<string, unknown> }
    form.value = CALLED.arguments
    await new Promise((resolve) => setTimeout(resolve, 50))
    ;(await part(tool, '[part~="call"]')).click()
    await part(tool, '[part~="result-frame"]')
    ready()
  })()
} else {
  const list = make('mcp-tool-list', { client })
  section('Tool list with badges (mcp-tool-list)', list)
  const resources = make('mcp-resource-list', { client })
  section('Resource rows (mcp-resource-list)', resources)
  void (async () => {
    // As many rows as the other side lists: each list is cut at the bottom of its last one.
    await cutAfter(list, TOOL_ROWS, '--mcp-tool-list-max-height')
    await cutAfter(resources, RESOURCE_ROWS, '--mcp-resource-list-max-height')
    ready()
  })()
}
