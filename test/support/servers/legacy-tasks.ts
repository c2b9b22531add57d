// A 2025-11-25 server with that revision's experimental tasks: the official SDK v1 (@modelcontextprotocol/sdk 1.x,
// Streamable HTTP with sessions) and its own task machinery (`experimental/tasks`: registerToolTask, the task store,
// the message queue that side-channels a task's elicitation through tasks/result; the Protocol serves tasks/get,
// tasks/result, tasks/list and tasks/cancel). ext-tasks' `receiver` binds to an SDK *Client* (the receiver of
// task-augmented sampling and elicitation a server sends) and cannot serve tools/call, so it has no part here; its
// core/v1 schemas check every tools/call, tasks/get, tasks/result and tasks/cancel the client sends and every answer.
//
// The store and queue are shared by the sessions and ignore which session asks: a task outlives the session that made
// it (a reloaded page opens a new session; the text binds tasks to an authorization context, which this server lacks).
//
// The tools (times in ms, from the arguments so tests stay fast), each `taskSupport: required` unless said:
// - `count` {steps, stepMs, pollInterval}: "Started", "Step i of n" each step, then completed ("counted to n").
// - `count_optional`: the same, `taskSupport: optional`.
// - `ask_name` {stepMs}: "Started", then input_required with an elicitation queued for tasks/result; once answered,
//   working ("Got <name>"), then completed ("Hello, <name>"); refused (no handler), failed ("No answer: …").
// - `fail` {stepMs}: "Started", then failed with the tool's result `isError` ("API rate limit exceeded").
// - `crash` {stepMs}: failed with no result: tasks/result answers a JSON-RPC error.
// - `endless` {pollInterval}: works until tasks/cancel.
// - `server_cancels` {stepMs}: cancelled by the server ("Stopped by an operator").
// - `expire` {ttl, pollInterval}: works forever; the store drops it when its TTL passes (then -32602).
// - `echo`: an ordinary tool (`taskSupport: forbidden`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import {
  InMemoryTaskMessageQueue,
  InMemoryTaskStore,
  type CreateTaskOptions,
  type QueuedMessage,
} from '@modelcontextprotocol/sdk/experimental/tasks'
import { ElicitResultSchema, type Request, type RequestId, type Result, type Task } from '@modelcontextprotocol/sdk/types.js'
import {
  CallToolAsTaskRequestV1Schema,
  CancelTaskRequestV1Schema,
  CancelTaskResultV1Schema,
  CreateTaskResultV1Schema,
  GetTaskRequestV1Schema,
  GetTaskResultRequestV1Schema,
  GetTaskResultV1Schema,
  TaskResultV1Schema,
} from '@modelcontextprotocol/ext-tasks/core/v1'
import { z } from 'zod'
import { cors, readBody } from '../legacy-server.js'
import type { RecordedRequest } from '../fixture-server.js'

export interface LegacyTasksServer {
  url: string
  origin: string
  stats: { requests: RecordedRequest[] }
  /** Every tasks/get seen: which task, when (ms since the epoch). */
  polls: Array<{ taskId: string; at: number }>
  /** tasks/cancel requests seen, by task id. */
  cancels: string[]
  /** Requests and answers that ext-tasks' core/v1 schemas refused, with why. */
  schemaProblems: string[]
  /** How many requests and answers were checked against them. */
  checked: number
  /** The task as the server keeps it now (undefined once purged or expired). */
  task(taskId: string): Promise<Task | null>
  /** Forgets a task, as a server that purged it would. */
  purge(taskId: string): void
  close(): Promise<void>
}

/** The task store, shared by every session and deaf to which one asks (see the header). */
class SharedTaskStore extends InMemoryTaskStore {
  override createTask(params: CreateTaskOptions, requestId: RequestId, request: Request) {
    return super.createTask(params, requestId, request)
  }
  override getTask(taskId: string) {
    return super.getTask(taskId)
  }
  override storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result) {
    return super.storeTaskResult(taskId, status, result)
  }
  override getTaskResult(taskId: string) {
    return super.getTaskResult(taskId)
  }
  override updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string) {
    return super.updateTaskStatus(taskId, status, statusMessage)
  }
  override listTasks(cursor?: string) {
    return super.listTasks(cursor)
  }
  purge(taskId: string): void {
    ;(this as unknown as { tasks: Map<string, unknown> }).tasks.delete(taskId)
  }
}

class SharedMessageQueue extends InMemoryTaskMessageQueue {
  override enqueue(taskId: string, message: QueuedMessage, _sessionId?: string, maxSize?: number) {
    return super.enqueue(taskId, message, undefined, maxSize)
  }
  override dequeue(taskId: string) {
    return super.dequeue(taskId)
  }
  override dequeueAll(taskId: string) {
    return super.dequeueAll(taskId)
  }
}

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
type Schema = { safeParse(v: unknown): { success: boolean; error?: unknown } }

export async function startServer(): Promise<LegacyTasksServer> {
  const store = new SharedTaskStore()
  const queue = new SharedMessageQueue()
  const requests: RecordedRequest[] = []
  const polls: LegacyTasksServer['polls'] = []
  const cancels: string[] = []
  const schemaProblems: string[] = []
  let checked = 0
  const check = (schema: Schema, value: unknown, what: string) => {
    checked++
    const parsed = schema.safeParse(value)
    if (!parsed.success) schemaProblems.push(`${what}: ${String(parsed.error)}`)
  }
  const live = new Map<string, { server: McpServer; transport: StreamableHTTPServerTransport }>()
  /** Background work still running when the server closes is let go. */
  let closed = false
  const running = async (taskId: string) => !closed && (await store.getTask(taskId))?.status === 'working'
  const step = async (taskId: string, message: string) => {
    if (await running(taskId)) await store.updateTaskStatus(taskId, 'working', message)
  }

  const makeServer = () => {
    const server = new McpServer(
      { name: 'legacy-tasks-fixture', version: '1.0.0' },
      { capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }, taskStore: store, taskMessageQueue: queue },
    )
    /** A task tool: `work` runs in the background once the task is made. */
    const taskTool = (
      name: string,
      inputSchema: z.ZodRawShape,
      options: (args: any) => CreateTaskOptions,
      work: (taskId: string, args: any) => Promise<void>,
      taskSupport: 'required' | 'optional' = 'required',
    ) =>
      server.experimental.tasks.registerToolTask(name, { description: name, inputSchema, execution: { taskSupport } }, {
        createTask: async (args: any, extra: any) => {
          const task = await extra.taskStore.createTask(options(args))
          await store.updateTaskStatus(task.taskId, 'working', 'Started')
          void work(task.taskId, args).catch(() => {})
          return { task: { ...task, statusMessage: 'Started' } }
        },
        getTask: async (_args: any, extra: any) => (await store.getTask(extra.taskId))!,
        getTaskResult: async (_args: any, extra: any) => (await store.getTaskResult(extra.taskId)) as any,
      } as any)
    const count = async (taskId: string, { steps, stepMs }: { steps: number; stepMs: number }) => {
      for (let i = 1; i <= steps; i++) {
        await sleep(stepMs)
        await step(taskId, `Step ${i} of ${steps}`)
      }
      if (!(await running(taskId))) return
      await store.updateTaskStatus(taskId, 'working', `Counted to ${steps}`)
      await store.storeTaskResult(taskId, 'completed', text(`counted to ${steps}`))
    }
    const counting = { steps: z.number(), stepMs: z.number(), pollInterval: z.number() }
    const ttlOf = (args: { pollInterval?: number }) => ({ ttl: 60_000, pollInterval: args.pollInterval ?? 50 })
    taskTool('count', counting, ttlOf, count)
    taskTool('count_optional', counting, ttlOf, count, 'optional')
    taskTool('ask_name', { stepMs: z.number() }, ttlOf, async (taskId, { stepMs }) => {
      await sleep(stepMs)
      if (!(await running(taskId))) return
      await store.updateTaskStatus(taskId, 'input_required', 'Waiting for your name')
      // Queued for the task (related-task _meta): delivered on the client's tasks/result stream, answered by POST.
      const answer = await server.server
        .request(
          {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'What is your name?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string', title: 'Name', default: 'Ada' } },
                required: ['name'],
              },
            },
          },
          ElicitResultSchema,
          { relatedTask: { taskId }, timeout: 30_000 },
        )
        .catch(async (error: Error) => {
          // Refused (a client with no handler answers an error): the tool fails with it.
          await store.storeTaskResult(taskId, 'failed', { ...text(`No answer: ${error.message}`), isError: true })
        })
      if (!answer) return
      const name = answer.action === 'accept' ? String(answer.content?.name) : answer.action
      await store.updateTaskStatus(taskId, 'working', `Got ${name}`)
      await sleep(stepMs)
      if (await running(taskId)) await store.storeTaskResult(taskId, 'completed', text(`Hello, ${name}`))
    })
    taskTool('fail', { stepMs: z.number() }, ttlOf, async (taskId, { stepMs }) => {
      await sleep(stepMs)
      await step(taskId, 'Tool execution failed: API rate limit exceeded')
      if (await running(taskId)) await store.storeTaskResult(taskId, 'failed', { ...text('API rate limit exceeded'), isError: true })
    })
    taskTool('crash', { stepMs: z.number() }, ttlOf, async (taskId, { stepMs }) => {
      await sleep(stepMs)
      // Failed with no result kept: tasks/result answers the store's error (a JSON-RPC error, -32603).
      if (await running(taskId)) await store.updateTaskStatus(taskId, 'failed', 'The worker crashed')
    })
    taskTool('endless', { pollInterval: z.number() }, ttlOf, async () => {})
    taskTool('server_cancels', { stepMs: z.number() }, ttlOf, async (taskId, { stepMs }) => {
      await sleep(stepMs)
      if (await running(taskId)) await store.updateTaskStatus(taskId, 'cancelled', 'Stopped by an operator')
    })
    taskTool(
      'expire',
      { ttl: z.number(), pollInterval: z.number() },
      ({ ttl, pollInterval }) => ({ ttl, pollInterval }),
      async () => {},
    )
    server.registerTool('echo', { description: 'Echoes text', inputSchema: { text: z.string() } }, async ({ text: t }) => text(t))

    // Every task request and answer checked against ext-tasks' core/v1 schemas; polls and cancels counted.
    const handlers = (server.server as unknown as { _requestHandlers: Map<string, (r: any, e: any) => Promise<any>> })._requestHandlers
    const watch = (method: string, requestSchema: Schema | undefined, answerSchema: Schema, onRequest?: (r: any) => void) => {
      const original = handlers.get(method)!
      handlers.set(method, async (request, extra) => {
        if (requestSchema) check(requestSchema, request, `${method} request`)
        onRequest?.(request)
        const answer = await original(request, extra)
        check(answerSchema, answer, `${method} answer`)
        return answer
      })
    }
    const original = handlers.get('tools/call')!
    handlers.set('tools/call', async (request, extra) => {
      if (request.params?.task === undefined) return original(request, extra)
      check(CallToolAsTaskRequestV1Schema, request, 'tools/call (task) request')
      const answer = await original(request, extra)
      check(CreateTaskResultV1Schema, answer, 'tools/call → CreateTaskResult')
      return answer
    })
    watch('tasks/get', GetTaskRequestV1Schema, GetTaskResultV1Schema, (r) => polls.push({ taskId: r.params.taskId, at: Date.now() }))
    watch('tasks/result', GetTaskResultRequestV1Schema, TaskResultV1Schema)
    watch('tasks/cancel', CancelTaskRequestV1Schema, CancelTaskResultV1Schema, (r) => cancels.push(r.params.taskId))
    return server
  }

  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    cors(res)
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    const body = req.method === 'POST' ? await readBody(req) : undefined
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
    requests.push({ method: req.method ?? '', headers, body })
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return void res.writeHead(404).end()
    try {
      const sessionId = headers['mcp-session-id']
      if (sessionId) {
        const entry = live.get(sessionId)
        if (!entry)
          return void res
            .writeHead(404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }))
        return void (await entry.transport.handleRequest(req, res, body))
      }
      const server = makeServer()
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void live.set(id, { server, transport }),
      })
      transport.onclose = () => transport.sessionId && live.delete(transport.sessionId)
      await server.connect(transport)
      await transport.handleRequest(req, res, body)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  const url = `http://127.0.0.1:${port}/mcp`
  return {
    url,
    origin: new URL(url).origin,
    stats: { requests },
    polls,
    cancels,
    schemaProblems,
    get checked() {
      return checked
    },
    task: (taskId) => store.getTask(taskId),
    purge: (taskId) => store.purge(taskId),
    async close() {
      closed = true
      await Promise.all([...live.values()].map((e) => e.server.close().catch(() => {})))
      store.cleanup()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
