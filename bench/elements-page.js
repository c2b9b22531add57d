// Runs inside the bench page (headless Chromium), beside the CDN module the
// page loaded with a <script type="module"> tag. Plain JavaScript, served
// as-is: nothing here goes through a compiler.

/** Yields to the event loop without setTimeout's clamping. */
const yieldTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = resolve
    channel.port2.postMessage(0)
  })

/** Lets the previous run's teardown (and the garbage it left) settle, so it does not land in the next run's figure. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 50))

const items = (list) => list.shadowRoot?.querySelectorAll('[part~="item"]').length ?? 0

/**
 * How many tools the list shows: the list renders only the rows in view (and a screenful either side), each
 * saying how many there are in all (aria-setsize), which is what a user scrolling, or a screen reader, gets.
 */
const shownItems = (list) => Number(list.shadowRoot?.querySelector('li > [part~="item"]')?.parentElement.getAttribute('aria-setsize') ?? 0)

/** Forces style and layout of the whole page, so a figure includes them rather than leaving them to the next frame. */
const layout = (list) => list.shadowRoot.querySelector('[part~="list"]').getBoundingClientRect()

/** Waits until `list` shows `count` tools, its rows in view rendered, through however many updates that takes. */
async function rendered(list, count) {
  const end = performance.now() + 10_000
  const done = () => shownItems(list) === count && items(list) > 0
  while (!done()) {
    await list.updateComplete
    if (done()) break
    if (performance.now() > end) throw new Error(`<mcp-tool-list> shows ${shownItems(list)} tools, not ${count}`)
    await yieldTask()
  }
}

/**
 * The element figures: time from appending an `<mcp-tool-list>` to it
 * showing `count` tools, the rows in view (and a screenful either side) in
 * the DOM and laid out (client warm: the listing comes
 * from its cache; and cold: a new client, HTTP included), and per keystroke
 * of typing `query` into its filter box and deleting it again.
 */
export async function measure({ url, count, query, renderRuns, filterRuns }) {
  // The client is a file of its own beside the CDN entry (the entry only loads elements).
  const { McpClient } = await import('/cdn/client.js')
  const startup = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/cdn/'))

  const mount = async (client) => {
    const list = document.createElement('mcp-tool-list')
    list.client = client
    const start = performance.now()
    document.body.append(list)
    await rendered(list, count)
    layout(list)
    return { list, ms: performance.now() - start }
  }

  const cold = []
  for (let run = 0; run < 3; run++) {
    const { list, ms } = await mount(new McpClient(url))
    cold.push(ms)
    list.remove()
    await pause()
  }

  const client = new McpClient(url)
  const listed = await client.listTools()
  if (listed.length !== count) throw new Error(`the server listed ${listed.length} tools, not ${count}`)
  const warm = []
  for (let run = 0; run < renderRuns; run++) {
    const { list, ms } = await mount(client)
    warm.push(ms)
    list.remove()
    await pause()
  }

  // Keystrokes: type the query one character at a time, then delete it one at a time (back to every tool).
  const steps = [...Array(query.length).keys()].map((i) => query.slice(0, i + 1))
  steps.push(...steps.slice(0, -1).reverse(), '')
  const { list } = await mount(client)
  const input = list.shadowRoot.querySelector('input')
  const keystrokes = steps.map((text) => ({ text, ms: [], shown: 0 }))
  for (let run = 0; run < filterRuns; run++) {
    for (const step of keystrokes) {
      const start = performance.now()
      input.value = step.text
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }))
      await list.updateComplete
      layout(list)
      step.ms.push(performance.now() - start)
      step.shown = shownItems(list)
    }
  }
  list.remove()
  return { startup, cold, warm, keystrokes, userAgent: navigator.userAgent }
}
