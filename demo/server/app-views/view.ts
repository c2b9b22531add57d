// What every demo view shares: it connects with the official `App` class of @modelcontextprotocol/ext-apps, takes
// the host's theme and style variables (so it looks like the page around it, light or dark), and builds its DOM with
// text only (what a server or the host sends is never parsed as HTML).
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps'

const CSS = `
:root { color-scheme: light dark; }
body {
  margin: 0; padding: 12px 14px;
  font: var(--font-text-md-size, 14px) / 1.45 var(--font-sans, system-ui, sans-serif);
  color: var(--color-text-primary, CanvasText);
  background: var(--color-background-primary, Canvas);
}
h2 { margin: 0 0 8px; font-size: 1.05em; }
p { margin: 6px 0; }
.muted { color: var(--color-text-secondary, GrayText); }
code, pre { font-family: var(--font-mono, ui-monospace, monospace); }
pre {
  margin: 4px 0 8px; padding: 8px; overflow: auto; white-space: pre-wrap; word-break: break-word;
  background: var(--color-background-secondary, rgb(127 127 127 / 0.1));
  border-radius: var(--border-radius-md, 6px);
}
button {
  font: inherit; padding: 4px 12px; cursor: pointer; color: inherit;
  background: var(--color-background-secondary, transparent);
  border: 1px solid var(--color-border-primary, GrayText);
  border-radius: var(--border-radius-md, 6px);
}
button:focus-visible { outline: 2px solid var(--color-ring-primary, Highlight); outline-offset: 2px; }
.row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
input { font: inherit; width: 6em; padding: 3px 6px; color: inherit; background: transparent;
  border: 1px solid var(--color-border-primary, GrayText); border-radius: var(--border-radius-md, 6px); }
`

function applyContext(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme)
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables)
  if (context?.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts)
}

/** A view's App, themed by the host from the start and whenever the page's theme changes. */
export function createView(name: string, options: ConstructorParameters<typeof App>[1] = {}): App {
  document.head.append(Object.assign(document.createElement('style'), { textContent: CSS }))
  const app = new App({ name, version: '1.0.0' }, options)
  app.addEventListener('hostcontextchanged', (changed) => applyContext(changed))
  return app
}

/** Connects, then applies the host context the host sent with `ui/initialize`. */
export async function connect(app: App): Promise<void> {
  await app.connect()
  applyContext(app.getHostContext())
}

/** Appends an element with text content (never HTML) to `parent`. */
export function add<K extends keyof HTMLElementTagNameMap>(
  parent: HTMLElement,
  tag: K,
  text = '',
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  element.textContent = text
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  parent.append(element)
  return element
}

/** The text of a tool result's content blocks (the text ones), for showing. */
export function resultText(result: { content?: Array<{ type: string; text?: string }> }): string {
  return (result.content ?? [])
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n')
}
