// Prompts for the <mcp-prompt-list> and <mcp-prompt> suites.
//
// - `draft_email` has a required argument with completion, an optional one
//   whose completion depends on the first (context arguments), and one more
//   optional; its result has a description and a user and an assistant message.
// - `visit_city` completes `city` from CITIES (case-insensitive prefix); its answer for exactly "P" comes
//   SLOW_ANSWER_MS late, so a suite can make an earlier answer arrive after a later one.
// - `hostile` carries markup, a script tag and a `javascript:` URL in its name,
//   title, description and message (the elements must show them as text).
// - `control('junk', { on: true })` makes prompts/list also carry entries that
//   are not prompts, and a prompt whose arguments list holds junk too.
// - `control('add', { name })` adds a prompt and publishes
//   notifications/prompts/list_changed; `control('reset')` removes the added ones.
// - `control('empty', { on: true })`: the server still offers prompts, and lists none.
import { McpServer, completable } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

export const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>javascript:alert(1)'
const RECIPIENTS = ['alice@example.com', 'bob@example.com', 'boss@example.com']
const CITIES = ['Oslo', 'Osaka', 'Ottawa', 'Paris', 'Porto', 'Prague']
const SLOW_ANSWER_MS = 1_500

/** Listing entries no schema allows, and a prompt whose arguments are partly junk. */
export const JUNK: unknown[] = [
  null,
  42,
  { name: { not: 'a string' } },
  { name: 'junk_arguments', icons: 'nope', arguments: [null, 5, { name: 'real_one', required: true }, { required: true }] },
]

// McpServer has no hook to send what its types forbid, so the list handler it
// installed is wrapped (_getRequestHandler is protected API of the SDK's Protocol class, as in ../fixture-server.ts).
type RawHandler = (request: unknown, ctx: unknown) => Promise<{ prompts: unknown[] }>
function appendJunk(mcp: McpServer): void {
  const server = mcp.server as unknown as { _getRequestHandler(m: string): RawHandler; setRequestHandler(m: string, h: RawHandler): void }
  const original = server._getRequestHandler('prompts/list')
  server.setRequestHandler('prompts/list', async (request, ctx) => {
    const result = await original(request, ctx)
    return { ...result, prompts: [...result.prompts, ...JUNK] }
  })
}

export async function startServer(): Promise<TestServer> {
  let added: string[] = []
  let junk = false
  let empty = false

  const served = await serveMcp(
    () => {
      const mcp = new McpServer({ name: 'prompts-test', version: '1.0.0' }, { capabilities: { prompts: { listChanged: true } } })
      if (empty) {
        // The SDK answers prompts/list once a prompt is registered: one, disabled, is left out of the list.
        mcp.registerPrompt('hidden', {}, () => ({ messages: [] })).disable()
        return mcp
      }
      mcp.registerPrompt(
        'draft_email',
        {
          title: 'Draft an email',
          description: 'Writes an email to someone.',
          argsSchema: z.object({
            recipient: completable(z.string().describe('Who gets the email'), (value) => RECIPIENTS.filter((r) => r.startsWith(value))),
            tone: completable(z.string().describe('How formal to be'), (value, context) =>
              (context?.arguments?.recipient?.startsWith('boss') ? ['formal'] : ['formal', 'friendly']).filter((t) => t.startsWith(value)),
            ).optional(),
            subject: z.string().optional(),
          }),
        },
        ({ recipient, tone, subject }) => ({
          description: `An email to ${recipient}`,
          messages: [
            {
              role: 'user',
              content: { type: 'text', text: `Write a ${tone ?? 'neutral'} email to ${recipient} about ${subject ?? 'nothing'}.` },
            },
            { role: 'assistant', content: { type: 'text', text: 'Here is a draft.' } },
          ],
        }),
      )
      mcp.registerPrompt(
        'visit_city',
        {
          title: 'Visit a city',
          argsSchema: z.object({
            city: completable(z.string().describe('Where to go'), async (value) => {
              if (value === 'P') await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS))
              return CITIES.filter((c) => c.toLowerCase().startsWith(value.toLowerCase()))
            }),
          }),
        },
        ({ city }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Plan a visit to ${city}.` } }] }),
      )
      mcp.registerPrompt(HOSTILE, { title: HOSTILE, description: HOSTILE }, () => ({
        description: HOSTILE,
        messages: [{ role: 'user', content: { type: 'text', text: HOSTILE } }],
      }))
      for (const name of added) {
        mcp.registerPrompt(name, { description: 'Added while the page was open.' }, () => ({
          messages: [{ role: 'user', content: { type: 'text', text: name } }],
        }))
      }
      if (junk) appendJunk(mcp)
      return mcp
    },
    { cors: true },
  )

  return {
    ...served,
    control(action, body) {
      if (action === 'add') {
        added = [...added, String((body as { name?: unknown })?.name)]
        served.notify.promptsChanged()
      } else if (action === 'junk') {
        junk = (body as { on?: unknown })?.on === true
      } else if (action === 'empty') {
        empty = (body as { on?: unknown })?.on === true
      } else if (action === 'reset') {
        added = []
        junk = false
        empty = false
      } else {
        throw new Error(`unknown action ${action}`)
      }
    },
  }
}
