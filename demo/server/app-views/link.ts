// app_link's view: asks the host to open a page (`ui/open-link`). The host asks the user first, as for a URL-mode
// elicitation, and tells the view what they chose.
import { add, connect, createView } from './view.js'

/** Where the view asks to go. */
const TARGET = 'https://modelcontextprotocol.io/extensions/apps/overview'

const app = createView('demo-link-view')
add(document.body, 'h2', 'Open a link')
add(document.body, 'p', 'A view cannot open pages itself: it asks the page, which asks you first.', { class: 'muted' })
const row = add(document.body, 'div', '', { class: 'row' })
const button = add(row, 'button', 'Open the MCP Apps overview', { type: 'button' })
add(row, 'code', new URL(TARGET).host)
const answer = add(document.body, 'p', '', { role: 'status' })

button.addEventListener('click', async () => {
  answer.textContent = 'Asking…'
  try {
    const result = await app.openLink({ url: TARGET })
    answer.textContent = result.isError ? 'The page did not open it.' : 'Opened in a new tab.'
  } catch (error) {
    answer.textContent = `Not opened: ${(error as Error).message}`
  }
})
await connect(app)
