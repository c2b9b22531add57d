// Resources that change, for the <mcp-resource-list> and <mcp-resource-view> suites.
//
// - `live://note` is a text resource whose text `control('update', { text })`
//   changes; the server then publishes notifications/resources/updated for it.
// - `control('add', { name, uri, text })` adds a resource and publishes
//   notifications/resources/list_changed.
// - `live://flaky` fails its next `control('fail-next', { count })` reads with a
//   JSON-RPC error, then reads fine (for Retry).
// - `live://files/{folder}/{name}` is a two-variable template whose `name`
//   completion depends on the `folder` already filled in (context arguments).
// - `live://hostile` carries markup, a script tag and a `javascript:` URL in its
//   name, title, description and text (the elements must show them as text).
// - `control('junk', { on: true })` makes resources/list and
//   resources/templates/list also carry entries that are not resources (null,
//   a number, objects with fields of the wrong types), as a broken server might,
//   and reading `live://note` answer contents that are not a list.
// - `control('empty', { on: true })`: the server still offers resources, and lists none (nor templates).
// - `control('reset')` puts everything back.
// - The tool `annotated` returns text blocks with `annotations` (audience and priority, some absent, some equal),
//   the tool `linked` resource links: to a file of the template, live://flaky, an unknown live:// URI and an https page.
import { McpServer, ProtocolError, ProtocolErrorCode, ResourceTemplate, type CallToolResult } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'

export const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>javascript:alert(1)'
const FILES: Record<string, string[]> = { docs: ['readme.md', 'guide.md'], src: ['main.ts', 'util.ts'] }

/** Listing entries no schema allows. */
export const JUNK: unknown[] = [
  null,
  42,
  'a string',
  { name: 7, uri: { not: 'a string' }, icons: 'nope', size: 'big' },
  { uri: 'live://junk-only-uri' },
]

// McpServer has no hook to send what its types forbid, so the list handlers it
// installed are wrapped (_getRequestHandler is protected API of the SDK's Protocol class, as in ../fixture-server.ts).
type RawHandler = (request: unknown, ctx: unknown) => Promise<Record<string, unknown>>
function wrap(mcp: McpServer, method: string, wrapper: (original: RawHandler) => RawHandler): void {
  const server = mcp.server as unknown as { _getRequestHandler(m: string): RawHandler; setRequestHandler(m: string, h: RawHandler): void }
  server.setRequestHandler(method, wrapper(server._getRequestHandler(method)))
}
function appendJunk(mcp: McpServer, method: string, key: string): void {
  wrap(mcp, method, (original) => async (request, ctx) => {
    const result = await original(request, ctx)
    return { ...result, [key]: [...(result[key] as unknown[]), ...JUNK] }
  })
}

/** Blocks in the server's order; the texts say where they rank (priority 1 first, absent as 0.5, 0 last). */
const ANNOTATED: CallToolResult['content'] = [
  { type: 'text', text: 'unmarked first' },
  { type: 'text', text: 'optional', annotations: { priority: 0 } },
  { type: 'text', text: 'for the model only', annotations: { audience: ['assistant'], priority: 0.5 } },
  { type: 'text', text: 'required', annotations: { priority: 1, audience: ['user'] } },
  { type: 'text', text: 'for both', annotations: { audience: ['user', 'assistant'] } },
  { type: 'text', text: 'also required', annotations: { priority: 1 } },
]

const LINKED: CallToolResult['content'] = [
  { type: 'text', text: 'Here are the files.' },
  { type: 'resource_link', uri: 'live://files/docs/readme.md', name: 'readme.md', title: 'Read me', mimeType: 'text/plain' },
  { type: 'resource_link', uri: 'live://flaky', name: 'flaky', description: 'Fails when told to.' },
  { type: 'resource_link', uri: 'live://nowhere', name: 'nowhere' },
  { type: 'resource_link', uri: 'https://example.com/page', name: 'page' },
]

interface Extra {
  name: string
  uri: string
  text: string
}

export async function startServer(): Promise<TestServer> {
  let note = 'first version'
  let failures = 0
  let extras: Extra[] = []
  let junk = false
  let empty = false

  const served = await serveMcp(
    () => {
      const mcp = new McpServer(
        { name: 'resources-test', version: '1.0.0' },
        { capabilities: { resources: { subscribe: true, listChanged: true } } },
      )
      if (empty) {
        // The SDK answers resources/list once a resource is registered: one, disabled, is left out of the list.
        mcp.registerResource('hidden', 'live://hidden', {}, async (uri) => ({ contents: [{ uri: uri.href, text: '' }] })).disable()
        return mcp
      }
      mcp.registerResource(
        'note',
        'live://note',
        { title: 'Note', description: 'Text that changes.', mimeType: 'text/plain', size: 2048 },
        async (uri) => ({
          contents: [{ uri: uri.href, mimeType: 'text/plain', text: note }],
        }),
      )
      mcp.registerResource('flaky', 'live://flaky', { title: 'Flaky', mimeType: 'text/plain' }, async (uri) => {
        if (failures > 0) {
          failures--
          throw new ProtocolError(ProtocolErrorCode.InternalError, 'The disk is on fire')
        }
        return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'read at last' }] }
      })
      mcp.registerResource(HOSTILE, 'live://hostile', { title: HOSTILE, description: HOSTILE, mimeType: 'text/plain' }, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'text/plain', text: HOSTILE }],
      }))
      mcp.registerResource(
        'file',
        new ResourceTemplate('live://files/{folder}/{name}', {
          list: undefined,
          complete: {
            folder: (value) => Object.keys(FILES).filter((f) => f.startsWith(value)),
            name: (value, context) => (FILES[context?.arguments?.folder ?? ''] ?? []).filter((n) => n.startsWith(value)),
          },
        }),
        { title: 'File', description: 'A file in a folder.', mimeType: 'text/plain' },
        async (uri, { folder, name }) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `contents of ${folder}/${name}` }] }),
      )
      mcp.registerTool('annotated', { description: 'Blocks with audience and priority annotations.' }, async () => ({ content: ANNOTATED }))
      mcp.registerTool('linked', { description: 'Resource links.' }, async () => ({ content: LINKED }))
      // Its tools never change: the server offers list changes of resources only (what the <mcp-server> tests listen for).
      mcp.server.registerCapabilities({ tools: { listChanged: false } })
      for (const extra of extras) {
        mcp.registerResource(extra.name, extra.uri, { mimeType: 'text/plain' }, async (uri) => ({
          contents: [{ uri: uri.href, mimeType: 'text/plain', text: extra.text }],
        }))
      }
      if (junk) {
        appendJunk(mcp, 'resources/list', 'resources')
        appendJunk(mcp, 'resources/templates/list', 'resourceTemplates')
        wrap(
          mcp,
          'resources/read',
          (original) => async (request, ctx) =>
            (request as { params: { uri: string } }).params.uri === 'live://note' ? { contents: 'not a list' } : original(request, ctx),
        )
      }
      return mcp
    },
    { cors: true },
  )

  return {
    ...served,
    control(action, body) {
      const input = (body ?? {}) as Record<string, unknown>
      switch (action) {
        case 'update':
          note = String(input.text)
          served.notify.resourceUpdated('live://note')
          return
        case 'add':
          extras = [...extras, { name: String(input.name), uri: String(input.uri), text: String(input.text ?? '') }]
          served.notify.resourcesChanged()
          return
        case 'fail-next':
          failures = Number(input.count ?? 1)
          return
        case 'junk':
          junk = (input.on as boolean) === true
          return
        case 'empty':
          empty = (input.on as boolean) === true
          return
        case 'reset':
          junk = false
          empty = false
          note = 'first version'
          failures = 0
          extras = []
          return
        default:
          throw new Error(`unknown action ${action}`)
      }
    },
  }
}
