// The demo server's MCP Apps: tools whose results come with an interactive view (the `io.modelcontextprotocol/ui`
// extension). The views (app-views/) are written with the official `App` class of @modelcontextprotocol/ext-apps,
// so the host side the demo shows (`<mcp-app>`, the sandbox proxy) talks to a counterpart that is not ours; they are
// bundled once, when the server starts, into self-contained HTML and registered with the official
// registerAppTool / registerAppResource.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server'
import type { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { bundleViews } from '../../test/support/servers/bundle-views.js'

const here = dirname(fileURLToPath(import.meta.url))

/** Each view, by the name of its file in app-views/. */
const VIEWS = ['echo', 'calculator', 'link', 'resize', 'fullscreen'] as const
type ViewName = (typeof VIEWS)[number]

/** The bundled views (one esbuild run per process, shared by every server that starts in it). */
let bundled: Promise<Map<string, string>> | undefined
export function demoAppViews(): Promise<Map<string, string>> {
  bundled ??= bundleViews(Object.fromEntries(VIEWS.map((name) => [name, join(here, 'app-views', `${name}.ts`)])))
  return bundled
}

const text = (t: string) => ({ type: 'text' as const, text: t })

/** Registers the views, as `ui://demo/<name>.html` resources (listed after the demo's own resources). */
export function registerDemoAppViews(mcp: McpServer, views: Map<string, string>): void {
  for (const name of VIEWS) {
    const uri = `ui://demo/${name}.html`
    registerAppResource(mcp, `${name} view`, uri, { description: `The view of app_${name}.` }, async () => ({
      contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: views.get(name)!, _meta: { ui: { prefersBorder: true } } }],
    }))
  }
}

/** Registers the app tools, each naming its view in `_meta.ui.resourceUri`. */
export function registerDemoAppTools(mcp: McpServer): void {
  const ui = (name: ViewName) => ({ ui: { resourceUri: `ui://demo/${name}.html` } })

  registerAppTool(
    mcp,
    'app_echo',
    {
      title: 'App: echo',
      description: 'Echoes your message; an MCP Apps view shows the input, then the result.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ message: z.string().default('Hello from the demo').describe('What to echo') }),
      _meta: ui('echo'),
    },
    async ({ message }) => ({ content: [text(`You said: ${message}`)], structuredContent: { echo: message, length: message.length } }),
  )

  registerAppTool(
    mcp,
    'app_calculator',
    {
      title: 'App: calculator',
      description: 'Opens a view that adds numbers by calling its own tool, app_calculator_add, through the page.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ a: z.number().default(2).describe('First number'), b: z.number().default(3).describe('Second number') }),
      _meta: ui('calculator'),
    },
    async ({ a, b }) => ({ content: [text(`Ready to add ${a} and ${b}.`)], structuredContent: { a, b } }),
  )

  // App-only (`visibility: ["app"]`): the calculator view's own helper. The host passes on the view's calls to it; a
  // tool list (what the user picks from, what a model is offered) leaves it out, as a tool no one else needs.
  registerAppTool(
    mcp,
    'app_calculator_add',
    {
      title: 'Calculator: add',
      description: "Adds two numbers for the calculator's view; only views may call it.",
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ a: z.number().describe('First number'), b: z.number().describe('Second number') }),
      outputSchema: z.object({ sum: z.number() }),
      _meta: { ui: { visibility: ['app'] } },
    },
    async ({ a, b }) => ({ content: [text(`${a} + ${b} = ${a + b}`)], structuredContent: { sum: a + b } }),
  )

  registerAppTool(
    mcp,
    'app_link',
    {
      title: 'App: open a link',
      description: 'Opens a view that asks the page to open a link (the page asks you first).',
      annotations: { readOnlyHint: true },
      _meta: ui('link'),
    },
    async () => ({ content: [text('The link view is ready.')] }),
  )

  registerAppTool(
    mcp,
    'app_resize',
    {
      title: 'App: resize',
      description: 'Opens a view that grows and shrinks; its frame follows.',
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ lines: z.number().int().min(0).max(30).default(3).describe('Lines to start with') }),
      _meta: ui('resize'),
    },
    async ({ lines }) => ({ content: [text(`Starting with ${lines} lines.`)], structuredContent: { lines } }),
  )

  registerAppTool(
    mcp,
    'app_fullscreen',
    {
      title: 'App: fullscreen',
      description: 'Opens a view that asks to be shown fullscreen, and back inline.',
      annotations: { readOnlyHint: true },
      _meta: ui('fullscreen'),
    },
    async () => ({ content: [text('The fullscreen view is ready.')] }),
  )
}
