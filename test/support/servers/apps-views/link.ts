// Asks the host to open a link once it has its result, and reports the answer.
import { App, report } from './report.js'

const app = new App({ name: 'link-view', version: '1.0.0' }, {})
app.addEventListener('toolresult', async () => {
  try {
    const r = await app.openLink({ url: 'https://example.com/docs?from=app' })
    report(app, 'open-link', { isError: !!r.isError })
  } catch (e) {
    report(app, 'open-link-refused', { message: String((e as Error).message) })
  }
})
await app.connect()
