/** A stall caught: the evidence file, the test file open, the last request, and whether the evidence has gdb's stacks. */
export interface Stall {
  path: string
  file: string
  lastRequest: string
  stacks: boolean
}
/** Watches the runner `runnerPid` and its request log; progressed() on each output chunk, stop() when it ends. */
export declare function watchForStalls(options: { label: string; runnerPid: number; requestLog: string; env?: NodeJS.ProcessEnv }): {
  progressed(): void
  stop(): Promise<Stall[]>
}
