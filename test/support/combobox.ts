// Helpers for suites of fields with suggestions (components/shared/combobox.ts): what a user sees of the list.

/** The listbox a combobox input controls (`aria-controls`), in the input's own tree. */
export function listboxOf(input: HTMLInputElement): HTMLElement {
  const root = input.getRootNode() as ShadowRoot | Document
  const listbox = root.getElementById(input.getAttribute('aria-controls') ?? '')
  if (!listbox) throw new Error(`no listbox for the combobox #${input.id}`)
  return listbox
}

/** The suggestions shown now: the listbox's options as text, none while it is collapsed (hidden). */
export function shownSuggestions(input: HTMLInputElement): string[] {
  const listbox = listboxOf(input)
  if (listbox.hidden || input.getAttribute('aria-expanded') !== 'true') return []
  return [...listbox.querySelectorAll('[role="option"]')].map((option) => option.textContent!.trim())
}

/** The text of the active option (`aria-activedescendant`), or undefined when none is. */
export function activeSuggestion(input: HTMLInputElement): string | undefined {
  const id = input.getAttribute('aria-activedescendant')
  if (!id) return undefined
  const option = (input.getRootNode() as ShadowRoot | Document).getElementById(id)
  if (option?.getAttribute('aria-selected') !== 'true') throw new Error(`#${id} is active but not aria-selected`)
  return option.textContent!.trim()
}

/** What the combobox's polite live region says now. */
export function announced(input: HTMLInputElement): string {
  return input.closest('.combobox')!.querySelector('[role="status"]')!.textContent!.trim()
}
