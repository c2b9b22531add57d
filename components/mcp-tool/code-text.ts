/**
 * A tool call as code a person pastes elsewhere: a curl command for a POSIX shell, JavaScript with `McpClient`, and
 * the JSON-RPC request. Tool names, arguments and URLs come from the server or the user: in the shell every one is
 * one single-quoted word (nothing in it expands or ends the command), in JavaScript a JSON string. Credentials are
 * placeholders (`$MCP_TOKEN`) unless the user asked for the real ones.
 */
import type { RequestPreview } from '../../src/client/index.js'

/** A string as one word of a POSIX shell command: single-quoted, each `'` written `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** JSON as JavaScript source: `<` escaped, so the text stays inert pasted inside an HTML `<script>` too. */
const jsLiteral = (value: unknown, indent?: number) => JSON.stringify(value, null, indent).replaceAll('<', '\\u003c')

/** Headers that carry a credential: replaced by a placeholder unless the user asks for the real value. */
const CREDENTIAL = /^(authorization|proxy-authorization|cookie)$|token|secret|key|password|auth|session/i

/** The environment variable a placeholder names: `$MCP_TOKEN` for `authorization`, else from the header's name. */
const variableOf = (name: string) => (/^(proxy-)?authorization$/i.test(name) ? 'MCP_TOKEN' : `MCP_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`)

/** A header's value as the copy shows it: the value, or a placeholder (its variable's name, and a `Bearer ` before a token). */
type Shown = { value: string } | { variable: string; prefix: string }

/**
 * The headers a copy shows: the request's, each credential as a placeholder unless `includeCredentials`; and, for a
 * client whose `auth` signed in (its token is not handed out), `Authorization: Bearer $MCP_TOKEN`.
 */
function shownHeaders(preview: RequestPreview, includeCredentials: boolean): Array<[string, Shown]> {
  const shown: Array<[string, Shown]> = Object.entries(preview.headers).map(([name, value]) => [
    name,
    includeCredentials || !CREDENTIAL.test(name)
      ? { value }
      : { variable: variableOf(name), prefix: /^(proxy-)?authorization$/i.test(name) && /^bearer /i.test(value) ? 'Bearer ' : '' },
  ])
  if (preview.signedIn && !('authorization' in preview.headers)) shown.push(['authorization', { variable: 'MCP_TOKEN', prefix: 'Bearer ' }])
  return shown
}

/** Whether the request carries a credential the copy can include (the caller's own headers; never the `auth` option's token). */
export const hasCopyableCredential = (preview: RequestPreview) => Object.keys(preview.headers).some((name) => CREDENTIAL.test(name))

/**
 * The request as a curl command for a POSIX shell, one option a line. A placeholder is left to the shell to expand
 * (`"$MCP_TOKEN"`), its header's name single-quoted before it. Only for a modern request: a legacy server answers
 * inside a session that one command cannot open.
 */
export function curlCommand(preview: RequestPreview, includeCredentials = false): string {
  const words = [`curl -sS --url ${shellQuote(preview.url)}`]
  for (const [name, shown] of shownHeaders(preview, includeCredentials)) {
    const start = `${name}: ${'value' in shown ? shown.value : shown.prefix}`
    words.push(`-H ${shellQuote(start)}${'value' in shown ? '' : `"$${shown.variable}"`}`)
  }
  words.push(`--data-raw ${shellQuote(JSON.stringify(preview.body))}`)
  return words.join(' \\\n  ')
}

/** Headers `McpClient` adds itself: left out of the JavaScript, whose client sends them anyway. */
const OWN_HEADER = /^(content-type|accept|mcp-protocol-version|mcp-method|mcp-name|mcp-param-.*)$/i

/** The call as JavaScript: an ES module that makes it with `McpClient` and logs the result. */
export function javascriptCall(preview: RequestPreview, includeCredentials = false): string {
  const params = (preview.body.params ?? {}) as { name?: unknown; arguments?: unknown }
  const headers = shownHeaders(preview, includeCredentials).filter(([name]) => !OWN_HEADER.test(name))
  const options = headers.length
    ? `, {\n  headers: {\n${headers
        .map(([name, shown]) => {
          const value = 'value' in shown ? jsLiteral(shown.value) : `${jsLiteral(shown.prefix)} + process.env.${shown.variable}`
          return `    ${jsLiteral(name)}: ${value},`
        })
        .join('\n')}\n  },\n}`
    : ''
  return [
    "import { McpClient } from 'mcp-web-elements/client'",
    '',
    `const client = new McpClient(${jsLiteral(preview.url)}${options})`,
    `const result = await client.callTool(${jsLiteral(params.name)}, ${jsLiteral(params.arguments ?? {}, 2)})`,
    'console.log(JSON.stringify(result, null, 2))',
    '',
  ].join('\n')
}

/** The JSON-RPC request body, indented. */
export const jsonRpcText = (preview: RequestPreview) => JSON.stringify(preview.body, null, 2)
