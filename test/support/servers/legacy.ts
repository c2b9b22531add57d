// A legacy (SDK v1, Streamable HTTP with sessions) server for the browser suites, with CORS that allows and
// exposes the headers a page needs (Mcp-Session-Id above all). Not a TestServer of the 2026-07-28 SDK: it
// offers what the runner's info and stats routes read (url, origin, stats).
import { startLegacyServer } from '../legacy-server.js'

export async function startServer() {
  const server = await startLegacyServer('stateful', { cors: true })
  return {
    url: server.url,
    origin: new URL(server.url).origin,
    stats: { cancelled: server.cancelled, requests: server.requests },
    notify: { toolsChanged: () => server.addTool(`added_${server.requests.length}`) },
    close: () => server.close(),
  }
}
