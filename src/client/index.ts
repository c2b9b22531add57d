/**
 * `mcp-web-elements/client`: the headless MCP client. No DOM, no Lit; runs in
 * browsers and Node 20.
 */
export {
  McpClient,
  type McpClientOptions,
  type RequestOptions,
  type StaleOptions,
  type InputHandlers,
  type InputContext,
  type ToolCallOptions,
} from './McpClient.js'
// Human in the loop: the approval gate's shapes, the call log, annotations with the spec's defaults, tools for a model.
export type { CallOrigin, ApprovalGate, ApprovalRequest, ApprovalAnswer, ApprovalDecision } from './options.js'
export type { AlwaysAllowed } from './call/approval.js'
export { CallLog, type CallRecord, type CallRecordInit, type CallApproval } from './call/call-log.js'
export { toolHints, toolTitle, type ToolHints } from './tools/tool-hints.js'
export { modelTools, ModelTools, type ModelFunction, type ModelToolTarget, type ModelCallOptions } from './tools/model-tools.js'
export { Subscription } from './listen/subscription.js'
// How the library names a server: to an approval gate (namedServer), and to people (serverName).
export { serverName } from './server-info.js'
export { namedServer } from './call/named-server.js'
export type { McpClientEventMap, SubscriptionEventMap, ListenRetry } from './events.js'
export type { JsonRpcNotification } from '../protocol/jsonrpc.js'
export { InputRequiredError } from './call/input-required.js'
// Long-running tools: the Tasks extension (errors: TaskFailedError, TaskCancelledError, TaskExpiredError, TaskNotFoundError).
export {
  TASKS_EXTENSION,
  type Task,
  type TaskStatus,
  type StoredTask,
  type TaskFollowOptions,
  type TasksOptions,
  type TaskChange,
  type TaskRemovedReason,
} from './tasks/task-types.js'
// A kept task followed by several elements and tabs with one poll (Web Locks and the store's BroadcastChannel).
export { followTask, leadTask, hearTaskReports, type FollowOptions } from './tasks/task-follow.js'
export { checkArguments, validateAgainstSchema } from './call/validator.js'
// A request as it would go on the wire, for showing a call as code.
export { requestFor, type RequestPreview } from './request-preview.js'
// A server's connection check: what a browser needs of it, line by line, each failure with its fix (a lazy chunk).
export { checkConnection, type CheckLine, type CheckStatus, type CheckId, type ConnectionCheckOptions } from './connection-check/connection-check.js'
export { connectionReport } from './connection-check/report.js'
// Skills from servers (io.modelcontextprotocol/skills): entries, verified files (the errors: protocol/errors.ts).
// (Types only: a value of skill-types.ts here would put it in the startup bytes, as the lazy chunk uses it.)
export type { Skill, SkillFrontmatter, SkillResource, SkillFile, SkillReadOptions } from './skills/skill-types.js'
export { modelSkills, ModelSkills, type ModelSkill, type ModelSkillContent } from './skills/model-skills.js'
// The form model: a schema as plain fields, no DOM, for building forms on (the elements render it).
export {
  buildFormModel,
  type Field,
  type FieldKind,
  type FieldBase,
  type FormModelOptions,
  type StringField,
  type StringFormat,
  type NumberField,
  type BooleanField,
  type Choice,
  type SelectField,
  type MultiSelectField,
  type ConstField,
  type ObjectField,
  type ArrayField,
  type Variant,
  type VariantField,
  type JsonField,
} from '../schema/form-model.js'
export { initialValue, newItemValue, chooseVariant, buildArguments, toArgument } from '../schema/form-values.js'
export {
  checkValue,
  explainError,
  mapErrors,
  fieldPathFor,
  normalizeErrorPath,
  type FieldError,
} from '../schema/form-checks.js'
export {
  APPS_EXTENSION,
  APP_MIME_TYPE,
  APPS_PROTOCOL_VERSION,
  appsCapabilities,
  appResourceUri,
  toolVisibility,
  visibleToModel,
  visibleToApps,
  type AppsOptions,
  type AppDisplayMode,
  type AppFeature,
  type AppVisibility,
  type AppCsp,
  type AppPermissions,
  type AppResource,
} from './tools/apps.js'
export { readAppResource } from './tools/app-resource.js'
export { iconSourceAllowed, chooseIcon, type IconSourceOptions, type ChooseIconOptions } from './lists/icons.js'
export * from '../protocol/errors.js'
export * from '../protocol/connection-errors.js'
export * from './call/call-errors.js'
export * from './tools/app-errors.js'
export * from './tools/model-tool-errors.js'
export * from './skills/skill-errors.js'
// Saved calls: a call kept under a name per server and authorization context (a chunk of its own, not on the list's path).
export { savedCalls } from './saved/saved-calls.js'
export type { SavedCall, SavedCallInit, SavedCalls, SavedCallsImport } from './saved/saved-call-types.js'
export { SavedCallError, SavedCallImportError, type SavedCallProblem } from './saved/saved-call-errors.js'
export * from './tasks/task-errors.js'
export { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/meta.js'
export { MemoryCache } from '../cache/memory.js'
export type { CacheStore, CacheEntry } from '../cache/policy.js'
export type { ContextKey } from '../cache/context-key.js'
// Wire types most callers need; the rest are in protocol/generated.
export type {
  Tool,
  CallToolResult,
  ContentBlock,
  TextContent,
  ImageContent,
  AudioContent,
  ResourceLink,
  EmbeddedResource,
  Resource,
  ResourceTemplate,
  ReadResourceResult,
  TextResourceContents,
  BlobResourceContents,
  Prompt,
  PromptArgument,
  GetPromptResult,
  PromptMessage,
  CompleteResult,
  PromptReference,
  ResourceTemplateReference,
  DiscoverResult,
  ServerCapabilities,
  ClientCapabilities,
  Implementation,
  Icon,
  ElicitRequestParams,
  ElicitResult,
  CreateMessageRequestParams,
  CreateMessageResult,
  ListRootsResult,
  Root,
  InputRequests,
  InputResponses,
  SubscriptionFilter,
  LoggingLevel,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
} from '../protocol/generated/2026-07-28.js'
