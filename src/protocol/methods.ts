/**
 * What each request method is, in one table: whether its results may be
 * cached, whether sending it twice is harmless, whether the server may answer
 * it with input requests, what its `Mcp-Name` header carries, and which
 * result member a list page fills. The client, the transport's headers and
 * the tests read it here instead of each keeping a part. (In protocol/, not
 * client/: the transport below the client reads it too.)
 */
interface MethodTraits {
  /** Its complete results carry cache hints and may be kept. */
  cacheable?: true
  /** Sending it again changes nothing: identical calls in flight may share one, and a broken one is safe to retry. */
  idempotent?: true
  /** The server may answer `input_required` (a multi round-trip request). */
  mayAskForInput?: true
  /** The params member the `Mcp-Name` header mirrors. */
  mcpName?: 'name' | 'uri' | 'taskId'
  /** The server may answer with a task (`resultType: "task"`) when the client declared the Tasks extension. */
  mayBecomeTask?: true
  /** The result member a page of this list fills. */
  listField?: (typeof LIST_FIELD)[keyof typeof LIST_FIELD]
}

/** The result member each list method's pages fill. */
export const LIST_FIELD = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
} as const

export const METHODS: Readonly<Record<string, MethodTraits | undefined>> = {
  'server/discover': { cacheable: true, idempotent: true },
  'tools/list': { cacheable: true, idempotent: true, listField: 'tools' },
  'resources/list': { cacheable: true, idempotent: true, listField: 'resources' },
  'resources/templates/list': { cacheable: true, idempotent: true, listField: 'resourceTemplates' },
  'prompts/list': { cacheable: true, idempotent: true, listField: 'prompts' },
  'resources/read': { cacheable: true, idempotent: true, mayAskForInput: true, mcpName: 'uri' },
  'prompts/get': { idempotent: true, mayAskForInput: true, mcpName: 'name' },
  'completion/complete': { idempotent: true },
  'tools/call': { mayAskForInput: true, mcpName: 'name', mayBecomeTask: true },
  'subscriptions/listen': {},
  // The Tasks extension (io.modelcontextprotocol/tasks): each names its task in Mcp-Name.
  'tasks/get': { idempotent: true, mcpName: 'taskId' },
  'tasks/update': { mcpName: 'taskId' },
  'tasks/cancel': { mcpName: 'taskId' },
  // The Skills extension (io.modelcontextprotocol/skills).
  'skills/list': { cacheable: true, idempotent: true },
  'skills/get': { cacheable: true, idempotent: true },
  'resources/directory/read': { idempotent: true },
}

/** The traits of `method`; none for a method this table does not know (or an inherited name such as `constructor`). */
export const traitsOf = (method: string): MethodTraits => (Object.hasOwn(METHODS, method) && METHODS[method]) || {}

/** The requests a server may put in `inputRequests`, and the input handler (`InputHandlers` key) that answers each. */
export const INPUT_METHODS: Readonly<Record<string, 'elicitation' | 'sampling' | 'roots' | undefined>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
}
