/**
 * The client under test for the MCP conformance suite (`npm run conformance`).
 *
 *   tsx test/conformance/client.ts <server-url>
 *
 * The suite starts a scenario server, then runs this with the server's URL as
 * the last argument, the scenario name in MCP_CONFORMANCE_SCENARIO and, for
 * some scenarios, a JSON context in MCP_CONFORMANCE_CONTEXT. Each scenario
 * drives our McpClient the way that scenario's server expects; the suite
 * judges the traffic. Exit 0 when the flow completed, 1 (with the error) when not.
 */
import {
  McpClient,
  SkillDigestMismatchError,
  SkillFrontmatterMismatchError,
  SkillSizeMismatchError,
  type SkillVerificationError,
} from '../../src/client/index.js'
import {
  IssuerMismatchError,
  OAuthProvider,
  ResourceMismatchError,
  ScopeStepUpLimitError,
  type AuthorizationRequest,
  type OAuthProviderOptions,
} from '../../src/auth/index.js'

type Json = Record<string, any>
type Scenario = (url: string, context: Json) => Promise<void>

const CLIENT_INFO = { name: 'mcp-elements-conformance', version: '0.1.0' }

function log(...parts: unknown[]): void {
  console.error('[client]', ...parts)
}

function fail(message: string): never {
  throw new Error(message)
}

/** A plausible value for a JSON Schema, for tools and elicitations whose inputs the scenario does not dictate. */
function sample(schema: Json | undefined): unknown {
  if (!schema || typeof schema !== 'object') return 'conformance'
  if ('default' in schema) return schema.default
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0]
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'boolean':
      return true
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1.5
    case 'array':
      return []
    case 'null':
      return null
    case 'object':
      return sampleObject(schema, false)
    default:
      return 'conformance'
  }
}

/** Arguments for an object schema: every required property, and (when `all`) every other one too. */
function sampleObject(schema: Json | undefined, all = true): Json {
  const out: Json = {}
  const properties: Json = schema?.properties ?? {}
  const required: string[] = Array.isArray(schema?.required) ? schema.required : []
  for (const [key, sub] of Object.entries(properties)) {
    if (all || required.includes(key)) out[key] = sample(sub as Json)
  }
  return out
}

/** A client that can answer every kind of input request a server may make. */
function connect(url: string, { handlers, ...options }: Json = {}): McpClient {
  return new McpClient(url, {
    clientInfo: CLIENT_INFO,
    ...options,
    handlers: {
      elicitation: async (params: Json) => {
        log('elicitation:', params?.message)
        return { action: 'accept', content: sampleObject(params?.requestedSchema) }
      },
      sampling: async (params: Json) => {
        log('sampling:', JSON.stringify(params?.messages ?? []).slice(0, 200))
        return {
          role: 'assistant',
          content: { type: 'text', text: 'conformance sampling reply' },
          model: 'conformance-model',
          stopReason: 'endTurn',
        }
      },
      roots: async () => ({ roots: [{ uri: 'file:///tmp/mcp-elements-conformance', name: 'conformance' }] }),
      ...handlers,
    },
  } as any)
}

/** The text of a CallToolResult's text blocks. */
function text(result: Json): string {
  return (result?.content ?? [])
    .filter((c: Json) => c?.type === 'text')
    .map((c: Json) => c.text)
    .join('\n')
}

async function listToolsNamed(client: McpClient, names: string[]): Promise<Json[]> {
  const tools: Json[] = await client.listTools()
  log('tools:', tools.map((t) => t.name).join(', ') || '(none)')
  const missing = names.filter((n) => !tools.some((t) => t.name === n))
  if (missing.length) fail(`listTools() did not return ${missing.join(', ')}`)
  return tools
}

const scenarios: Record<string, Scenario> = {
  /** The server offers add_numbers(a, b); the suite checks the call carried numeric a and b. */
  async tools_call(url) {
    const client = connect(url)
    try {
      await client.discover()
      await listToolsNamed(client, ['add_numbers'])
      const result = await client.callTool('add_numbers', { a: 2, b: 3 })
      if (!text(result).includes('5')) fail(`add_numbers(2, 3) answered ${JSON.stringify(result)}`)
    } finally {
      await client.close()
    }
  },

  /**
   * The server rejects the first request, whatever it is, with -32022 (supported: [2026-07-28]);
   * the client must retry with a supported version. Every request is checked for the
   * MCP-Protocol-Version header, matching _meta.protocolVersion, _meta.clientInfo and
   * _meta.clientCapabilities (roots/sampling/elicitation declared as objects).
   */
  async 'request-metadata'(url) {
    const client = connect(url)
    try {
      const discovered: Json = await client.discover()
      if (discovered?.capabilities?.tools) await client.listTools()
    } finally {
      await client.close()
    }
  },

  /**
   * MRTR (SEP-2322). test_mrtr_echo_state answers input_required with an elicitation and an
   * opaque requestState: the retry must echo it byte for byte under a new JSON-RPC id.
   * test_mrtr_no_state sends no requestState: the retry must not invent one.
   * test_mrtr_unrelated, called here while echo_state waits for its elicitation, must carry
   * neither inputResponses nor requestState. test_mrtr_no_result_type answers without
   * resultType: that is a complete result, never a reason to retry.
   */
  async 'sep-2322-client-request-state'(url) {
    let inEchoState = false
    let unrelated: Json | undefined
    const client: McpClient = connect(url, {
      handlers: {
        elicitation: async (params: Json) => {
          log('elicitation:', params?.message)
          if (inEchoState && !unrelated) {
            // Another request while the MRTR exchange is between rounds.
            unrelated = await client.callTool('test_mrtr_unrelated', {}, { signal: AbortSignal.timeout(10_000) })
          }
          return { action: 'accept', content: { confirmed: true } }
        },
      },
    })
    try {
      await client.discover()
      await listToolsNamed(client, ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated', 'test_mrtr_no_result_type'])
      inEchoState = true
      const echo = await client.callTool('test_mrtr_echo_state', {})
      inEchoState = false
      if (text(echo) !== 'echo-state-ok') fail(`test_mrtr_echo_state answered ${JSON.stringify(echo)}`)
      if (!unrelated) fail('the elicitation handler was not called for test_mrtr_echo_state')
      if (text(unrelated) !== 'unrelated-ok') fail(`test_mrtr_unrelated answered ${JSON.stringify(unrelated)}`)
      const noState = await client.callTool('test_mrtr_no_state', {})
      if (text(noState) !== 'no-state-ok') fail(`test_mrtr_no_state answered ${JSON.stringify(noState)}`)
      const noType = await client.callTool('test_mrtr_no_result_type', {})
      if (text(noType) !== 'no-result-type-test-ok') fail(`test_mrtr_no_result_type answered ${JSON.stringify(noType)}`)
    } finally {
      await client.close()
    }
  },

  /**
   * SEP-2243: every POST carries Mcp-Method equal to the body's method (checked on the first
   * tools/list, tools/call, resources/list, resources/read, prompts/list, prompts/get), and
   * tools/call, prompts/get carry Mcp-Name = params.name, resources/read Mcp-Name = params.uri.
   */
  async 'http-standard-headers'(url) {
    const client = connect(url)
    try {
      await client.discover()
      const tools = await listToolsNamed(client, ['test_headers', 'my-hyphenated-tool'])
      for (const tool of tools) await client.callTool(tool.name, sampleObject(tool.inputSchema, false))
      const resources: Json[] = await client.listResources()
      if (resources.length === 0) fail('listResources() returned nothing')
      for (const resource of resources) await client.readResource(resource.uri)
      const prompts: Json[] = await client.listPrompts()
      if (prompts.length === 0) fail('listPrompts() returned nothing')
      for (const prompt of prompts) await client.getPrompt(prompt.name, {})
    } finally {
      await client.close()
    }
  },

  /**
   * SEP-2243 custom headers: the context names two calls. Each argument whose property has
   * x-mcp-header must be mirrored as Mcp-Param-{Name} (numbers and booleans as text,
   * unsafe strings — non-ASCII, control chars, leading/trailing whitespace — as
   * =?base64?…?=); unannotated ones (query, float_val) must not; a null value sends no header.
   */
  async 'http-custom-headers'(url, context) {
    const calls: Array<{ name: string; arguments: Json }> = context.toolCalls ?? fail('MCP_CONFORMANCE_CONTEXT has no toolCalls')
    const client = connect(url)
    try {
      await client.discover()
      await listToolsNamed(
        client,
        calls.map((c) => c.name),
      )
      for (const call of calls) await client.callTool(call.name, call.arguments)
    } finally {
      await client.close()
    }
  },

  /**
   * SEP-2243: tools/list offers valid_tool and eleven tools with a malformed x-mcp-header
   * (empty, on object/array/null/number, duplicated, bad characters). The client must leave
   * those out and still use valid_tool. Every tool listTools() returns is called, so a tool
   * wrongly kept shows up in the suite's checks.
   */
  async 'http-invalid-tool-headers'(url) {
    const reported: string[] = []
    const client = connect(url, {
      onInvalidTool: (tool: Json, reason: string) => log(`onInvalidTool ${tool?.name}: ${reason}`),
    })
    client.addEventListener('invalidtool', (e: Event) => {
      const { tool, reason } = (e as CustomEvent).detail
      reported.push(tool?.name)
      log(`invalidtool event ${tool?.name}: ${reason}`)
    })
    try {
      await client.discover()
      const tools = await listToolsNamed(client, ['valid_tool'])
      log(`left out ${reported.length}: ${reported.join(', ')}`)
      for (const tool of tools) await client.callTool(tool.name, sampleObject(tool.inputSchema, false))
    } finally {
      await client.close()
    }
  },

  /**
   * SEP-2106: lookup_user's inputSchema has a $ref to a network URL (a canary on the scenario
   * server). Listing tools must never fetch it.
   */
  async 'json-schema-ref-no-deref'(url) {
    const client = connect(url)
    try {
      await client.discover()
      const [tool] = (await listToolsNamed(client, ['lookup_user'])).filter((t) => t.name === 'lookup_user')
      log('lookup_user profile schema as listed:', JSON.stringify(tool.inputSchema?.properties?.profile))
    } finally {
      await client.close()
    }
  },

  /**
   * Unscored (SEP-1613, SEP-2106): send the inputSchema of json_schema_2020_12_tool, exactly as
   * listTools() returned it, to json_schema_echo; the suite checks $schema, $defs (with
   * $anchor), additionalProperties, allOf/anyOf and if/then/else survived.
   */
  async 'json-schema-2020-12-preservation'(url) {
    const client = connect(url)
    try {
      await client.discover()
      const tools = await listToolsNamed(client, ['json_schema_2020_12_tool', 'json_schema_echo'])
      const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool')!
      await client.callTool('json_schema_echo', { schema: focal.inputSchema })
    } finally {
      await client.close()
    }
  },
}

// ---- The Skills extension (sep-2640-*): list, then load a skill as a host does ----

/** Lists the skills and names them; reads nothing (the suite counts any file read as a prefetch). */
scenarios['sep-2640-client-no-prefetch'] = async (url) => {
  const client = connect(url)
  try {
    await client.discover()
    const skills = await client.listSkills()
    if (skills.length === 0) fail('listSkills() returned nothing')
    log('skills:', skills.map((s) => `${s.frontmatter.name} (${s.uri})`).join(', '))
  } finally {
    await client.close()
  }
}

/**
 * Loads each listed skill: SKILL.md first, then every other file of it. The server's SKILL.md fails one check
 * (its digest, its size, or its frontmatter against the entry's); the load must stop there with that check's error,
 * and the supporting file, which the suite watches for, is never read.
 */
const loadsSkill = (expected: abstract new (...args: never[]) => SkillVerificationError) => async (url: string) => {
  const client = connect(url)
  try {
    await client.discover()
    const skills = await client.listSkills()
    if (skills.length === 0) fail('listSkills() returned nothing')
    for (const skill of skills) {
      try {
        await client.readSkillFile(skill.uri, 'SKILL.md', { skill })
      } catch (error) {
        if (!(error instanceof expected)) throw error
        log(`refused as expected: ${(error as Error).name}: ${(error as Error).message}`)
        continue
      }
      for (const file of skill.resources === 'dynamic' ? [] : skill.resources) {
        if (file.uri !== skill.uri) await client.readSkillFile(skill.uri, file.uri.slice(skill.uri.length - 'SKILL.md'.length), { skill })
      }
      fail(`${skill.uri} was loaded, but this scenario serves it to fail ${expected.name}`)
    }
  } finally {
    await client.close()
  }
}
scenarios['sep-2640-client-verify-digest'] = loadsSkill(SkillDigestMismatchError)
scenarios['sep-2640-client-verify-size'] = loadsSkill(SkillSizeMismatchError)
scenarios['sep-2640-client-verify-frontmatter'] = loadsSkill(SkillFrontmatterMismatchError)

// ---- auth/* scenarios: the same McpClient, with an OAuthProvider as its `auth` ----

/** The redirect URI the suite's authorization server sends the code to; nothing listens there (see followSignIn). */
const REDIRECT_URI = 'http://localhost:3000/callback'
/** The suite's Client ID Metadata Document URL, used by servers that advertise client_id_metadata_document_supported. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json'

/** The user's trip through the sign-in page, headless: the suite's authorization endpoint redirects at once. */
async function followSignIn({ url, signal }: AuthorizationRequest): Promise<string> {
  const res = await fetch(url, { redirect: 'manual', signal })
  await res.body?.cancel()
  const location = res.headers.get('location')
  if (!location) fail(`the authorization endpoint answered HTTP ${res.status} without a redirect`)
  return new URL(location, url).href
}

/** A PKCS#8 PEM private key as a WebCrypto key (private_key_jwt). */
async function importPrivateKey(pem: string, algorithm = 'ES256'): Promise<CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s+/g, ''), 'base64')
  const params: EcKeyImportParams | RsaHashedImportParams = algorithm.startsWith('ES')
    ? { name: 'ECDSA', namedCurve: `P-${algorithm.slice(2)}` }
    : { name: algorithm.startsWith('PS') ? 'RSA-PSS' : 'RSASSA-PKCS1-v1_5', hash: `SHA-${algorithm.slice(2)}` }
  return crypto.subtle.importKey('pkcs8', der, params, false, ['sign'])
}

/**
 * Signs in as the scenario's authorization server expects, then lists tools and calls each one
 * (a second request after sign-in: auth/authorization-server-migration moves to another
 * authorization server between them). `expect` names the error class a scenario that must be
 * refused ends with; finishing without it fails.
 */
function authScenario(expect?: new (...args: any[]) => Error, options: (context: Json) => Promise<OAuthProviderOptions> | OAuthProviderOptions = () => ({})): Scenario {
  return async (url, context) => {
    const auth = new OAuthProvider(url, {
      redirectUri: REDIRECT_URI,
      clientName: CLIENT_INFO.name,
      clientMetadataUrl: CLIENT_METADATA_URL,
      authorize: followSignIn,
      ...(await options(context)),
    })
    auth.addEventListener('signedin', () => log(`signed in with ${auth.issuer}, scope ${JSON.stringify(auth.scope ?? '')}`))
    const client = connect(url, { auth })
    try {
      const tools = await listToolsNamed(client, [])
      for (const tool of tools) log('result:', JSON.stringify(await client.callTool(tool.name, sampleObject(tool.inputSchema, false))).slice(0, 200))
      if (expect) fail(`the flow completed, but this scenario must end in ${expect.name}`)
    } catch (error) {
      if (!expect || !(error instanceof expect)) throw error
      log(`refused as required: ${(error as Error).name}: ${(error as Error).message}`)
    } finally {
      await client.close()
    }
  }
}

const preRegistered = (context: Json): OAuthProviderOptions => ({
  client: { client_id: context.client_id ?? fail('no client_id in the context'), client_secret: context.client_secret },
})

const authScenarios: Record<string, Scenario> = {
  'auth/metadata-default': authScenario(),
  'auth/metadata-var1': authScenario(),
  'auth/metadata-var2': authScenario(),
  'auth/metadata-var3': authScenario(),
  'auth/basic-cimd': authScenario(),
  'auth/scope-from-www-authenticate': authScenario(),
  'auth/scope-from-scopes-supported': authScenario(),
  'auth/scope-omitted-when-undefined': authScenario(),
  /** tools/list needs mcp:basic (401), tools/call mcp:write too (403 insufficient_scope): one step-up. */
  'auth/scope-step-up': authScenario(),
  /** Every request with a token gets 403 for a scope already asked for: stop, do not loop. */
  'auth/scope-retry-limit': authScenario(ScopeStepUpLimitError),
  'auth/token-endpoint-auth-basic': authScenario(),
  'auth/token-endpoint-auth-post': authScenario(),
  'auth/token-endpoint-auth-none': authScenario(),
  'auth/pre-registration': authScenario(undefined, preRegistered),
  'auth/resource-mismatch': authScenario(ResourceMismatchError),
  'auth/offline-access-scope': authScenario(),
  'auth/offline-access-not-supported': authScenario(),
  'auth/authorization-server-migration': authScenario(),
  'auth/iss-supported': authScenario(),
  'auth/iss-not-advertised': authScenario(),
  'auth/iss-supported-missing': authScenario(IssuerMismatchError),
  'auth/iss-wrong-issuer': authScenario(IssuerMismatchError),
  'auth/iss-unexpected': authScenario(IssuerMismatchError),
  'auth/iss-normalized': authScenario(IssuerMismatchError),
  'auth/metadata-issuer-mismatch': authScenario(IssuerMismatchError),
  // DPoP (RFC 9449): the authorization server offers it, so the client uses it; -nonce adds use_dpop_nonce at both servers.
  'auth/dpop': authScenario(),
  'auth/dpop-nonce': authScenario(),
  'auth/client-credentials-basic': authScenario(undefined, (context) => ({
    authorize: undefined,
    clientCredentials: { clientId: context.client_id, clientSecret: context.client_secret },
  })),
  'auth/client-credentials-jwt': authScenario(undefined, async (context) => ({
    authorize: undefined,
    clientCredentials: { clientId: context.client_id, privateKey: await importPrivateKey(context.private_key_pem, context.signing_algorithm) },
  })),
}
Object.assign(scenarios, authScenarios)

/** Scenarios without a flow of their own: discover, list tools, call the first one. */
async function generic(url: string): Promise<void> {
  const client = connect(url)
  try {
    await client.discover()
    const tools: Json[] = await client.listTools()
    log('tools:', tools.map((t) => t.name).join(', ') || '(none)')
    if (tools[0])
      log('result:', JSON.stringify(await client.callTool(tools[0].name, sampleObject(tools[0].inputSchema, false))).slice(0, 500))
  } finally {
    await client.close()
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const e = error as Error & { code?: unknown; data?: unknown; status?: unknown }
  const extra = [
    e.code !== undefined ? `code=${JSON.stringify(e.code)}` : '',
    e.status !== undefined ? `status=${JSON.stringify(e.status)}` : '',
    e.data !== undefined ? `data=${JSON.stringify(e.data)}` : '',
  ]
    .filter(Boolean)
    .join(' ')
  const cause = e.cause ? `\n  caused by: ${describe(e.cause)}` : ''
  return `${e.name}: ${e.message}${extra ? ` (${extra})` : ''}${cause}\n${e.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`
}

async function main(): Promise<void> {
  const url = process.argv.at(-1)
  const name = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
  if (!url || !/^https?:\/\//.test(url)) fail('usage: tsx test/conformance/client.ts <server-url> (scenario in MCP_CONFORMANCE_SCENARIO)')
  const context: Json = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {}
  const scenario = scenarios[name]
  if (!scenario) log(`no flow for scenario ${JSON.stringify(name)}; running the generic flow`)
  log(`${name || '(no scenario)'} against ${url}`)
  await (scenario ?? generic)(url, context)
  log('done')
}

main().then(
  () => {
    process.exitCode = 0
    // After close() nothing should keep the process alive; say so if something does.
    setTimeout(() => {
      log('still running 3 s after close(); open resources:', process.getActiveResourcesInfo().join(', '))
      process.exit(1)
    }, 3000).unref()
  },
  (error) => {
    console.error(`[client] FAILED: ${describe(error)}`)
    process.exit(1)
  },
)
