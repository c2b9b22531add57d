// Prompts for the <mcp-prompt-list> and <mcp-prompt> suites.
//
// - `draft_email` has a required argument with completion, an optional one
//   whose completion depends on the first (context arguments), and one more
//   optional; its result has a description and a user and an assistant message.
// - `hostile` carries markup, a script tag and a `javascript:` URL in its name,
//   title, description and message (the elements must show them as text).
// - `control('add', { name })` adds a prompt and publishes
//   notifications/prompts/list_changed; `control('reset')` removes the added ones.
import { McpServer, completable } from '@modelcontextprotocol/server'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'

export const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>javascript:alert(1)'
export const RECIPIENTS = ['alice@example.com', 'bob@example.com', 'boss@example.com']

export async function startServer(): Promise<TestServer> {
  let added: string[] = []

  const served = await serveMcp(
    () => {
      const mcp = new McpServer({ name: 'prompts-test', version: '1.0.0' }, { capabilities: { prompts: { listChanged: true } } })
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
      mcp.registerPrompt(HOSTILE, { title: HOSTILE, description: HOSTILE }, () => ({
        description: HOSTILE,
        messages: [{ role: 'user', content: { type: 'text', text: HOSTILE } }],
      }))
      for (const name of added) {
        mcp.registerPrompt(name, { description: 'Added while the page was open.' }, () => ({
          messages: [{ role: 'user', content: { type: 'text', text: name } }],
        }))
      }
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
      } else if (action === 'reset') {
        added = []
      } else {
        throw new Error(`unknown action ${action}`)
      }
    },
  }
}
