// A server whose tool list changes while a page is open: `add-tool` and
// `remove-tool` change it and tell open listen streams (unless `notify` is
// false, to test what a reconnect alone brings); `reset` restores it. A tool
// added with `badHeader` has a definition the client must leave out (an
// x-mcp-header on a number). Its
// serverInfo has a title and an icon. Served behind ./front.ts, so listen
// streams can also be dropped.
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { frontServer } from './front.js'

const BASE_TOOLS = ['alpha', 'beta']
const LIVE_ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4"/></svg>',
).toString('base64')}`

export async function startServer(): Promise<TestServer> {
  let tools = [...BASE_TOOLS]
  const badHeader = new Set<string>()
  const backend = await serveMcp(
    () => {
      const mcp = new McpServer(
        { name: 'live-server', title: 'Live Tools', version: '2.0.0', icons: [{ src: LIVE_ICON, mimeType: 'image/svg+xml' }] },
        {
          instructions: 'Tools come and go.\nWatch the list.',
          // Long-lived listings: a list that updates must have been told to, not have timed out.
          cacheHints: {
            'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
            'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' },
          },
        },
      )
      for (const name of tools) {
        const inputSchema = badHeader.has(name) ? z.object({ n: z.number().meta({ 'x-mcp-header': 'N' }) }) : undefined
        mcp.registerTool(name, { title: `Tool ${name}`, description: `The ${name} tool.`, inputSchema }, async () => ({
          content: [{ type: 'text', text: name }],
        }))
      }
      return mcp
    },
    { cors: true },
  )
  return frontServer(backend, (action, body: { name?: string; notify?: boolean; badHeader?: boolean } | null) => {
    if (action === 'reset') {
      tools = [...BASE_TOOLS]
      badHeader.clear()
    } else if (action === 'add-tool' && body?.name) {
      tools.push(body.name)
      if (body.badHeader) badHeader.add(body.name)
      else badHeader.delete(body.name)
    } else if (action === 'remove-tool' && body?.name) tools = tools.filter((t) => t !== body.name)
    else throw new Error(`live: unknown action ${action}`)
    if (action !== 'reset' && body?.notify !== false) backend.notify.toolsChanged()
  })
}
