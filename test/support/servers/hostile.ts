// A hostile server, for test/browser/hostile.test.ts: every string it controls
// (server info, tool names, titles, descriptions, schemas, results, resources,
// prompts, completions, icons, elicitations) carries markup that would run
// script if it ever reached the DOM as HTML or a URL: `<script>`, `<img
// onerror>`, `<svg onload>`, `<iframe srcdoc>`, `javascript:` links, scripted
// SVG in data: URLs; and some strings are huge. Every payload that runs sets
// `window.__pwned` (or the parent's/top's) to where it came from, so a test
// that finds it set also learns which string got through.
import { McpServer, ResourceTemplate, completable, fromJsonSchema, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

/** The global every payload sets when it runs. */
export const TRAP = '__pwned'

/** JavaScript that springs the trap, naming `where`; only [a-z0-9.-] in `where`, so it nests in any quoting. */
const spring = (where: string, scope = 'window') => `${scope}.${TRAP}='${where}'`

/** A data: URL of an SVG that runs script when it is loaded as a document (never through `<img>`). */
function scriptedSvg(where: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="${spring(where, 'top')}"><script>${spring(where, 'top')}</script><circle r="4"/></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * HTML that runs script in every way HTML can when it is parsed as HTML: the
 * string the elements must show as text. Starts with `<script>` so a test can
 * look for that literal text.
 */
export function hostileHtml(where: string): string {
  return (
    `<script>${spring(where)}</script>` +
    `<img src=x onerror="${spring(where)}">` +
    `<svg onload="${spring(where)}"></svg>` +
    `<iframe srcdoc="<script>${spring(where, 'parent')}</script>"></iframe>` +
    `"><img src=x onerror=${spring(where)}>` +
    `<a href="javascript:${spring(where)}">click</a>`
  )
}

/**
 * The embedding page's origin, once the test says it (control `page-origin`): markdown then also aims an image
 * at a state-changing URL of the page's own site, which would carry the visitor's cookies if it loaded.
 */
let pageOrigin: string | undefined

/** The path on the page's site that hostile markdown images and icons aim at (nothing there: a test checks it was never requested). */
export const SAME_SITE_PATH = '/__fixture/logout'

/** Markdown whose links, images, autolinks, references and raw HTML would all run script if rendered naively. */
function hostileMarkdown(where: string): string {
  return [
    pageOrigin ? `A same-site ![pixel](${pageOrigin}${SAME_SITE_PATH}?from=${where}).` : '',
    '',
    `# Heading ${hostileHtml(`${where}.heading`)}`,
    '',
    `A [link](javascript:${spring(`${where}.link`)}) and an ![image](javascript:${spring(`${where}.image`)}) and a [vbscript](vbscript:msgbox) and a [data link](data:text/html;base64,${Buffer.from(`<script>${spring(where, 'top')}</script>`).toString('base64')}).`,
    '',
    `An autolink <javascript:${spring(`${where}.autolink`)}> and a [reference][evil] and ![scripted svg](${scriptedSvg(`${where}.svg`)}).`,
    '',
    `[evil]: javascript:${spring(`${where}.ref`)}`,
    '',
    `<div onmouseover="${spring(`${where}.div`)}">raw html block</div>`,
    '',
    '<script>',
    spring(`${where}.block`),
    '</script>',
    '',
    `<details open ontoggle="${spring(`${where}.toggle`)}"><summary>x</summary></details>`,
    '',
    // Markup spelled with character references: decoded (without the DOM, even under Trusted Types), it is still text.
    `Entities &lt;img src=x onerror=&quot;${spring(`${where}.entity`)}&quot;&gt; &amp;lt;b&amp;gt;`,
  ].join('\n')
}

/**
 * Icon sources that must never be loaded as a document: script URLs, scripted SVG, HTML, credentials in the URL;
 * and, once the page's origin is known, icons for both themes at a state-changing URL of the page's own site
 * (first and scalable, so that they would be the ones chosen if they were allowed).
 */
function hostileIcons(where: string) {
  const sameSite = (theme: 'light' | 'dark') => ({
    src: `${pageOrigin}${SAME_SITE_PATH}?from=${where}.icon-${theme}`,
    mimeType: 'image/png',
    sizes: ['any'],
    theme,
  })
  return [
    ...(pageOrigin ? [sameSite('light'), sameSite('dark')] : []),
    { src: `javascript:${spring(`${where}.icon-js`)}`, mimeType: 'image/png', sizes: ['16x16'] },
    { src: scriptedSvg(`${where}.icon-svg`), mimeType: 'image/svg+xml', sizes: ['any'] },
    { src: `data:text/html;base64,${Buffer.from(`<script>${spring(where, 'top')}</script>`).toString('base64')}`, mimeType: 'image/png' },
    { src: 'https://user:secret@icons.invalid/x.png', mimeType: 'image/png', sizes: ['24x24'] },
    {
      src: `https://icons.invalid/"><img src=x onerror="${spring(`${where}.icon-attr`)}">.png`,
      mimeType: 'image/png',
      theme: 'dark' as const,
    },
  ]
}

/** A string far longer than anything a page should render in full (2 MB of `<script>` text). */
const HUGE = (`${hostileHtml('huge')}\n`.repeat(Math.ceil(2_000_000 / hostileHtml('huge').length)) + 'END-OF-HUGE').slice(-2_000_000)

// Named here so tests can look for the exact text on screen.
const TOOL_NAME = `<img src=x onerror="${spring('tool.name')}">`
const TOOL_TITLE = hostileHtml('tool.title')
const RESULT_TOOL = 'hostile_result'
const PROMPT_NAME = `<script>${spring('prompt.name')}</script>`
const TEXT_RESOURCE_URI = 'hostile://text/%3Cscript%3E'
const MARKDOWN_RESOURCE_URI = 'hostile://markdown'
const HTML_RESOURCE_URI = 'hostile://page.html'

const png1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const base64 = (s: string) => Buffer.from(s).toString('base64')

/** Every kind of content block, each carrying payloads. */
function hostileContent(where: string) {
  return [
    { type: 'text' as const, text: hostileHtml(`${where}.text`) },
    { type: 'text' as const, text: hostileMarkdown(`${where}.md`) },
    // A scripted SVG as an image block: safe only if it is drawn with <img>.
    {
      type: 'image' as const,
      data: base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${spring(`${where}.image`, 'top')}"></svg>`),
      mimeType: 'image/svg+xml',
    },
    // HTML claiming to be an image, and a MIME type that tries to break out of an attribute.
    { type: 'image' as const, data: base64(hostileHtml(`${where}.image-html`)), mimeType: 'text/html' },
    { type: 'image' as const, data: png1x1, mimeType: `image/png" onerror="${spring(`${where}.image-mime`)}` },
    { type: 'audio' as const, data: base64('not audio'), mimeType: `audio/wav" onerror="${spring(`${where}.audio-mime`)}` },
    {
      type: 'resource_link' as const,
      uri: `javascript:${spring(`${where}.link`)}`,
      name: hostileHtml(`${where}.link-name`),
      title: hostileHtml(`${where}.link-title`),
      description: hostileHtml(`${where}.link-description`),
      mimeType: 'text/html',
    },
    {
      type: 'resource' as const,
      resource: { uri: 'hostile://embedded.html', mimeType: 'text/html', text: hostileHtml(`${where}.embedded-html`) },
    },
    {
      type: 'resource' as const,
      resource: {
        uri: 'hostile://embedded.svg',
        mimeType: 'image/svg+xml',
        blob: base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${spring(`${where}.embedded-svg`, 'top')}"></svg>`),
      },
    },
    {
      type: 'resource' as const,
      resource: { uri: 'hostile://embedded.md', mimeType: 'text/markdown', text: hostileMarkdown(`${where}.embedded-md`) },
    },
  ]
}

const ANNOTATED_TOOL = 'hostile_annotated'

/**
 * Blocks whose annotations are hostile (markup meant for the model only, priorities no schema allows, audiences of
 * the wrong type) and resource links to script URLs, data: URLs, hostile resources and URIs that break out of quoting.
 * One sane block (priority 1) must still come first: the absurd priorities count as absent.
 */
function hostileAnnotated() {
  return [
    { type: 'text', text: hostileHtml('annotated.model'), annotations: { audience: ['assistant'] } },
    { type: 'text', text: hostileHtml('annotated.nan'), annotations: { priority: 'NaN', audience: 'assistant' } },
    { type: 'text', text: hostileHtml('annotated.negative'), annotations: { priority: -1, audience: [hostileHtml('annotated.audience')] } },
    { type: 'text', text: hostileHtml('annotated.huge'), annotations: { priority: 1e308, audience: ['assistant', 'assistant'] } },
    { type: 'text', text: hostileHtml('annotated.object'), annotations: { priority: { valueOf: 1 }, lastModified: hostileHtml('x') } },
    { type: 'text', text: hostileHtml('annotated.null'), annotations: null },
    { type: 'text', text: 'the one sane block', annotations: { priority: 1 } },
    { type: 'resource_link', uri: `javascript:${spring('annotated.link-js')}`, name: hostileHtml('annotated.link-js-name') },
    {
      type: 'resource_link',
      uri: `data:text/html;base64,${base64(`<script>${spring('annotated.link-data', 'top')}</script>`)}`,
      name: hostileHtml('annotated.link-data-name'),
    },
    { type: 'resource_link', uri: HTML_RESOURCE_URI, name: 'html page', title: hostileHtml('annotated.link-html-title') },
    { type: 'resource_link', uri: 'hostile://image.svg', name: 'scripted svg', mimeType: 'image/svg+xml' },
    { type: 'resource_link', uri: MARKDOWN_RESOURCE_URI, name: 'markdown', mimeType: 'text/markdown' },
    {
      type: 'resource_link',
      uri: `hostile://"><img src=x onerror="${spring('annotated.link-uri')}">`,
      name: hostileHtml('annotated.link-uri-name'),
      annotations: { audience: ['assistant'] },
    },
  ]
}

function makeServer(): McpServer {
  const mcp = new McpServer(
    {
      name: hostileHtml('server.name'),
      title: hostileHtml('server.title'),
      version: hostileHtml('server.version'),
      websiteUrl: `javascript:${spring('server.website')}`,
      description: hostileHtml('server.description'),
      icons: hostileIcons('server'),
    },
    {
      instructions: hostileMarkdown('server.instructions'),
      capabilities: { resources: { subscribe: true, listChanged: true } },
    },
  )

  // ---- tools ---------------------------------------------------------------

  // A raw JSON Schema, so property names, titles, enum values and defaults can all carry markup.
  const hostileSchema = {
    type: 'object',
    title: hostileHtml('schema.title'),
    description: hostileHtml('schema.description'),
    properties: {
      [hostileHtml('schema.key')]: { type: 'string', description: hostileHtml('schema.key-description') },
      text: { type: 'string', title: hostileHtml('schema.text-title'), default: hostileHtml('schema.default'), format: 'uri' },
      choice: { type: 'string', enum: [hostileHtml('schema.enum-a'), 'plain'], description: hostileMarkdown('schema.md') },
      titled: {
        type: 'string',
        oneOf: [
          { const: 'a', title: hostileHtml('schema.const-title') },
          { const: hostileHtml('schema.const'), title: 'b' },
        ],
      },
    },
  }

  const quietly = <T>(fn: () => T): T => {
    // The SDK warns on tool names outside its recommended character set; that is the point here.
    const warn = console.warn
    console.warn = () => {}
    try {
      return fn()
    } finally {
      console.warn = warn
    }
  }

  quietly(() =>
    mcp.registerTool(
      TOOL_NAME,
      {
        title: TOOL_TITLE,
        description: hostileHtml('tool.description'),
        icons: hostileIcons('tool'),
        annotations: { title: hostileHtml('tool.annotation-title'), destructiveHint: true, openWorldHint: true },
        inputSchema: fromJsonSchema(hostileSchema as never),
      },
      async () => ({ content: [{ type: 'text', text: hostileHtml('tool.result') }] }),
    ),
  )

  mcp.registerTool(
    RESULT_TOOL,
    {
      title: 'Hostile result',
      description: hostileMarkdown('result.description'),
      outputSchema: z.object({ [hostileHtml('output.key')]: z.string() }).passthrough(),
    },
    async () => ({
      content: hostileContent('result'),
      structuredContent: {
        [hostileHtml('output.key')]: hostileHtml('output.value'),
        nested: { [`javascript:${spring('output.nested')}`]: HUGE.slice(0, 100_000) },
      },
    }),
  )

  mcp.registerTool(ANNOTATED_TOOL, { description: 'Hostile annotations and resource links.' }, async () => ({ content: [] }))
  // Its result is one the SDK's schema check refuses (a priority of "NaN"): sent past the check, as a hostile server would.
  const protocol = mcp.server as unknown as { _requestHandlers: Map<string, (request: unknown, ctx: unknown) => Promise<unknown>> }
  const checked = protocol._requestHandlers.get('tools/call')!
  protocol._requestHandlers.set('tools/call', async (request, ctx) =>
    (request as { params: { name?: unknown } }).params.name === ANNOTATED_TOOL
      ? { resultType: 'complete', content: hostileAnnotated() }
      : checked(request, ctx),
  )

  mcp.registerTool('hostile_error', { description: 'Fails with markup in its error text.' }, async () => ({
    content: [{ type: 'text', text: hostileHtml('error.text') }],
    isError: true,
  }))

  mcp.registerTool('hostile_huge', { title: 'Huge', description: HUGE.slice(0, 200_000) }, async () => ({
    content: [{ type: 'text', text: HUGE }],
  }))

  // Left out by the client (an x-mcp-header on a number breaks the transport's rules): shown only in the invalid-tools warning.
  quietly(() =>
    mcp.registerTool(
      hostileHtml('invalid.name').slice(0, 120),
      { description: hostileHtml('invalid.description'), inputSchema: z.object({ n: z.number().meta({ 'x-mcp-header': 'N' }) }) },
      async () => ({ content: [] }),
    ),
  )

  // Two rounds: a form, then a URL. The retry of a round carries only that round's answer, so the first answer
  // travels in requestState.
  mcp.registerTool('hostile_elicit', { description: 'Asks in both elicitation modes, with markup and script URLs.' }, async (ctx) => {
    const url = inputResponse(ctx.mcpReq.inputResponses, 'url')
    if (url.kind === 'elicit') return { content: [{ type: 'text', text: `answered ${ctx.mcpReq.requestState()} and ${url.action}` }] }
    const form = inputResponse(ctx.mcpReq.inputResponses, 'form')
    if (form.kind === 'elicit') {
      return inputRequired({
        inputRequests: {
          url: inputRequired.elicitUrl({ message: hostileHtml('elicit.url-message'), url: `javascript:${spring('elicit.url')}` }),
        },
        requestState: form.action,
      })
    }
    return inputRequired({
      inputRequests: {
        form: inputRequired.elicit({
          message: hostileHtml('elicit.message'),
          requestedSchema: {
            type: 'object',
            properties: {
              [hostileHtml('elicit.key')]: {
                type: 'string',
                title: hostileHtml('elicit.title'),
                description: hostileHtml('elicit.description'),
              },
              pick: { type: 'string', enum: [hostileHtml('elicit.enum')] },
            },
          } as never,
        }),
      },
    })
  })

  // ---- resources -----------------------------------------------------------

  mcp.registerResource(
    hostileHtml('resource.name'),
    TEXT_RESOURCE_URI,
    {
      title: hostileHtml('resource.title'),
      description: hostileHtml('resource.description'),
      mimeType: 'text/plain',
      icons: hostileIcons('resource'),
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: hostileHtml('resource.text') }] }),
  )
  mcp.registerResource('markdown', MARKDOWN_RESOURCE_URI, { title: 'Markdown', mimeType: 'text/markdown' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: hostileMarkdown('resource.md') }],
  }))
  mcp.registerResource('html page', HTML_RESOURCE_URI, { title: 'HTML page', mimeType: 'text/html' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/html', text: hostileHtml('resource.html') }],
  }))
  mcp.registerResource('scripted svg', 'hostile://image.svg', { title: 'SVG', mimeType: 'image/svg+xml' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/svg+xml', blob: scriptedSvg('resource.svg').split(',')[1]! }],
  }))
  // HTML sent as a PDF: opened as application/pdf in a tab of its own (the PDF viewer), where it cannot script the page.
  mcp.registerResource('fake pdf', 'hostile://fake.pdf', { title: 'Fake PDF', mimeType: 'application/pdf' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'application/pdf', blob: base64(hostileHtml('resource.pdf')) }],
  }))
  mcp.registerResource('json', 'hostile://data.json', { title: 'JSON', mimeType: 'application/json' }, async (uri) => ({
    contents: [
      { uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ [hostileHtml('json.key')]: hostileHtml('json.value') }) },
    ],
  }))
  mcp.registerResource('huge', 'hostile://huge.txt', { title: 'Huge text', mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: HUGE }],
  }))
  mcp.registerResource(
    'download',
    `hostile://files/${encodeURIComponent('<script>x</script>.exe')}`,
    { title: 'Binary', mimeType: `application/octet-stream" onclick="${spring('resource.mime')}` },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/octet-stream', blob: base64(hostileHtml('resource.binary')) }] }),
  )
  mcp.registerResource(
    hostileHtml('template.name'),
    new ResourceTemplate('hostile://things/{id}', {
      list: undefined,
      complete: { id: () => [hostileHtml('template.completion'), `javascript:${spring('template.completion-js')}`] },
    }),
    { title: hostileHtml('template.title'), description: hostileHtml('template.description'), mimeType: 'text/plain' },
    async (uri, { id }) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: `${String(id)} ${hostileHtml('template.text')}` }],
    }),
  )

  // ---- prompts -------------------------------------------------------------

  mcp.registerPrompt(
    PROMPT_NAME,
    {
      title: hostileHtml('prompt.title'),
      description: hostileHtml('prompt.description'),
      icons: hostileIcons('prompt'),
      argsSchema: z.object({
        topic: completable(z.string().describe(hostileHtml('prompt.argument')), () => [hostileHtml('prompt.completion')]).optional(),
      }),
    },
    () => ({
      description: hostileHtml('prompt.result-description'),
      messages: hostileContent('prompt').map((content, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content })),
    }),
  )

  return mcp
}

export async function startServer(): Promise<TestServer> {
  const server = await serveMcp(() => makeServer(), { cors: true })
  return {
    ...server,
    control(action: string, body: unknown) {
      if (action !== 'page-origin') throw new Error(`hostile: no control ${action}`)
      pageOrigin = new URL(String((body as { origin?: unknown })?.origin)).origin
    },
  }
}
