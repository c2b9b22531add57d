// <mcp-skill-list> against test/support/servers/hostile-skills.ts: a skill whose frontmatter, SKILL.md and files
// carry script tags, event-handler attributes, javascript: links, bidirectional and control characters and a 200 KB
// description, and a file that does not match its digest. Passing means: nothing ran (window.__pwned unset), the tree
// holds no script, no handler attribute and no link but http(s); the markup is on screen as text, the reordering
// characters as markers, the description cut; the tampered file is refused, and none of it is on screen.
import { expect, fixture, html } from '@open-wc/testing'
import '../../components/mcp-server/mcp-server.js'
import '../../components/mcp-skill-list/mcp-skill-list.js'
import type { McpSkillListElement } from '../../components/mcp-skill-list/mcp-skill-list.js'
import { deepQueryAll, deepText, eventually, requestsFor, serverUrl } from '../support/browser.js'

const TRAP = '__pwned'
const trap = () => (window as unknown as Record<string, unknown>)[TRAP]
const SKILL_URI = 'skill://hostile/hostile-skill/SKILL.md'

/** Nothing ran, and nothing in the tree could run later: no script or frame, no handler attribute, no link but http(s). */
function expectInert(root: Element): void {
  expect(trap(), `a payload ran: window.${TRAP}`).to.equal(undefined)
  expect(deepQueryAll(root, 'script, iframe, object, embed').map((el) => el.outerHTML.slice(0, 120))).to.deep.equal([])
  const handlers = deepQueryAll(root, '*').flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith('on')))
  expect(handlers, 'event-handler attributes').to.deep.equal([])
  const links = deepQueryAll<HTMLAnchorElement>(root, 'a[href]').map((a) => a.href)
  expect(
    links.filter((href) => !/^https?:/.test(href)),
    'links that are not http(s)',
  ).to.deep.equal([])
  expect(
    deepQueryAll<HTMLImageElement>(root, 'img').map((img) => img.src),
    'images',
  ).to.deep.equal([])
}

describe('hostile skills', () => {
  it('shows a hostile skill’s frontmatter, SKILL.md and files as text, runs nothing, and refuses its tampered file', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const url = await serverUrl('hostile-skills')
    const server = await fixture(html`<mcp-server url=${url}><mcp-skill-list></mcp-skill-list></mcp-server>`)
    const el = server.querySelector<McpSkillListElement>('mcp-skill-list')!
    const row = () => el.shadowRoot!.querySelector<HTMLButtonElement>(`[part="item"][data-uri="${SKILL_URI}"]`)
    await eventually(() => !!row(), 'the hostile skill')

    // The row: markup as text, the reordering characters as markers, the huge description cut.
    expect(row()!.textContent).to.include(`<script>window.${TRAP}='skill.description'</script>`)
    expect(row()!.textContent).to.include('⟨U+202E').and.include('more characters')
    expect(row()!.textContent).not.to.include('\u202E')
    expect(row()!.textContent!.length, 'the row’s text').to.be.below(2_000)
    expect(el.shadowRoot!.querySelector('[part="server"]')!.textContent).to.include(`<script>window.${TRAP}='skills.server-name'</script>`)
    expectInert(el)

    // Opened: the frontmatter as text, SKILL.md as markdown whose raw HTML is text and whose javascript: links are dead.
    row()!.click()
    const part = (name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
    await eventually(() => /Verified: SKILL\.md/.test(part('integrity')?.textContent ?? ''), 'SKILL.md verified')
    const content = () => (part('content') ? deepText(part('content')!) : '')
    await eventually(() => deepQueryAll(part('content') ?? el, 'h1').length === 1, 'the SKILL.md as markdown')
    expect(part('frontmatter')!.textContent).to.include(`<script>window.${TRAP}='skill.license'</script>`)
    expect(part('frontmatter')!.textContent).to.include(`javascript:window.${TRAP}='skill.compatibility'`)
    expect(part('frontmatter')!.textContent).to.include('more characters')
    expect(deepQueryAll(part('frontmatter')!, '.marker').length, 'markers for the reordering characters').to.be.above(0)
    expect(content()).to.include(`<script>window.${TRAP}='skill.heading'</script>`)
    expect(content()).to.include(`<div onmouseover="window.${TRAP}='skill.div'">raw html block</div>`)
    expect(deepQueryAll<HTMLAnchorElement>(part('content')!, 'a[href]').map((a) => a.href)).to.deep.equal(['https://example.com/docs'])
    expectInert(el)

    // Its other files: markdown as markdown, HTML as text.
    const file = (path: string) =>
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="file"]')].find(
        (b) => b.querySelector('.path')!.textContent!.trim() === path,
      )!
    file('scripts/run.html').click()
    await eventually(() => content().includes(`<script>window.${TRAP}='skill.file-html'</script>`), 'the HTML file as text')
    file('references/NOTES.md').click()
    await eventually(() => content().includes(`<script>window.${TRAP}='skill.notes'</script>`), 'the notes')
    expectInert(el)

    // The tampered file: refused in words, with Retry, and none of its text on screen.
    file('references/TAMPERED.md').click()
    await eventually(() => !!part('refusal'), 'the refusal')
    expect(part('refusal')!.textContent).to.include('does not match the SHA-256 digest')
    expect(part('content')).to.equal(null)
    expect(deepText(el.shadowRoot!)).not.to.include('TAMPERED-CONTENT')
    // Retry reads it again, and refuses it again.
    const gets = (await requestsFor('skills/get', 'hostile-skills')).length
    part('refusal')!.querySelector('button')!.click()
    await eventually(async () => (await requestsFor('skills/get', 'hostile-skills')).length > gets, 'the skill asked for again')
    await eventually(() => !!part('refusal') && !part('integrity'), 'refused again')
    expect(deepText(el.shadowRoot!)).not.to.include('TAMPERED-CONTENT')
    await new Promise((resolve) => setTimeout(resolve, 250))
    expectInert(el)
  })
})
