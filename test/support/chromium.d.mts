/** The Chromium binary to launch (CHROME_PATH, else Debian's), or undefined when there is none. */
export declare const chromiumPath: string | undefined
/** Launch flags for a headless run as root on a closed network. */
export declare const chromiumArgs: string[]
