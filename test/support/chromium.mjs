// The system Chromium and the flags it needs here (root, no GPU, a closed
// network), for whatever launches it through playwright: the browser tests
// (web-test-runner.config.mjs) and `npm run bench`. Set CHROME_PATH to use
// another binary.
import { existsSync } from 'node:fs'

// /usr/lib/chromium/chromium is the binary itself; /usr/bin/chromium is Debian's
// shell wrapper around it (which adds nothing a headless run needs).
export const chromiumPath = process.env.CHROME_PATH || ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p))

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
