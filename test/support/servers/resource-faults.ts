// A resource with live updates behind ./front.ts, for what the SDK server never sends on its own: the front's `push`
// puts any notification on the open listen streams (an update of a sub-resource, which the SDK sends only for a URI
// subscribed to exactly), and its `discover-error` mode fails server/discover while reads still work.
// `control('update', { text })` changes `faults://folder` and notifies as a server should; `reset` puts it back.
import { McpServer } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { frontServer } from './front.js'

export async function startServer(): Promise<TestServer> {
  let text = 'the folder'
  const backend = await serveMcp(
    () => {
      const mcp = new McpServer({ name: 'resource-faults', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } })
      mcp.registerResource('folder', 'faults://folder', { title: 'Folder', mimeType: 'text/plain' }, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'text/plain', text }],
      }))
      return mcp
    },
    { cors: true },
  )
  const front = await frontServer(backend, (action, body: { text?: string } | null) => {
    if (action === 'reset') text = 'the folder'
    else if (action === 'update') {
      text = String(body?.text)
      backend.notify.resourceUpdated('faults://folder')
    } else throw new Error(`resource-faults: unknown action ${action}`)
  })
  return {
    ...front,
    // The mode goes back to `ok` with the rest, so one test's fault does not outlive it.
    control: (action, body) =>
      action === 'reset'
        ? Promise.all([front.control!('mode', { mode: 'ok' }), front.control!(action, body)])
        : front.control!(action, body),
  }
}
