// Several real tabs of the site showing one task (the Tasks extension): test/support/task-tab.html opened with
// window.open, each its own top-level page with its own <mcp-server> (the IndexedDB store they share gives them the
// store's BroadcastChannel) and an <mcp-tool task-id>. A Web Lock per task names the one tab that polls; the others
// hear its states and the end. What a user sees is read from each tab; the polls are counted at the server.
import { expect } from '@open-wc/testing'
import { defaultElementCache } from '../../src/cache/idb.js'
import { McpClient, MemoryCache } from '../../src/client/index.js'
import '../../components/mcp-server/mcp-server.js'
import '../../components/mcp-tool/mcp-tool.js'
import { controlServer, deepText, eventually, requestsFor, serverUrl } from '../support/browser.js'

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/**
 * Steps of a count that a test ends itself once its checks are done (the server's `finish` switch): 100 s at 500 ms a
 * step, longer than a test may run (60 s). A count of fixed length ended early on a loaded machine, where opening the
 * three tabs alone took 12 s, and the polls a test counted after it were none.
 */
const UNTIL_FINISHED = 200

/** Starts the `count` task with `client` and lets go of it at its first state (only the elements follow it): its id. */
async function startTask(client: McpClient, steps: number): Promise<string> {
  let taskId = ''
  const detach = new AbortController()
  const onTask = (task: { taskId: string }) => {
    taskId = task.taskId
    detach.abort()
  }
  await client
    .callTool('count', { steps, stepMs: 500, pollIntervalMs: 500 }, { origin: { kind: 'user' }, detach: detach.signal, onTask })
    .catch(() => {})
  return taskId
}

describe('one task in several tabs', () => {
  const tabs: Window[] = []
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.close()
  })

  /** A tab of task-tab.html showing `taskId`, once its tool shows the task. */
  async function openTab(url: string, taskId: string): Promise<Window> {
    const page = `/test/support/task-tab.html?server=${encodeURIComponent(url)}&tool=count&task=${encodeURIComponent(taskId)}`
    const tab = window.open(page, '_blank')
    expect(tab, 'a tab opened (window.open gave no window: a popup blocker?)').to.not.equal(null)
    tabs.push(tab!)
    await eventually(() => message(tab!).startsWith('Step'), 'the task in the new tab', 10_000)
    return tab!
  }
  const toolOf = (tab: Window) => tab.document?.querySelector('mcp-tool')
  const partIn = (tool: Element | null | undefined, name: string) => tool?.shadowRoot?.querySelector<HTMLElement>(`[part~=${name}]`) ?? null
  const partOf = (tab: Window, name: string) => partIn(toolOf(tab), name)
  const messageIn = (tool: Element | null | undefined) => text(partIn(tool, 'task-message'))
  const resultIn = (tool: Element | null | undefined) => (partIn(tool, 'result') ? deepText(partIn(tool, 'result')!) : '')
  const message = (tab: Window) => messageIn(toolOf(tab))
  const resultOf = (tab: Window) => resultIn(toolOf(tab))
  /** An <mcp-tool> of this page showing the task `taskId` of the `count` tool. */
  const countTool = (taskId: string) => {
    const tool = document.createElement('mcp-tool')
    tool.setAttribute('name', 'count')
    tool.setAttribute('task-id', taskId)
    return tool
  }
  /** tasks/get for `taskId` the server has had so far. */
  const pollsOf = async (taskId: string) => (await requestsFor('tasks/get', 'tasks')).filter((r) => r.params?.taskId === taskId).length

  it('a task shown again in a tab that waits for another tab’s poll takes over when that tab closes', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(60_000)
    const url = await serverUrl('tasks')
    const client = new McpClient(url, { cache: defaultElementCache() })
    const taskId = await startTask(client, UNTIL_FINISHED)
    const server = document.createElement('mcp-server')
    server.setAttribute('url', url)
    const show = () => server.appendChild(countTool(taskId))
    try {
      // The other tab polls; this page's element waits for the lock and hears the states.
      const other = await openTab(url, taskId)
      document.body.append(server)
      const first = show()
      await eventually(() => messageIn(first).startsWith('Step'), 'the task here, heard from the other tab', 10_000)
      // Shown again (removed, then a new element): it waits for the lock afresh.
      first.remove()
      const again = show()
      await eventually(() => messageIn(again).startsWith('Step'), 'the task in the element shown again', 10_000)
      other.close()
      await controlServer('tasks', 'finish', { taskId })
      await eventually(() => resultIn(again).includes(`counted to ${UNTIL_FINISHED}`), 'the result here, polled by this page once the other tab closed')
    } finally {
      server.remove()
      await client.resumeTask(taskId, { signal: AbortSignal.abort() }).catch(() => {})
    }
  })

  it('in one page, two elements showing the task share one poll (a store tabs do not share: no Web Lock)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('tasks')
    const client = new McpClient(url, { cache: new MemoryCache() })
    const taskId = await startTask(client, UNTIL_FINISHED)
    const server = document.createElement('mcp-server')
    server.client = client
    const tools = [countTool(taskId), countTool(taskId)]
    server.append(...tools)
    document.body.append(server)
    try {
      await eventually(() => tools.every((tool) => messageIn(tool).startsWith('Step')), 'the task in both elements', 10_000)
      const start = await pollsOf(taskId)
      await sleep(2_000)
      expect((await pollsOf(taskId)) - start, 'tasks/get in 2 s with two elements showing the task (the server asks for 500 ms)').to.be.within(2, 4)
    } finally {
      server.remove()
      await client.resumeTask(taskId, { signal: AbortSignal.abort() }).catch(() => {})
    }
  })

  it('only one tab polls; every tab shows the same status, then the result; closing the polling tab hands polling on', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(60_000)
    const url = await serverUrl('tasks')
    // The task, started by this page on the store the tabs' <mcp-server>s use, then let go of: only the tabs follow it.
    const client = new McpClient(url, { cache: defaultElementCache() })
    const taskId = await startTask(client, UNTIL_FINISHED)
    const polls = () => pollsOf(taskId)
    /**
     * tasks/get for the task over 4 s. The server asks for 500 ms (jitter only lengthens): one poller sends at most 8,
     * two sent 12 or more. At least 1: Firefox throttles the timers of a tab behind another, as the polling one is
     * (a 580 ms wait took 2.0 to 2.6 s), so there one poller sends 1 or 2.
     */
    const pollsIn4s = async () => {
      const start = await polls()
      await sleep(4_000)
      return (await polls()) - start
    }
    try {
      // The first tab takes the task's lock (nobody else polls it) and polls; the two after it wait for the lock.
      const first = await openTab(url, taskId)
      const others = [await openTab(url, taskId), await openTab(url, taskId)]
      expect(await pollsIn4s(), 'tasks/get in 4 s with three tabs showing the task').to.be.within(1, 8)
      // Every tab shows the state the polling tab saw (the others hear it over the store's channel).
      await eventually(() => new Set([first, ...others].map(message)).size === 1, 'the same status message in every tab', 5_000)
      expect(text(partOf(others[0]!, 'task-status'))).to.equal('Working')

      // The polling tab goes: one of the others takes the lock and polls from then on.
      first.close()
      await sleep(700) // a poll the closing tab had sent lands
      const before = await polls()
      await eventually(async () => (await polls()) > before, 'a poll from another tab after the polling tab closed', 5_000)
      expect(await pollsIn4s(), 'tasks/get in 4 s with two tabs left').to.be.within(1, 8)
      await controlServer('tasks', 'finish', { taskId })
      await eventually(() => others.every((tab) => resultOf(tab).includes(`counted to ${UNTIL_FINISHED}`)), 'the result in both tabs left')
      expect(others.map((tab) => partOf(tab, 'result-frame')?.dataset.status)).to.deep.equal(['success', 'success'])
    } finally {
      await client.resumeTask(taskId, { signal: AbortSignal.abort() }).catch(() => {})
    }
  })

  it('a poll that fails in the polling tab (HTTP 500) is that tab’s failure, not the task’s: the other tab polls on to the result', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(60_000)
    const url = await serverUrl('tasks')
    const client = new McpClient(url, { cache: defaultElementCache() })
    const taskId = await startTask(client, UNTIL_FINISHED)
    try {
      // The first tab polls; the second waits for the lock and hears it.
      const first = await openTab(url, taskId)
      const second = await openTab(url, taskId)
      await controlServer('tasks', 'fail-polls', { count: 1 })
      await eventually(() => partOf(first, 'error') !== null, 'the failed poll told in the tab that sent it')
      // The task runs on at the server: the second tab takes the lock and polls it, shows its steps, then its result.
      const failed = await pollsOf(taskId)
      await eventually(async () => (await pollsOf(taskId)) > failed, 'a poll from the other tab after the failed one')
      await eventually(() => message(second).startsWith('Step'), 'the task’s steps in the other tab')
      await controlServer('tasks', 'finish', { taskId })
      await eventually(() => resultOf(second).includes(`counted to ${UNTIL_FINISHED}`), 'the result in the other tab')
      expect(partOf(second, 'result-frame')?.dataset.status).to.equal('success')
    } finally {
      await client.resumeTask(taskId, { signal: AbortSignal.abort() }).catch(() => {})
    }
  })
})
