// Child-process entry for bench/server.ts: registers tsx's loader hooks, then
// loads the TypeScript server (which starts serving when BENCH_SERVER_CHILD is set).
import { register } from 'tsx/esm/api'

register()
await import('./server.ts')
