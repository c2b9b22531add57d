// One tool with an icon in two variants, one for light backgrounds and one
// for dark (SVGs of different colours), so a test can see which one a list
// draws for a theme.
import { McpServer } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'

const svg = (fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="${fill}"/></svg>`).toString('base64')}`
/** For a light background: a dark square. */
export const FOR_LIGHT = svg('black')
/** For a dark background: a light square. */
export const FOR_DARK = svg('white')

export function startServer(): Promise<TestServer> {
  return serveMcp(
    () => {
      const mcp = new McpServer({ name: 'themed', version: '1.0.0' })
      mcp.registerTool(
        'paint',
        {
          description: 'Has an icon for each theme.',
          icons: [
            { src: FOR_LIGHT, mimeType: 'image/svg+xml', theme: 'light' },
            { src: FOR_DARK, mimeType: 'image/svg+xml', theme: 'dark' },
          ],
        },
        async () => ({ content: [{ type: 'text', text: 'painted' }] }),
      )
      return mcp
    },
    { cors: true },
  )
}
