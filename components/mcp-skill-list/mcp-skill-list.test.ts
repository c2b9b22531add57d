// <mcp-skill-list> in real browsers against the official SDK's skills server (`skill-list`: two skills, a file that
// can be tampered with on its way out, skills added while the page is open) and the main fixture (no skills).
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { McpClient } from '../../src/client/index.js'
import { controlServer, deepQueryAll, deepText, eventually, requestsFor, serverUrl } from '../../test/support/browser.js'
import '../mcp-server/mcp-server.js'
import './mcp-skill-list.js'
import type { McpSkillListElement } from './mcp-skill-list.js'

const GIT = 'skill://git-workflow/SKILL.md'
const GUIDE = 'skill://git-workflow/references/GUIDE.md'

const items = (el: McpSkillListElement) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="item"]')]
const row = (el: McpSkillListElement, uri: string) => items(el).find((b) => b.dataset.uri === uri)
const names = (el: McpSkillListElement) => items(el).map((b) => b.querySelector('.title')!.textContent!.trim())
const status = (el: McpSkillListElement) => el.shadowRoot!.querySelector('[part="status"]')?.textContent?.trim()
const part = (el: McpSkillListElement, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
const file = (el: McpSkillListElement, path: string) =>
  [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="file"]')].find(
    (b) => b.querySelector('.path')!.textContent!.trim() === path,
  )
/** The file shown, as text (through <mcp-content>'s shadow root), or '' when none is. */
const content = (el: McpSkillListElement) => {
  const shown = part(el, 'content')
  return shown ? deepText(shown) : ''
}

async function listOf(url: string): Promise<McpSkillListElement> {
  const el = await fixture<McpSkillListElement>(html`<mcp-skill-list .client=${new McpClient(url, { cache: false })}></mcp-skill-list>`)
  await eventually(() => items(el).length > 0, 'the skills')
  return el
}

describe('<mcp-skill-list>', () => {
  let skills: string
  before(async () => {
    skills = await serverUrl('skill-list')
  })
  beforeEach(() => controlServer('skill-list', 'reset'))

  it('lists each skill’s name, description and other frontmatter, labelled with its server, reading no file', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const reads = (await requestsFor('resources/read', 'skill-list')).length
    const el = await listOf(skills)
    expect(names(el)).to.deep.equal(['refunds', 'git-workflow'])
    const git = row(el, GIT)!
    expect(git.textContent).to.include('Follow this team’s Git conventions for branching and commits')
    expect(git.querySelector('.facts')!.textContent)
      .to.include('license: Apache-2.0')
      .and.include('metadata: {"version":"1.2","owner":"platform-team"}')
    // The server's label: the URL's host first, then the name it reports.
    const host = new URL(skills).host
    await eventually(() => part(el, 'server')!.textContent!.includes(`Skills from ${host} (skills-fixture 1.0.0)`), 'the server label')
    expect(status(el)).to.equal('2 of 2 skills')
    expect((await requestsFor('resources/read', 'skill-list')).length, 'files read by listing').to.equal(reads)
    await expect(el).to.be.accessible()
  })

  it('opens a skill: SKILL.md verified and shown as markdown, its files listed; a file is read only when opened', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const el = await listOf(skills)
    const reads = () => requestsFor('resources/read', 'skill-list').then((r) => r.map((q) => q.params.uri as string))
    const before = (await reads()).length
    row(el, GIT)!.click()
    await eventually(() => /Verified: SKILL\.md/.test(part(el, 'integrity')?.textContent ?? ''), 'SKILL.md verified')
    expect(row(el, GIT)!.getAttribute('aria-current')).to.equal('true')
    // Markdown: the heading is a heading; the frontmatter block is shown as fields, not drawn as markdown.
    // The markdown renderer loads on first use: plain text until then.
    await eventually(() => deepQueryAll(part(el, 'content') ?? el, 'h1').length === 1, 'the SKILL.md as markdown')
    expect(deepQueryAll(part(el, 'content')!, 'h1')[0]!.textContent).to.equal('Git workflow')
    expect(content(el)).not.to.include('name: git-workflow')
    expect(part(el, 'frontmatter')!.textContent).to.include('license').and.include('Apache-2.0')
    expect(part(el, 'skill')!.textContent).to.include(`From ${new URL(skills).host}`)
    expect([...el.shadowRoot!.querySelectorAll('[part="file"] .path')].map((p) => p.textContent!.trim())).to.deep.equal([
      'SKILL.md',
      'references/GUIDE.md',
    ])
    expect((await reads()).slice(before), 'read on opening').to.deep.equal([GIT])

    file(el, 'references/GUIDE.md')!.click()
    await eventually(() => content(el).includes('Branch from main; one concern per commit.'), 'GUIDE.md')
    expect(part(el, 'integrity')!.textContent).to.include('Verified: references/GUIDE.md has the size and SHA-256 digest the server listed')
    expect((await reads()).slice(before)).to.deep.equal([GIT, GUIDE])
    await expect(el).to.be.accessible()
  })

  it('refuses a tampered file, saying so and showing none of it; Retry asks for the skill again and shows it once it checks out', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    await controlServer('skill-list', 'tamper', GUIDE)
    const el = await listOf(skills)
    row(el, GIT)!.click()
    await eventually(() => content(el).includes('Git workflow'), 'the SKILL.md')
    file(el, 'references/GUIDE.md')!.click()
    await eventually(() => !!part(el, 'refusal'), 'the refusal')
    expect(part(el, 'refusal')!.textContent).to.include('references/GUIDE.md does not match the SHA-256 digest the server listed for it')
    expect(part(el, 'refusal')!.getAttribute('role')).to.equal('alert')
    expect(part(el, 'content'), 'content of a refused file').to.equal(null)
    expect(deepText(el.shadowRoot!)).not.to.include('Branch from main')
    await expect(el).to.be.accessible()

    // Retry while still tampered: asks skills/get afresh, and refuses again.
    const gets = (await requestsFor('skills/get', 'skill-list')).length
    part(el, 'refusal')!.querySelector('button')!.click()
    await eventually(async () => (await requestsFor('skills/get', 'skill-list')).length === gets + 1, 'skills/get asked again')
    await eventually(() => !!part(el, 'refusal'), 'refused again')
    expect(deepText(el.shadowRoot!)).not.to.include('Branch from main')

    await controlServer('skill-list', 'reset')
    part(el, 'refusal')!.querySelector('button')!.click()
    await eventually(() => content(el).includes('Branch from main'), 'the file, once it checks out')
    expect(part(el, 'integrity')!.textContent).to.include('Verified')
    expect(part(el, 'refusal')).to.equal(null)
  })

  it('says in words when a listing differs from the files: a frontmatter, a size', async function (this: { timeout(ms: number): void }) {
    this.timeout(20_000)
    await controlServer('skill-list', 'misdescribe')
    const el = await listOf(skills)
    row(el, GIT)!.click()
    await eventually(() => !!part(el, 'refusal'), 'the refusal of SKILL.md')
    expect(part(el, 'refusal')!.textContent).to.include(
      'The SKILL.md the server sent says other things about the skill than its listing (description)',
    )
    expect(part(el, 'content')).to.equal(null)

    await controlServer('skill-list', 'reset')
    await controlServer('skill-list', 'missize')
    const other = await listOf(skills)
    row(other, GIT)!.click()
    await eventually(() => content(other).includes('Git workflow'), 'the SKILL.md')
    file(other, 'references/GUIDE.md')!.click()
    await eventually(() => !!part(other, 'refusal'), 'the refusal of the guide')
    expect(part(other, 'refusal')!.textContent).to.include('references/GUIDE.md is not the size the server listed for it')
    expect(deepText(other.shadowRoot!)).not.to.include('Branch from main')
  })

  it('inside <mcp-server>, shows a skill added on the server without a reload; skills of one name are told apart by URI', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(30_000)
    const server = await fixture(html`<mcp-server url=${skills}><mcp-skill-list></mcp-skill-list></mcp-server>`)
    const el = server.querySelector('mcp-skill-list')!
    await eventually(() => items(el).length === 2, 'the list')
    await eventually(() => deepText(server).includes('Connected, live updates'), 'live updates')
    await controlServer('skill-list', 'add', 'team/refunds')
    await eventually(() => items(el).length === 3, 'the added skill')
    expect(names(el).filter((n) => n === 'refunds')).to.have.length(2)
    row(el, 'skill://team/refunds/SKILL.md')!.click()
    await eventually(() => content(el).includes('New.'), 'the added skill’s SKILL.md')
    expect(row(el, 'skill://team/refunds/SKILL.md')!.getAttribute('aria-current')).to.equal('true')
    expect(row(el, 'skill://acme/refunds/SKILL.md')!.getAttribute('aria-current')).to.equal('false')
    expect(part(el, 'skill')!.textContent).to.include('skill://team/refunds/SKILL.md')
  })

  it('is used by keyboard: the filter, the arrows into the list, Enter to open, Tab to the files', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const el = await listOf(skills)
    el.shadowRoot!.querySelector<HTMLInputElement>('[part="filter"]')!.focus()
    await sendKeys({ type: 'git' })
    await el.updateComplete
    expect(names(el)).to.deep.equal(['git-workflow'])
    await sendKeys({ press: 'ArrowDown' })
    expect(el.shadowRoot!.activeElement).to.equal(row(el, GIT))
    await sendKeys({ press: 'Enter' })
    await eventually(() => content(el).includes('Git workflow'), 'the SKILL.md')
    await sendKeys({ press: 'Tab' })
    expect(el.shadowRoot!.activeElement).to.equal(file(el, 'SKILL.md'))
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Enter' })
    await eventually(() => content(el).includes('Branch from main'), 'GUIDE.md opened by keyboard')
  })

  it('says it waits, then loads, then the count; a server without skills says so; a failed load offers Retry', async function (this: {
    timeout(ms: number): void
  }) {
    this.timeout(20_000)
    const el = await fixture<McpSkillListElement>(html`<mcp-skill-list></mcp-skill-list>`)
    expect(status(el)).to.equal('Waiting for the server…')
    el.client = new McpClient(skills, { cache: false })
    await el.updateComplete
    expect(status(el)).to.equal('Loading skills…')
    await eventually(() => status(el) === '2 of 2 skills', 'the count')

    const none = await fixture<McpSkillListElement>(
      html`<mcp-skill-list .client=${new McpClient(await serverUrl('main'))}></mcp-skill-list>`,
    )
    await eventually(() => status(none) === 'This server offers no skills.', 'no skills')
    expect(items(none)).to.have.length(0)
    await expect(none).to.be.accessible()

    const dead = await fixture<McpSkillListElement>(
      html`<mcp-skill-list .client=${new McpClient('http://127.0.0.1:9/mcp', { cache: false, timeoutMs: 3_000 })}></mcp-skill-list>`,
    )
    await eventually(() => !!part(dead, 'error'), 'the load error')
    expect(part(dead, 'error')!.textContent).to.include('Could not load the skills')
    expect(part(dead, 'error')!.querySelector('button')!.textContent).to.equal('Retry')
  })
})
