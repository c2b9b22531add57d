// Sign-in from a page that uses only the CDN file: `<mcp-server redirect-uri client-id>` and nothing else, against
// the `auth` test server (the official SDK server behind its bearer gate, oauth2-mock-server as its authorization
// server, which signs everyone in at once: test/support/servers/auth.ts). The popup comes back to
// test/support/cdn-auth-callback.html, whose one script is dist/cdn/mcp-web-elements-auth-callback.js.
// Also: a page with two copies of the library (the CDN file, and the npm build's `mcp-web-elements/auth` beside it),
// and a hostile server's script sign-in page, refused from the CDN build as from the sources.
import { expect, fixture, html } from '@open-wc/testing'
import { controlServer, eventually, expectAbsent, serverUrl } from '../support/browser.js'
import { clearDefaultAuthStore, CLIENT_ID, click, part, present } from '../support/auth-browser.js'
import { deepText, plainPage, scriptsFetched, skipUnlessBuilt } from '../support/cdn-page.js'

const CALLBACK = '/test/support/cdn-auth-callback.html'
const SIGN_IN_CHUNK = /^\/dist\/cdn\/sign-in-provider-[\w-]+\.js$/
const TRAP = '__pwned'

type ServerElement = HTMLElement & { auth?: unknown }

const deleteDatabase = (name: string): Promise<void> =>
  new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = request.onerror = request.onblocked = () => resolve()
  })

/**
 * A CDN-only page holding one `<mcp-server>` for `url` that signs in from its attributes (`extra` adds more), with the
 * tests' client id unless `client` names the client otherwise.
 */
async function signInPage(
  url: string,
  extra = '',
  client = `client-id="${CLIENT_ID}"`,
): Promise<{ page: Window; frame: HTMLIFrameElement; server: ServerElement }> {
  const frame = await plainPage(`<mcp-server url="${url}" redirect-uri="${CALLBACK}" ${client} ${extra}><mcp-tool-list></mcp-tool-list></mcp-server>`)
  const page = frame.contentWindow!
  await eventually(() => !!page.customElements.get('mcp-server'), 'the CDN module to register <mcp-server>')
  return { page, frame, server: page.document.querySelector('mcp-server') as ServerElement }
}

describe('sign-in from the CDN file', () => {
  before(function (this: { skip(): void }) {
    return skipUnlessBuilt.call(this, 'cdn-auth.test.ts')
  })
  beforeEach(clearDefaultAuthStore)
  afterEach(clearDefaultAuthStore)

  it('a page whose server asks for no sign-in never downloads the sign-in chunk', async () => {
    const { page } = await signInPage(await serverUrl())
    await eventually(() => /Returns its input text\./.test(deepText(page.document.body)), 'the tools of a server without sign-in')
    expect(scriptsFetched(page).filter((path) => SIGN_IN_CHUNK.test(path))).to.deep.equal([])
  })

  it('a CDN-only page signs in to a protected server: Sign in, the popup, the callback page, the tools', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000) // two servers and a popup: room for a loaded machine
    const { page, frame, server } = await signInPage(await serverUrl('auth'))
    const button = await present(server, 'sign-in-button', 'the Sign in button')
    // The sign-in code came when the server asked for it, beside the CDN file; nothing else was loaded as script.
    const scripts = scriptsFetched(page)
    expect(scripts.filter((path) => SIGN_IN_CHUNK.test(path)).length, `the sign-in chunk in ${scripts}`).to.equal(1)
    expect(scripts.filter((path) => !path.startsWith('/dist/cdn/'))).to.deep.equal([])
    const signedIn = new Promise((resolve) => server.addEventListener('mcp-signed-in', resolve, { once: true }))
    await click(button, frame)
    await signedIn
    await eventually(() => /whoami/.test(deepText(server)), 'the protected tools after signing in', 10_000).catch((error) => {
      throw new Error(`${error.message}; the element shows: ${deepText(server).replace(/\s+/g, ' ').slice(0, 400)}`)
    })
    expectAbsent(part(server, 'sign-in'), 'the sign-in prompt')
    expect(part(server, 'sign-out'), 'the Sign out button').to.not.equal(null)

    // A reload: the same page again finds the sign-in kept in IndexedDB, and shows the tools with no Sign in button.
    frame.remove()
    const again = await signInPage(await serverUrl('auth'))
    await eventually(() => /whoami/.test(deepText(again.server)), 'the protected tools after a reload', 10_000)
    expectAbsent(part(again.server, 'sign-in'), 'the sign-in prompt after a reload')
  })

  it('client-metadata-url: the page signs in with its Client ID Metadata Document as client id, which the authorization server reads', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('auth')
    const documentUrl = `${new URL(url).origin}/client-metadata.json`
    await controlServer('auth', 'metadata-documents', { on: true, redirect_uris: [new URL(CALLBACK, location.href).href] })
    try {
      const { frame, server } = await signInPage(url, '', `client-metadata-url="${documentUrl}"`)
      const signedIn = new Promise((resolve) => server.addEventListener('mcp-signed-in', resolve, { once: true }))
      await click(await present(server, 'sign-in-button', 'the Sign in button'), frame)
      await signedIn
      await eventually(() => /whoami/.test(deepText(server)), 'the protected tools after signing in', 10_000)
      const stats = await controlServer<{ authorizeRequests: Array<Record<string, string>>; documentFetches: string[] }>('auth', 'stats')
      expect(stats.authorizeRequests.at(-1)!.client_id, 'the client id sent to /authorize').to.equal(documentUrl)
      expect(stats.documentFetches.at(-1), 'the document the authorization server read').to.equal(documentUrl)
    } finally {
      await controlServer('auth', 'metadata-documents', { on: false })
    }
  })

  it('sign-in="redirect": the page leaves for the sign-in page and comes back through the CDN callback page, signed in', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('auth')
    const frame = await fixture<HTMLIFrameElement>(
      html`<iframe src=${`/test/support/cdn-sign-in-page.html?url=${encodeURIComponent(url)}&client=${CLIENT_ID}`}></iframe>`,
    )
    /** The page's <mcp-server>, while the frame is on it (not on the sign-in page of another origin, nor the callback). */
    const serverOnPage = () => {
      try {
        return frame.contentWindow!.location.pathname === '/test/support/cdn-sign-in-page.html'
          ? frame.contentDocument!.querySelector('mcp-server')
          : null
      } catch {
        return null
      }
    }
    // From the CDN, <mcp-server> is defined once its chunk arrives: until then it has no shadow root.
    await eventually(() => !!serverOnPage()?.shadowRoot && part(serverOnPage()!, 'sign-in-button') !== null, 'the Sign in button', 10_000)
    const firstLoad = frame.contentWindow!.document
    part(serverOnPage()!, 'sign-in-button')!.click() // no popup: no user gesture needed
    await eventually(
      () => frame.contentDocument !== firstLoad && !!serverOnPage() && /whoami/.test(deepText(serverOnPage()!)),
      'the page back, signed in',
      15_000,
    )
    expectAbsent(part(serverOnPage()!, 'sign-in'), 'the sign-in prompt after coming back')
  })

  it('with a second copy of the library on the page (the npm build’s auth beside the CDN file), the Sign in button shows', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const url = await serverUrl('auth')
    // The npm build's `mcp-web-elements/auth`, as a page's bundler would add it: its own copy of every error class.
    const npmAuth = (await import(
      /* @vite-ignore */ new URL('/dist/auth.js', location.href).href
    )) as typeof import('../../src/auth/index.js')
    const frame = await plainPage('')
    const page = frame.contentWindow!
    // Page code that sets a property before the element is in the document imports the element's file (the
    // autoloader would define it only once it is in the page).
    await (page as unknown as { eval(code: string): Promise<unknown> }).eval(
      `import(${JSON.stringify(new URL('/dist/cdn/elements/mcp-server.js', location.href).href)})`,
    )
    expect(page.customElements.get('mcp-server'), 'the CDN build registers <mcp-server>').to.not.equal(undefined)
    const server = page.document.createElement('mcp-server') as ServerElement
    // A database of its own: this realm's connection to it stays open, and would hold up deleting the default one.
    const database = `cdn-auth-two-copies-${Date.now()}`
    server.auth = new npmAuth.BrowserOAuthProvider(url, {
      redirectUri: new URL(CALLBACK, location.href).href,
      client: { client_id: CLIENT_ID },
      store: new npmAuth.IdbAuthStore(database),
    })
    const required = new Promise<CustomEvent>((resolve) =>
      server.addEventListener('mcp-auth-required', (e) => resolve(e as CustomEvent), { once: true }),
    )
    server.setAttribute('url', url)
    page.document.body.append(server)
    await present(server, 'sign-in-button', 'the Sign in button')
    const { error } = (await required).detail as { error: Error }
    expect(error).to.be.instanceOf(npmAuth.SignInRequiredError)
    expectAbsent(part(server, 'error'), 'an error shown instead')
    void deleteDatabase(database)
  })

  it('a hostile server’s javascript: sign-in page is refused: nothing runs, the element names the field', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    // servers/hostile-auth.ts: its metadata gives `javascript:window.__pwned='auth'//` as the authorization endpoint.
    const { page, frame, server } = await signInPage(await serverUrl('hostile-auth'))
    // The popup opens as about:blank in the page's origin: a trap in it reports any script that runs there.
    const sprung: unknown[] = []
    const open = page.open.bind(page)
    page.open = (...args: Parameters<Window['open']>) => {
      const popup = open(...args)
      if (popup) Object.defineProperty(popup, TRAP, { configurable: true, get: () => sprung[0], set: (value) => sprung.push(value) })
      return popup
    }
    await click(await present(server, 'sign-in-button', 'the Sign in button'), frame)
    const error = await present(server, 'sign-in-error', 'why the sign-in failed')
    await new Promise((resolve) => setTimeout(resolve, 300)) // a navigation queued in the popup would have run by now
    expect(error.textContent).to.include('authorization_endpoint')
    expect((page as unknown as Record<string, unknown>)[TRAP], 'the page’s trap').to.equal(undefined)
    expect(sprung, 'the popup’s trap').to.deep.equal([])
    expect(part(server, 'sign-in-button'), 'the Sign in button stays').to.not.equal(null)
  })
})
