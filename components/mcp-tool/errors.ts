/**
 * What `<mcp-tool>` itself refuses (the client's errors come from `mcp-web-elements/client`). Each extends `McpError`,
 * so `catch (e) { if (e instanceof McpError) … }` and `isMcpError()` cover them too.
 */
import { McpError, registerErrorClasses } from '../../src/client/index.js'

/**
 * `task-id` names a task of another tool than the one shown (`name` or `tool`): the element shows a task only with the
 * tool that made it (its form, its result's schema). Set `name` to `taskTool` as well, as the `mcp-task-open` detail gives it.
 */
export class TaskOfOtherToolError extends McpError {
  override name = 'TaskOfOtherToolError'
  constructor(
    readonly taskId: string,
    readonly taskTool: string,
    readonly shownTool: string,
  ) {
    super(`Task ${taskId} is a task of the tool "${taskTool}", not of "${shownTool}": set name="${taskTool}" to open it here.`)
  }
}

registerErrorClasses({ TaskOfOtherToolError })
