// Shows its input and result, follows the host's theme, reports cancellation, and sends a message when done.
import { App, applyContext, body, report } from './report.js'

const app = new App({ name: 'echo-view', version: '1.0.0' }, {})
app.addEventListener('toolinputpartial', (p) => report(app, 'tool-input-partial', { arguments: p.arguments }))
app.addEventListener('toolinput', (p) => {
  body(`input: ${JSON.stringify(p.arguments)}`)
  report(app, 'tool-input', { arguments: p.arguments })
})
app.addEventListener('toolresult', (r) => {
  body(`result: ${JSON.stringify(r.structuredContent ?? r.content)}`)
  report(app, 'tool-result', { structuredContent: r.structuredContent })
  // After the next frame is drawn: the result is on screen (bench/apps.ts times result to this).
  requestAnimationFrame(() => setTimeout(() => report(app, 'painted')))
  void app.sendMessage({ role: 'user', content: [{ type: 'text', text: 'echo view saw the result' }] })
  void app.updateModelContext({ structuredContent: { seen: r.structuredContent ?? null } })
})
app.addEventListener('toolcancelled', (p) => report(app, 'tool-cancelled', { reason: p.reason }))
app.addEventListener('hostcontextchanged', () => applyContext(app, app.getHostContext(), 'host-context-changed'))
// What reaches the view on the wire: a reserved `ui/notifications/sandbox-*` message the host posted must have stopped at
// the proxy (the spec's proxy forwards everything but those); a test's own ping must not.
addEventListener('message', (e) => {
  const method = (e.data as { method?: unknown } | null)?.method
  if (typeof method !== 'string') return
  if (method.startsWith('ui/notifications/sandbox-')) report(app, 'reserved-heard', { method })
  else if (method === 'test/ping') report(app, 'ping-heard')
})
await app.connect()
applyContext(app, app.getHostContext(), 'connected')
report(app, 'host', { hostInfo: app.getHostVersion(), capabilities: app.getHostCapabilities(), context: app.getHostContext() })
