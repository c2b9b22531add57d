// Long-running tools: the Tasks extension (issue 22), against test/support/servers/tasks.ts (the official SDK server
// with tasks/get, tasks/update and tasks/cancel built on its request handlers) over real HTTP. Every task answer the
// server sends, and every tasks/* request the client sends, is checked against ext-tasks' core/v2 schemas
// (`schemaProblems` must stay empty). Polling is counted on the server.
import { after, before, describe, test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import {
  AbortError,
  InputRequiredError,
  InvalidStructuredContentError,
  JsonRpcError,
  McpClient,
  MemoryCache,
  MissingClientCapabilityError,
  TASKS_EXTENSION,
  TaskCancelledError,
  TaskExpiredError,
  TaskFailedError,
  TaskNotFoundError,
  StreamError,
  UnknownResultTypeError,
  followTask,
  type McpClientOptions,
  type Task,
  type TaskChange,
} from '../../src/client/index.js'
import { startServer } from '../support/servers/tasks.js'
import { assertInOrder, assertIs, failure, until } from '../support/assert.js'

const BOUND = { timeout: 20_000 }
// The tests mostly wait (task steps, poll intervals, timers), so a group's tests run side by side, each on a server of
// its own; the groups run one after another, so that only a few tests at a time share the process.
const SIDE_BY_SIDE = { concurrency: true }

/**
 * A server of the test's own, closed after it: a group's tests run side by side, so the requests, polls and cancels a
 * test counts are its own. Its task answers and tasks/* requests are checked against ext-tasks' core/v2 schemas at the end.
 */
async function setUp(t: TestContext) {
  const server = await startServer()
  const clients: McpClient[] = []
  t.after(async () => {
    // A test that failed midway stops its clients' polls with it, rather than have them poll its closed server.
    for (const c of clients) c.close()
    try {
      assert.deepEqual(server.schemaProblems, [], 'every task answer and tasks/* request fits ext-tasks core/v2')
    } finally {
      await server.close()
    }
  })
  return {
    server,
    /** A client that declares the extension from the first call (as after a discover that offered it). */
    client: (options: McpClientOptions = {}) => {
      const c = new McpClient(server.url, { tasks: { declare: 'always', minPollIntervalMs: 20 }, ...options })
      clients.push(c)
      return c
    },
    requestsOf: (method: string) => server.stats.requests.filter((r) => r.body?.method === method),
    pollsOf: (taskId: string) => server.polls.filter((p) => p.taskId === taskId),
  }
}

/**
 * A call the test awaits only later: marked handled now, so that a test failing before it awaits the call (a wait that
 * timed out on a busy machine) reports that failure, not the call's rejection after the test ended.
 */
function awaitedLater<T>(call: Promise<T>): Promise<T> {
  call.catch(() => {})
  return call
}

/** Starts a task of `tool` and lets go of it at once: it runs on at the server, kept in the client's store. Its id. */
async function startDetached(c: McpClient, tool: string, args: Record<string, unknown>): Promise<string> {
  let taskId = ''
  const detach = new AbortController()
  await failure(c.callTool(tool, args, { detach: detach.signal, onTask: (t) => ((taskId = t.taskId), detach.abort()) }))
  return taskId
}

/** The gaps between `polls`, in ms. */
const gapsOf = (polls: Array<{ at: number }>) => polls.map((p, i, all) => (i === 0 ? 0 : p.at - all[i - 1]!.at)).slice(1)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const textOf = (result: { content?: Array<{ type: string; text?: string }> }) => result.content?.find((c) => c.type === 'text')?.text

describe('a task that completes', SIDE_BY_SIDE, () => {
  test('callTool() follows it to the result; onTask hears each status and message along the way', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const seen: Task[] = []
    const result = await client().callTool('count', { steps: 3, stepMs: 150, pollIntervalMs: 50 }, { onTask: (t) => seen.push(t) })
    assert.equal(textOf(result), 'counted to 3')
    assert.equal(seen[0]!.status, 'working')
    assert.equal(seen[0]!.statusMessage, 'Started')
    // Each message seen once, in order; a busy machine may miss a step between two polls, never the start or the end.
    assertInOrder(
      seen.map((t) => t.statusMessage!),
      ['Started', 'Step 1 of 3', 'Step 2 of 3', 'Step 3 of 3', 'Counted to 3'],
    )
    assert.ok(seen.some((t) => t.statusMessage?.startsWith('Step ')), 'a status along the way')
    assert.equal(seen.at(-1)!.status, 'completed')
    assert.ok(seen.every((t) => t.taskId === seen[0]!.taskId && t.ttlMs === 60_000 && typeof t.createdAt === 'string'))
    assert.ok(server.checkedAnswers > 0)
  })

  test('onProgress shows the status messages as progress that counts up', BOUND, async (t) => {
    const { client } = await setUp(t)
    const progress: Array<{ progress: number; message?: string }> = []
    await client().callTool('count', { steps: 2, stepMs: 100, pollIntervalMs: 30 }, { onProgress: (p) => progress.push(p) })
    assertInOrder(
      progress.map((p) => p.message!),
      ['Started', 'Step 1 of 2', 'Step 2 of 2', 'Counted to 2'],
    )
    assert.deepEqual(
      progress.map((p) => p.progress),
      progress.map((_, i) => i + 1),
    )
  })

  test('the call declares the extension; every tasks/* request carries Mcp-Name: <taskId> and declares it too', BOUND, async (t) => {
    const { client, requestsOf } = await setUp(t)
    let taskId = ''
    await client().callTool('count', { steps: 1, stepMs: 50, pollIntervalMs: 30 }, { onTask: (t) => (taskId = t.taskId) })
    const call = requestsOf('tools/call').at(-1)!
    assert.deepEqual(call.body.params._meta['io.modelcontextprotocol/clientCapabilities'].extensions[TASKS_EXTENSION], {})
    const gets = requestsOf('tasks/get').filter((r) => r.body.params.taskId === taskId)
    assert.ok(gets.length >= 1)
    for (const get of gets) {
      assert.equal(get.headers['mcp-name'], taskId)
      assert.equal(get.headers['mcp-method'], 'tasks/get')
      assert.deepEqual(get.body.params._meta['io.modelcontextprotocol/clientCapabilities'].extensions[TASKS_EXTENSION], {})
    }
  })
})

describe('polling', SIDE_BY_SIDE, () => {
  test("never faster than the server's interval, and stops when the task ends", BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    let taskId = ''
    // An interval well above a request's own time on a busy machine, so polling too fast would show.
    await client().callTool('count', { steps: 3, stepMs: 400, pollIntervalMs: 500 }, { onTask: (t) => (taskId = t.taskId) })
    const polls = pollsOf(taskId)
    assert.ok(polls.length >= 2, `polled ${polls.length} times`)
    // The first poll waits the interval after the task was created; each next one the interval after the last.
    const created = server.tasks.get(taskId)!.createdMs
    const gaps = polls.map((p, i) => p.at - (i === 0 ? created : polls[i - 1]!.at))
    for (const gap of gaps) assert.ok(gap >= 495, `a poll came ${gap} ms after the last (interval 500): ${gaps.join(', ')}`)
    const count = polls.length
    await sleep(700)
    assert.equal(pollsOf(taskId).length, count, 'no poll after the task ended')
  })

  test('a server interval of 0 is still bounded by the client floor', BOUND, async (t) => {
    const { client, pollsOf } = await setUp(t)
    let taskId = ''
    await client({ tasks: { declare: 'always', minPollIntervalMs: 600 } }).callTool('count', { steps: 2, stepMs: 500, pollIntervalMs: 0 }, {
      onTask: (t) => (taskId = t.taskId),
    })
    const polls = pollsOf(taskId)
    assert.ok(polls.length >= 2)
    for (let i = 1; i < polls.length; i++) assert.ok(polls[i]!.at - polls[i - 1]!.at >= 595, 'polls are at least the floor apart')
  })

  test('stops on abort', BOUND, async (t) => {
    const { client, pollsOf } = await setUp(t)
    const controller = new AbortController()
    let taskId = ''
    const call = awaitedLater(client().callTool('endless', { pollIntervalMs: 50 }, { signal: controller.signal, onTask: (t) => (taskId = t.taskId) }))
    await until(() => taskId !== '' && pollsOf(taskId).length >= 2)
    controller.abort()
    assertIs(await failure(call), TaskCancelledError)
    const count = pollsOf(taskId).length
    await sleep(400)
    assert.equal(pollsOf(taskId).length, count, 'no poll after the abort')
  })
})

describe('input mid-task', SIDE_BY_SIDE, () => {
  test('the elicitation handler answers it, through tasks/update, once', BOUND, async (t) => {
    const { server, client, requestsOf } = await setUp(t)
    const asked: Array<{ message: string; key: string; tool: unknown }> = []
    const result = await client({
      handlers: {
        elicitation: async (params, context) => {
          asked.push({ message: params.message, key: context.key, tool: context.request.params.name })
          await sleep(250) // a person typing: the server keeps saying input_required meanwhile
          return { action: 'accept', content: { name: 'Luca' } }
        },
      },
    }).callTool('ask_name', { stepMs: 100, pollIntervalMs: 50 })
    assert.equal(textOf(result), 'Hello, Luca!')
    assert.deepEqual(asked, [{ message: 'Please enter your name.', key: 'name', tool: 'ask_name' }])
    const update = server.updates.at(-1)!
    assert.deepEqual(update.inputResponses, { name: { action: 'accept', content: { name: 'Luca' } } })
    const sent = requestsOf('tasks/update').at(-1)!
    assert.equal(sent.headers['mcp-name'], update.taskId)
  })

  test('a request the server still shows after the answer (eventually consistent) is not asked twice', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    let asked = 0
    let taskId = ''
    const result = await client({
      handlers: {
        elicitation: async () => {
          asked++
          return { action: 'accept', content: { name: 'Grace' } }
        },
      },
    }).callTool('ask_name', { stepMs: 100, pollIntervalMs: 30, settleMs: 400 }, { onTask: (t) => (taskId = t.taskId) })
    assert.equal(textOf(result), 'Hello, Grace!')
    assert.equal(asked, 1)
    assert.equal(server.updates.filter((u) => u.taskId === taskId).length, 1)
    assert.ok(pollsOf(taskId).length >= 4, 'polled while the answer settled')
  })

  test('with no handler: InputRequiredError, whose resume() answers and follows the task on', BOUND, async (t) => {
    const { client } = await setUp(t)
    const error = await failure(client().callTool('ask_name', { stepMs: 100, pollIntervalMs: 50 }))
    assertIs(error, InputRequiredError)
    assert.equal(error.inputRequests.name.method, 'elicitation/create')
    const result = await error.resume({ name: { action: 'accept', content: { name: 'Ada' } } })
    assert.equal(textOf(result as never), 'Hello, Ada!')
  })
})

describe('tasks that do not complete', SIDE_BY_SIDE, () => {
  test('failed: TaskFailedError with the JSON-RPC error and the status message', BOUND, async (t) => {
    const { client } = await setUp(t)
    const error = await failure(client().callTool('fail', { stepMs: 100, pollIntervalMs: 50 }))
    assertIs(error, TaskFailedError)
    assert.equal(error.error.code, -32603)
    assert.equal(error.tool, 'fail')
    assert.match(error.message, /task of tool "fail".*failed on the server: Tool execution failed: API rate limit exceeded/)
  })

  test('cancelled by the signal: tasks/cancel is sent (Mcp-Name), TaskCancelledError byClient', BOUND, async (t) => {
    const { server, client, requestsOf } = await setUp(t)
    const controller = new AbortController()
    let taskId = ''
    const call = awaitedLater(client().callTool('endless', { pollIntervalMs: 50 }, { signal: controller.signal, onTask: (t) => (taskId = t.taskId) }))
    await until(() => taskId !== '')
    controller.abort()
    const error = await failure(call)
    assertIs(error, TaskCancelledError)
    assert.equal(error.byClient, true)
    assert.match(error.message, /cancelled at your request/)
    assert.deepEqual(server.cancels.filter((id) => id === taskId), [taskId])
    assert.equal(requestsOf('tasks/cancel').find((r) => r.body.params.taskId === taskId)!.headers['mcp-name'], taskId)
    assert.equal(server.tasks.get(taskId)!.status, 'cancelled')
  })

  test('cancelled by the server: TaskCancelledError, not by the client', BOUND, async (t) => {
    const { client } = await setUp(t)
    const error = await failure(client().callTool('server_cancels', { stepMs: 100, pollIntervalMs: 50 }))
    assertIs(error, TaskCancelledError)
    assert.equal(error.byClient, false)
    assert.match(error.message, /by the server: Stopped by an operator/)
  })

  test('expired: TaskExpiredError, and the task is removed from the store with the reason', BOUND, async (t) => {
    const { client } = await setUp(t)
    const c = client()
    const changes: TaskChange[] = []
    c.addEventListener('taskchange', (e) => changes.push(e.detail))
    const error = await failure(c.callTool('expire', { ttlMs: 400, pollIntervalMs: 100 }))
    assertIs(error, TaskExpiredError)
    assert.equal(error.ttlMs, 400)
    assert.match(error.message, /has expired.*Call the tool again/)
    assert.deepEqual(await c.tasks(), [])
    assert.deepEqual(changes.at(-1), { taskId: error.taskId, removed: 'expired' })
  })

  test('unknown to the server before its TTL (purged): TaskNotFoundError, removed as unknown', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const first = client({ cache: store })
    let taskId = ''
    first.callTool('endless', { pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    first.close()
    server.tasks.delete(taskId)
    const again = client({ cache: store })
    const changes: TaskChange[] = []
    again.addEventListener('taskchange', (e) => changes.push(e.detail))
    const error = await failure(again.resumeTask(taskId))
    assertIs(error, TaskNotFoundError)
    assert.equal(error.where, 'server')
    assert.deepEqual(await again.tasks(), [])
    assert.deepEqual(changes, [{ taskId, removed: 'unknown' }])
  })

  test('resumeTask() of an id the client does not keep: TaskNotFoundError, nothing sent', BOUND, async (t) => {
    const { client, requestsOf } = await setUp(t)
    const before = requestsOf('tasks/get').length
    const error = await failure(client().resumeTask('no-such-task'))
    assertIs(error, TaskNotFoundError)
    assert.equal(error.where, 'client')
    assert.equal(requestsOf('tasks/get').length, before)
  })
})

describe('the server side of the text', SIDE_BY_SIDE, () => {
  test('tasks/get of an unknown id: -32602; tasks/result and tasks/list: -32601; no Mcp-Name: -32020', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const declaring = client({ capabilities: { extensions: { [TASKS_EXTENSION]: {} } } })
    const unknown = await failure(declaring.request('tasks/get', { taskId: 'nope' }))
    assertIs(unknown, JsonRpcError)
    assert.equal(unknown.code, -32602)
    for (const method of ['tasks/result', 'tasks/list']) {
      const gone = await failure(declaring.request(method, method === 'tasks/list' ? {} : { taskId: 'nope' }))
      assertIs(gone, JsonRpcError)
      assert.equal(gone.code, -32601, method)
    }
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tasks/get' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tasks/get',
        params: {
          taskId: 'nope',
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
          },
        },
      }),
    })
    assert.equal((await response.json()).error.code, -32020)
  })

  test('an undeclared client: tools/call of a task tool and tasks/get answer -32021 naming the extension', BOUND, async (t) => {
    const { server } = await setUp(t)
    const off = new McpClient(server.url, { tasks: false })
    const call = await failure(off.callTool('count', { steps: 1 }))
    assertIs(call, MissingClientCapabilityError)
    assert.deepEqual(call.requiredCapabilities, { extensions: { [TASKS_EXTENSION]: {} } })
    const get = await failure(off.request('tasks/get', { taskId: 'nope' }))
    assertIs(get, MissingClientCapabilityError)
  })
})

describe('declaring the extension', SIDE_BY_SIDE, () => {
  test('by default: a server that refuses with -32021 naming it gets the call again, declared', BOUND, async (t) => {
    const { server, requestsOf } = await setUp(t)
    const before = requestsOf('tools/call').length
    const result = await new McpClient(server.url).callTool('count', { steps: 1, stepMs: 50, pollIntervalMs: 30 })
    assert.equal(textOf(result), 'counted to 1')
    const calls = requestsOf('tools/call').slice(before)
    assert.equal(calls.length, 2)
    assert.equal(calls[0]!.body.params._meta['io.modelcontextprotocol/clientCapabilities'].extensions?.[TASKS_EXTENSION], undefined)
    assert.deepEqual(calls[1]!.body.params._meta['io.modelcontextprotocol/clientCapabilities'].extensions[TASKS_EXTENSION], {})
  })

  test('by default, once server/discover offered it: declared from the first call', BOUND, async (t) => {
    const { server, requestsOf } = await setUp(t)
    const c = new McpClient(server.url)
    await c.discover()
    const before = requestsOf('tools/call').length
    await c.callTool('count', { steps: 1, stepMs: 50, pollIntervalMs: 30 })
    assert.equal(requestsOf('tools/call').length - before, 1)
  })

  test('a task answer to a call that did not declare the extension is refused, not followed', BOUND, async (t) => {
    const { server, requestsOf } = await setUp(t)
    for (const options of [{ tasks: false as const }, {}]) {
      const before = requestsOf('tasks/get').length
      const error = await failure(new McpClient(server.url, options).callTool('rogue_task', {}))
      assertIs(error, UnknownResultTypeError)
      assert.equal(requestsOf('tasks/get').length, before)
    }
  })

  test("an ordinary tool of a tasks server answers at once, declared or not", BOUND, async (t) => {
    const { client } = await setUp(t)
    const result = await client().callTool('instant', {})
    assert.equal(textOf(result), 'instant done at once')
  })
})

describe('resuming', SIDE_BY_SIDE, () => {
  test('after a "reload": a new client on the same store lists the task and gets its result', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const page1 = client({ cache: store })
    let taskId = ''
    const first = awaitedLater(page1.callTool('count', { steps: 3, stepMs: 300, pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }))
    await until(() => taskId !== '')
    page1.close() // the page goes away: polling stops, the server's work does not
    assertIs(await failure(first), AbortError)
    assert.deepEqual(server.cancels.filter((id) => id === taskId), [], 'close() does not cancel the task')

    const page2 = client({ cache: store })
    const kept = await page2.tasks()
    assert.equal(kept.length, 1)
    assert.equal(kept[0]!.taskId, taskId)
    assert.equal(kept[0]!.tool, 'count')
    assert.deepEqual(kept[0]!.arguments, { steps: 3, stepMs: 300, pollIntervalMs: 50 })
    assert.equal(kept[0]!.ttlMs, 60_000)
    assert.ok(kept[0]!.startedAt <= Date.now())
    assert.equal(kept[0]!.last.status, 'working')
    const seen: string[] = []
    const result = await page2.resumeTask(taskId, { onTask: (t) => seen.push(t.statusMessage ?? t.status) })
    assert.equal(textOf(result), 'counted to 3')
    assert.equal(seen.at(-1), 'Counted to 3')
    // It stays, ended, until forgotten.
    assert.equal((await page2.tasks())[0]!.last.status, 'completed')
    assert.equal(await page2.clearFinishedTasks(), 1)
    assert.deepEqual(await page2.tasks(), [])
  })

  test("a task's result is checked against the tool's outputSchema, when called and when followed again after a reload", BOUND, async (t) => {
    const { client } = await setUp(t)
    const called = await failure(client().callTool('bad_output', { stepMs: 50, pollIntervalMs: 50 }))
    assertIs(called, InvalidStructuredContentError)
    const store = new MemoryCache()
    const page1 = client({ cache: store })
    let taskId = ''
    page1.callTool('bad_output', { stepMs: 300, pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    page1.close()
    const page2 = client({ cache: store })
    const resumed = await failure(page2.resumeTask(taskId))
    assertIs(resumed, InvalidStructuredContentError)
    assert.equal(resumed.tool, 'bad_output')
    assert.deepEqual((resumed.result as { structuredContent?: unknown }).structuredContent, { sum: 'many' }, 'the result is still given with the error')
  })

  test('a task that ended while the page was away settles at the first tasks/get', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const page1 = client({ cache: store })
    let taskId = ''
    page1.callTool('count', { steps: 1, stepMs: 50, pollIntervalMs: 5000 }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    page1.close()
    await until(() => server.tasks.get(taskId)?.status === 'completed')
    const started = Date.now()
    const result = await client({ cache: store }).resumeTask(taskId)
    assert.equal(textOf(result), 'counted to 1')
    assert.ok(Date.now() - started < 2000, 'no wait of the 5 s interval before the first poll')
  })

  test('forgetTask() removes one (and says whether it was kept); taskchange tells of adds, changes and removals', BOUND, async (t) => {
    const { client } = await setUp(t)
    const c = client({ cache: new MemoryCache() })
    const changes: TaskChange[] = []
    c.addEventListener('taskchange', (e) => changes.push(e.detail))
    let taskId = ''
    c.callTool('endless', { pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    await until(() => changes.length >= 1)
    assert.equal(changes[0]!.task!.taskId, taskId)
    assert.equal(await c.forgetTask(taskId), true)
    assert.equal(await c.forgetTask(taskId), false)
    assert.deepEqual(changes.at(-1), { taskId, removed: 'forgotten' })
    c.close()
  })

  test('tasks are kept per authorization context: another bearer sees none of them', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const alice = client({ cache: store, headers: { authorization: 'Bearer alice' } })
    let taskId = ''
    alice.callTool('endless', { pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    await until(() => (server.polls.some((p) => p.taskId === taskId)))
    alice.close()
    assert.equal((await client({ cache: store, headers: { authorization: 'Bearer alice' } }).tasks()).length, 1)
    assert.deepEqual(await client({ cache: store, headers: { authorization: 'Bearer bob' } }).tasks(), [])
    assert.deepEqual(await client({ cache: store }).tasks(), [], 'nor does a client without credentials')
    const error = await failure(client({ cache: store, headers: { authorization: 'Bearer bob' } }).resumeTask(taskId))
    assertIs(error, TaskNotFoundError)
    assert.equal(error.where, 'client')
  })

  test('a credential in a header of the page’s own (X-Api-Key) keys the kept tasks too: another key sees none', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    const store = new MemoryCache()
    const first = client({ cache: store, headers: { 'X-Api-Key': 'key-of-alice' } })
    let taskId = ''
    first.callTool('endless', { pollIntervalMs: 50, secret: 'alice-only' }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    await until(() => server.polls.some((p) => p.taskId === taskId))
    first.close()
    assert.equal((await client({ cache: store, headers: { 'x-api-key': 'key-of-alice' } }).tasks()).length, 1, 'the same key, any spelling')
    const other = client({ cache: store, headers: { 'X-Api-Key': 'key-of-bob' } })
    assert.deepEqual(await other.tasks(), [], 'another key lists nothing (neither the task nor its arguments)')
    assert.deepEqual(await client({ cache: store }).tasks(), [], 'nor does a client without credentials')
    const polls = pollsOf(taskId).length
    assertIs(await failure(other.resumeTask(taskId)), TaskNotFoundError)
    assert.equal(pollsOf(taskId).length, polls, 'nothing polled with the other key')
  })

  test('a client whose credential the library cannot see (a fetch of its own) keeps its tasks in memory only', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const own = client({ cache: store, fetch: (input, init) => fetch(input, init) })
    let taskId = ''
    own.callTool('endless', { pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    await until(() => server.polls.some((p) => p.taskId === taskId))
    assert.equal((await own.tasks()).length, 1, 'this client lists it')
    own.close()
    assert.deepEqual(await client({ cache: store, fetch: (input, init) => fetch(input, init) }).tasks(), [], 'another client does not')
    assert.deepEqual(await client({ cache: store }).tasks(), [])
  })
})

describe('a poll that fails on the network', () => {
  // Rejections nobody handled while this group runs: alone (the groups run one after another), and one test at a time,
  // so that a rejection left unhandled fails the test that left it.
  const unhandled: unknown[] = []
  const record = (reason: unknown) => void unhandled.push(reason)
  before(() => process.on('unhandledRejection', record))
  after(() => process.off('unhandledRejection', record))
  /** Asserts no rejection went unhandled, once a rejection left so would have been reported (a few turns later). */
  const nothingUnhandled = async () => {
    await sleep(100)
    assert.deepEqual(unhandled.map((e) => `${(e as Error)?.name}: ${(e as Error)?.message}`), [], 'no rejection left unhandled')
  }
  const unreachable = (error: unknown) => {
    assertIs(error, StreamError)
    assert.match((error as Error).message, /Could not reach .* for tasks\/get/)
  }

  test('callTool(): a tasks/get cut off rejects the call with StreamError; nothing is left unhandled', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    let taskId = ''
    const call = awaitedLater(client().callTool('endless', { pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }))
    await until(() => taskId !== '' && pollsOf(taskId).length >= 1)
    server.control!('drop-polls', { count: 1 })
    unreachable(await failure(call))
    await nothingUnhandled()
  })

  test('resumeTask(): the same', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const taskId = await startDetached(client({ cache: store }), 'endless', { pollIntervalMs: 50 })
    server.control!('drop-polls', { count: 1 })
    unreachable(await failure(client({ cache: store }).resumeTask(taskId)))
    await nothingUnhandled()
  })

  test('followTask(): every watcher of the shared poll gets the error, a detached one its AbortError; nothing unhandled', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    const store = new MemoryCache()
    const taskId = await startDetached(client({ cache: store }), 'endless', { pollIntervalMs: 50 })
    const c = client({ cache: store })
    const detach = new AbortController()
    const cancel = new AbortController()
    const states: string[] = []
    const watchers = [
      awaitedLater(followTask(c, taskId, { onTask: (t) => states.push(t.status) })),
      awaitedLater(followTask(c, taskId, { signal: cancel.signal })),
      awaitedLater(followTask(c, taskId, { detach: detach.signal })),
    ]
    await until(() => pollsOf(taskId).length >= 2)
    detach.abort()
    assertIs(await failure(watchers[2]!), AbortError)
    server.control!('drop-polls', { count: 1 })
    unreachable(await failure(watchers[0]!))
    unreachable(await failure(watchers[1]!))
    assert.ok(states.length >= 1 && states.every((s) => s === 'working'))
    await nothingUnhandled()
  })

  test('the server gone: callTool(), resumeTask() and followTask() each reject with StreamError; nothing unhandled', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    const store = new MemoryCache()
    let called = ''
    const call = awaitedLater(client().callTool('endless', { pollIntervalMs: 50 }, { onTask: (t) => (called = t.taskId) }))
    const kept = await startDetached(client({ cache: store }), 'endless', { pollIntervalMs: 50 })
    const resumed = awaitedLater(client({ cache: store }).resumeTask(kept))
    const followed = awaitedLater(followTask(client({ cache: store }), kept))
    await until(() => called !== '' && pollsOf(called).length >= 1 && pollsOf(kept).length >= 2)
    await server.close()
    for (const follow of [call, resumed, followed]) unreachable(await failure(follow))
    await nothingUnhandled()
  })
})

describe('followTask()', SIDE_BY_SIDE, () => {
  test('its signal aborted after the task ended sends no tasks/cancel, and the task stays kept as it ended', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const c = client({ cache: store })
    const taskId = await startDetached(c, 'count', { steps: 1, stepMs: 150, pollIntervalMs: 30 })
    const cancel = new AbortController()
    assert.equal(textOf(await followTask(c, taskId, { signal: cancel.signal })), 'counted to 1')
    // A page tidying up (the element that followed it removed) aborts its switches once the task has ended.
    cancel.abort()
    await sleep(300)
    assert.deepEqual(server.cancels, [], 'no tasks/cancel for a task that ended')
    const [kept] = await c.tasks()
    assert.equal(kept!.last.status, 'completed')
    assert.equal(kept!.cancelledAt, undefined, 'not marked cancelled by this client')
  })

  test('its signal aborted before the follow: the task is cancelled (tasks/cancel), TaskCancelledError byClient, as an abort during it', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const c = client({ cache: store })
    // A task that completes soon: followed to its end, the follow would resolve with its result.
    const taskId = await startDetached(c, 'count', { steps: 2, stepMs: 300, pollIntervalMs: 30 })
    const error = await failure(followTask(c, taskId, { signal: AbortSignal.abort() }))
    assertIs(error, TaskCancelledError)
    assert.equal(error.byClient, true)
    assert.deepEqual(server.cancels, [taskId], 'tasks/cancel was sent')
    assert.equal(server.tasks.get(taskId)!.status, 'cancelled')
    const [kept] = await c.tasks()
    assert.ok(kept!.cancelledAt, 'kept as cancelled by this client')
  })
})

describe('bounded polling', () => {
  // One test at a time: they check how long the client waits between polls, which the work of tests beside them would
  // stretch on a busy machine; and one stands a hidden document in for the page's, which every client would see.
  test('answers that repeat the last one make the next poll wait longer, up to maxPollIntervalMs', BOUND, async (t) => {
    const { client, pollsOf } = await setUp(t)
    const controller = new AbortController()
    let taskId = ''
    const c = client({ tasks: { declare: 'always', minPollIntervalMs: 20, maxPollIntervalMs: 200 } })
    const call = awaitedLater(c.callTool('endless', { pollIntervalMs: 50 }, { signal: controller.signal, onTask: (t) => (taskId = t.taskId) }))
    await sleep(3000)
    controller.abort()
    await failure(call)
    const gaps = gapsOf(pollsOf(taskId))
    // At the server's 50 ms a task that never changes is polled about 55 times in 3 s; backing off to 200 ms, about 16.
    assert.ok(gaps.length >= 5 && gaps.length <= 25, `polled ${gaps.length + 1} times in 3 s: ${gaps.join(', ')}`)
    assert.ok(gaps[2]! >= 50 * 1.5 ** 3 - 5, `the third wait is backed off: ${gaps.join(', ')}`)
    // Uncapped, the waits would pass 500 ms within the 3 s.
    assert.ok(Math.max(...gaps) <= 200 * 1.2 + 250, `no wait much past the cap: ${gaps.join(', ')}`)
    assert.ok(gaps.slice(-3).every((gap) => gap >= 195), `at the cap once backed off that far: ${gaps.join(', ')}`)
  })

  test("a change goes back to the server's interval", BOUND, async (t) => {
    const { client, pollsOf } = await setUp(t)
    let taskId = ''
    const changedAt: Record<string, number> = {}
    await client().callTool('count', { steps: 1, stepMs: 1500, pollIntervalMs: 50 }, {
      onTask: (t) => {
        taskId = t.taskId
        changedAt[t.statusMessage!] ??= Date.now()
      },
    })
    const seen = changedAt['Step 1 of 1']!
    assert.ok(seen, 'the step was seen')
    const polls = pollsOf(taskId)
    const before = polls.filter((p) => p.at < seen).map((p) => p.at)
    const next = polls.find((p) => p.at > seen)!.at
    // Quiet for 1.5 s: the waits grew past 300 ms; the change brings them back to about 50 ms.
    assert.ok(before.at(-1)! - before.at(-2)! >= 300, `backed off before the change: ${before.map((at, i) => at - (before[i - 1] ?? at)).join(', ')}`)
    assert.ok(next - seen <= 200, `the poll after the change came ${next - seen} ms later`)
  })

  test("stops at the task's TTL: TaskExpiredError, no tasks/get at or after it", BOUND, async (t) => {
    const { client, pollsOf } = await setUp(t)
    let taskId = ''
    let createdAt = 0
    const c = client()
    const onTask = (t: Task) => {
      taskId = t.taskId
      createdAt = Date.parse(t.createdAt)
    }
    const error = await failure(c.callTool('expire', { ttlMs: 700, pollIntervalMs: 50 }, { onTask }))
    assertIs(error, TaskExpiredError)
    assert.equal(error.ttlMs, 700)
    assert.equal(error.maxAge, false)
    await sleep(300)
    assert.ok(pollsOf(taskId).length >= 1)
    // The server drops it at createdAt + TTL (the client counts from the call, a little earlier): nothing is asked after.
    const late = pollsOf(taskId).filter((p) => p.at >= createdAt + 700)
    assert.deepEqual(late, [], 'no tasks/get once the TTL passed')
    assert.deepEqual(await c.tasks(), [])
  })

  test('stops at maxAgeMs though the server keeps the task: TaskExpiredError (maxAge), removed, no more polls', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    let taskId = ''
    const c = client({ tasks: { declare: 'always', minPollIntervalMs: 20, maxAgeMs: 600 } })
    const changes: TaskChange[] = []
    c.addEventListener('taskchange', (e) => changes.push(e.detail))
    const started = Date.now()
    const error = await failure(c.callTool('endless', { pollIntervalMs: 50 }, { onTask: (t) => (taskId = t.taskId) }))
    assertIs(error, TaskExpiredError)
    assert.equal(error.maxAge, true)
    assert.equal(error.ttlMs, 600)
    assert.match(error.message, /no longer followed.*maxAgeMs.*Call the tool again/)
    assert.ok(Date.now() - started < 1500, 'ended at the maximum age')
    assert.equal(server.tasks.get(taskId)!.status, 'working', 'the server still keeps it (not cancelled)')
    assert.deepEqual(changes.at(-1), { taskId, removed: 'expired' })
    const count = pollsOf(taskId).length
    await sleep(500)
    assert.equal(pollsOf(taskId).length, count, 'no poll after the maximum age')
  })

  test('with maxFollows 2, five tasks are polled at most two at a time, the others wait their turn and complete', BOUND, async (t) => {
    const { client, pollsOf } = await setUp(t)
    const c = client({ tasks: { declare: 'always', minPollIntervalMs: 20, maxFollows: 2 } })
    const ids: string[] = []
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.callTool('count', { steps: 2, stepMs: 150, pollIntervalMs: 40 }, { onTask: (t) => void (ids.includes(t.taskId) || ids.push(t.taskId)) }),
      ),
    )
    assert.deepEqual(results.map(textOf), Array(5).fill('counted to 2'))
    assert.equal(ids.length, 5)
    const spans = ids.map((id) => ({ first: pollsOf(id)[0]!.at, last: pollsOf(id).at(-1)!.at }))
    for (const { first } of spans) {
      const polledThen = spans.filter((s) => s.first <= first && first <= s.last).length
      assert.ok(polledThen <= 2, `${polledThen} tasks polled at once: ${JSON.stringify(spans)}`)
    }
  })

  test('while the page is hidden, waits are 5 times longer; shown again, it polls at once (an injected document)', BOUND, async (t) => {
    const { client, pollsOf } = await setUp(t)
    // Node has no document: one that says it is hidden stands in for a background tab.
    const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' })
    ;(globalThis as { document?: unknown }).document = page
    const controller = new AbortController()
    let taskId = ''
    try {
      const c = client({ tasks: { declare: 'always', minPollIntervalMs: 20, maxPollIntervalMs: 100 } })
      const call = awaitedLater(c.callTool('endless', { pollIntervalMs: 100 }, { signal: controller.signal, onTask: (t) => (taskId = t.taskId) }))
      await until(() => taskId !== '' && pollsOf(taskId).length >= 3, 8000)
      const gaps = gapsOf(pollsOf(taskId))
      assert.ok(gaps.every((gap) => gap >= 495), `hidden: polls at least 500 ms apart: ${gaps.join(', ')}`)
      await sleep(100)
      const count = pollsOf(taskId).length
      page.visibilityState = 'visible'
      const shownAt = Date.now()
      page.dispatchEvent(new Event('visibilitychange'))
      await until(() => pollsOf(taskId).length > count, 2000)
      assert.ok(pollsOf(taskId)[count]!.at - shownAt < 150, 'polled at once when shown')
      controller.abort()
      await failure(call)
    } finally {
      controller.abort()
      delete (globalThis as { document?: unknown }).document
    }
  })
})
