// A server for saved calls (components/mcp-saved-calls): the url-state server's tools (a search tool, and a sign-in
// tool whose password and API key the schema marks as secret), served on a URL of its own so that its saved calls
// and its request log are this suite's alone.
export { startServer } from './url-state.js'
