// Saved calls in real browsers, with real IndexedDB, against a real server (test/support/servers/saved-calls.ts: a
// search tool, and a sign-in tool whose password and API key the schema marks as secret): saved from <mcp-tool> and
// <mcp-call-log>, listed again by a new client, renamed, deleted, exported and imported, one authorization context
// never seeing another's, secrets never stored, and opening a saved call fills the form without calling: Call still
// goes through the approval gate.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { McpClient, savedCalls, type ApprovalRequest, type SavedCall } from '../../src/client/index.js'
import { IdbCache, sharedIdbCache } from '../../src/cache/index.js'
import { deepQueryAll, eventually, expectAbsent, nextEvent, requestsFor, serverUrl } from '../../test/support/browser.js'
import { fillForm } from '../../test/support/schema-zoo.js'
import '../mcp-server/mcp-server.js'
import type { McpServerElement } from '../mcp-server/mcp-server.js'
import '../mcp-tool-list/mcp-tool-list.js'
import type { McpToolListElement } from '../mcp-tool-list/mcp-tool-list.js'
import '../mcp-call-log/mcp-call-log.js'
import type { McpCallLogElement } from '../mcp-call-log/mcp-call-log.js'
import './mcp-saved-calls.js'
import type { McpSavedCallsElement } from './mcp-saved-calls.js'

const SERVER = 'saved-calls'
const text = (node: Node | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()

/** The control a label with this text points at, through the elements' shadow roots. */
function field(root: Element, label: string): HTMLInputElement | undefined {
  const found = deepQueryAll<HTMLLabelElement>(root, 'label').find((l) => text(l).replace(/\*/g, '').trim() === label)
  return found ? ((found.getRootNode() as ShadowRoot).getElementById(found.htmlFor) as HTMLInputElement) : undefined
}

const rows = (el: McpSavedCallsElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('li[part=call]')]
const names = (el: McpSavedCallsElement) => rows(el).map((row) => text(row.querySelector('[part~=open]')))
const part = <E extends Element = HTMLButtonElement>(root: Element | ShadowRoot, name: string) => root.querySelector<E>(`[part~=${name}]`)!

/** A client of the suite's server with an authorization context of its own, keeping its calls in IndexedDB. */
const clientAs = (url: string, who: string, cache: IdbCache = sharedIdbCache()) => new McpClient(url, { cache, authContext: who })
let contexts = 0
const someone = () => `person ${Date.now()}-${++contexts}`

/** `<mcp-server>` with a tool list, a call log and the saved calls of `client` (or of the URL's own client). */
async function page(client: McpClient | string, approve?: McpServerElement['approve']) {
  const server = await fixture<McpServerElement>(
    typeof client === 'string'
      ? html`<mcp-server url=${client} .approve=${approve}
          ><mcp-tool-list></mcp-tool-list><mcp-saved-calls></mcp-saved-calls><mcp-call-log></mcp-call-log
        ></mcp-server>`
      : html`<mcp-server .client=${client}
          ><mcp-tool-list></mcp-tool-list><mcp-saved-calls></mcp-saved-calls><mcp-call-log></mcp-call-log
        ></mcp-server>`,
  )
  const list = server.querySelector('mcp-tool-list')!
  const saved = server.querySelector('mcp-saved-calls')!
  await eventually(() => !!list.shadowRoot?.querySelector('li > [part~="item"]'), 'the tools')
  return { server, list, saved, log: server.querySelector('mcp-call-log')! }
}

const openTool = async (list: McpToolListElement, name: string) => {
  list.shadowRoot!.querySelector<HTMLElement>(`li > [part~="item"][data-name="${name}"]`)!.click()
  await eventually(() => !!list.shadowRoot!.querySelector('mcp-tool')?.shadowRoot?.querySelector('mcp-schema-form'), `the tool ${name}`)
  return list.shadowRoot!.querySelector('mcp-tool')!
}

/** Saves what the form of the open tool holds under `name`, through its "Save call" form, as a user does. */
async function saveFromTool(list: McpToolListElement, name: string): Promise<void> {
  const tool = list.shadowRoot!.querySelector('mcp-tool')!
  const root = tool.shadowRoot!
  part(root, 'save-call-toggle').click()
  await eventually(() => !!root.querySelector('input[part=save-call-name]'), 'the Save call form')
  await eventually(() => root.activeElement === root.querySelector('input[part=save-call-name]'), 'focus in the name field')
  await sendKeys({ type: name })
  await sendKeys({ press: 'Enter' })
  await eventually(() => text(part(root, 'save-call-status')).startsWith('Saved as'), 'the call saved')
}

/** Every record in the saved calls' IndexedDB database, as JSON text. */
async function storedText(): Promise<string> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('mcp-web-elements/saved-calls')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  try {
    const all = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('calls').objectStore('calls').getAll()
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    return JSON.stringify(all)
  } finally {
    db.close()
  }
}

describe('<mcp-saved-calls>', function (this: { timeout(ms: number): void }) {
  this.timeout(30_000)
  let url: string
  before(async () => {
    url = await serverUrl(SERVER)
  })

  it('saves a call from the tool view, without its secrets, and a new client (a reload) lists it from IndexedDB', async () => {
    const who = someone()
    const { list, saved } = await page(clientAs(url, who))
    await openTool(list, 'connect_account')
    await fillForm(list, [
      { fill: 'User', with: 'ada' },
      { fill: 'Password', with: 'hunter2-secret' },
      { fill: 'API key', with: 'sk-write-only' },
    ])
    await saveFromTool(list, 'Ada’s account')
    await eventually(() => names(saved).includes('Ada’s account'), 'the saved call listed')
    expect(text(rows(saved)[0]!.querySelector('[part=tool]'))).to.equal('connect_account')
    // A reload: another IndexedDB connection, nothing in memory.
    const fresh = new IdbCache()
    try {
      const again = await savedCalls(clientAs(url, who, fresh)).list()
      expect(again.map((c) => [c.name, c.tool, c.arguments])).to.deep.equal([['Ada’s account', 'connect_account', { user: 'ada' }]])
      expect(await savedCalls(clientAs(url, who, fresh)).persistent()).to.equal(true)
    } finally {
      await fresh.close()
    }
    const stored = await storedText()
    expect(stored).to.include('Ada’s account')
    expect(stored).not.to.include('hunter2-secret')
    expect(stored).not.to.include('sk-write-only')
    expect(await requestsFor('tools/call', SERVER), 'saving calls nothing').to.have.length(0)
    await expect(saved).to.be.accessible()
  })

  it('opening a saved call fills its tool’s form and calls nothing; Call then asks the approval gate, which may deny', async () => {
    const marker = `otters ${Date.now()}`
    const asked: ApprovalRequest[] = []
    const { server, list, saved } = await page(url, (request) => {
      asked.push(request)
      return { decision: 'deny', by: 'user', reason: 'not this time' }
    })
    const calls = savedCalls(server.connection!.client)
    for (const old of await calls.list()) await calls.delete(old.id)
    await calls.save({ name: 'Otters', tool: 'search', arguments: { query: marker, limit: 4 } })
    await eventually(() => names(saved).includes('Otters'), 'the saved call listed')
    part(rows(saved)[0]!, 'open').click()
    await eventually(() => field(list, 'Query')?.value === marker, 'the Query field filled')
    expect(list.selected).to.equal('search')
    expect(field(list, 'Limit')!.value).to.equal('4')
    expect(text(part(saved.shadowRoot!, 'status'))).to.include('press Call')
    const sent = async () => (await requestsFor('tools/call', SERVER)).filter((r) => JSON.stringify(r.params).includes(marker))
    expect(await sent(), 'opening calls nothing').to.have.length(0)
    expect(asked, 'nor asks').to.have.length(0)
    const tool = list.shadowRoot!.querySelector('mcp-tool')!
    part(tool.shadowRoot!, 'call').click()
    await eventually(() => asked.length === 1, 'the approval gate asked')
    expect(asked[0]!.tool.name).to.equal('search')
    expect(asked[0]!.arguments).to.deep.equal({ query: marker, limit: 4 })
    await eventually(() => text(tool.shadowRoot!.querySelector('[part~=result]')).length > 0, 'the denial shown')
    expect(await sent(), 'the denied call was not sent').to.have.length(0)
  })

  it('renames and deletes in place, with the keyboard; focus stays in the list', async () => {
    const who = someone()
    const client = clientAs(url, who)
    const calls = savedCalls(client)
    await calls.save({ name: 'First', tool: 'search', arguments: { query: 'a' } })
    await calls.save({ name: 'Second', tool: 'search', arguments: { query: 'b' } })
    const { saved } = await page(client)
    await eventually(() => names(saved).length === 2, 'two saved calls')
    const second = rows(saved).find((row) => text(row).includes('Second'))!
    expect(part(second, 'rename').getAttribute('aria-label')).to.equal('Rename “Second”')
    part(second, 'rename').click()
    const input = await (async () => {
      await eventually(() => !!saved.shadowRoot!.querySelector('input[part=rename-name]'), 'the rename field')
      return saved.shadowRoot!.querySelector<HTMLInputElement>('input[part=rename-name]')!
    })()
    await eventually(() => saved.shadowRoot!.activeElement === input, 'focus in the rename field')
    await sendKeys({ type: 'First' })
    await sendKeys({ press: 'Enter' })
    await eventually(() => part(saved.shadowRoot!, 'status').classList.contains('failed'), 'a taken name refused')
    expect(text(part(saved.shadowRoot!, 'status'))).to.include('named “First” already')
    input.select()
    await sendKeys({ type: 'Renamed' })
    await sendKeys({ press: 'Enter' })
    await eventually(() => names(saved).includes('Renamed'), 'the new name listed')
    expect(names(saved)).not.to.include('Second')
    await eventually(() => saved.shadowRoot!.activeElement?.getAttribute('part') === 'rename', 'focus back on Rename')
    await expect(saved).to.be.accessible()
    const renamed = rows(saved).find((row) => text(row).includes('Renamed'))!
    part(renamed, 'delete').click()
    await eventually(() => names(saved).length === 1, 'one left')
    expect(names(saved)).to.deep.equal(['First'])
    expect(text(part(saved.shadowRoot!, 'status'))).to.equal('Deleted “Renamed”.')
    await eventually(() => saved.shadowRoot!.activeElement?.getAttribute('part')?.includes('open') === true, 'focus on the next name')
    // A reload finds the rename and the deletion.
    const fresh = new IdbCache()
    try {
      expect((await savedCalls(clientAs(url, who, fresh)).list()).map((c) => c.name)).to.deep.equal(['First'])
    } finally {
      await fresh.close()
    }
  })

  it('export → import round trip into another context; a malformed or hostile file is refused and keeps every saved call', async () => {
    const from = clientAs(url, someone())
    await savedCalls(from).save({ name: 'Oslo', tool: 'search', arguments: { query: 'oslo' } })
    await savedCalls(from).save({ name: 'Bergen', tool: 'search', arguments: { query: 'bergen', limit: 2 } })
    const first = await page(from)
    await eventually(() => names(first.saved).length === 2, 'the saved calls')
    const exported = nextEvent<CustomEvent<{ json: string; fileName: string }>>(first.saved, 'mcp-saved-calls-exported')
    part(first.saved.shadowRoot!, 'export').click()
    const { json, fileName } = (await exported).detail
    expect(fileName).to.match(/^mcp-saved-calls-.*\.json$/)
    expect(JSON.parse(json).calls).to.have.length(2)

    const into = clientAs(url, someone())
    await savedCalls(into).save({ name: 'Kept', tool: 'search', arguments: { query: 'kept' } })
    const { saved } = await page(into)
    await eventually(() => names(saved).length === 1, 'the other context’s own call only')
    const root = saved.shadowRoot!
    const importText = async (value: string) => {
      if (!root.querySelector('[part=import]')) part(root, 'import-toggle').click()
      await eventually(() => !!root.querySelector('textarea[part=import-text]'), 'the import form')
      const box = root.querySelector<HTMLTextAreaElement>('textarea[part=import-text]')!
      box.value = value
      box.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
      part(root, 'import-submit').click()
    }
    await importText('{ this is not json')
    await eventually(() => part(root, 'status').classList.contains('failed'), 'the malformed file refused')
    expect(text(part(root, 'status'))).to.equal('This is not an export of saved calls: it is not valid JSON.')
    await importText(JSON.stringify({ format: 'mcp-web-elements/saved-calls', version: 1, calls: [{ name: 'ok', tool: 'search' }, { tool: 'search' }] }))
    await eventually(() => text(part(root, 'status')).includes('Call 2 of the export has no "name"'), 'the bad entry named')
    expect(names(saved)).to.deep.equal(['Kept'])
    await importText(json)
    await eventually(() => names(saved).length === 3, 'the imported calls listed')
    expect(text(part(root, 'status'))).to.equal('Imported 2 saved calls.')
    expect(names(saved).sort()).to.deep.equal(['Bergen', 'Kept', 'Oslo'])
    const bergen = (await savedCalls(into).list()).find((c: SavedCall) => c.name === 'Bergen')!
    expect(bergen.arguments).to.deep.equal({ query: 'bergen', limit: 2 })
    // Markup in a file's names stays text.
    await importText(
      JSON.stringify({
        format: 'mcp-web-elements/saved-calls',
        version: 1,
        calls: [{ name: '<img src=x onerror="window.pwned=1">', tool: '<b>bold</b>', arguments: { '<i>k</i>': '<script>1</script>' } }],
      }),
    )
    await eventually(() => names(saved).includes('<img src=x onerror="window.pwned=1">'), 'the markup name as text')
    expectAbsent(root.querySelector('img, b, i, script'), 'markup from the file rendered')
    expect((window as { pwned?: number }).pwned).to.equal(undefined)
  })

  it('two authorization contexts never see each other’s saved calls, nor does a client whose credential is out of sight', async () => {
    const alice = clientAs(url, someone())
    const bob = clientAs(url, someone())
    const hidden = new McpClient(url, { cache: sharedIdbCache(), fetch: (input, init) => fetch(input, init) })
    await savedCalls(alice).save({ name: 'Alice’s', tool: 'search', arguments: { query: 'a' } })
    await savedCalls(hidden).save({ name: 'Hidden', tool: 'search', arguments: { query: 'h' } })
    const a = await page(alice)
    const b = await page(bob)
    await eventually(() => names(a.saved).length === 1, 'Alice’s call')
    await b.saved.updateComplete
    await new Promise((r) => setTimeout(r, 200))
    expect(names(b.saved)).to.deep.equal([])
    expect(text(part(b.saved.shadowRoot!, 'empty'))).to.include('No saved calls yet')
    expect((await savedCalls(hidden).list()).map((c) => c.name)).to.deep.equal(['Hidden'])
    expect(await savedCalls(hidden).persistent()).to.equal(false)
    expect(await storedText()).not.to.include('Hidden')
  })

  it('saves a call from an entry of the call log', async () => {
    const client = clientAs(url, someone())
    const { log, saved } = await page(client)
    await client.callTool('connect_account', { user: 'grace', password: 'log-secret' })
    const logged = log as McpCallLogElement
    await eventually(() => !!logged.shadowRoot!.querySelector('details[part~=record]'), 'the record')
    const record = logged.shadowRoot!.querySelector<HTMLDetailsElement>('details[part~=record]')!
    record.querySelector('summary')!.click()
    await eventually(() => !!record.querySelector('[part~=save-call-toggle]'), 'the Save call button')
    part(record, 'save-call-toggle').click()
    await eventually(() => logged.shadowRoot!.activeElement?.getAttribute('part') === 'save-call-name', 'focus in the name field')
    await sendKeys({ type: 'From the log' })
    await sendKeys({ press: 'Enter' })
    await eventually(() => names(saved).includes('From the log'), 'saved from the log')
    const call = (await savedCalls(client).list())[0]!
    expect(call.arguments).to.deep.equal({ user: 'grace' })
    await expect(logged).to.be.accessible()
  })

  it('fits a 390 px box: long names and arguments, a row, the rename and import forms open, no horizontal overflow', async () => {
    const client = clientAs(url, someone())
    await savedCalls(client).save({ name: 'A rather long name '.repeat(8), tool: 'search', arguments: { query: 'x'.repeat(300) } })
    await savedCalls(client).save({ name: 'Another long name '.repeat(8), tool: 'search', arguments: { query: 'y'.repeat(300), limit: 5 } })
    const { server, saved, list } = await page(client)
    // A 390 px box, in every engine (WebKit's window cannot be made that narrow).
    server.style.display = 'block'
    server.style.width = '390px'
    await eventually(() => names(saved).length === 2, 'the calls')
    // One renamed (its form open), one as a row.
    part(rows(saved)[0]!, 'rename').click()
    part(saved.shadowRoot!, 'import-toggle').click()
    await openTool(list, 'search')
    part(list.shadowRoot!.querySelector('mcp-tool')!.shadowRoot!, 'save-call-toggle').click()
    await eventually(() => !!list.shadowRoot!.querySelector('mcp-tool')!.shadowRoot!.querySelector('[part=save-call-form]'), 'the save form')
    await saved.updateComplete
    expect(server.getBoundingClientRect().width).to.equal(390)
    expect(server.scrollWidth, 'the server element').to.be.at.most(390)
    for (const el of [saved, list.shadowRoot!.querySelector('mcp-tool')!]) {
      const base = el.shadowRoot!.querySelector<HTMLElement>('[part~=base]')!
      expect(base.scrollWidth, el.localName).to.be.at.most(base.clientWidth)
    }
  })
})
