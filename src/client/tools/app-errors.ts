import { McpError, registerErrorClasses } from '../../protocol/errors.js'

/** A tool's MCP Apps view cannot be shown: its `ui://` resource is missing, not `text/html;profile=mcp-app`, or not decodable. */
export class AppResourceError extends McpError {
  override name = 'AppResourceError'
  constructor(
    readonly uri: string,
    reason: string,
  ) {
    super(`The app view ${uri} cannot be shown: ${reason}`)
  }
}

/** An MCP Apps view was not run: no sandbox proxy on another origin was given, or the proxy could not isolate it. */
export class AppSandboxError extends McpError {
  override name = 'AppSandboxError'
}

registerErrorClasses({ AppResourceError, AppSandboxError })
