// Elicitation in both modes, for the <mcp-elicitation> and <mcp-tool> suites.
//
// - `sign_up` asks, in form mode, with every shape of the restricted schema of
//   client/elicitation.mdx (string formats and lengths, number bounds,
//   boolean, single and multi-select enums with and without titles,
//   defaults), and returns what it received as structuredContent.
// - `connect_account` asks, in URL mode, the user to open a page; the retry
//   carries only the answer (accept/decline/cancel) and the requestState.
// - `hostile_ask` elicits with markup, a script tag and a `javascript:` title in
//   every string it controls (the elements must show them as text).
import { McpServer, acceptedContent, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import { serveMcp, type TestServer } from '../fixture-server.js'

const SIGN_UP_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', description: 'As on your passport', minLength: 2, maxLength: 40 },
    email: { type: 'string', title: 'Email', format: 'email' },
    homepage: { type: 'string', title: 'Homepage', format: 'uri' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    meeting: { type: 'string', title: 'First meeting', format: 'date-time' },
    age: { type: 'integer', title: 'Age', minimum: 18, maximum: 120 },
    rating: { type: 'number', title: 'Rating', minimum: 0, maximum: 5, default: 2.5 },
    newsletter: { type: 'boolean', title: 'Newsletter', default: true },
    size: { type: 'string', title: 'Size', enum: ['S', 'M', 'L'], default: 'M' },
    color: {
      type: 'string',
      title: 'Colour',
      oneOf: [
        { const: '#ff0000', title: 'Red' },
        { const: '#00ff00', title: 'Green' },
      ],
    },
    toppings: {
      type: 'array',
      title: 'Toppings',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['cheese', 'ham', 'olives'] },
      default: ['cheese'],
    },
    languages: {
      type: 'array',
      title: 'Languages',
      items: {
        anyOf: [
          { const: 'en', title: 'English' },
          { const: 'fr', title: 'French' },
        ],
      },
    },
  },
  required: ['name', 'email', 'age'],
} as const

const CONNECT_URL = 'https://accounts.example.com/connect?flow=42'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })

function makeServer(): McpServer {
  const mcp = new McpServer({ name: 'elicit-fixture', version: '1.0.0' })

  mcp.registerTool('sign_up', { description: 'Asks for a profile (form-mode elicitation) and returns what it got.' }, async (ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'profile')
    if (answer.kind !== 'elicit') {
      return inputRequired({
        inputRequests: {
          profile: inputRequired.elicit({ mode: 'form', message: 'Tell us about yourself.', requestedSchema: SIGN_UP_SCHEMA as never }),
        },
      })
    }
    if (answer.action !== 'accept') return text(`sign-up ${answer.action}`)
    const profile = acceptedContent(ctx.mcpReq.inputResponses, 'profile') ?? {}
    return { ...text(`signed up ${String(profile.name)}`), structuredContent: { profile } }
  })

  mcp.registerTool(
    'connect_account',
    { description: 'Sends the user to a page (URL-mode elicitation), then reports the answer.' },
    async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'connect')
      if (answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { connect: inputRequired.elicitUrl({ message: 'Connect your account to continue.', url: CONNECT_URL }) },
          requestState: 'connect/1',
        })
      }
      if (ctx.mcpReq.requestState() !== 'connect/1') return { ...text('requestState was not echoed'), isError: true }
      return text(answer.action === 'accept' ? 'account connected' : `connection ${answer.action}`)
    },
  )

  mcp.registerTool('hostile_ask', { description: 'Elicits with markup in every string.' }, async (ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'q')
    if (answer.kind === 'elicit') return text(`answered ${answer.action}`)
    return inputRequired({
      inputRequests: {
        q: inputRequired.elicit({
          message: `Please ${HOSTILE} answer`,
          requestedSchema: {
            type: 'object',
            properties: { a: { type: 'string', title: `javascript:alert(1) ${HOSTILE}`, description: HOSTILE } },
          } as never,
        }),
      },
    })
  })

  return mcp
}

export function startServer(): Promise<TestServer> {
  return serveMcp(() => makeServer(), { cors: true })
}
