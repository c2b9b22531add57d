// <mcp-tool> in headless Chromium against real servers: `zoo` (every schema of
// the schema zoo as a tool echoing its arguments; `ticking`), `main`
// (echo, slow_count with progress and cancellation stats, fail, throws,
// ask_model), `elicit` (form and URL elicitation) and `flaky` (HTTP faults).
// Forms are filled as a user does (test/support/schema-zoo.ts: fillForm), and
// what the server received is read from its request log.
import { assert, expect, fixture, html } from '@open-wc/testing'
import { executeServerCommand, sendKeys } from '@web/test-runner-commands'
import { McpClient, type CallToolResult, type Tool } from '../../src/client/index.js'
import {
  controlServer,
  deepQuery,
  deepQueryAll,
  eventually,
  nextEvent,
  notifyToolsChanged,
  requestsFor,
  serverStats,
  serverUrl,
  expectAbsent,
  itExceptIn,
  pointerClick,
} from '../../test/support/browser.js'
import { SCHEMA_ZOO, fillForm } from '../../test/support/schema-zoo.js'
import { INPUT_CAPABILITIES, createInputHandlers } from '../mcp-elicitation/input-handlers.js'
import '../mcp-server/mcp-server.js'
import type { McpServerElement } from '../mcp-server/mcp-server.js'
import type { ToolCallDetail } from './mcp-tool.js'
import './mcp-tool.js'
import type { McpToolElement } from './mcp-tool.js'

/** An <mcp-tool> for the tool `name` of a test server, once its form is shown. */
async function openTool(server: string, name: string, client?: McpClient) {
  const own = client ?? new McpClient(await serverUrl(server))
  const el = await fixture<McpToolElement>(html`<mcp-tool name=${name} .client=${own}></mcp-tool>`)
  await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), `the form of ${name}`)
  return el
}

const shadow = (el: McpToolElement) => el.shadowRoot!
const callButton = (el: McpToolElement) => shadow(el).querySelector<HTMLButtonElement>('button[part~=call]')!
const cancelButton = (el: McpToolElement) => shadow(el).querySelector<HTMLButtonElement>('button[part~=cancel]')
const text = (node: Element | ShadowRoot | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
/** How often `pattern` is built as a RegExp while `run` runs: each schema check of a value against it builds it once. */
async function patternBuilds(pattern: string, run: () => Promise<unknown>): Promise<number> {
  const Native = globalThis.RegExp
  let built = 0
  globalThis.RegExp = new Proxy(Native, {
    construct(target, args, newTarget) {
      if (args[0] === pattern) built++
      return Reflect.construct(target, args, newTarget) as RegExp
    },
  })
  try {
    await run()
  } finally {
    globalThis.RegExp = Native
  }
  return built
}
/** What the result area shows (the <mcp-content> inside it, or an error). */
const shownResult = (el: McpToolElement) => {
  const result = shadow(el).querySelector('[part~=result]')!
  const content = result.querySelector('mcp-content')
  return content ? text(content.shadowRoot) : text(result)
}
/**
 * An <mcp-tool> for the main server's slow_count, its call to `n` (one step every 100 ms) started, once `steps`
 * progress steps are shown; and how many cancellations the server had seen before.
 */
async function slowCountRunning(n: number, steps: number) {
  const el = await openTool('main', 'slow_count')
  const cancelledBefore = (await serverStats('main')).cancelled.length
  await fillForm(el, [
    { fill: 'N', with: String(n) },
    { fill: 'Delay ms', with: '100' },
  ])
  callButton(el).click()
  await eventually(() => (shadow(el).querySelector('progress')?.value ?? 0) >= steps, 'progress reported')
  return { el, cancelledBefore }
}
const callsOf = async (tool: string, server: string) => (await requestsFor('tools/call', server)).filter((r) => r.params?.name === tool)

describe('<mcp-tool> annotations', () => {
  it('a tool that states no annotations is shown with the spec’s defaults: destructive, open world (not stated)', async () => {
    const el = await openTool('approval', 'move_file')
    const badges = [...shadow(el).querySelectorAll<HTMLElement>('[part~=hints] [part~=badge]')]
    expect(
      badges.map((b) =>
        [...b.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join(''),
      ),
    ).to.deep.equal(['destructive', 'open world'])
    expect(badges.every((b) => b.textContent!.includes('not stated by the server'))).to.equal(true)
    const readOnly = await openTool('approval', 'read_notes')
    expect(text(shadow(readOnly).querySelector('[part~=hints]'))).to.equal('read-only')
  })
})

describe('<mcp-tool> with the schema zoo', () => {
  beforeEach(() => sessionStorage.clear())

  for (const [entry, { description, fill, expected }] of Object.entries(SCHEMA_ZOO)) {
    it(`${entry}: filling the form as a user does sends exactly the expected arguments (${description})`, async () => {
      const tool = `zoo_${entry}`
      const el = await openTool('zoo', tool)
      await fillForm(el, fill)
      const result = nextEvent(el, 'mcp-tool-result')
      callButton(el).click()
      await result
      const received = (await callsOf(tool, 'zoo')).at(-1)
      expect(received.params.arguments).to.deep.equal(expected)
    })
  }
})

describe('<mcp-tool>', () => {
  // Arguments are kept per tool for the session; each test starts from empty forms.
  beforeEach(() => sessionStorage.clear())

  it('calls the tool, fires mcp-tool-call and mcp-tool-result, and shows the result; accessible', async () => {
    const el = await openTool('main', 'echo')
    expect(text(shadow(el).querySelector('[part~=title]'))).to.equal('Echo')
    expect(text(shadow(el).querySelector('[part~=description]'))).to.equal('Returns its input text.')
    await expect(el).to.be.accessible()
    await fillForm(el, [{ fill: 'Text', with: 'hello there' }])
    const called = nextEvent<CustomEvent<ToolCallDetail>>(el, 'mcp-tool-call')
    const resulted = nextEvent<CustomEvent<{ result: CallToolResult }>>(el, 'mcp-tool-result')
    callButton(el).click()
    expect((await called).detail).to.deep.equal({ name: 'echo', arguments: { text: 'hello there' } })
    expect((await resulted).detail.result.content).to.deep.equal([{ type: 'text', text: 'hello there' }])
    await eventually(() => shownResult(el) === 'hello there', 'the result shown')
    // The end is announced naming the tool as its header does (its title).
    expect(text(shadow(el).querySelector('[part~=announcement]'))).to.equal('Echo: done. The result is below.')
    expect(shadow(el).querySelector('[part~=result]')!.getAttribute('aria-live')).to.equal('polite')
    await expect(el).to.be.accessible()
  })

  it('announces the end of a call of a tool with no title by the tool’s name', async () => {
    const el = await openTool('main', 'fail')
    expect(text(shadow(el).querySelector('[part~=title]'))).to.equal('fail')
    callButton(el).click()
    await eventually(() => text(shadow(el).querySelector('[part~=announcement]')) !== '', 'the announcement')
    expect(text(shadow(el).querySelector('[part~=announcement]'))).to.equal('fail: the tool reported an error.')
  })

  it('shows the structured content the client checked against the tool’s outputSchema, and has it checked no second time', async () => {
    const el = await openTool('main', 'add')
    await fillForm(el, [
      { fill: 'A', with: '2' },
      { fill: 'B', with: '3' },
    ])
    callButton(el).click()
    await eventually(() => shownResult(el).includes('sum'), 'the structured content')
    const content = shadow(el).querySelector('mcp-content')!
    expect(content.result!.structuredContent).to.deep.equal({ sum: 5 })
    // callTool() checked it (a mismatch fails the call: see the next test), so the result view is given no schema.
    expect(content.outputSchema, 'a schema handed to the result view for a second check').to.equal(undefined)
    await content.updateComplete
    expectAbsent(content.shadowRoot!.querySelector('[part~=schema-warning]'), 'a schema warning')
  })

  it('a result against the tool’s outputSchema fails the call, said once in the client’s words; the result is not shown', async () => {
    const el = await openTool('bad-output', 'weather')
    const failed = nextEvent<CustomEvent<{ error: Error }>>(el, 'mcp-tool-error')
    callButton(el).click()
    expect((await failed).detail.error.name).to.equal('InvalidStructuredContentError')
    const frame = shadow(el).querySelector<HTMLElement>('[part~=result-frame]')!
    expect(frame.dataset.status).to.equal('failure')
    const shown = text(frame.querySelector('[part~=error]'))
    expect(shown.split('does not match its outputSchema: /celsius').length - 1, `said once: ${shown}`).to.equal(1)
    expectAbsent(frame.querySelector('mcp-content'), 'the refused result shown')
    expectAbsent(frame.querySelector('img'), 'the result’s markup as an element')
  })

  it('preventDefault() on mcp-tool-call stops the call: nothing is sent', async () => {
    const el = await openTool('main', 'echo')
    await fillForm(el, [{ fill: 'Text', with: 'never sent' }])
    let prevented = 0
    el.addEventListener('mcp-tool-call', (e) => (e.preventDefault(), prevented++))
    const before = (await callsOf('echo', 'main')).length
    callButton(el).click()
    await new Promise((r) => setTimeout(r, 200))
    expect(prevented, 'mcp-tool-call fired (and was prevented)').to.equal(1)
    expect((await callsOf('echo', 'main')).length).to.equal(before)
    expect(shownResult(el)).to.equal('')
  })

  it('does not send a form that fails validation', async () => {
    const el = await openTool('main', 'echo')
    const before = (await callsOf('echo', 'main')).length
    callButton(el).click()
    await new Promise((r) => setTimeout(r, 200))
    expect((await callsOf('echo', 'main')).length).to.equal(before)
  })

  it('a call the page starts while nothing has focus leaves focus and the scroll position alone when it ends', async () => {
    const el = await openTool('main', 'echo')
    await fillForm(el, [{ fill: 'Text', with: 'run by the page' }])
    // The tool then sits below the fold: focusing its Call button would scroll the page to it.
    const spacer = document.createElement('div')
    spacer.style.height = `${innerHeight * 3}px`
    document.body.prepend(spacer)
    try {
      // Nothing focused, through shadow roots (Firefox keeps the field focused when only the host is blurred).
      let active = document.activeElement
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
      ;(active as HTMLElement | null)?.blur()
      scrollTo(0, 0)
      const done = nextEvent(el, 'mcp-tool-result')
      void el.call()
      await done
      await el.updateComplete
      await new Promise((r) => setTimeout(r, 100))
      expect(shownResult(el)).to.contain('run by the page')
      expect(document.activeElement?.localName, 'focus after the call (the page body: nothing focused)').to.equal('body')
      expect(scrollY, 'the page scrolled to the tool').to.equal(0)
    } finally {
      spacer.remove()
    }
  })

  it('Enter in a field runs the call without dropping focus (Cancel meanwhile, the field after), and the end is announced', async () => {
    const el = await openTool('main', 'slow_count')
    await fillForm(el, [
      { fill: 'N', with: '3' },
      { fill: 'Delay ms', with: '150' },
    ])
    /** The focused element, through shadow roots. */
    const focused = () => {
      let active = document.activeElement
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
      return active
    }
    const field = deepQueryAll<HTMLInputElement>(el, 'input').find((input) => input.value === '150')!
    field.focus()
    const done = nextEvent(el, 'mcp-tool-result')
    await sendKeys({ press: 'Enter' })
    await eventually(() => !!cancelButton(el), 'the call running')
    // The form is disabled while the call runs; focus is on Cancel, not on the page's body.
    await eventually(() => focused() === cancelButton(el), 'focus on Cancel during the call')
    await done
    await eventually(() => !cancelButton(el), 'the call ended')
    await el.updateComplete
    expect(focused(), 'focus after the call').to.equal(field)
    const announcement = shadow(el).querySelector('[part~=announcement]')!
    expect(announcement.getAttribute('role')).to.equal('status')
    expect(text(announcement)).to.match(/done/i)
  })

  it('its title is a heading of the level the page asks for (heading-level), 3 by default', async () => {
    const el = await openTool('main', 'echo')
    expect(shadow(el).querySelector('[part~=title]')!.localName).to.equal('h3')
    el.setAttribute('heading-level', '2')
    await el.updateComplete
    expect(shadow(el).querySelector('[part~=title]')!.localName).to.equal('h2')
    // The ends of the range are levels too; past them, the default.
    for (const [level, tag] of [
      ['6', 'h6'],
      ['1', 'h1'],
      ['7', 'h3'],
      ['0', 'h3'],
      ['9', 'h3'],
    ]) {
      el.setAttribute('heading-level', level)
      await el.updateComplete
      expect(shadow(el).querySelector('[part~=title]')!.localName, `heading-level ${level}`).to.equal(tag)
    }
  })

  it('a name set as a property shows as its attribute: the page can select mcp-tool[name=…]', async () => {
    const el = await openTool('main', 'echo')
    el.name = 'add'
    await el.updateComplete
    expect(el.getAttribute('name')).to.equal('add')
    expect(document.querySelector('mcp-tool[name="add"]')).to.equal(el)
  })

  it('two tools on a page have result regions of different names (axe landmark-unique)', async () => {
    const client = new McpClient(await serverUrl('main'))
    const page = await fixture<HTMLElement>(
      html`<main><mcp-tool name="echo" .client=${client}></mcp-tool><mcp-tool name="fail" .client=${client}></mcp-tool></main>`,
    )
    const tools = [...page.querySelectorAll<McpToolElement>('mcp-tool')]
    await eventually(() => tools.every((t) => !!t.shadowRoot!.querySelector('[part~=result]')), 'both tools')
    // A result region is named by its frame's heading once a result shows: call both.
    await fillForm(tools[0]!, [{ fill: 'Text', with: 'one' }])
    for (const tool of tools) callButton(tool).click()
    const regionName = (tool: McpToolElement) => {
      const region = tool.shadowRoot!.querySelector('[part~=result]')!
      const heading = tool.shadowRoot!.getElementById(region.getAttribute('aria-labelledby') ?? '')
      return heading?.textContent?.trim()
    }
    await eventually(() => tools.every((t) => !!regionName(t)), 'both result regions named')
    expect(regionName(tools[0]!)).to.not.equal(regionName(tools[1]!))
    await expect(page).to.be.accessible()
  })

  it('shows progress while calling; Cancel aborts the call, and the server sees it cancelled', async () => {
    const { el, cancelledBefore } = await slowCountRunning(40, 2)
    const bar = () => shadow(el).querySelector<HTMLProgressElement>('progress')
    expect(bar()!.max).to.equal(40)
    expect(text(shadow(el).querySelector('[part~=progress]'))).to.match(/\d+ of 40 · step \d+/)
    expect(shadow(el).querySelector('[part~=progress]')!.getAttribute('aria-live')).to.equal('polite')
    await expect(el).to.be.accessible()
    const failed = nextEvent(el, 'mcp-tool-error')
    cancelButton(el)!.click()
    await failed
    await eventually(async () => (await serverStats('main')).cancelled.length > cancelledBefore, 'the server to see the cancellation')
    expect((await serverStats('main')).cancelled.at(-1)).to.equal('slow_count')
    await eventually(() => shownResult(el).includes('cancelled'), 'the cancelled note')
    expectAbsent(bar(), 'the progress bar')
    expectAbsent(cancelButton(el), 'the Cancel button')
    await eventually(() => shadow(el).activeElement === callButton(el), 'focus back on Call')
  })

  it('Call pressed again while a call runs starts no second call (the button is only aria-disabled)', async () => {
    const before = (await callsOf('slow_count', 'main')).length
    const { el } = await slowCountRunning(10, 1)
    let calls = 0
    el.addEventListener('mcp-tool-call', () => calls++)
    const result = nextEvent(el, 'mcp-tool-result')
    callButton(el).click()
    await el.call()
    await result
    expect(calls, 'no second mcp-tool-call').to.equal(0)
    expect((await callsOf('slow_count', 'main')).length - before, 'calls the server received').to.equal(1)
  })

  it('given a tool but no client, Call does nothing: no mcp-tool-call, no error', async () => {
    // `fail` has no arguments: the form is valid as it is.
    const [tool] = (await new McpClient(await serverUrl('main')).listTools()).filter((t) => t.name === 'fail')
    const el = await fixture<McpToolElement>(html`<mcp-tool .tool=${tool}></mcp-tool>`)
    let calls = 0
    el.addEventListener('mcp-tool-call', () => calls++)
    callButton(el).click()
    await el.call()
    expect(calls).to.equal(0)
    expect(shownResult(el)).to.equal('')
  })

  it('taken off the page mid-call, it cancels the call: the server sees it cancelled', async () => {
    const { el, cancelledBefore } = await slowCountRunning(40, 2)
    el.remove()
    await eventually(async () => (await serverStats('main')).cancelled.length > cancelledBefore, 'the server to see the cancellation')
    expect((await serverStats('main')).cancelled.slice(cancelledBefore)).to.deep.equal(['slow_count'])
  })

  it('switched to another tool mid-call, it cancels the call and shows nothing of it under the new tool', async () => {
    const { el, cancelledBefore } = await slowCountRunning(40, 2)
    let errors = 0
    el.addEventListener('mcp-tool-error', () => errors++)
    el.name = 'echo'
    await eventually(async () => (await serverStats('main')).cancelled.length > cancelledBefore, 'the server to see the cancellation')
    await eventually(() => text(shadow(el).querySelector('[part~=title]')) === 'Echo', 'the echo tool')
    await new Promise((r) => setTimeout(r, 300))
    await el.updateComplete
    expect(errors, 'mcp-tool-error for the call let go of').to.equal(0)
    expectAbsent(shadow(el).querySelector('[part~=result-frame]'), 'a result frame under the new tool')
    expect(text(shadow(el).querySelector('[part~=announcement]')), 'the announcement').to.equal('')
  })

  it('moved in the page mid-call (taken out and put back at once), it keeps the call and shows its result', async () => {
    const { el, cancelledBefore } = await slowCountRunning(10, 1)
    const result = nextEvent(el, 'mcp-tool-result')
    const elsewhere = document.createElement('section')
    el.parentElement!.append(elsewhere)
    elsewhere.append(el)
    await result
    await eventually(() => shownResult(el).includes('counted to 10'), 'the result')
    expect((await serverStats('main')).cancelled.length).to.equal(cancelledBefore)
  })

  it('a progress without a total is indeterminate, with the server’s message', async () => {
    const el = await openTool('zoo', 'ticking')
    await fillForm(el, [
      { fill: 'Steps', with: '20' },
      { fill: 'Delay ms', with: '100' },
    ])
    callButton(el).click()
    await eventually(() => text(shadow(el).querySelector('[part~=progress]')).includes('tick'), 'a progress message')
    const bar = shadow(el).querySelector<HTMLProgressElement>('progress')!
    expect(bar.position, 'indeterminate').to.equal(-1)
    el.cancel()
  })

  it('an isError result looks like an error', async () => {
    const el = await openTool('main', 'fail')
    callButton(el).click()
    await eventually(() => shownResult(el).includes('this tool always fails'), 'the tool error')
    const content = shadow(el).querySelector('mcp-content')!
    expect(text(content.shadowRoot!.querySelector('[part~=error-label]')), 'labelled as an error').to.equal('Error')
  })

  it('a JSON-RPC error is shown with the server’s message', async () => {
    const el = await openTool('main', 'throws')
    const failed = nextEvent<CustomEvent<{ error: Error }>>(el, 'mcp-tool-error')
    callButton(el).click()
    expect((await failed).detail.error.message).to.equal('The throws tool failed')
    const error = shadow(el).querySelector('[part~=error]')!
    expect(error.getAttribute('role')).to.equal('alert')
    expect(text(error)).to.contain('The server refused the request').and.contain('The throws tool failed')
    await expect(el).to.be.accessible()
  })

  it('a JSON-RPC error is said once (no generic line repeating it), with Retry that calls again', async () => {
    const el = await openTool('main', 'throws')
    const before = (await callsOf('throws', 'main')).length
    callButton(el).click()
    await eventually(() => !!shadow(el).querySelector('[part~=error]'), 'the failure')
    const shown = text(shadow(el).querySelector('[part~=error]'))
    expect(shown.split('The throws tool failed').length - 1, `said once: ${shown}`).to.equal(1)
    const retry = shadow(el).querySelector<HTMLButtonElement>('button[part~=retry]')
    assert.exists(retry, 'a Retry button')
    const failedAgain = nextEvent(el, 'mcp-tool-error')
    retry!.click()
    await failedAgain
    expect((await callsOf('throws', 'main')).length).to.equal(before + 2)
  })

  it('an HTTP error is shown readably', async () => {
    const el = await openTool('flaky', 'ping')
    await controlServer('flaky', 'mode', { mode: 'http-500' })
    try {
      callButton(el).click()
      await eventually(() => text(shadow(el).querySelector('[part~=error]')).includes('HTTP error (500)'), 'the HTTP error')
    } finally {
      await controlServer('flaky', 'mode', { mode: 'ok' })
    }
  })

  it('the client’s InvalidArgumentsError is shown on the fields, and nothing is sent', async () => {
    // The page's copy of the tool is looser than the server's (text is required there): the client catches it.
    const loose: Tool = { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string', title: 'Text' } } } }
    const client = new McpClient(await serverUrl('main'))
    const el = await fixture<McpToolElement>(html`<mcp-tool .tool=${loose} .client=${client}></mcp-tool>`)
    const before = (await callsOf('echo', 'main')).length
    const failed = nextEvent<CustomEvent<{ error: Error }>>(el, 'mcp-tool-error')
    callButton(el).click()
    expect((await failed).detail.error.name).to.equal('InvalidArgumentsError')
    expect(text(shadow(el).querySelector('[part~=error]'))).to.contain('not valid')
    // Each problem says where it is: / for the arguments object as a whole (a missing property).
    expect([...shadow(el).querySelectorAll('[part~=error] li code')].map((code) => code.textContent)).to.deep.equal(['/'])
    const form = shadow(el).querySelector('mcp-schema-form')!.shadowRoot!
    await eventually(
      () => form.querySelector('[aria-invalid=true]')?.id === form.querySelector('label')?.htmlFor,
      'the Text field marked invalid',
    )
    expect((await callsOf('echo', 'main')).length).to.equal(before)
  })

  it('a call checks its arguments against the schema as often as the form’s check alone: the client does not check them again', async () => {
    // The checked-args server's tool takes a code matching a pattern only it uses: each check of the arguments
    // against the schema builds that RegExp once (the form's field check, and the whole-schema check).
    const pattern = '^[a-z]{3}-[0-9]{2}$'
    const el = await openTool('checked-args', 'label')
    await fillForm(el, [{ fill: 'Code', with: 'abc-12' }])
    const form = shadow(el).querySelector('mcp-schema-form')!
    const formAlone = await patternBuilds(pattern, async () => expect(await form.validate()).to.equal(true))
    expect(formAlone, 'the form checks the pattern').to.be.greaterThan(0)
    const byCall = await patternBuilds(pattern, async () => {
      await el.call()
      expect(shownResult(el)).to.equal('abc-12')
    })
    expect(byCall, 'pattern checks of the Call (the form’s, then none in the client)').to.equal(formAlone)
    expect((await callsOf('label', 'checked-args')).map((r) => r.params.arguments)).to.deep.equal([{ code: 'abc-12' }])
  })

  it('a result is checked against the outputSchema once, by the client: the result frame does not check it again', async () => {
    // The checked-args server's stamp tool declares an outputSchema with a pattern only it uses: each check of a result
    // against it builds that RegExp. A client's own callTool() shows what one check costs.
    const pattern = '^stamped [a-z]{3}-[0-9]{2}$'
    const el = await openTool('checked-args', 'stamp')
    await fillForm(el, [{ fill: 'Code', with: 'abc-12' }])
    const alone = new McpClient(await serverUrl('checked-args'))
    const oneCheck = await patternBuilds(pattern, async () =>
      expect((await alone.callTool('stamp', { code: 'abc-12' })).structuredContent).to.deep.equal({ stamp: 'stamped abc-12' }),
    )
    expect(oneCheck, 'the client checks the result').to.be.greaterThan(0)
    const byCall = await patternBuilds(pattern, async () => {
      await el.call()
      await el.updateComplete
      await shadow(el).querySelector<HTMLElement & { updateComplete: Promise<boolean> }>('[part~=result] mcp-content')!.updateComplete
      // A check by the frame would run once the result is drawn, in a task of its own: given time to, it would count.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(shownResult(el)).to.include('stamped abc-12')
    })
    expect(byCall, 'pattern checks of the Call and its frame (the client’s only)').to.equal(oneCheck)
  })

  it('keeps the last arguments per tool for the session: reopening the tool pre-fills them', async () => {
    const client = new McpClient(await serverUrl('main'))
    const first = await openTool('main', 'echo', client)
    const words = `remember ${Math.random().toString(36).slice(2, 8)}`
    await fillForm(first, [{ fill: 'Text', with: words }])
    const done = nextEvent(first, 'mcp-tool-result')
    callButton(first).click()
    await done
    first.remove()
    const again = await openTool('main', 'echo', client)
    const form = shadow(again).querySelector('mcp-schema-form')!
    expect(form.arguments).to.deep.equal({ text: words })
    expect(form.shadowRoot!.querySelector('input')!.value).to.equal(words)
    const other = await openTool('main', 'add', client)
    expect(shadow(other).querySelector('mcp-schema-form')!.arguments, 'another tool starts empty').to.deep.equal({})
  })

  it('pre-fills the last arguments only for the same credential: another API key starts empty', async () => {
    const url = await serverUrl('main')
    const alice = new McpClient(url, { headers: { 'X-Api-Key': 'alice' } })
    const first = await openTool('main', 'echo', alice)
    await fillForm(first, [{ fill: 'Text', with: 'alice’s words' }])
    const done = nextEvent(first, 'mcp-tool-result')
    callButton(first).click()
    await done
    first.remove()
    const bob = await openTool('main', 'echo', new McpClient(url, { headers: { 'X-Api-Key': 'bob' } }))
    expect(shadow(bob).querySelector('mcp-schema-form')!.arguments, 'another key starts empty').to.deep.equal({})
    const again = await openTool('main', 'echo', new McpClient(url, { headers: { 'X-Api-Key': 'alice' } }))
    expect(shadow(again).querySelector('mcp-schema-form')!.arguments, 'the same key gets them back').to.deep.equal({ text: 'alice’s words' })
  })

  it('sampling the page does not offer stops the call with a clear message', async () => {
    const url = await serverUrl('main')
    const server = await fixture(html`<mcp-server url=${url}><mcp-tool name="ask_model"></mcp-tool></mcp-server>`)
    const el = server.querySelector('mcp-tool')!
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    callButton(el).click()
    await eventually(() => text(shadow(el).querySelector('[part~=error]')).includes('language model'), 'the message')
    expect(text(shadow(el).querySelector('[part~=error]'))).to.contain('The server needs input this page cannot give. It asked for a language model (sampling).')
  })

  it('sampling the page answers (answers="sampling") but declines stops the call with a clear message', async () => {
    const url = await serverUrl('main')
    const server = await fixture(html`<mcp-server url=${url} answers="sampling"><mcp-tool name="ask_model"></mcp-tool></mcp-server>`)
    const el = server.querySelector('mcp-tool')!
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    callButton(el).click()
    await eventually(() => text(shadow(el).querySelector('[part~=error]')).includes('language model'), 'the decline message')
    expect(text(shadow(el).querySelector('[part~=error]'))).to.contain('The call was stopped')
  })
})

describe('<mcp-tool> inside <mcp-server>', () => {
  beforeEach(() => sessionStorage.clear())

  it('a change of the tool list while a call runs neither aborts the call nor drops the form', async () => {
    const url = await serverUrl('main')
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name="slow_count"></mcp-tool></mcp-server>`)
    const el = server.querySelector('mcp-tool')!
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    await eventually(() => text(server.shadowRoot).includes('live updates'), 'the server listening for changes')
    await fillForm(el, [
      { fill: 'N', with: '10' },
      { fill: 'Delay ms', with: '100' },
    ])
    const result = nextEvent(el, 'mcp-tool-result')
    callButton(el).click()
    await eventually(() => (shadow(el).querySelector('progress')?.value ?? 0) >= 1, 'progress')
    const heard = server.connection!.changes.tools
    await notifyToolsChanged('main')
    await eventually(() => server.connection!.changes.tools > heard, 'the list change to reach the tool')
    await result
    await eventually(() => shownResult(el).includes('counted to 10'), 'the result')
    expect(shadow(el).querySelector('mcp-schema-form')!.arguments).to.deep.equal({ n: 10, delayMs: 100 })
  })
})

describe('<mcp-tool> inside <mcp-server>: multi round-trip calls with elicitation', () => {
  async function inServer(tool: string, { declareUrlMode = false } = {}) {
    const url = await serverUrl('elicit')
    const server = await fixture<McpServerElement>(html`<mcp-server url=${url}><mcp-tool name=${tool}></mcp-tool></mcp-server>`)
    // <mcp-server url> declares form-mode elicitation only (its client's default); URL mode needs the
    // capability declared, which a page does today by handing in a client with the same handlers.
    if (declareUrlMode) {
      server.client = new McpClient(url, {
        // The dialogs name the server as its client knows it (client.serverInfo), not by a name the page wrote.
        handlers: createInputHandlers(server, () => server.client),
        capabilities: INPUT_CAPABILITIES,
      })
    }
    const el = server.querySelector('mcp-tool')!
    await eventually(() => !!el.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
    return el
  }
  const openDialog = async () => {
    await eventually(() => !!deepQueryAll(document, 'mcp-elicitation')[0]?.shadowRoot?.querySelector('dialog[open]'), 'the dialog')
    return deepQuery(document, 'mcp-elicitation')
  }

  it('form mode: the dialog appears, the user fills and accepts, the tool result shows', async () => {
    const el = await inServer('sign_up')
    callButton(el).click()
    const dialog = await openDialog()
    const host = new URL(await serverUrl('elicit')).host
    // The server's host (the page's choice), then its name and version from _meta serverInfo (2026-07-28).
    expect(text(dialog.shadowRoot!.querySelector('[part~=title]'))).to.contain(`${host} (elicit-fixture 1.0.0)`)
    expect(text(dialog.shadowRoot!.querySelector('[part~=context]'))).to.contain('sign_up')
    await fillForm(dialog, [
      { fill: 'Full name', with: 'Ann Lee' },
      { fill: 'Email', with: 'ann@example.com' },
      { fill: 'Age', with: '30' },
      { fill: 'Birthday', with: '1990-05-17' },
      { choose: 'Colour', option: 'Green' },
      { check: 'ham' },
      { check: 'French' },
    ])
    dialog.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=accept]')!.click()
    await eventually(() => shownResult(el).includes('signed up Ann Lee'), 'the tool result')
    expect(deepQueryAll(document, 'mcp-elicitation').length, 'the dialog is gone').to.equal(0)
    const retry = (await callsOf('sign_up', 'elicit')).at(-1)
    expect(retry.params.inputResponses.profile).to.deep.equal({
      action: 'accept',
      content: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        age: 30,
        birthday: '1990-05-17',
        rating: 2.5,
        newsletter: true,
        size: 'M',
        color: '#00ff00',
        toppings: ['cheese', 'ham'],
        languages: ['fr'],
      },
    })
  })

  it('URL mode: the dialog shows the address, Open answers accept, the tool result shows', async () => {
    const el = await inServer('connect_account', { declareUrlMode: true })
    const original = window.open
    const opened: unknown[][] = []
    window.open = (...args: unknown[]) => (opened.push(args), null)
    try {
      callButton(el).click()
      const dialog = await openDialog()
      const host = new URL(await serverUrl('elicit')).host
      expect(text(dialog.shadowRoot!.querySelector('[part~=title]'))).to.contain(`“${host} (elicit-fixture 1.0.0)” asks you to open a page`)
      expect(text(dialog.shadowRoot!.querySelector('[part~=host]'))).to.equal('accounts.example.com')
      dialog.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=open]')!.click()
      await eventually(() => shownResult(el).includes('account connected'), 'the tool result')
      expect(opened).to.deep.equal([['https://accounts.example.com/connect?flow=42', '_blank', 'noopener,noreferrer']])
    } finally {
      window.open = original
    }
  })

  it('declining in the dialog reaches the server, which answers accordingly', async () => {
    const el = await inServer('sign_up')
    callButton(el).click()
    const dialog = await openDialog()
    dialog.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action=decline]')!.click()
    await eventually(() => shownResult(el).includes('sign-up decline'), 'the tool result')
  })
})

describe('<mcp-tool> result frame', () => {
  beforeEach(() => sessionStorage.clear())
  const frame = (el: McpToolElement) => shadow(el).querySelector<HTMLElement>('[part~=result-frame]')
  const framePart = (el: McpToolElement, name: string) => frame(el)?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null

  it('a result is framed: a heading naming the tool, success, its duration; two tools’ results are regions of distinct names; accessible', async () => {
    const client = new McpClient(await serverUrl('main'))
    // Each in an <article>, as a page of cards would: the tools' own <header>s are then not page banners.
    const page = await fixture<HTMLElement>(
      html`<div>
        <article aria-label="First"><mcp-tool name="echo" .client=${client}></mcp-tool></article>
        <article aria-label="Second"><mcp-tool name="add" .client=${client}></mcp-tool></article>
      </div>`,
    )
    const [echo, add] = [...page.querySelectorAll<McpToolElement>('mcp-tool')]
    await eventually(() => !!shadow(echo).querySelector('mcp-schema-form') && !!shadow(add).querySelector('mcp-schema-form'), 'both forms')
    await fillForm(echo, [{ fill: 'Text', with: 'framed' }])
    await fillForm(add, [
      { fill: 'A', with: '1' },
      { fill: 'B', with: '2' },
    ])
    callButton(echo).click()
    callButton(add).click()
    await eventually(() => !!frame(echo) && !!frame(add), 'both results framed')
    expect(frame(echo)!.dataset.status).to.equal('success')
    expect(spoken(framePart(echo, 'result-status'))).to.equal('Done')
    expect(text(framePart(echo, 'result-heading'))).to.equal('Result: Echo')
    expect(framePart(echo, 'result-heading')!.getAttribute('role')).to.equal('heading')
    expect(text(framePart(echo, 'duration'))).to.match(/^\d+(\.\d)? m?s$/)
    const regionName = (el: McpToolElement) => {
      const region = shadow(el).querySelector('section[part~=result]')!
      return text(shadow(el).getElementById(region.getAttribute('aria-labelledby') ?? '-'))
    }
    expect(regionName(echo)).to.equal('Result: Echo')
    expect(regionName(add)).to.equal('Result: Add')
    await expect(page).to.be.accessible()
  })

  it('a tool error (isError) is framed as a tool error, said once, with Retry that calls again', async () => {
    const el = await openTool('main', 'fail')
    const before = (await callsOf('fail', 'main')).length
    callButton(el).click()
    await eventually(() => frame(el)?.dataset.status === 'tool-error', 'the tool error framed')
    expect(spoken(framePart(el, 'result-status'))).to.equal('Tool error')
    await eventually(() => shownResult(el).includes('this tool always fails'), 'the tool’s message')
    // The frame says it is an error: <mcp-content>'s own "Error" label would say it a second time.
    const label = shadow(el).querySelector('mcp-content')!.shadowRoot!.querySelector<HTMLElement>('[part~=error-label]')
    expect(label && getComputedStyle(label).display, 'the second "Error" label hidden').to.equal('none')
    const again = nextEvent(el, 'mcp-tool-result')
    framePart(el, 'retry')!.click()
    await again
    expect((await callsOf('fail', 'main')).length).to.equal(before + 2)
    await expect(el).to.be.accessible()
  })

  it('a failure (HTTP) is framed as a failure', async () => {
    const el = await openTool('flaky', 'ping')
    await controlServer('flaky', 'mode', { mode: 'http-500' })
    try {
      callButton(el).click()
      await eventually(() => frame(el)?.dataset.status === 'failure', 'the failure framed')
      expect(spoken(framePart(el, 'result-status'))).to.equal('Failed')
      expect(text(framePart(el, 'duration'))).to.match(/^\d+(\.\d)? m?s$/)
    } finally {
      await controlServer('flaky', 'mode', { mode: 'ok' })
    }
  })

  it('Show JSON shows the JSON of the result shown, which is in the page only from then on; a new result shows its own', async () => {
    const el = await openTool('main', 'echo')
    const json = () => JSON.parse(framePart(el, 'result-json')!.textContent!) as CallToolResult
    const callWith = async (value: string) => {
      await fillForm(el, [{ fill: 'Text', with: value }])
      callButton(el).click()
      await eventually(() => shownResult(el) === value, `the result of ${value}`)
    }
    await callWith('first')
    expectAbsent(framePart(el, 'result-json'), 'the JSON view before it is asked for')
    expect(text(shadow(el)), 'the JSON text before it is asked for').to.not.contain('"type": "text"')
    framePart(el, 'json-toggle')!.click()
    await eventually(() => !!framePart(el, 'result-json'), 'the JSON view')
    expect(json().content).to.deep.equal([{ type: 'text', text: 'first' }])
    // A new call: its result is shown as a result, and its JSON, not the first's, once asked for.
    await callWith('second')
    expectAbsent(framePart(el, 'result-json'), 'the JSON view of the new result before it is asked for')
    framePart(el, 'json-toggle')!.click()
    await eventually(() => !!framePart(el, 'result-json'), 'the JSON view again')
    expect(json().content).to.deep.equal([{ type: 'text', text: 'second' }])
  })

  it('a result’s JSON text is made only once Show JSON shows it, and once however often the frame is drawn', async () => {
    const el = await openTool('main', 'echo')
    const marker = `json once ${Math.random().toString(36).slice(2, 8)}`
    const native = JSON.stringify
    let made = 0
    JSON.stringify = ((value: unknown, replacer?: never, space?: string | number) => {
      if (space === 2 && (value as CallToolResult | null)?.content?.[0]?.type === 'text' && (value as { content: Array<{ text: string }> }).content[0]!.text === marker) made++
      return native(value, replacer, space)
    }) as typeof JSON.stringify
    const drawAgain = async () => {
      for (let i = 0; i < 3; i++) {
        el.requestUpdate()
        await el.updateComplete
      }
    }
    try {
      await fillForm(el, [{ fill: 'Text', with: marker }])
      callButton(el).click()
      await eventually(() => shownResult(el) === marker, 'the result')
      await drawAgain()
      expect(made, 'JSON texts of the result before Show JSON').to.equal(0)
      framePart(el, 'json-toggle')!.click()
      await eventually(() => !!framePart(el, 'result-json'), 'the JSON view')
      await drawAgain()
      expect(made, 'JSON texts of the result once shown, the frame drawn three times more').to.equal(1)
    } finally {
      JSON.stringify = native
    }
  })

  itExceptIn(
    { webkit: 'grants clipboard access through the test runner, which WebDriver classic cannot' },
    'Copy puts the result’s text on the clipboard; Show JSON shows the whole CallToolResult (and Copy copies it), Show result goes back',
    async () => {
      await executeServerCommand('grant-clipboard')
      const el = await openTool('main', 'echo')
      await fillForm(el, [{ fill: 'Text', with: 'copy me' }])
      const resulted = nextEvent<CustomEvent<{ result: CallToolResult }>>(el, 'mcp-tool-result')
      callButton(el).click()
      const { result } = (await resulted).detail
      await eventually(() => !!framePart(el, 'copy'), 'the Copy button')
      // A real click, as a person's: it also brings focus back to the page, which Firefox wants before it lets the
      // page read the clipboard (an earlier test's popup may have taken it).
      await pointerClick(framePart(el, 'copy')!)
      await eventually(async () => (await navigator.clipboard.readText()) === 'copy me', 'the text on the clipboard')
      await eventually(() => text(framePart(el, 'copy-status')) === 'Copied.', 'Copied said')
      const toggle = framePart(el, 'json-toggle')!
      expect(text(toggle)).to.equal('Show JSON')
      expect(toggle.getAttribute('aria-pressed')).to.equal('false')
      toggle.click()
      await eventually(() => !!framePart(el, 'result-json'), 'the JSON view')
      expect(JSON.parse(framePart(el, 'result-json')!.textContent!)).to.deep.equal(result)
      expect(text(framePart(el, 'json-toggle'))).to.equal('Show result')
      expect(framePart(el, 'json-toggle')!.getAttribute('aria-pressed')).to.equal('true')
      expectAbsent(shadow(el).querySelector('mcp-content'), 'the content view while JSON shows')
      await expect(el).to.be.accessible()
      framePart(el, 'copy')!.click()
      await eventually(async () => {
        try {
          return deepEqualJson(JSON.parse(await navigator.clipboard.readText()), result)
        } catch {
          return false
        }
      }, 'the JSON on the clipboard')
      framePart(el, 'json-toggle')!.click()
      await eventually(() => shownResult(el) === 'copy me', 'the result view again')
    },
  )
})

/** The text a screen reader reads (what is aria-hidden, such as an icon, left out). */
function spoken(node: Element | null): string {
  const copy = node?.cloneNode(true) as Element | undefined
  copy?.querySelectorAll('[aria-hidden=true]').forEach((n) => n.remove())
  return text(copy)
}
const deepEqualJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
