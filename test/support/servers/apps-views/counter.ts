// Calls server tools through the host: one visible to apps (allowed), one visible to the model only (refused).
import { App, body, report } from './report.js'

const app = new App({ name: 'counter-view', version: '1.0.0' }, {})
app.addEventListener('toolresult', async () => {
  try {
    const r = await app.callServerTool({ name: 'increment', arguments: { by: 2 } })
    body(`count: ${JSON.stringify(r.structuredContent)}`)
    report(app, 'increment', { structuredContent: r.structuredContent })
  } catch (e) {
    report(app, 'increment-failed', { message: String((e as Error).message) })
  }
  try {
    const r = await app.readServerResource({ uri: 'apps://notes/readme' })
    report(app, 'read', { text: (r.contents[0] as { text?: string }).text })
  } catch (e) {
    report(app, 'read-failed', { message: String((e as Error).message) })
  }
  try {
    await app.callServerTool({ name: 'model_only', arguments: {} })
    report(app, 'model-only-called')
  } catch (e) {
    report(app, 'model-only-refused', { message: String((e as Error).message) })
  }
})
await app.connect()
