// The gallery: every element in its main states, each state twice, light and
// dark side by side, live against the demo server. A side forces its colour
// scheme on what is inside it (gallery.css: --mcp-color-scheme and
// color-scheme; the `theme` attribute for the elements that pick icons by it),
// whatever the page's own light/dark switch says. States past the first render
// (a result, a denial) are reached by pressing the element's own buttons, as a
// user would.
import 'mcp-web-elements'
import {
  McpClient,
  savedCalls,
  type ApprovalAnswer,
  type ApprovalRequest,
  type CallToolResult,
  type ElicitRequestParams,
} from 'mcp-web-elements'
import { DEMO_SANDBOX_URL, DEMO_URL, mountHeader } from './site.js'
import './gallery.css'

type Scheme = 'light' | 'dark'
const SCHEMES: Scheme[] = ['light', 'dark']

/** One state of an element: its name, and how to make it (once per scheme). */
interface State {
  title: string
  make(scheme: Scheme): HTMLElement | Promise<HTMLElement>
}

mountHeader()
const gallery = document.querySelector<HTMLElement>('#gallery')!

/**
 * The gallery's approval gate: its own code's calls and a person's Call run; a call from a view or a model asks in a
 * modal <mcp-tool-call> card (with no gate at all, the client would deny those).
 */
async function approve(request: ApprovalRequest): Promise<ApprovalAnswer> {
  const { kind } = request.origin
  if (kind === 'page' || kind === 'user') return { decision: 'allow-once', by: 'policy', reason: 'the gallery’s own call' }
  const card = make('mcp-tool-call', { modal: true })
  document.body.append(card)
  try {
    return await card.ask(request)
  } finally {
    card.remove()
  }
}

/** One client for the gallery: its call log is the one <mcp-call-log> shows at the end. */
const client = new McpClient(DEMO_URL, { approve, ...(DEMO_SANDBOX_URL && { apps: { sandboxUrl: DEMO_SANDBOX_URL } }) })
const tools = client.listTools()
const prompts = client.listPrompts()
/** The task the <mcp-task-list> sides show, started by the first of them. */
let failingTask: Promise<unknown> | undefined
/** The saved call the <mcp-saved-calls> sides show, saved by the first of them. */
let savedGreeting: Promise<unknown> | undefined

/** Makes an element with properties set. */
function make<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), properties)
}

/** Resolves with the first `selector` match in `element`'s shadow root, once it is rendered (or rejects after 15 s). */
async function part(element: Element, selector: string): Promise<HTMLElement> {
  const until = performance.now() + 15_000
  for (;;) {
    const found = element.shadowRoot?.querySelector<HTMLElement>(selector)
    if (found) return found
    if (performance.now() > until) throw new Error(`${element.localName}: ${selector} never rendered`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A driven <mcp-tool-call> that the gallery answers with `press` (a button part), or leaves awaiting. */
function toolCall(name: string, args: Record<string, unknown>, press?: 'allow' | 'deny'): HTMLElement {
  const card = make('mcp-tool-call', { client, name, arguments: args, origin: { kind: 'model', model: 'gallery' } })
  if (press) void part(card, `[part~="${press}"]`).then((button) => button.click())
  return card
}

/** An <mcp-tool> whose form is filled with `value` and called with its own Call button. */
function calledTool(name: string, value: Record<string, unknown>): HTMLElement {
  const tool = make('mcp-tool', { client, name })
  void (async () => {
    const form = (await part(tool, '[part~="form"]')) as HTMLElement & { value?: Record<string, unknown> }
    form.value = value
    await new Promise((resolve) => setTimeout(resolve, 50))
    ;(await part(tool, '[part~="call"]')).click()
  })()
  return tool
}

/** A button that opens an <mcp-elicitation> dialog in this side's scheme (a modal dialog cannot sit side by side). */
function elicitationButton(label: string, params: ElicitRequestParams): HTMLElement {
  const wrapper = document.createElement('div')
  const button = make('button', { type: 'button', textContent: label })
  button.addEventListener('click', () => {
    const dialog = make('mcp-elicitation', { params, serverName: 'Demo server' })
    dialog.addEventListener('mcp-elicitation-response', () => dialog.remove())
    wrapper.append(dialog)
  })
  wrapper.append(button)
  return wrapper
}

const FORM_SCHEMA = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name', description: 'Who signs up' },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], default: 'free' },
    seats: { type: 'integer', title: 'Seats', minimum: 1, default: 1 },
    newsletter: { type: 'boolean', title: 'Newsletter' },
  },
}

const MARKDOWN = `## Markdown, rendered safely

Text with **emphasis**, \`code\`, a [link](https://modelcontextprotocol.io) and a list:

- one
- two

\`\`\`js
console.log('a code block')
\`\`\``

let showContent: Promise<CallToolResult> | undefined

const ELEMENTS: { tag: string; what: string; states: State[] }[] = [
  {
    tag: 'mcp-server',
    what: 'The connection: name, icon, instructions, state; errors in words with Retry.',
    states: [
      { title: 'Connected', make: () => make('mcp-server', { url: DEMO_URL }) },
      { title: 'Cannot connect (nothing listens at the address)', make: () => make('mcp-server', { url: 'http://127.0.0.1:8/mcp' }) },
    ],
  },
  {
    tag: 'mcp-tool-list',
    what: 'Every tool, with icons and annotation badges; a filter; arrow keys and Enter.',
    states: [
      { title: 'The tools', make: () => make('mcp-tool-list', { client }) },
      { title: 'Nothing matches the filter', make: () => make('mcp-tool-list', { client, filter: 'no such tool' }) },
    ],
  },
  {
    tag: 'mcp-tool',
    what: 'One tool: a form from its input schema, the call, its result or error.',
    states: [
      { title: 'Its form', make: () => make('mcp-tool', { client, name: 'greet' }) },
      { title: 'Called: the result', make: () => calledTool('add', { a: 2, b: 3 }) },
      { title: 'A tool the server does not have', make: () => make('mcp-tool', { client, name: 'no_such_tool' }) },
    ],
  },
  {
    tag: 'mcp-tool-call',
    what: "A call the user did not fill in (a model's, a view's): approval, then the result.",
    states: [
      { title: 'Awaiting approval', make: () => toolCall('greet', { name: 'Ada', style: 'pirate' }) },
      { title: 'Allowed: done', make: () => toolCall('greet', { name: 'Grace', style: 'formal' }, 'allow') },
      { title: 'Failed: arguments the schema refuses (checked before asking)', make: () => toolCall('add', { a: 'two', b: 3 }) },
      { title: 'Denied', make: () => toolCall('greet', { name: 'Eve' }, 'deny') },
    ],
  },
  {
    tag: 'mcp-content',
    what: 'Content blocks and resource contents by type.',
    states: [
      { title: 'Markdown text', make: () => make('mcp-content', { markdown: true, blocks: [{ type: 'text', text: MARKDOWN }] }) },
      {
        title: 'Every kind of content (show_content), with structured content',
        make: async () => {
          const tool = (await tools).find((t) => t.name === 'show_content')
          showContent ??= client.callTool('show_content', {})
          return make('mcp-content', { outputSchema: tool?.outputSchema, result: await showContent })
        },
      },
    ],
  },
  {
    tag: 'mcp-schema-form',
    what: 'A form from a JSON Schema (the one <mcp-tool> and <mcp-elicitation> use).',
    states: [
      { title: 'Empty, with defaults', make: () => make('mcp-schema-form', { schema: FORM_SCHEMA }) },
      {
        title: 'With errors',
        make: () =>
          make('mcp-schema-form', {
            schema: FORM_SCHEMA,
            value: { name: '', seats: 0 },
            errors: [
              { path: '/name', message: 'Enter a name' },
              { path: '/seats', message: 'Enter 1 or more' },
            ],
          }),
      },
      { title: 'Disabled', make: () => make('mcp-schema-form', { schema: FORM_SCHEMA, value: { name: 'Ada' }, disabled: true }) },
    ],
  },
  {
    tag: 'mcp-elicitation',
    what: "The server's question, as a modal dialog (open one: a modal cannot sit side by side).",
    states: [
      {
        title: 'Form mode',
        make: () =>
          elicitationButton('Open a form question', {
            mode: 'form',
            message: 'Who is signing up?',
            requestedSchema: FORM_SCHEMA,
          } as ElicitRequestParams),
      },
      {
        title: 'URL mode',
        make: () =>
          elicitationButton('Open a URL question', {
            mode: 'url',
            message: 'Connect your account to continue.',
            url: 'https://example.com/connect?account=demo',
            elicitationId: 'gallery',
          } as ElicitRequestParams),
      },
    ],
  },
  {
    tag: 'mcp-resource-list',
    what: 'Resources and URI templates (filled in with completion).',
    states: [{ title: 'Resources and templates', make: () => make('mcp-resource-list', { client }) }],
  },
  {
    tag: 'mcp-resource-view',
    what: "A resource's contents, live when the server says it changed.",
    // The markdown resource comes last: its headings are the server's (the readme opens with an h1), and a state's
    // h3 right after one would skip a level; the next section's h2 does not.
    states: [
      { title: 'An image resource', make: () => make('mcp-resource-view', { client, uri: 'demo://picture.svg' }) },
      { title: 'A resource the server does not have', make: () => make('mcp-resource-view', { client, uri: 'demo://missing' }) },
      { title: 'A markdown resource', make: () => make('mcp-resource-view', { client, uri: 'demo://readme' }) },
    ],
  },
  {
    tag: 'mcp-prompt-list',
    what: 'The prompts.',
    states: [{ title: 'The prompts', make: () => make('mcp-prompt-list', { client }) }],
  },
  {
    tag: 'mcp-skill-list',
    what: 'The skills (how to use the server, for a model or a person); opened, a skill’s SKILL.md and files, each checked.',
    states: [{ title: 'The skills', make: () => make('mcp-skill-list', { client }) }],
  },
  {
    tag: 'mcp-prompt',
    what: 'One prompt: its arguments (with completion) and the messages it gives.',
    states: [{ title: 'Its arguments', make: async () => make('mcp-prompt', { client, prompt: (await prompts)[0] }) }],
  },
  {
    tag: 'mcp-icon',
    what: "A server's icon for the colour scheme and size.",
    states: [
      {
        title: 'A tool icon at 16, 32 and 48 px',
        make: async () => {
          const icons = (await tools).find((t) => t.name === 'greet')?.icons ?? []
          const row = make('div', { className: 'row' })
          row.append(...[16, 32, 48].map((size) => make('mcp-icon', { icons, size, serverUrl: DEMO_URL, label: 'Greet' })))
          return row
        },
      },
    ],
  },
  {
    tag: 'mcp-app',
    what: "An MCP Apps view, in the sandbox proxy on another origin, marked as the server's.",
    states: [
      {
        title: 'A view with its input and result',
        make: async () => {
          const tool = (await tools).find((t) => t.name === 'app_echo')
          if (!DEMO_SANDBOX_URL || !tool) return make('p', { className: 'lead', textContent: 'Needs the sandbox npm start serves.' })
          const input = { message: 'Hello from the gallery' }
          const app = make('mcp-app', { client, tool, input, sandboxUrl: DEMO_SANDBOX_URL })
          void client.callTool(tool.name, input).then((result) => (app.result = result))
          return app
        },
      },
    ],
  },
  {
    tag: 'mcp-task-list',
    what: "The server's long-running tool calls (tasks) this page keeps: running, or ended lately.",
    states: [
      {
        title: 'A task that fails after a second',
        make: () => {
          // Started once for both sides (one client): each list shows it, running and then failed.
          failingTask ??= client.callTool('failing_task', { seconds: 1 }).catch(() => undefined)
          return make('mcp-task-list', { client })
        },
      },
    ],
  },
  {
    tag: 'mcp-call-log',
    what: "The client's call log: the calls on this page, newest first.",
    states: [{ title: 'The calls above', make: () => make('mcp-call-log', { client }) }],
  },
  {
    tag: 'mcp-saved-calls',
    what: 'Calls saved under a name for this server, kept in this browser: Open fills the tool’s form again.',
    states: [
      {
        title: 'A saved call',
        make: async () => {
          // Saved once for both sides (one client): each list shows it.
          savedGreeting ??= savedCalls(client)
            .list()
            .then((calls) =>
              calls.some((call) => call.name === 'Greet Ada')
                ? undefined
                : savedCalls(client).save({ name: 'Greet Ada', tool: 'greet', arguments: { name: 'Ada' } }),
            )
          await savedGreeting
          return make('mcp-saved-calls', { client })
        },
      },
    ],
  },
  {
    tag: 'mcp-connection-check',
    what: 'What a browser needs of the server, as a checklist whose failed lines say the fix.',
    states: [{ title: 'The demo server', make: () => make('mcp-connection-check', { url: DEMO_URL }) }],
  },
]

/** The elements that choose icons by their `theme` attribute: each side sets its own. */
const THEMED = 'mcp-server, mcp-tool-list, mcp-content, mcp-icon'

function side(scheme: Scheme, state: State, label: string): HTMLElement {
  const box = make('div', { className: 'scheme' })
  box.dataset.scheme = scheme
  box.setAttribute('role', 'group')
  box.setAttribute('aria-label', `${label}, ${scheme}`)
  box.append(make('span', { className: 'label', textContent: scheme === 'light' ? 'Light' : 'Dark' }))
  Promise.resolve(state.make(scheme)).then(
    (element) => {
      box.append(element)
      fixThemes(box)
    },
    (error) => box.append(make('p', { className: 'lead', textContent: `Not shown: ${error instanceof Error ? error.message : error}` })),
  )
  return box
}

/** Puts every themed element back in its side's scheme (the page's light/dark switch sets them all). */
function fixThemes(root: ParentNode = gallery): void {
  for (const box of root.querySelectorAll<HTMLElement>('.scheme')) fixThemesIn(box)
  if (root instanceof HTMLElement && root.matches('.scheme')) fixThemesIn(root)
}
function fixThemesIn(box: HTMLElement): void {
  for (const element of box.querySelectorAll(THEMED)) element.setAttribute('theme', box.dataset.scheme!)
}

for (const { tag, what, states } of ELEMENTS) {
  const section = make('section')
  section.id = tag
  const heading = make('h2')
  heading.id = `${tag}-heading`
  heading.append(make('code', { textContent: `<${tag}>` }))
  section.setAttribute('aria-labelledby', heading.id)
  section.append(heading, make('p', { className: 'lead', textContent: what }))
  for (const state of states) {
    const pair = make('div', { className: 'pair' })
    pair.append(...SCHEMES.map((scheme) => side(scheme, state, `${tag}: ${state.title}`)))
    section.append(make('h3', { textContent: state.title }), pair)
  }
  gallery.append(section)
}

// The page's switch re-themes every element; the sides keep theirs.
new MutationObserver(() => fixThemes()).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
