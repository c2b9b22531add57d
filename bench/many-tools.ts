// A server with many tools (1,000 by default) for the element benchmark: the
// official SDK server served like the test fixtures (stateless, CORS), tools
// named `${verb}_${noun}_${n}` so a typed filter narrows step by step, with
// titles, descriptions, small schemas, annotations and an icon on some.
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type FixtureServer } from '../test/support/fixture-server.js'

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'sync', 'export', 'import', 'archive']
const NOUNS = ['user', 'invoice', 'order', 'ticket', 'project', 'file', 'report', 'contact', 'event', 'message']
const ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3"/></svg>').toString('base64')}`

interface ManyTool {
  name: string
  title: string
  description: string
  verb: string
}

/** The tools the server lists, in order. */
function manyTools(count: number): ManyTool[] {
  return Array.from({ length: count }, (_, i) => {
    const verb = VERBS[i % VERBS.length]!
    const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]!
    const n = String(i).padStart(4, '0')
    return {
      name: `${verb}_${noun}_${n}`,
      title: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${noun} ${n}`,
      description: `${verb[0]!.toUpperCase()}${verb.slice(1)}s a ${noun} record in workspace ${n}; returns the ${noun} as JSON with its id, owner and timestamps.`,
      verb,
    }
  })
}

export function startManyToolsServer(count = 1000): Promise<FixtureServer> {
  const tools = manyTools(count)
  const inputSchema = z.object({
    id: z.string().describe('Record id'),
    limit: z.number().int().min(1).max(100).optional(),
    verbose: z.boolean().optional(),
  })
  return serveMcp(
    () => {
      const mcp = new McpServer(
        { name: 'many-tools', version: '1.0.0' },
        { cacheHints: { 'tools/list': { ttlMs: 600_000, cacheScope: 'public' } } },
      )
      for (const [i, tool] of tools.entries()) {
        mcp.registerTool(
          tool.name,
          {
            title: tool.title,
            description: tool.description,
            inputSchema,
            annotations: {
              readOnlyHint: ['get', 'list', 'search', 'export'].includes(tool.verb),
              destructiveHint: tool.verb === 'delete',
              idempotentHint: tool.verb !== 'create',
            },
            ...(i % 10 === 0 && { icons: [{ src: ICON, mimeType: 'image/svg+xml', sizes: ['any'] }] }),
          },
          async ({ id }) => ({ content: [{ type: 'text', text: `${tool.name} ${id}` }] }),
        )
      }
      return mcp
    },
    { cors: true },
  )
}
