// A model in the loop, without a model: a deterministic script proposes tool calls to the demo server through
// modelTools(), and each one passes the client's approval gate, which asks the user in a <mcp-tool-call> card: the
// server, the tool, the arguments by their schema labels and what the annotations say, all as text.
import { McpClient, modelTools, type ApprovalAnswer, type ApprovalRequest } from 'mcp-web-elements/client'
import 'mcp-web-elements' // registers <mcp-tool-call>, <mcp-call-log> (and the other elements)
import { DEMO_URL, applyTheme, mountHeader } from './site.js'

mountHeader()
const runButton = document.querySelector<HTMLButtonElement>('#run-model')!
const transcript = document.querySelector<HTMLElement>('#transcript')!
const proposals = document.querySelector<HTMLElement>('#proposals')!

/** What the scripted model proposes, in order: the function name (as modelTools() named it) and its arguments as JSON. */
const SCRIPT = [
  { say: 'Let me greet Ada first.', name: 'greet', arguments: '{"name":"Ada","style":"pirate"}' },
  { say: 'Now the sum of 2 and 3.', name: 'add', arguments: '{"a":2,"b":3}' },
  { say: 'And a formal greeting for Grace.', name: 'greet', arguments: '{"name":"Grace","style":"formal"}' },
]

/**
 * The approval prompt: a <mcp-tool-call> card in #proposals shows the request; its Allow once, Always allow this tool
 * or Deny is the answer. The card goes once answered (the transcript and the call log keep what happened), and when the
 * call ends unanswered (timed out or aborted: `ask()` then answers deny).
 */
async function askUser(request: ApprovalRequest): Promise<ApprovalAnswer> {
  const card = document.createElement('mcp-tool-call')
  proposals.append(card)
  const answer = card.ask(request)
  // Focus on the card, so that Tab reaches its buttons next (it puts none first: Enter must not allow unread).
  card.tabIndex = -1
  card.focus()
  try {
    return await answer
  } finally {
    card.remove()
  }
}

function say(who: string, text: string): void {
  const item = document.createElement('li')
  item.append(Object.assign(document.createElement('span'), { className: 'type', textContent: who }), document.createTextNode(` ${text}`))
  transcript.append(item)
}

const client = new McpClient(DEMO_URL, { approve: askUser })
document.querySelector('mcp-call-log')!.client = client
applyTheme()

async function runModel(): Promise<void> {
  runButton.disabled = true
  transcript.replaceChildren()
  try {
    const tools = await modelTools(client)
    say('model', `I have ${tools.functions.length} tools: ${tools.functions.map((f) => f.name).join(', ')}.`)
    for (const [i, step] of SCRIPT.entries()) {
      say('model', step.say)
      try {
        const result = await tools.call(step.name, step.arguments, {
          model: 'scripted',
          callId: `call-${i + 1}`,
          // The wait for the user's answer counts against this: ten minutes to decide.
          timeoutMs: 600_000,
        })
        const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ')
        say('tool', text)
      } catch (error) {
        say('tool', error instanceof Error ? error.message : String(error))
      }
    }
    say('model', 'Done.')
  } finally {
    runButton.disabled = false
  }
}

runButton.addEventListener('click', () => void runModel())
runButton.disabled = false
