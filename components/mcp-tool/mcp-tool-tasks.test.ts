// <mcp-tool> and <mcp-task-list> with tools the server runs as tasks (the Tasks extension), in headless Chromium
// against the demo server (demo/server/demo-server.ts: long_task, failing_task, expiring_task on demo/server/tasks.ts),
// through <mcp-server> (its IndexedDB store keeps the tasks; its input handlers show the dialog). What a user sees is
// read from the page; how often the client polled is counted at the server (its request log).
import { assert, expect, fixture, html } from '@open-wc/testing'
import { clearCache } from '../../src/cache/idb.js'
import { McpClient, MemoryCache } from '../../src/client/index.js'
import { controlServer, deepQuery, deepQueryAll, deepText, eventually, expectAbsent, requestsFor, serverUrl } from '../../test/support/browser.js'
import '../mcp-server/mcp-server.js'
import type { McpServerElement } from '../mcp-server/mcp-server.js'
import '../mcp-task-list/mcp-task-list.js'
import type { McpTaskListElement } from '../mcp-task-list/mcp-task-list.js'
import './mcp-tool.js'
import type { McpToolElement } from './mcp-tool.js'

const text = (node: Element | ShadowRoot | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~=${name}]`)

/** The form of `tool` starts from these arguments (what the element keeps per session), so a test need not type them. */
function prefill(url: string, tool: string, args: Record<string, unknown>): void {
  // Where <mcp-tool> keeps them: under the context key of an anonymous client of that server (stored-arguments.ts).
  sessionStorage.setItem(`mcp-web-elements:tool-arguments\n${new McpClient(url).contextKey().key}\n${tool}`, JSON.stringify(args))
}

/** <mcp-server> of the demo server with an <mcp-tool> of `tool` (and what else `extra` adds), once the form shows. */
async function toolInServer(tool: string, args: Record<string, unknown>) {
  const url = await serverUrl('demo')
  prefill(url, tool, args)
  const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name=${tool}></mcp-tool></mcp-server>`)
  const el = server.querySelector('mcp-tool')!
  await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
  return { server, el, url }
}

/** The client <mcp-server> made (and provides to the elements inside it). */
const clientOf = (server: McpServerElement) => server.querySelector('mcp-tool')!.connection!.client

/** Starts a task of `tool` on the `tasks` server and lets go of it at once (only elements follow it); its id. */
async function startDetached(client: McpClient, tool: string, args: Record<string, unknown>): Promise<string> {
  let taskId = ''
  const detach = new AbortController()
  const onTask = (task: { taskId: string }) => ((taskId = task.taskId), detach.abort())
  await client.callTool(tool, args, { origin: { kind: 'user' }, detach: detach.signal, onTask }).catch(() => {})
  return taskId
}

const callButton = (el: McpToolElement) => part(el, 'call') as HTMLButtonElement
const taskGets = async (taskId: string) => (await requestsFor('tasks/get', 'demo')).filter((r) => r.params?.taskId === taskId).length
const openDialog = async () => {
  await eventually(() => !!deepQueryAll(document, 'mcp-elicitation')[0]?.shadowRoot?.querySelector('dialog[open]'), 'the dialog', 8_000)
  return deepQuery(document, 'mcp-elicitation')
}

describe('<mcp-tool> with a tool the server runs as a task', () => {
  beforeEach(() => sessionStorage.clear())

  it('shows the task’s status and messages, time and TTL; the input dialog when it asks; then the result', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { el } = await toolInServer('long_task', { seconds: 3, topic: 'tests' })
    callButton(el).click()
    await eventually(() => text(part(el, 'task-message')).startsWith('Step'), 'a status message', 8_000)
    expect(text(part(el, 'task-status'))).to.equal('Working')
    expect(part(el, 'task')!.dataset.status).to.equal('working')
    expect(text(part(el, 'task-elapsed'))).to.match(/^Running for \d+ s$/)
    expect(text(part(el, 'task-ttl'))).to.match(/^Kept by the server for 10 min 00 s \(\d+ min \d+ s left\)$/)
    assert.exists(part(el, 'cancel'), 'Cancel while it runs')
    const dialog = await openDialog()
    expect(text(part(el, 'task-status'))).to.equal('Waiting for your input')
    expect(text(dialog.shadowRoot)).to.contain('which format should the report be in?')
    dialog.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=accept]')!.click()
    await eventually(() => deepText(part(el, 'result')!).includes('The report on “tests” is ready, as markdown'), 'the result', 10_000)
    expectAbsent(part(el, 'task'), 'the task panel, which goes with the task')
    const update = (await requestsFor('tasks/update', 'demo')).at(-1)
    expect(update.params.inputResponses.format).to.deep.equal({ action: 'accept', content: { format: 'markdown' } })
  })

  it('Cancel sends tasks/cancel; the frame says cancelled', async () => {
    const { el } = await toolInServer('long_task', { seconds: 20, topic: 'cancel me' })
    callButton(el).click()
    await eventually(() => !!part(el, 'task'), 'the task panel', 8_000)
    const cancelsBefore = (await requestsFor('tasks/cancel', 'demo')).length
    ;(part(el, 'cancel') as HTMLButtonElement).click()
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'cancelled', 'the cancelled frame', 8_000)
    expect((await requestsFor('tasks/cancel', 'demo')).length).to.equal(cancelsBefore + 1)
  })

  it('a task the user cancelled is not picked up again by the tool shown anew (no frame, no tasks/get)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const { server, el } = await toolInServer('long_task', { seconds: 20, topic: 'cancelled once' })
    callButton(el).click()
    await eventually(() => !!part(el, 'task'), 'the task panel', 8_000)
    ;(part(el, 'cancel') as HTMLButtonElement).click()
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'cancelled', 'the cancelled frame', 8_000)
    const taskId = (await clientOf(server).tasks())[0]!.taskId
    el.remove()
    const polled = await taskGets(taskId)
    // The same tool shown again (as after a reload): the task the user cancelled counts as ended (cancelledAt).
    const again = document.createElement('mcp-tool')
    again.name = 'long_task'
    server.append(again)
    await eventually(() => !!again.shadowRoot?.querySelector('mcp-schema-form'), 'the form')
    await new Promise((r) => setTimeout(r, 1_500))
    // Booleans: a failed assertion on an element makes the runner serialise the element, for minutes.
    expect(!!part(again, 'task'), 'a task panel').to.equal(false)
    expect(part(again, 'result-frame')?.dataset.status ?? 'none', 'the frame of the old call').to.equal('none')
    expect((await taskGets(taskId)) - polled, 'tasks/get for the cancelled task').to.equal(0)
  })

  it('a task that fails is framed as a failure with the server’s words', async () => {
    const { el } = await toolInServer('failing_task', { seconds: 1 })
    callButton(el).click()
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'failure', 'the failure', 8_000)
    expect(text(part(el, 'result'))).to.contain('The task failed on the server.')
    expect(text(part(el, 'result'))).to.contain('quota exceeded')
  })

  it('taken off the page mid-task, it stops polling (counted at the server) and does not cancel the task', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { server, el } = await toolInServer('long_task', { seconds: 20, topic: 'left alone' })
    let taskId = ''
    el.addEventListener('mcp-tool-error', () => {})
    callButton(el).click()
    await eventually(() => !!part(el, 'task'), 'the task panel', 8_000)
    const client = clientOf(server)
    await eventually(async () => !!(taskId = (await client.tasks())[0]?.taskId ?? ''), 'the kept task')
    await eventually(async () => (await taskGets(taskId)) >= 1, 'a first poll', 5_000)
    // Only the tool leaves (its <mcp-server> and client stay: close() is not what stops it).
    el.remove()
    await new Promise((r) => setTimeout(r, 200))
    const after = await taskGets(taskId)
    await new Promise((r) => setTimeout(r, 2_500))
    expect(await taskGets(taskId), 'no poll after the element left (interval 1 s)').to.equal(after)
    expect((await requestsFor('tasks/cancel', 'demo')).filter((r) => r.params?.taskId === taskId)).to.have.length(0)
    expect((await client.tasks()).find((t) => t.taskId === taskId)?.last.status).to.equal('working')
  })

  it('after a reload mid-task, the same tool finds its task, shows it, then shows the result', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('demo')
    prefill(url, 'long_task', { seconds: 4, topic: 'reloaded' })
    await clearCache()
    const frame = await fixture<HTMLIFrameElement>(
      html`<iframe
        title="Another tab"
        style="width: 800px; height: 600px"
        src=${`/test/support/task-tab.html?server=${encodeURIComponent(url)}&tool=long_task`}
      ></iframe>`,
    )
    const tool = () => frame.contentDocument?.querySelector('mcp-tool') as McpToolElement | null
    await eventually(() => !!tool()?.shadowRoot?.querySelector('[part~=call]'), 'the tool in the tab', 8_000)
    ;(tool()!.shadowRoot!.querySelector('[part~=call]') as HTMLButtonElement).click()
    await eventually(() => text(tool()?.shadowRoot?.querySelector('[part~=task-message]')).startsWith('Step'), 'the task in the tab', 8_000)
    frame.contentWindow!.location.reload()
    await eventually(() => !!tool()?.shadowRoot?.querySelector('[part~=task]'), 'the task shown again after the reload', 8_000)
    // The dialog halfway is answered in the tab (its own <mcp-server>): accept the default.
    await eventually(
      () => !!deepQueryAll(frame.contentDocument!, 'mcp-elicitation')[0]?.shadowRoot?.querySelector('dialog[open]'),
      'the dialog in the tab',
      10_000,
    ).catch(async (error: Error) => {
      // This has failed now and then in WebKit with the tab polling nothing: say which Web Locks it held and waited for.
      const locks = await frame.contentWindow!.navigator.locks.query()
      const shown = text(tool()?.shadowRoot?.querySelector('[part~=task]'))
      throw new Error(`${error.message}; the tab's Web Locks: ${JSON.stringify(locks)}; its task shows: ${shown}`)
    })
    deepQuery(frame.contentDocument!, 'mcp-elicitation').shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=accept]')!.click()
    await eventually(
      () => deepText(tool()!.shadowRoot!.querySelector('[part~=result]')!).includes('The report on “reloaded” is ready'),
      'the result after the reload',
      12_000,
    )
  })
})

describe('<mcp-task-list>', () => {
  beforeEach(() => sessionStorage.clear())

  it('lists a running task (tool, arguments, status, time); Open fires mcp-task-open; Cancel cancels it; Clear finished clears it', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { server, el } = await toolInServer('long_task', { seconds: 20, topic: 'listed' })
    const list = document.createElement('mcp-task-list') as McpTaskListElement
    server.append(list)
    callButton(el).click()
    // This call's row: the list also shows the tasks other tests left with the same server (kept, shared by the tabs).
    const row = () =>
      [...list.shadowRoot!.querySelectorAll<HTMLElement>('[part~=task]')].find((r) => text(r.querySelector('[part~=arguments]')).includes('"listed"'))
    await eventually(() => !!row() && text(row()!.querySelector('[part~=task-message]')).startsWith('Step'), 'the task in the list', 8_000)
    expect(text(row()!.querySelector('[part~=tool]'))).to.equal('long_task')
    expect(text(row()!.querySelector('[part~=arguments]'))).to.equal('seconds: 20, topic: "listed"')
    expect(text(row()!.querySelector('[part~=task-status]'))).to.equal('Working')
    expect(text(row()!.querySelector('[part~=time]'))).to.match(/running for \d+ s/)
    const opened = new Promise<CustomEvent>((resolve) =>
      list.addEventListener('mcp-task-open', (e) => resolve(e as CustomEvent), { once: true }),
    )
    row()!.querySelector<HTMLButtonElement>('[part~=open]')!.click()
    expect((await opened).detail).to.deep.include({ tool: 'long_task', arguments: { seconds: 20, topic: 'listed' } })
    const taskId = row()!.dataset.taskId!
    row()!.querySelector<HTMLButtonElement>('[part~=cancel]')!.click()
    await eventually(() => row()?.dataset.status === 'cancelled', 'the row cancelled', 8_000)
    expect((await requestsFor('tasks/cancel', 'demo')).filter((r) => r.params?.taskId === taskId).length).to.be.greaterThan(0)
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'cancelled', 'the tool says cancelled too', 8_000)
    // What the Clear finished button does; it resolves once the client has forgotten them too.
    expect((part(list, 'clear') as HTMLButtonElement).disabled).to.equal(false)
    await list.clearFinished()
    expect((await clientOf(server).tasks()).some((t) => t.taskId === taskId)).to.equal(false)
    await list.updateComplete
    expectAbsent(row(), 'the row')
    expect(text(part(list, 'empty'))).to.equal('No tasks.')
  })

  it('with tool set, lists only that tool’s tasks, and follows a change of tool', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const client = new McpClient(await serverUrl('tasks'), { cache: new MemoryCache() })
    const ids = [
      await startDetached(client, 'endless', { pollIntervalMs: 500 }),
      await startDetached(client, 'count', { steps: 60, stepMs: 500 }),
    ]
    const list = document.createElement('mcp-task-list') as McpTaskListElement
    list.client = client
    list.tool = 'endless'
    await fixture(html`<div>${list}</div>`)
    const tools = () => [...list.shadowRoot!.querySelectorAll('[part~=task] [part~=tool]')].map((t) => text(t))
    try {
      await eventually(() => tools().length > 0, 'the endless task', 8_000)
      expect(tools()).to.deep.equal(['endless'])
      expect(text(list.shadowRoot!.querySelector('.count')), 'one task, in the singular').to.equal('1 task')
      list.tool = 'count'
      await eventually(() => tools().join() === 'count', 'the count task alone', 8_000)
      list.tool = ''
      await eventually(() => tools().length === 2, 'both tasks', 8_000)
      expect(text(list.shadowRoot!.querySelector('.count'))).to.equal('2 tasks, newest first')
    } finally {
      for (const id of ids) list.cancelTask(id)
    }
  })

  it('says why when the tasks cannot be read (the page’s headers function fails)', async () => {
    const headers = () => Promise.reject(new Error('the token store is locked'))
    const client = new McpClient(await serverUrl('tasks'), { cache: new MemoryCache(), headers })
    const list = await fixture<McpTaskListElement>(html`<mcp-task-list .client=${client}></mcp-task-list>`)
    await eventually(() => !!part(list, 'error'), 'the error', 5_000)
    expect(text(part(list, 'error'))).to.equal('The tasks could not be read: the token store is locked')
  })

  it('a read for a client no longer shown writes no rows: only the shown client’s tasks appear', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    // Each client's headers hook waits on its gate while one is set: the page's own hook, so a read can be held.
    const gates: Record<'first' | 'second', Promise<void> | undefined> = { first: undefined, second: undefined }
    const opens: Record<'first' | 'second', () => void> = { first: () => {}, second: () => {} }
    const shut = (name: 'first' | 'second') => (gates[name] = new Promise<void>((resolve) => (opens[name] = resolve)))
    const url = await serverUrl('tasks')
    const first = new McpClient(url, { cache: new MemoryCache(), headers: async () => (await gates.first, {}) })
    const second = new McpClient(url, { cache: new MemoryCache(), headers: async () => (await gates.second, {}) })
    const [firstTask, secondTask] = [
      await startDetached(first, 'count', { steps: 10, stepMs: 500 }),
      await startDetached(second, 'count', { steps: 10, stepMs: 500 }),
    ]
    shut('first')
    const list = await fixture<McpTaskListElement>(html`<mcp-task-list .client=${first}></mcp-task-list>`)
    const shown = () => [...list.shadowRoot!.querySelectorAll<HTMLElement>('[part~=task]')].map((row) => row.dataset.taskId)
    // The first client's read waits at its headers; the list moves on to the second, whose read waits too.
    shut('second')
    list.client = second
    await list.updateComplete
    opens.first()
    await new Promise((resolve) => setTimeout(resolve, 300))
    await list.updateComplete
    expect(shown(), 'rows once the first client’s read answered late').to.deep.equal([])
    opens.second()
    await eventually(() => shown().join() === secondTask, 'the second client’s task alone', 8_000)
    expect(shown()).not.to.include(firstTask)
  })

  it('works for a page that keeps tasks in memory only (a client on a MemoryCache: no store shared with other tabs)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('demo')
    prefill(url, 'long_task', { seconds: 20, topic: 'in memory' })
    const client = new McpClient(url, { cache: new MemoryCache() })
    const server = await fixture<McpServerElement>(
      html`<mcp-server .client=${client}><mcp-tool name="long_task"></mcp-tool><mcp-task-list></mcp-task-list></mcp-server>`,
    )
    const el = server.querySelector('mcp-tool')!
    const list = server.querySelector('mcp-task-list')!
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    callButton(el).click()
    const row = () => list.shadowRoot!.querySelector<HTMLElement>('[part~=task]')
    await eventually(() => !!row() && text(row()!.querySelector('[part~=task-message]')).startsWith('Step'), 'the task in the list', 8_000)
    expect(text(row()!.querySelector('[part~=tool]'))).to.equal('long_task')
    ;(part(el, 'cancel') as HTMLButtonElement).click()
    await eventually(() => row()?.dataset.status === 'cancelled', 'the row cancelled', 8_000)
  })

  it('taken off the page, it stops polling every task it followed, also one it read again when another task started', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const client = new McpClient(await serverUrl('tasks'), { cache: new MemoryCache() })
    const start = () => startDetached(client, 'endless', { pollIntervalMs: 200 })
    const polls = async (ids: string[]) => (await requestsFor('tasks/get', 'tasks')).filter((r) => ids.includes(r.params?.taskId)).length
    const first = await start()
    const list = await fixture<McpTaskListElement>(html`<mcp-task-list .client=${client}></mcp-task-list>`)
    const working = () => list.shadowRoot!.querySelectorAll('[part~=task][data-status=working]').length
    await eventually(() => working() === 1, 'the first task followed', 8_000)
    // A second task: the list reads its tasks again, the first still running and followed.
    const second = await start()
    await eventually(() => working() === 2, 'both tasks followed', 8_000)
    const before = await polls([first, second])
    await eventually(async () => (await polls([first, second])) > before + 2, 'polls while the list shows them', 8_000)
    list.remove()
    await new Promise((r) => setTimeout(r, 300)) // a poll in flight lands
    const after = await polls([first, second])
    await new Promise((r) => setTimeout(r, 1_500))
    expect((await polls([first, second])) - after, 'tasks/get in 1.5 s after the list left (interval 200 ms)').to.equal(0)
  })

  it('a task followed by both the tool and the list is polled once per interval (one poll shared)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const { server, el } = await toolInServer('long_task', { seconds: 20, topic: 'shared' })
    server.append(document.createElement('mcp-task-list'))
    callButton(el).click()
    await eventually(() => !!part(el, 'task'), 'the task panel', 8_000)
    const taskId = (await clientOf(server).tasks())[0]!.taskId
    const start = await taskGets(taskId)
    await new Promise((r) => setTimeout(r, 3_000))
    // The server asks for 1 s (the client adds up to 20% jitter): at most 3 polls in 3 s, not 6.
    expect((await taskGets(taskId)) - start).to.be.at.most(3)
    ;(part(el, 'cancel') as HTMLButtonElement).click()
  })
})

describe('a hostile task server (test/support/servers/tasks.ts: hostile_task, hostile_fail, hostile_status)', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => {
    delete (window as { __pwned?: unknown }).__pwned
  })

  /** <mcp-server> of the tasks test server with an <mcp-tool> of `tool` (arguments prefilled) and an <mcp-task-list>. */
  async function hostileTool(tool: string, args: Record<string, unknown> = {}) {
    const url = await serverUrl('tasks')
    prefill(url, tool, args)
    const server = await fixture<McpServerElement>(
      html`<mcp-server url=${url}><mcp-tool name=${tool}></mcp-tool><mcp-task-list></mcp-task-list></mcp-server>`,
    )
    const el = server.querySelector('mcp-tool')!
    const list = server.querySelector('mcp-task-list')!
    el.addEventListener('mcp-tool-error', () => {})
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    return { server, el, list }
  }
  /** Elements made of a payload: a script, a handler attribute, or a URL or srcdoc carrying one (an attribute's text, as data-task-id, is fine). */
  const payloadElements = (root: Element) =>
    deepQueryAll(root, '*').filter(
      (e) =>
        e.localName === 'script' ||
        [...e.attributes].some(
          (a) => a.name.startsWith('on') || (['href', 'src', 'srcdoc'].includes(a.name) && /__pwned|javascript:/.test(a.value)),
        ),
    )
  const pwned = () => (window as { __pwned?: unknown }).__pwned

  it('shows the task id, status message and arguments as text; polls no faster than the floor for pollIntervalMs 0', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const note = `<img src=x onerror="window.__pwned='task.argument'"><script>window.__pwned='task.argument'</script> javascript:alert(1)`
    const { server, el, list } = await hostileTool('hostile_task', { note })
    callButton(el).click()
    await eventually(() => text(part(el, 'task-message')).startsWith('<script>window.__pwned='), 'the status message as text', 15_000)
    const row = () => list.shadowRoot!.querySelector<HTMLElement>('[part~=task]')
    await eventually(
      () => text(row()?.querySelector('[part~=task-message]')).startsWith('<script>'),
      'the row’s status message as text',
      8_000,
    )
    expect(text(row()!.querySelector('[part~=arguments]'))).to.contain('<img src=x onerror=')
    expect(row()!.dataset.taskId).to.match(/^<script>window\.__pwned='task\.id\.hostile_task'/)
    // The absurd TTL (Number.MAX_VALUE ms) is said in words; never as "NaN", "Infinity" or a wall of digits.
    expect(deepText(el)).not.to.match(/NaN|Infinity|e\+\d/)
    expect(deepText(el)).to.contain('Kept by the server for more than a year')
    // Opened by its id (markup) in another <mcp-tool task-id>, as a page does from the list's Open: text there too.
    const opened = Object.assign(document.createElement('mcp-tool'), { name: 'hostile_task', taskId: row()!.dataset.taskId! })
    opened.addEventListener('mcp-tool-error', () => {})
    server.append(opened)
    await eventually(
      () => text(part(opened, 'task-message')).startsWith('<script>window.__pwned='),
      'the opened task’s status message as text',
      8_000,
    )
    expect(opened.getAttribute('task-id'), 'the id reflected as an attribute’s text').to.equal(row()!.dataset.taskId)
    expect(payloadElements(el), 'elements made of the payloads in the tool').to.have.length(0)
    expect(payloadElements(opened), 'elements made of the payloads in the opened tool').to.have.length(0)
    expect(payloadElements(list), 'elements made of the payloads in the list').to.have.length(0)
    // Polls counted at the server over 2 s: the server says 0 ms, the client's floor is 250 ms (jitter only lengthens).
    const taskId = row()!.dataset.taskId!
    const polls = async () => (await requestsFor('tasks/get', 'tasks')).filter((r) => r.params?.taskId === taskId).length
    const start = await polls()
    await new Promise((r) => setTimeout(r, 2_000))
    expect((await polls()) - start, 'tasks/get in 2 s').to.be.at.most(9)
    expect(pwned(), 'a payload ran').to.equal(undefined)
    ;(part(el, 'cancel') as HTMLButtonElement).click()
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'cancelled', 'cancelled', 8_000)
    server.remove()
  })

  it('a failure with markup in its messages is framed as a failure, as text', async () => {
    const { el } = await hostileTool('hostile_fail')
    callButton(el).click()
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'failure', 'the failure', 8_000)
    expect(text(part(el, 'result'))).to.contain(
      "failed on the server: <script>window.__pwned='task.failed-message'</script><img src=x onerror=",
    )
    expect(payloadElements(el)).to.have.length(0)
    await new Promise((r) => setTimeout(r, 200))
    expect(pwned(), 'a payload ran').to.equal(undefined)
  })

  it('a status the extension does not have is a clear error, and polling stops; the list says the status is unknown, not failed', async () => {
    const { el, list } = await hostileTool('hostile_status')
    callButton(el).click()
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'failure', 'the failure', 8_000)
    expect(text(part(el, 'result'))).to.contain('not a task: it lacks a taskId or a known status (got "paused")')
    // The task may run on at the server in a state this page cannot read: the list must not say it failed.
    const pausedRow = () => [...list.shadowRoot!.querySelectorAll<HTMLElement>('[part~=task]')].find((row) => text(row).includes('(got "paused")'))
    await eventually(() => pausedRow()?.dataset.status === 'unknown', 'the task in the list, its status unknown', 8_000)
    expect(text(pausedRow()!.querySelector('[part~=task-status]'))).to.equal('Unknown status')
    const polls = (await requestsFor('tasks/get', 'tasks')).length
    await new Promise((r) => setTimeout(r, 1_000))
    expect((await requestsFor('tasks/get', 'tasks')).length, 'no poll after the error').to.equal(polls)
  })
})

describe('<mcp-tool task-id>: a task opened from <mcp-task-list> (test/support/servers/tasks.ts)', () => {
  beforeEach(() => sessionStorage.clear())
  /** The test stands for the user who pressed Call (under <mcp-server>'s approval policy, page code is asked about). */
  const USER = { kind: 'user' } as const

  /** <mcp-server> of the tasks test server with an <mcp-task-list>; Open puts an <mcp-tool> of the row's task in it, as a page does. */
  async function listInServer() {
    const url = await serverUrl('tasks')
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-task-list></mcp-task-list></mcp-server>`)
    const list = server.querySelector('mcp-task-list')!
    await eventually(() => !!list.connection?.client, 'the list’s client')
    list.addEventListener('mcp-task-open', (event) => {
      const { taskId, tool } = (event as CustomEvent<{ taskId: string; tool: string }>).detail
      const shown = server.querySelector('mcp-tool') ?? server.appendChild(document.createElement('mcp-tool'))
      shown.name = tool
      shown.taskId = taskId
    })
    return { server, list, client: list.connection!.client, url }
  }
  const rowOf = (list: McpTaskListElement, taskId: string) =>
    [...list.shadowRoot!.querySelectorAll<HTMLElement>('[part~=task]')].find((row) => row.dataset.taskId === taskId)
  const tasksGets = async (taskId: string) => (await requestsFor('tasks/get', 'tasks')).filter((r) => r.params?.taskId === taskId).length
  const formArguments = (el: McpToolElement) => el.shadowRoot!.querySelector('mcp-schema-form')!.arguments

  it('Open of a finished task shows its result (one tasks/get), the arguments it ran with, and how long it ran', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const { list, client, server } = await listInServer()
    let taskId = ''
    const result = await client.callTool(
      'count',
      { steps: 2, stepMs: 300, pollIntervalMs: 100 },
      { origin: USER, onTask: (t) => (taskId = t.taskId) },
    )
    expect(result.content).to.deep.equal([{ type: 'text', text: 'counted to 2' }])
    await eventually(() => rowOf(list, taskId)?.dataset.status === 'completed', 'the finished task in the list', 8_000)
    // Opened a while after it ended: the duration shown is still the task's own.
    await new Promise((r) => setTimeout(r, 1_500))
    const polled = await tasksGets(taskId)
    rowOf(list, taskId)!.querySelector<HTMLButtonElement>('[part~=open]')!.click()
    const el = await eventually(() => !!server.querySelector('mcp-tool'), 'the tool').then(() => server.querySelector('mcp-tool')!)
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'success', 'the result of the finished task', 8_000)
    expect(deepText(part(el, 'result')!)).to.contain('counted to 2')
    expect(formArguments(el), 'the form holds the arguments the task ran with').to.deep.equal({
      steps: 2,
      stepMs: 300,
      pollIntervalMs: 100,
    })
    // The task ran about 0.9 s at the server (3 steps of 300 ms); not the time since it was created.
    expect(text(part(el, 'duration'))).to.match(/^(\d{3} ms|1\.\d s)$/)
    expect((await tasksGets(taskId)) - polled, 'one tasks/get to read the ended task').to.equal(1)
    expect(el.getAttribute('task-id')).to.equal(taskId)
  })

  it('Open of a running task follows that task in <mcp-tool> (not the tool’s newest): status, then the result; one poll shared', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(25_000)
    const { list, client, server } = await listInServer()
    /** Started by this page's client, then let go of (as a closed tab would): the list follows it. */
    const taskId = await startDetached(client, 'count', { steps: 8, stepMs: 400, pollIntervalMs: 500 })
    // A newer task of the same tool: the one a plain <mcp-tool name="count"> would pick up.
    const newer = await startDetached(client, 'count', { steps: 60, stepMs: 400, pollIntervalMs: 500 })
    try {
      await eventually(
        () => text(rowOf(list, taskId)?.querySelector('[part~=task-message]')).startsWith('Step'),
        'the running task in the list',
        8_000,
      )
      rowOf(list, taskId)!.querySelector<HTMLButtonElement>('[part~=open]')!.click()
      await eventually(() => !!server.querySelector('mcp-tool'), 'the tool')
      const el = server.querySelector('mcp-tool')!
      await eventually(() => / of 8$/.test(text(part(el, 'task-message'))), 'the opened task followed in the tool', 8_000)
      expect(formArguments(el)).to.deep.equal({ steps: 8, stepMs: 400, pollIntervalMs: 500 })
      assert.exists(part(el, 'cancel'), 'Cancel while it runs')
      const start = await tasksGets(taskId)
      await new Promise((r) => setTimeout(r, 1_500))
      // The server asks for 500 ms (jitter only lengthens): at most 3 polls in 1.5 s for the list and the tool together.
      expect((await tasksGets(taskId)) - start, 'tasks/get in 1.5 s').to.be.at.most(3)
      await eventually(() => part(el, 'result-frame')?.dataset.status === 'success', 'the result', 8_000)
      expect(deepText(part(el, 'result')!)).to.contain('counted to 8')
      expect(rowOf(list, taskId)?.dataset.status).to.equal('completed')
    } finally {
      // The newer task is cancelled at the server (an aborted follow sends tasks/cancel), so it runs on in no later test.
      await client.resumeTask(newer, { signal: AbortSignal.abort() }).catch(() => {})
    }
  })

  it('a task-id of another tool, or one the client does not keep, is framed as a failure that says so', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const { client, server } = await listInServer()
    let taskId = ''
    await client.callTool('count', { steps: 1, stepMs: 50, pollIntervalMs: 100 }, { origin: USER, onTask: (t) => (taskId = t.taskId) })
    const el = document.createElement('mcp-tool')
    el.addEventListener('mcp-tool-error', () => {})
    el.name = 'fail'
    el.taskId = taskId
    server.append(el)
    await eventually(() => part(el, 'result-frame')?.dataset.status === 'failure', 'the failure', 8_000)
    expect(text(part(el, 'result'))).to.contain(
      `Task ${taskId} is a task of the tool "count", not of "fail": set name="count" to open it here.`,
    )
    el.taskId = 'no-such-task'
    await eventually(() => text(part(el, 'result')).includes('This page keeps no such task.'), 'the task not kept', 8_000)
  })

  it('a tasks/get cut off on the network: the tool shows the error once, the list says the task’s status is unknown (not failed), and no rejection reaches the page', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(25_000)
    const unhandled: string[] = []
    const record = (event: PromiseRejectionEvent) => unhandled.push(String((event.reason as Error)?.message ?? event.reason))
    window.addEventListener('unhandledrejection', record)
    const { list, client, server } = await listInServer()
    const taskId = await startDetached(client, 'count', { steps: 60, stepMs: 400, pollIntervalMs: 300 })
    try {
      await eventually(() => text(rowOf(list, taskId)?.querySelector('[part~=task-message]')).startsWith('Step'), 'the running task in the list', 8_000)
      rowOf(list, taskId)!.querySelector<HTMLButtonElement>('[part~=open]')!.click()
      await eventually(() => !!server.querySelector('mcp-tool'), 'the tool')
      const el = server.querySelector('mcp-tool')!
      const errors: unknown[] = []
      el.addEventListener('mcp-tool-error', (event) => errors.push((event as CustomEvent<{ error: unknown }>).detail.error))
      await eventually(() => / of 60$/.test(text(part(el, 'task-message'))), 'the task followed in the tool', 8_000)
      // A browser re-sends a request whose reused connection closed with no answer (Chromium once, on a new one): a few are cut.
      await controlServer('tasks', 'drop-polls', { count: 3 })
      await eventually(() => part(el, 'result-frame')?.dataset.status === 'failure', 'the failure in the tool', 8_000)
      expect(text(part(el, 'result'))).to.match(/Could not reach .* for tasks\/get/)
      // Only this page lost the server: the task runs on there, so the list must not say it failed.
      await eventually(() => rowOf(list, taskId)?.dataset.status === 'unknown', 'the unknown status in the list', 8_000)
      const row = rowOf(list, taskId)!
      expect(text(row.querySelector('[part~=task-status]'))).to.equal('Unknown status')
      expect(text(row.querySelector('[part~=task-message]'))).to.match(
        /^This page could not learn how the task is doing; it may still be running at the server\. Could not reach .* for tasks\/get/,
      )
      assert.exists(row.querySelector('[part~=cancel]'), 'Cancel stays: the task may still run')
      // A rejection left unhandled is reported within a task or two of the poll's failure.
      await new Promise((r) => setTimeout(r, 500))
      expect(errors, 'one mcp-tool-error').to.have.length(1)
      expect(unhandled, 'no unhandled rejection on the page').to.deep.equal([])
    } finally {
      window.removeEventListener('unhandledrejection', record)
      await controlServer('tasks', 'drop-polls', { count: 0 })
      await controlServer('tasks', 'finish', { taskId }).catch(() => {})
    }
  })
})
