/**
 * Long-running tools: the Tasks extension (`io.modelcontextprotocol/tasks`, ext-tasks'
 * `specification/draft/tasks.md`). A server may answer `tools/call` with a task; the call's promise follows it with
 * `tasks/get` at the server's interval, answers its input requests with the handlers and `tasks/update`, sends
 * `tasks/cancel` when the caller aborts, and settles with the final result or a typed error. Running tasks are kept
 * in the cache store (tasks-store.ts) so a page that comes back can list and resume them.
 */
import type { CallToolResult } from '../protocol/generated/2026-07-28.js'
import type { ClientParts } from './parts.js'
import type { StoredTask, TaskFollowOptions } from './task-types.js'

/** See McpClient.resumeTask(). */
export async function resumeTask(_parts: ClientParts, _taskId: string, _options: TaskFollowOptions): Promise<CallToolResult> {
  throw new Error('not yet')
}

/** See McpClient.tasks(). */
export async function listTasks(_parts: ClientParts): Promise<StoredTask[]> {
  return []
}

/** See McpClient.forgetTask(). */
export async function forgetTask(_parts: ClientParts, _taskId: string): Promise<boolean> {
  return false
}

/** See McpClient.clearFinishedTasks(). */
export async function clearFinishedTasks(_parts: ClientParts): Promise<number> {
  return 0
}
