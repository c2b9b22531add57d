// Takes its time to save on teardown, and says so before answering.
import { App, report } from './report.js'

const app = new App({ name: 'teardown-view', version: '1.0.0' }, {})
app.onteardown = async () => {
  report(app, 'teardown-started')
  await new Promise((resolve) => setTimeout(resolve, 400))
  report(app, 'teardown-saved')
  return {}
}
await app.connect()
report(app, 'connected')
