// Worker-thread entry for bench/server.ts. On Node 20, tsx's loader hooks
// reach the main thread only, so the worker registers them itself before
// loading the TypeScript server (which starts serving when not on the main thread).
import { register } from 'tsx/esm/api'

register()
await import('./server.ts')
