// For browser tests: fill an <mcp-schema-form> the way a user does. Fields are
// found by their visible label; text is typed with real key presses
// (sendKeys); date pickers, selects and checkboxes get what a browser
// produces when a user picks a value (a value change, then input/change
// events), since a native picker cannot be driven with keys portably.
import { sendKeys } from '@web/test-runner-commands'
import { deepQuery } from '../../test/support/browser.js'

/** The `<mcp-schema-form>` inside `root` (at any shadow depth). */
export function formIn(root: Element | ShadowRoot | Document): HTMLElement {
  return deepQuery(root, 'mcp-schema-form')
}

const labelText = (label: Element) => label.textContent!.replace('*', '').replace(/\s+/g, ' ').trim()

/** The control labelled `label` (a field's own label, or a multi-select option's). */
export function control<E extends HTMLElement = HTMLInputElement>(root: Element | ShadowRoot | Document, label: string): E {
  const form = formIn(root).shadowRoot!
  const labels = [...form.querySelectorAll('label')]
  const found = labels.find((l) => labelText(l) === label)
  if (!found) throw new Error(`no field labelled “${label}”; the labels are: ${labels.map(labelText).join(' | ')}`)
  return form.getElementById(found.htmlFor) as E
}

/** Clicks into the field and types `text` (after selecting what is there, so it is replaced). */
export async function type(root: Element | ShadowRoot | Document, label: string, text: string): Promise<void> {
  const input = control(root, label)
  input.focus()
  input.select?.()
  await sendKeys({ type: text })
}

/** Sets a value as a native picker does (date, date-time, number spinner): the value, then input and change. */
export function pick(root: Element | ShadowRoot | Document, label: string, value: string): void {
  const input = control(root, label)
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Chooses the option shown as `option` in the select labelled `label`. */
export function choose(root: Element | ShadowRoot | Document, label: string, option: string): void {
  const select = control<HTMLSelectElement>(root, label)
  const found = [...select.options].find((o) => o.textContent!.trim() === option)
  if (!found) throw new Error(`no option “${option}” in “${label}”: ${[...select.options].map((o) => o.textContent!.trim()).join(' | ')}`)
  select.value = found.value
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Clicks the checkbox labelled `label` (a boolean field, or one option of a multi-select). */
export function tick(root: Element | ShadowRoot | Document, label: string): void {
  control(root, label).click()
}

/** Clicks the button whose text is `text` inside the form (Add to …, Edit as JSON). */
export function press(root: Element | ShadowRoot | Document, text: string): void {
  const form = formIn(root).shadowRoot!
  const buttons = [...form.querySelectorAll('button')]
  const found = buttons.find((b) => b.textContent!.trim() === text || b.getAttribute('aria-label') === text)
  if (!found)
    throw new Error(`no button “${text}”: ${buttons.map((b) => b.textContent!.trim() || b.getAttribute('aria-label')).join(' | ')}`)
  found.click()
}
