/**
 * `mcp-elements`: everything. Today that is the headless client; the
 * elements register here as they land (see ARCHITECTURE.md).
 */
export * from './client/index.js'
