// The elements' design as a person looking at them checks it, against the real fixture server: list rows as tall as
// their lines (at a laptop's width and a phone's), a type scale with a clear step between headings, body and meta
// text, badges that are readable and filled in light and dark, primary and secondary buttons told apart, buttons and
// fields of one control height, lists that lift off the page, and a focus ring a page can theme.
import { expect, fixture, html } from '@open-wc/testing'
import type { TemplateResult } from 'lit'
import { sendKeys, sendMouse } from '@web/test-runner-commands'
import { McpClient, type ElicitRequestParams } from '../../src/client/index.js'
import { controlServer, deepQuery, deepQueryAll, eventually, serverUrl } from '../support/browser.js'
import '../../components/index.js'
import type {
  McpElicitationElement,
  McpPromptListElement,
  McpResourceListElement,
  McpServerElement,
  McpToolElement,
  McpToolListElement,
} from '../../components/index.js'

const px = (value: string) => parseFloat(value)
const fontSize = (el: Element) => px(getComputedStyle(el).fontSize)

/** An `rgb()`/`rgba()` computed colour as [r, g, b, alpha]. */
function rgba(color: string): [number, number, number, number] {
  const m = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/.exec(color)
  if (!m) throw new Error(`not an rgb() colour: ${color}`)
  return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])]
}

/** WCAG contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = rgba(color)
      .slice(0, 3)
      .map((c) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** The colour painted behind `el`: its own background, else the nearest opaque one above it (through shadow roots). */
function backgroundBehind(el: Element): string {
  for (let node: Element | null = el; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)) {
    const bg = getComputedStyle(node).backgroundColor
    if (rgba(bg)[3] === 1) return bg
  }
  return 'rgb(255, 255, 255)'
}

/** The row (`<li>`) of the item button whose text includes `text`. */
function rowOf(root: ShadowRoot, text: string): HTMLElement {
  const button = [...root.querySelectorAll<HTMLElement>('[part~="item"]')].find((b) => b.textContent!.includes(text))
  if (!button) throw new Error(`no row with “${text}”`)
  return button.closest('li')!
}

/**
 * The row is at most `maxHeight` px tall, and its text leaves no line of it empty: the space above the first line and
 * below the last, beyond the button's padding, is under 4 px. Each line lies inside the row (nothing cut).
 */
function expectCompactRow(row: HTMLElement, width: number, maxHeight: number, emptyAllowed = false): void {
  const box = row.getBoundingClientRect()
  const style = getComputedStyle(row.querySelector<HTMLElement>('[part~="item"]')!)
  const lines = [...row.querySelectorAll<HTMLElement>('.text > *')].map((line) => line.getBoundingClientRect())
  const top = Math.min(...lines.map((r) => r.top)) - box.top - px(style.paddingTop)
  const bottom =
    box.bottom - px(style.paddingBottom) - px(getComputedStyle(row).borderBottomWidth) - Math.max(...lines.map((r) => r.bottom))
  expect(bottom, `the last line of text ends inside the row at ${width} px`).to.be.at.least(-0.5)
  expect(box.height, `row height at ${width} px`).to.be.at.most(maxHeight)
  if (!emptyAllowed) expect(top + bottom, `empty space in the row at ${width} px`).to.be.below(4)
}

/** The element once its list shows, then at each width in turn (the element's own: its container queries follow it). */
async function atWidths<E extends HTMLElement>(template: TemplateResult, check: (el: E, width: number) => void, widths = [1280, 390]) {
  const el = await fixture<E>(template)
  await eventually(() => !!el.shadowRoot!.querySelector('[part~="item"]'), 'the list')
  for (const width of widths) {
    el.style.width = `${width}px`
    el.style.display = 'block'
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    check(el, width)
  }
}

describe('the design', () => {
  let main: string
  before(async () => {
    main = await serverUrl('main')
  })

  describe('list rows are as tall as their text, at 1280 px and at 390 px', () => {
    it('a resource row with a title, name, URI, type and description: three lines, at most 72 px, no empty line', async () => {
      await atWidths<McpResourceListElement>(html`<mcp-resource-list .client=${new McpClient(main)}></mcp-resource-list>`, (el, width) => {
        const row = rowOf(el.shadowRoot!, 'fixture://greeting')
        expect(row.textContent).to.include('Greeting').and.include('greeting').and.include('A text resource.').and.include('text/plain')
        expectCompactRow(row, width, 72)
      })
    })

    it('a prompt row with a title, name, description and arguments: three lines, at most 72 px, no empty line', async () => {
      await atWidths<McpPromptListElement>(html`<mcp-prompt-list .client=${new McpClient(main)}></mcp-prompt-list>`, (el, width) => {
        const row = rowOf(el.shadowRoot!, 'Greets someone by name.')
        expect(row.textContent).to.include('Greet').and.include('greet').and.include('Arguments: name')
        expectCompactRow(row, width, 72)
      })
    })

    it('a tool row (title, name, badges, description) cuts nothing and leaves no empty line, down to 320 px', async () => {
      await atWidths<McpToolListElement>(
        html`<mcp-tool-list .client=${new McpClient(main)}></mcp-tool-list>`,
        (el, width) => {
          const row = rowOf(el.shadowRoot!, 'echo')
          // Under 360 px every row keeps a second line for badges, which this tool's two badges do not need.
          expectCompactRow(row, width, width > 560 ? 56 : width >= 360 ? 90 : 110, width < 360)
          for (const part of row.querySelectorAll('.title, .name, .badge')) {
            expect(part.scrollWidth, `${part.textContent} is not cut at ${width} px`).to.be.at.most(part.clientWidth)
          }
        },
        [1280, 390, 320],
      )
    })

    it('a prompt list where no prompt has arguments leaves no line for them: two lines, at most 56 px', async () => {
      await controlServer('cached-lists', 'reset')
      const client = new McpClient(await serverUrl('cached-lists'))
      await atWidths<McpPromptListElement>(html`<mcp-prompt-list .client=${client}></mcp-prompt-list>`, (el, width) =>
        expectCompactRow(rowOf(el.shadowRoot!, 'Version 1 of the prompts.'), width, 56),
      )
    })
  })

  describe('type scale', () => {
    it('headings are a clear step (at least 1.2×) above body text, meta text below it and at least 12 px', async () => {
      const server = await fixture<McpServerElement>(html`<mcp-server url=${main}><mcp-resource-list></mcp-resource-list></mcp-server>`)
      const list = server.querySelector('mcp-resource-list')!
      await eventually(() => !!list.shadowRoot!.querySelector('[part~="item"]'), 'the resources')
      const body = fontSize(server)
      expect(fontSize(deepQuery(server, '[part="title"]')), 'the server header title').to.be.at.least(1.2 * body - 0.01)
      const meta = [
        deepQuery(server, '[part="status"]'),
        list.shadowRoot!.querySelector('.uri')!,
        list.shadowRoot!.querySelector('[part="status"]')!,
      ]
      for (const el of meta) {
        expect(fontSize(el), `${el.className || el.getAttribute('part')} (meta text)`)
          .to.be.below(body)
          .and.at.least(12)
      }
    })

    it('the tool view and a dialog title their content a clear step (at least 1.3×) above body text', async () => {
      const tool = await fixture<McpToolElement>(html`<mcp-tool name="echo" .client=${new McpClient(main)}></mcp-tool>`)
      await eventually(() => !!tool.shadowRoot!.querySelector('.title'), 'the tool')
      expect(fontSize(tool.shadowRoot!.querySelector('.title')!), 'the tool title').to.be.at.least(1.3 * fontSize(tool) - 0.01)

      const params = { mode: 'form', message: 'About you', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }
      const dialog = await fixture<McpElicitationElement>(
        html`<mcp-elicitation server-name="Acme" .params=${params as ElicitRequestParams}></mcp-elicitation>`,
      )
      await dialog.updateComplete
      expect(fontSize(dialog.shadowRoot!.querySelector('h2')!), 'the dialog title').to.be.at.least(1.3 * fontSize(dialog) - 0.01)
    })
  })

  describe('badges', () => {
    for (const theme of ['light', 'dark'] as const) {
      it(`are at least 12 px, bold and filled, with AA contrast (${theme})`, async () => {
        const list = await fixture<McpToolListElement>(html`<mcp-tool-list theme=${theme} .client=${new McpClient(main)}></mcp-tool-list>`)
        const tool = await fixture<McpToolElement>(html`<mcp-tool theme=${theme} name="echo" .client=${new McpClient(main)}></mcp-tool>`)
        await eventually(() => !!list.shadowRoot!.querySelector('.badge') && !!tool.shadowRoot!.querySelector('.badge'), 'the badges')
        const badges = [
          ...list.shadowRoot!.querySelectorAll<HTMLElement>('.badge'),
          ...tool.shadowRoot!.querySelectorAll<HTMLElement>('.badge'),
        ]
        for (const badge of badges) {
          const style = getComputedStyle(badge)
          const what = `the “${badge.textContent!.trim()}” badge`
          expect(px(style.fontSize), `${what}: font size`).to.be.at.least(12)
          expect(Number(style.fontWeight), `${what}: font weight`).to.be.at.least(600)
          expect(rgba(style.backgroundColor)[3], `${what}: filled`).to.equal(1)
          expect(contrast(style.color, style.backgroundColor), `${what}: contrast`).to.be.at.least(4.5)
          // The fill stands apart from the row or page behind it, so the badge reads as one.
          expect(style.backgroundColor, `${what}: fill differs from what is behind it`).not.to.equal(backgroundBehind(badge.parentElement!))
          // A neutral badge (no state colour) reads as firmly as the text beside it, not grey on grey.
          if (!badge.matches('.read-only, .destructive'))
            expect(contrast(style.color, style.backgroundColor), `${what}: neutral contrast`).to.be.at.least(7)
        }
      })
    }
  })

  describe('buttons', () => {
    for (const theme of ['light', 'dark'] as const) {
      it(`primary (filled with the accent) and secondary (outlined, its edge 3:1 against the background) differ (${theme})`, async () => {
        const request = {
          mode: 'form',
          message: 'About you',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        }
        const dialog = await fixture<McpElicitationElement>(
          html`<mcp-elicitation theme=${theme} server-name="Acme" .params=${request as ElicitRequestParams}></mcp-elicitation>`,
        )
        await dialog.updateComplete
        const primary = dialog.shadowRoot!.querySelector<HTMLElement>('button.primary')!
        const secondary = dialog.shadowRoot!.querySelector<HTMLElement>('button:not(.primary)')!
        const p = getComputedStyle(primary)
        const s = getComputedStyle(secondary)
        const page = backgroundBehind(dialog.shadowRoot!.querySelector('dialog')!)
        expect(p.backgroundColor, 'primary and secondary fills').not.to.equal(s.backgroundColor)
        expect(contrast(p.color, p.backgroundColor), 'primary text').to.be.at.least(4.5)
        expect(contrast(p.backgroundColor, page), 'primary fill against the dialog').to.be.at.least(3)
        expect(contrast(s.color, backgroundBehind(secondary)), 'secondary text').to.be.at.least(4.5)
        expect(contrast(s.borderTopColor, page), 'secondary edge against the dialog').to.be.at.least(3)
        expect(Number(p.fontWeight), 'primary weight').to.be.above(Number(s.fontWeight))
        // Under the pointer the primary keeps its fill (a hover rule for every button once painted it grey).
        const box = primary.getBoundingClientRect()
        await sendMouse({ type: 'move', position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)] })
        const hovered = getComputedStyle(primary)
        expect(contrast(hovered.color, hovered.backgroundColor), 'hovered primary text').to.be.at.least(4.5)
        await sendMouse({ type: 'move', position: [0, 0] })
      })
    }

    it('buttons and text fields are one control height, at least 36 px (a finger’s target)', async () => {
      const request = { mode: 'form', message: 'About you', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }
      const dialog = await fixture<McpElicitationElement>(
        html`<mcp-elicitation server-name="Acme" .params=${request as ElicitRequestParams}></mcp-elicitation>`,
      )
      await dialog.updateComplete
      const list = await fixture<McpToolListElement>(html`<mcp-tool-list .client=${new McpClient(main)}></mcp-tool-list>`)
      await eventually(() => !!list.shadowRoot!.querySelector('[part="filter"]'), 'the filter')
      const height = (el: Element) => el.getBoundingClientRect().height
      const primary = height(dialog.shadowRoot!.querySelector('button.primary')!)
      expect(primary, 'the primary button').to.be.at.least(36)
      expect(height(dialog.shadowRoot!.querySelector('button:not(.primary)')!), 'a secondary button').to.be.closeTo(primary, 1)
      await eventually(() => deepQueryAll(dialog, 'input').length > 0, 'the dialog’s field')
      expect(height(deepQuery(dialog, 'input')), 'the dialog’s text field').to.be.closeTo(primary, 1)
      expect(height(list.shadowRoot!.querySelector('[part="filter"]')!), 'the filter box').to.be.closeTo(primary, 1)
    })
  })

  describe('surfaces', () => {
    it('a list lifts off the page with a shadow, and a page themes it with --mcp-shadow', async () => {
      const list = await fixture<McpToolListElement>(html`<mcp-tool-list .client=${new McpClient(main)}></mcp-tool-list>`)
      await eventually(() => !!list.shadowRoot!.querySelector('[part~="item"]'), 'the tools')
      const box = list.shadowRoot!.querySelector('[part~="list"]')!
      expect(getComputedStyle(box).boxShadow, 'the list').not.to.equal('none')
      list.style.setProperty('--mcp-shadow', 'none')
      expect(getComputedStyle(box).boxShadow, 'themed away').to.equal('none')
    })
  })

  describe('focus ring', () => {
    it('Tab shows a 2 px ring in the accent, and a page themes it with --mcp-focus-ring', async () => {
      const wrapper = await fixture<HTMLElement>(
        html`<div>
          <button>before</button>
          <mcp-resource-list .client=${new McpClient(main)}></mcp-resource-list>
        </div>`,
      )
      const list = wrapper.querySelector('mcp-resource-list')!
      await eventually(() => !!list.shadowRoot!.querySelector('[part="filter"]'), 'the filter')
      wrapper.querySelector('button')!.focus()
      await sendKeys({ press: 'Tab' })
      const filter = list.shadowRoot!.querySelector<HTMLElement>('[part="filter"]')!
      expect(list.shadowRoot!.activeElement).to.equal(filter)
      let ring = getComputedStyle(filter)
      expect(ring.outlineStyle).to.equal('solid')
      expect(px(ring.outlineWidth)).to.be.at.least(2)
      list.style.setProperty('--mcp-focus-ring', '3px dashed rgb(200, 0, 100)')
      ring = getComputedStyle(filter)
      expect([ring.outlineStyle, ring.outlineWidth, ring.outlineColor]).to.deep.equal(['dashed', '3px', 'rgb(200, 0, 100)'])
    })
  })
})
