// The elements in a page with no framework: McpClient (the headless client)
// lists the tools into the page's own <select>; an <mcp-tool> shows the picked
// one. The client gets the elements' input handlers, so a tool that asks for
// input opens the same dialog as under <mcp-server>.
import { INPUT_CAPABILITIES, McpClient, createInputHandlers, visibleToModel, type McpToolElement, type Tool } from 'mcp-web-elements'
import { DEMO_URL, logLine, mountHeader } from './site.js'

mountHeader()
const picker = document.querySelector<HTMLSelectElement>('#tool-picker')!
const slot = document.querySelector<HTMLElement>('#tool-slot')!
const results = document.querySelector<HTMLElement>('#results')!

const client = new McpClient(DEMO_URL, { handlers: createInputHandlers(slot, () => 'Demo server'), capabilities: INPUT_CAPABILITIES })

function show(tool: Tool): void {
  const element = document.createElement('mcp-tool') as McpToolElement
  element.client = client
  element.tool = tool
  // The page's headings: h1, then the tool's title.
  element.headingLevel = 2
  element.addEventListener('mcp-tool-result', (event) => {
    const { result } = (event as CustomEvent).detail
    const text = result.content?.find((block: { type: string }) => block.type === 'text')?.text ?? '(no text)'
    logLine(results, tool.name, text)
  })
  slot.replaceChildren(element)
}

try {
  // Tools only MCP Apps views may call (`_meta.ui.visibility: ["app"]`) are not for the user to pick, as in <mcp-tool-list>.
  const tools = (await client.listTools()).filter(visibleToModel)
  picker.replaceChildren(...tools.map((tool) => new Option(tool.title || tool.name, tool.name)))
  picker.disabled = false
  picker.addEventListener('change', () => show(tools.find((t) => t.name === picker.value)!))
  show(tools[0])
} catch (error) {
  picker.replaceChildren(new Option('Could not list the tools'))
  logLine(results, 'error', String(error))
}
