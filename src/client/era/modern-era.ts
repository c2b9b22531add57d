/**
 * The modern side of the era seam (revision 2026-07-28): no handshake, every
 * request carries its version, identity and capabilities in `_meta` and the
 * standard headers; server notifications come on `subscriptions/listen`
 * streams. Version selection lives here too: a -32022 answer is retried once
 * with the newest version both sides speak.
 */
import { UnsupportedProtocolVersionError, toError } from '../../protocol/errors.js'
import type { Implementation, SubscriptionFilter } from '../../protocol/generated/2026-07-28.js'
import type { JsonRpcResponse } from '../../protocol/jsonrpc.js'
import { LEGACY_PROTOCOL_VERSIONS, requestMeta, SUPPORTED_PROTOCOL_VERSIONS } from '../../protocol/meta.js'
import { standardHeaders } from '../../transport/headers.js'
import { postRequest } from '../../transport/http.js'
import { metaWithProgressToken, type Era, type EraHost, type EraRequest, type ListenWith, type NotificationStream } from './era.js'

export class ModernEra implements Era {
  readonly kind = 'modern'
  #version: string

  constructor(
    private readonly host: EraHost,
    version: string,
    private readonly clientInfo: Implementation,
  ) {
    this.#version = version
  }

  get protocolVersion(): string {
    return this.#version
  }

  send(request: EraRequest): Promise<JsonRpcResponse> {
    return this.#post(request, request.id).then((response) => {
      if (!('error' in response) || response.error.code !== -32022) return response
      // Retry once with the newest version both sides speak, even the one just sent: the server's list is the authority.
      const error = toError(response.error) as UnsupportedProtocolVersionError
      const version = SUPPORTED_PROTOCOL_VERSIONS.find((v) => error.supported.includes(v))
      if (!version) {
        const message = `The server supports protocol versions ${error.supported.join(', ') || '(none listed)'}; this client speaks ${[...SUPPORTED_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS].join(', ')}`
        return { ...response, error: { ...response.error, message } }
      }
      this.#version = version
      return this.#post(request, this.host.nextId())
    })
  }

  #post(request: EraRequest, id: number): Promise<JsonRpcResponse> {
    const { method, params, logLevel, progressToken } = request
    const meta = requestMeta(metaWithProgressToken(params, progressToken), this.#version, this.clientInfo, request.capabilities, logLevel)
    return postRequest({
      url: this.host.url,
      message: { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } },
      headers: standardHeaders(this.#version, method, params, request.headers),
      fetch: this.host.fetch,
      controller: request.controller,
      timeoutMs: request.timeoutMs,
      maxBodyBytes: this.host.maxBodyBytes,
      idempotent: request.idempotent,
      longLived: request.longLived,
      maxTotalTimeMs: request.maxTotalTimeMs,
      idleMs: request.idleMs,
      onNotification: request.onNotification,
      onResponse: request.onResponse,
    })
  }

  listen(filter: SubscriptionFilter, { send, ListenStream }: ListenWith): NotificationStream {
    return new ListenStream(filter, send, () => this.host.nextId(), (n) => this.host.applyNotification(n))
  }

  close(): void {}
}
