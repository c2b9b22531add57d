// A real MCP server for the client's tests: the official
// @modelcontextprotocol/server (revision 2026-07-28, stateless: a fresh
// McpServer per HTTP request) behind createMcpHandler, on a loopback port.
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  InMemoryServerEventBus,
  acceptedContent,
  completable,
  createMcpHandler,
  inputRequired,
  inputResponse,
  type McpHttpHandler,
  type ServerContext,
  type ServerNotifier,
} from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveFetch } from './http-adapter.js'

export interface FixtureOptions {
  /** Permissive CORS (for browser tests). */
  cors?: boolean
  /** Split tools/prompts/resources/templates lists into pages of this size. */
  pageSize?: number
  /** Also list tools whose x-mcp-header annotations are invalid (the SDK lists them, with a console warning). */
  invalidHeaderTools?: boolean
  /** SSE keep-alive comment interval; the SDK default is 15000, 0 disables. */
  keepAliveMs?: number
  /** Also list `lookup`, a tool whose annotations say it is read-only and closed-world. */
  annotatedTools?: boolean
}

export interface RecordedRequest {
  /** HTTP method (the JSON-RPC method is `body.method`). */
  method: string
  /** Request headers, names lower-cased. */
  headers: Record<string, string>
  /** Parsed JSON body (raw text if it was not JSON, undefined if empty). */
  body: any
}

export interface FixtureStats {
  /** Names of tools whose call was cancelled (the client closed the stream). */
  cancelled: string[]
  requests: RecordedRequest[]
}

export interface FixtureServer {
  url: string
  origin: string
  /** Publishes to open subscriptions/listen streams. */
  notify: ServerNotifier
  /** Ends every open subscriptions/listen stream gracefully (complete result, then close). */
  endSubscriptions(): Promise<void>
  stats: FixtureStats
  close(): Promise<void>
}

export const FIXTURE_SERVER_INFO = { name: 'mcp-elements-fixture', version: '1.0.0' }

// 1x1 transparent PNG.
export const LOGO_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const ICON_SVG =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>').toString('base64')

export const USER_IDS = ['alice', 'bob', 'carol']
export const PROMPT_NAMES = ['Alice', 'Bob', 'Carol']

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

// The SDK has no pagination and no hook to throw JSON-RPC errors out of a
// registered tool (McpServer turns every tool throw into an isError result).
// Both are done by wrapping the handler McpServer installed; _getRequestHandler
// is protected (not private) API of the SDK's Protocol class.
type RawHandler = (request: any, ctx: ServerContext) => Promise<any>
function wrapRequestHandler(mcp: McpServer, method: string, wrap: (original: RawHandler) => RawHandler): void {
  const server = mcp.server as unknown as {
    _getRequestHandler(method: string): RawHandler | undefined
    setRequestHandler(method: string, handler: RawHandler): void
  }
  const original = server._getRequestHandler(method)
  if (!original) throw new Error(`no handler for ${method}`)
  server.setRequestHandler(method, wrap(original))
}

function paginate(mcp: McpServer, method: string, key: string, pageSize: number): void {
  wrapRequestHandler(mcp, method, (original) => async (request, ctx) => {
    const result = await original(request, ctx)
    const cursor: unknown = request.params?.cursor
    const offset = cursor === undefined ? 0 : Number(cursor)
    if (!Number.isSafeInteger(offset) || offset < 0 || String(offset) !== String(cursor ?? 0)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${String(cursor)}`)
    }
    const items: unknown[] = result[key]
    const next = offset + pageSize
    return {
      ...result,
      [key]: items.slice(offset, next),
      ...(next < items.length ? { nextCursor: String(next) } : {}),
    }
  })
}

/** Silences console.warn around `fn` (the SDK warns on every registration of a non-ASCII tool name). */
function quietly<T>(fn: () => T): T {
  const warn = console.warn
  console.warn = () => {}
  try {
    return fn()
  } finally {
    console.warn = warn
  }
}

function makeServer(stats: FixtureStats, options: FixtureOptions): McpServer {
  const mcp = new McpServer(FIXTURE_SERVER_INFO, {
    instructions: 'Fixture server for mcp-elements tests.',
    // McpServer adds tools/prompts/resources (+listChanged) and completions itself;
    // logging and resources.subscribe must be declared, or the SDK drops log
    // messages and leaves resourceSubscriptions out of a listen acknowledgement.
    capabilities: { logging: {}, resources: { subscribe: true, listChanged: true } },
    cacheHints: {
      'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
      'tools/list': { ttlMs: 60_000, cacheScope: 'public' },
      'prompts/list': { ttlMs: 60_000, cacheScope: 'public' },
      'resources/list': { ttlMs: 30_000, cacheScope: 'public' },
      'resources/templates/list': { ttlMs: 30_000, cacheScope: 'public' },
      'resources/read': { ttlMs: 5_000, cacheScope: 'private' },
    },
  })

  // ---- tools ---------------------------------------------------------------

  mcp.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns its input text.',
      icons: [{ src: ICON_SVG, mimeType: 'image/svg+xml', sizes: ['16x16'] }],
      inputSchema: z.object({ text: z.string().describe('Text to echo') }),
    },
    async ({ text: t }) => text(t),
  )

  mcp.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Adds two numbers.',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({ sum: z.number() }),
    },
    async ({ a, b }) => ({ ...text(String(a + b)), structuredContent: { sum: a + b } }),
  )

  mcp.registerTool(
    'slow_count',
    {
      description: 'Counts to n, one step every delayMs (default 50), reporting progress when asked.',
      inputSchema: z.object({ n: z.number().int().min(0), delayMs: z.number().int().min(0).optional() }),
    },
    async ({ n, delayMs = 50 }, ctx) => {
      const signal = ctx.mcpReq.signal
      const progressToken = ctx.mcpReq._meta?.progressToken
      try {
        for (let i = 1; i <= n; i++) {
          await sleep(delayMs, signal)
          if (progressToken !== undefined) {
            await ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken, progress: i, total: n, message: `step ${i}` },
            })
          }
        }
      } catch (error) {
        if (signal.aborted) stats.cancelled.push('slow_count')
        throw error
      }
      return text(`counted to ${n}`)
    },
  )

  mcp.registerTool(
    'log_levels',
    {
      description:
        'Logs one notifications/message at each of debug, info, warning, error. The SDK only sends those at or above ' +
        "_meta['io.modelcontextprotocol/logLevel'], and none when the request carries no logLevel.",
    },
    async (ctx) => {
      for (const level of ['debug', 'info', 'warning', 'error'] as const) {
        await ctx.mcpReq.log(level, { message: `a ${level} message` }, 'fixture')
      }
      return text('logged')
    },
  )

  mcp.registerTool(
    'region_query',
    {
      description: 'Runs a query in a region for a tenant; region, tenant.id, limit and dry_run are mirrored into Mcp-Param-* headers.',
      inputSchema: z.object({
        region: z.string().meta({ 'x-mcp-header': 'Region' }),
        tenant: z.object({ id: z.string().meta({ 'x-mcp-header': 'Tenant' }) }),
        limit: z.number().int().optional().meta({ 'x-mcp-header': 'Limit' }),
        dry_run: z.boolean().optional().meta({ 'x-mcp-header': 'Dry-Run' }),
        query: z.string().optional(),
      }),
    },
    async ({ region, tenant, limit, dry_run, query }) =>
      text(`region=${region} tenant=${tenant.id} limit=${limit ?? '-'} dry_run=${dry_run ?? '-'} query=${query ?? '-'}`),
  )

  const nameSchema = z.object({ name: z.string() })
  mcp.registerTool('ask_name', { description: 'Elicits a name (with requestState), returns "Hello, <name>".' }, async (ctx) => {
    const state = 'ask_name/round-1'
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'name')
    if (answer.kind === 'missing') {
      return inputRequired({
        inputRequests: { name: inputRequired.elicit({ message: 'What is your name?', requestedSchema: nameSchema }) },
        requestState: state,
      })
    }
    if (ctx.mcpReq.requestState() !== state) return { ...text('requestState was not echoed'), isError: true }
    if (answer.kind === 'elicit' && answer.action !== 'accept')
      return text(`Elicitation ${answer.action === 'decline' ? 'declined' : 'cancelled'}`)
    const content = acceptedContent(ctx.mcpReq.inputResponses, 'name', nameSchema)
    if (!content) return { ...text('Invalid elicitation content'), isError: true }
    return text(`Hello, ${content.name}`)
  })

  const samplingRequest = (question: string) =>
    inputRequired.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: question } }],
      maxTokens: 100,
    })
  const samplingText = (ctx: ServerContext, key: string): string | undefined => {
    const view = inputResponse(ctx.mcpReq.inputResponses, key)
    if (view.kind !== 'sampling') return undefined
    const content = view.result.content
    const blocks = Array.isArray(content) ? content : [content]
    return blocks.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('')
  }

  mcp.registerTool(
    'ask_model',
    {
      description: 'Asks the client LLM (sampling) a question and returns its answer.',
      inputSchema: z.object({ question: z.string().optional() }),
    },
    async ({ question = 'What is the capital of France?' }, ctx) => {
      const answer = samplingText(ctx, 'answer')
      if (answer === undefined) return inputRequired({ inputRequests: { answer: samplingRequest(question) } })
      return text(`Model said: ${answer}`)
    },
  )

  mcp.registerTool('list_roots', { description: 'Asks the client for its roots and lists their URIs.' }, async (ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, 'roots')
    if (view.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } })
    return {
      ...text(view.roots.map((r) => r.uri).join('\n') || '(no roots)'),
      structuredContent: { roots: view.roots },
    }
  })

  mcp.registerTool(
    'ask_both',
    { description: 'Elicits a name and samples the model in one round; re-asks whatever is missing.' },
    async (ctx) => {
      const name = acceptedContent(ctx.mcpReq.inputResponses, 'name', nameSchema)
      const model = samplingText(ctx, 'model')
      if (name && model !== undefined) return text(`name=${name.name} model=${model}`)
      return inputRequired({
        inputRequests: {
          ...(name ? {} : { name: inputRequired.elicit({ message: 'Your name?', requestedSchema: nameSchema }) }),
          ...(model !== undefined ? {} : { model: samplingRequest('Say hello.') }),
        },
      })
    },
  )

  // Round 1 asks "first"; round 2 asks "second" and carries the first answer in
  // requestState (the retry only carries responses for the latest round).
  // The state is plain JSON: tampering can only make this test tool answer wrongly.
  const answerSchema = z.object({ answer: z.string() })
  mcp.registerTool('two_rounds', { description: 'Asks two questions in successive rounds and returns both answers.' }, async (ctx) => {
    const raw = ctx.mcpReq.requestState<string>()
    const state = raw ? (JSON.parse(raw) as { first: string }) : undefined
    if (!state) {
      const first = acceptedContent(ctx.mcpReq.inputResponses, 'first', answerSchema)
      if (!first) {
        return inputRequired({
          inputRequests: { first: inputRequired.elicit({ message: 'First question?', requestedSchema: answerSchema }) },
        })
      }
      return inputRequired({
        inputRequests: { second: inputRequired.elicit({ message: 'Second question?', requestedSchema: answerSchema }) },
        requestState: JSON.stringify({ first: first.answer }),
      })
    }
    const second = acceptedContent(ctx.mcpReq.inputResponses, 'second', answerSchema)
    if (!second) {
      return inputRequired({
        inputRequests: { second: inputRequired.elicit({ message: 'Second question?', requestedSchema: answerSchema }) },
        requestState: raw,
      })
    }
    return { ...text(`first=${state.first} second=${second.answer}`), structuredContent: { first: state.first, second: second.answer } }
  })

  quietly(() =>
    mcp.registerTool(
      'unicode_名前',
      { description: 'A tool whose name is not a plain ASCII header value (Mcp-Name must be =?base64?…?=).' },
      async () => text('こんにちは'),
    ),
  )

  mcp.registerTool('fail', { description: 'Always returns a tool error (isError: true).' }, async () => ({
    ...text('this tool always fails'),
    isError: true,
  }))

  mcp.registerTool('throws', { description: 'Always answers with a JSON-RPC error (-32603).' }, async () => text('unreachable'))
  wrapRequestHandler(mcp, 'tools/call', (original) => async (request, ctx) => {
    if (request.params?.name === 'throws') {
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'The throws tool failed', { tool: 'throws' })
    }
    return original(request, ctx)
  })

  if (options.annotatedTools) {
    mcp.registerTool(
      'lookup',
      {
        title: 'Look up',
        description: 'Returns its key (annotated read-only and closed-world).',
        inputSchema: z.object({ key: z.string() }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ key }) => text(`value of ${key}`),
    )
  }

  if (options.invalidHeaderTools) {
    // Each of these violates an x-mcp-header rule; conforming clients must drop them.
    mcp.registerTool(
      'bad_number_header',
      { description: 'x-mcp-header on a number.', inputSchema: z.object({ n: z.number().meta({ 'x-mcp-header': 'N' }) }) },
      async () => text('bad'),
    )
    mcp.registerTool(
      'bad_items_header',
      {
        description: 'x-mcp-header under items.',
        inputSchema: z.object({ list: z.array(z.object({ id: z.string().meta({ 'x-mcp-header': 'Id' }) })) }),
      },
      async () => text('bad'),
    )
    mcp.registerTool(
      'bad_duplicate_header',
      {
        description: 'Two x-mcp-header values that differ only in case.',
        inputSchema: z.object({
          a: z.string().meta({ 'x-mcp-header': 'Dup' }),
          b: z.string().meta({ 'x-mcp-header': 'dup' }),
        }),
      },
      async () => text('bad'),
    )
    mcp.registerTool(
      'bad_token_header',
      {
        description: 'x-mcp-header that is not an HTTP token.',
        inputSchema: z.object({ s: z.string().meta({ 'x-mcp-header': 'Has Space' }) }),
      },
      async () => text('bad'),
    )
  }

  // ---- resources -----------------------------------------------------------

  mcp.registerResource(
    'greeting',
    'fixture://greeting',
    { title: 'Greeting', description: 'A text resource.', mimeType: 'text/plain', cacheHint: { ttlMs: 120_000, cacheScope: 'public' } },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Hello from the fixture server' }] }),
  )

  mcp.registerResource(
    'logo',
    'fixture://logo.png',
    { title: 'Logo', description: 'A blob resource (1x1 PNG).', mimeType: 'image/png' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: LOGO_PNG_BASE64 }] }),
  )

  mcp.registerResource(
    'user',
    new ResourceTemplate('fixture://users/{id}', {
      list: async () => ({
        resources: USER_IDS.map((id) => ({ uri: `fixture://users/${id}`, name: `user-${id}`, mimeType: 'application/json' })),
      }),
      complete: { id: (value) => USER_IDS.filter((id) => id.startsWith(value)) },
    }),
    { title: 'User', description: 'A user by id.', mimeType: 'application/json' },
    async (uri, { id }) => ({
      contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ id, name: String(id).toUpperCase() }) }],
    }),
  )

  const confirmSchema = z.object({ confirm: z.boolean() })
  mcp.registerResource(
    'secret',
    'fixture://secret',
    { title: 'Secret', description: 'Reading it requires confirming an elicitation.', mimeType: 'text/plain' },
    async (uri, ctx) => {
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmSchema)
      if (answer?.confirm !== true) {
        return inputRequired({
          inputRequests: { confirm: inputRequired.elicit({ message: 'Reveal the secret?', requestedSchema: confirmSchema }) },
        })
      }
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'the secret is 42' }] }
    },
  )

  // ---- prompts -------------------------------------------------------------

  mcp.registerPrompt(
    'greet',
    {
      title: 'Greet',
      description: 'Greets someone by name.',
      argsSchema: z.object({
        name: completable(z.string().describe('Who to greet'), (value) => PROMPT_NAMES.filter((n) => n.startsWith(value))),
      }),
    },
    ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Please greet ${name}.` } }] }),
  )

  mcp.registerPrompt('status', { title: 'Status', description: 'A prompt without arguments.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'Report the system status.' } }],
  }))

  if (options.pageSize !== undefined) {
    paginate(mcp, 'tools/list', 'tools', options.pageSize)
    paginate(mcp, 'prompts/list', 'prompts', options.pageSize)
    paginate(mcp, 'resources/list', 'resources', options.pageSize)
    paginate(mcp, 'resources/templates/list', 'resourceTemplates', options.pageSize)
  }

  return mcp
}

export async function startFixtureServer(options: FixtureOptions = {}): Promise<FixtureServer> {
  return serveMcp((stats) => makeServer(stats, options), options)
}

/**
 * Serves any official-SDK server on a loopback port the way the fixture is
 * served: stateless (a fresh McpServer per request, from `makeServer`), every
 * request recorded in `stats`, optional CORS. Other test servers (the element
 * tests' servers in test/support/servers/) are built on it.
 */
export async function serveMcp(
  makeServer: (stats: FixtureStats) => McpServer,
  options: Pick<FixtureOptions, 'cors' | 'keepAliveMs'> & {
    port?: number
    /** Sees each request (its parsed body) before the SDK does, and may answer it itself or look at the SDK's answer (`next()`). */
    front?: (request: Request, body: any, next: () => Promise<Response>) => Promise<Response>
  } = {},
): Promise<FixtureServer> {
  const stats: FixtureStats = { cancelled: [], requests: [] }
  const factory = () => makeServer(stats)
  // Two handlers over one event bus: the SDK can end listen streams gracefully
  // only through handler.close(), which would also abort in-flight calls and
  // disable the handler. So subscriptions/listen gets a handler of its own,
  // replaced by a fresh one whenever endSubscriptions() closes it.
  const bus = new InMemoryServerEventBus()
  const newHandler = (): McpHttpHandler =>
    createMcpHandler(factory, {
      responseMode: 'auto',
      bus,
      ...(options.keepAliveMs !== undefined && { keepAliveMs: options.keepAliveMs }),
    })
  const main = newHandler()
  let listen = newHandler()

  const served = await serveFetch(
    async (request) => {
      const raw = request.method === 'POST' ? await request.clone().text() : ''
      let body: any
      try {
        body = raw ? JSON.parse(raw) : undefined
      } catch {
        body = raw
      }
      stats.requests.push({ method: request.method, headers: Object.fromEntries(request.headers), body })
      const next = () => (body?.method === 'subscriptions/listen' ? listen : main).fetch(request)
      return options.front ? options.front(request, body, next) : next()
    },
    { cors: options.cors, port: options.port },
  )

  return {
    url: served.url,
    origin: served.origin,
    notify: main.notify,
    stats,
    async endSubscriptions() {
      const old = listen
      listen = newHandler()
      await old.close()
    },
    async close() {
      await Promise.all([main.close(), listen.close()])
      await served.close()
    },
  }
}

/** A server of test/support/servers/: a served SDK server, plus optional per-test switches. */
export interface TestServer extends FixtureServer {
  /** Called by POST /__fixture/control?server=N&action=A with the JSON body; what it returns is the response body. */
  control?(action: string, body: unknown): unknown | Promise<unknown>
}
