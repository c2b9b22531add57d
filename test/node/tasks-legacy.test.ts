// Long-running tools on a 2025-11-25 server (issue 22, legacy part): that revision's experimental tasks
// (task-augmented tools/call, tasks/get, tasks/result, tasks/cancel) through the same API as the Tasks extension,
// against test/support/servers/legacy-tasks.ts (the official SDK v1 and its experimental tasks) over real HTTP. Every
// task request the client sends and every answer is checked against ext-tasks' core/v1 schemas (`schemaProblems`
// must stay empty). Polling is counted on the server.
import { describe, test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import {
  AbortError,
  McpClient,
  MemoryCache,
  TaskCancelledError,
  TaskExpiredError,
  TaskFailedError,
  TaskNotFoundError,
  type InputContext,
  type McpClientOptions,
  type Task,
  type TaskChange,
} from '../../src/client/index.js'
import { startServer } from '../support/servers/legacy-tasks.js'
import { assertInOrder, assertIs, failure, until } from '../support/assert.js'

const BOUND = { timeout: 20_000 }
// The tests mostly wait (task steps, poll intervals, timers), so a group's tests run side by side, each on a server of
// its own; the groups run one after another, so that only a few tests at a time share the process.
const SIDE_BY_SIDE = { concurrency: true }

/**
 * A server of the test's own, closed after it: a group's tests run side by side, so the requests, polls and cancels a
 * test counts are its own. Its task requests and answers are checked against ext-tasks' core/v1 schemas at the end.
 */
async function setUp(t: TestContext) {
  const server = await startServer()
  const opened: McpClient[] = []
  t.after(async () => {
    try {
      assert.deepEqual(server.schemaProblems, [], 'every task request and answer fits ext-tasks core/v1')
    } finally {
      // A legacy session (and, with handlers, its GET stream) stays open until its client closes.
      for (const c of opened) c.close()
      await server.close()
    }
  })
  return {
    server,
    client: (options: McpClientOptions = {}) => {
      const c = new McpClient(server.url, { tasks: { minPollIntervalMs: 20 }, ...options })
      opened.push(c)
      return c
    },
    requestsOf: (method: string) => server.stats.requests.filter((r) => r.body?.method === method),
    pollsOf: (taskId: string) => server.polls.filter((p) => p.taskId === taskId),
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const textOf = (result: { content?: Array<{ type: string; text?: string }> }) => result.content?.find((c) => c.type === 'text')?.text

describe('a 2025-11-25 task that completes', SIDE_BY_SIDE, () => {
  test('callTool() sends the call task-augmented, follows it with tasks/get and gets the result from tasks/result', BOUND, async (t) => {
    const { server, client, requestsOf } = await setUp(t)
    const seen: Task[] = []
    const c = client()
    const result = await c.callTool('count', { steps: 3, stepMs: 150, pollInterval: 50 }, { onTask: (t) => seen.push(t) })
    assert.equal(textOf(result), 'counted to 3')
    const call = requestsOf('tools/call').at(-1)!
    assert.deepEqual(call.body.params.task, {})
    assert.equal(seen[0]!.status, 'working')
    assertInOrder(
      seen.map((t) => t.statusMessage!),
      ['Started', 'Step 1 of 3', 'Step 2 of 3', 'Step 3 of 3', 'Counted to 3'],
    )
    assert.equal(seen.at(-1)!.status, 'completed')
    // The revision's ttl and pollInterval, under the extension's names.
    assert.ok(seen.every((t) => t.taskId === seen[0]!.taskId && t.ttlMs === 60_000 && t.pollIntervalMs === 50))
    const taskId = seen[0]!.taskId
    assert.equal(requestsOf('tasks/result').filter((r) => r.body.params.taskId === taskId).length, 1, 'one tasks/result, once completed')
    assert.equal((await c.tasks())[0]!.wire, '2025-11-25')
    assert.ok(server.checked > 0)
    c.close()
  })

  test('onProgress shows the status messages as progress that counts up', BOUND, async (t) => {
    const { client } = await setUp(t)
    const progress: Array<{ progress: number; message?: string }> = []
    await client().callTool('count', { steps: 2, stepMs: 100, pollInterval: 30 }, { onProgress: (p) => progress.push(p) })
    assertInOrder(
      progress.map((p) => p.message!),
      ['Started', 'Step 1 of 2', 'Step 2 of 2', 'Counted to 2'],
    )
    assert.deepEqual(
      progress.map((p) => p.progress),
      progress.map((_, i) => i + 1),
    )
  })

  test('a tool whose taskSupport is optional runs as a task too; an ordinary one is never task-augmented', BOUND, async (t) => {
    const { client, requestsOf } = await setUp(t)
    let taskId = ''
    const c = client()
    const result = await c.callTool('count_optional', { steps: 1, stepMs: 50, pollInterval: 30 }, { onTask: (t) => (taskId = t.taskId) })
    assert.equal(textOf(result), 'counted to 1')
    assert.notEqual(taskId, '')
    assert.equal(textOf(await c.callTool('echo', { text: 'hi' })), 'hi')
    assert.equal(requestsOf('tools/call').at(-1)!.body.params.task, undefined)
  })

  test('with tasks: false, a task-only tool is not augmented (the server refuses it)', BOUND, async (t) => {
    const { client, requestsOf } = await setUp(t)
    // The SDK answers a tool's refusal as the tool's error result.
    const result = await client({ tasks: false }).callTool('count', { steps: 1, stepMs: 10, pollInterval: 30 })
    assert.equal(result.isError, true)
    assert.match(textOf(result)!, /requires task augmentation/)
    assert.equal(requestsOf('tools/call').at(-1)!.body.params.task, undefined)
  })
})

describe('polling a 2025-11-25 task', SIDE_BY_SIDE, () => {
  test("never faster than the server's pollInterval, and stops when the task ends", BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    let taskId = ''
    await client().callTool('count', { steps: 3, stepMs: 400, pollInterval: 500 }, { onTask: (t) => (taskId = t.taskId) })
    const polls = pollsOf(taskId)
    assert.ok(polls.length >= 2, `polled ${polls.length} times`)
    const created = Date.parse((await server.task(taskId))!.createdAt)
    const gaps = polls.map((p, i) => p.at - (i === 0 ? created : polls[i - 1]!.at))
    for (const gap of gaps) assert.ok(gap >= 495, `a poll came ${gap} ms after the last (interval 500): ${gaps.join(', ')}`)
    const count = polls.length
    await sleep(700)
    assert.equal(pollsOf(taskId).length, count, 'no poll after the task ended')
  })
})

describe('input mid-task (2025-11-25: the elicitation comes on the tasks/result stream)', SIDE_BY_SIDE, () => {
  test('the elicitation handler answers it, seeing the tool call that made the task; the task completes', BOUND, async (t) => {
    const { client, requestsOf } = await setUp(t)
    const asked: Array<{ message: string; context: InputContext }> = []
    const seen: string[] = []
    const c = client({
      handlers: {
        elicitation: async (params, context) => {
          asked.push({ message: (params as { message: string }).message, context })
          return { action: 'accept', content: { name: 'Ada' } }
        },
      },
    })
    let taskId = ''
    const result = await c.callTool('ask_name', { stepMs: 100 }, { onTask: (t) => (seen.push(t.status), (taskId = t.taskId)) })
    assert.equal(textOf(result), 'Hello, Ada')
    assert.equal(asked.length, 1, 'asked once')
    assert.equal(asked[0]!.message, 'What is your name?')
    assert.equal(asked[0]!.context.method, 'tools/call')
    assert.deepEqual(asked[0]!.context.request, { method: 'tools/call', params: { name: 'ask_name', arguments: { stepMs: 100 } } })
    assert.ok(seen.includes('input_required'), `statuses: ${seen.join(', ')}`)
    assert.equal(seen.at(-1), 'completed')
    // The tasks/result opened at input_required brought the result too: no second one.
    assert.equal(requestsOf('tasks/result').filter((r) => r.body.params.taskId === taskId).length, 1)
  })

  test("the call's own handlers answer over the client's", BOUND, async (t) => {
    const { client } = await setUp(t)
    const result = await client().callTool(
      'ask_name',
      { stepMs: 50 },
      {
        handlers: { elicitation: async () => ({ action: 'accept', content: { name: 'Grace' } }) },
      },
    )
    assert.equal(textOf(result), 'Hello, Grace')
  })
})

describe('2025-11-25 tasks that do not complete', SIDE_BY_SIDE, () => {
  test('input asked of a client with no handler: the server is told so, and its tool fails', BOUND, async (t) => {
    const { client } = await setUp(t)
    const error = await failure(client().callTool('ask_name', { stepMs: 50 }))
    assertIs(error, TaskFailedError)
    assert.match(error.error.message!, /^No answer: .*no elicitation handler/)
  })

  test('failed with a tool error: TaskFailedError with its text and the status message', BOUND, async (t) => {
    const { client } = await setUp(t)
    const error = await failure(client().callTool('fail', { stepMs: 100 }))
    assertIs(error, TaskFailedError)
    assert.equal(error.tool, 'fail')
    assert.equal(error.error.message, 'API rate limit exceeded')
    assert.match(error.message, /task of tool "fail".*failed on the server: Tool execution failed: API rate limit exceeded/)
  })

  test("failed with no result: TaskFailedError with tasks/result's JSON-RPC error", BOUND, async (t) => {
    const { client } = await setUp(t)
    const error = await failure(client().callTool('crash', { stepMs: 50 }))
    assertIs(error, TaskFailedError)
    assert.equal(error.error.code, -32603)
    assert.equal(error.statusMessage, 'The worker crashed')
  })

  test('cancelled by the signal: tasks/cancel is sent, TaskCancelledError byClient, the server says cancelled', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    const controller = new AbortController()
    let taskId = ''
    const call = client().callTool('endless', { pollInterval: 50 }, { signal: controller.signal, onTask: (t) => (taskId = t.taskId) })
    await until(() => taskId !== '' && pollsOf(taskId).length >= 1)
    controller.abort()
    const error = await failure(call)
    assertIs(error, TaskCancelledError)
    assert.equal(error.byClient, true)
    assert.deepEqual(
      server.cancels.filter((id) => id === taskId),
      [taskId],
    )
    assert.equal((await server.task(taskId))!.status, 'cancelled')
    const count = pollsOf(taskId).length
    await sleep(200)
    assert.equal(pollsOf(taskId).length, count, 'no poll after the cancel')
  })

  test('cancelled by the server: TaskCancelledError, not by the client', BOUND, async (t) => {
    const { client } = await setUp(t)
    const error = await failure(client().callTool('server_cancels', { stepMs: 100 }))
    assertIs(error, TaskCancelledError)
    assert.equal(error.byClient, false)
    assert.match(error.message, /by the server: Stopped by an operator/)
  })

  test('expired: TaskExpiredError, and the task is removed from the store with the reason', BOUND, async (t) => {
    const { client } = await setUp(t)
    const c = client()
    const changes: TaskChange[] = []
    c.addEventListener('taskchange', (e) => changes.push(e.detail))
    const error = await failure(c.callTool('expire', { ttl: 400, pollInterval: 100 }))
    assertIs(error, TaskExpiredError)
    assert.equal(error.ttlMs, 400)
    assert.deepEqual(await c.tasks(), [])
    assert.deepEqual(changes.at(-1), { taskId: error.taskId, removed: 'expired' })
  })

  test('unknown to the server before its TTL (purged): TaskNotFoundError, removed as unknown', BOUND, async (t) => {
    const { server, client } = await setUp(t)
    const store = new MemoryCache()
    const first = client({ cache: store })
    let taskId = ''
    first.callTool('endless', { pollInterval: 50 }, { onTask: (t) => (taskId = t.taskId) }).catch(() => {})
    await until(() => taskId !== '')
    first.close()
    server.purge(taskId)
    const again = client({ cache: store })
    const error = await failure(again.resumeTask(taskId))
    assertIs(error, TaskNotFoundError)
    assert.equal(error.where, 'server')
    assert.deepEqual(await again.tasks(), [])
  })
})

describe('resuming a 2025-11-25 task', SIDE_BY_SIDE, () => {
  test('after a "reload": a new client on the same store lists it and gets its result; close() cancelled nothing', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    const store = new MemoryCache()
    const page1 = client({ cache: store })
    let taskId = ''
    const first = page1.callTool('count', { steps: 3, stepMs: 300, pollInterval: 50 }, { onTask: (t) => (taskId = t.taskId) })
    await until(() => taskId !== '')
    page1.close()
    assertIs(await failure(first), AbortError)
    const polled = pollsOf(taskId).length
    await sleep(200)
    assert.equal(pollsOf(taskId).length, polled, 'close() stops polling')
    assert.deepEqual(
      server.cancels.filter((id) => id === taskId),
      [],
      'close() does not cancel the task',
    )

    const page2 = client({ cache: store })
    const kept = await page2.tasks()
    assert.equal(kept.length, 1)
    assert.equal(kept[0]!.taskId, taskId)
    assert.equal(kept[0]!.wire, '2025-11-25')
    const seen: string[] = []
    const result = await page2.resumeTask(taskId, { onTask: (t) => seen.push(t.statusMessage ?? t.status) })
    assert.equal(textOf(result), 'counted to 3')
    assert.equal(seen.at(-1), 'Counted to 3')
    assert.equal((await page2.tasks())[0]!.last.status, 'completed')
  })

  test('detach stops polling without tasks/cancel', BOUND, async (t) => {
    const { server, client, pollsOf } = await setUp(t)
    const detach = new AbortController()
    let taskId = ''
    const call = client().callTool('endless', { pollInterval: 50 }, { detach: detach.signal, onTask: (t) => (taskId = t.taskId) })
    await until(() => taskId !== '' && pollsOf(taskId).length >= 2)
    detach.abort()
    assertIs(await failure(call), AbortError)
    const count = pollsOf(taskId).length
    await sleep(200)
    assert.equal(pollsOf(taskId).length, count)
    assert.deepEqual(
      server.cancels.filter((id) => id === taskId),
      [],
    )
    assert.equal((await server.task(taskId))!.status, 'working')
  })
})
