/** Adds a line to the log, when it is on. */
export declare function logLine(port: number | string, ...fields: unknown[]): void
/** Turns the log on for every node:http server of this process, writing to `path`. */
export declare function startRequestLog(path: string | undefined): void
/** Ends the log (its last lines flushed). */
export declare function stopRequestLog(): Promise<void>
