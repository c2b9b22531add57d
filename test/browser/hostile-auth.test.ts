// Sign-in against a hostile server (test/support/servers/hostile-auth.ts): its authorization server metadata gives
// a script as the sign-in page, `javascript:window.__pwned='auth'//`, and in turn every other URL no sign-in page may
// be. The popup opens as about:blank, in this page's origin; the redirect flow navigates this page itself; the
// blocked-popup link would be clicked by the user here. Passing means: nothing runs anywhere (the trap stays unset,
// in the popup too), no link with such an href is drawn, and the element says which field of the server is wrong.
import { assert, expect, fixture, html } from '@open-wc/testing'
import { OAuthProvider, popupSignIn, redirectSignIn, SignInRequiredError, UnsafeEndpointError } from '../../src/auth/index.js'
import type { BrowserOAuthProvider } from '../../src/auth/index.js'
import type { InteractiveAuth } from '../../src/auth/hook.js'
import { clearDefaultAuthStore, CLIENT_ID, click, part, present, testProvider } from '../support/auth-browser.js'
import { controlServer, deepText, eventually, expectAbsent, serverUrl } from '../support/browser.js'
import type { McpServerElement } from '../../components/mcp-server/mcp-server.component.js'
import '../../components/mcp-server/mcp-server.js'

const SERVER = 'hostile-auth'
const TRAP = '__pwned'
const SCRIPT_SIGN_IN_PAGE = `javascript:window.${TRAP}='auth'//` // the server's own (a Node module, not importable here)
const trapIn = (w: Window | null | undefined): unknown => {
  try {
    return (w as unknown as Record<string, unknown> | null)?.[TRAP]
  } catch {
    return undefined // another origin's window: our script did not run there
  }
}
const clearTrap = () => delete (window as unknown as Record<string, unknown>)[TRAP]

/** Every kind of URL that is no sign-in page, each springing the trap if it ever runs. */
const NOT_SIGN_IN_PAGES: Record<string, string> = {
  'javascript:': SCRIPT_SIGN_IN_PAGE,
  'data:': `data:text/html,<script>(opener||parent).${TRAP}='data'</script>`,
  'blob:': `blob:${location.origin}/0b1c2d3e-0000-4000-8000-000000000000`,
  'file:': 'file:///etc/passwd',
}

let url: string
let database: string
let run = 0

const provider = (options: ConstructorParameters<typeof BrowserOAuthProvider>[1] = {}) => testProvider(url, database, options)

const page = (auth: InteractiveAuth) => fixture<McpServerElement>(html`<mcp-server .url=${url} .auth=${auth}></mcp-server>`)

/** Every link in the element's shadow root whose href is not http(s). */
const scriptLinks = (server: Element) =>
  [...server.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((a) => !/^https?:$/.test(new URL(a.href, location.href).protocol))

/**
 * Opens popups as the page would, but keeps them open (and readable) after the sign-in gives up on them, and records
 * any script that sets the trap inside one: a javascript: URL that yields a string replaces the popup's window, and
 * the trap with it, so the trap's setter reports to this page as it is sprung.
 */
function keepPopups() {
  const open = window.open
  const popups: Window[] = []
  const closers: Array<() => void> = []
  const sprung: unknown[] = []
  window.open = (...args: Parameters<typeof window.open>) => {
    const popup = open.apply(window, args)
    if (popup) {
      popups.push(popup)
      closers.push(popup.close.bind(popup))
      popup.close = () => {}
      Object.defineProperty(popup, TRAP, { configurable: true, get: () => sprung[0], set: (where) => sprung.push(where) })
    }
    return popup
  }
  return {
    popups,
    sprung,
    /** Where the first popup is: about:blank until something navigates it. */
    at(): string | undefined {
      try {
        return popups[0]?.location.href
      } catch {
        return 'another origin'
      }
    },
    restore() {
      window.open = open
      for (const close of closers) close()
    },
  }
}

/** The phishing sign-in page's counts (servers/hostile-auth.ts, control `phishing`). */
type PhishingStats = { signInPages: number; phished: number }
const SIGN_IN_TAB = '/test/support/sign-in-tab.html'

/** Where `tab` is: its path on this origin, or 'another origin'. */
const whereIs = (tab: Window): string => {
  try {
    return tab.location.pathname
  } catch {
    return 'another origin'
  }
}

/**
 * A sign-in from <mcp-server>'s attributes in a tab of its own (test/support/sign-in-tab.html: a sign-in page that
 * navigates its opener takes that tab, never this test page), through the phishing sign-in page. `start` starts it in
 * the tab's element. Passing means: the phishing page was shown, the tab is still on its page and signed in (Sign out
 * shows), and nothing was sent to /phished.
 */
async function signInPastPhishing(start: (server: Element, tab: Window) => Promise<void>): Promise<void> {
  await clearDefaultAuthStore() // the tab signs in with the page's default store
  await controlServer(SERVER, 'phishing')
  const before = await controlServer<PhishingStats>(SERVER, 'phishing-stats')
  const tab = window.open(`${SIGN_IN_TAB}?server=${encodeURIComponent(url)}&client=${CLIENT_ID}`, '_blank')
  expect(tab, 'a tab opened (window.open gave no window: a popup blocker?)').to.not.equal(null)
  try {
    const server = () => (whereIs(tab!) === SIGN_IN_TAB ? (tab!.document.querySelector('mcp-server') ?? undefined) : undefined)
    await eventually(() => !!server()?.shadowRoot && part(server()!, 'sign-in-button') !== null, 'the Sign in button in the tab', 10_000)
    await start(server()!, tab!)
    const phished = async () => (await controlServer<PhishingStats>(SERVER, 'phishing-stats')).phished > before.phished
    await eventually(
      async () => whereIs(tab!) !== SIGN_IN_TAB || (await phished()) || part(server()!, 'sign-out') !== null,
      'the tab signed in (or sent to the attacker’s page)',
      15_000,
    ).catch(async (error) => {
      const shows = server() ? deepText(server()!).replace(/\s+/g, ' ').slice(0, 400) : whereIs(tab!)
      throw new Error(`${error.message}; the tab shows: ${shows}; ${JSON.stringify(await controlServer(SERVER, 'phishing-stats'))}`)
    })
    await new Promise((resolve) => setTimeout(resolve, 300)) // a navigation of the tab, were one queued, has started by now
    const after = await controlServer<PhishingStats>(SERVER, 'phishing-stats')
    expect(after.signInPages, 'the phishing sign-in page shown').to.be.greaterThan(before.signInPages)
    expect(whereIs(tab!), 'where the tab is').to.equal(SIGN_IN_TAB)
    expect(after.phished, 'windows sent to /phished').to.equal(before.phished)
    expect(part(server()!, 'sign-out'), 'the Sign out button').to.not.equal(null)
    expectAbsent(part(server()!, 'sign-in'), 'the sign-in prompt')
  } finally {
    tab!.close()
    await clearDefaultAuthStore()
  }
}

describe('sign-in against a hostile server: nothing it sends runs in the page', () => {
  beforeEach(async () => {
    database = `mcp-hostile-auth-${Date.now()}-${run++}`
    url = await serverUrl(SERVER)
    clearTrap()
  })
  afterEach(async () => {
    await controlServer(SERVER, 'attack', { field: 'authorization_endpoint', value: SCRIPT_SIGN_IN_PAGE })
    clearTrap()
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(database)
      request.onsuccess = request.onerror = request.onblocked = resolve
    })
  })

  it('Sign in with a script, data:, blob: or file: sign-in page: nothing runs, in the page or the popup; the element names the field', async function (this: { timeout(ms: number): void }) {
    this.timeout(60_000)
    for (const [kind, value] of Object.entries(NOT_SIGN_IN_PAGES)) {
      await controlServer(SERVER, 'attack', { field: 'authorization_endpoint', value })
      const opened = keepPopups()
      try {
        const server = await page(provider())
        await click(await present(server, 'sign-in-button', `${kind}: the Sign in button`))
        await eventually(
          () => part(server, 'sign-in-error') !== null || trapIn(window) !== undefined || opened.sprung.length > 0 || (opened.popups.length > 0 && opened.at() !== 'about:blank'),
          `${kind}: the sign-in to fail (or the attack to run)`,
          10_000,
        )
        await new Promise((resolve) => setTimeout(resolve, 300)) // a navigation queued in the popup would run by now
        expect(trapIn(window), `${kind}: the page's trap`).to.equal(undefined)
        expect(opened.sprung, `${kind}: the popup's trap`).to.deep.equal([])
        expect(opened.at(), `${kind}: where the popup went`).to.be.oneOf([undefined, 'about:blank'])
        const error = part(server, 'sign-in-error')
        assert.exists(error, `${kind}: why the sign-in failed`)
        expect(error!.textContent).to.include('authorization_endpoint')
        assert.exists(part(server, 'sign-in-button'), `${kind}: the Sign in button stays`)
        expect(scriptLinks(server), `${kind}: links`).to.deep.equal([])
        server.remove()
      } finally {
        opened.restore()
      }
    }
  })

  it('a blocked popup never becomes a link to the script; the element names the field', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const server = await page(provider())
    const open = window.open
    window.open = () => null // what a popup blocker does
    try {
      await click(await present(server, 'sign-in-button', 'the Sign in button'))
      await eventually(() => part(server, 'sign-in-error') !== null || part(server, 'sign-in-link') !== null, 'the sign-in to fail (or a link)', 10_000)
      expectAbsent(part(server, 'sign-in-link'), 'the sign-in link')
      expect(scriptLinks(server)).to.deep.equal([])
      expect(part(server, 'sign-in-error')!.textContent).to.include('authorization_endpoint')
    } finally {
      window.open = open
    }
  })

  it("the redirect flow never sends this page to the script; the element names the field", async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    // void(…): were it run, this page would stay (a javascript: URL that yields a string replaces the document).
    await controlServer(SERVER, 'attack', { field: 'authorization_endpoint', value: `javascript:void(window.${TRAP}='redirect')//` })
    const server = await page(provider({ flow: 'redirect' }))
    await click(await present(server, 'sign-in-button', 'the Sign in button'))
    await eventually(() => part(server, 'sign-in-error') !== null || trapIn(window) !== undefined, 'the sign-in to fail (or the attack to run)', 10_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(trapIn(window)).to.equal(undefined)
    expect(part(server, 'sign-in-error')!.textContent).to.include('authorization_endpoint')
  })

  it('a sign-in of the page\'s own that hands <mcp-server> a script as the blocked-popup link: no link, the field named', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    const hook = new EventTarget() as InteractiveAuth
    Object.assign(hook, {
      signedIn: false,
      // The server's 401 becomes what the element shows its sign-in prompt for, as OAuthProvider's does.
      wrapFetch: (f: typeof fetch) => async (...args: Parameters<typeof fetch>) => {
        const res = await f(...args)
        if (res.status === 401) throw new SignInRequiredError(url)
        return res
      },
      context: () => undefined,
      signOut: async () => {},
      signInFromClick: ({ onBlocked }: { onBlocked?: (url: string) => void } = {}) => {
        onBlocked?.(SCRIPT_SIGN_IN_PAGE)
        return new Promise<void>(() => {}) // a sign-in still waiting for the user
      },
    })
    const server = await page(hook)
    await click(await present(server, 'sign-in-button', 'the Sign in button'))
    await present(server, 'sign-in-error', 'why the sign-in failed')
    expectAbsent(part(server, 'sign-in-link'), 'the sign-in link')
    expect(scriptLinks(server)).to.deep.equal([])
    expect(part(server, 'sign-in-error')!.textContent).to.include('authorization_endpoint')
  })

  it('a sign-in page that sets window.opener.location finds no opener in the popup: the page stays, and signs in', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(60_000)
    await signInPastPhishing(async (server) => (part(server, 'sign-in-button') as HTMLButtonElement).click())
  })

  it('the blocked-popup link opens the sign-in page with no opener and no referrer: the page stays, and signs in', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(60_000)
    await signInPastPhishing(async (server, tab) => {
      const open = tab.open
      tab.open = () => null // what a popup blocker does
      try {
        void (server as McpServerElement).signIn()
        const link = (await present(server, 'sign-in-link', 'the sign-in link')) as HTMLAnchorElement
        expect([link.target, ...link.rel.split(/\s+/).sort()]).to.deep.equal(['_blank', 'noopener', 'noreferrer'])
        link.click() // the user follows it
      } finally {
        tab.open = open
      }
    })
  })

  it('popupSignIn and redirectSignIn refuse a script sign-in page that did not come through discovery (a provider of the page\'s own)', async function (this: { timeout(ms: number): void }) {
    this.timeout(30_000)
    // A provider whose sign-in page comes from the page's code, not from a server's metadata.
    const own = (signInPage: string) =>
      Object.assign(Object.create(OAuthProvider.prototype) as OAuthProvider, {
        options: {},
        signIn: ({ authorize }: { authorize: (r: { url: string; state: string; redirectUri: string }) => Promise<unknown> }) =>
          authorize({ url: signInPage, state: 'own', redirectUri: location.href }),
      })
    const opened = keepPopups()
    const button = await fixture<HTMLButtonElement>(html`<button>Sign in</button>`)
    let popupError: unknown
    button.addEventListener('click', () => popupSignIn(own(SCRIPT_SIGN_IN_PAGE)).then(() => (popupError = 'signed in'), (e: unknown) => (popupError = e)))
    try {
      await click(button)
      await eventually(() => popupError !== undefined || opened.sprung.length > 0 || (opened.popups.length > 0 && opened.at() !== 'about:blank'), 'popupSignIn to fail (or the attack to run)', 10_000)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(opened.sprung).to.deep.equal([])
      expect(trapIn(window)).to.equal(undefined)
      expect(popupError).to.be.instanceOf(UnsafeEndpointError)
      expect((popupError as UnsafeEndpointError).field).to.equal('authorization_endpoint')
    } finally {
      opened.restore()
    }
    let redirectError: unknown
    void redirectSignIn(own(`javascript:void(window.${TRAP}='own-redirect')//`)).catch((e: unknown) => (redirectError = e))
    await eventually(() => redirectError !== undefined || trapIn(window) !== undefined, 'redirectSignIn to fail (or the attack to run)', 10_000)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(trapIn(window)).to.equal(undefined)
    expect(redirectError).to.be.instanceOf(UnsafeEndpointError)
  })
})
