/**
 * The client capabilities to declare beside the handlers of input-handlers.ts
 * (`new McpClient(url, { handlers, capabilities: INPUT_CAPABILITIES })`): a
 * handler alone declares form-mode elicitation only, and servers must not
 * send URL-mode requests to a client that does not declare `url`.
 *
 * A file of its own: `<mcp-server>` declares these at once, and loads the handlers themselves on the first input request.
 */
export const INPUT_CAPABILITIES = { elicitation: { form: {}, url: {} } }
