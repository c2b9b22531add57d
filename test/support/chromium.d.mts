/** Names a Chromium (or Chrome) goes by on PATH, in the order tried. */
export declare const chromiumNames: string[]
/** The path of the executable `command` in the first PATH directory that has one, or undefined. */
export declare function onPath(command: string, env?: NodeJS.ProcessEnv): string | undefined
/** The Chromium binary to launch: CHROME_PATH when set, else the first Chromium on PATH (Debian's binary behind its wrapper); undefined when there is none. */
export declare function findChromium(env?: NodeJS.ProcessEnv): string | undefined
/** The Chromium binary to launch (CHROME_PATH, else the first on PATH), or undefined when there is none. */
export declare const chromiumPath: string | undefined
/** Launch flags for a headless run as root on a closed network. */
export declare const chromiumArgs: string[]
/** Debian's package of Chromium's headless shell. */
export declare const HEADLESS_SHELL_PACKAGE: string
/** Chromium's headless shell on PATH (Debian's binary behind its wrapper); undefined when CHROME_PATH is set or there is none. */
export declare function findHeadlessShell(env?: NodeJS.ProcessEnv): string | undefined
/** What runs the browser suites' pages: the headless shell when there is one, else the browser. */
export declare const headlessPath: string | undefined
