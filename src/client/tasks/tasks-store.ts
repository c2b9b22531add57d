/**
 * Where a client keeps its tasks (to list and resume them after a reload): one record per server and authorization
 * context in the client's cache store (IndexedDB in browsers), under the context key (src/cache/context-key.ts) as
 * the approval gate's grants are, private to this file and versioned in its key. A task made in one authorization
 * context is never read in another. Tasks of a client that sends no credential at all are anyone's who holds their
 * id, so they are kept under the anonymous key and survive a reload; with a credential out of the client's sight
 * (cookies, a `fetch` of the page's own) they stay in this client's memory.
 */
import type { ClientParts } from '../parts.js'
import type { StoredTask, TaskChange, TaskRemovedReason } from './task-types.js'

/** The stored record's format: its key names it, so a record of another format is never read as this one. */
const FORMAT = 1
/** Most tasks kept per server and context: the oldest ended ones go first. */
const MAX_TASKS = 50
/** Kept until forgotten (or pushed out of a bounded store). */
const FOREVER = Number.MAX_SAFE_INTEGER

export type TaskPlace = ReturnType<ClientParts['cache']['ownRecord']>

const TERMINAL = new Set(['completed', 'failed', 'cancelled'])
/** Whether a kept task has ended: the server said so, or this client asked to cancel it. */
export const hasEnded = (task: StoredTask) => TERMINAL.has(task.last.status) || task.cancelledAt !== undefined

/** Where this client's tasks are kept, for the authorization context of its requests now. */
export async function taskPlace({ cache, requests }: ClientParts): Promise<TaskPlace> {
  return cache.ownRecord(`mcp-web-elements/tasks/${FORMAT}`, await requests.headers(), true)
}

export async function readTasks(place: TaskPlace): Promise<StoredTask[]> {
  try {
    const tasks = (await place.get())?.value.tasks
    return Array.isArray(tasks) ? tasks.filter(isStoredTask) : []
  } catch {
    // An unreadable store: no task is remembered.
    return []
  }
}

function isStoredTask(t: unknown): t is StoredTask {
  const task = t as StoredTask | null
  return (
    typeof task === 'object' &&
    task !== null &&
    typeof task.taskId === 'string' &&
    typeof task.tool === 'string' &&
    typeof task.last?.status === 'string' &&
    Number.isFinite(task.startedAt)
  )
}

/** Read-modify-write runs one at a time per store, so two clients of one page (one shared store) lose no update. */
const queues = new WeakMap<object, Promise<unknown>>()

/**
 * Changes the kept tasks: `change` gets them (newest first) and returns them changed; the result is written and each
 * task added, changed or removed is told to the client (`taskchange`). Resolves with the tasks as written.
 */
export function updateTasks(
  { client }: ClientParts,
  place: TaskPlace,
  change: (tasks: StoredTask[]) => StoredTask[],
  removedReason: TaskRemovedReason = 'forgotten',
): Promise<StoredTask[]> {
  const run = async () => {
    const before = await readTasks(place)
    let after = change(before.slice())
    if (after.length > MAX_TASKS) {
      // The oldest ended tasks go first; running ones only when nothing else is left to drop.
      const ended = after.filter(hasEnded).slice(-(after.length - MAX_TASKS))
      after = after.filter((t) => !ended.includes(t)).slice(0, MAX_TASKS)
    }
    try {
      const done = place.put({ tasks: after }, FOREVER)
      if (done instanceof Promise) await done.catch(() => {})
    } catch {
      // A lost write only means the task is not found after a reload.
    }
    const changes: TaskChange[] = []
    for (const task of after) {
      const old = before.find((t) => t.taskId === task.taskId)
      if (!old || JSON.stringify(old) !== JSON.stringify(task)) changes.push({ taskId: task.taskId, task })
    }
    for (const old of before) if (!after.some((t) => t.taskId === old.taskId)) changes.push({ taskId: old.taskId, removed: removedReason })
    for (const detail of changes) client.dispatchEvent(new CustomEvent('taskchange', { detail }))
    return after
  }
  const queue = (queues.get(place.store) ?? Promise.resolve()).then(run, run)
  queues.set(place.store, queue.catch(() => {}))
  return queue
}
