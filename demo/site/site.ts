// What every page of the demo site shares: the header with its links and the
// light/dark switch, the demo server's address, and the live event log.
import { logEntry, logJson } from './log-entry.js'

/** The demo server's MCP endpoint (`npm start` sets it; see demo/start.ts). */
export const DEMO_URL: string = import.meta.env.VITE_DEMO_MCP_URL ?? 'http://127.0.0.1:3001/mcp'

/**
 * The MCP Apps sandbox proxy (`npm start` serves dist/sandbox/ on a port of its own and sets it). Without it, tools
 * with a view show their plain result.
 */
export const DEMO_SANDBOX_URL: string | undefined = import.meta.env.VITE_DEMO_SANDBOX_URL || undefined

const PAGES = [
  ['/', 'Playground'],
  ['/elements/', 'Elements'],
  ['/gallery.html', 'Gallery'],
  ['/elements/mcp-connection-check.html', 'Connection check'],
  ['/cdn.html', 'CDN page'],
  ['/react.html', 'React'],
  ['/plain.html', 'Plain JS'],
  ['/model.html', 'Model in the loop'],
  ['/api/', 'API reference'],
] as const

const THEME_KEY = 'mcp-demo:theme'

type Theme = 'light' | 'dark'

function savedTheme(): Theme {
  const saved = localStorage.getItem(THEME_KEY)
  if (saved === 'light' || saved === 'dark') return saved
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

/**
 * Puts the page in light or dark. The elements take the colour scheme from
 * `--mcp-color-scheme` (site.css sets it); the ones that also pick icons for
 * the background are told with their `theme` attribute.
 */
export function applyTheme(theme: Theme = savedTheme()): void {
  document.documentElement.dataset.theme = theme
  for (const el of document.querySelectorAll('mcp-server, mcp-tool-list, mcp-content, mcp-icon:not([data-fixed-theme])')) {
    el.setAttribute('theme', theme)
  }
  const toggle = document.querySelector<HTMLButtonElement>('#theme-toggle')
  if (toggle) {
    toggle.textContent = theme === 'dark' ? 'Light mode' : 'Dark mode'
    toggle.setAttribute('aria-pressed', String(theme === 'dark'))
  }
}

/** Adds the site header (links, light/dark switch) at the top of the page and applies the saved theme. */
export function mountHeader(): void {
  const header = document.createElement('header')
  header.className = 'site'
  const brand = Object.assign(document.createElement('a'), { href: '/', className: 'brand', textContent: 'mcp-web-elements' })
  const nav = document.createElement('nav')
  nav.setAttribute('aria-label', 'Demo pages')
  const here = location.pathname.replace(/index\.html$/, '')
  for (const [href, label] of PAGES) {
    const link = Object.assign(document.createElement('a'), { href, textContent: label })
    if (href === here || (href === '/elements/' && here.startsWith('/elements/') && !PAGES.some(([page]) => page === here))) link.setAttribute('aria-current', 'page')
    nav.append(link)
  }
  const toggle = Object.assign(document.createElement('button'), { id: 'theme-toggle', type: 'button' })
  toggle.addEventListener('click', () => {
    const next: Theme = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'
    localStorage.setItem(THEME_KEY, next)
    applyTheme(next)
  })
  header.append(brand, nav, toggle)
  document.body.prepend(header)
  applyTheme()
}

/** A short, safe text of an event's detail: errors by message, elements by tag, long strings cut. */
export function summarize(detail: unknown): string {
  if (detail === undefined || detail === null) return ''
  const text = logJson(detail, { short: true })
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

/**
 * Logs the given events (every element's `mcp-` events bubble and cross shadow
 * roots, so listening on `root` hears them all) into `list`, newest first, as text.
 */
export function logEvents(root: EventTarget, list: HTMLElement, types: readonly string[]): void {
  for (const type of types) {
    root.addEventListener(type, (event) => {
      const { detail } = event as CustomEvent
      // One line each, opening to the whole detail as JSON (log-entry.ts).
      logEntry(list, type, summarize(detail), logJson(detail))
    })
  }
}

/** Adds one line to a log list, newest first, keeping the last 200. */
export function logLine(list: HTMLElement, type: string, text: string): void {
  const item = document.createElement('li')
  const time = document.createElement('time')
  time.textContent = new Date().toLocaleTimeString()
  const name = Object.assign(document.createElement('span'), { className: 'type', textContent: type })
  item.append(time, name, document.createTextNode(text ? ` ${text}` : ''))
  list.prepend(item)
  while (list.children.length > 200) list.lastElementChild!.remove()
}

/** Every event the elements fire, for pages that log them all. */
export const ALL_EVENTS = [
  'mcp-connected',
  'mcp-error',
  'mcp-list-loading',
  'mcp-list-loaded',
  'mcp-tool-select',
  'mcp-tool-call',
  'mcp-tool-result',
  'mcp-tool-error',
  'mcp-task-open',
  'mcp-task-cancelled',
  'mcp-input-required',
  'mcp-elicitation-response',
  'mcp-resource-select',
  'mcp-resource-read',
  'mcp-prompt-select',
  'mcp-prompt-result',
  'mcp-skill-select',
  'mcp-app-ready',
  'mcp-app-message',
  'mcp-app-model-context',
  'mcp-app-display-mode-request',
  'mcp-app-display-mode',
  'mcp-app-error',
] as const
