// A free loopback port, for servers that cannot be asked which port 0 gave them (FastMCP's start(), a CLI's --port).
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
