/**
 * The shapes of saved calls: a tool call kept under a name, per server and authorization context, for the user to
 * fill the tool's form with again (never to call it without them).
 */
import type { Tool } from '../../protocol/generated/2026-07-28.js'

/** One saved call. */
export interface SavedCall {
  /** Its id in this server's and context's saved calls. */
  readonly id: string
  /** The name the user gave it (unique among the server's saved calls in this context). */
  readonly name: string
  /** The tool's name. */
  readonly tool: string
  /** The arguments, without what the tool's schema marks as secret. */
  readonly arguments: Record<string, unknown>
  /** When it was saved (ms since the epoch). */
  readonly savedAt: number
}

/** What `save()` takes. */
export interface SavedCallInit {
  name: string
  /** The tool (its schema tells which arguments are secret), or its name (then looked up in the server's list). */
  tool: Tool | string
  arguments?: Record<string, unknown>
}

/** What an import added, and how many of the file's calls were saved already (the same name, tool and arguments). */
export interface SavedCallsImport {
  added: SavedCall[]
  skipped: number
}

/**
 * The calls saved for a client's server (`savedCalls(client)`), in the authorization context of its requests at each method's call. Kept in
 * IndexedDB when the client's store is (an `IdbCache`: `<mcp-server>`'s default in browsers) and the context may be
 * kept, else in memory for as long as the client's store lives. Never expired, never evicted by the cache's bounds.
 */
export interface SavedCalls {
  /** Whether the saved calls of this context outlive the page (IndexedDB). */
  persistent(): Promise<boolean>
  /** Every saved call, newest first. */
  list(): Promise<SavedCall[]>
  /**
   * Saves a call under `name`; what the tool's schema marks as secret (`format: "password"`, `writeOnly`) is left out.
   * @throws SavedCallError when the name is empty, too long or taken, the tool unknown, or the arguments too large.
   */
  save(init: SavedCallInit): Promise<SavedCall>
  /** @throws SavedCallError when there is no such call, or the name is empty, too long or taken. */
  rename(id: string, name: string): Promise<SavedCall>
  /** Removes a saved call; resolves with whether there was one. */
  delete(id: string): Promise<boolean>
  /** Every saved call as JSON text, for a file or the clipboard (`import()` reads it). */
  export(): Promise<string>
  /**
   * Adds the calls of an export (its JSON text): a name already taken gets a number, a call saved already is skipped.
   * Nothing is added unless the whole file is good, and no saved call is changed or removed.
   * @throws SavedCallImportError when the text is not an export of saved calls, or is too large (the message says what is wrong).
   */
  import(json: string): Promise<SavedCallsImport>
}
