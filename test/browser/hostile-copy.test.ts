// <mcp-tool>'s "Copy as code" against test/support/servers/hostile-copy.ts, whose tool name and argument keys are
// shell code: the curl command the panel copies, run with `sh -c` by the server (control `run`), must send exactly
// that name and those arguments and create no `pwned-…` file; the JavaScript and JSON-RPC copies carry them as JSON
// strings. The copied text is read from the panel's box, so the test does not depend on the clipboard's permission;
// the fallback (a clipboard that refuses) is tested by making writeText reject. "Try an example" in the tool's form:
// the server's examples as text, fitting ones only, filling the form and calling nothing.
import { expect, fixture, html } from '@open-wc/testing'
import { McpClient, type Tool } from '../../src/client/index.js'
import '../../components/mcp-tool/mcp-tool.js'
import type { McpToolElement } from '../../components/mcp-tool/mcp-tool.js'
import { controlServer, deepQuery, deepQueryAll, eventually, requestsFor, serverUrl } from '../support/browser.js'
import { EXAMPLES_TOOL, HOSTILE_ARGUMENTS, HOSTILE_TOOL, MARKUP_EXAMPLE } from '../support/hostile-shell.js'

interface RunReport {
  stdout: string
  stderr: string
  exitCode: number
  calls: Array<{ name: unknown; arguments: unknown; headers: Record<string, string> }>
  pwned: string[]
}

const part = <E extends Element = HTMLElement>(el: McpToolElement, name: string) => el.shadowRoot!.querySelector<E>(`[part~="${name}"]`)

/** The hostile tool in an <mcp-tool>, its form holding HOSTILE_ARGUMENTS (typed as JSON, as a user can). */
async function hostileTool(): Promise<McpToolElement> {
  const client = new McpClient(await serverUrl('hostile-copy'))
  const tool = (await client.listTools()).find((t: Tool) => t.name === HOSTILE_TOOL)!
  const el = await fixture<McpToolElement>(html`<mcp-tool .client=${client} .tool=${tool}></mcp-tool>`)
  const form = deepQuery(el, 'mcp-schema-form')
  await eventually(() => !!form.shadowRoot?.querySelector('.json-toggle'), 'the form')
  form.shadowRoot!.querySelector<HTMLButtonElement>('.json-toggle')!.click()
  await eventually(() => !!form.shadowRoot!.querySelector('#whole-json'), 'the JSON editor')
  const box = form.shadowRoot!.querySelector<HTMLTextAreaElement>('#whole-json')!
  box.value = JSON.stringify(HOSTILE_ARGUMENTS)
  box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }))
  return el
}

/** Opens the panel (once) and presses one of its Copy buttons; resolves with the text it shows as copied. */
async function copy(el: McpToolElement, format: 'curl' | 'javascript' | 'json-rpc'): Promise<string> {
  if (part(el, 'copy-code-toggle')!.getAttribute('aria-expanded') !== 'true') part<HTMLButtonElement>(el, 'copy-code-toggle')!.click()
  await eventually(() => !!part(el, `copy-${format}`), `Copy as ${format}`)
  const before = part<HTMLTextAreaElement>(el, 'copy-code-text')?.value
  part<HTMLButtonElement>(el, `copy-${format}`)!.click()
  await eventually(() => {
    const now = part<HTMLTextAreaElement>(el, 'copy-code-text')?.value
    return !!now && now !== before && !!part(el, 'copy-code-status')!.textContent!.trim()
  }, `the ${format} copy`)
  return part<HTMLTextAreaElement>(el, 'copy-code-text')!.value
}

describe('Copy as code with a hostile tool', () => {
  it('the copied curl command, run in a shell, sends exactly the name and arguments and runs nothing else', async () => {
    const el = await hostileTool()
    const command = await copy(el, 'curl')
    const report = await controlServer<RunReport>('hostile-copy', 'run', { command })
    expect(report.pwned, 'files the shell made from server or user text').to.deep.equal([])
    expect(report.exitCode, report.stderr).to.equal(0)
    expect(report.calls).to.have.length(1)
    expect(report.calls[0]!.name).to.equal(HOSTILE_TOOL)
    expect(report.calls[0]!.arguments).to.deep.equal(HOSTILE_ARGUMENTS)
    expect(report.calls[0]!.headers['mcp-protocol-version']).to.equal('2026-07-28')
    expect(report.calls[0]!.headers['mcp-method']).to.equal('tools/call')
    expect(report.stdout, 'the tool’s answer').to.include('pwned-arg-subst')
  })

  it('the JavaScript and JSON-RPC copies carry the name and arguments as JSON strings', async () => {
    const el = await hostileTool()
    const js = await copy(el, 'javascript')
    expect(js).to.include("import { McpClient } from 'mcp-web-elements/client'")
    expect(js).to.include(`client.callTool(${JSON.stringify(HOSTILE_TOOL)}`)
    expect(js, 'markup is escaped in the source').to.not.include('<script>')
    const body = JSON.parse(await copy(el, 'json-rpc'))
    expect(body.method).to.equal('tools/call')
    expect(body.params.name).to.equal(HOSTILE_TOOL)
    expect(body.params.arguments).to.deep.equal(HOSTILE_ARGUMENTS)
    expect(body.params._meta['io.modelcontextprotocol/protocolVersion']).to.equal('2026-07-28')
  })

  it('when the clipboard refuses, the code is selected for copying by hand, and the status says so', async () => {
    const el = await hostileTool()
    const clipboard = navigator.clipboard
    const original = clipboard?.writeText
    if (clipboard) clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))
    try {
      const text = await copy(el, 'json-rpc')
      expect(part(el, 'copy-code-status')!.textContent).to.match(/copy it with Ctrl\+C/)
      const box = part<HTMLTextAreaElement>(el, 'copy-code-text')!
      expect(el.shadowRoot!.activeElement).to.equal(box)
      expect([box.selectionStart, box.selectionEnd]).to.deep.equal([0, text.length])
    } finally {
      if (clipboard && original) clipboard.writeText = original
    }
  })

  it('the open panel is accessible and fits 390 px without scrolling sideways', async () => {
    const el = await hostileTool()
    await copy(el, 'curl')
    const toggle = part(el, 'copy-code-toggle')!
    expect(toggle.getAttribute('aria-expanded')).to.equal('true')
    expect(toggle.getAttribute('aria-controls')).to.equal('copy-code-panel')
    el.style.display = 'block'
    el.style.width = '390px'
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const panel = part(el, 'copy-code-panel')!
    expect(panel.getBoundingClientRect().right, 'the panel’s right edge').to.be.at.most(el.getBoundingClientRect().right + 0.5)
    for (const child of panel.children) expect(child.getBoundingClientRect().right, child.localName).to.be.at.most(el.getBoundingClientRect().right + 0.5)
    await expect(el).to.be.accessible()
  })
})

describe('Try an example in <mcp-tool>, with a hostile server’s examples', () => {
  it('shows the examples that fit as text; each fills the form and calls nothing; Call sends what it filled', async () => {
    const client = new McpClient(await serverUrl('hostile-copy'))
    const el = await fixture<McpToolElement>(html`<mcp-tool name=${EXAMPLES_TOOL} .client=${client}></mcp-tool>`)
    const buttons = () => deepQueryAll<HTMLButtonElement>(el, '[part~=example]')
    await eventually(() => buttons().length > 0, 'the examples')
    expect(buttons().map((b) => b.textContent!.trim())).to.deep.equal([
      'Example 1: {"city":"Oslo","days":2}',
      `City: ${MARKUP_EXAMPLE}`,
      'City: Bergen',
      'Days: 3',
      'Default values',
    ])
    const callsBefore = (await requestsFor('tools/call', 'hostile-copy')).length
    for (const button of buttons()) button.click()
    buttons()[1]!.click()
    const form = deepQuery<HTMLElement & { arguments: Record<string, unknown> }>(el, 'mcp-schema-form')
    await eventually(() => form.arguments.city === MARKUP_EXAMPLE, 'the markup example filled in')
    expect(deepQueryAll(el, 'img'), 'images made from an example').to.have.length(0)
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await requestsFor('tools/call', 'hostile-copy')).length, 'calls made by filling').to.equal(callsBefore)
    await el.call()
    const sent = (await requestsFor('tools/call', 'hostile-copy')).at(-1)
    expect(sent.params).to.include({ name: EXAMPLES_TOOL })
    expect(sent.params.arguments).to.deep.equal({ city: MARKUP_EXAMPLE, days: 1 })
  })
})
