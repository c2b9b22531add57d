// What both sides of the design comparison show (scripts/compare-design.ts): the same server's data, the same form.
import { McpClient } from 'mcp-web-elements'

const query = new URLSearchParams(location.search)
/** The demo MCP server the script started. */
export const MCP_URL = query.get('mcp') ?? ''
/** `lists` (a tool list, resource rows), `tool` (a tool with its form and result) or `dialog` (the elicitation dialog open). */
export const PART = (['tool', 'dialog'] as const).find((part) => part === query.get('part')) ?? 'lists'
/** How many tools each side lists: the same rows on both. */
export const TOOL_ROWS = 5
export const RESOURCE_ROWS = 3
/** The tool each side shows with its form, called once with these arguments. */
export const CALLED = { name: 'greet', arguments: { name: 'Ada', style: 'pirate' } }

/** The elicitation's form (both dialogs): a required text field, an email, a choice, a yes/no. */
export const FORM_SCHEMA = {
  type: 'object',
  required: ['name', 'email'],
  properties: {
    name: { type: 'string', title: 'Your name', description: 'As it appears on the invoice' },
    email: { type: 'string', format: 'email', title: 'Email' },
    team: { type: 'string', title: 'Team size', enum: ['just me', '2 to 10', 'more than 10'], default: 'just me' },
    updates: { type: 'boolean', title: 'Send me product updates' },
  },
} as const
export const QUESTION = 'Where should the invoice go?'

export const client = new McpClient(MCP_URL, {
  approve: async () => ({ decision: 'allow-once', by: 'policy', reason: 'the comparison page' }),
})

/** A section of the page: a small heading of the frame's own, then `content`. */
export function section(title: string, ...content: Node[]): HTMLElement {
  const box = document.createElement('section')
  const heading = Object.assign(document.createElement('h2'), { className: 'frame-heading', textContent: title })
  box.append(heading, ...content)
  document.querySelector('#side')!.append(box)
  return box
}

/** Says the side is drawn (the script waits for it): set once its server data is in. */
export function ready(): void {
  document.documentElement.dataset.ready = 'true'
}
