// <mcp-server> when a part it loads on demand does not load (the dev server answers 503 for it:
// test/support/module-faults.mjs): the sign-in link shown when a browser blocks the sign-in popup. The sign-in
// view says why and how to retry, and retrying works where the engine lets it. A file of its own: an engine may keep a
// failed import for the page's life. Against the `auth` test server.
import { expect } from '@open-wc/testing'
import { deleteAuthDatabase, part, present, serverAskingToSignIn } from '../../test/support/auth-browser.js'
import { clearModuleFaults, engine, eventually, expectAbsent, failModule, moduleRequests } from '../../test/support/browser.js'
import './mcp-server.js'
import type { McpServerElement } from './mcp-server.js'

const SIGN_IN_LINK = new URL('./sign-in-link.js', import.meta.url)

/**
 * Firefox (ESR 153) keeps a failed dynamic import for the page's life: importing the module again rejects at once,
 * without asking the server. Chromium (156) and WebKit (WebKitGTK 2.50) ask the server again.
 */
const keepsFailedImports = engine === 'firefox'

const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
const said = (server: McpServerElement) => text(part(server, 'sign-in-error'))

const FIRST = /^Part of this page could not load \(.+\)\. Try again; if it fails again, reload the page\.$/
const AGAIN = /^Part of this page could not load again \(.+\)\. Reload the page to retry\.$/

describe('<mcp-server> when the sign-in link’s code does not load', () => {
  let database: string
  const open = window.open
  beforeEach(() => {
    database = `mcp-chunk-fault-test-${Date.now()}`
    window.open = () => null // what a popup blocker does
  })
  afterEach(async () => {
    window.open = open
    await clearModuleFaults()
    await deleteAuthDatabase(database)
  })

  it('says why beside Sign in, then to reload the page when Sign in failed again; shows the link when the server answers again (Firefox keeps the failure: it goes on saying to reload)', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    await failModule(SIGN_IN_LINK, 2)
    const server = await serverAskingToSignIn(database)

    void server.signIn()
    await eventually(() => said(server).startsWith('Part of this page'), 'why the sign-in link is not shown', 10_000)
    expect(said(server)).to.match(FIRST)
    expectAbsent(part(server, 'sign-in-link'), 'the sign-in link')
    expect(await moduleRequests(SIGN_IN_LINK)).to.deep.equal({ failed: 1, served: 0 })

    void server.signIn()
    await eventually(() => said(server).includes('could not load again'), 'the message saying it failed again', 10_000)
    expect(said(server)).to.match(AGAIN)
    // Firefox does not ask the server again.
    expect(await moduleRequests(SIGN_IN_LINK)).to.deep.equal({ failed: keepsFailedImports ? 1 : 2, served: 0 })

    // The server answers again (its fault is used up); the user presses Sign in again.
    void server.signIn()
    if (keepsFailedImports) {
      await server.updateComplete
      await eventually(() => said(server).includes('could not load again'), 'the message after signing in again', 10_000)
      expect(said(server)).to.match(AGAIN)
      expect(await moduleRequests(SIGN_IN_LINK), 'the browser asked the server again').to.deep.equal({ failed: 1, served: 0 })
      return
    }
    await present(server, 'sign-in-link', 'the sign-in link')
    expectAbsent(part(server, 'sign-in-error'), 'the message once the link is shown')
    expect(await moduleRequests(SIGN_IN_LINK)).to.deep.equal({ failed: 2, served: 1 })
  })
})
