// The demo server of `npm start` (demo/server/demo-server.ts), so browser
// tests exercise exactly what the demo site shows.
import type { TestServer } from '../fixture-server.js'
import { startDemoServer } from '../../../demo/server/demo-server.js'

export function startServer(): Promise<TestServer> {
  return startDemoServer()
}
