// Helpers for the suites of windowed lists (<mcp-prompt-list>, <mcp-resource-list>): what a user and a screen
// reader are told of the rows that are rendered, when only some of them are.
import { expect } from '@open-wc/testing'
import { eventually } from './browser.js'

/** A row's place (1-based) among the rows of its list, as its `<li>` tells assistive technology. */
export const placeOf = (button: HTMLElement) => Number(button.parentElement!.getAttribute('aria-posinset'))

/** Whether an element is inside the window's viewport. */
export function inView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect()
  return box.top >= 0 && box.bottom <= window.innerHeight
}

/** Each rendered row (`buttons`) is the entry `labelOf` names at its place among `all`, and says it is one of them. */
export function expectRowsAt(buttons: HTMLElement[], all: string[], labelOf: (button: HTMLElement) => string): void {
  expect(buttons.length, 'some rows').to.be.greaterThan(0)
  for (const button of buttons) {
    expect(button.parentElement!.getAttribute('aria-setsize')).to.equal(String(all.length))
    expect(labelOf(button), `the row at ${placeOf(button)}`).to.equal(all[placeOf(button) - 1])
  }
}

/**
 * The list comes to be as tall as all its `count` rows (those not rendered are space; the row height is measured
 * after a render, so this is waited for), then the page is scrolled to put the row at `index` (0-based) in view.
 */
export async function scrollToRow(list: HTMLElement, firstRow: HTMLElement, count: number, index: number): Promise<void> {
  const rowHeight = () => firstRow.getBoundingClientRect().height
  await eventually(
    () => Math.abs(list.getBoundingClientRect().height - count * rowHeight()) < rowHeight(),
    `the list as tall as all its ${count} rows`,
  )
  window.scrollTo(0, firstRow.getBoundingClientRect().top + window.scrollY + index * rowHeight())
}
