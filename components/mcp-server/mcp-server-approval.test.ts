// <mcp-server>'s approval policy, end to end against the `apps` test server: the user presses Call in <mcp-tool>
// (that is the approval: no prompt), the tool's view (the counter view, in the real sandbox proxy) then calls
// `increment`, a tool with no annotations. That call must wait for the user in a dialog naming the server, the
// tool and the arguments; Deny sends nothing and the view gets an error; "Always" skips the prompt until revoked.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient, type ApprovalRequest } from '../../src/client/index.js'
import { appsServer, logged, logsOf, type ViewLog } from '../../test/support/app-views.js'
import { controlServer, eventually, expectAbsent, requestsFor, serverUrl } from '../../test/support/browser.js'
import '../mcp-tool/mcp-tool.js'
import type { McpToolElement } from '../mcp-tool/mcp-tool.js'
import type { McpToolCallElement } from '../mcp-tool-call/mcp-tool-call.js'
import '../mcp-app/mcp-app.js'
import './mcp-server.js'
import type { McpServerElement } from './mcp-server.js'

const count = async () => (await controlServer<{ count: number }>('apps', 'count')).count
const incrementCalls = async () => (await requestsFor('tools/call', 'apps')).filter((r) => r.params?.name === 'increment').length
const text = (node: Element | ShadowRoot | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const prompts = (server: McpServerElement) => [...server.shadowRoot!.querySelectorAll<McpToolCallElement>('mcp-tool-call')]

/** An <mcp-server> of the apps server with an <mcp-tool> for show_counter; `setup` may set attributes or properties first. */
async function counterPage(setup: (server: McpServerElement) => void = () => {}) {
  const { url, sandboxUrl } = await appsServer()
  const server = document.createElement('mcp-server')
  server.setAttribute('sandbox-url', sandboxUrl)
  setup(server)
  server.url = url
  const tool = document.createElement('mcp-tool')
  tool.name = 'show_counter'
  server.append(tool)
  await fixture(html`<div style="width: 480px">${server}</div>`)
  await eventually(() => !!tool.shadowRoot!.querySelector('button[part~=call]') && !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the tool form')
  return { server, tool }
}

/** Presses Call (the user's own call: no prompt for it) and returns the logs of the view it shows. */
async function pressCall(tool: McpToolElement): Promise<ViewLog[]> {
  const logs = logsOf(tool)
  tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=call]')!.click()
  await eventually(() => logs.some((l) => l.event !== undefined) || !!tool.shadowRoot!.querySelector('mcp-app'), 'the view', 9_000)
  return logs
}

describe('<mcp-server> approval policy: calls from views', () => {
  it('a view’s call to a tool with no annotations waits for Allow in a dialog naming the server, the tool and the arguments', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { server, tool } = await counterPage()
    const before = await count()
    const callsBefore = await incrementCalls()
    const logs = await pressCall(tool)
    // The user's own Call went through unasked; the view's call waits.
    await eventually(() => prompts(server).length === 1, 'the approval prompt', 9_000)
    const card = prompts(server)[0]
    await eventually(() => card.state === 'awaiting', 'the prompt to await approval')
    const dialog = card.shadowRoot!.querySelector('dialog')!
    expect(dialog.open).to.equal(true)
    const host = new URL(server.url!).host
    expect(text(card.shadowRoot!.querySelector('[part~=heading]'))).to.contain(host).and.contain('apps-fixture')
    expect(text(card.shadowRoot!.querySelector('[part~=header]'))).to.contain('increment')
    expect(text(card.shadowRoot!.querySelector('[part~=arguments]'))).to.contain('By').and.contain('2')
    expect(text(card.shadowRoot!.querySelector('[part~=origin]'))).to.contain('ui://apps/counter.html')
    expect(text(card.shadowRoot!.querySelector('[part~=hints]'))).to.contain('May change or delete data')
    await new Promise((r) => setTimeout(r, 300))
    expect(await count()).to.equal(before)
    expect(await incrementCalls()).to.equal(callsBefore)
    card.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=allow]')!.click()
    await eventually(() => logs.some((l) => l.event === 'increment'), 'the view to get its result', 9_000)
    expect(await count()).to.equal(before + 2)
    expect(prompts(server)).to.have.length(0)
  })

  it('Deny sends nothing, and the view gets an error', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const { server, tool } = await counterPage()
    const before = await count()
    const callsBefore = await incrementCalls()
    const logs = await pressCall(tool)
    await eventually(() => prompts(server)[0]?.state === 'awaiting', 'the approval prompt', 9_000)
    prompts(server)[0].shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
    await eventually(() => logs.some((l) => l.event === 'increment-failed'), 'the view to get an error', 9_000)
    expect(logs.find((l) => l.event === 'increment-failed')!.message).to.contain('denied by user')
    await new Promise((r) => setTimeout(r, 300))
    expect(await count()).to.equal(before)
    expect(await incrementCalls()).to.equal(callsBefore)
    expect(prompts(server)).to.have.length(0)
  })

  it('“Always allow this tool” skips the prompt for that tool on that server until revoked', async function (this: { timeout(ms: number): void }) {
    this.timeout(40_000)
    const { server, tool } = await counterPage()
    let logs = await pressCall(tool)
    await eventually(() => prompts(server)[0]?.state === 'awaiting', 'the first prompt', 9_000)
    prompts(server)[0].shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=always]')!.click()
    await eventually(() => logs.some((l) => l.event === 'increment'), 'the first increment', 9_000)
    // Again: the view's call runs at once.
    const before = await count()
    logs = await pressCall(tool)
    await eventually(() => logs.some((l) => l.event === 'increment'), 'the second increment, unasked', 9_000)
    expect(await count()).to.equal(before + 2)
    expectAbsent(server.shadowRoot!.querySelector('mcp-tool-call'), 'a prompt')
    // Revoked: it asks again.
    const client = server.connection!.client
    expect((await client.alwaysAllowed()).map((g) => g.tool)).to.deep.equal(['increment'])
    expect(await client.revokeAlwaysAllowed('increment')).to.equal(1)
    logs = await pressCall(tool)
    await eventually(() => prompts(server)[0]?.state === 'awaiting', 'the prompt after revoking', 9_000)
    prompts(server)[0].shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
    await eventually(() => logs.some((l) => l.event === 'increment-failed'), 'the denial', 9_000)
  })

  it('a client handed in with no gate still asks for a view’s call; one with its own gate is left to it', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { url, sandboxUrl } = await appsServer()
    const { server, tool } = await counterPage((s) => (s.client = new McpClient(url, { apps: { sandboxUrl } })))
    let logs = await pressCall(tool)
    await eventually(() => prompts(server)[0]?.state === 'awaiting', 'the approval prompt', 9_000)
    prompts(server)[0].shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
    await eventually(() => logs.some((l) => l.event === 'increment-failed'), 'the denial', 9_000)
    const asked: ApprovalRequest[] = []
    server.client = new McpClient(url, { apps: { sandboxUrl }, approve: (request) => (asked.push(request), 'allow-once') })
    await eventually(() => server.connection?.client === server.client && server.connection?.status === 'ready', 'the new client')
    await eventually(() => !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the tool form again')
    logs = await pressCall(tool)
    await eventually(() => logs.some((l) => l.event === 'increment'), 'the increment', 9_000)
    expect(asked.map((r) => [r.tool.name, r.origin.kind])).to.deep.include.members([
      ['show_counter', 'user'],
      ['increment', 'view'],
    ])
    expect(prompts(server)).to.have.length(0)
  })

  it('a view that makes twenty calls at once opens one prompt at a time; after three denials the prompt offers to block it, and blocking denies the rest unasked', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(60_000)
    const { url, sandboxUrl } = await appsServer()
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const tool = (await client.listTools()).find((t) => t.name === 'show_hostile')!
    const input = { calls: { name: 'show_echo', count: 20 } }
    const page = await fixture<HTMLDivElement>(html`
      <div style="width: 480px">
        <button id="plain">A plain button</button>
        <mcp-server .client=${client}><mcp-app .tool=${tool} .input=${input}></mcp-app></mcp-server>
      </div>
    `)
    const server = page.querySelector('mcp-server')!
    const app = page.querySelector('mcp-app')!
    const logs = logsOf(app)
    let most = 0
    const sampler = setInterval(() => (most = Math.max(most, prompts(server).length)), 10)
    try {
      await eventually(() => server.connection?.status === 'ready', 'the connection')
      ;(app as HTMLElement & { result?: unknown }).result = await client.callTool('show_hostile', input, { origin: { kind: 'user' } })
      const awaiting = async (what: string) => {
        await eventually(() => prompts(server)[0]?.state === 'awaiting', what, 9_000)
        expect(prompts(server), `open prompts at ${what}`).to.have.length(1)
        return prompts(server)[0]
      }
      for (const n of [1, 2, 3]) {
        const card = await awaiting(`prompt ${n}`)
        expectAbsent(card.shadowRoot!.querySelector('button[data-action=block]'), `a block button on prompt ${n}`)
        card.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
        await eventually(() => logs.filter((l) => l.event === 'call-result').length === n, `the view to hear denial ${n}`)
      }
      const fourth = await awaiting('prompt 4')
      const block = fourth.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=block]')!
      expect(text(block)).to.equal('Deny and block this app')
      block.click()
      // The rest are denied without a prompt, and the view hears each; so is a call it makes after.
      const [after] = await logged(logs, 'call-after', 15_000)
      const results = logs.filter((l) => l.event === 'call-result')
      expect(results).to.have.length(20)
      for (const r of results) expect(r.ok, `call ${r.i}`).to.equal(false)
      expect(results.filter((r) => /blocked/.test(r.message))).to.have.length(17)
      expect(after).to.deep.include({ ok: false })
      expect(after.message).to.contain('blocked')
      expect(prompts(server)).to.have.length(0)
      expect(most, 'prompts open at once').to.equal(1)
      const sent = (await requestsFor('tools/call', 'apps')).filter((r) => String(r.params?.arguments?.text).startsWith('flood'))
      expect(sent, 'flood calls the server received').to.have.length(0)
      // The page is the user's again: its plain button is what a click there reaches.
      const button = page.querySelector<HTMLButtonElement>('#plain')!
      const box = button.getBoundingClientRect()
      expect(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)).to.equal(button)
    } finally {
      clearInterval(sampler)
    }
  })

  it('trust-annotations with the default policy: a view’s call to a read-only tool still asks; with approval="trusted-read-only" it runs', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(40_000)
    const { url, sandboxUrl } = await appsServer()
    const tool = (await new McpClient(url).listTools()).find((t) => t.name === 'show_hostile')!
    const input = { calls: { name: 'read_count', count: 1 } }
    const viewOn = async (attributes: Record<string, string>) => {
      const server = document.createElement('mcp-server')
      for (const [name, value] of Object.entries({ ...attributes, 'sandbox-url': sandboxUrl })) server.setAttribute(name, value)
      server.url = url
      const app = document.createElement('mcp-app')
      Object.assign(app, { tool, input })
      server.append(app)
      const logs = logsOf(app)
      await fixture(html`<div style="width: 480px">${server}</div>`)
      await eventually(() => server.connection?.status === 'ready', 'the connection')
      ;(app as HTMLElement & { result?: unknown }).result = await server.connection!.client.callTool('show_hostile', input, {
        origin: { kind: 'user' },
      })
      return { server, logs }
    }
    const asking = await viewOn({ 'trust-annotations': '' })
    expect(asking.server.connection!.client.options.trustAnnotations).to.equal(true)
    await eventually(() => prompts(asking.server)[0]?.state === 'awaiting', 'the prompt for the read-only tool', 9_000)
    const card = prompts(asking.server)[0]
    expect(text(card.shadowRoot!.querySelector('[part~=header]'))).to.contain('read_count')
    expect(text(card.shadowRoot!.querySelector('[part~=hints]'))).to.contain('Only reads data')
    card.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
    const [denied] = await logged(asking.logs, 'call-result', 9_000)
    expect(denied.message).to.contain('denied by user')
    const unasked = await viewOn({ 'trust-annotations': '', approval: 'trusted-read-only' })
    const [ran] = await logged(unasked.logs, 'call-result', 9_000)
    expect(ran.ok, 'the read-only call under trusted-read-only').to.equal(true)
    expect(prompts(unasked.server)).to.have.length(0)
  })

  it('approval="trusted-read-only": page code runs a read-only tool of a trusted server unasked, and is asked for others', async () => {
    const url = await serverUrl('approval')
    const page = async (attributes: string[]) => {
      const server = document.createElement('mcp-server')
      for (const a of attributes) server.setAttribute(a.split('=')[0], a.split('=')[1] ?? '')
      server.url = url
      await fixture(html`<div>${server}</div>`)
      await eventually(() => server.connection?.status === 'ready', 'the connection')
      return server
    }
    const trusted = await page(['approval=trusted-read-only', 'trust-annotations'])
    const client = trusted.connection!.client
    expect(client.options.trustAnnotations).to.equal(true)
    expect((await client.callTool('read_notes', {})).content).to.deep.equal([{ type: 'text', text: 'the notes' }])
    expect(prompts(trusted)).to.have.length(0)
    // A tool that says nothing asks, even here.
    const denied = client.callTool('move_file', { from_path: '/x', mode: 'copy' }).catch((e: Error) => e)
    await eventually(() => prompts(trusted)[0]?.state === 'awaiting', 'the prompt for page code', 9_000)
    expect(text(prompts(trusted)[0].shadowRoot!.querySelector('[part~=origin]'))).to.contain('this page')
    prompts(trusted)[0].shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
    expect(((await denied) as Error).name).to.equal('ToolCallDeniedError')
    // The same policy without trust-annotations: the server's readOnlyHint decides nothing.
    const untrusted = await page(['approval=trusted-read-only'])
    const asked = untrusted.connection!.client.callTool('read_notes', {}).catch((e: Error) => e)
    await eventually(() => prompts(untrusted)[0]?.state === 'awaiting', 'the prompt for an untrusted read-only tool', 9_000)
    expect(text(prompts(untrusted)[0].shadowRoot!.querySelector('[part~=hints]'))).to.contain('(as the server says)')
    prompts(untrusted)[0].shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=deny]')!.click()
    expect(((await asked) as Error).name).to.equal('ToolCallDeniedError')
  })
  it('the page’s own `approve` replaces the policy: it is asked, its answer is final, no dialog is shown', async () => {
    const asked: string[] = []
    let answer: 'deny' | 'allow-once' = 'deny'
    const server = document.createElement('mcp-server')
    server.approve = (request: ApprovalRequest) => {
      asked.push(`${request.tool.name} ${request.origin.kind}`)
      return { decision: answer, by: 'policy', reason: 'the page decides' }
    }
    server.url = await serverUrl('approval')
    await fixture(html`<div>${server}</div>`)
    await eventually(() => server.connection?.status === 'ready', 'the connection')
    const client = server.connection!.client
    const marker = `/tmp/page-gate-${Date.now()}`
    const moves = async () =>
      (await requestsFor('tools/call', 'approval')).filter((r) => JSON.stringify(r.params?.arguments ?? {}).includes(marker)).length
    const denied = await client.callTool('move_file', { from_path: marker, mode: 'copy' }).catch((e: Error) => e)
    expect((denied as Error).name).to.equal('ToolCallDeniedError')
    expect(prompts(server)).to.have.length(0)
    expect(await moves()).to.equal(0)
    answer = 'allow-once'
    await client.callTool('move_file', { from_path: marker, mode: 'copy' })
    expect(prompts(server)).to.have.length(0)
    expect(await moves()).to.equal(1)
    expect(asked).to.deep.equal(['move_file page', 'move_file page'])
  })
})
