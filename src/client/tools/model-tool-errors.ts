import { McpError, registerErrorClasses } from '../../protocol/errors.js'

/** A model asked for a function that none of the tools it was given stands for. Nothing was sent. */
export class UnknownModelToolError extends McpError {
  override name = 'UnknownModelToolError'
  constructor(readonly functionName: string) {
    super(`The model asked for "${functionName}", which is not one of the tools it was given (list them again: the tools may have changed)`)
  }
}

registerErrorClasses({ UnknownModelToolError })
