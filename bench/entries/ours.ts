// Bundle-size entry: what a browser app using mcp-elements' client for
// discover, listTools, callTool (with an elicitation handler answering the
// server's input requests) and listen pulls in. Exported so tree-shaking has
// to keep every call.
import { McpClient } from '../../src/client/index.js'

export async function run(url: string, askUser: (message: string) => Promise<Record<string, string>>): Promise<unknown> {
  const client = new McpClient(url, {
    handlers: { elicitation: async (params) => ({ action: 'accept', content: await askUser(params.message) }) },
  })
  const discovered = await client.discover()
  const tools = await client.listTools()
  const result = await client.callTool(tools[0]!.name, { text: 'hi' }, { onProgress: (p) => console.log(p.progress) })
  const subscription = client.listen({ toolsListChanged: true })
  subscription.addEventListener('notification', (e) => console.log((e as CustomEvent).detail))
  await subscription.acknowledged
  subscription.close()
  return { discovered, tools, result }
}
