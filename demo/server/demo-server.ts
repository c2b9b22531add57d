// The demo MCP server: everything the library shows, on the official
// @modelcontextprotocol/server (revision 2026-07-28), stateless and with CORS
// so any page can reach it. `npm start` runs it for the demo site, and the
// tests use the same one (test/support/servers/demo.ts), so the demo cannot
// rot without a test failing.
import {
  McpServer,
  ResourceTemplate,
  acceptedContent,
  completable,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server'
import { z } from 'zod'
import type { SkillCatalog } from '@modelcontextprotocol/server/ext/skills'
import { serveMcp, type FixtureServer } from '../../test/support/fixture-server.js'
import { SCHEMA_ZOO } from '../../test/support/schema-zoo.js'
import { demoAppViews, registerDemoAppTools, registerDemoAppViews } from './apps.js'
import { CHIME_WAV_BASE64, PICTURE_SVG_BASE64, SERVER_ICONS, themedIcons } from './media.js'
import { demoSkills } from './skills.js'
import { TASKS_EXTENSION, TaskHost, declaresTasks, pause, tasksRequired } from './tasks.js'

const DEMO_SERVER_INFO = {
  name: 'mcp-web-elements-demo',
  title: 'Demo server',
  version: '1.0.0',
  description: 'Every feature mcp-web-elements shows, in one server.',
  websiteUrl: 'https://example.com/mcp-web-elements',
  icons: SERVER_ICONS,
}

/** The tool `toggle_extra_tool` adds and removes. */
const EXTRA_TOOL = 'extra_tool'

/** Where `connect_account` sends the user (URL-mode elicitation). */
const CONNECT_URL = 'https://example.com/connect?account=demo'

const COLORS: Record<string, string> = {
  coral: '#ff7f50',
  crimson: '#dc143c',
  cyan: '#00ffff',
  gold: '#ffd700',
  indigo: '#4b0082',
  ivory: '#fffff0',
  teal: '#008080',
}

const LANGUAGES = ['JavaScript', 'TypeScript', 'Python', 'Rust', 'Go', 'Java']

const README = `# The demo server

This resource is **markdown**. The server behind it has:

- tools with light and dark icons, and forms for many kinds of input schema;
- a slow tool reporting progress, tools asking for input (a form, a URL);
- a tool returning every kind of content;
- tools with an interactive view (MCP Apps);
- resources, templates with completion, and prompts with arguments.

Call \`toggle_extra_tool\` and watch the tool list change live.`

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

/** What lasts between requests (each request gets a fresh McpServer). */
interface DemoState {
  extraTool: boolean
  /** Tells open listen streams that the tool list changed. */
  toolsChanged(): void
  /** The tasks the task tools started (they outlive the request that started them). */
  tasks: TaskHost
}

const SIGN_UP_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1 },
    email: { type: 'string', title: 'Email', format: 'email' },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro' },
      ],
      default: 'free',
    },
    newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
  },
  required: ['name'],
} as const

function makeServer(state: DemoState, views: Map<string, string>, skills: SkillCatalog): McpServer {
  const mcp = new McpServer(DEMO_SERVER_INFO, {
    instructions:
      'A demo of what mcp-web-elements shows.\nPick a tool, fill in its form and call it; toggle_extra_tool changes the tool list live.',
    capabilities: { logging: {}, resources: { listChanged: true }, extensions: { [TASKS_EXTENSION]: {} } } as never,
    // Cache hints: how long a browser may reuse each answer (the elements keep them in IndexedDB).
    cacheHints: {
      'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
      'tools/list': { ttlMs: 600_000, cacheScope: 'public' },
      'prompts/list': { ttlMs: 600_000, cacheScope: 'public' },
      'resources/list': { ttlMs: 600_000, cacheScope: 'public' },
      'resources/templates/list': { ttlMs: 600_000, cacheScope: 'public' },
      'resources/read': { ttlMs: 60_000, cacheScope: 'public' },
    },
  })

  // ---- tools ---------------------------------------------------------------

  mcp.registerTool(
    'greet',
    {
      title: 'Greet',
      description: 'Greets someone by name, in the style you pick.',
      icons: themedIcons('wave'),
      annotations: { readOnlyHint: true, idempotentHint: true },
      inputSchema: z.object({
        name: z.string().min(1).describe('Who to greet'),
        style: z.enum(['friendly', 'formal', 'pirate']).default('friendly').describe('How to say it'),
      }),
    },
    async ({ name, style }) => text(style === 'formal' ? `Good day, ${name}.` : style === 'pirate' ? `Ahoy, ${name}!` : `Hello, ${name}!`),
  )

  mcp.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Adds two numbers; the sum also comes back as structured content.',
      icons: themedIcons('plus'),
      annotations: { readOnlyHint: true },
      inputSchema: z.object({ a: z.number().describe('First number'), b: z.number().describe('Second number') }),
      outputSchema: z.object({ sum: z.number() }),
    },
    async ({ a, b }) => ({ ...text(`${a} + ${b} = ${a + b}`), structuredContent: { sum: a + b } }),
  )

  mcp.registerTool(
    'divide',
    {
      title: 'Divide',
      description: 'Divides one number by another. Dividing by zero answers with a tool error (isError: true).',
      icons: themedIcons('divide'),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      inputSchema: z.object({
        a: z.number().describe('The number to divide').meta({ title: 'Dividend' }),
        b: z.number().describe('The number to divide by').meta({ title: 'Divisor' }),
      }),
    },
    async ({ a, b }) =>
      b === 0
        ? { ...text(`Cannot divide by zero: ${a} ÷ 0 has no value. Pick another divisor.`), isError: true }
        : text(`${a} ÷ ${b} = ${a / b}`),
  )

  mcp.registerTool(
    'slow_task',
    {
      title: 'Slow task',
      description: 'Works for a while, reporting progress at each step. Cancel stops it.',
      icons: themedIcons('clock'),
      inputSchema: z.object({
        steps: z.number().int().min(1).max(50).default(5).describe('How many steps'),
        delayMs: z.number().int().min(0).max(5_000).default(400).describe('Milliseconds per step'),
      }),
    },
    async ({ steps, delayMs }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken
      for (let i = 1; i <= steps; i++) {
        await sleep(delayMs, ctx.mcpReq.signal)
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: i, total: steps, message: `Step ${i} of ${steps}` },
          })
        }
      }
      return text(`Done: ${steps} steps.`)
    },
  )

  mcp.registerTool(
    'sign_up',
    {
      title: 'Sign up',
      description: 'Asks you for details in a form (form-mode elicitation), then says what it got.',
      icons: themedIcons('form'),
    },
    async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'profile')
      if (answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            profile: inputRequired.elicit({ mode: 'form', message: 'Who is signing up?', requestedSchema: SIGN_UP_SCHEMA as never }),
          },
        })
      }
      if (answer.action !== 'accept') return text(`Sign-up ${answer.action === 'decline' ? 'declined' : 'cancelled'}.`)
      const profile = acceptedContent(ctx.mcpReq.inputResponses, 'profile') ?? {}
      return { ...text(`Signed up ${String(profile.name)} on the ${String(profile.plan ?? 'free')} plan.`), structuredContent: { profile } }
    },
  )

  mcp.registerTool(
    'connect_account',
    {
      title: 'Connect account',
      description: 'Sends you to a web page to connect an account (URL-mode elicitation).',
      icons: themedIcons('link'),
      annotations: { openWorldHint: true },
    },
    async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'connect')
      if (answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            connect: inputRequired.elicitUrl({ message: 'Connect your example.com account to continue.', url: CONNECT_URL }),
          },
        })
      }
      return text(
        answer.action === 'accept' ? 'Account connected.' : `Connection ${answer.action === 'decline' ? 'declined' : 'cancelled'}.`,
      )
    },
  )

  mcp.registerTool(
    'show_content',
    {
      title: 'Show every content type',
      description: 'Returns text, markdown, an image, audio, a resource link, an embedded resource and structured content.',
      icons: themedIcons('shapes'),
      annotations: { readOnlyHint: true },
      outputSchema: z.object({ kinds: z.array(z.string()), generatedAt: z.string() }),
    },
    async () => ({
      content: [
        { type: 'text', text: 'Plain text: shown as written.\nLine breaks are kept.' },
        {
          type: 'resource',
          resource: {
            uri: 'demo://notes/markdown',
            mimeType: 'text/markdown',
            text: '**Markdown** with a list:\n\n- one\n- two\n\n`code` too.',
          },
        },
        { type: 'image', data: PICTURE_SVG_BASE64, mimeType: 'image/svg+xml' },
        { type: 'audio', data: CHIME_WAV_BASE64, mimeType: 'audio/wav' },
        {
          type: 'resource_link',
          uri: 'demo://readme',
          name: 'readme',
          title: 'Read me',
          description: 'The server explains itself.',
          mimeType: 'text/markdown',
        },
        {
          type: 'resource',
          resource: {
            uri: 'demo://notes/settings.json',
            mimeType: 'application/json',
            text: JSON.stringify({ theme: 'auto', items: [1, 2, 3] }),
          },
        },
      ],
      structuredContent: {
        kinds: ['text', 'markdown', 'image', 'audio', 'resource_link', 'resource'],
        generatedAt: new Date().toISOString(),
      },
    }),
  )

  mcp.registerTool(
    'toggle_extra_tool',
    {
      title: 'Toggle the extra tool',
      description: `Adds ${EXTRA_TOOL} to the tool list, or removes it; open lists update live.`,
      icons: themedIcons('plus'),
    },
    async () => {
      state.extraTool = !state.extraTool
      state.toolsChanged()
      return text(state.extraTool ? `${EXTRA_TOOL} added.` : `${EXTRA_TOOL} removed.`)
    },
  )

  if (state.extraTool) {
    mcp.registerTool(EXTRA_TOOL, { title: 'Extra tool', description: 'Here because toggle_extra_tool added it.' }, async () =>
      text('The extra tool answers.'),
    )
  }

  registerTaskTools(mcp, state.tasks)

  // MCP Apps: tools with an interactive view each (apps.ts); their views are listed after the resources below.
  registerDemoAppTools(mcp)

  // Every kind of input schema: each of the schema zoo's shapes (test/support/schema-zoo.ts) as a tool that echoes its arguments.
  for (const [name, entry] of Object.entries(SCHEMA_ZOO)) {
    mcp.registerTool(
      `schema_${name.replaceAll('-', '_')}`,
      { title: `Schema: ${name}`, description: entry.description, inputSchema: fromJsonSchema(entry.schema as never) },
      async (args) => ({ ...text('The server received these arguments:'), structuredContent: { arguments: args } }),
    )
  }

  // ---- resources -----------------------------------------------------------

  mcp.registerResource(
    'readme',
    'demo://readme',
    { title: 'Read me', description: 'A text resource (markdown).', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README }] }),
  )

  mcp.registerResource(
    'picture',
    'demo://picture.svg',
    { title: 'Picture', description: 'A binary resource (an image).', mimeType: 'image/svg+xml' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/svg+xml', blob: PICTURE_SVG_BASE64 }] }),
  )

  mcp.registerResource(
    'chime',
    'demo://chime.wav',
    { title: 'Chime', description: 'A binary resource (a sound).', mimeType: 'audio/wav' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'audio/wav', blob: CHIME_WAV_BASE64 }] }),
  )

  mcp.registerResource(
    'clock',
    'demo://clock',
    {
      title: 'Clock',
      description: 'The server time; its cache hint keeps it for 5 seconds.',
      mimeType: 'text/plain',
      cacheHint: { ttlMs: 5_000, cacheScope: 'public' },
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: new Date().toISOString() }] }),
  )

  mcp.registerResource(
    'color',
    new ResourceTemplate('demo://colors/{name}', {
      list: async () => ({
        resources: ['coral', 'teal'].map((name) => ({ uri: `demo://colors/${name}`, name: `color-${name}`, mimeType: 'application/json' })),
      }),
      complete: { name: (value) => Object.keys(COLORS).filter((name) => name.startsWith(value.toLowerCase())) },
    }),
    { title: 'Colour', description: 'A colour by name (type a letter for suggestions).', mimeType: 'application/json' },
    async (uri, { name }) => {
      const hex = COLORS[String(name)]
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ name, hex: hex ?? null, known: !!hex }) }] }
    },
  )

  registerDemoAppViews(mcp, views)

  // ---- prompts -------------------------------------------------------------

  mcp.registerPrompt(
    'review_code',
    {
      title: 'Review code',
      description: 'Asks for a code review in a language (with suggestions).',
      argsSchema: z.object({
        language: completable(z.string().describe('The language of the code'), (value) =>
          LANGUAGES.filter((l) => l.toLowerCase().startsWith(value.toLowerCase())),
        ),
        code: z.string().describe('The code to review'),
      }),
    },
    ({ language, code }) => ({
      description: `A ${language} review`,
      messages: [
        { role: 'user', content: { type: 'text', text: `Please review this ${language} code:\n\n${code}` } },
        { role: 'assistant', content: { type: 'text', text: `I will look at naming, errors and tests in your ${language}.` } },
      ],
    }),
  )

  mcp.registerPrompt(
    'summarize',
    {
      title: 'Summarize',
      description: 'Summarizes a text, optionally in a given number of words.',
      argsSchema: z.object({ text: z.string().describe('The text'), words: z.string().optional().describe('About how many words') }),
    },
    ({ text: body, words }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize${words ? ` in about ${words} words` : ''}:\n\n${body}` } }],
    }),
  )

  // ---- skills --------------------------------------------------------------

  skills.attach(mcp)
  return mcp
}

/**
 * Tools the server runs as tasks (the Tasks extension: the call is answered at once with a task the client follows;
 * it survives a page reload): a long one that reports what it does and asks for input halfway, one that fails, one
 * that expires before it ends. A client that does not declare the extension is refused with -32021.
 */
function registerTaskTools(mcp: McpServer, tasks: TaskHost): void {
  tasks.serve(mcp)

  mcp.registerTool(
    'long_task',
    {
      title: 'Long task',
      description:
        'Runs as a task for about 20 seconds: a new status every second or two, and halfway it asks you which format to write. Reload the page meanwhile: it picks up where it was.',
      icons: themedIcons('clock'),
      inputSchema: z.object({
        seconds: z.number().int().min(2).max(120).default(20).describe('How long it works'),
        topic: z.string().default('quarterly sales').describe('What the report is about'),
      }),
    },
    async ({ seconds, topic }, ctx) => {
      if (!declaresTasks(ctx)) return tasksRequired()
      return tasks.start(
        async (task) => {
          const steps = Math.max(2, Math.round(seconds / 1.5))
          const stepMs = (seconds * 1_000) / steps
          let format = 'markdown'
          for (let step = 1; step <= steps; step++) {
            task.say(`Step ${step} of ${steps}: ${STEP_WORDS[step % STEP_WORDS.length]} for “${topic}”`)
            await pause(stepMs, task.signal)
            if (step === Math.floor(steps / 2)) {
              const answer = await task.elicit('format', {
                mode: 'form',
                message: `Halfway through “${topic}”: which format should the report be in?`,
                requestedSchema: {
                  type: 'object',
                  properties: { format: { type: 'string', title: 'Format', enum: ['markdown', 'csv', 'json'], default: 'markdown' } },
                  required: ['format'],
                },
              })
              if (answer.action === 'accept' && typeof answer.content?.format === 'string') format = answer.content.format
            }
          }
          return {
            content: [{ type: 'text', text: `The report on “${topic}” is ready, as ${format} (${seconds} s of work).` }],
            structuredContent: { topic, format, seconds },
          }
        },
        { ttlMs: 10 * 60_000, pollIntervalMs: 1_000 },
      ) as never
    },
  )

  mcp.registerTool(
    'failing_task',
    {
      title: 'Failing task',
      description: 'Runs as a task, then fails on the server after a few seconds (the task ends as failed, with the error).',
      icons: themedIcons('divide'),
      inputSchema: z.object({ seconds: z.number().int().min(1).max(30).default(3).describe('How long before it fails') }),
    },
    async ({ seconds }, ctx) => {
      if (!declaresTasks(ctx)) return tasksRequired()
      return tasks.start(
        async (task) => {
          task.say('Contacting the upstream service…')
          await pause(seconds * 1_000, task.signal)
          throw new ProtocolError(ProtocolErrorCode.InternalError, 'The upstream service refused the export: quota exceeded')
        },
        { ttlMs: 10 * 60_000, pollIntervalMs: 1_000 },
      ) as never
    },
  )

  mcp.registerTool(
    'expiring_task',
    {
      title: 'Expiring task',
      description: 'Runs as a task the server keeps only 3 seconds, but works for 10: it expires before it ends.',
      icons: themedIcons('clock'),
    },
    async (ctx) => {
      if (!declaresTasks(ctx)) return tasksRequired()
      return tasks.start(
        async (task) => {
          task.say('Working slowly; the server forgets this task after 3 seconds.')
          await pause(10_000, task.signal)
          return { content: [{ type: 'text', text: 'Too late: nobody can fetch this.' }] }
        },
        { ttlMs: 3_000, pollIntervalMs: 1_000 },
      ) as never
    },
  )
}

const STEP_WORDS = ['reading the data', 'cleaning it', 'adding up', 'checking totals', 'drawing charts', 'writing it up']

export interface DemoServerOptions {
  /** The port on 127.0.0.1 (0, the default, lets the OS choose). */
  port?: number
}

/** Starts the demo server on 127.0.0.1; `url` is its MCP endpoint. */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<FixtureServer> {
  const state: DemoState = { extraTool: false, toolsChanged: () => served.notify.toolsChanged(), tasks: new TaskHost() }
  const views = await demoAppViews()
  const skills = await demoSkills()
  const served: FixtureServer = await serveMcp(() => makeServer(state, views, skills), { cors: true, port: options.port ?? 0 })
  return served
}
