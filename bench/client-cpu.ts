// `npx tsx bench/client-cpu.ts [rounds] [calls per round]`: client-process CPU per tools/call, in layers.
//
// `npm run bench` judges tools/call by client CPU against the SDK server; this splits that CPU into layers against
// the bare node:http echo (the servers, bench/server.ts, run in another process, so process.cpuUsage() of this
// process is the client's work alone, undici's included). Contenders take turns in rotated order, round after round, and each
// round's figure is paired with the fetch loop's of the same round, so load on a shared machine lands on all.
//
//   fetch loop            bench/contenders.ts: fetch, JSON.stringify, res.json(); no timeout, no way to abort
//   transport             src/transport/http.ts postRequest alone: a RequestController per call (the timer, the
//                         caller's abort and close() need one) that the fetch's own controller follows, the body read with a
//                         size bound, decoded strictly
//   transport, no abort   the same with one controller for every call and no signal to fetch: what aborting costs
//   ours, bundled         McpClient.callTool as users run it: esbuild's bundle of src/client (no keepNames)
//   ours, source (tsx)    McpClient.callTool from the TypeScript source through tsx, as bench/run.ts measured it before it bundled
//                         (tsx keeps function names: a defineProperty per closure made, on every call)
import { McpClient } from '../src/client/index.js'
import { postRequest } from '../src/transport/http.js'
import { RequestController } from '../src/transport/request-controller.js'
import { standardHeaders } from '../src/transport/headers.js'
import { PROTOCOL_VERSION, bundledMcpClient, fetchLoop, type Contender } from './contenders.js'
import { startServerWorker, type BenchServerUrls } from './server.js'

const CLIENT_INFO = { name: 'bench', version: '1.0.0' }

await main(Number(process.argv[2] ?? 60), Number(process.argv[3] ?? 150))

async function main(rounds: number, calls: number): Promise<void> {
  // startServerWorker runs the servers in a child process: this process's CPU is the client's.
  const server = await startServerWorker()
  const urls = server.urls
  try {
    const Bundled = await bundledMcpClient()
    const contenders: Contender[] = [
      fetchLoop(urls.raw, fetch),
      transport(urls.raw, true),
      transport(urls.raw, false),
      await callTool('ours, bundled', Bundled, urls),
      await callTool('ours, source (tsx)', McpClient, urls),
    ]
    const cpu = await race(contenders, rounds, calls)
    report(contenders, cpu, rounds, calls)
  } finally {
    await server.close()
  }
}

/** postRequest alone, with a controller per call (as the client does) or one shared and no signal to fetch. */
function transport(url: string, abortable: boolean): Contender {
  let id = 0
  const shared = new AbortController()
  const noSignal: typeof fetch = (input, init) => fetch(input, { ...init, signal: undefined })
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': {},
  }
  return {
    name: abortable ? 'transport' : 'transport, no abort',
    async call() {
      const params = { name: 'echo', arguments: { text: 'hi' } }
      const response = await postRequest({
        url,
        message: { jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { ...params, _meta } },
        headers: standardHeaders(PROTOCOL_VERSION, 'tools/call', params),
        fetch: abortable ? fetch : noSignal,
        controller: abortable ? new RequestController() : shared,
        timeoutMs: 60_000,
        maxTotalTimeMs: 600_000,
        maxBodyBytes: 16 * 1024 * 1024,
        idempotent: false,
      })
      if (!('result' in response)) throw new Error(`transport: ${JSON.stringify(response)}`)
    },
    close: async () => {},
  }
}

/** McpClient.callTool; tools listed on the SDK server first, then every request goes to the bare echo. */
async function callTool(name: string, Client: typeof McpClient, urls: BenchServerUrls): Promise<Contender> {
  let target: string | undefined
  const client = new Client(urls.mcp, { clientInfo: CLIENT_INFO, fetch: (input, init) => fetch(target ?? input, init) })
  await client.listTools()
  target = urls.raw
  return {
    name,
    async call() {
      const result = await client.callTool('echo', { text: 'hi' })
      if ((result.content[0] as { text?: string } | undefined)?.text !== 'hi') throw new Error(`${name}: ${JSON.stringify(result)}`)
    },
    close: async () => client.close(),
  }
}

/** Microseconds of this process's CPU per call, one figure per contender per round. */
async function race(contenders: Contender[], rounds: number, calls: number): Promise<number[][]> {
  for (const c of contenders) for (let i = 0; i < 500; i++) await c.call()
  const cpu = contenders.map(() => [] as number[])
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const index = (round + k) % contenders.length
      const started = process.cpuUsage()
      for (let i = 0; i < calls; i++) await contenders[index]!.call()
      const used = process.cpuUsage(started)
      cpu[index]!.push((used.user + used.system) / calls)
    }
  }
  return cpu
}

function report(contenders: Contender[], cpu: number[][], rounds: number, calls: number): void {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
  const loop = cpu[0]!
  console.log(`client CPU per tools/call, bare echo server in another process; ${rounds} rounds x ${calls} calls, rotated`)
  console.log('                          us/call   over the loop (paired median)   x loop (paired median)')
  contenders.forEach((c, i) => {
    const mine = cpu[i]!
    const over = median(mine.map((v, r) => v - loop[r]!))
    const ratio = median(mine.map((v, r) => v / loop[r]!))
    console.log(
      `  ${c.name.padEnd(22)} ${median(mine).toFixed(1).padStart(8)}   ${over.toFixed(1).padStart(8)}                       ${ratio.toFixed(3)}`,
    )
  })
}
