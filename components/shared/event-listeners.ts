/**
 * Listens to events of something that outlives the element (a client, a
 * sign-in provider shared by the page), and only while the element is in the
 * document. A listener left on a shared target after the element is removed
 * keeps the element alive for as long as the target lives, and lets it act on
 * events nobody sees (a removed `<mcp-server>` connecting again on `signedin`).
 * So the listeners are added on connection, moved when the target changes
 * (checked at each update), removed on disconnection, and added again when the
 * element comes back (a move in the DOM).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit'

export class EventListenersController implements ReactiveController {
  /** The target the listeners are on now. */
  #heard?: EventTarget

  /** `target` is read at connection and before each render (after `willUpdate`); `listeners` by event type. */
  constructor(
    private host: ReactiveControllerHost & HTMLElement,
    private target: () => EventTarget | undefined,
    private listeners: Record<string, EventListener>,
  ) {
    host.addController(this)
  }

  hostConnected(): void {
    this.#hear(this.target())
  }

  hostUpdate(): void {
    // A detached element updates too (a property set while it is out of the document): it listens to nothing.
    this.#hear(this.host.isConnected ? this.target() : undefined)
  }

  hostDisconnected(): void {
    this.#hear(undefined)
  }

  #hear(target: EventTarget | undefined): void {
    if (target === this.#heard) return
    for (const [type, listener] of Object.entries(this.listeners)) {
      this.#heard?.removeEventListener(type, listener)
      target?.addEventListener(type, listener)
    }
    this.#heard = target
  }
}
