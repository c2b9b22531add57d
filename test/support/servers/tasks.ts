// Tasks (the io.modelcontextprotocol/tasks extension, ext-tasks' specification/draft/tasks.md) on the official SDK
// server: no official package serves the 2026-07-28 tasks yet, so tools/call → task, tasks/get, tasks/update and
// tasks/cancel are built here on the SDK's request handlers, faithful to the text:
// - a task answer only to a client that declared the extension; a task tool called by one that did not: -32021
//   naming it (so is every tasks/* request of an undeclared client);
// - every tasks/* request must carry Mcp-Name: <taskId> (else -32020: the SDK's own header check, SEP-2663's binding);
// - an unknown or purged task id: -32602; tasks/result and tasks/list (2025-11-25) are not served: -32601.
// Every task answer is checked against ext-tasks' core/v2 schemas as it leaves (`schemaProblems`, `checkedAnswers`).
//
// The tools (times in ms, from the arguments so tests stay fast):
// - `count` {steps, stepMs, pollIntervalMs}: working, "step i of n" each step, then completed ("counted to n"); the
//   `finish` switch ends it at once, as its last step would, so a test's long count ends when its checks are done.
// - `ask_name` {stepMs, settleMs}: working, then input_required with a form elicitation (key "name"); once answered
//   through tasks/update (and `settleMs` later: polls meanwhile see the same request), working, then completed ("Hello, <name>").
// - `fail` {stepMs}: working, then failed with a JSON-RPC error (-32603, "API rate limit exceeded").
// - `expire` {ttlMs}: works forever; the server drops it when its TTL passes (tasks/get: -32602 "Task has expired").
// - `endless` {pollIntervalMs}: works until tasks/cancel, then cancelled.
// - `server_cancels` {stepMs}: cancelled by the server after a step.
// - `instant`: an ordinary result, never a task.
// - `rogue_task`: breaks the text: a task even to a client that did not declare the extension.
// Switches (controlServer('tasks', …)): `stats`; `finish` {taskId}: a running `count` ends now, completed with its result;
// `fail-polls` {count}: the next `count` tasks/get are answered HTTP 500, as a server failing for a moment would;
// `drop-polls` {count}: the next `count` tasks/get get no answer, their connection cut (a network failure).
// Hostile tasks (every payload sets `window.__pwned` if it ever runs; see hostile.ts), hostile in what they say, not in
// the protocol: like the tools above they ask a call that did not declare the extension for it (-32021). A call can be
// sent before the client's server/discover has answered, from a tool list shown from the cache (WebKit did): a task
// sent to it anyway is what rogue_task tests, and the client refuses it.
// - `hostile_task`: a task id, status message (also absurdly long) with markup and a javascript: URL, a TTL of
//   Number.MAX_VALUE, pollIntervalMs -1 in the task answer and 0 in every tasks/get; works until cancelled.
// - `hostile_fail`: fails with markup in its error message and status message.
// - `hostile_status`: tasks/get answers a status the text does not have ("paused").
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import {
  CancelTaskRequestV2Schema,
  CancelTaskResultV2Schema,
  CreateTaskResultV2Schema,
  GetTaskRequestV2Schema,
  GetTaskResultV2Schema,
  UpdateTaskRequestV2Schema,
  UpdateTaskResultV2Schema,
} from '@modelcontextprotocol/ext-tasks/core/v2'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { serveMcp, type TestServer } from '../fixture-server.js'
import { hostileHtml } from './hostile.js'

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'
const CAPS_KEY = 'io.modelcontextprotocol/clientCapabilities'

type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

interface ServerTask {
  taskId: string
  tool: string
  status: Status
  statusMessage?: string
  createdAt: string
  createdMs: number
  lastUpdatedAt: string
  ttlMs: number | null
  pollIntervalMs: number
  inputRequests?: Record<string, unknown>
  /** Keys answered through tasks/update (never asked again). */
  answered: Record<string, any>
  result?: Record<string, unknown>
  error?: { code: number; message: string }
  timers: Set<ReturnType<typeof setTimeout>>
  /** The tools/call arguments. */
  args: Record<string, any>
  /** Answered, not yet acted on (`settleMs`). */
  settling?: boolean
  /** Ends a `count` at once, as its last step would (the `finish` switch). */
  finish?: () => void
}

export interface TasksServer extends TestServer {
  /** Every tasks/get seen: which task, when (ms since the epoch). */
  polls: Array<{ taskId: string; at: number }>
  /** tasks/cancel requests seen, by task id. */
  cancels: string[]
  /** tasks/update requests seen: task id and inputResponses. */
  updates: Array<{ taskId: string; inputResponses: unknown }>
  /** Task answers (and tasks/* requests) that ext-tasks' core/v2 schemas refused, with why. */
  schemaProblems: string[]
  /** How many task answers and requests were checked against the schemas. */
  checkedAnswers: number
  tasks: Map<string, ServerTask>
}

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })
const declared = (envelope: any) => Object.hasOwn(envelope?.[CAPS_KEY]?.extensions ?? {}, TASKS_EXTENSION)
const missingCapability = () =>
  new ProtocolError(-32021 as ProtocolErrorCode, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } })

export async function startServer(): Promise<TasksServer> {
  const tasks = new Map<string, ServerTask>()
  const polls: TasksServer['polls'] = []
  const cancels: string[] = []
  const updates: TasksServer['updates'] = []
  const schemaProblems: string[] = []
  let checkedAnswers = 0
  let failPolls = 0
  let dropPolls = 0

  const touch = (task: ServerTask, change: Partial<ServerTask>) => {
    Object.assign(task, change, { lastUpdatedAt: new Date().toISOString() })
  }
  const later = (task: ServerTask, ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      task.timers.delete(timer)
      if (tasks.get(task.taskId) === task) fn()
    }, ms)
    task.timers.add(timer)
  }
  const end = (task: ServerTask, change: Partial<ServerTask>) => {
    touch(task, { ...change, inputRequests: undefined })
    for (const timer of task.timers) clearTimeout(timer)
    task.timers.clear()
  }
  const wire = (task: ServerTask) => ({
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage !== undefined && { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  })
  const create = (tool: string, args: Record<string, any>, ttlMs: number | null): ServerTask => {
    const now = new Date()
    const task: ServerTask = {
      taskId: randomUUID(),
      tool,
      status: 'working',
      statusMessage: 'Started',
      createdAt: now.toISOString(),
      createdMs: now.getTime(),
      lastUpdatedAt: now.toISOString(),
      ttlMs,
      pollIntervalMs: Number(args.pollIntervalMs ?? 100),
      answered: {},
      timers: new Set(),
      args,
    }
    tasks.set(task.taskId, task)
    if (ttlMs !== null) {
      // Past its TTL the task is dropped: tasks/get then answers -32602 (tasks.md, "Task expired").
      const timer = setTimeout(() => {
        for (const t of task.timers) clearTimeout(t)
        tasks.delete(task.taskId)
        expired.add(task.taskId)
      }, ttlMs)
      timer.unref?.()
    }
    return task
  }
  const expired = new Set<string>()

  // What each tool does once it is a task.
  const run: Record<string, (task: ServerTask, args: Record<string, any>) => void> = {
    count(task, args) {
      const steps = Number(args.steps ?? 3)
      const stepMs = Number(args.stepMs ?? 150)
      const step = (i: number) => {
        if (i > steps) return end(task, { status: 'completed', statusMessage: `Counted to ${steps}`, result: { ...text(`counted to ${steps}`), isError: false } })
        touch(task, { statusMessage: `Step ${i} of ${steps}` })
        later(task, stepMs, () => step(i + 1))
      }
      later(task, stepMs, () => step(1))
      task.finish = () => step(steps + 1)
    },
    ask_name(task, args) {
      later(task, Number(args.stepMs ?? 150), () =>
        touch(task, {
          status: 'input_required',
          statusMessage: 'Waiting for your name',
          inputRequests: {
            name: {
              method: 'elicitation/create',
              params: {
                mode: 'form',
                message: 'Please enter your name.',
                requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
              },
            },
          },
        }),
      )
    },
    fail(task, args) {
      later(task, Number(args.stepMs ?? 150), () =>
        end(task, { status: 'failed', statusMessage: 'Tool execution failed: API rate limit exceeded', error: { code: -32603, message: 'API rate limit exceeded' } }),
      )
    },
    expire() {},
    endless() {},
    bad_output(task, args) {
      // Completes with structuredContent its outputSchema ({ sum: number }) refuses.
      later(task, Number(args.stepMs ?? 150), () =>
        end(task, { status: 'completed', statusMessage: 'Done', result: { ...text('sum: many'), structuredContent: { sum: 'many' }, isError: false } }),
      )
    },
    server_cancels(task, args) {
      later(task, Number(args.stepMs ?? 150), () => end(task, { status: 'cancelled', statusMessage: 'Stopped by an operator' }))
    },
  }
  const taskTools = Object.keys(run)
  const hostileTools = ['hostile_task', 'hostile_fail', 'hostile_status']
  /** A hostile task: its id and messages carry markup; its times are absurd (see the list above). */
  const hostile = (name: string, args: Record<string, any>): ServerTask => {
    // Created without a TTL (a TTL timer of Number.MAX_VALUE ms would fire at once), then given the absurd one.
    const task = create(name, args, null)
    tasks.delete(task.taskId)
    task.taskId = `${hostileHtml(`task.id.${name}`)}-${task.taskId}`
    tasks.set(task.taskId, task)
    task.ttlMs = Number.MAX_VALUE
    task.pollIntervalMs = -1
    task.statusMessage = `${hostileHtml(`task.status-message.${name}`)} javascript:alert(1) ${'long '.repeat(40_000)}`
    if (name === 'hostile_fail')
      later(task, 150, () => end(task, { status: 'failed', statusMessage: hostileHtml('task.failed-message'), error: { code: -32603, message: hostileHtml('task.error') } }))
    if (name === 'hostile_status') later(task, 150, () => touch(task, { status: 'paused' as Status }))
    return task
  }

  const check = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown, what: string) => {
    checkedAnswers++
    const parsed = schema.safeParse(value)
    if (!parsed.success) schemaProblems.push(`${what}: ${String(parsed.error)}`)
  }

  const makeServer = () => {
    const mcp = new McpServer({ name: 'tasks-fixture', version: '1.0.0' }, { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } as never })
    // The times each tool takes, in ms (see the list above); all optional.
    const inputSchema = z.object({
      steps: z.number().int().min(1).optional(),
      stepMs: z.number().int().min(0).optional(),
      pollIntervalMs: z.number().int().min(0).optional(),
      ttlMs: z.number().int().min(1).optional(),
      settleMs: z.number().int().min(0).optional(),
      note: z.string().optional(),
    })
    for (const name of [...taskTools, ...hostileTools, 'instant', 'rogue_task']) {
      const outputSchema = name === 'bad_output' ? z.object({ sum: z.number() }) : undefined
      mcp.registerTool(name, { description: `Tasks fixture: ${name}`, inputSchema, ...(outputSchema && { outputSchema }) }, async () => text(`${name} done at once`))
    }
    const server = mcp.server as unknown as {
      _getRequestHandler(method: string): (request: any, ctx: any) => Promise<any>
      setRequestHandler(method: string, ...rest: any[]): void
    }
    const original = server._getRequestHandler('tools/call')
    server.setRequestHandler('tools/call', async (request: any, ctx: any) => {
      const name: string = request.params?.name
      if (name === 'rogue_task') return { resultType: 'task', ...wire(create(name, {}, 60_000)) }
      if (!taskTools.includes(name) && !hostileTools.includes(name)) return original(request, ctx)
      // A task only to a client that declared the extension on this very request; these tools run only as tasks.
      if (!declared(ctx.mcpReq.envelope)) throw missingCapability()
      if (hostileTools.includes(name)) return { resultType: 'task', ...wire(hostile(name, request.params?.arguments ?? {})) }
      const given = (request.params?.arguments ?? {}) as Record<string, any>
      const task = create(name, given, given.ttlMs === undefined ? 60_000 : Number(given.ttlMs))
      run[name]!(task, given)
      return { resultType: 'task', ...wire(task) }
    })
    const taskParams = z.object({ taskId: z.string() }).catchall(z.unknown())
    const found = (envelope: any, taskId: string): ServerTask => {
      if (!declared(envelope)) throw missingCapability()
      const task = tasks.get(taskId)
      if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task: ${expired.has(taskId) ? 'Task has expired' : 'Task not found'}`)
      return task
    }
    server.setRequestHandler('tasks/get', { params: taskParams }, async (params: any, ctx: any) => {
      polls.push({ taskId: params.taskId, at: Date.now() })
      const task = found(ctx.mcpReq.envelope, params.taskId)
      // A hostile task asks to be polled without pause once it runs.
      if (hostileTools.includes(task.tool)) task.pollIntervalMs = 0
      return {
        ...wire(task),
        ...(task.status === 'input_required' && { inputRequests: task.inputRequests }),
        ...(task.status === 'completed' && { result: task.result }),
        ...(task.status === 'failed' && { error: task.error }),
      }
    })
    server.setRequestHandler('tasks/update', { params: taskParams }, async (params: any, ctx: any) => {
      const task = found(ctx.mcpReq.envelope, params.taskId)
      // The SDK lifts `inputResponses` (an MRTR member) out of params into the context.
      const inputResponses = params.inputResponses ?? ctx.mcpReq.inputResponses
      updates.push({ taskId: task.taskId, inputResponses })
      // Keys not outstanding are ignored (tasks.md, "Task Update Requests").
      const outstanding = task.status === 'input_required' ? Object.keys(task.inputRequests ?? {}) : []
      for (const [key, answer] of Object.entries(inputResponses ?? {})) if (outstanding.includes(key)) task.answered[key] = answer
      if (outstanding.length && outstanding.every((key) => key in task.answered) && !task.settling) {
        const answer = task.answered.name as { action?: string; content?: { name?: string } } | undefined
        const proceed = () => {
          touch(task, { status: 'working', statusMessage: 'Thanks, working on it', inputRequests: undefined })
          later(task, 150, () =>
            end(task, {
              status: 'completed',
              statusMessage: 'Done',
              result: { ...text(answer?.action === 'accept' ? `Hello, ${answer.content?.name}!` : `No name (${answer?.action})`), isError: false },
            }),
          )
        }
        // Eventually consistent (tasks.md): with `settleMs`, polls keep seeing input_required, the same request, a while.
        const settleMs = Number(task.args.settleMs ?? 0)
        if (settleMs > 0) {
          task.settling = true
          later(task, settleMs, proceed)
        } else proceed()
      }
      return {}
    })
    server.setRequestHandler('tasks/cancel', { params: taskParams }, async (params: any, ctx: any) => {
      const task = found(ctx.mcpReq.envelope, params.taskId)
      cancels.push(task.taskId)
      if (task.status === 'working' || task.status === 'input_required') end(task, { status: 'cancelled', statusMessage: 'Cancelled at the client’s request' })
      return {}
    })
    return mcp
  }

  const served = await serveMcp(makeServer, {
    cors: true,
    async front(request, body, next) {
      const method: unknown = body?.method
      if (method === 'tasks/get' && failPolls > 0) {
        failPolls--
        return new Response('tasks fixture: failing this poll (fail-polls)', { status: 500, headers: { 'content-type': 'text/plain' } })
      }
      if (method === 'tasks/get' && dropPolls > 0) {
        dropPolls--
        return Response.error()
      }
      if (method !== 'tasks/get' && method !== 'tasks/update' && method !== 'tasks/cancel') {
        if (method !== 'tools/call') return next()
        const response = await next()
        const result = await answerOf(response)
        if (result?.resultType === 'task') check(CreateTaskResultV2Schema, stripContent(result), 'tools/call → task')
        return response
      }
      // Routing header (tasks.md, "Streamable HTTP: Routing Headers"): the SDK answers -32020 when Mcp-Name is not the task id.
      const request_ = { jsonrpc: body.jsonrpc, id: body.id, method, params: { ...body.params } }
      delete request_.params._meta
      if (method === 'tasks/get') check(GetTaskRequestV2Schema, request_, 'tasks/get request')
      if (method === 'tasks/update') check(UpdateTaskRequestV2Schema, request_, 'tasks/update request')
      if (method === 'tasks/cancel') check(CancelTaskRequestV2Schema, request_, 'tasks/cancel request')
      const response = await next()
      const result = await answerOf(response)
      if (result && method === 'tasks/get') check(GetTaskResultV2Schema, result, 'tasks/get answer')
      if (result && method === 'tasks/update') check(UpdateTaskResultV2Schema, result, 'tasks/update answer')
      if (result && method === 'tasks/cancel') check(CancelTaskResultV2Schema, result, 'tasks/cancel answer')
      return response
    },
  })

  const server: TasksServer = {
    ...served,
    polls,
    cancels,
    updates,
    schemaProblems,
    tasks,
    get checkedAnswers() {
      return checkedAnswers
    },
    control(action: string, body: any) {
      if (action === 'stats') return { polls, cancels, updates, schemaProblems, checkedAnswers }
      if (action === 'finish') {
        const task = tasks.get(String(body?.taskId))
        if (!task?.finish || task.status !== 'working') throw new Error(`no running count task ${body?.taskId}`)
        return void task.finish()
      }
      if (action === 'fail-polls') return void (failPolls = Number(body?.count ?? 1))
      if (action === 'drop-polls') return void (dropPolls = Number(body?.count ?? 1))
      throw new Error(`unknown action ${action}`)
    },
    async close() {
      for (const task of tasks.values()) for (const timer of task.timers) clearTimeout(timer)
      await served.close()
    },
  }
  return server
}

/**
 * The JSON-RPC result of a response, read from a clone: a JSON body, or the first `data:` of an SSE stream (which the
 * SDK may keep open: only that far is read). Undefined for an error or anything else.
 */
async function answerOf(response: Response): Promise<Record<string, any> | undefined> {
  const reader = response.clone().body?.getReader()
  if (!reader) return undefined
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (value) text += decoder.decode(value, { stream: true })
      const json = text.trimStart().startsWith('{') ? (done ? text : undefined) : /^data: ?(.*)$/m.exec(text.split('\n\n').length > 1 ? text : '')?.[1]
      if (json !== undefined) return JSON.parse(json).result
      if (done) return undefined
    }
  } catch {
    return undefined
  } finally {
    reader.cancel().catch(() => {})
  }
}

/** The SDK adds `content: []` to every tools/call result, tasks too; the schema's object is not strict, but say so. */
const stripContent = ({ content: _content, ...rest }: Record<string, any>) => rest
