// Elements taken off the page are freed, and fall silent. Each element that holds a client or a sign-in provider is
// put on the page, left to do its work (load its list, open its listen stream, show its view), and removed, many
// times over, with one client or one provider shared by all of them as a page would share it. Then, after a forced
// garbage collection (the `collect-garbage` runner command), WeakRefs count the elements still alive, and what would
// make a live element talk to its server (a sign-in, a sign-out, a list change) must bring no request from them.
import { expect } from '@open-wc/testing'
import { executeServerCommand, sendMouse } from '@web/test-runner-commands'
import { BrowserOAuthProvider, IdbAuthStore } from '../../src/auth/index.js'
import { defaultElementCache } from '../../src/cache/idb.js'
import { McpClient, type Tool } from '../../src/client/index.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.component.js'
import '../../components/index.js'
import {
  chromiumOnly,
  controlServer,
  deepQueryAll,
  eventually,
  itExceptIn,
  nextEvent,
  notifyToolsChanged,
  requestsFor,
  serverStats,
  serverUrl,
} from '../support/browser.js'

/** The tests that count survivors of a forced garbage collection. */
const FORCES_GC = chromiumOnly(
  'forces a garbage collection through CDP (HeapProfiler.collectGarbage), which Firefox and WebKit do not offer the test runner: a freed element could not be told from one not yet collected',
)

/** Add/remove cycles per element: today's leaks keep every one alive, so a handful shows them as well as a thousand. */
const CYCLES = 12
/** Elements alive after the collection that are not counted as a leak (the last one may still sit in a register). */
const TOLERATED = 1
const AUTH_CLIENT_ID = 'mcp-elements-tests' // the `auth` server's AUTH_CLIENT_ID (a Node module, not importable here)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Puts an element made by `make` on the page, waits for `ready`, takes it off again, `cycles` times; the elements,
 * held weakly.
 */
async function cycle<E extends HTMLElement>(
  make: () => E,
  ready: (el: E) => Promise<unknown>,
  cycles = CYCLES,
): Promise<Array<WeakRef<E>>> {
  const refs: Array<WeakRef<E>> = []
  for (let i = 0; i < cycles; i++) {
    const el = make()
    const done = ready(el)
    document.body.append(el)
    await done
    el.remove()
    refs.push(new WeakRef(el))
  }
  return refs
}

/**
 * How many of `refs` are alive after garbage collection, polled for a few seconds: a timer or a request settling
 * may hold an element a moment after its removal, which is not a leak; one that holds it for good is.
 */
async function survivors(refs: Array<WeakRef<object>>): Promise<number> {
  const alive = () => refs.filter((ref) => ref.deref() !== undefined).length
  const end = Date.now() + 5_000
  for (;;) {
    await executeServerCommand('collect-garbage')
    if (alive() <= TOLERATED || Date.now() > end) return alive()
    await sleep(200)
  }
}

/** An element `tag` with properties `props` (a client, a url, a tool…) and `children`. */
const make = <E extends HTMLElement = HTMLElement>(tag: string, props: Record<string, unknown> = {}, ...children: HTMLElement[]): E => {
  const el = Object.assign(document.createElement(tag), props) as E
  el.append(...children)
  return el
}
const items = (el: Element) => deepQueryAll(el, '[part~="item"]')
const listed = (el: Element, what: string) => eventually(() => items(el).length > 0, `the ${what} listed`, 10_000)
const live = (server: McpServerElement) =>
  eventually(
    () => server.shadowRoot?.querySelector('[part=status]')?.textContent?.includes('live updates') === true,
    'live updates',
    10_000,
  )
const shadowHas = (el: Element, selector: string, what: string) =>
  eventually(() => el.shadowRoot?.querySelector(selector) != null, what, 10_000)

describe('elements taken off the page are freed, and send nothing more', () => {
  let mainUrl: string
  before(async () => {
    mainUrl = await serverUrl('main')
  })

  itExceptIn(FORCES_GC, '<mcp-server url> with a tool list, connected and live', async () => {
    const refs = await cycle(
      () => make<McpServerElement>('mcp-server', { url: mainUrl }, make('mcp-tool-list')),
      async (server) => {
        await listed(server, 'tools')
        await live(server)
      },
    )
    expect(await survivors(refs)).to.be.at.most(TOLERATED)
  })

  itExceptIn(
    FORCES_GC,
    'every element on one shared client: freed, and a list change brings no request',
    async function (this: { timeout(ms: number): void }) {
      this.timeout(60_000)
      const client = new McpClient(mainUrl)
      const [greet] = (await client.listPrompts()).filter((p) => p.name === 'greet')
      const refs: Array<WeakRef<HTMLElement>> = []
      const counts: Record<string, number> = {}
      const kinds: Array<[string, () => HTMLElement, (el: HTMLElement) => Promise<unknown>]> = [
        [
          'mcp-server',
          () => make('mcp-server', { client }, make('mcp-tool-list'), make('mcp-resource-list'), make('mcp-prompt-list')),
          async (el) => {
            await listed(el, 'tools, resources and prompts')
            await live(el as McpServerElement)
          },
        ],
        ['mcp-tool-list', () => make('mcp-tool-list', { client }), (el) => listed(el, 'tools')],
        ['mcp-tool', () => make('mcp-tool', { client, name: 'echo' }), (el) => shadowHas(el, 'mcp-schema-form', 'the form')],
        ['mcp-prompt-list', () => make('mcp-prompt-list', { client }), (el) => listed(el, 'prompts')],
        ['mcp-prompt', () => make('mcp-prompt', { client, prompt: greet }), (el) => shadowHas(el, 'input', 'the form')],
        ['mcp-resource-list', () => make('mcp-resource-list', { client }), (el) => listed(el, 'resources')],
        [
          'mcp-resource-view',
          () => make('mcp-resource-view', { client, uri: 'fixture://greeting' }),
          // Read, and following the resource's updates (a listen stream of its own).
          (el) => shadowHas(el, '.live', 'the Live badge'),
        ],
        [
          'mcp-saved-calls',
          () => make('mcp-saved-calls', { client }),
          (el) => shadowHas(el, '[part=list], [part=empty]', 'the saved calls'),
        ],
        [
          'mcp-connection-check',
          () => make('mcp-connection-check', { url: mainUrl }),
          (el) => shadowHas(el, '[part=line][data-id]', 'a checked line'),
        ],
      ]
      for (const [tag, create, ready] of kinds) {
        const these = await cycle(create, ready)
        refs.push(...these)
        counts[tag] = these.length
      }
      await sleep(300) // aborted requests reach the server
      const before = (await serverStats('main')).requests.length
      // What makes a live list reload: the removed ones, and the shared client's listen stream, must stay silent.
      await notifyToolsChanged('main')
      await sleep(1_000)
      expect((await serverStats('main')).requests.length - before, 'requests after the list change').to.equal(0)
      const alive: Record<string, number> = {}
      await survivors(refs)
      for (const ref of refs) {
        const el = ref.deref()
        if (el) alive[el.localName] = (alive[el.localName] ?? 0) + 1
      }
      expect(
        Object.values(alive).reduce((a, b) => a + b, 0),
        `alive: ${JSON.stringify(alive)}`,
      ).to.be.at.most(TOLERATED)
    },
  )

  itExceptIn(
    FORCES_GC,
    '<mcp-task-list> and <mcp-tool task-id> following a running task: freed, and polling stops (counted at the server)',
    async function (this: { timeout(ms: number): void }) {
      this.timeout(60_000)
      const url = await serverUrl('tasks')
      // The store <mcp-server> gives its client (IndexedDB, shared by tabs): the follows take the task's Web Lock and hear the channel.
      const client = new McpClient(url, { cache: defaultElementCache() })
      let taskId = ''
      const detach = new AbortController()
      const origin = { kind: 'user' } as const
      // A task that runs until cancelled, let go of at once: only the elements follow it.
      const onTask = (task: { taskId: string }) => {
        taskId = task.taskId
        detach.abort()
      }
      await client.callTool('endless', { pollIntervalMs: 200 }, { origin, detach: detach.signal, onTask }).catch(() => {})
      const polls = async () => (await requestsFor('tasks/get', 'tasks')).filter((r) => r.params?.taskId === taskId).length
      try {
        /** Followed: the element shows the task, and the server was polled for it meanwhile. */
        const followed = (selector: string, what: string) => async (el: HTMLElement) => {
          const before = await polls()
          await shadowHas(el, selector, what)
          await eventually(async () => (await polls()) > before, `a poll while ${what} shows`, 5_000)
        }
        const refs: Array<WeakRef<HTMLElement>> = [
          ...(await cycle(() => make('mcp-task-list', { client }), followed(`[part~=task][data-status=working]`, 'the list'))),
          ...(await cycle(() => make('mcp-tool', { client, name: 'endless', taskId }), followed('[part~=task]', 'the tool’s task panel'))),
        ]
        await sleep(300) // a poll in flight lands
        const before = await polls()
        await sleep(1_500)
        expect((await polls()) - before, 'tasks/get in 1.5 s after the last element left (interval 200 ms)').to.equal(0)
        expect(await survivors(refs)).to.be.at.most(TOLERATED)
        expect(
          (await requestsFor('tasks/cancel', 'tasks')).filter((r) => r.params?.taskId === taskId),
          'nothing cancelled it',
        ).to.have.length(0)
      } finally {
        await client.resumeTask(taskId, { signal: AbortSignal.abort() }).catch(() => {})
      }
    },
  )

  itExceptIn(FORCES_GC, '<mcp-app> on one shared client: freed with its frame', async function (this: { timeout(ms: number): void }) {
    this.timeout(60_000)
    const url = await serverUrl('apps')
    const sandboxUrl = (await controlServer<{ url: string }>('apps', 'sandbox')).url
    const client = new McpClient(url, { apps: { sandboxUrl } })
    const tool = (await client.listTools()).find((t) => t.name === 'show_echo') as Tool
    const refs = await cycle(
      () => make('mcp-app', { client, tool, input: { text: 'hi' } }),
      (el) => nextEvent(el, 'mcp-app-ready', 9_000),
      6,
    )
    expect(await survivors(refs)).to.be.at.most(TOLERATED)
  })

  itExceptIn(
    FORCES_GC,
    '<mcp-skill-list> in <mcp-server>, live, a skill opened and verified: freed, and a skills change brings no request',
    async function (this: { timeout(ms: number): void }) {
      this.timeout(60_000)
      const url = await serverUrl('skill-list')
      await controlServer('skill-list', 'reset')
      const refs = await cycle(
        () => make<McpServerElement>('mcp-server', { url }, make('mcp-skill-list')),
        async (server) => {
          await listed(server, 'skills')
          await live(server)
          const list = server.querySelector('mcp-skill-list')!
          list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="item"]')!.click()
          await eventually(
            () => /Verified/.test(list.shadowRoot!.querySelector('[part~="integrity"]')?.textContent ?? ''),
            'a skill verified',
            10_000,
          )
        },
        6,
      )
      await sleep(300) // aborted requests reach the server
      const before = (await serverStats('skill-list')).requests.length
      await controlServer('skill-list', 'add', 'leaks/after-removal')
      await sleep(1_000)
      expect((await serverStats('skill-list')).requests.length - before, 'requests after the skills changed').to.equal(0)
      expect(await survivors(refs)).to.be.at.most(TOLERATED)
      await controlServer('skill-list', 'reset')
    },
  )

  describe('moved in the page (taken out and put back at once), they work as before', () => {
    /** Moves `el` into a new element inside its parent (a move in the DOM: disconnected, then connected again). */
    const move = (el: HTMLElement) => el.parentElement!.appendChild(document.createElement('section')).append(el)

    it('<mcp-server> still hears its sign-in provider, and is live again', async () => {
      const auth = new BrowserOAuthProvider(mainUrl, { client: { client_id: AUTH_CLIENT_ID } })
      const holder = make('div', {}, make<McpServerElement>('mcp-server', { url: mainUrl, auth }, make('mcp-tool-list')))
      document.body.append(holder)
      const server = holder.firstElementChild as McpServerElement
      try {
        await listed(server, 'tools')
        await live(server)
        move(server)
        await server.updateComplete // no longer showing the state from before the move
        await live(server)
        const signedOut = nextEvent(server, 'mcp-signed-out')
        await auth.signOut()
        await signedOut
      } finally {
        holder.remove()
      }
    })

    it('<mcp-tool-list> moved while its tools load still hears the tools its client leaves out', async function (this: {
      timeout(ms: number): void
    }) {
      this.timeout(30_000)
      const holder = make('div', {}, make('mcp-tool-list', { client: new McpClient(await serverUrl('invalid')) }))
      document.body.append(holder)
      const list = holder.firstElementChild as HTMLElement
      try {
        await (list as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete // loading
        move(list)
        await listed(list, 'tools')
        await shadowHas(list, 'details[part="invalid"]', 'the tools left out')
      } finally {
        holder.remove()
      }
    })

    it('<mcp-app> shows its view again', async function (this: { timeout(ms: number): void }) {
      this.timeout(30_000)
      const url = await serverUrl('apps')
      const sandboxUrl = (await controlServer<{ url: string }>('apps', 'sandbox')).url
      const client = new McpClient(url, { apps: { sandboxUrl } })
      const tool = (await client.listTools()).find((t) => t.name === 'show_echo') as Tool
      const app = make('mcp-app', { client, tool, input: { text: 'hi' } })
      const holder = make('div', {}, app)
      const ready = nextEvent(app, 'mcp-app-ready', 9_000)
      document.body.append(holder)
      try {
        await ready
        const again = nextEvent(app, 'mcp-app-ready', 9_000)
        move(app)
        await again
      } finally {
        holder.remove()
      }
    })
  })

  describe('with one sign-in provider shared by every <mcp-server>', () => {
    let database: string
    beforeEach(() => {
      database = `mcp-leaks-test-${Date.now()}`
      sessionStorage.setItem('mcp-auth-test-db', database) // the callback page's store (test/support/auth-callback.ts)
    })
    afterEach(async () => {
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase(database)
        request.onsuccess = request.onerror = request.onblocked = resolve
      })
    })

    itExceptIn(
      FORCES_GC,
      'removed servers are freed; a sign-in and a sign-out later, none of them sent a request',
      async function (this: { timeout(ms: number): void }) {
        this.timeout(90_000)
        const url = await serverUrl('auth')
        const mcpRequests = async () => (await controlServer<{ mcpRequests: number }>('auth', 'stats')).mcpRequests
        const auth = new BrowserOAuthProvider(url, {
          redirectUri: new URL('/test/support/auth-callback.html', location.href).href,
          client: { client_id: AUTH_CLIENT_ID },
          store: new IdbAuthStore(database),
        })
        const server = () => make<McpServerElement>('mcp-server', { url, auth }, make('mcp-tool-list'))

        // Signed out: each shows its Sign in button.
        const refs: Array<WeakRef<HTMLElement>> = await cycle(server, (el) => nextEvent(el, 'mcp-auth-required', 10_000))
        expect(await survivors(refs), 'signed-out servers alive').to.be.at.most(TOLERATED)
        await sleep(300)
        let before = await mcpRequests()
        // The user signs in (a real click, so the popup may open), with no <mcp-server> on the page.
        const button = make<HTMLButtonElement>('button', { textContent: 'Sign in', onclick: () => void auth.signInFromClick() })
        document.body.prepend(button) // in view, wherever the page's scroll is
        const signedIn = nextEvent(auth, 'signedin', 15_000)
        const box = button.getBoundingClientRect()
        await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] })
        await signedIn
        button.remove()
        await sleep(1_000)
        expect((await mcpRequests()) - before, 'requests after the sign-in').to.equal(0)

        // Signed in: each loads its tools and listens for changes.
        refs.push(
          ...(await cycle(server, async (el) => {
            await listed(el, 'tools')
            await live(el)
          })),
        )
        await sleep(300)
        before = await mcpRequests()
        await auth.signOut()
        await sleep(1_000)
        expect((await mcpRequests()) - before, 'requests after the sign-out').to.equal(0)

        expect(await survivors(refs), 'servers alive').to.be.at.most(TOLERATED)
      },
    )
  })
})
