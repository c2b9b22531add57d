// app_echo's view: shows the call's input as soon as the host sends it, then its result.
import { add, connect, createView, resultText } from './view.js'

const app = createView('demo-echo-view')
add(document.body, 'h2', 'Echo')
const status = add(document.body, 'p', 'Waiting for the call…', { class: 'muted' })
const input = add(document.body, 'pre')
const result = add(document.body, 'pre')
input.hidden = result.hidden = true

app.addEventListener('toolinputpartial', (partial) => {
  input.hidden = false
  input.textContent = `Input (still being written): ${JSON.stringify(partial.arguments ?? {}, null, 2)}`
})
app.addEventListener('toolinput', (call) => {
  input.hidden = false
  input.textContent = `Input: ${JSON.stringify(call.arguments ?? {}, null, 2)}`
  status.textContent = 'Called; waiting for the result…'
})
app.addEventListener('toolresult', (answer) => {
  result.hidden = false
  result.textContent = `Result: ${resultText(answer)}${answer.structuredContent ? `\n${JSON.stringify(answer.structuredContent, null, 2)}` : ''}`
  status.textContent = 'Done.'
})
app.addEventListener('toolcancelled', (cancelled) => {
  status.textContent = `Cancelled${cancelled.reason ? `: ${cancelled.reason}` : ''}.`
})
await connect(app)
