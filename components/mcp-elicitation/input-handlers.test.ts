// The input handlers <mcp-server> gives its client, driven by a real McpClient
// against real servers: `main` (ask_name, ask_model, list_roots, ask_both) and
// `elicit` (URL mode). What the server received is checked at the server.
import { expect, fixture, html } from '@open-wc/testing'
import { AbortError, McpClient, type ElicitResult } from '../../src/client/index.js'
import { deepQueryAll, eventually, nextEvent, requestsFor, serverUrl, expectAbsent } from '../../test/support/browser.js'
import { INPUT_CAPABILITIES, InputDeclinedError, createInputHandlers, type InputRequiredDetail } from './input-handlers.js'
import type { McpElicitationElement } from './mcp-elicitation.js'

/** A host element with a shadow root, as <mcp-server> is, and a client whose handlers show dialogs in it. */
async function setUp(server = 'main') {
  const host = await fixture<HTMLDivElement>(html`<div></div>`)
  host.attachShadow({ mode: 'open' })
  const client = new McpClient(await serverUrl(server), {
    handlers: createInputHandlers(host, () => 'Fixture Server'),
    capabilities: INPUT_CAPABILITIES,
  })
  const dialog = () => host.shadowRoot!.querySelector('mcp-elicitation') as McpElicitationElement | null
  return { host, client, dialog }
}

/** The inputResponses the server received with the retries of one tool's calls. */
async function responsesSentFor(tool: string, server = 'main') {
  return (await requestsFor('tools/call', server))
    .filter((r) => r.params?.name === tool && r.params.inputResponses)
    .map((r) => r.params.inputResponses)
}

describe('input handlers', () => {
  it('URL mode: the dialog names the server and the call; Open answers accept and the call completes', async () => {
    const { client, dialog } = await setUp('elicit')
    const original = window.open
    const opened: unknown[][] = []
    window.open = (...args: unknown[]) => (opened.push(args), null)
    try {
      const call = client.callTool('connect_account', {})
      await eventually(() => !!dialog()?.shadowRoot?.querySelector('button[data-action=open]'), 'the URL dialog')
      const el = dialog()!
      expect(el.shadowRoot!.querySelector('[part=title]')!.textContent).to.contain('Fixture Server')
      expect(el.shadowRoot!.querySelector('[part=context]')!.textContent).to.contain('connect_account')
      el.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=open]')!.click()
      const result = await call
      expect(result.content).to.deep.equal([{ type: 'text', text: 'account connected' }])
      expect(opened).to.deep.equal([['https://accounts.example.com/connect?flow=42', '_blank', 'noopener,noreferrer']])
      expectAbsent(dialog(), 'the dialog')
      expect((await responsesSentFor('connect_account', 'elicit')).at(-1)).to.deep.equal({ connect: { action: 'accept' } })
    } finally {
      window.open = original
    }
  })

  it('a hostile elicitation is shown as text, runs nothing, and can be cancelled', async () => {
    const { client, dialog } = await setUp('elicit')
    const call = client.callTool('hostile_ask', {})
    await eventually(() => !!dialog()?.shadowRoot?.querySelector('mcp-schema-form'), 'the dialog')
    const el = dialog()!
    expect(el.shadowRoot!.querySelector('[part~=message]')!.textContent).to.contain('<script>window.__pwned=1</script>')
    expect(deepQueryAll(el, 'img, script, iframe')).to.deep.equal([])
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=cancel]')!.click()
    expect((await call).content).to.deep.equal([{ type: 'text', text: 'answered cancel' }])
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
  })

  it('a page that takes mcp-input-required answers instead of the dialog', async () => {
    const { host, client, dialog } = await setUp()
    host.addEventListener('mcp-input-required', (event) => {
      const { detail } = event as CustomEvent<InputRequiredDetail<unknown, ElicitResult>>
      event.preventDefault()
      expect(detail.method).to.equal('elicitation/create')
      expect(detail.serverName).to.equal('Fixture Server')
      expect(detail.context.request).to.deep.include({ method: 'tools/call' })
      setTimeout(() => detail.respond({ action: 'accept', content: { name: 'Page' } }), 10)
    })
    const result = await client.callTool('ask_name', {})
    expectAbsent(dialog(), 'the dialog')
    expect(result.content).to.deep.equal([{ type: 'text', text: 'Hello, Page' }])
  })

  it('sampling with no page handler stops the call with a clear message, and nothing is retried', async () => {
    const { client } = await setUp()
    const before = (await requestsFor('tools/call')).filter((r) => r.params?.name === 'ask_model').length
    const error = await client.callTool('ask_model', {}).catch((e) => e)
    expect(error).to.be.instanceOf(InputDeclinedError)
    expect(error.message).to.contain('Fixture Server').and.contain('language model')
    const after = (await requestsFor('tools/call')).filter((r) => r.params?.name === 'ask_model').length
    expect(after - before, 'only the first request reached the server').to.equal(1)
  })

  it('sampling taken by the page is answered by it', async () => {
    const { host, client } = await setUp()
    host.addEventListener('mcp-input-required', (event) => {
      const { detail } = event as CustomEvent<InputRequiredDetail>
      if (detail.method !== 'sampling/createMessage') return
      event.preventDefault()
      detail.respond({ role: 'assistant', model: 'page-model', content: { type: 'text', text: 'Paris' } })
    })
    const result = await client.callTool('ask_model', {})
    expect(result.content).to.deep.equal([{ type: 'text', text: 'Model said: Paris' }])
  })

  it('roots with no page handler: an empty list, and the call completes', async () => {
    const { client } = await setUp()
    const result = await client.callTool('list_roots', {})
    expect(result.content).to.deep.equal([{ type: 'text', text: '(no roots)' }])
    expect((await responsesSentFor('list_roots')).at(-1)).to.deep.equal({ roots: { roots: [] } })
  })

  it('aborting the call closes the dialog, and the call rejects as aborted', async () => {
    const { client, dialog } = await setUp()
    const controller = new AbortController()
    const call = client.callTool('ask_name', {}, { signal: controller.signal }).catch((e) => e)
    await eventually(() => dialog()?.shadowRoot?.querySelector('dialog')?.open === true, 'the dialog')
    const el = dialog()!
    controller.abort()
    expect(await call).to.be.instanceOf(AbortError)
    expect(el.isConnected, 'the dialog was removed').to.equal(false)
  })

  it('when sampling is declined, the elicitation dialog of the same round closes too', async () => {
    const { host, client, dialog } = await setUp()
    let shown = false
    host.addEventListener('mcp-input-required', (event) => {
      // Let the elicitation show first, then let sampling fall through to the decline.
      if ((event as CustomEvent<InputRequiredDetail>).detail.method === 'elicitation/create') shown = true
    })
    const call = client.callTool('ask_both', {}).catch((e) => e)
    const error = await call
    expect(shown).to.equal(true)
    expect(error).to.be.instanceOf(InputDeclinedError)
    await eventually(() => dialog() === null, 'the elicitation dialog to close')
  })

  it('fires mcp-input-required on the host, bubbling and composed', async () => {
    const { host, client, dialog } = await setUp()
    const heard = nextEvent<CustomEvent<InputRequiredDetail>>(document, 'mcp-input-required')
    const call = client.callTool('ask_name', {}).catch((e) => e)
    const event = await heard
    expect(event.composed && event.bubbles && event.cancelable).to.equal(true)
    expect(event.target === host, 'fired on the host').to.equal(true)
    await eventually(() => !!dialog(), 'the dialog')
    dialog()!.respond({ action: 'decline' })
    expect((await call).content).to.deep.equal([{ type: 'text', text: 'Elicitation declined' }])
  })
})
