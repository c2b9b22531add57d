// The main fixture, plus tools whose x-mcp-header annotations break the
// transport's rules (the client leaves those out and reports them).
import { startFixtureServer, type TestServer } from '../fixture-server.js'

export function startServer(): Promise<TestServer> {
  return startFixtureServer({ cors: true, invalidHeaderTools: true })
}
