// A tool listing served from the cache: the client checks each cached tool's
// header annotations once (remembered by the cached tool, not by each copy),
// yet everything it hands out is the caller's own copy, the left-out tools
// included, so no caller can change what the next listing reports.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { McpClient } from '../../src/client/index.js'
import { startFixtureServer } from '../support/fixture-server.js'

test(
  "a cached listing's left-out tools are the caller's copies: changing one does not reach the next listing",
  { timeout: 30_000 },
  async () => {
    const server = await startFixtureServer({ invalidHeaderTools: true })
    try {
      const client = new McpClient(server.url, { timeoutMs: 5_000 })
      await client.listTools()
      const leftOut = () => client.invalidTools.map(({ tool }) => tool.name).sort()
      const expected = leftOut()
      assert.ok(expected.length > 0, 'the fixture lists tools the client leaves out')
      await client.listTools() // from the cache
      for (const { tool } of client.invalidTools) tool.name = 'defaced'
      const reported: string[] = []
      client.addEventListener('invalidtool', (e) => reported.push(e.detail.tool.name))
      await client.listTools() // from the cache again
      assert.deepEqual(leftOut(), expected, 'the next listing reports the tools as the server sent them')
      assert.deepEqual(reported, [], 'and nothing new: the definitions did not change')
      assert.equal(
        server.stats.requests.filter((r) => r.body?.method === 'tools/list').length,
        1,
        'one tools/list: the others from the cache',
      )
      client.close()
    } finally {
      await server.close()
    }
  },
)
