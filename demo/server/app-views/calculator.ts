// app_calculator's view: adds two numbers by calling the server's `app_calculator_add` tool through the host
// (`tools/call` from the view; the host passes on calls only to tools visible to apps, and that one is visible only
// to apps: the tool list does not show it).
import { add, connect, createView, resultText } from './view.js'

const app = createView('demo-calculator-view')
add(document.body, 'h2', 'Calculator')
add(document.body, 'p', 'The sum comes from the server: this view calls its own tool through the page.', { class: 'muted' })
const row = add(document.body, 'div', '', { class: 'row' })
const a = add(row, 'input', '', { type: 'number', value: '2', 'aria-label': 'First number' })
add(row, 'span', '+')
const b = add(row, 'input', '', { type: 'number', value: '3', 'aria-label': 'Second number' })
const button = add(row, 'button', 'Add on the server', { type: 'button' })
const answer = add(document.body, 'p', '', { role: 'status' })

app.addEventListener('toolresult', (result) => {
  const start = (result.structuredContent as { a?: number; b?: number } | undefined) ?? {}
  if (typeof start.a === 'number') a.value = String(start.a)
  if (typeof start.b === 'number') b.value = String(start.b)
})
button.addEventListener('click', async () => {
  button.disabled = true
  answer.textContent = 'Asking the server…'
  try {
    const result = await app.callServerTool({ name: 'app_calculator_add', arguments: { a: Number(a.value), b: Number(b.value) } })
    const sum = (result.structuredContent as { sum?: number } | undefined)?.sum
    answer.textContent = result.isError
      ? `The server said no: ${resultText(result)}`
      : `The server says: ${resultText(result)}${sum === undefined ? '' : ` (sum ${sum})`}`
  } catch (error) {
    answer.textContent = `The call failed: ${(error as Error).message}`
  } finally {
    button.disabled = false
  }
})
await connect(app)
