// <mcp-call-log> in headless Chromium against the fixture server (`main`: echo, add, fail): the records of a
// client's real calls, newest first, opened, copied (the real clipboard, permission granted by the runner) and
// exported (the browser's real download, its file read back).
import { assert, expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand, sendKeys } from '@web/test-runner-commands'
import { McpClient, ToolCallDeniedError, type CallRecord } from '../../src/client/index.js'
import { chromiumOnly, deepQuery, deepQueryAll, eventually, expectAbsent, itExceptIn, nextEvent, serverUrl } from '../../test/support/browser.js'
import { showApp } from '../../test/support/app-views.js'
import '../mcp-server/mcp-server.js'
import type { McpServerElement } from '../mcp-server/mcp-server.js'
import './mcp-call-log.js'
import type { McpCallLogElement } from './mcp-call-log.js'

const records = (el: McpCallLogElement) => [...el.shadowRoot!.querySelectorAll<HTMLDetailsElement>('details[part~=record]')]
const text = (node: Element | ShadowRoot | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const summaryOf = (record: HTMLDetailsElement) => text(record.querySelector('summary'))

const GRANTS_CLIPBOARD = {
  webkit: 'grants clipboard access through the test runner, which WebDriver classic cannot',
}
const DOWNLOADS = chromiumOnly(
  'follows the download through Playwright’s download event; puppeteer over WebDriver BiDi and WebDriver classic report none',
)

describe('<mcp-call-log>', () => {
  let url: string
  before(async () => {
    url = await serverUrl()
  })

  it('lists a client’s calls newest first, live, each with origin, decision, outcome and duration; accessible', async () => {
    const client = new McpClient(url, {
      approve: ({ tool }) => (tool.name === 'add' ? { decision: 'deny', by: 'user', reason: 'not now' } : 'allow-once'),
    })
    await client.callTool('echo', { text: 'before the log' })
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    expect(records(el).map(summaryOf)).to.have.length(1)
    expect(text(el.shadowRoot!.querySelector('.count')), 'one call, in the singular').to.equal('1 call')
    expect(summaryOf(records(el)[0]!))
      .to.include('echo')
      .and.include('by the page')
      .and.include('Allowed once')
      .and.include('Done')
    // Live: calls made after the log is on screen appear at the top, without reload.
    await client.callTool('echo', { text: 'second' }, { origin: { kind: 'model', model: 'scripted' } })
    await client.callTool('add', { a: 1, b: 2 }).catch((e) => expect(e).to.be.instanceOf(ToolCallDeniedError))
    await client.callTool('fail', {}, { approve: false, origin: { kind: 'user' } })
    await el.updateComplete
    const lines = records(el).map(summaryOf)
    expect(lines).to.have.length(4)
    expect(lines[0]).to.include('fail').and.include('by you').and.include('Not asked').and.include('Tool error')
    expect(lines[1]).to.include('add').and.include('Denied').and.include('Not run')
    expect(lines[2]).to.include('echo').and.include('by a model (scripted)')
    expect(text(el.shadowRoot!.querySelector('.count'))).to.equal('4 calls, newest first')
    expect(lines[3]).to.include('echo')
    expect(lines[0]).to.match(/\d+ ms|\d+\.\d s/)
    expect(records(el).map((r) => Number(r.dataset.id))).to.deep.equal([4, 3, 2, 1])
    await expect(el).to.be.accessible()
  })

  it('opens a record to its server, arguments and result (through <mcp-content>), or the denial and its reason', async () => {
    const client = new McpClient(url, {
      approve: ({ tool }) => (tool.name === 'add' ? { decision: 'deny', by: 'user', reason: 'not now' } : 'allow-once'),
    })
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    await client.callTool('echo', { text: 'shown when opened' })
    await client.callTool('add', { a: 40, b: 2 }).catch(() => {})
    await el.updateComplete
    const [denied, echo] = records(el)
    expectAbsent(echo!.querySelector('[part~=details]'), 'details rendered before opening')
    echo!.querySelector('summary')!.click()
    await eventually(() => !!echo!.querySelector('[part~=details]'), 'the echo record opened')
    expect(JSON.parse(echo!.querySelector('[part~=arguments]')!.textContent!)).to.deep.equal({ text: 'shown when opened' })
    expect(text(echo!.querySelector('dl'))).to.include(url)
    const content = echo!.querySelector('mcp-content')!
    await eventually(() => text(content.shadowRoot).includes('shown when opened'), 'the result through <mcp-content>')
    denied!.querySelector('summary')!.click()
    await eventually(() => !!denied!.querySelector('[part~=details]'), 'the denied record opened')
    expect(text(denied!.querySelector('[part~=details]')))
      .to.include('user: not now')
      .and.include('ToolCallDeniedError')
    expect(JSON.parse(denied!.querySelector('[part~=arguments]')!.textContent!)).to.deep.equal({ a: 40, b: 2 })
    await expect(el).to.be.accessible()
  })

  it('names the server with its query values masked, opened and in Copy’s and Export’s JSON: a key there is a credential', async () => {
    const key = 'q-456-key'
    const client = new McpClient(`${url}?api_key=${key}&region=eu`)
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    await client.callTool('echo', { text: 'with a key in the URL' })
    await eventually(() => records(el).length === 1, 'the call’s record')
    const [record] = records(el)
    record!.querySelector('summary')!.click()
    await eventually(() => !!record!.querySelector('[part~=details]'), 'the record opened')
    const masked = `${url}?api_key=•••&region=•••`
    expect(text(record!.querySelector('dl'))).to.include(masked).and.not.include(key)
    expect(client.callLog.records[0]!.server.url, 'the record Copy copies').to.equal(masked)
    expect(client.callLog.export()).to.not.include(key)
  })

  it('a call that failed without being denied says Failed, and its error by name and message', async () => {
    const client = new McpClient(url, { approve: () => 'allow-once' })
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    const error = await client.callTool('add', { a: 'not a number', b: 2 }).catch((e: Error) => e)
    expect(error).to.be.instanceOf(Error)
    await eventually(() => records(el).length === 1, 'the failed call’s record')
    const [record] = records(el)
    expect(summaryOf(record!)).to.include('add').and.include('Failed').and.not.include('Not run').and.not.include('Done')
    record!.querySelector('summary')!.click()
    await eventually(() => !!record!.querySelector('[part~=error]'), 'the error, opened')
    const shown = text(record!.querySelector('[part~=error]'))
    expect(shown).to.include((error as Error).name).and.include((error as Error).message.replace(/\s+/g, ' ').trim())
    expect(shown).to.not.include('undefined')
  })

  it('uses the enclosing <mcp-server>’s client', async () => {
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-call-log></mcp-call-log></mcp-server>`)
    await eventually(() => server.connection?.status === 'ready', 'the server to connect')
    const el = server.querySelector('mcp-call-log')!
    // Page code on <mcp-server>'s client is asked about by default (see mcp-server-approval.test.ts); this page says
    // its own call needs no prompt.
    await server.connection!.client.callTool('echo', { text: 'through the server' }, { approve: false })
    await eventually(() => records(el).length === 1, 'the record of the server’s client')
    expect(summaryOf(records(el)[0]!)).to.include('echo')
  })

  itExceptIn(
    GRANTS_CLIPBOARD,
    'keyboard: Enter opens a record, Tab reaches Copy, Enter copies the record as JSON to the clipboard',
    async () => {
      await executeServerCommand('grant-clipboard')
      const client = new McpClient(url)
      const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
      await client.callTool('echo', { text: 'copy me' })
      await el.updateComplete
      const [record] = records(el)
      record!.querySelector('summary')!.focus()
      await sendKeys({ press: 'Enter' })
      await eventually(() => record!.open && !!record!.querySelector('[part~=copy]'), 'the record opened by Enter')
      const copy = record!.querySelector<HTMLButtonElement>('[part~=copy]')!
      // Tab from the summary: focusable things in the result come first, then Copy.
      for (let i = 0; i < 10 && el.shadowRoot!.activeElement !== copy; i++) await sendKeys({ press: 'Tab' })
      expect(el.shadowRoot!.activeElement, 'focus on Copy').to.equal(copy)
      const copied = nextEvent<CustomEvent<{ record: CallRecord }>>(el, 'mcp-call-record-copied')
      await sendKeys({ press: 'Enter' })
      expect((await copied).detail.record.tool).to.equal('echo')
      const pasted = JSON.parse(await navigator.clipboard.readText())
      expect(pasted).to.deep.include({ id: 1, method: 'tools/call', tool: 'echo', arguments: { text: 'copy me' } })
      expect(pasted.result.content).to.deep.equal([{ type: 'text', text: 'copy me' }])
      expect(text(el.shadowRoot!.querySelector('[part~=status]'))).to.include('Copied')
    },
  )

  itExceptIn(DOWNLOADS, 'Export saves the whole log as a JSON file (a blob: download)', async () => {
    const client = new McpClient(url)
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    await client.callTool('echo', { text: 'one' })
    await client.callTool('add', { a: 2, b: 3 })
    await el.updateComplete
    await executeServerCommand('expect-download')
    deepQuery<HTMLButtonElement>(el, '[part~=export]').click()
    const saved = (await executeServerCommand('downloaded')) as { fileName: string; url: string; text: string }
    expect(saved.fileName).to.match(/^mcp-call-log-.*\.json$/)
    expect(saved.url).to.match(/^blob:/)
    const file = JSON.parse(saved.text)
    expect(file.version).to.equal(1)
    expect(file.records.map((r: CallRecord) => [r.tool, r.arguments])).to.deep.equal([
      ['echo', { text: 'one' }],
      ['add', { a: 2, b: 3 }],
    ])
    expect(file.records[1].result.structuredContent).to.deep.equal({ sum: 5 })
  })

  it('follows a new client: its records replace the last one’s, and the old client is no longer heard', async () => {
    const first = new McpClient(url)
    const second = new McpClient(url)
    await first.callTool('echo', { text: 'first' })
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${first}></mcp-call-log>`)
    el.client = second
    await el.updateComplete
    expect(records(el)).to.have.length(0)
    expect(text(deepQueryAll(el, '[part~=empty]')[0])).to.equal('No calls yet.')
    await first.callTool('echo', { text: 'not heard' })
    await second.callTool('echo', { text: 'heard' })
    await el.updateComplete
    expect(records(el).map(summaryOf)).to.have.length(1)
  })

  it('a record the user opened stays open as new calls arrive', async () => {
    const client = new McpClient(url)
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    await client.callTool('echo', { text: 'opened' })
    await el.updateComplete
    records(el)[0]!.querySelector('summary')!.click()
    await eventually(() => !!records(el)[0]!.querySelector('[part~=details]'), 'the record opened')
    await client.callTool('echo', { text: 'arrives later' })
    await eventually(() => records(el).length === 2, 'the new record')
    await el.updateComplete
    const opened = records(el).find((r) => r.dataset.id === '1')!
    expect(opened.open, 'the record opened before').to.equal(true)
    expect(opened.querySelector('[part~=details]'), 'its details').to.not.equal(null)
    expect(records(el).find((r) => r.dataset.id === '2')!.open, 'the new record').to.equal(false)
  })

  it('opens a view’s request (as <mcp-app> records it) to its params and its result as JSON, with no tool lines', async () => {
    const client = new McpClient(url)
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    const origin = { kind: 'view', uri: 'ui://apps/echo.html', tool: 'show_echo' } as const
    // Results a view's request may get back: a list of content blocks that is not a tool's result, and null.
    const content = [{ type: 'text', text: 'hi' }]
    client.callLog.record({ time: Date.now(), durationMs: 3, origin, method: 'ui/message', params: { role: 'user' }, result: { content } })
    client.callLog.record({ time: Date.now(), durationMs: 4, origin, method: 'ui/request-teardown', result: null })
    await el.updateComplete
    const [teardown, message] = records(el)
    expect(summaryOf(teardown!)).to.include('ui/request-teardown').and.include('by the app view ui://apps/echo.html').and.include('Done')
    expect(summaryOf(message!)).to.include('ui/message').and.include('Done')
    for (const record of [message!, teardown!]) record.querySelector('summary')!.click()
    await eventually(() => !!message!.querySelector('[part~=details]') && !!teardown!.querySelector('[part~=details]'), 'both opened')
    const headings = (record: HTMLDetailsElement) => [...record.querySelectorAll('h4')].map((h) => text(h))
    expect(headings(message!)).to.deep.equal(['Params', 'Result'])
    expect(text(message!.querySelector('dl')), 'no Method line for a view’s request').to.not.include('Method')
    expect(JSON.parse(message!.querySelector('[part~=arguments]')!.textContent!)).to.deep.equal({ role: 'user' })
    // expectAbsent: chai would print the whole element (and the client it holds) on a failure, for minutes.
    expectAbsent(message!.querySelector('mcp-content'), 'a view’s result shown as a tool’s')
    expect(JSON.parse(message!.querySelector('pre[part~=result]')!.textContent!)).to.deep.equal({ content })
    expect(text(teardown!.querySelector('[part~=arguments]')), 'no params').to.equal('{}')
    expect(text(teardown!.querySelector('pre[part~=result]'))).to.equal('null')
  })

  it('records the requests an <mcp-app> view makes, with origin view; a tool call the client ran is recorded once', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { el: app, client } = await showApp('show_echo', { input: { text: 'from the view test' } })
    const el = await fixture<McpCallLogElement>(html`<mcp-call-log .client=${client}></mcp-call-log>`)
    const viewRecords = () => client.callLog.records.filter((r) => r.origin.kind === 'view')
    await eventually(() => viewRecords().some((r) => r.method === 'ui/initialize'), 'the view’s ui/initialize in the log')
    const init = viewRecords().find((r) => r.method === 'ui/initialize')!
    expect(init.origin).to.deep.equal({ kind: 'view', uri: 'ui://apps/echo.html', tool: 'show_echo' })
    assert.exists((init.result as { hostInfo?: unknown }).hostInfo)
    await el.updateComplete
    const line = records(el)
      .map(summaryOf)
      .find((l) => l.includes('ui/initialize'))
    expect(line).to.include('by the app view ui://apps/echo.html')
    // The page's own call of the tool is one record, not two.
    expect(client.callLog.records.filter((r) => r.method === 'tools/call')).to.have.length(1)
    expect(app.isConnected).to.equal(true)
  })
})
