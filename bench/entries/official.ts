// Bundle-size entry: the same app on the official @modelcontextprotocol/client
// 2.4 in its 2026-07-28 mode (versionNegotiation pinned: the connect is a
// server/discover, then every request carries the per-request _meta).
// MRTR input requests are answered by the handler registered for
// elicitation/create; listen() opens a subscriptions/listen stream whose
// notifications go to setNotificationHandler registrations.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'

export async function run(url: string, askUser: (message: string) => Promise<Record<string, string>>): Promise<unknown> {
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  )
  client.setRequestHandler('elicitation/create', async (request) => ({
    action: 'accept',
    content: await askUser(request.params.message),
  }))
  client.setNotificationHandler('notifications/tools/list_changed', (n) => console.log(n))
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  const discovered = await client.discover()
  const { tools } = await client.listTools()
  const result = await client.callTool({ name: tools[0]!.name, arguments: { text: 'hi' } }, { onprogress: (p) => console.log(p.progress) })
  const subscription = await client.listen({ toolsListChanged: true })
  await subscription.close()
  await client.close()
  return { discovered, tools, result }
}
