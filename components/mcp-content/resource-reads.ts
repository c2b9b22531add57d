/**
 * The resource links a reader opened in a piece of content, each read through
 * the client's `readResource()` only when the reader asks, and shown in place.
 * Keys are the renderer's block keys; `reset()` forgets everything (and
 * aborts reads under way) when new content arrives.
 */
import type { ReactiveControllerHost } from 'lit'
import type { McpClient, ReadResourceResult } from '../../src/client/index.js'

export type ResourceRead =
  | { status: 'reading'; uri: string }
  | { status: 'read'; uri: string; result: ReadResourceResult }
  | { status: 'failed'; uri: string; error: unknown }

interface OpenLink {
  read: ResourceRead
  shown: boolean
  abort: AbortController
}

export class ResourceReadsController {
  #links = new Map<string, OpenLink>()

  constructor(private host: ReactiveControllerHost) {}

  /** The read of the link at `key` while it is shown, else undefined (never opened, or hidden again). */
  shown(key: string): ResourceRead | undefined {
    const link = this.#links.get(key)
    return link?.shown ? link.read : undefined
  }

  /** Shows the link at `key` or hides it; the first showing reads it, a hidden one keeps what was read. */
  toggle(key: string, client: McpClient, uri: string): void {
    const link = this.#links.get(key)
    if (link && link.read.uri === uri) {
      link.shown = !link.shown
      this.host.requestUpdate()
    } else this.read(key, client, uri)
  }

  /** Reads the link at `key` (again, on a Retry) and shows it; a read of the same link under way is dropped. */
  read(key: string, client: McpClient, uri: string): void {
    this.#links.get(key)?.abort.abort()
    const link: OpenLink = { read: { status: 'reading', uri }, shown: true, abort: new AbortController() }
    this.#links.set(key, link)
    this.host.requestUpdate()
    client.readResource(uri, { signal: link.abort.signal }).then(
      (result) => this.#settle(key, link, { status: 'read', uri, result }),
      (error: unknown) => this.#settle(key, link, { status: 'failed', uri, error }),
    )
  }

  #settle(key: string, link: OpenLink, read: ResourceRead): void {
    if (this.#links.get(key) !== link) return // content replaced, or read again since
    link.read = read
    this.host.requestUpdate()
  }

  reset(): void {
    for (const link of this.#links.values()) link.abort.abort()
    this.#links.clear()
  }
}
