// <mcp-server> when its chunks stop loading while the sign-in prompt is on screen (a deploy replaced them, or the
// network went): the words of a failure were loaded ahead, so a sign-in link that does not load is still said in
// words that say how to retry. A file of its own: an engine may keep a failed import for the page's life. Against the
// `auth` test server.
import { expect } from '@open-wc/testing'
import { deleteAuthDatabase, part, serverAskingToSignIn } from '../../test/support/auth-browser.js'
import { clearModuleFaults, eventually, failModule, moduleRequests } from '../../test/support/browser.js'
import './mcp-server.js'
import type { McpServerElement } from './mcp-server.js'

const SIGN_IN_LINK = new URL('./sign-in-link.js', import.meta.url)
const FAILURE_VIEW = new URL('./failure-view.js', import.meta.url)

const said = (server: McpServerElement) => (part(server, 'sign-in-error')?.textContent ?? '').replace(/\s+/g, ' ').trim()

describe('<mcp-server> whose chunks stop loading while it asks to sign in', () => {
  const database = `mcp-failure-view-fault-test-${Date.now()}`
  const open = window.open
  after(async () => {
    window.open = open
    await clearModuleFaults()
    await deleteAuthDatabase(database)
  })

  it('says how to retry a sign-in link that did not load, its words loaded while the sign-in prompt was shown', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    await failModule(FAILURE_VIEW, 0) // counts the requests, fails none
    const server = await serverAskingToSignIn(database)
    // The page stays open a while: idle time, in which its words are loaded ahead (preloadWhenIdle waits 2 s at most).
    const idleUntil = Date.now() + 4_000
    while (Date.now() < idleUntil && (await moduleRequests(FAILURE_VIEW)).served === 0) await new Promise((r) => setTimeout(r, 50))

    // From here no chunk of the page loads.
    await failModule(FAILURE_VIEW, 10)
    await failModule(SIGN_IN_LINK, 10)
    window.open = () => null // what a popup blocker does
    void server.signIn()
    await eventually(() => said(server) !== '', 'why the sign-in link is not shown', 10_000)
    expect(said(server)).to.match(/^Part of this page could not load \(.+\)\. Try again; if it fails again, reload the page\.$/)
  })
})
