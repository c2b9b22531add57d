/**
 * Every string an element prints goes through `msg()`, so a page can replace
 * any of them (translation, wording) with `setStrings()`. The English text is
 * written at the call site, next to where it is used; ids are
 * `element.what`, e.g. `tool-list.filter`.
 *
 * @example
 * import { setStrings } from 'mcp-web-elements'
 * setStrings({ 'tool-list.filter': 'Werkzeuge filtern', 'tool.call': 'Ausführen' })
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

let overrides: Record<string, string> = {}
const hosts = new Set<ReactiveControllerHost>()

/**
 * The text for `id`: the page's override, else `english`. `{name}` in the text
 * is replaced by `vars.name`.
 */
export function msg(id: string, english: string, vars?: Record<string, string | number>): string {
  const text = overrides[id] ?? english
  return vars ? text.replace(/\{(\w+)\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all)) : text
}

/** A count in the page's language (50,000). */
export function formatCount(count: number): string {
  return count.toLocaleString(document.documentElement.lang || undefined)
}

/** Replaces strings by id (merged over earlier calls); connected elements re-render. */
export function setStrings(strings: Record<string, string>): void {
  overrides = { ...overrides, ...strings }
  for (const host of hosts) host.requestUpdate()
}

/** Re-renders its host when `setStrings()` is called. Every element adds one. */
export class I18nController implements ReactiveController {
  constructor(private host: ReactiveControllerHost) {
    host.addController(this)
  }
  hostConnected(): void {
    hosts.add(this.host)
  }
  hostDisconnected(): void {
    hosts.delete(this.host)
  }
}
