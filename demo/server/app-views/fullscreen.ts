// app_fullscreen's view: declares inline and fullscreen, and asks the host to switch (`ui/request-display-mode`).
// The host's answer and its `host-context-changed` say which mode the view is in.
import { add, connect, createView } from './view.js'

const app = createView('demo-fullscreen-view', { availableDisplayModes: ['inline', 'fullscreen'] })
add(document.body, 'h2', 'Fullscreen')
const row = add(document.body, 'div', '', { class: 'row' })
const button = add(row, 'button', 'Go fullscreen', { type: 'button' })
const mode = add(row, 'span', 'Shown inline.', { class: 'muted', role: 'status' })

let current = 'inline'
function show(next: string | undefined): void {
  if (!next) return
  current = next
  mode.textContent = `Shown ${next}.`
  button.textContent = next === 'fullscreen' ? 'Back inline' : 'Go fullscreen'
}
app.addEventListener('hostcontextchanged', (changed) => show(changed.displayMode))
button.addEventListener('click', async () => {
  const answer = await app.requestDisplayMode({ mode: current === 'fullscreen' ? 'inline' : 'fullscreen' })
  show(answer.mode)
})
await connect(app)
show(app.getHostContext()?.displayMode)
