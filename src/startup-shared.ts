/**
 * What the client's lazy chunks use of the code loaded at startup, in one module: every file that only a lazy chunk
 * loads (the call's code, input rounds, tasks, the legacy era and its transports, approval, the connection doctor,
 * the schema validator) imports startup code from here, never from the startup files themselves.
 *
 * Why: a bundler that splits code (esbuild, Rollup) puts each module in the chunk of the set of entries that reach it.
 * Lazy chunks reaching startup modules in different combinations made one startup chunk per combination (11 chunks
 * before the first request, 2.6 KB gzip more than the same code as one file). Through this module every lazy chunk
 * reaches the same set, so the startup code is the entry's chunk and one shared chunk.
 *
 * A bundling seam, not a layer: it holds no code. A new import of startup code in a lazy file goes through here (a
 * file reached only from the entry imports directly); `npm run bench` shows the startup chunk count.
 */
export { methodPrefix } from './cache/policy.js'
export {
  AbortError,
  ApprovalTimeoutError,
  HeaderMismatchError,
  HttpError,
  InvalidArgumentsError,
  InvalidStructuredContentError,
  JsonRpcError,
  McpError,
  MissingClientCapabilityError,
  ProtocolError,
  RoundLimitError,
  SchemaError,
  StreamError,
  TaskCancelledError,
  TaskExpiredError,
  TaskFailedError,
  TaskNotFoundError,
  TimeoutError,
  ToolCallDeniedError,
  toError,
} from './protocol/errors.js'
export {
  CorsHeadersMissingError,
  HeaderNotAllowedError,
  MixedContentError,
  ServerUnreachableError,
  SessionIdNotExposedError,
} from './protocol/connection-errors.js'
export { decodeMessage, parseJson } from './protocol/jsonrpc.js'
export { LEGACY_PROTOCOL_VERSIONS, META } from './protocol/meta.js'
export { INPUT_METHODS, traitsOf } from './protocol/methods.js'
export { crossOriginPage, paramHeaders, postHeaders } from './transport/headers.js'
export { postRequest } from './transport/http.js'
export { SCHEMA_LIMITS } from './schema/limits.js'
export { walkSchema } from './schema/walk.js'
export { metaWithProgressToken } from './client/era.js'
export { INPUT_CAPABILITIES, InputRequiredError, capabilitiesToAnswer, declares, mergeCapabilities } from './client/input-required.js'
export { backoffMs, sleep } from './client/listen-stream.js'
export { callBack, callerProgressToken, isInvalidParams } from './client/requests.js'
export { serverInfoOf } from './client/server-info.js'
export { TASKS_EXTENSION, declaresTasks } from './client/task-types.js'
export { toolHints } from './client/tool-hints.js'
export { loadOnce } from './client/load-once.js'
