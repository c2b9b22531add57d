/**
 * Copy as code, run for real: the request `requestFor()` describes, written as a curl command (code-text.ts) and
 * run with `sh -c` against a real server on 127.0.0.1 whose tool name and argument keys and values are shell code,
 * must deliver exactly those arguments and run nothing else (no `pwned-…` file); the JavaScript must run in Node
 * and get the same result as the client's own call. Credentials stay placeholders unless asked for.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { McpClient, requestFor, type RequestPreview } from '../../src/client/index.js'
import { curlCommand, javascriptCall, jsonRpcText } from '../../components/mcp-tool/code-text.js'
import { HOSTILE_ARGUMENTS, HOSTILE_TOOL, runCopied, startServer } from '../support/servers/hostile-copy.js'
import type { TestServer } from '../support/fixture-server.js'

const BOUND = { timeout: 60_000 }
const CALL = { name: HOSTILE_TOOL, arguments: HOSTILE_ARGUMENTS }

async function withServer(body: (server: TestServer, client: McpClient) => Promise<void>, options = {}): Promise<void> {
  const server = await startServer()
  const client = new McpClient(server.url, options)
  try {
    await body(server, client)
  } finally {
    client.close()
    await server.close()
  }
}

/** The JSON-RPC result in curl's output: a JSON body, or the `data:` line of an SSE one. */
function resultOf(stdout: string): unknown {
  const data = stdout.trimStart().startsWith('{') ? stdout : stdout.split('\n').find((line) => line.startsWith('data: '))!.slice(6)
  return JSON.parse(data).result
}

/** The result without its `_meta` (the server's identity, which the client reads and a copy need not match). */
const withoutMeta = (result: unknown) => {
  const { _meta, ...rest } = result as Record<string, unknown>
  return rest
}

test('every header value and the body reach curl as one word each, exactly as written', BOUND, async () => {
  const texts = ["it's", "'", "''", '$(id) `id` "$HOME" \\ \n !', '']
  const server = await startServer()
  try {
    for (const text of texts) {
      const preview: RequestPreview = {
        url: 'http://127.0.0.1:9/mcp',
        era: 'modern',
        headers: { 'x-text': text },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: text } },
        signedIn: false,
      }
      // A shell function in place of curl prints the words it is given, each ended by a NUL.
      const report = await runCopied(server.stats, `curl() { printf '%s\\0' "$@"; }\n${curlCommand(preview)}`)
      const words = report.stdout.split('\0')
      assert.equal(words[words.indexOf('-H') + 1], `x-text: ${text}`, `the header of ${JSON.stringify(text)}`)
      assert.deepEqual(JSON.parse(words[words.indexOf('--data-raw') + 1]!), preview.body)
      assert.deepEqual(report.pwned, [])
    }
  } finally {
    await server.close()
  }
})

test('the request has the 2026-07-28 headers and _meta of a tools/call', BOUND, () =>
  withServer(async (server, client) => {
    const preview = await requestFor(client, 'tools/call', CALL)
    assert.equal(preview.url, server.url)
    assert.equal(preview.era, 'modern')
    assert.equal(preview.headers['content-type'], 'application/json')
    assert.equal(preview.headers.accept, 'application/json, text/event-stream')
    assert.equal(preview.headers['mcp-protocol-version'], '2026-07-28')
    assert.equal(preview.headers['mcp-method'], 'tools/call')
    assert.match(preview.headers['mcp-name']!, /^=\?base64\?/, 'a name with a newline is sent encoded')
    assert.ok(preview.headers['mcp-param-region'], 'the x-mcp-header argument is mirrored')
    const meta = (preview.body.params as { _meta: Record<string, unknown> })._meta
    assert.equal(meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28')
    assert.ok(meta['io.modelcontextprotocol/clientInfo'])
    assert.ok(meta['io.modelcontextprotocol/clientCapabilities'])
    assert.deepEqual(JSON.parse(jsonRpcText(preview)), preview.body)
  }),
)

test('the copied curl command sends exactly the hostile name and arguments, runs nothing else, and gets the same answer', BOUND, () =>
  withServer(async (server, client) => {
    const expected = await client.callTool(HOSTILE_TOOL, HOSTILE_ARGUMENTS)
    const command = curlCommand(await requestFor(client, 'tools/call', CALL))
    const report = await runCopied(server.stats, command)
    assert.deepEqual(report.pwned, [], `the shell ran code from the server: ${report.pwned}`)
    assert.equal(report.exitCode, 0, report.stderr)
    assert.equal(report.calls.length, 1)
    assert.equal(report.calls[0]!.name, HOSTILE_TOOL)
    assert.deepEqual(report.calls[0]!.arguments, HOSTILE_ARGUMENTS)
    assert.deepEqual(withoutMeta(resultOf(report.stdout)), withoutMeta(expected))
  }),
)

test('the copied JavaScript runs in Node and gets the same result', BOUND, () =>
  withServer(async (server, client) => {
    const expected = await client.callTool(HOSTILE_TOOL, HOSTILE_ARGUMENTS)
    const code = javascriptCall(await requestFor(client, 'tools/call', CALL))
    assert.match(code, /^import \{ McpClient \} from 'mcp-web-elements\/client'/)
    // The package's name resolves to its build; here it is the source, run through tsx.
    const runnable = code.replace("'mcp-web-elements/client'", JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src/client/index.ts')).href))
    const dir = await mkdtemp(join(tmpdir(), 'mcp-copy-js-'))
    try {
      await writeFile(join(dir, 'call.mjs'), runnable)
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--import', 'tsx', join(dir, 'call.mjs')], { cwd: join(import.meta.dirname, '../..'), timeout: 30_000 }, (error, out, err) =>
          error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
        ),
      )
      assert.deepEqual(withoutMeta(JSON.parse(stdout)), withoutMeta(expected))
      const call = server.stats.requests.filter((r) => r.body?.method === 'tools/call').at(-1)!
      assert.deepEqual(call.body.params.arguments, HOSTILE_ARGUMENTS)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }),
)

test('a token in the client’s headers is a placeholder unless asked for; the placeholder is the shell’s $MCP_TOKEN', BOUND, () =>
  withServer(
    async (server, client) => {
      const preview = await requestFor(client, 'tools/call', CALL)
      for (const text of [curlCommand(preview), javascriptCall(preview)]) assert.doesNotMatch(text, /s3cret/, text)
      const report = await runCopied(server.stats, curlCommand(preview))
      assert.equal(report.calls[0]?.headers.authorization, 'Bearer', 'without MCP_TOKEN set, no token')
      const withEnv = await runCopied(server.stats, `MCP_TOKEN='from-env' && export MCP_TOKEN && ${curlCommand(preview)}`)
      assert.equal(withEnv.calls[0]?.headers.authorization, 'Bearer from-env')
      assert.match(javascriptCall(preview), /"Bearer " \+ process\.env\.MCP_TOKEN/)
      const included = await runCopied(server.stats, curlCommand(preview, true))
      assert.equal(included.calls[0]?.headers.authorization, "Bearer s3cret'$(touch pwned-token)")
      assert.deepEqual(included.pwned, [])
      assert.match(javascriptCall(preview, true), /"Bearer s3cret'\$\(touch pwned-token\)"/)
    },
    { headers: { Authorization: "Bearer s3cret'$(touch pwned-token)" } },
  ),
)

test('a client signed in through auth gets the placeholder (its token is not handed out)', BOUND, () =>
  withServer(
    async (_server, client) => {
      const preview = await requestFor(client, 'tools/call', CALL)
      assert.equal(preview.signedIn, true)
      assert.equal(preview.headers.authorization, undefined)
      assert.match(curlCommand(preview), /-H 'authorization: Bearer '"\$MCP_TOKEN"/)
    },
    { auth: { wrapFetch: (f: typeof fetch) => f, context: () => 'issuer subject' } },
  ),
)

test('a legacy server’s request says it needs a session', BOUND, async () => {
  const client = new McpClient('http://127.0.0.1:9/mcp', { protocolVersion: '2025-11-25' })
  const preview: RequestPreview = await requestFor(client, 'tools/call', CALL)
  assert.equal(preview.era, 'legacy')
  assert.equal(preview.headers['mcp-protocol-version'], '2025-11-25')
  assert.equal(preview.headers['mcp-method'], undefined)
  assert.deepEqual(preview.body.params, CALL)
})
