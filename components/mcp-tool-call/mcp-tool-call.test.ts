// <mcp-tool-call> in headless Chromium against the `approval` test server (test/support/servers/approval.ts): a
// tool with no annotations and labelled arguments, a read-only one, a slow one with progress, one that fails.
// Each state is reached as a user would (clicks, keys), and what the server received is read from its log.
import { assert, expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { McpClient, type ApprovalAnswer, type ApprovalRequest, type CallOrigin } from '../../src/client/index.js'
import { eventually, expectAbsent, nextEvent, requestsFor, serverStats, serverUrl } from '../../test/support/browser.js'
import type { McpToolCallElement, ToolCallStateDetail } from './mcp-tool-call.js'
import './mcp-tool-call.js'

const text = (node: Element | ShadowRoot | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const part = (el: McpToolCallElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
const button = (el: McpToolCallElement, action: string) => el.shadowRoot!.querySelector<HTMLButtonElement>(`button[data-action=${action}]`)
/** The calls of `tool` the server received whose arguments carry `marker` (so earlier tests' calls are not counted). */
const callsWith = async (tool: string, marker: string) =>
  (await requestsFor('tools/call', 'approval')).filter((r) => r.params?.name === tool && JSON.stringify(r.params.arguments).includes(marker))
let unique = 0

/** A driven card for `name` with `args`, and every state it announced, in order. */
async function card(name: string, args: Record<string, unknown>, options: { client?: McpClient; origin?: CallOrigin } = {}) {
  const client = options.client ?? new McpClient(await serverUrl('approval'))
  const states: ToolCallStateDetail[] = []
  const el = document.createElement('mcp-tool-call')
  el.addEventListener('mcp-call-state', (e) => states.push((e as CustomEvent<ToolCallStateDetail>).detail))
  el.client = client
  el.name = name
  el.arguments = args
  if (options.origin) el.origin = options.origin
  await fixture(html`<div>${el}</div>`)
  return { el, states, client }
}
const reached = (el: McpToolCallElement, state: string, timeoutMs = 5_000) =>
  eventually(() => el.state === state && el.getAttribute('state') === state, `the card to be ${state}`, timeoutMs)

describe('<mcp-tool-call>', () => {
  it('awaiting approval: shows the server, the tool, who asked, the arguments by their labels and as JSON, and the spec’s defaults; sends nothing', async () => {
    const marker = `a${++unique}`
    const { el } = await card('move_file', { from_path: `/tmp/${marker}`, mode: 'move' }, { origin: { kind: 'model', model: 'demo-model' } })
    await reached(el, 'awaiting')
    // The tool's name is on the element too (set as a property), for a page's CSS and queries: mcp-tool-call[name=…].
    expect(el.getAttribute('name')).to.equal('move_file')
    await eventually(() => text(part(el, 'server')).includes('Approval Fixture'), 'the server name')
    const url = new URL(await serverUrl('approval'))
    expect(text(part(el, 'server'))).to.contain(url.host)
    expect(text(part(el, 'title'))).to.equal('Move a file')
    expect(text(part(el, 'header'))).to.contain('move_file')
    expect(text(part(el, 'origin'))).to.equal('Chosen by a model (demo-model).')
    const args = text(part(el, 'arguments'))
    expect(args).to.contain('Source path').and.contain(`/tmp/${marker}`).and.contain('Mode').and.contain('move')
    expect(JSON.parse(part(el, 'json')!.querySelector('pre')!.textContent!)).to.deep.equal({ from_path: `/tmp/${marker}`, mode: 'move' })
    const hints = text(part(el, 'hints'))
    expect(hints).to.contain('May change or delete data (not stated').and.contain('May reach outside systems (not stated')
    const status = part(el, 'status')!
    expect(status.getAttribute('role')).to.equal('status')
    expect(text(status)).to.contain('Waiting for your approval')
    expect(await callsWith('move_file', marker)).to.have.length(0)
    await expect(el).to.be.accessible()
  })

  it('Allow once: runs, then shows the result with its duration; one event per transition', async () => {
    const marker = `b${++unique}`
    const { el, states } = await card('move_file', { from_path: `/tmp/${marker}`, mode: 'copy' })
    await reached(el, 'awaiting')
    button(el, 'allow')!.click()
    await reached(el, 'done')
    expect(states.map((s) => s.state)).to.deep.equal(['awaiting', 'running', 'done'])
    expect(states[1].decision).to.equal('allow-once')
    expect(states[2].durationMs).to.be.a('number')
    expect(text(part(el, 'status'))).to.match(/Done in \d+(\.\d)? m?s/)
    await eventually(() => text(part(el, 'result')?.querySelector('mcp-content')?.shadowRoot).includes(`copy /tmp/${marker}: done`), 'the result')
    expect(await callsWith('move_file', marker)).to.have.length(1)
    await expect(el).to.be.accessible()
  })

  it('Deny: nothing is sent, the card says so', async () => {
    const marker = `c${++unique}`
    const { el, states } = await card('move_file', { from_path: `/tmp/${marker}`, mode: 'move' })
    await reached(el, 'awaiting')
    button(el, 'deny')!.click()
    await reached(el, 'denied')
    expect(text(part(el, 'status'))).to.contain('Denied. Nothing was sent.')
    expect(states.at(-1)).to.include({ state: 'denied', previous: 'awaiting', decision: 'deny' })
    await new Promise((r) => setTimeout(r, 200))
    expect(await callsWith('move_file', marker)).to.have.length(0)
    expectAbsent(button(el, 'allow'), 'the Allow button')
    await expect(el).to.be.accessible()
  })

  it('Always allow this tool: the next call of it on that client runs without asking, until revoked', async () => {
    const client = new McpClient(await serverUrl('approval'))
    const first = await card('move_file', { from_path: `/tmp/d${++unique}`, mode: 'move' }, { client })
    await reached(first.el, 'awaiting')
    button(first.el, 'always')!.click()
    await reached(first.el, 'done')
    expect((await client.alwaysAllowed()).map((g) => g.tool)).to.deep.equal(['move_file'])
    const marker = `d${++unique}`
    const second = await card('move_file', { from_path: `/tmp/${marker}`, mode: 'copy' }, { client })
    await reached(second.el, 'done')
    expect(second.states.map((s) => s.state)).to.deep.equal(['running', 'done'])
    expect(second.states[0].decision).to.equal('remembered')
    expect(await callsWith('move_file', marker)).to.have.length(1)
    // The page's grant does not cover a view's call of the tool: that card asks, and never says it runs.
    const view: CallOrigin = { kind: 'view', uri: 'ui://apps/x.html' }
    const fromView = await card('move_file', { from_path: `/tmp/d${++unique}`, mode: 'copy' }, { client, origin: view })
    await reached(fromView.el, 'awaiting')
    expect(fromView.states.map((s) => s.state)).to.deep.equal(['awaiting'])
    button(fromView.el, 'deny')!.click()
    expect(await client.revokeAlwaysAllowed('move_file')).to.equal(1)
    const third = await card('move_file', { from_path: `/tmp/d${++unique}`, mode: 'copy' }, { client })
    await reached(third.el, 'awaiting')
  })

  it('running: progress and Cancel; the server sees the call cancelled', async () => {
    const { el, states } = await card('slow', { steps: 40 })
    await reached(el, 'awaiting')
    const cancelledBefore = (await serverStats('approval')).cancelled.length
    button(el, 'allow')!.click()
    await reached(el, 'running')
    await eventually(() => (el.shadowRoot!.querySelector('progress')?.value ?? 0) >= 2, 'progress shown')
    expect(text(part(el, 'status'))).to.contain('Running')
    await expect(el).to.be.accessible()
    button(el, 'cancel')!.click()
    await reached(el, 'cancelled')
    expect(states.map((s) => s.state)).to.deep.equal(['awaiting', 'running', 'cancelled'])
    expect(text(part(el, 'status'))).to.contain('Cancelled')
    await eventually(async () => (await serverStats('approval')).cancelled.length > cancelledBefore, 'the server to see the cancellation')
    await expect(el).to.be.accessible()
  })

  it('error: a result against the tool’s outputSchema is refused by the client, said once; the result is not shown', async () => {
    const { el, states } = await card('weather', {}, { client: new McpClient(await serverUrl('bad-output')) })
    await reached(el, 'awaiting')
    button(el, 'allow')!.click()
    await reached(el, 'error')
    expect((states.at(-1)!.error as Error).name).to.equal('InvalidStructuredContentError')
    expect(part(el, 'result-frame')!.dataset.status).to.equal('failure')
    const shown = text(part(el, 'error'))
    expect(shown.split('does not match its outputSchema: /celsius').length - 1, `said once: ${shown}`).to.equal(1)
    expectAbsent(el.shadowRoot!.querySelector('mcp-content'), 'the refused result shown')
  })

  it('error before sending: arguments the schema refuses fail with no duration (the call never ran)', async () => {
    const { el, states } = await card('slow', { steps: 'many' })
    await reached(el, 'error')
    expect(states.map((s) => s.state)).to.not.include('running')
    expect(states.at(-1)!.durationMs).to.equal(undefined)
    expect(text(part(el, 'status'))).to.contain('Failed before it was sent')
    expect(text(part(el, 'status'))).to.not.match(/after/)
  })

  it('error: a tool error is shown with Retry; Retry runs the same arguments again without asking', async () => {
    const marker = `e${++unique}`
    const { el, states } = await card('fails', { note: marker })
    await reached(el, 'awaiting')
    button(el, 'allow')!.click()
    await reached(el, 'error')
    await eventually(() => text(part(el, 'result')?.querySelector('mcp-content')?.shadowRoot).includes('the disk is full'), 'the tool error')
    expect(text(part(el, 'status'))).to.contain('Failed after')
    await expect(el).to.be.accessible()
    button(el, 'retry')!.click()
    await eventually(() => states.length >= 5, 'the retry to end')
    expect(states.map((s) => s.state)).to.deep.equal(['awaiting', 'running', 'error', 'running', 'error'])
    expect(await callsWith('fails', marker)).to.have.length(2)
  })

  it('a result is framed as in <mcp-tool>: success or tool error (data-status), its duration, Copy, and the whole result as JSON', async () => {
    const marker = `f${++unique}`
    const { el } = await card('move_file', { from_path: `/tmp/${marker}`, mode: 'copy' })
    await reached(el, 'awaiting')
    button(el, 'allow')!.click()
    await reached(el, 'done')
    const frame = () => part(el, 'result-frame')!
    await eventually(() => frame()?.dataset.status === 'success', 'the result framed as a success')
    expect(text(part(el, 'result-heading'))).to.equal('Result: Move a file')
    expect(part(el, 'result-heading')!.getAttribute('aria-level'), 'a heading level 4 under the card').to.equal('4')
    expect(text(part(el, 'duration'))).to.match(/^\d+(\.\d)? m?s$/)
    assert.exists(part(el, 'copy'), 'Copy')
    part(el, 'json-toggle')!.click()
    await eventually(() => !!part(el, 'result-json'), 'the JSON view')
    expect(JSON.parse(part(el, 'result-json')!.textContent!).content[0].text).to.contain(`copy /tmp/${marker}: done`)
    await expect(el).to.be.accessible()

    const failing = await card('fails', { note: `g${++unique}` })
    await reached(failing.el, 'awaiting')
    button(failing.el, 'allow')!.click()
    await reached(failing.el, 'error')
    await eventually(() => part(failing.el, 'result-frame')?.dataset.status === 'tool-error', 'the tool error framed')
  })

  it('error in words: arguments the schema refuses fail before sending, said as a person can act on it', async () => {
    const { el } = await card('slow', { steps: 'many' })
    await reached(el, 'error')
    const error = part(el, 'error')!
    expect(error.getAttribute('role')).to.equal('alert')
    expect(text(error)).to.contain('Some arguments are not valid; nothing was sent.')
    assert.exists(button(el, 'retry'))
    await expect(el).to.be.accessible()
  })

  it('the annotations of a server not trusted are marked “as the server says”; of a trusted one, not', async () => {
    const url = await serverUrl('approval')
    const { el } = await card('read_notes', {}, { client: new McpClient(url) })
    await reached(el, 'awaiting')
    const hints = text(part(el, 'hints'))
    expect(hints).to.contain('Only reads data (as the server says)').and.contain('Stays within the server’s own systems (as the server says)')
    expect(text(part(el, 'arguments'))).to.contain('No arguments.')
    const trusted = await card('read_notes', {}, { client: new McpClient(url, { trustAnnotations: true }) })
    await reached(trusted.el, 'awaiting')
    expect(text(part(trusted.el, 'hints'))).to.contain('Only reads data').and.not.contain('as the server says')
  })

  it('manual: nothing starts until start(); start() with no client, or while a call awaits approval, does nothing', async () => {
    const marker = `m${++unique}`
    const states: string[] = []
    const el = document.createElement('mcp-tool-call')
    el.addEventListener('mcp-call-state', (e) => states.push((e as CustomEvent<ToolCallStateDetail>).detail.state))
    el.manual = true
    el.name = 'move_file'
    el.arguments = { from_path: `/tmp/${marker}`, mode: 'copy' }
    await fixture(html`<div>${el}</div>`)
    await el.start() // no client yet
    // A card with no client prepares nothing, and does not say it does.
    expect(part(el, 'status')!.textContent!.trim()).to.equal('No call to show.')
    el.client = new McpClient(await serverUrl('approval'))
    await new Promise((r) => setTimeout(r, 300))
    expect([el.state, states]).to.deep.equal(['idle', []])
    void el.start()
    await reached(el, 'awaiting')
    await el.start() // a second start while the first call awaits approval
    await new Promise((r) => setTimeout(r, 200))
    expect(states).to.deep.equal(['awaiting'])
    button(el, 'allow')!.click()
    await reached(el, 'done')
    expect(await callsWith('move_file', marker)).to.have.length(1)
  })

  it('driven: a card whose name comes after it connected starts then', async () => {
    const el = document.createElement('mcp-tool-call')
    el.client = new McpClient(await serverUrl('approval'))
    el.arguments = { from_path: `/tmp/n${++unique}`, mode: 'copy' }
    await fixture(html`<div>${el}</div>`)
    await new Promise((r) => setTimeout(r, 100))
    el.name = 'move_file'
    await reached(el, 'awaiting')
    // Allow once is the one primary button: it does not look like Deny.
    const look = (action: string) => getComputedStyle(button(el, action)!).backgroundColor
    expect(look('allow')).to.not.equal(look('deny'))
    expect(look('always')).to.equal(look('deny'))
  })

  it('a call that runs unasked (always allowed) still shows the tool as listed, the server’s name, and each argument’s label with its key', async () => {
    // The card looks the tool and the server up beside the call. Here the server's `server/discover` answers only
    // after the call has ended (held at the HTTP level), as it may on any network: the card must still fill in.
    const held: Array<() => void> = []
    let holding = false
    const hold: typeof fetch = (input, init) =>
      holding && String(init?.body).includes('"server/discover"') ? new Promise<void>((r) => held.push(r)).then(() => fetch(input, init)) : fetch(input, init)
    const client = new McpClient(await serverUrl('approval'), { fetch: hold })
    const first = await card('move_file', { from_path: `/tmp/o${++unique}`, mode: 'move' }, { client })
    await reached(first.el, 'awaiting')
    button(first.el, 'always')!.click()
    await reached(first.el, 'done')
    holding = true
    const { el } = await card('move_file', { from_path: `/tmp/o${++unique}`, mode: 'copy' }, { client })
    await reached(el, 'done')
    assert.isNotEmpty(held, 'the server’s name asked for, and not yet answered')
    holding = false
    held.forEach((release) => release())
    await eventually(() => text(part(el, 'title')) === 'Move a file', 'the listed tool’s title')
    expect(text(part(el, 'server'))).to.contain('Approval Fixture').and.not.contain('approvals')
    const keys = [...part(el, 'arguments')!.querySelectorAll('dt')].map((dt) => text(dt))
    expect(keys).to.deep.equal(['Source path from_path', 'Mode mode'])
    await client.revokeAlwaysAllowed('move_file')
  })

  it('argument values: 2,000 characters in full, longer ones cut with a button that shows them whole', async () => {
    const { el } = await card('read_notes', { exact: 'x'.repeat(2_000), long: 'y'.repeat(2_001) })
    await reached(el, 'awaiting')
    const values = [...part(el, 'arguments')!.querySelectorAll('[part~=value]')].map((value) => value.textContent)
    expect(values).to.deep.equal(['x'.repeat(2_000), 'y'.repeat(2_000)])
    expect(text(part(el, 'cut'))).to.equal('…')
    expect(el.shadowRoot!.querySelectorAll('[part~=show-whole]')).to.have.length(1)
    expect(text(part(el, 'show-whole'))).to.match(/^Show the whole value \(2\D?001 characters\)$/)
    button(el, 'deny')!.click()
  })

  describe('what the user approves is what is sent', () => {
    /** Text of the nodes a reader sees in the card (through open shadow roots, skipping styles and closed details). */
    const seen = (el: McpToolCallElement) => {
      const parts: string[] = []
      const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!
        if (parent.localName !== 'style' && parent.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) parts.push(node.nodeValue!)
      }
      return parts.join('')
    }

    it('a value longer than the card shows: Allow once and Always allow wait, with the reason, until it is shown whole; then its end is on screen and Allow sends it', async () => {
      const marker = `v${++unique}`
      const note = `${marker} ${'lorem ipsum '.repeat(500)}TAIL-attacker@evil.example`
      const { el } = await card('read_notes', { note })
      await reached(el, 'awaiting')
      expect(seen(el)).to.not.contain('TAIL-attacker')
      for (const action of ['allow', 'always']) {
        expect(button(el, action)!.disabled, `${action} before the value was shown whole`).to.equal(true)
        expect(button(el, action)!.getAttribute('aria-describedby')).to.equal('review-note')
      }
      expect(text(part(el, 'review-note'))).to.equal('Show the whole value before allowing.')
      button(el, 'allow')!.click()
      button(el, 'always')!.click()
      await new Promise((r) => setTimeout(r, 300))
      expect(el.state).to.equal('awaiting')
      expect(await callsWith('read_notes', marker), 'calls sent before the value was shown whole').to.have.length(0)
      await expect(el).to.be.accessible()

      part(el, 'show-whole')!.click()
      await eventually(() => seen(el).includes('TAIL-attacker@evil.example'), 'the end of the value on screen')
      expect(part(el, 'value')!.textContent).to.equal(note)
      expect(el.shadowRoot!.activeElement, 'focus on the value shown whole').to.equal(part(el, 'value'))
      expect(part(el, 'review-note'), 'the reason, once the value was shown').to.equal(null)
      expect(button(el, 'allow')!.disabled).to.equal(false)
      await expect(el).to.be.accessible()
      button(el, 'allow')!.click()
      await reached(el, 'done')
      const [sent] = await callsWith('read_notes', marker)
      expect(sent!.params.arguments).to.deep.equal({ note })
    })

    it('a long run of spaces is counted, not drawn, so the end of the value is on screen at once; so is the JSON', async () => {
      const recipient = `alice@example.com${' '.repeat(100_001)}TAIL-attacker@evil.example`
      const { el } = await card('read_notes', { recipient })
      await reached(el, 'awaiting')
      expect(seen(el)).to.contain('alice@example.com').and.contain('TAIL-attacker@evil.example')
      expect(text(part(el, 'value'))).to.match(/^alice@example\.com⟨100\D?001 spaces⟩TAIL-attacker@evil\.example$/)
      expect(button(el, 'allow')!.disabled, 'Allow, with the whole value on screen').to.equal(false)
      part(el, 'json')!.querySelector('summary')!.click()
      await eventually(() => /"recipient": "alice@example\.com⟨100\D?001 spaces⟩TAIL-attacker@evil\.example"/.test(seen(el)), 'the JSON with the end of the value')
      await expect(el).to.be.accessible()
      button(el, 'deny')!.click()
    })

    it('control, bidirectional and zero-width characters are shown as markers, and every name and value is isolated', async () => {
      const { el } = await card('read_notes', { file: 'invoice\u202Egpj.exe', ['pay\u200Bpal']: 'a\u200B\u200Bb\u0007c\u00A0d' })
      await reached(el, 'awaiting')
      const values = [...el.shadowRoot!.querySelectorAll('[part~=value]')].map((value) => value.textContent)
      expect(values).to.deep.equal(['invoice⟨U+202E RLO⟩gpj.exe', 'a⟨2 × U+200B ZWSP⟩b⟨U+0007⟩c⟨U+00A0 NBSP⟩d'])
      expect(text(el.shadowRoot!.querySelectorAll('[part~=name]')[1]!)).to.equal('pay⟨U+200B ZWSP⟩pal')
      // No character that reorders or hides text reaches the screen as itself.
      expect(seen(el)).to.not.match(/[\u202E\u200B\u00A0]/)
      expect(seen(el), 'the bell character').to.not.include(String.fromCharCode(7))
      const markers = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=marker]')]
      expect(markers.map((m) => m.title)).to.include('U+202E RIGHT-TO-LEFT OVERRIDE')
      // A marker does not look like the text around it.
      expect(getComputedStyle(markers[0]!).backgroundColor).to.not.equal(getComputedStyle(part(el, 'value')!).backgroundColor)
      for (const shown of el.shadowRoot!.querySelectorAll('[part~=value], [part~=name], [part~=json-text], [part~=marker]'))
        expect(getComputedStyle(shown).unicodeBidi, shown.outerHTML.slice(0, 80)).to.equal('isolate')
      await expect(el).to.be.accessible()
      button(el, 'deny')!.click()
    })

    it('a value too long to show here leaves only Deny', async () => {
      const { el } = await card('read_notes', { note: 'z'.repeat(1_000_001) })
      await reached(el, 'awaiting')
      expect(part(el, 'show-whole')).to.equal(null)
      expect(text(part(el, 'too-long'))).to.match(/Too long to show here \(1\D?000\D?001 characters\)/)
      expect(text(part(el, 'review-note'))).to.contain('this call can only be denied')
      expect(button(el, 'allow')!.disabled).to.equal(true)
      expect(button(el, 'always')!.disabled).to.equal(true)
      expect(button(el, 'deny')!.disabled).to.equal(false)
      button(el, 'deny')!.click()
      await reached(el, 'denied')
    })
  })

  describe('as an approval prompt (ask)', () => {
    async function prompt(modal: boolean, args: Record<string, unknown> = { from_path: '/etc/x', mode: 'move' }) {
      const client = new McpClient(await serverUrl('approval'))
      const tool = (await client.listTools()).find((t) => t.name === 'move_file')!
      const controller = new AbortController()
      const request: ApprovalRequest = {
        tool,
        arguments: args,
        server: { url: client.url, name: 'approvals' },
        origin: { kind: 'view', uri: 'ui://apps/x.html' },
        hints: (await import('../../src/client/index.js')).toolHints(tool),
        signal: controller.signal,
      }
      const el = await fixture<McpToolCallElement>(html`<mcp-tool-call ?modal=${modal}></mcp-tool-call>`)
      const answer: Promise<ApprovalAnswer> = el.ask(request)
      await el.updateComplete
      return { el, answer, controller }
    }

    it('keyboard: the modal dialog names the server, focus starts on Deny, Tab reaches Allow once, Enter allows', async () => {
      const { el, answer } = await prompt(true)
      const dialog = part(el, 'dialog') as HTMLDialogElement
      expect(dialog.open).to.equal(true)
      expect(text(part(el, 'heading'))).to.contain(new URL(await serverUrl('approval')).host).and.contain('approvals')
      expect(el.shadowRoot!.activeElement).to.equal(button(el, 'deny'))
      await sendKeys({ press: 'Tab' })
      expect(el.shadowRoot!.activeElement).to.equal(button(el, 'always'))
      await sendKeys({ press: 'Tab' })
      expect(el.shadowRoot!.activeElement).to.equal(button(el, 'allow'))
      await expect(el).to.be.accessible()
      await sendKeys({ press: 'Enter' })
      expect(await answer).to.deep.equal({ decision: 'allow-once', by: 'user' })
      await reached(el, 'allowed')
      expectAbsent(part(el, 'dialog'), 'the dialog')
    })

    it('keyboard: a value cut short is shown whole from its button, then Tab reaches Allow once and Enter allows', async () => {
      const from = `/etc/${'a'.repeat(3_000)}/TAIL`
      const { el, answer } = await prompt(true, { from_path: from, mode: 'move' })
      expect(el.shadowRoot!.activeElement).to.equal(button(el, 'deny'))
      // Presses `key` until `target` has focus: the JSON's summary may be on the way, by engine.
      const pressUntil = (key: string, target: () => Element | null, what: string) =>
        eventually(async () => {
          await sendKeys({ press: key })
          return el.shadowRoot!.activeElement === target()
        }, what)
      await pressUntil('Shift+Tab', () => part(el, 'show-whole'), 'Shift+Tab to reach Show the whole value, before the buttons')
      await sendKeys({ press: 'Enter' })
      await eventually(() => part(el, 'value')!.textContent === from, 'the whole value')
      expect(el.shadowRoot!.activeElement).to.equal(part(el, 'value'))
      await pressUntil('Tab', () => button(el, 'allow'), 'Tab to reach Allow once')
      await sendKeys({ press: 'Enter' })
      expect(await answer).to.deep.equal({ decision: 'allow-once', by: 'user' })
    })

    it('keyboard: Escape denies', async () => {
      const { el, answer } = await prompt(true)
      await sendKeys({ press: 'Escape' })
      expect((await answer).decision).to.equal('deny')
      await reached(el, 'denied')
    })

    it('a call aborted while it waits (timeout, the view closed) shows cancelled', async () => {
      const { el, controller } = await prompt(false)
      const change = nextEvent<CustomEvent<ToolCallStateDetail>>(el, 'mcp-call-state')
      controller.abort(new Error('the view was closed'))
      expect((await change).detail).to.include({ state: 'cancelled', previous: 'awaiting' })
      expect(text(part(el, 'status'))).to.contain('Cancelled')
      expectAbsent(button(el, 'allow'), 'the Allow button')
    })

    it('a request that offers to block its view gets a Deny and block this app button: it blocks, and denies', async () => {
      const client = new McpClient(await serverUrl('approval'))
      const tool = (await client.listTools()).find((t) => t.name === 'move_file')!
      let blocked = 0
      const request: ApprovalRequest = {
        tool,
        arguments: { from_path: '/etc/x', mode: 'move' },
        server: { url: client.url },
        origin: { kind: 'view', uri: 'ui://apps/x.html' },
        hints: (await import('../../src/client/index.js')).toolHints(tool),
        signal: new AbortController().signal,
        block: () => blocked++,
      }
      const el = await fixture<McpToolCallElement>(html`<mcp-tool-call modal></mcp-tool-call>`)
      const unoffered = el.ask({ ...request, block: undefined })
      await el.updateComplete
      expectAbsent(button(el, 'block'), 'a block button with no offer')
      const answer = el.ask(request)
      expect((await unoffered).decision, 'the request shown before, replaced').to.equal('deny')
      await el.updateComplete
      expect(text(button(el, 'block'))).to.equal('Deny and block this app')
      expect(el.shadowRoot!.activeElement, 'focus still starts on Deny').to.equal(button(el, 'deny'))
      await expect(el).to.be.accessible()
      button(el, 'block')!.click()
      expect(await answer).to.deep.equal({ decision: 'deny', by: 'user', reason: 'the user blocked the app’s tool calls' })
      expect(blocked).to.equal(1)
      await reached(el, 'denied')
    })
  })
})
