// Skills served by the official SDK's side of the Skills extension (io.modelcontextprotocol/skills): two skills from
// memory, listed with a cache hint, and an HTTP front that can change what the SDK sent (a file's bytes, an entry)
// so that the client's checks meet a tampered answer as they would from a real server or an intermediary.
import { McpServer } from '@modelcontextprotocol/server'
import { SkillsExtension, memorySkillFiles } from '@modelcontextprotocol/server/ext/skills'
import { serveMcp, type FixtureServer, type TestServer } from '../fixture-server.js'

export const SKILL_FILES: Record<string, string> = {
  'git-workflow/SKILL.md': [
    '---',
    'name: git-workflow',
    'description: Follow this team’s Git conventions for branching and commits',
    'license: Apache-2.0',
    'metadata:',
    '  version: "1.2"',
    '  owner: platform-team',
    '---',
    '',
    '# Git workflow',
    '',
    'Read `references/GUIDE.md` before your first commit.',
    '',
  ].join('\n'),
  'git-workflow/references/GUIDE.md': '# Guide\n\nBranch from main; one concern per commit.\n',
  'acme/refunds/SKILL.md': [
    '---',
    'name: refunds',
    'description: Process refund requests per policy',
    '---',
    '',
    'Check the order first.',
    '',
  ].join('\n'),
}

/** What the front does to one answer: the JSON-RPC message in, the one sent out. */
export type Rewrite = (message: any, request: any) => any

export interface SkillsServer extends FixtureServer {
  /** The files the catalog serves (change, then `reload()`). */
  files: Record<string, string>
  /** Scans the files again and tells listening clients when the list changed. */
  reload(): Promise<void>
  /** Rewrites the answers to requests of `method` until cleared (`undefined`). */
  rewrite: Partial<Record<string, Rewrite>>
}

/** A skills server; `declare: false` serves the same resources without the extension (and without skills/*). */
export async function startSkillsServer({
  declare = true,
  ttlMs = 60_000,
}: { declare?: boolean; ttlMs?: number } = {}): Promise<SkillsServer> {
  const files = { ...SKILL_FILES }
  const catalog = await SkillsExtension.load(memorySkillFiles(files), { cacheHint: { ttlMs, cacheScope: 'public' }, onWarning: () => {} })
  const rewrite: SkillsServer['rewrite'] = {}
  const served = await serveMcp(
    () => {
      const mcp = new McpServer({ name: 'skills-fixture', version: '1.0.0' }, { capabilities: { resources: { listChanged: true } } })
      if (declare) catalog.attach(mcp)
      return mcp
    },
    {
      cors: true,
      front: async (_request, body, next) => {
        const response = await next()
        const change = body?.method ? rewrite[body.method] : undefined
        if (!change) return response
        return rewriteResponse(response, (message) => change(message, body))
      },
    },
  )
  return {
    ...served,
    files,
    rewrite,
    async reload() {
      const changes = await catalog.reload()
      if (changes.listChanged) served.notify.resourcesChanged()
    },
  }
}

/**
 * The browser runner's server (`skills`): control `tamper` (body: a file URI) changes one byte of that file as
 * resources/read sends it; `restore` serves files as they are again.
 */
export async function startServer(): Promise<TestServer> {
  const server = await startSkillsServer()
  return {
    ...server,
    control(action, body) {
      if (action === 'restore') delete server.rewrite['resources/read']
      else if (action === 'tamper') {
        server.rewrite['resources/read'] = (message, request) => {
          const content = message.result?.contents?.[0]
          if (request?.params?.uri === body && typeof content?.text === 'string')
            content.text = content.text.replace(/.$/s, (c: string) => (c === '!' ? '?' : '!'))
          return message
        }
      } else throw new Error(`unknown control ${action}`)
      return { ok: true }
    },
  }
}

/** The response with its JSON-RPC message (a JSON body, or each SSE `data:` line) passed through `change`. */
export async function rewriteResponse(response: Response, change: (message: any) => any): Promise<Response> {
  const text = await response.text()
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const body = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text.replace(/^data: (.*)$/gm, (_, json: string) => `data: ${JSON.stringify(change(JSON.parse(json)))}`)
    : JSON.stringify(change(JSON.parse(text)))
  return new Response(body, { status: response.status, headers })
}
