/**
 * The errors of saved calls: a module of their own, out of the CDN's first list.
 */
import { McpError, registerErrorClasses } from '../../protocol/errors.js'

/** Why a saved call could not be saved, renamed or found. */
export type SavedCallProblem = 'name' | 'name-taken' | 'not-found' | 'unknown-tool' | 'arguments' | 'too-many'

/** A saved call could not be saved, renamed or found; `problem` says which rule it broke. */
export class SavedCallError extends McpError {
  override name = 'SavedCallError'
  constructor(
    readonly problem: SavedCallProblem | 'import',
    message: string,
  ) {
    super(message)
  }
}

/** The text given to `import()` is not an export of saved calls, or too large: nothing was imported. */
export class SavedCallImportError extends SavedCallError {
  override name = 'SavedCallImportError'
  constructor(message: string) {
    super('import', message)
  }
}

registerErrorClasses({ SavedCallError, SavedCallImportError })
