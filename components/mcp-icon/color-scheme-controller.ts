import type { ReactiveController, ReactiveControllerHost } from 'lit'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * One media query list and one listener for every icon on the page: a list of a thousand tools would otherwise
 * evaluate the query a thousand times (measured as a visible share of its render) and keep as many listeners.
 */
const darkQuery = {
  list: undefined as MediaQueryList | undefined,
  hosts: new Set<ReactiveControllerHost>(),
  get(): MediaQueryList | undefined {
    this.list ??= globalThis.matchMedia?.(DARK_QUERY)
    return this.list
  },
  onChange: () => {
    for (const host of darkQuery.hosts) host.requestUpdate()
  },
}

/**
 * The user's colour scheme (`prefers-color-scheme`), kept current: the host
 * re-renders when it changes (an OS switch to dark mode, or devtools
 * emulation), without a reload.
 */
export class ColorSchemeController implements ReactiveController {
  constructor(private host: ReactiveControllerHost) {
    host.addController(this)
  }

  /** `dark` when the user prefers a dark scheme, else `light`. */
  get scheme(): 'light' | 'dark' {
    return darkQuery.get()?.matches ? 'dark' : 'light'
  }

  hostConnected(): void {
    if (darkQuery.hosts.size === 0) darkQuery.get()?.addEventListener('change', darkQuery.onChange)
    darkQuery.hosts.add(this.host)
  }

  hostDisconnected(): void {
    darkQuery.hosts.delete(this.host)
    if (darkQuery.hosts.size === 0) darkQuery.list?.removeEventListener('change', darkQuery.onChange)
  }
}
