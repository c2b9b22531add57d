/**
 * README.md cannot rot: its code blocks are read out of it and checked against
 * the code. TypeScript blocks are type-checked by tsc against the sources
 * (each entry of the exports map mapped to its source), each block a module of its own; the
 * names a block uses but leaves to the reader's own code (`url`, `showForm`, a
 * `client` made in an earlier block) are declared in READERS_CODE below. Shell
 * lines must name scripts package.json has, and `.ci/run` must run exactly the
 * README's test line; HTML may use only elements the package registers; CSS
 * only parts the elements declare and custom properties they read; local links
 * and images must exist. The client's quick start also runs, as written, against
 * the demo server it names (started here on another port).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startDemoServer } from '../../demo/server/demo-server.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const README = read('README.md')
const pkg = JSON.parse(read('package.json'))

interface Block {
  lang: string
  code: string
  /** README line of the block's first code line (1-based). */
  line: number
}

/** The fenced code blocks of a markdown text. */
function codeBlocks(markdown: string): Block[] {
  const found: Block[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!)
    if (!open) continue
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l))
    assert.ok(end > i, `README.md:${i + 1}: a code block that never closes`)
    found.push({ lang: open[1]!, code: lines.slice(i + 1, end).join('\n'), line: i + 2 })
    i = end
  }
  return found
}

const blocks = codeBlocks(README)
const ofLang = (...langs: string[]) => blocks.filter((b) => langs.includes(b.lang))

/** Element folders with a registering file: the tags the package defines. */
const elements = readdirSync(join(root, 'components'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.startsWith('mcp-') && existsSync(join(root, 'components', d.name, `${d.name}.ts`)))
  .map((d) => d.name)

test('every code block says its language, one this test checks', () => {
  assert.ok(blocks.length > 10, `only ${blocks.length} code blocks found`)
  for (const block of blocks) {
    assert.ok(
      ['ts', 'sh', 'html', 'css'].includes(block.lang),
      `README.md:${block.line - 1}: a \`\`\`${block.lang} block is checked by nothing`,
    )
  }
})

test('the quick start is two lines, one for the demo and one for the tests; .ci/run runs exactly the test line', () => {
  const lines = ofLang('sh').flatMap((b) => b.code.split('\n').filter((l) => l.trim()))
  assert.ok(lines.includes('npm ci && npm start'), 'no `npm ci && npm start` line')
  assert.ok(lines.includes('npm ci && npm test'), 'no `npm ci && npm test` line')
  const ciCommands = read('.ci/run')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !/^(set|cd) /.test(l))
  // The last command is the README's test line, exactly; before it, only the install of Debian's chromium
  // (a fresh machine has no browser), inside a guard that skips it where one is found.
  assert.equal(ciCommands.at(-1), 'npm ci && npm test')
  for (const line of ciCommands.slice(0, -1)) {
    assert.match(line, /^(if .*; then|fi|export DEBIAN_FRONTEND=noninteractive|apt-get (update|install) .*)$/, `.ci/run runs more than an install before the test line: ${line}`)
  }
  assert.ok(ciCommands.some((l) => /^apt-get install .*\bchromium\b/.test(l)), '.ci/run does not install chromium')
})

test('every npm command the README shows names a script package.json has, and the package name', () => {
  const commands = [
    ...ofLang('sh').flatMap((b) => b.code.split('\n')),
    // Inline `npm run …` mentions in the prose and tables too.
    ...[...README.matchAll(/`(npm [^`]+)`/g)].map((m) => m[1]!),
  ]
  for (const line of commands) {
    for (const command of line.split('&&').map((c) => c.trim())) {
      const script = /^npm (?:run )?(start|test)$|^npm run ([\w:-]+)/.exec(command)
      if (script) assert.ok(pkg.scripts[script[1] ?? script[2]!], `README shows \`${command}\`, but package.json has no such script`)
      const install = /^npm install (\S+)$/.exec(command)
      if (install) assert.equal(install[1], pkg.name, `README installs ${install[1]}`)
    }
  }
})

/** Declarations of what the README's snippets leave to the reader's code. */
const READERS_CODE = `
type Client = import('mcp-web-elements/client').McpClient
declare const url: string
declare const issuer: string
declare const subject: string
/** Made as in the client's quick start. */
declare const client: Client
declare const bar: { set(fraction: number): void }
declare function token(): string
declare function proxyFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>
declare function showForm(params: import('mcp-web-elements/client').ElicitRequestParams): Promise<Record<string, string | number | boolean | string[]>>
declare function askUser(request: unknown): Promise<Record<string, string | number | boolean | string[]>>
declare function llm(params: import('mcp-web-elements/client').CreateMessageRequestParams): Promise<string>
declare function myModel(params: unknown): Promise<import('mcp-web-elements/client').CreateMessageResult>
declare function refresh(method: string): void
declare function render(tools: import('mcp-web-elements/client').Tool[], state: { stale: boolean; ageMs?: number }): void
declare function showError(error: unknown): void
declare const model: { generate(request: { tools: unknown[] }): Promise<{ toolCalls: Array<{ id: string; name: string; arguments: string }> }> }
`

test('every TypeScript block type-checks against the sources', { timeout: 120_000 }, (t) => {
  const snippets = ofLang('ts')
  assert.ok(snippets.length > 5, `only ${snippets.length} TypeScript blocks`)
  const dir = mkdtempSync(join(tmpdir(), 'readme-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const files = snippets.map((block, i) => {
    const file = `block-${i}.ts`
    // `export {}` makes each block a module: its own scope, and top-level await.
    writeFileSync(join(dir, file), `${block.code}\nexport {}\n`)
    return file
  })
  writeFileSync(join(dir, 'readers-code.d.ts'), READERS_CODE)
  // Each entry of the package's exports map, mapped to the source its declarations come from (dist/types/x.d.ts
  // from x.ts), so the blocks are checked against the code as it is, not against a build. Declarations shipped as
  // they are (frameworks/*.d.ts) are their own source.
  const paths: Record<string, string[]> = {}
  for (const [entry, target] of Object.entries<{ types?: string } | string>(pkg.exports)) {
    if (typeof target !== 'object' || !target.types) continue
    const specifier = `${pkg.name}${entry.slice(1)}`
    const source = target.types.startsWith('./dist/types/')
      ? target.types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts')
      : target.types.replace(/^\.\//, '')
    if (!entry.includes('*')) paths[specifier] = [join(root, source)]
    else for (const name of elements) paths[specifier.replace('*', name)] = [join(root, source.replaceAll('*', name))]
  }
  assert.ok(paths['mcp-web-elements/client'] && paths['mcp-web-elements/elements/mcp-server'], 'the exports map has changed shape')
  for (const [specifier, [source]] of Object.entries(paths)) assert.ok(existsSync(source!), `${specifier}: no ${source}`)
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, 'tsconfig.json'),
      compilerOptions: { paths, noEmit: true, skipLibCheck: true, typeRoots: [join(root, 'node_modules/@types')] },
      include: [],
      files: ['readers-code.d.ts', ...files],
    }),
  )
  let output = ''
  try {
    // The native TypeScript 7 the project type-checks with, by its own path (node_modules/.bin/tsc may be TypeScript 6's,
    // from typedoc-typescript), and errors one a line as the pattern below reads them.
    execFileSync(join(root, 'node_modules/typescript/bin/tsc'), ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
    })
  } catch (error) {
    output = (error as { stdout?: string }).stdout ?? String(error)
  }
  // Errors inside the sources are the type check's business (`npm run typecheck`); only the blocks' are the README's.
  const errors = [...output.matchAll(/^block-(\d+)\.ts\((\d+),(\d+)\): (.*)$/gm)].map(
    ([, i, line, column, message]) => `README.md:${snippets[Number(i)]!.line + Number(line) - 1}:${column}: ${message}`,
  )
  assert.deepEqual(errors, [])
})

test('HTML blocks use only the elements the package registers, and load the CDN files the build writes', () => {
  const snippets = ofLang('html')
  assert.ok(snippets.length > 0)
  const cdnConfig = read('vite.config.ts')
  assert.match(cdnConfig, /outDir = 'dist\/cdn'/)
  assert.match(cdnConfig, /\{ 'mcp-web-elements': 'components\/cdn\.ts',/)
  assert.match(cdnConfig, /\{ 'mcp-web-elements-auth-callback': 'src\/auth\/callback-page\.ts' \}/)
  for (const block of snippets) {
    const tags = [...block.code.matchAll(/<(mcp-[a-z-]+)/g)].map((m) => m[1]!)
    assert.deepEqual(
      tags.filter((tag) => !elements.includes(tag)),
      [],
      `README.md:${block.line}: unknown elements`,
    )
    for (const [, src] of block.code.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) {
      assert.match(src!, /\/mcp-web-elements\/dist\/cdn\/mcp-web-elements(-auth-callback)?\.js$/, `README.md:${block.line}: script ${src}`)
    }
  }
})

test('CSS blocks style parts the elements declare (@csspart) and custom properties the styles read', () => {
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
      d.isDirectory()
        ? sources(`${dir}/${d.name}`)
        : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts')
          ? [read(`${dir}/${d.name}`)]
          : [],
    )
  const styles = sources('components').join('\n')
  for (const block of ofLang('css')) {
    for (const [, tag, part] of block.code.matchAll(/\b(mcp-[a-z-]+)::part\(([\w-]+)\)/g)) {
      const header = read(`components/${tag}/${tag}.component.ts`)
      assert.match(header, new RegExp(`@csspart ${part}\\b`), `README.md:${block.line}: <${tag}> has no part "${part}"`)
    }
    for (const [, property] of block.code.matchAll(/(--[\w-]+)\s*:/g)) {
      assert.ok(styles.includes(`var(${property}`), `README.md:${block.line}: no element reads ${property}`)
    }
  }
})

/** The README's text outside code blocks. */
const prose = README.replace(/^```[\s\S]*?^```/gm, '')

/** The anchors README.md's headings make, as GitHub and npm spell them (`### Connection problems` → connection-problems). */
const anchors = new Set(
  [...prose.matchAll(/^#+ (.*)$/gm)].map((m) =>
    m[1]!
      .replace(/`/g, '')
      .trim()
      .toLowerCase()
      .replace(/[^\w\- ]/g, '')
      .replace(/ /g, '-'),
  ),
)

test('local links and images point at files that exist; #links at headings', () => {
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue
    if (target!.startsWith('#')) assert.ok(anchors.has(target!.slice(1)), `README links to ${target}, which no heading makes`)
    else assert.ok(existsSync(join(root, target!.split('#')[0]!)), `README links to ${target}, which does not exist`)
  }
})

// npm shows the README the package ships (npm always packs it) on the package's page.
test("the connection doctor's help link goes to a heading of this README, on the package's npm page", async () => {
  const { CONNECTION_HELP_URL } = await import('../../src/protocol/connection-help.js')
  const link = new URL(CONNECTION_HELP_URL)
  assert.equal(`${link.origin}${link.pathname}`, `https://www.npmjs.com/package/${pkg.name}`)
  assert.ok(anchors.has(link.hash.slice(1)), `the link's ${link.hash} is no heading of README.md`)
})

/** The README address of the demo server `npm start` runs. */
const DEMO_MCP_URL = 'http://127.0.0.1:3001/mcp'

test("the client's quick start runs as written against the demo server and prints the greeting", { timeout: 60_000 }, async (t) => {
  const quickStart = ofLang('ts').find((b) => b.code.includes(DEMO_MCP_URL) && b.code.includes("from 'mcp-web-elements/client'"))
  assert.ok(quickStart, `no TypeScript block talks to ${DEMO_MCP_URL}`)
  const server = await startDemoServer()
  const dir = mkdtempSync(join(tmpdir(), 'readme-run-'))
  t.after(async () => {
    rmSync(dir, { recursive: true, force: true })
    await server.close()
  })
  // The block as written; only the port differs (the demo server here runs on a free one), and the package name
  // reaches the sources.
  const { build } = await import('esbuild')
  const file = join(dir, 'quick-start.mjs')
  await build({
    stdin: { contents: quickStart.code.replace(DEMO_MCP_URL, server.url), loader: 'ts', resolveDir: root },
    alias: { 'mcp-web-elements/client': join(root, 'src/client/index.ts') },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: file,
    logLevel: 'silent',
  })
  const printed: unknown[][] = []
  const log = console.log
  console.log = (...args: unknown[]) => void printed.push(args)
  try {
    await import(pathToFileURL(file).href)
  } finally {
    console.log = log
  }
  assert.ok((printed[0]?.[0] as string[]).includes('greet'), `printed: ${JSON.stringify(printed)}`)
  assert.deepEqual(printed.slice(1), [['Hello, Ada!']])
})
