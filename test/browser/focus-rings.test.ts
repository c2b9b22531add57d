// Every focusable part of every element shows a focus ring that is seen (WCAG 2.4.7): each element is rendered in
// a realistic state against the real test servers, then walked with real Tab presses from a button before it to
// the one after it. At each stop (the deep activeElement, through shadow roots) the ring must be drawn (an outline
// of at least 2 px or a box-shadow, which the control lacks once focus has moved on) and lie wholly inside every
// box that clips it (an ancestor whose overflow is not visible, up through shadow roots), within 0.5 px.
import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { TemplateResult } from 'lit'
import { McpClient, toolHints, type ContentBlock, type ElicitRequestParams } from '../../src/client/index.js'
import { deepActiveElement } from '../../components/shared/focus.js'
import { testProvider } from '../support/auth-browser.js'
import { controlServer, deepQuery, deepQueryAll, describeExceptIn, eventually, serverUrl, setViewportSize } from '../support/browser.js'
import { fillForm } from '../support/schema-zoo.js'
import '../../components/index.js'
import type { McpCallLogElement, McpPromptElement, McpServerElement, McpToolCallElement, McpToolElement } from '../../components/index.js'

/** What a failure names: the control's tag, parts and text. */
function describeControl(el: HTMLElement): string {
  const part = el.getAttribute('part')
  const text = (el.getAttribute('aria-label') ?? (el.textContent || (el as HTMLInputElement).value || el.id || ''))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
  return `<${el.localName}${part ? ` part="${part}"` : ''}> "${text}"`
}

/** The parent in the flattened tree: a slotted element's slot, a shadow root's host. */
function flatParent(el: Element): Element | null {
  if (el.assignedSlot) return el.assignedSlot
  const parent = el.parentNode
  if (parent instanceof ShadowRoot) return parent.host
  return parent instanceof Element ? parent : null
}

function insideHost(el: Element, host: Element): boolean {
  for (let node: Element | null = el; node; node = flatParent(node)) if (node === host) return true
  return false
}

const ringStyle = (s: CSSStyleDeclaration) => `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`

/** How far the ring reaches beyond the border box (negative: inside it). */
function ringReach(s: CSSStyleDeclaration): number {
  if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset)
  let reach = 0
  for (const shadow of s.boxShadow === 'none' ? [] : s.boxShadow.split(/,(?![^(]*\))/)) {
    if (/\binset\b/.test(shadow)) continue
    const [x = 0, y = 0, blur = 0, spread = 0] = (shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? []).map(parseFloat)
    reach = Math.max(reach, Math.max(Math.abs(x), Math.abs(y)) + blur + spread)
  }
  return reach
}

/** An `rgb()`/`rgba()` computed colour as [r, g, b, alpha] (0-255, 0-1). */
function rgba(color: string): [number, number, number, number] | undefined {
  const m = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/.exec(color)
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : undefined
}

/** WCAG relative luminance of an opaque colour. */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!)
}

/** The colour a ring is drawn over: the backgrounds from `from` upwards, composited, over the page's. */
function backgroundUnder(from: Element | null): number[] {
  const layers: number[][] = []
  for (let el = from; el; el = flatParent(el)) {
    const bg = rgba(getComputedStyle(el).backgroundColor)
    if (bg && bg[3] > 0) layers.push(bg)
    if (bg?.[3] === 1) break
  }
  return layers.reduceRight(
    (under, [r, g, b, a]) => [r! * a! + under[0]! * (1 - a!), g! * a! + under[1]! * (1 - a!), b! * a! + under[2]! * (1 - a!)],
    [255, 255, 255],
  )
}

/** Which ancestors of `el` (through shadow roots, up to the top layer) cut into `box`, and by how much. */
function clipsOf(el: Element, box: { top: number; left: number; bottom: number; right: number }): string[] {
  const problems: string[] = []
  for (let up = flatParent(el); up; up = flatParent(up)) {
    const cs = getComputedStyle(up)
    const clipsX = cs.overflowX !== 'visible' || /paint|strict|content/.test(cs.contain)
    const clipsY = cs.overflowY !== 'visible' || /paint|strict|content/.test(cs.contain)
    if ((clipsX || clipsY) && cs.display !== 'contents') {
      const r = up.getBoundingClientRect()
      const clip = {
        top: r.top + up.clientTop,
        left: r.left + up.clientLeft,
        bottom: r.top + up.clientTop + up.clientHeight,
        right: r.left + up.clientLeft + up.clientWidth,
      }
      const cut: string[] = []
      if (clipsY && box.top < clip.top - 0.5) cut.push(`top by ${(clip.top - box.top).toFixed(1)} px`)
      if (clipsY && box.bottom > clip.bottom + 0.5) cut.push(`bottom by ${(box.bottom - clip.bottom).toFixed(1)} px`)
      if (clipsX && box.left < clip.left - 0.5) cut.push(`left by ${(clip.left - box.left).toFixed(1)} px`)
      if (clipsX && box.right > clip.right + 0.5) cut.push(`right by ${(box.right - clip.right).toFixed(1)} px`)
      if (cut.length)
        problems.push(`clipped by ${describeControl(up as HTMLElement)} (overflow ${cs.overflowX}/${cs.overflowY}): ${cut.join(', ')}`)
    }
    // Above a modal dialog or an open popover nothing clips: they are in the top layer.
    if (up.matches(':modal, :popover-open')) break
  }
  return problems
}

/** Contrast ratio of two opaque colours (WCAG). */
function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/**
 * The problems of a combobox's active suggestion (its focus, for the keyboard, is aria-activedescendant): it must
 * be marked apart from the other suggestions, 3:1 against the popup, and lie wholly inside every box that clips it.
 */
function activeOptionProblems(input: HTMLInputElement): string[] {
  const id = input.getAttribute('aria-activedescendant')
  const option = id ? (input.getRootNode() as ShadowRoot).getElementById(id) : null
  if (!option) return [`${describeControl(input)}: no active suggestion after ArrowDown`]
  const listbox = option.closest('[role=listbox]')!
  const marked = backgroundUnder(option)
  const popup = backgroundUnder(listbox)
  const problems = clipsOf(option, option.getBoundingClientRect()).map((cut) => `active suggestion ${cut}`)
  if (contrast(marked, popup) < 3 && getComputedStyle(option).outlineStyle === 'none')
    problems.push(
      `active suggestion rgb(${marked.map(Math.round).join(', ')}) hardly differs from the popup: ${contrast(marked, popup).toFixed(2)} < 3`,
    )
  return problems.map((p) => `${describeControl(option)}: ${p}`)
}

/** The problems of the ring of the focused `el` (none when it is drawn, seen against what is under it, and not clipped). */
function ringProblems(el: HTMLElement): string[] {
  const s = getComputedStyle(el)
  const outlined = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
  if (!outlined && s.boxShadow === 'none')
    return [`no visible focus indicator (outline ${s.outlineStyle} ${s.outlineWidth}, box-shadow ${s.boxShadow})`]
  const box = el.getBoundingClientRect()
  if (box.width === 0 || box.height === 0) return [`has no size (${box.width}×${box.height})`]
  // WCAG 2.4.11: nothing lies over the focused control (a sticky header, a popup, a neighbour); focus scrolls it into view.
  // (The centre of its first box: a link that wraps has a hole in the middle of its bounding box.)
  const first = el.getClientRects()[0] ?? box
  const x = first.left + first.width / 2
  const y = first.top + first.height / 2
  let hit = document.elementFromPoint(x, y)
  for (let inner = hit?.shadowRoot?.elementFromPoint(x, y); inner && inner !== hit; inner = hit?.shadowRoot?.elementFromPoint(x, y))
    hit = inner
  if (!hit || !insideHost(hit, el)) return [`covered at its centre by ${hit ? describeControl(hit as HTMLElement) : 'nothing: off screen'}`]
  const grow = ringReach(s)
  const ring = { top: box.top - grow, left: box.left - grow, bottom: box.bottom + grow, right: box.right + grow }
  const problems: string[] = []
  // WCAG 1.4.11: the ring against what it is drawn over (inside the control: its own background) at least 3:1.
  const color = rgba(outlined ? s.outlineColor : (s.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? ''))
  if (!color) problems.push(`ring colour not readable (${outlined ? s.outlineColor : s.boxShadow})`)
  else {
    const under = backgroundUnder(grow - parseFloat(s.outlineWidth) < 0 ? el : flatParent(el))
    const ratio = contrast(color, under)
    if (ratio < 3) problems.push(`ring ${s.outlineColor} on rgb(${under.map(Math.round).join(', ')}): contrast ${ratio.toFixed(2)} < 3`)
  }
  problems.push(...clipsOf(el, ring).map((cut) => `ring ${cut}`))
  return problems
}

interface Walk {
  /** Every tab stop met inside the element, in order. */
  stops: string[]
  /** What went wrong, one line per control. */
  failures: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether the page has focus, given Firefox a moment: it moves focus between its UI and the page asynchronously. */
async function pageHasFocus(): Promise<boolean> {
  for (let i = 0; i < 5 && !document.hasFocus(); i++) await sleep(20)
  return document.hasFocus()
}

/** Tabs until focus is back in the page from the browser's own UI (Firefox's); fails if it never comes. */
async function regainPageFocus(): Promise<void> {
  for (let i = 0; i < 10 && !(await pageHasFocus()); i++) await sendKeys({ press: 'Tab' })
  if (!document.hasFocus()) throw new Error('focus left the page for the browser’s own UI and never came back')
}

/**
 * Tabs from `from` through every tab stop inside `host` (until focus leaves it, or comes back to a control already
 * met, as in a modal dialog), checking each ring.
 */
async function walk(host: Element, from?: HTMLElement, maxStops = 60): Promise<Walk> {
  const stops: string[] = []
  const failures: string[] = []
  const seen = new Set<HTMLElement>()
  from?.focus()
  let previous: { el: HTMLElement; focused: string } | undefined
  for (let i = 0; i < maxStops; i++) {
    // A walk with no start begins where focus is (a modal dialog focuses its first field as it opens).
    if (from || i > 0) await sendKeys({ press: 'Tab' })
    // Firefox moves focus past a modal dialog's last control into its own UI: the walk has left the page.
    if (!(await pageHasFocus())) {
      await regainPageFocus()
      return { stops, failures }
    }
    // What a person sees is drawn in the next frames: WebKit lays out a row it had skipped (content-visibility: auto)
    // only then, and reports it 0×0 until it has.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame)
    const active = deepActiveElement()
    // A date input's day, month and year are tab stops of one control: its ring is checked once.
    if (active && active === previous?.el) continue
    if (previous) {
      const unfocused = ringStyle(getComputedStyle(previous.el))
      if (previous.el !== active && unfocused === previous.focused)
        failures.push(`${describeControl(previous.el)}: looks the same unfocused (${unfocused})`)
    }
    if (!active || !insideHost(active, host) || seen.has(active)) return { stops, failures }
    seen.add(active)
    const name = describeControl(active)
    stops.push(name)
    for (const problem of ringProblems(active)) failures.push(`${name}: ${problem}`)
    previous = { el: active, focused: ringStyle(getComputedStyle(active)) }
  }
  failures.push(`more than ${maxStops} tab stops: focus never left the element`)
  return { stops, failures }
}

/** `template` between two buttons, so that a walk starts before it and ends after it. */
/** The page's colours: a dark page sets a dark background and tells the elements (see components/shared/theme.ts). */
const PAGE = {
  light: 'padding: 8px; background: #ffffff; color-scheme: light; --mcp-color-scheme: light',
  dark: 'padding: 8px; background: #121214; color: #ececf1; color-scheme: dark; --mcp-color-scheme: dark',
}
let scheme: keyof typeof PAGE = 'light'

async function between(template: TemplateResult): Promise<{ before: HTMLButtonElement; wrapper: HTMLElement }> {
  const wrapper = await fixture<HTMLElement>(
    html`<div style=${PAGE[scheme]}>
      <button id="before">before</button>
      ${template}
      <button id="after">after</button>
    </div>`,
  )
  return { before: wrapper.querySelector<HTMLButtonElement>('#before')!, wrapper }
}

/** Picks the list's row `index` once rows are shown, and waits until `opened` (a selector, through shadow roots) is there. */
async function pickRow(list: Element, index: number, opened: string): Promise<void> {
  await eventually(() => deepQueryAll(list, '[part~="item"]').length > index, `row ${index} of <${list.localName}>`)
  deepQueryAll<HTMLButtonElement>(list, '[part~="item"]')[index]!.click()
  await eventually(() => deepQueryAll(list, opened).length > 0, `${opened} after picking row ${index}`)
}

/** Walks `host`, fails listing every control whose ring is missing or cut, and returns the stops met. */
async function expectRingsSeen(host: Element, before: HTMLElement | undefined, atLeast: number): Promise<string[]> {
  const { stops, failures } = await walk(host, before)
  console.log(`${innerWidth} px, ${host.localName}: ${stops.length} tab stops:\n  ${stops.join('\n  ')}`)
  expect(failures, `focus rings of <${host.localName}>:\n  ${failures.join('\n  ')}\n`).to.deep.equal([])
  expect(stops.length, `tab stops inside <${host.localName}>: ${stops.join(', ')}`).to.be.at.least(atLeast)
  return stops
}

/** `describe` for a viewport `width` wide: skipped in WebKit under 448 px, which its MiniBrowser window cannot give. */
const describeAt = (width: number) => (title: string, fn: () => void) =>
  describeExceptIn(
    width < 448 ? { webkit: 'WebKit’s MiniBrowser window gives the page no viewport under 448 px (its toolbar’s width)' } : {},
    title,
    fn,
  )

// At a desktop width, and at a phone's (where boxes are tightest and content scrolls sideways).
for (const [width, pageScheme] of [
  [1280, 'light'],
  [320, 'light'],
  [1280, 'dark'],
] as const)
  describeAt(width)(
    `focus rings at ${width} px, ${pageScheme}: every tab stop of every element shows a ring that no scroll box cuts (WCAG 2.4.7)`,
    () => {
      let main: string
      before(async () => {
        main = await serverUrl('main')
        await setViewportSize(width, 800)
        scheme = pageScheme
      })

      it('<mcp-server> with <mcp-tool-list> (a scrolling list) and a tool open beside it', async () => {
        const { before, wrapper } = await between(
          html`<mcp-server url=${main} style="--mcp-tool-list-max-height: 200px">
            <mcp-tool-list></mcp-tool-list>
          </mcp-server>`,
        )
        const server = wrapper.querySelector<McpServerElement>('mcp-server')!
        await pickRow(server, 1, 'button[part~=call]')
        const stops = await expectRingsSeen(server, before, 4)
        expect(stops.join('\n')).to.include('part="item"').and.include('part="call"')
      })

      it('<mcp-server> that cannot reach its server (Retry)', async () => {
        const { before, wrapper } = await between(html`<mcp-server url="http://127.0.0.1:9/mcp"></mcp-server>`)
        const server = wrapper.querySelector<McpServerElement>('mcp-server')!
        await eventually(() => !!server.shadowRoot!.querySelector('[part~=retry]'), 'Retry')
        const stops = await expectRingsSeen(server, before, 1)
        expect(stops.join('\n')).to.include('retry')
      })

      it('<mcp-server> whose server wants a sign-in (Sign in)', async () => {
        const url = await serverUrl('auth')
        const database = `mcp-focus-rings-${Date.now()}`
        const { before, wrapper } = await between(html`<mcp-server .url=${url} .auth=${testProvider(url, database)}></mcp-server>`)
        const server = wrapper.querySelector<McpServerElement>('mcp-server')!
        await eventually(() => !!server.shadowRoot!.querySelector('[part~=sign-in-button]'), 'Sign in', 10_000)
        const stops = await expectRingsSeen(server, before, 1)
        expect(stops.join('\n')).to.include('sign-in-button')
        indexedDB.deleteDatabase(database)
      })

      it('<mcp-tool> while its call runs (Cancel)', async () => {
        const { before, wrapper } = await between(html`<mcp-tool name="slow_count" .client=${new McpClient(main)}></mcp-tool>`)
        const tool = wrapper.querySelector<McpToolElement>('mcp-tool')!
        await eventually(() => !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
        await fillForm(tool, [
          { fill: 'N', with: '100' },
          { fill: 'Delay ms', with: '100' },
        ])
        tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=call]')!.click()
        await eventually(() => !!tool.shadowRoot!.querySelector('button[part~=cancel]'), 'Cancel')
        const stops = await expectRingsSeen(tool, before, 2)
        expect(stops.join('\n')).to.include('cancel')
        tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=cancel]')?.click()
      })

      it('<mcp-tool> with a filled form and a result frame shown as JSON (Copy, Show JSON)', async () => {
        const { before, wrapper } = await between(html`<mcp-tool name="echo" .client=${new McpClient(main)}></mcp-tool>`)
        const tool = wrapper.querySelector<McpToolElement>('mcp-tool')!
        await eventually(() => !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
        await fillForm(tool, [{ fill: 'Text', with: 'a ring around every control' }])
        tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=call]')!.click()
        await eventually(() => !!tool.shadowRoot!.querySelector('button[part~=json-toggle]'), 'the result frame')
        tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=json-toggle]')!.click()
        await eventually(() => !!tool.shadowRoot!.querySelector('[part~=result-json]'), 'the JSON view')
        const stops = await expectRingsSeen(tool, before, 4)
        expect(stops.join('\n')).to.include('copy').and.include('json-toggle')
      })

      it('<mcp-tool> after a tool error (Retry)', async () => {
        const { before, wrapper } = await between(html`<mcp-tool name="fail" .client=${new McpClient(main)}></mcp-tool>`)
        const tool = wrapper.querySelector<McpToolElement>('mcp-tool')!
        await eventually(() => !!tool.shadowRoot!.querySelector('mcp-schema-form'), 'the form')
        tool.shadowRoot!.querySelector<HTMLButtonElement>('button[part~=call]')!.click()
        await eventually(() => !!tool.shadowRoot!.querySelector('button[part~=retry]'), 'Retry')
        const stops = await expectRingsSeen(tool, before, 3)
        expect(stops.join('\n')).to.include('retry')
      })

      it('<mcp-prompt> with its combobox suggesting, then its messages', async () => {
        const client = new McpClient(main)
        const prompt = (await client.listPrompts()).find((p) => p.name === 'greet')!
        const { before, wrapper } = await between(html`<mcp-prompt .client=${client} .prompt=${prompt}></mcp-prompt>`)
        const el = wrapper.querySelector<McpPromptElement>('mcp-prompt')!
        const input = await (async () => {
          await eventually(() => deepQueryAll(el, 'input[role=combobox]').length > 0, 'the combobox')
          return deepQuery<HTMLInputElement>(el, 'input[role=combobox]')
        })()
        input.focus()
        await sendKeys({ type: 'Alice' })
        await eventually(() => deepQueryAll(el, '[role=option]').length > 0, 'suggestions')
        await sendKeys({ press: 'ArrowDown' })
        expect(activeOptionProblems(input)).to.deep.equal([])
        await expectRingsSeen(el, before, 2)
        deepQuery<HTMLButtonElement>(el, 'button[part~=get]').click()
        await eventually(() => deepQueryAll(el, 'mcp-content').length > 0, 'the messages')
        await expectRingsSeen(el, before, 2)
      })

      it('<mcp-prompt-list> with a prompt open', async () => {
        const { before, wrapper } = await between(
          html`<mcp-prompt-list .client=${new McpClient(main)} style="--mcp-prompt-list-max-height: 150px"></mcp-prompt-list>`,
        )
        const list = wrapper.querySelector('mcp-prompt-list')!
        await pickRow(list, 0, 'button[part~=get]')
        const stops = await expectRingsSeen(list, before, 3)
        expect(stops.join('\n')).to.include('part="item"').and.include('part="get"')
      })

      it('<mcp-resource-list> with a template form suggesting, and a resource shown', async () => {
        const { before, wrapper } = await between(
          html`<mcp-resource-list .client=${new McpClient(main)} style="--mcp-resource-list-max-height: 200px"></mcp-resource-list>`,
        )
        const list = wrapper.querySelector('mcp-resource-list')!
        await pickRow(list, 0, 'mcp-resource-view')
        const view = deepQuery(list, 'mcp-resource-view')
        await eventually(() => deepQueryAll(view, 'mcp-content').length > 0, 'the resource shown')
        const template = deepQueryAll<HTMLButtonElement>(list, '[part~="item"]').find((b) =>
          b.textContent!.includes('fixture://users/{id}'),
        )!
        template.click()
        await eventually(() => deepQueryAll(list, '[part~=template-form] input').length > 0, 'the template form')
        const input = deepQuery<HTMLInputElement>(list, '[part~=template-form] input')
        input.focus()
        await sendKeys({ type: 'a' })
        await eventually(() => deepQueryAll(list, '[role=option]').length > 0, 'suggestions')
        await sendKeys({ press: 'ArrowDown' })
        expect(activeOptionProblems(input)).to.deep.equal([])
        const stops = await expectRingsSeen(list, before, 3)
        expect(stops.join('\n')).to.include('part="item"').and.include('Read')
      })

      it('<mcp-resource-view> of a text resource', async () => {
        const { before, wrapper } = await between(
          html`<mcp-resource-view uri="fixture://greeting" .client=${new McpClient(main)}></mcp-resource-view>`,
        )
        const view = wrapper.querySelector('mcp-resource-view')!
        await eventually(() => deepQueryAll(view, 'mcp-content').length > 0, 'the resource shown')
        await expectRingsSeen(view, before, 0)
      })

      it('<mcp-resource-view> that failed to read (Retry)', async () => {
        await controlServer('resources', 'fail-next', { count: 5 })
        const { before, wrapper } = await between(
          html`<mcp-resource-view uri="live://flaky" .client=${new McpClient(await serverUrl('resources'))}></mcp-resource-view>`,
        )
        const view = wrapper.querySelector('mcp-resource-view')!
        await eventually(() => !!view.shadowRoot!.querySelector('[role=alert] button'), 'Retry')
        await expectRingsSeen(view, before, 1)
        await controlServer('resources', 'reset')
      })

      it('<mcp-elicitation>: the form dialog and the URL dialog', async () => {
        const form: ElicitRequestParams = {
          mode: 'form',
          message: 'About you',
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', title: 'Name' },
              size: { type: 'string', title: 'Size', enum: ['S', 'M', 'L'], default: 'M' },
              news: { type: 'boolean', title: 'Newsletter', default: true },
              age: { type: 'integer', title: 'Age', minimum: 18 },
            },
            required: ['name'],
          },
        } as ElicitRequestParams
        const url = { mode: 'url', url: 'https://accounts.example.com/connect?flow=42', message: 'Connect.' } as ElicitRequestParams
        for (const params of [form, url]) {
          const { wrapper } = await between(html`<mcp-elicitation server-name="Acme" .params=${params}></mcp-elicitation>`)
          const dialog = wrapper.querySelector('mcp-elicitation')!
          await eventually(() => !!dialog.shadowRoot!.querySelector('dialog[open]'), 'the dialog open')
          // The modal dialog holds focus: the walk goes round it once from where it opened.
          await expectRingsSeen(dialog, undefined, 2)
        }
      })

      it('<mcp-tool-call> awaiting approval', async () => {
        const el = document.createElement('mcp-tool-call') as McpToolCallElement
        el.client = new McpClient(await serverUrl('approval'))
        el.name = 'move_file'
        el.arguments = { from_path: '/tmp/focus-ring', mode: 'move' }
        const { before } = await between(html`${el}`)
        await eventually(() => el.state === 'awaiting', 'the card awaiting approval')
        await expectRingsSeen(el, before, 2)
      })

      it('<mcp-tool-call> as a modal approval prompt', async () => {
        const client = new McpClient(await serverUrl('approval'))
        const tool = (await client.listTools()).find((t) => t.name === 'move_file')!
        const { wrapper } = await between(html`<mcp-tool-call modal></mcp-tool-call>`)
        const el = wrapper.querySelector<McpToolCallElement>('mcp-tool-call')!
        const controller = new AbortController()
        void el
          .ask({
            tool,
            arguments: { from_path: '/etc/x', mode: 'move' },
            server: { url: client.url, name: 'approvals' },
            origin: { kind: 'view', uri: 'ui://apps/x.html' },
            hints: toolHints(tool),
            signal: controller.signal,
          })
          .catch(() => {})
        await eventually(() => !!el.shadowRoot!.querySelector('dialog[open]'), 'the dialog open')
        await expectRingsSeen(el, undefined, 3)
        controller.abort()
      })

      it('<mcp-call-log> with a record opened', async () => {
        const client = new McpClient(main)
        await client.callTool('echo', { text: 'a result long enough to scroll sideways '.repeat(20) })
        await client.callTool('fail', {}, { approve: false })
        const { before, wrapper } = await between(html`<mcp-call-log .client=${client}></mcp-call-log>`)
        const log = wrapper.querySelector<McpCallLogElement>('mcp-call-log')!
        await eventually(() => log.shadowRoot!.querySelectorAll('details[part~=record]').length === 2, 'two records')
        // Both opened: the tool error, and the echo whose long result scrolls sideways (a scroll box is a tab stop).
        for (const summary of log.shadowRoot!.querySelectorAll<HTMLElement>('details[part~=record] summary')) summary.click()
        await eventually(() => log.shadowRoot!.querySelectorAll('[part~=details]').length === 2, 'both records opened')
        await expectRingsSeen(log, before, 5)
      })

      it('<mcp-schema-form> with nested objects, an array of objects with items, choices and a JSON view', async () => {
        const schema = {
          type: 'object',
          properties: {
            title: { type: 'string', title: 'Title' },
            kind: { type: 'string', enum: ['a', 'b'] },
            done: { type: 'boolean' },
            when: { type: 'string', format: 'date' },
            owner: {
              type: 'object',
              properties: { name: { type: 'string' }, address: { type: 'object', properties: { city: { type: 'string' } } } },
            },
            tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' }, weight: { type: 'number' } } } },
            id: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
          },
        }
        const value = { tags: [{ label: 'x', weight: 1 }, { label: 'y' }], owner: { name: 'Ada', address: { city: 'London' } } }
        const { before, wrapper } = await between(html`<mcp-schema-form .schema=${schema} .value=${value}></mcp-schema-form>`)
        const form = wrapper.querySelector('mcp-schema-form')!
        await eventually(() => deepQueryAll(form, 'input').length > 4, 'the fields')
        await expectRingsSeen(form, before, 8)
        // As JSON: the text area and the way back to the form.
        deepQueryAll<HTMLButtonElement>(form, 'button')
          .find((b) => b.textContent!.includes('Edit as JSON'))!
          .click()
        await eventually(() => deepQueryAll(form, 'textarea').length > 0, 'the JSON text area')
        const stops = await expectRingsSeen(form, before, 2)
        expect(stops.join('\n')).to.include('<textarea').and.include('Edit as form')
      })

      it('<mcp-content> with links, resource links (one read in place), markdown, a block for the model, a JSON tree and a download', async () => {
        const blocks = [
          { type: 'text', text: 'See [the docs](https://example.com/docs) and https://example.org/plain.' },
          { type: 'resource_link', uri: 'https://example.com/report.pdf', name: 'report.pdf', mimeType: 'application/pdf' },
          { type: 'resource_link', uri: 'live://files/docs/readme.md', name: 'readme.md' },
          { type: 'text', text: 'For the model.', annotations: { audience: ['assistant'] } },
          { type: 'text', text: '```\n' + 'a long line of code that scrolls sideways '.repeat(10) + '\n```' },
          {
            type: 'resource',
            resource: {
              uri: 'file:///data.json',
              mimeType: 'application/json',
              text: JSON.stringify({ order: { id: 7, lines: [1, 2, 3] } }),
            },
          },
          { type: 'resource', resource: { uri: 'file:///archive.bin', mimeType: 'application/octet-stream', blob: 'AAECAw==' } },
        ] as ContentBlock[]
        const client = new McpClient(await serverUrl('resources'))
        const { before, wrapper } = await between(html`<mcp-content markdown .blocks=${blocks} .client=${client}></mcp-content>`)
        const content = wrapper.querySelector('mcp-content')!
        await eventually(() => deepQueryAll(content, '[part~=markdown] a[href]').length > 0, 'the markdown link')
        deepQueryAll(content, '[part=open-resource]')[0].click()
        await eventually(() => deepQueryAll(content, '[part=resource-read] mcp-content').length > 0, 'the resource link read')
        const stops = await expectRingsSeen(content, before, 6)
        expect(stops.join('\n')).to.include('<button part="open-resource"> "▾readme.md"').and.include('<summary> "What the model sees"')
      })
    },
  )
