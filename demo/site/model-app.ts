// A model in the loop, without a model: a deterministic script proposes tool calls to the demo server through
// modelTools(), and each one passes the client's approval gate, which asks the user. The prompt is plain DOM of this
// page's own (textContent only: the tool's name and arguments are the server's and the model's text). When
// <mcp-tool-call> lands, `askUser` is the one function to replace (render the element into #proposals, resolve with
// its decision).
import { McpClient, modelTools, type ApprovalAnswer, type ApprovalRequest } from 'mcp-web-elements/client'
import 'mcp-web-elements' // registers <mcp-call-log> (and the other elements)
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

/** The approval prompt: the server, the tool and the exact arguments, with Approve and Deny; settles with the user's answer. */
function askUser(request: ApprovalRequest): Promise<ApprovalAnswer> {
  const card = Object.assign(document.createElement('div'), { className: 'panel proposal' })
  card.setAttribute('role', 'group')
  const heading = Object.assign(document.createElement('p'), {
    textContent: `The model asks to call ${request.tool.title ?? request.tool.name} (${request.tool.name}) on ${request.server.name ?? request.server.url}:`,
  })
  heading.className = 'proposal-title'
  card.setAttribute('aria-label', heading.textContent)
  const args = Object.assign(document.createElement('pre'), { textContent: JSON.stringify(request.arguments, null, 2) })
  const approve = Object.assign(document.createElement('button'), { type: 'button', className: 'primary', textContent: 'Approve' })
  const deny = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Deny' })
  const row = Object.assign(document.createElement('div'), { className: 'row' })
  row.append(approve, deny)
  card.append(heading, args, row)
  proposals.append(card)
  approve.focus()
  return new Promise<ApprovalAnswer>((resolve) => {
    const done = (answer: ApprovalAnswer) => {
      card.remove()
      resolve(answer)
    }
    approve.addEventListener('click', () => done({ decision: 'allow-once', by: 'user' }))
    deny.addEventListener('click', () => done({ decision: 'deny', by: 'user', reason: 'denied in the demo' }))
    // The call timed out or was aborted: the prompt goes.
    request.signal.addEventListener('abort', () => card.remove(), { once: true })
  })
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
