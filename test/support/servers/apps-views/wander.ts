// Navigates its own frame to another page once it has its result: out of the CSP its document carried.
import { App, report } from './report.js'

declare const MCP_URL: string

const app = new App({ name: 'wander-view', version: '1.0.0' }, {})
app.addEventListener('toolresult', () => {
  report(app, 'leaving')
  setTimeout(() => (location.href = new URL('/elsewhere', MCP_URL).href), 100)
})
await app.connect()
