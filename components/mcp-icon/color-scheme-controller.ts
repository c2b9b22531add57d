import type { ReactiveController, ReactiveControllerHost } from 'lit'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * The user's colour scheme (`prefers-color-scheme`), kept current: the host
 * re-renders when it changes (an OS switch to dark mode, or devtools
 * emulation), without a reload.
 */
export class ColorSchemeController implements ReactiveController {
  #query?: MediaQueryList
  #onChange = () => this.host.requestUpdate()

  constructor(private host: ReactiveControllerHost) {
    host.addController(this)
  }

  /** `dark` when the user prefers a dark scheme, else `light`. */
  get scheme(): 'light' | 'dark' {
    this.#query ??= globalThis.matchMedia?.(DARK_QUERY)
    return this.#query?.matches ? 'dark' : 'light'
  }

  hostConnected(): void {
    this.#query ??= globalThis.matchMedia?.(DARK_QUERY)
    this.#query?.addEventListener('change', this.#onChange)
  }

  hostDisconnected(): void {
    this.#query?.removeEventListener('change', this.#onChange)
  }
}
