// <mcp-server>'s connection state against real servers that die and come back: `live` behind its HTTP front
// (test/support/servers/front.ts: `stop` closes its port, as a killed server's; `restart` listens on it again), `quiet`
// (no list changes, so no listen stream; behind the same front) and `flaky` (answers HTTP 500 on demand). A dead server is never shown as connected.
import { expect, fixture, html } from '@open-wc/testing'
import { HttpError, StreamError } from '../../src/client/index.js'
import { controlServer, deepText, eventually, expectAbsent, serverUrl } from '../../test/support/browser.js'
import '../mcp-tool-list/mcp-tool-list.js'
import './mcp-server.js'
import type { McpServerElement } from './mcp-server.js'
import type { McpConnectionState } from './connection-state.js'

const part = (el: McpServerElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
const statusOf = (el: McpServerElement) => part(el, 'status')!

/** subscriptions/listen POSTs this page sent (the element's client fetches through the page's fetch). */
const listensSent: number[] = []
const pageFetch = window.fetch
window.fetch = (input, init) => {
  if (typeof init?.body === 'string' && init.body.includes('"subscriptions/listen"')) listensSent.push(Date.now())
  return pageFetch(input, init)
}
const listensSince = (t: number) => listensSent.filter((at) => at >= t).length

/** The most listens in 3 s after a drop, however the jitter falls: tries at ≥250, ≥750, ≥1750 ms; the next ≥3750 ms. */
const MOST_LISTENS_IN_3_S = 3

/** An element on the page with a tool list inside, and every state it announced. */
async function mount(url: string): Promise<{ el: McpServerElement; states: McpConnectionState[] }> {
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`)
  const el = document.createElement('mcp-server')
  const states: McpConnectionState[] = []
  el.addEventListener('mcp-connection-state', (e) => states.push((e as CustomEvent<McpConnectionState>).detail))
  el.append(document.createElement('mcp-tool-list'))
  el.url = url
  wrapper.append(el)
  return { el, states }
}

const live = (el: McpServerElement) => el.connectionState.state === 'connected' && statusOf(el).textContent === 'Connected, live updates'

describe('<mcp-server> connection state', () => {
  afterEach(async () => {
    await controlServer('live', 'restart')
    await controlServer('quiet', 'restart')
    await controlServer('flaky', 'mode', { mode: 'ok' })
  })

  it('a server killed mid-session: leaves "connected" at once, shows reconnecting with the next try, retries with backoff, and is connected again when back', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const { el, states } = await mount(await serverUrl('live'))
    await eventually(() => live(el), 'connected, live updates')
    const connectedSince = el.connectionState.since

    const killedAt = Date.now()
    await controlServer('live', 'stop')
    await eventually(() => el.connectionState.state === 'reconnecting', 'the reconnecting state', 2_000)
    const { nextRetryAt, error, since } = el.connectionState
    expect(since).to.be.at.least(connectedSince)
    expect(error).to.be.instanceOf(StreamError)
    expect(nextRetryAt, 'the next try is in the future').to.be.greaterThan(since - 1)
    await el.updateComplete
    const status = statusOf(el)
    expect(status.dataset.state).to.equal('reconnecting')
    expect(part(el, 'status-reconnecting')!.textContent).to.equal(status.textContent)
    expect(status.textContent).to.include('reconnecting')
    expect(status.textContent).to.include(new Date(el.connectionState.nextRetryAt!).toLocaleTimeString())
    expect(status.textContent).to.not.match(/^Connected/)
    expect(states.at(-1)!.state).to.equal('reconnecting')

    // While it is down, the client tries again with backoff, not in a storm.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const tries = listensSince(killedAt)
    expect(tries, `${tries} listens in 3 s`).to.be.within(1, MOST_LISTENS_IN_3_S)
    expect(el.connectionState.state).to.equal('reconnecting')

    await controlServer('live', 'restart')
    await eventually(() => live(el), 'connected again', 10_000)
    expect(statusOf(el).dataset.state).to.equal('connected')
    expect(states.at(-1)!.state).to.equal('connected')
    // Each event tells of a change: none repeats the one before it.
    const told = states.map(({ state, nextRetryAt, error, savedAt }) => JSON.stringify([state, nextRetryAt, String(error), savedAt]))
    expect(told.filter((t, i) => i > 0 && t === told[i - 1]), 'events that changed nothing').to.deep.equal([])
  })

  it('a warm cache with the server down: offline, showing the saved lists with their age, never "connected"; connected once the server is back', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const url = await serverUrl('live')
    const first = await mount(url)
    await eventually(() => live(first.el), 'the first visit connected')
    await eventually(() => deepText(first.el.querySelector('mcp-tool-list')!).includes('Tool alpha'), 'the tool list shown (and saved)')
    first.el.parentElement!.remove() // the visit ends; its lists stay in the page's IndexedDB cache
    await controlServer('live', 'stop')

    const downAt = Date.now()
    const { el, states } = await mount(url)
    await eventually(() => el.connectionState.state === 'offline', 'the offline state', 5_000)
    const offlineAt = Date.now()
    await eventually(() => deepText(el.querySelector('mcp-tool-list')!).includes('Tool alpha'), 'the saved tool list')
    const { savedAt, error } = el.connectionState
    expect(savedAt).to.be.a('number')
    expect(savedAt!).to.be.at.most(downAt)
    expect(error).to.be.instanceOf(StreamError)
    await el.updateComplete
    const status = statusOf(el)
    expect(status.dataset.state).to.equal('offline')
    expect(part(el, 'status-offline')!.textContent).to.equal(status.textContent)
    expect(status.textContent).to.match(/^Offline\. Showing lists saved (\d+ seconds? ago|now)\./)
    expect(status.textContent).to.include(`Next try at ${new Date(el.connectionState.nextRetryAt!).toLocaleTimeString()}`)
    // Why, in words, in the place a diagnosis goes, and a Retry; the saved lists stay on screen.
    // The words of a failure load with the first one (a chunk of their own).
    await eventually(() => !!part(el, 'offline')?.querySelector('[part="failure"]'), 'the reason in words')
    expect(part(el, 'offline')!.querySelector('[part="failure"]')!.textContent).to.match(/^Nothing answers at http:\/\/127\.0\.0\.1:\d+\/mcp: the server is down/)
    expect(part(el, 'retry')).to.not.equal(null)
    expect(getComputedStyle(status).color).to.not.equal(getComputedStyle(part(el, 'title')!).color)
    await expect(el).to.be.accessible()

    // The first try failed (that made it offline); the next ones come with backoff.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const tries = listensSince(offlineAt)
    expect(tries, `${tries} listens in 3 s`).to.be.within(1, MOST_LISTENS_IN_3_S)

    await controlServer('live', 'restart')
    await eventually(() => live(el), 'connected once the server is back', 10_000)
    const shown = states.map((s) => s.state)
    expect(shown.indexOf('connected'), `states: ${shown.join(', ')}`).to.be.greaterThan(shown.indexOf('offline'))
    expect(shown.slice(0, shown.indexOf('offline')), 'never connected before the server answered').to.not.include('connected')
  })

  it('a warm cache of a server with no listen stream, down: checked with a fresh discover, offline (not "connected"); Retry connects once it is back', async () => {
    const url = await serverUrl('quiet')
    const first = await mount(url)
    await eventually(() => first.el.connectionState.state === 'connected', 'the first visit connected')
    first.el.parentElement!.remove()
    await controlServer('quiet', 'stop')

    const { el, states } = await mount(url)
    await eventually(() => el.connectionState.state === 'offline', 'the offline state')
    expect(states.map((s) => s.state)).to.not.include('connected')
    expect(el.connectionState.savedAt).to.be.a('number')
    expect(el.connectionState.nextRetryAt, 'no automatic tries without a listen stream').to.equal(undefined)
    await el.updateComplete
    expect(statusOf(el).textContent).to.match(/^Offline\. Showing lists saved /)

    await controlServer('quiet', 'restart')
    part(el, 'retry')!.click()
    await eventually(() => el.connectionState.state === 'connected', 'connected after Retry')
  })

  it('a failing server: failed, with the reason where a diagnosis goes, and Retry connects once it is back', async () => {
    await controlServer('flaky', 'mode', { mode: 'http-500' })
    const { el, states } = await mount(await serverUrl('flaky'))
    await eventually(() => el.connectionState.state === 'failed', 'the failed state')
    await el.updateComplete
    expect(el.connectionState.error).to.be.instanceOf(HttpError)
    expect(statusOf(el).dataset.state).to.equal('failed')
    expect(part(el, 'status-failed')!.textContent).to.equal(statusOf(el).textContent)
    await eventually(() => !!part(el, 'error')?.querySelector('[part="failure"]'), 'the reason in words')
    expect(part(el, 'error')!.querySelector('[part="failure"]')!.textContent).to.match(/HTTP error \(500\)/)
    expect(states.map((s) => s.state)).to.not.include('connected')
    const failedColour = getComputedStyle(statusOf(el)).color

    await controlServer('flaky', 'mode', { mode: 'ok' })
    part(el, 'retry')!.click()
    await eventually(() => el.connectionState.state === 'connected', 'connected after Retry')
    await el.updateComplete
    expectAbsent(part(el, 'error'), 'an error')
    expect(getComputedStyle(statusOf(el)).color, 'connected and failed look different').to.not.equal(failedColour)
  })
})
