// What every element page does: registers the elements, puts the page's
// usage example (its <template id="usage">) on the stage and shows its
// markup, logs the events the page names, and offers theming controls.
import 'mcp-web-elements'
import { ALL_EVENTS, applyTheme, logEvents, mountHeader } from '../site.js'

mountHeader()
document.querySelector('main')!.append(layout())

const stage = document.querySelector<HTMLElement>('#stage')!
const template = document.querySelector<HTMLTemplateElement>('template#usage')
if (template) {
  // The markup is our own page's (not a server's): shown as text, then used.
  document.querySelector('#usage-code')!.textContent = dedent(template.innerHTML)
  stage.append(template.content.cloneNode(true))
}
applyTheme()

const events = document.body.dataset.events?.split(/\s+/).filter(Boolean) ?? ALL_EVENTS
logEvents(document, document.querySelector<HTMLElement>('#event-log')!, events)

// Theming: the elements read the MCP Apps style variables, set on any ancestor (here the stage). Their own
// --mcp-* properties are declared on each element's :host, so set on an ancestor they would change nothing.
const themingCode = document.querySelector<HTMLElement>('#theming-code')!
const controls = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-prop]')]
const accentControl = document.querySelector<HTMLInputElement>('[data-prop="--color-ring-primary"]')!
function applyTheming() {
  const lines: string[] = []
  for (const control of controls) {
    const prop = control.dataset.prop!
    const value = control.value + (control.dataset.unit ?? '')
    // At its default a control sets nothing, so the built-in light and dark values apply.
    if (control.value === (control.dataset.default ?? '')) stage.style.removeProperty(prop)
    else {
      stage.style.setProperty(prop, value)
      lines.push(`  ${prop}: ${value};`)
    }
  }
  themingCode.textContent = lines.length ? `#stage {\n${lines.join('\n')}\n}` : '/* the built-in theme */'
}

/**
 * The accent the elements draw with nothing set, as the colour input's #rrggbb: the built-in one is light-dark(), so
 * it differs in light and dark, and a colour input cannot show light-dark(). Read from an element on the stage, so it
 * is always the theme's own value.
 */
function builtInAccent(): string {
  const element = [...stage.querySelectorAll('*')].find((el) => el.shadowRoot)
  const chosen = stage.style.getPropertyValue('--color-ring-primary')
  stage.style.removeProperty('--color-ring-primary')
  const probe = stage.appendChild(document.createElement('span'))
  probe.style.color = (element && getComputedStyle(element).getPropertyValue('--mcp-color-accent').trim()) || 'currentColor'
  const [r, g, b] = getComputedStyle(probe).color.match(/\d+(\.\d+)?/g)!.map(Number)
  probe.remove()
  if (chosen) stage.style.setProperty('--color-ring-primary', chosen)
  return '#' + [r, g, b].map((n) => Math.round(n!).toString(16).padStart(2, '0')).join('')
}

/** Light or dark changed (the switch in the header): the accent control follows the built-in accent, unless one was picked. */
function followTheme() {
  // No default yet (the page's start): nothing was picked.
  const atDefault = accentControl.dataset.default === undefined || accentControl.value === accentControl.dataset.default
  accentControl.dataset.default = builtInAccent()
  if (atDefault) accentControl.value = accentControl.dataset.default
  applyTheming()
}

for (const control of controls) control.addEventListener('input', applyTheming)
document.querySelector('#theming-reset')?.addEventListener('click', () => {
  for (const control of controls) control.value = control.dataset.default ?? ''
  applyTheming()
})
new MutationObserver(followTheme).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
followTheme()

function dedent(text: string): string {
  const lines = text.replace(/^\n+|\s+$/g, '').split('\n')
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length))
  return lines.map((l) => l.slice(indent)).join('\n')
}

/** The page's frame around the example: the stage with its markup, the event log, the theming controls. */
function layout(): HTMLElement {
  const frame = document.createElement('div')
  frame.className = 'grid'
  // Our own static markup (no server text): parsed by the browser once.
  frame.append(
    document.createRange().createContextualFragment(`
      <section class="panel" aria-label="Example">
        <div id="stage" class="stage"></div>
        <details>
          <summary>Markup</summary>
          <pre class="code" id="usage-code"></pre>
        </details>
      </section>
      <aside>
        <section class="panel" aria-label="Events">
          <h2 style="margin-top: 0; font-size: 1rem">Events</h2>
          <ol id="event-log" class="log" aria-label="Events" tabindex="0"></ol>
        </section>
        <details class="panel theming" open>
          <summary>Theming</summary>
          <label>Accent <input type="color" data-prop="--color-ring-primary" /></label>
          <label>Corner radius <input type="range" min="0" max="16" data-unit="px" data-prop="--border-radius-md" value="6" data-default="6" /></label>
          <label>Font
            <select data-prop="--font-sans" data-default="">
              <option value="">System</option>
              <option value="Georgia, serif">Serif</option>
              <option value="ui-monospace, monospace">Monospace</option>
            </select>
          </label>
          <button id="theming-reset" type="button">Reset</button>
          <pre class="code" id="theming-code"></pre>
          <p class="lead">Light or dark: the switch at the top sets <code>--mcp-color-scheme</code> on the page.</p>
        </details>
      </aside>`),
  )
  return frame
}
