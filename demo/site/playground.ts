// The playground: any server URL, connected as the MCP Inspector connects (a
// bearer token, custom headers, or OAuth sign-in; remembered: see
// connection.ts for what is kept where, and why), its tools, resources and
// prompts, every event the elements fire, every tool call (<mcp-call-log>:
// arguments, results, who started it) and every JSON-RPC request that went out
// (request-log.ts: each opens to its whole exchange). The client is made here
// rather than by <mcp-server> so that its requests can be logged (its `fetch`
// option); it gets what <mcp-server> would give its own: the element's input
// handlers, the shared IndexedDB cache, and MCP Apps views run in the demo's
// sandbox proxy (another origin).
import { INPUT_CAPABILITIES, McpClient, createInputHandlers, type McpServerElement, type McpToolElement } from 'mcp-web-elements'
import { clearCache, defaultElementCache } from 'mcp-web-elements/cache'
import { connectionHeaders, connectionProblem, loadConnection, saveConnection, type AuthMode, type Connection } from './connection.js'
import { loggingFetch } from './request-log.js'
import { ALL_EVENTS, DEMO_SANDBOX_URL, DEMO_URL, applyTheme, logEvents, logLine, mountHeader } from './site.js'
import './playground.css'

mountHeader()
const form = document.querySelector<HTMLFormElement>('#connect')!
const input = document.querySelector<HTMLInputElement>('#server-url')!
const options = document.querySelector<HTMLDetailsElement>('#connection-options')!
const tokenInput = document.querySelector<HTMLInputElement>('#bearer-token')!
const clientIdInput = document.querySelector<HTMLInputElement>('#oauth-client-id')!
const scopeInput = document.querySelector<HTMLInputElement>('#oauth-scope')!
const headerRows = document.querySelector<HTMLOListElement>('#header-rows')!
const problem = document.querySelector<HTMLElement>('#connection-problem')!
const slot = document.querySelector<HTMLElement>('#server-slot')!
const badge = document.querySelector<HTMLElement>('#cache-badge')!
const eventLog = document.querySelector<HTMLElement>('#event-log')!
const networkLog = document.querySelector<HTMLElement>('#network-log')!
const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')]

/** How many requests of each JSON-RPC method this page has sent. */
const sent = new Map<string, number>()

/** The connection in use (its headers are read per request: the log masks the custom ones). */
let current: Connection = loadConnection(DEMO_URL)
const customHeaderNames = () => new Set(current.headerNames.map((name) => name.toLowerCase()))
const fetchAndLog = loggingFetch(networkLog, (method) => sent.set(method, (sent.get(method) ?? 0) + 1), customHeaderNames)

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

// ---- the connection form ----

function addHeaderRow(name = '', value = ''): void {
  const row = document.createElement('li')
  row.className = 'row'
  const index = headerRows.children.length + 1
  const nameInput = Object.assign(document.createElement('input'), {
    type: 'text',
    value: name,
    placeholder: 'X-Api-Key',
    spellcheck: false,
  })
  nameInput.className = 'header-name'
  nameInput.setAttribute('aria-label', `Header ${index} name`)
  const valueInput = Object.assign(document.createElement('input'), { type: 'password', value, autocomplete: 'off' })
  valueInput.className = 'header-value'
  valueInput.setAttribute('aria-label', `Header ${index} value`)
  const remove = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Remove' })
  remove.setAttribute('aria-label', `Remove header ${index}`)
  remove.addEventListener('click', () => {
    row.remove()
    document.querySelector<HTMLButtonElement>('#add-header')!.focus()
  })
  row.append(nameInput, valueInput, remove)
  headerRows.append(row)
}

const authMode = (): AuthMode => (form.querySelector<HTMLInputElement>('input[name="auth"]:checked')?.value as AuthMode) ?? 'none'

function showAuthFields(): void {
  for (const fields of form.querySelectorAll<HTMLElement>('[data-auth]')) fields.hidden = fields.dataset.auth !== authMode()
}

/** The connection the form describes (header rows with no name are left out). */
function formConnection(): Connection {
  const rows = [...headerRows.querySelectorAll('li')]
    .map((row) => [
      row.querySelector<HTMLInputElement>('.header-name')!.value.trim(),
      row.querySelector<HTMLInputElement>('.header-value')!.value,
    ])
    .filter(([name]) => name)
  return {
    url: input.value,
    auth: authMode(),
    token: tokenInput.value,
    oauthClientId: clientIdInput.value.trim(),
    oauthScope: scopeInput.value.trim(),
    headerNames: rows.map(([name]) => name!),
    headerValues: rows.map(([, value]) => value!),
  }
}

function fillForm(connection: Connection): void {
  input.value = connection.url
  form.querySelector<HTMLInputElement>(`input[name="auth"][value="${connection.auth}"]`)!.checked = true
  tokenInput.value = connection.token
  clientIdInput.value = connection.oauthClientId
  scopeInput.value = connection.oauthScope
  headerRows.replaceChildren()
  connection.headerNames.forEach((name, i) => addHeaderRow(name, connection.headerValues[i] ?? ''))
  // Open when something besides the URL is set, so a returning visitor sees how they connect.
  options.open = connection.auth !== 'none' || connection.headerNames.length > 0
  showAuthFields()
}

form.addEventListener('change', (event) => {
  if ((event.target as HTMLInputElement).name === 'auth') showAuthFields()
})
document.querySelector('#add-header')!.addEventListener('click', () => {
  addHeaderRow()
  headerRows.querySelector<HTMLInputElement>('li:last-child .header-name')!.focus()
})

// ---- connecting ----

/** The OAuth provider for a connection (the auth module loads only when OAuth is chosen). */
async function oauthFor(connection: Connection) {
  const { BrowserOAuthProvider } = await import('mcp-web-elements/auth')
  return new BrowserOAuthProvider(connection.url, {
    redirectUri: new URL('/oauth-callback.html', location.href).href,
    clientName: 'mcp-web-elements playground',
    ...(connection.oauthClientId && { client: { client_id: connection.oauthClientId } }),
    ...(connection.oauthScope && { scope: connection.oauthScope }),
  })
}

async function connect(connection: Connection): Promise<void> {
  current = connection
  badge.hidden = true
  const server = document.createElement('mcp-server') as McpServerElement
  const auth = connection.auth === 'oauth' ? await oauthFor(connection) : undefined
  // The element shows the Sign in button for this provider, and signs in from its click.
  if (auth) server.auth = auth
  server.client = new McpClient(connection.url, {
    // The dialogs name the server as the client knows it (its host, and the name and version it reports).
    handlers: createInputHandlers(server, () => server.client),
    capabilities: INPUT_CAPABILITIES,
    cache: defaultElementCache(),
    fetch: fetchAndLog,
    headers: connectionHeaders(connection),
    ...(auth && { auth }),
    // This page lets views go fullscreen (when the user asks in the view); by default they stay inline.
    ...(DEMO_SANDBOX_URL && { apps: { sandboxUrl: DEMO_SANDBOX_URL, displayModes: ['fullscreen'] } }),
  })
  const selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true')!.dataset.list
  for (const tag of ['mcp-tool-list', 'mcp-resource-list', 'mcp-prompt-list', 'mcp-skill-list']) {
    const list = document.createElement(tag)
    list.hidden = tag !== selected
    // The page's headings: h1, then the open tool's title (no h2 between them).
    if (tag === 'mcp-tool-list') list.setAttribute('heading-level', '2')
    server.append(list)
  }
  slot.replaceChildren(server)
  document.querySelector('mcp-call-log')!.client = server.client
  document.querySelector('mcp-task-list')!.client = server.client
  // A task opened from the list belongs to the server before.
  document.querySelector('mcp-tool#task-view')?.remove()
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
  for (const list of slot.querySelectorAll<HTMLElement>('mcp-tool-list, mcp-resource-list, mcp-prompt-list, mcp-skill-list')) {
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
  const connection = formConnection()
  const wrong = connectionProblem(connection)
  problem.hidden = !wrong
  problem.textContent = wrong ?? ''
  if (wrong) {
    options.open = true
    return
  }
  saveConnection(connection)
  void connect(connection)
})

document.querySelector('#forget')!.addEventListener('click', async () => {
  await clearCache()
  logLine(eventLog, 'cache cleared', '')
  void connect(current)
})

// Open in the task list: that task in the <mcp-tool> under the list (task-id: followed while it runs, else its result).
document.addEventListener('mcp-task-open', (event) => {
  const { tool, taskId } = (event as CustomEvent<{ tool: string; taskId: string }>).detail
  const list = document.querySelector('mcp-task-list')!
  let view = document.querySelector<McpToolElement>('mcp-tool#task-view')
  if (!view) {
    view = Object.assign(document.createElement('mcp-tool'), { id: 'task-view', headingLevel: 3 })
    list.after(view)
  }
  view.client = list.client
  view.name = tool
  view.taskId = taskId
})

fillForm(current)
void connect(current)
