// A server with 1,000 tools, for the tool list's speed and filter: four areas
// (weather, finance, maps, mail) in turn, every annotation in a fixed pattern,
// and an icon on every tenth tool.
import { McpServer } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'

export const TOOL_COUNT = 1000
const AREAS = ['weather', 'finance', 'maps', 'mail']
const ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>').toString('base64')}`

export async function startServer(): Promise<TestServer> {
  return serveMcp(
    () => {
      const mcp = new McpServer({ name: 'many-tools', version: '1.0.0' })
      for (let i = 0; i < TOOL_COUNT; i++) {
        const area = AREAS[i % AREAS.length]
        const title = `${area[0].toUpperCase()}${area.slice(1)} tool ${i}`
        mcp.registerTool(
          `${area}_${String(i).padStart(4, '0')}`,
          {
            // Every hundredth tool has its title in annotations.title only.
            ...(i % 100 !== 1 && { title }),
            description: `Does task ${i} in the ${area} area.`,
            annotations: {
              readOnlyHint: i % 2 === 0,
              idempotentHint: i % 3 === 0,
              destructiveHint: i % 5 === 0,
              openWorldHint: i % 7 === 0,
              ...(i % 100 === 1 && { title: `${title} (annotations)` }),
            },
            ...(i % 10 === 0 && { icons: [{ src: ICON, mimeType: 'image/svg+xml' }] }),
          },
          async () => ({ content: [{ type: 'text', text: `task ${i}` }] }),
        )
      }
      return mcp
    },
    { cors: true },
  )
}
