// <mcp-connection-check> in real browsers against real servers, cross-origin: the fixture server (every line passes),
// the misconfigured-CORS server one fault at a time (test/support/servers/miscors.ts: the right line fails, and its fix
// applied as it is makes the check pass), a legacy server, servers behind OAuth, and the hostile server.
import { expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import { checkConnection, type CheckLine } from '../../src/client/index.js'
import { controlServer, eventually, itExceptIn, nextEvent, serverUrl } from '../../test/support/browser.js'
import './mcp-connection-check.js'
import type { ConnectionCheckedDetail, McpConnectionCheckElement } from './mcp-connection-check.js'

/** A check of `url` on the page, and its lines once it ended. */
async function check(url: string, boxStyle = ''): Promise<{ el: McpConnectionCheckElement; lines: CheckLine[] }> {
  const el = document.createElement('mcp-connection-check')
  const checked = nextEvent<CustomEvent<ConnectionCheckedDetail>>(el, 'mcp-connection-checked', 30_000)
  el.url = url
  await fixture(html`<div style=${boxStyle}>${el}</div>`)
  const { detail } = await checked
  await el.updateComplete
  return { el, lines: detail.lines }
}

/** The header names of a fix line `Access-Control-Allow-Headers: A, B (or …)`, as the server's allow-list (lower-case). */
function allowedBy(line: CheckLine | undefined): string[] {
  expect(line?.fix, 'a fix').to.match(/^Access-Control-Allow-Headers: [\w-]+(, [\w-]+)*( \(|$)/)
  return line!
    .fix!.slice(ALLOW_HEADERS.length)
    .split(' (')[0]!
    .split(', ')
    .map((h) => h.toLowerCase())
}

const GRANTS_CLIPBOARD = {
  webkit: 'grants clipboard access through the test runner, which WebDriver classic cannot',
}

const byId = (lines: CheckLine[]) => Object.fromEntries(lines.map((line) => [line.id, line]))
const statuses = (lines: CheckLine[]) => Object.fromEntries(lines.map((line) => [line.id, line.status]))
const shown = (el: McpConnectionCheckElement, id: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~=line][data-id="${id}"]`)
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()

const MISCORS = 'miscors'
const mode = (name: string, more: Record<string, unknown> = {}) => controlServer(MISCORS, 'mode', { mode: name, ...more })
const ALLOW_HEADERS = 'Access-Control-Allow-Headers: '

describe('<mcp-connection-check>', function (this: { timeout(ms: number): void }) {
  this.timeout(60_000)
  let main: string
  let miscors: string
  before(async () => {
    main = await serverUrl()
    miscors = await serverUrl(MISCORS)
    expect(new URL(main).origin).not.to.equal(location.origin)
  })
  afterEach(async () => {
    await mode('ok')
  })

  it('the fixture server: every line passes, shown as a list with no fix', async () => {
    const { el, lines } = await check(main)
    expect(statuses(lines)).to.deep.equal({ 'mixed-content': 'pass', cors: 'pass', preflight: 'pass', era: 'pass', expose: 'pass' })
    expect(byId(lines).era!.detail).to.include('2026-07-28')
    expect(el.shadowRoot!.querySelectorAll('[part~=line]')).to.have.length(5)
    expect(el.shadowRoot!.querySelector('[part~=fix]')).to.equal(null)
    expect(text(el.shadowRoot!.querySelector('[part~=status]'))).to.equal('No check failed.')
  })

  it('an https: page and a plain http: server elsewhere: mixed content fails first, nothing is sent', async () => {
    let sent = 0
    const lines = await checkConnection('http://mcp.example/mcp', {
      page: 'https://docs.example/try',
      fetch: (...a) => ((sent += 1), fetch(...a)),
    })
    expect(byId(lines)['mixed-content']!.status).to.equal('fail')
    expect(byId(lines)['mixed-content']!.fix).to.equal('Serve the server over https:')
    expect(statuses(lines)).to.include({ cors: 'skip', preflight: 'skip', era: 'skip', expose: 'skip' })
    expect(sent).to.equal(0)
    // On this computer, http: is no mixed content (browsers allow it from https: pages).
    const local = await checkConnection(main, { page: 'https://docs.example/try' })
    expect(byId(local)['mixed-content']!.status).to.equal('pass')
  })

  it('a server that sends no CORS headers: the CORS line fails with Access-Control-Allow-Origin for this page; the rest is skipped', async () => {
    await mode('no-cors')
    const { el, lines } = await check(miscors)
    const cors = byId(lines).cors!
    expect(cors.status).to.equal('fail')
    expect(cors.fix).to.equal(`Access-Control-Allow-Origin: ${location.origin}`)
    expect(statuses(lines)).to.include({ preflight: 'skip', era: 'skip', expose: 'skip' })
    expect(text(shown(el, 'cors')?.querySelector('[part~=fix]'))).to.include(`Access-Control-Allow-Origin: ${location.origin}`)
    expect(text(el.shadowRoot!.querySelector('[part~=status]'))).to.equal('1 of 5 checks failed.')
  })

  it('nothing answers at the address: the CORS line says so', async () => {
    const { url: dead } = await controlServer<{ url: string }>(MISCORS, 'dead')
    const { lines } = await check(dead)
    expect(byId(lines).cors!.status).to.equal('fail')
    expect(byId(lines).cors!.detail).to.include(`Nothing answers at ${dead}`)
  })

  it('a server that takes the request and never answers: each probe gives up in time, and the CORS line says nothing answers', async () => {
    const stalled = `${new URL(await serverUrl('stalled-icons')).origin}/stalled.svg`
    const started = performance.now()
    const { lines } = await check(stalled)
    expect(byId(lines).cors!.status).to.equal('fail')
    expect(byId(lines).cors!.detail).to.include(`Nothing answers at ${stalled}`)
    expect(performance.now() - started, 'two probes of 5 s at most').to.be.below(15_000)
  })

  it('taken off the page mid-check: its open probe is abandoned at once, not left to its 5 s timeout', async () => {
    const stalled = `${new URL(await serverUrl('stalled-icons')).origin}/stalled.svg`
    const counts = () => controlServer<{ requests: number; closed: number }>('stalled-icons', 'stalled')
    const before = await counts()
    const el = document.createElement('mcp-connection-check')
    el.url = stalled
    const box = await fixture(html`<div>${el}</div>`)
    await eventually(async () => (await counts()).requests > before.requests, 'a probe open on the stalled server', 5_000)
    const removed = performance.now()
    box.remove()
    const allClosed = async () => {
      const now = await counts()
      return now.closed - before.closed >= now.requests - before.requests
    }
    await eventually(allClosed, 'the open probes closed', 4_000)
    expect(performance.now() - removed, 'well before the probe would time out').to.be.below(4_000)
  })

  it('a preflight refusing only the legacy Mcp-Session-Id: the preflight line fails naming it, with every header in one line', async () => {
    await mode('refuse', { refuse: ['mcp-session-id'] })
    const { lines } = await check(miscors)
    const preflight = byId(lines).preflight!
    expect(preflight.status).to.equal('fail')
    expect(preflight.detail).to.include('does not allow Mcp-Session-Id')
    expect(allowedBy(preflight)).to.include.members([
      'content-type',
      'mcp-protocol-version',
      'mcp-method',
      'mcp-name',
      'mcp-session-id',
      'authorization',
      'dpop',
      'mcp-param-region',
      'mcp-param-tenant',
    ])
    expect(preflight.fix).to.include('Access-Control-Request-Headers')
    expect(byId(lines).era!.status, 'discovery does not send it').to.equal('pass')
  })

  // A hand-written allow-list fixed by copying the line: each fix adds and never drops, and the check then passes.
  for (const start of [['content-type'], ['content-type', 'mcp-method', 'mcp-protocol-version']]) {
    it(`the fix is complete: from only ${start.join(', ')} allowed, allowing what the line names makes every line pass`, async () => {
      await mode('allow', { allow: start })
      let { lines } = await check(miscors)
      let allowed = start
      // Before discovery answers, the tools' own Mcp-Param-… headers are unknown: at most one more step adds them.
      for (let step = 0; byId(lines).preflight!.status === 'fail'; step++) {
        expect(step, 'the fix applied twice at most').to.be.below(2)
        const fix = allowedBy(byId(lines).preflight)
        expect(fix, 'drops nothing allowed before').to.include.members(allowed)
        allowed = fix
        await mode('allow', { allow: allowed })
        ;({ lines } = await check(miscors))
      }
      expect(statuses(lines)).to.deep.equal({ 'mixed-content': 'pass', cors: 'pass', preflight: 'pass', era: 'pass', expose: 'pass' })
      expect(allowed).to.include.members(['mcp-param-region', 'mcp-param-tenant'])
    })
  }

  it('a server allowing its own list (param-cors): the fix names the tools’ Mcp-Param-… headers too, and applied, passes', async () => {
    const url = await serverUrl('param-cors')
    try {
      const { lines } = await check(url)
      const preflight = byId(lines).preflight!
      expect(preflight.status).to.equal('fail')
      expect(preflight.detail).to.include('Mcp-Session-Id').and.include('Authorization')
      const fix = allowedBy(preflight)
      expect(fix).to.include.members(['mcp-param-region', 'mcp-param-tenant', 'mcp-session-id', 'authorization', 'dpop'])
      await controlServer('param-cors', 'allow', fix)
      expect(statuses((await check(url)).lines)).to.deep.equal({
        'mixed-content': 'pass',
        cors: 'pass',
        preflight: 'pass',
        era: 'pass',
        expose: 'pass',
      })
    } finally {
      await controlServer('param-cors', 'reset')
    }
  })

  it('a legacy server: the era line names the legacy protocol, and the session id is read', async () => {
    const { lines } = await check(await serverUrl('legacy'))
    expect(byId(lines).era!.status).to.equal('pass')
    expect(byId(lines).era!.detail)
      .to.match(/legacy protocol 20\d\d-\d\d-\d\d/)
      .and.include('initialize')
    expect(byId(lines).expose!.status).to.equal('pass')
    expect(byId(lines).expose!.detail).to.include('Mcp-Session-Id')
  })

  it('a legacy server that hides Mcp-Session-Id: the exposed-headers line fails with every header to expose', async () => {
    await mode('legacy-hidden-session')
    const { lines } = await check(miscors)
    expect(byId(lines).expose!.status).to.equal('fail')
    expect(byId(lines).expose!.fix).to.equal('Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate, DPoP-Nonce')
  })

  it('a 401 whose WWW-Authenticate is hidden: the exposed-headers line fails', async () => {
    await mode('hidden-challenge')
    const { lines } = await check(miscors)
    expect(byId(lines).era!.status).to.equal('skip')
    expect(byId(lines).expose!.status).to.equal('fail')
    expect(byId(lines).expose!.detail).to.include('WWW-Authenticate')
    expect(byId(lines).expose!.fix).to.include('WWW-Authenticate')
  })

  it('behind OAuth, an authorization server whose metadata has no CORS: that line fails with the origin to allow', async () => {
    await mode('as-no-cors')
    const { lines } = await check(miscors)
    expect(statuses(lines)).to.include({
      expose: 'pass',
      'auth-resource-metadata': 'pass',
      'auth-server-metadata': 'fail',
      'auth-token': 'skip',
    })
    expect(byId(lines)['auth-server-metadata']!.fix).to.equal(`Access-Control-Allow-Origin: ${location.origin}`)
  })

  it('behind OAuth, a token endpoint with no CORS: the token line fails with the origin to allow', async () => {
    await mode('token-no-cors')
    const { lines } = await check(miscors)
    expect(statuses(lines)).to.include({ 'auth-resource-metadata': 'pass', 'auth-server-metadata': 'pass', 'auth-token': 'fail' })
    expect(byId(lines)['auth-token']!.fix).to.equal(`Access-Control-Allow-Origin: ${location.origin}`)
    expect(byId(lines)['auth-token']!.detail).to.include(`${new URL(miscors).origin}/as/token`)
  })

  it('behind OAuth, a server and authorization server set up for browsers: every sign-in line passes', async () => {
    const { lines } = await check(await serverUrl('auth'))
    expect(statuses(lines)).to.include({
      expose: 'pass',
      'auth-resource-metadata': 'pass',
      'auth-server-metadata': 'pass',
      'auth-token': 'pass',
    })
    expect(['pass', 'skip']).to.include(byId(lines)['auth-registration']!.status)
  })

  it('behind OAuth with DPoP: a token endpoint or MCP server whose preflight forgets DPoP fails with the header to allow', async () => {
    // A URL of its own: the browser may still hold a preflight answer for the plain one from an earlier test.
    const auth = `${await serverUrl('auth')}?preflight=dpop`
    const dpop = (settings: Record<string, unknown>) => controlServer('auth', 'dpop', settings)
    try {
      await dpop({ on: true, asAllowProof: false, allowProof: false })
      const { lines } = await check(auth)
      expect(byId(lines)['auth-token']!.status).to.equal('fail')
      expect(byId(lines)['auth-token']!.fix).to.include('Access-Control-Allow-Headers: DPoP').and.include('DPoP-Nonce')
      expect(byId(lines).preflight!.status).to.equal('fail')
      expect(byId(lines).preflight!.detail).to.include('does not allow DPoP')
      await dpop({ asAllowProof: true, allowProof: true })
      const fixed = (await check(auth)).lines
      expect(statuses(fixed)).to.include({ preflight: 'pass', 'auth-token': 'pass' })
      expect(byId(fixed)['auth-token']!.detail).to.include('DPoP')
    } finally {
      await dpop({ on: false, asAllowProof: true, allowProof: true })
    }
  })

  itExceptIn(GRANTS_CLIPBOARD, 'Copy report puts the whole checklist on the clipboard as a Markdown list, and says Copied', async () => {
    await executeServerCommand('grant-clipboard')
    await mode('refuse', { refuse: ['mcp-session-id'] })
    const { el, lines } = await check(miscors)
    const copied = nextEvent(el, 'mcp-connection-report-copied')
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~=copy]')!.click()
    await copied
    const pasted = await navigator.clipboard.readText()
    expect(pasted).to.include(`Connection check of ${miscors} from ${location.origin}`)
    for (const line of lines) expect(pasted).to.include(line.title)
    expect(pasted.split('\n').filter((l) => l.startsWith('- ['))).to.have.length(lines.length)
    expect(pasted).to.include('- [x] PASS The page may reach the server').and.include('- [ ] FAIL The preflight allows every header')
    expect(pasted).to.include(`  - Fix: ${byId(lines).preflight!.fix}`)
    await eventually(() => text(el.shadowRoot!.querySelector('[part~=status]')) === 'Copied the report.', 'the Copied status')
  })

  it('Run again checks once more and shows what changed', async () => {
    await mode('no-cors')
    const { el } = await check(miscors)
    expect(shown(el, 'cors')!.dataset.status).to.equal('fail')
    await mode('ok')
    const again = nextEvent(el, 'mcp-connection-checked', 30_000)
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~=run]')!.click()
    await again
    await el.updateComplete
    expect(shown(el, 'cors')!.dataset.status).to.equal('pass')
    expect(shown(el, 'era')!.dataset.status).to.equal('pass')
  })

  it('fits a 390 px screen with failed lines and long fixes, and is accessible light and dark', async () => {
    await mode('refuse', { refuse: ['mcp-session-id'] })
    // A 390 px box, in every engine (WebKit's window cannot be made that narrow).
    const { el } = await check(miscors, 'width: 390px')
    const base = el.shadowRoot!.querySelector<HTMLElement>('[part~=base]')!
    expect(el.getBoundingClientRect().width).to.equal(390)
    expect(base.scrollWidth, 'no horizontal overflow').to.be.at.most(390)
    for (const part of el.shadowRoot!.querySelectorAll<HTMLElement>('[part~=fix], [part~=detail], [part~=url]'))
      expect(
        part.getBoundingClientRect().right - el.getBoundingClientRect().left,
        `${part.part} inside the box (to sub-pixel rounding)`,
      ).to.be.at.most(390.5)
    await expect(el).to.be.accessible()
    // Dark: the element's theme, on a page painted with the theme's dark background (the element paints none).
    el.setAttribute('theme', 'dark')
    el.parentElement!.style.background = '#1b1b1f'
    await expect(el).to.be.accessible()
  })

  it('a hostile server: markup in its name stays text', async () => {
    const { el, lines } = await check(await serverUrl('hostile'))
    const era = byId(lines).era!
    expect(era.detail).to.include('<')
    expect(text(shown(el, 'era')?.querySelector('[part~=detail]'))).to.equal(era.detail.replace(/\s+/g, ' ').trim())
    expect(shown(el, 'era')!.querySelector('[part~=detail] *'), 'no element made of server text').to.equal(null)
    expect((window as unknown as Record<string, unknown>).__pwned).to.equal(undefined)
  })
})
