/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The demo server's MCP endpoint, set by demo/start.ts. */
  readonly VITE_DEMO_MCP_URL?: string
  /** The MCP Apps sandbox proxy page (dist/sandbox/ on another port: another origin), set by demo/start.ts. */
  readonly VITE_DEMO_SANDBOX_URL?: string
}
