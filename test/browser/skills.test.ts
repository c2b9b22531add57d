// The Skills extension's client side in a real browser: WebCrypto's SHA-256, the YAML parser's lazy chunk and the
// skills chunk loaded by the page, against the official SDK's skills server on another origin (test/support/servers/skills.ts).
import { expect } from '@open-wc/testing'
import { McpClient, SkillDigestMismatchError } from '../../src/client/index.js'
import { controlServer, requestsFor, serverUrl } from '../support/browser.js'

declare function describe(title: string, fn: () => void): void
declare function it(title: string, fn: (this: { timeout(ms: number): void }) => Promise<void> | void): void
declare function afterEach(fn: () => Promise<void> | void): void

const GIT = 'skill://git-workflow/SKILL.md'
const GUIDE = 'skill://git-workflow/references/GUIDE.md'

describe('skills in the browser', () => {
  afterEach(() => controlServer('skills', 'restore'))

  it('lists skills without reading a file, then returns SKILL.md and a supporting file once verified', async function () {
    this.timeout(15_000)
    const client = new McpClient(await serverUrl('skills'), { cache: false })
    const reads = (await requestsFor('resources/read', 'skills')).length
    const skill = (await client.listSkills()).find((s) => s.uri === GIT)!
    expect(skill.frontmatter.license).to.equal('Apache-2.0')
    expect((await requestsFor('resources/read', 'skills')).length).to.equal(reads)
    const file = await client.readSkillFile(GIT, 'SKILL.md', { skill })
    expect(file.verified).to.equal(true)
    expect(file.text).to.contain('# Git workflow')
    expect((await client.readSkillFile(GIT, 'references/GUIDE.md', { skill })).uri).to.equal(GUIDE)
  })

  it('refuses a file whose bytes differ from its digest', async function () {
    this.timeout(15_000)
    await controlServer('skills', 'tamper', GUIDE)
    const client = new McpClient(await serverUrl('skills'), { cache: false })
    let error: unknown
    try {
      await client.readSkillFile(GIT, 'references/GUIDE.md')
    } catch (e) {
      error = e
    }
    expect(error).to.be.instanceOf(SkillDigestMismatchError)
    expect((error as SkillDigestMismatchError).uri).to.equal(GUIDE)
  })
})
