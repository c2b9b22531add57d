// Lists with cache hints, for the prompt and resource lists' stale-then-fresh
// and windowing tests and the IndexedDB quota test (the prompts and resources
// servers send no cache hints; the cache server has no prompts).
//
// - Every list (server/discover, tools/list, prompts/list, resources/list)
//   carries `ttlMs` (public), set by `control('reset', { ttlMs, count })`.
// - Two tools `alpha_vN`, `beta_vN`, two prompts `draft_vN`, `review_vN` and two
//   resources `list://note-vN`, `list://log-vN` (and one template, `list://item/{n}`), where N is a version that
//   `control('bump')` raises without telling anyone (the cached lists go out of
//   date silently, as a server's do between visits).
// - `count` (default 0) adds that many prompts `prompt_0000`… and resources
//   `list://item/0000`…, every one titled and described, for lists of a thousand.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'

export async function startServer(): Promise<TestServer> {
  let version = 1
  let ttlMs = 60_000
  let count = 0
  const served = await serveMcp(
    () => {
      const hint = { ttlMs, cacheScope: 'public' as const }
      const mcp = new McpServer(
        { name: 'cached-lists', version: '1.0.0' },
        {
          capabilities: { prompts: {}, resources: {}, tools: {} },
          cacheHints: { 'server/discover': hint, 'tools/list': hint, 'prompts/list': hint, 'resources/list': hint },
        },
      )
      for (const name of [`alpha_v${version}`, `beta_v${version}`]) {
        mcp.registerTool(name, { title: `Tool ${name}`, description: `Version ${version} of the list.` }, async () => ({
          content: [{ type: 'text', text: name }],
        }))
      }
      const prompt = (name: string, title: string, description: string) =>
        mcp.registerPrompt(name, { title, description }, () => ({ messages: [{ role: 'user', content: { type: 'text', text: name } }] }))
      prompt(`draft_v${version}`, `Draft (version ${version})`, `Version ${version} of the prompts.`)
      prompt(`review_v${version}`, `Review (version ${version})`, `Version ${version} of the prompts.`)
      const resource = (name: string, uri: string, title: string) =>
        mcp.registerResource(name, uri, { title, description: `${title}, described.`, mimeType: 'text/plain' }, async (u) => ({
          contents: [{ uri: u.href, mimeType: 'text/plain', text: title }],
        }))
      resource(`note-v${version}`, `list://note-v${version}`, `Note (version ${version})`)
      resource(`log-v${version}`, `list://log-v${version}`, `Log (version ${version})`)
      mcp.registerResource(
        'item by number',
        new ResourceTemplate('list://item/{n}', { list: undefined }),
        { title: 'Item by number', mimeType: 'text/plain' },
        async (uri, { n }) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Item ${n}` }] }),
      )
      for (let i = 0; i < count; i++) {
        const n = String(i).padStart(4, '0')
        prompt(`prompt_${n}`, `Prompt ${n}`, `Prompt number ${i} of ${count}.`)
        resource(`item-${n}`, `list://item/${n}`, `Item ${n}`)
      }
      return mcp
    },
    { cors: true },
  )
  return {
    ...served,
    control(action, body) {
      const input = (body ?? {}) as { ttlMs?: number; count?: number }
      if (action === 'reset') {
        version = 1
        ttlMs = input.ttlMs ?? 60_000
        count = input.count ?? 0
        served.stats.requests.length = 0
      } else if (action === 'bump') {
        version++
      } else {
        throw new Error(`cached-lists: unknown action ${action}`)
      }
    },
  }
}
