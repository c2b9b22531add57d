// The one context key in a page: what the library keeps or shares between tabs is keyed by the server's URL, resolved
// against the document, and by who the client calls it as (src/cache/context-key.ts).
import { expect } from '@open-wc/testing'
import { defaultElementCache } from '../../src/cache/idb.js'
import { McpClient, followTask } from '../../src/client/index.js'
import { eventually, serverUrl } from '../support/browser.js'

/** A client made while the document's base URL is `base` (a `<base>` element, removed again). */
function clientUnder(base: string, url: string): McpClient {
  const element = document.createElement('base')
  element.href = base
  document.head.prepend(element)
  try {
    return new McpClient(url)
  } finally {
    element.remove()
  }
}

describe('the context key in a page', () => {
  it('resolves a relative server URL against the document’s base URL: "mcp" on two paths is two servers', async () => {
    const one = clientUnder('/one/', 'mcp')
    const two = clientUnder('/two/', 'mcp')
    expect(one.url).to.equal(`${location.origin}/one/mcp`)
    expect(two.url).to.equal(`${location.origin}/two/mcp`)
    expect(one.contextKey().key).to.not.equal(two.contextKey().key)
    const absolute = 'http://127.0.0.1:9/mcp'
    expect(clientUnder('/one/', absolute).url, 'an absolute URL as given').to.equal(absolute)
  })

  it('keeps nothing shared for a server of the page’s own origin, to which the browser sends the page’s cookies', async () => {
    const own = new McpClient(`${location.origin}/mcp`).contextKey()
    expect(own.shared).to.equal(false)
    const other = new McpClient(await serverUrl('tasks')).contextKey()
    expect(other.shared, 'another origin, no credential: the anonymous key').to.equal(true)
  })

  it('tells a task’s states to other tabs, and locks it, under the context key: another API key’s tabs never match it', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('tasks')
    const cache = defaultElementCache()!
    const alice = new McpClient(url, { cache, headers: { 'X-Api-Key': 'alice' } })
    const bob = new McpClient(url, { cache, headers: { 'X-Api-Key': 'bob' } })
    const [aliceKey, bobKey] = [alice.contextKey().key, bob.contextKey().key]
    expect(aliceKey).to.not.equal(bobKey)
    // What another tab hears: a channel of the store's name, as every tab's task follower opens.
    const heard: Array<{ type: string; key: string }> = []
    const tab = new BroadcastChannel(cache.name)
    tab.onmessage = (event) => heard.push(event.data)
    let taskId = ''
    const detach = new AbortController()
    await alice
      .callTool('count', { steps: 6, stepMs: 300, pollIntervalMs: 300 }, {
        origin: { kind: 'user' },
        detach: detach.signal,
        onTask: (task) => ((taskId = task.taskId), detach.abort()),
      })
      .catch(() => {})
    const following = new AbortController()
    const followed = followTask(alice, taskId, { detach: following.signal }).catch(() => {})
    try {
      await eventually(() => heard.some((m) => m.type === 'task-state'), 'a task state told to the other tabs', 10_000)
      // The store tells its own changes on the same channel: only the task messages are the follower's.
      for (const message of heard.filter((m) => m.type.startsWith('task-'))) expect(message.key).to.equal(`${aliceKey}\n${taskId}`)
      const held = (await navigator.locks.query()).held?.map((lock) => lock.name ?? '') ?? []
      expect(held).to.include(`mcp-web-elements task\n${aliceKey}\n${taskId}`)
      expect(held.some((name) => name.includes(bobKey))).to.equal(false)
    } finally {
      following.abort()
      await followed
      tab.close()
    }
  })
})
