import { ERROR_CODES } from './meta.js'

/**
 * The brand every error of this library carries, registered (`Symbol.for`) so that every copy of the library on a
 * page reads it: the CDN file and a bundled `mcp-web-elements/auth` beside it are two copies, each with its own
 * classes, and an error made by one must still be recognised by the other.
 */
const BRAND = Symbol.for('mcp-web-elements.error')

/** Each error class's brand name (minifiers rename classes, so the name is given, not read off the class). */
const brandNames = new WeakMap<object, string>()

/**
 * Registers error classes under their names, so `instanceof` recognises errors of these classes made by another
 * copy of the library. Every error class of the library is registered where it is declared: a new one goes in its
 * file's list.
 */
export function registerErrorClasses(classes: Record<string, abstract new (...args: never[]) => McpError>): void {
  for (const [name, errorClass] of Object.entries(classes)) brandNames.set(errorClass, name)
}

/**
 * Whether `value` is an error of this library, by any copy of it, and (given `name`) an instance of the class of that
 * name (`isMcpError(e, 'SignInRequiredError')`), subclasses included. `instanceof` does the same for a class at hand;
 * this one needs no import of the class (a page without sign-in does not download the auth classes).
 */
export function isMcpError(value: unknown, name = 'McpError'): value is McpError {
  if (typeof value !== 'object' || value === null) return false
  let names: unknown
  try {
    names = (value as { [BRAND]?: unknown })[BRAND]
  } catch {
    return false // a revoked proxy, another origin's object
  }
  return Array.isArray(names) && names.includes(name)
}

/**
 * One error class per failure, so callers can branch with `instanceof` and
 * show a message a person can act on. Every class extends {@link McpError}.
 * `instanceof` recognises errors made by another copy of this library on
 * the page too (the CDN file and a bundled entry, say): see {@link isMcpError}.
 *
 * @example
 * try { await client.callTool('search', { q }) }
 * catch (e) {
 *   if (e instanceof TimeoutError) retryLater()
 *   else if (e instanceof JsonRpcError) show(e.message)
 * }
 */
export class McpError extends Error {
  // Spelled out: minifiers rename classes, and the name is what a log shows.
  override name = 'McpError'
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }

  /** The names of this error's registered classes, most derived first (and its own `name`): what every copy reads. */
  get [BRAND](): string[] {
    const names = [this.name]
    for (let proto = Object.getPrototypeOf(this); proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
      const name = brandNames.get(proto.constructor)
      if (name && !names.includes(name)) names.push(name)
    }
    return names
  }

  /** `instanceof`: by the prototype chain, else (an error of another copy of the library) by the brand's names. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true
    const name = brandNames.get(this)
    return name !== undefined && isMcpError(value, name)
  }
}

/** The server answered with an HTTP error status and no JSON-RPC error body. */
export class HttpError extends McpError {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    /** The start of the response body, for diagnostics. */
    readonly body: string,
    url: string,
    /** The response headers: a 401 or 403 says in `WWW-Authenticate` what authorization it wants. */
    readonly headers: Headers = new Headers(),
  ) {
    super(`HTTP ${status} from ${url}${body ? `: ${body.slice(0, 200)}` : ''}`)
  }
}

/** The server answered with a JSON-RPC error. `code` and `data` are as sent. */
export class JsonRpcError extends McpError {
  override name = 'JsonRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** -32020: the request's HTTP headers did not match its body. */
export class HeaderMismatchError extends JsonRpcError {
  override name = 'HeaderMismatchError'
}

/** -32021: the server needs a client capability this request did not declare. */
export class MissingClientCapabilityError extends JsonRpcError {
  override name = 'MissingClientCapabilityError'
  /** The capabilities the server says it needs (`data.requiredCapabilities`), or `{}` when it did not say. */
  get requiredCapabilities(): Record<string, unknown> {
    const required = (this.data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities
    return required && typeof required === 'object' && !Array.isArray(required) ? (required as Record<string, unknown>) : {}
  }
}

/** -32022: the server does not speak the requested protocol version. */
export class UnsupportedProtocolVersionError extends JsonRpcError {
  override name = 'UnsupportedProtocolVersionError'
  /** The versions the server says it supports (may be empty). */
  get supported(): string[] {
    const s = (this.data as { supported?: unknown } | undefined)?.supported
    return Array.isArray(s) ? s.filter((v): v is string => typeof v === 'string') : []
  }
}

/**
 * The server broke the protocol: malformed JSON, a body that is not JSON-RPC,
 * an unexpected content type, a response to the wrong request.
 */
export class ProtocolError extends McpError {
  override name = 'ProtocolError'
}

/** The result carried a `resultType` this client does not know. */
export class UnknownResultTypeError extends ProtocolError {
  override name = 'UnknownResultTypeError'
  constructor(
    readonly resultType: unknown,
    method: string,
  ) {
    super(
      `Unknown resultType ${JSON.stringify(resultType)} in the result of ${method}; this client understands "complete" and "input_required"`,
    )
  }
}

/** A response body (or one SSE event) was larger than `maxBodyBytes`. */
export class ResponseTooLargeError extends McpError {
  override name = 'ResponseTooLargeError'
  constructor(readonly limit: number) {
    super(`The server's response exceeded ${limit} bytes (raise options.maxBodyBytes if this is expected)`)
  }
}

/** No answer (or, on a stream, no message) arrived within `timeoutMs`; or, with `total`, the whole call outlasted `maxTotalTimeMs`. */
export class TimeoutError extends McpError {
  override name = 'TimeoutError'
  constructor(
    readonly timeoutMs: number,
    method: string,
    /** The overall cap (`maxTotalTimeMs`) ran out, however much progress arrived. */
    readonly total = false,
  ) {
    super(
      total
        ? `${method} took longer than ${timeoutMs} ms in all (raise options.maxTotalTimeMs for long calls)`
        : `${method} got no message from the server within ${timeoutMs} ms (raise options.timeoutMs for slow servers)`,
    )
  }
}

/** The caller aborted the request through its `AbortSignal`, or closed the client. */
export class AbortError extends McpError {
  override name = 'AbortError'
  constructor(readonly reason?: unknown) {
    super(`The request was aborted${reason instanceof Error ? `: ${reason.message}` : typeof reason === 'string' ? `: ${reason}` : ''}`)
  }
}

/**
 * The connection failed or the response stream ended before the final
 * response. Nothing was re-sent: `idempotent` says whether retrying the same
 * call is safe (lists, reads, discovery) or may repeat a side effect (tools).
 */
export class StreamError extends McpError {
  override name = 'StreamError'
  constructor(
    message: string,
    readonly idempotent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** A list went on for more than `maxPages` pages. */
export class PageLimitError extends McpError {
  override name = 'PageLimitError'
  constructor(
    readonly limit: number,
    method: string,
  ) {
    super(`${method} returned more than ${limit} pages; stopped (use pages() to iterate, or raise options.maxPages)`)
  }
}

/** A JSON Schema from the server could not be used: invalid, too large or deep, an unsupported dialect, or an unresolvable `$ref`. */
export class SchemaError extends McpError {
  override name = 'SchemaError'
}

/** Tool arguments do not satisfy the tool's `inputSchema`. Nothing was sent. */
/** One problem a schema check found: where in the value (a JSON Pointer), the validator's words, and its kind (the failing keyword: `type`, `maxLength` …) so a form can say it in its own words. */
export interface SchemaProblem {
  path: string
  message: string
  keyword?: string
}

export class InvalidArgumentsError extends McpError {
  override name = 'InvalidArgumentsError'
  constructor(
    readonly tool: string,
    /** One entry per problem: where in the arguments, what is wrong, and its kind. */
    readonly errors: SchemaProblem[],
  ) {
    super(`Arguments for tool "${tool}" are invalid: ${firstProblems(errors)}`)
  }
}

/**
 * A tool's `structuredContent` does not match its `outputSchema` (or is
 * missing though it declares one). The result is kept in `result`, so it can
 * still be shown beside the problems.
 */
export class InvalidStructuredContentError extends McpError {
  override name = 'InvalidStructuredContentError'
  constructor(
    readonly tool: string,
    /** One entry per problem: where in `structuredContent`, and what is wrong. */
    readonly errors: Array<{ path: string; message: string }>,
    readonly result: unknown,
  ) {
    super(`The result of tool "${tool}" does not match its outputSchema: ${firstProblems(errors)}`)
  }
}

/** The first three problems, each as "path message", for an error's message (all of them stay in `errors`). */
const firstProblems = (errors: Array<{ path: string; message: string }>) =>
  errors
    .slice(0, 3)
    .map((e) => `${e.path || '/'} ${e.message}`)
    .join('; ')

/** The tool's definition breaks the transport's rules (e.g. a bad `x-mcp-header`), so it cannot be called correctly. */
export class InvalidToolError extends McpError {
  override name = 'InvalidToolError'
  constructor(
    readonly tool: string,
    readonly reason: string,
  ) {
    super(`Tool "${tool}" was rejected: ${reason}`)
  }
}

/** The typed error for a JSON-RPC error object received from a server. */
export function toError(e: { code: number; message: string; data?: unknown }): JsonRpcError {
  const Class =
    e.code === ERROR_CODES.unsupportedProtocolVersion
      ? UnsupportedProtocolVersionError
      : e.code === ERROR_CODES.headerMismatch
        ? HeaderMismatchError
        : e.code === ERROR_CODES.missingRequiredClientCapability
          ? MissingClientCapabilityError
          : JsonRpcError
  return new Class(e.code, e.message, e.data)
}

registerErrorClasses({
  McpError,
  HttpError,
  JsonRpcError,
  HeaderMismatchError,
  MissingClientCapabilityError,
  UnsupportedProtocolVersionError,
  ProtocolError,
  UnknownResultTypeError,
  ResponseTooLargeError,
  TimeoutError,
  AbortError,
  StreamError,
  PageLimitError,
  SchemaError,
  InvalidArgumentsError,
  InvalidStructuredContentError,
  InvalidToolError,
})
