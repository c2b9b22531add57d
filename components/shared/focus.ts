/** The focused element, looking into open shadow roots (where a dialog returns focus when it closes). */
export function deepActiveElement(): HTMLElement | undefined {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement && active !== document.body ? active : undefined
}
