/**
 * Version and era selection: which side of the era seam a server gets.
 * Modern until the server says otherwise (streamable-http.mdx, "Backward
 * Compatibility").
 */
import type { ClientCapabilities, Implementation, SubscriptionFilter } from '../protocol/generated/2026-07-28.js'
import type { CacheStore } from '../cache/policy.js'
import type { JsonRpcResponse } from '../protocol/jsonrpc.js'
import type { Era, EraHost, EraRequest, NotificationStream } from './era.js'
import type { ListenSend } from './listen-stream.js'
import type { InputHandlers } from './McpClient.js'
import { ModernEra } from './modern-era.js'

export interface EraChoice {
  /** The version asked for first; a legacy one (2025-11-25 or older) forces the legacy era. */
  version: string
  clientInfo?: Implementation
  /** What a legacy `initialize` declares: the client's own handlers and options. */
  capabilities: () => ClientCapabilities
  handlers: () => InputHandlers
  /** Where the era of a server is remembered across page loads. */
  store: () => CacheStore | undefined
  /** Settles the era when a listen stream is asked for before any request (one `server/discover`). */
  probe: () => Promise<unknown>
}

export class EraSelector implements Era {
  #era: Era

  constructor(
    private readonly host: EraHost,
    private readonly choice: EraChoice,
  ) {
    this.#era = new ModernEra(host, choice.version, choice.clientInfo)
  }

  get kind(): Era['kind'] {
    return this.#era.kind
  }

  get protocolVersion(): string {
    return this.#era.protocolVersion
  }

  send(request: EraRequest): Promise<JsonRpcResponse> {
    return this.#era.send(request)
  }

  listen(filter: SubscriptionFilter, send: ListenSend): NotificationStream {
    return this.#era.listen(filter, send)
  }

  close(): void {
    this.#era.close()
  }
}
