// What every test view shares: connect with the official App class, and tell the test what happened as
// `notifications/message` logs (the host turns them into `mcp-app-log` events; the test cannot read the
// cross-origin frame, so the view says what it saw).
import { App, applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps'

export function report(app: App, event: string, data: Record<string, unknown> = {}): void {
  void app.sendLog({ level: 'info', data: { event, ...data } })
}

/** Applies the host's theme and style variables, and reports what the view now draws with. */
export function applyContext(app: App, context: McpUiHostContext | undefined, event: string): void {
  if (context?.theme) applyDocumentTheme(context.theme)
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables)
  const style = getComputedStyle(document.documentElement)
  report(app, event, {
    theme: context?.theme,
    keys: Object.keys(context ?? {}),
    background: style.getPropertyValue('--color-background-primary').trim(),
    colorScheme: style.colorScheme,
  })
}

export function body(text: string): HTMLElement {
  const p = document.createElement('p')
  p.textContent = text
  document.body.append(p)
  return p
}

export { App }
