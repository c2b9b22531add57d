// app_resize's view: grows and shrinks; the App class reports each new size (`ui/notifications/size-changed`) and
// the host sizes the frame to it.
import { add, connect, createView } from './view.js'

const app = createView('demo-resize-view')
add(document.body, 'h2', 'Resize')
const row = add(document.body, 'div', '', { class: 'row' })
const more = add(row, 'button', 'Add a line', { type: 'button' })
const fewer = add(row, 'button', 'Remove a line', { type: 'button' })
const size = add(row, 'span', '', { class: 'muted', role: 'status' })
const lines = add(document.body, 'div')

const count = () => lines.childElementCount
function show(): void {
  fewer.disabled = count() === 0
  size.textContent = `${count()} line${count() === 1 ? '' : 's'}`
}
more.addEventListener('click', () => {
  add(lines, 'p', `Line ${count() + 1}: the frame grows with the view.`)
  show()
})
fewer.addEventListener('click', () => {
  lines.lastElementChild?.remove()
  show()
})
app.addEventListener('toolresult', (result) => {
  const start = (result.structuredContent as { lines?: number } | undefined)?.lines ?? 0
  for (let i = 0; i < start; i++) add(lines, 'p', `Line ${i + 1}: the frame grows with the view.`)
  show()
})
await connect(app)
show()
