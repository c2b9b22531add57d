// The playground: any server URL (remembered in localStorage: the URL only,
// never a token), its tools, resources and prompts, every event the elements
// fire, every tool call (<mcp-call-log>: arguments, results, who started it)
// and every JSON-RPC request that went out. The client is made here rather than
// by <mcp-server> so that its requests can be logged (its `fetch` option);
// it gets what <mcp-server> would give its own: the element's input handlers,
// the shared IndexedDB cache, and MCP Apps views run in the demo's sandbox
// proxy (another origin).
import { INPUT_CAPABILITIES, McpClient, createInputHandlers, type McpServerElement } from 'mcp-web-elements'
import { clearCache, defaultElementCache } from 'mcp-web-elements/cache'
import { ALL_EVENTS, DEMO_SANDBOX_URL, DEMO_URL, applyTheme, logEvents, logLine, mountHeader } from './site.js'

const URL_KEY = 'mcp-demo:server-url'

mountHeader()
const form = document.querySelector<HTMLFormElement>('#connect')!
const input = document.querySelector<HTMLInputElement>('#server-url')!
const slot = document.querySelector<HTMLElement>('#server-slot')!
const badge = document.querySelector<HTMLElement>('#cache-badge')!
const eventLog = document.querySelector<HTMLElement>('#event-log')!
const networkLog = document.querySelector<HTMLElement>('#network-log')!
const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')]

/** How many requests of each JSON-RPC method this page has sent. */
const sent = new Map<string, number>()

/** fetch, logging each request's JSON-RPC method and how it went. */
const loggingFetch: typeof fetch = async (resource, init) => {
  let method = '?'
  try {
    method = JSON.parse(String(init?.body)).method ?? '?'
  } catch {
    // not a JSON-RPC body
  }
  sent.set(method, (sent.get(method) ?? 0) + 1)
  logLine(networkLog, `→ ${method}`, '')
  const started = performance.now()
  try {
    const response = await fetch(resource, init)
    logLine(networkLog, `← ${method}`, `HTTP ${response.status} in ${Math.round(performance.now() - started)} ms`)
    return response
  } catch (error) {
    logLine(networkLog, `✗ ${method}`, String(error))
    throw error
  }
}

// The badge: did the tool list on screen need a tools/list request? Told by the list's own events.
let toolsListsAtLoading = 0
document.addEventListener('mcp-list-loading', (event) => {
  if ((event as CustomEvent).detail?.list === 'tools') toolsListsAtLoading = sent.get('tools/list') ?? 0
})
document.addEventListener('mcp-list-loaded', (event) => {
  const { list, error } = (event as CustomEvent).detail ?? {}
  if (list !== 'tools' || error) return
  const fromCache = (sent.get('tools/list') ?? 0) === toolsListsAtLoading
  badge.hidden = false
  badge.classList.toggle('cache', fromCache)
  badge.textContent = fromCache ? 'Tools served from cache' : 'Tools fetched from the server'
})

logEvents(document, eventLog, ALL_EVENTS)

function connect(url: string): void {
  badge.hidden = true
  const server = document.createElement('mcp-server') as McpServerElement
  let serverName = url
  server.addEventListener('mcp-connected', (event) => {
    const info = (event as CustomEvent).detail.server.serverInfo
    serverName = info?.title || info?.name || url
  })
  server.client = new McpClient(url, {
    handlers: createInputHandlers(server, () => serverName),
    capabilities: INPUT_CAPABILITIES,
    cache: defaultElementCache(),
    fetch: loggingFetch,
    // This page lets views go fullscreen (when the user asks in the view); by default they stay inline.
    ...(DEMO_SANDBOX_URL && { apps: { sandboxUrl: DEMO_SANDBOX_URL, displayModes: ['fullscreen'] } }),
  })
  const selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true')!.dataset.list
  for (const tag of ['mcp-tool-list', 'mcp-resource-list', 'mcp-prompt-list']) {
    const list = document.createElement(tag)
    list.hidden = tag !== selected
    // The page's headings: h1, then the open tool's title (no h2 between them).
    if (tag === 'mcp-tool-list') list.setAttribute('heading-level', '2')
    server.append(list)
  }
  slot.replaceChildren(server)
  document.querySelector('mcp-call-log')!.client = server.client
  applyTheme()
}

/**
 * The WAI-ARIA tabs pattern (automatic activation): one Tab stop, on the selected tab; ArrowLeft/ArrowRight (wrapping),
 * Home and End select and focus another; the panel (#server-slot) is labelled by the selected tab.
 */
function selectTab(tab: HTMLButtonElement): void {
  for (const other of tabs) {
    other.setAttribute('aria-selected', String(other === tab))
    other.tabIndex = other === tab ? 0 : -1
  }
  slot.setAttribute('aria-labelledby', tab.id)
  for (const list of slot.querySelectorAll<HTMLElement>('mcp-tool-list, mcp-resource-list, mcp-prompt-list')) {
    list.hidden = list.localName !== tab.dataset.list
  }
}

for (const tab of tabs) tab.addEventListener('click', () => selectTab(tab))
document.querySelector('[role="tablist"]')!.addEventListener('keydown', (event) => {
  const { key } = event as KeyboardEvent
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement)
  if (at < 0) return
  const to = ({ ArrowRight: at + 1, ArrowLeft: at - 1 + tabs.length, Home: 0, End: tabs.length - 1 } as Record<string, number>)[key]
  if (to === undefined) return
  event.preventDefault()
  const tab = tabs[to % tabs.length]!
  selectTab(tab)
  tab.focus()
})

form.addEventListener('submit', (event) => {
  event.preventDefault()
  localStorage.setItem(URL_KEY, withoutCredentials(input.value))
  connect(input.value)
})

/** The address to remember: never a user name or password written into it. */
function withoutCredentials(address: string): string {
  const url = new URL(address)
  url.username = ''
  url.password = ''
  return url.href
}

document.querySelector('#forget')!.addEventListener('click', async () => {
  await clearCache()
  logLine(eventLog, 'cache cleared', '')
  connect(input.value)
})

input.value = localStorage.getItem(URL_KEY) || DEMO_URL
connect(input.value)
