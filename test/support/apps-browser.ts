// Helpers for the <mcp-app> browser suites against the `apps` test server (test/support/servers/apps.ts): the
// views cannot be read from the page (another origin), so each reports what it saw as log messages, which the
// host turns into `mcp-app-log` events.
import { fixture, html } from '@open-wc/testing'
import { McpClient, type Tool } from '../../src/client/index.js'
import { controlServer, eventually, serverUrl } from './browser.js'
import type { McpAppElement } from '../../components/mcp-app/mcp-app.js'
import '../../components/mcp-app/mcp-app.js'

export type ViewLog = Record<string, any>

/** The apps server's MCP URL and its sandbox proxy's URL (the first use starts the server, which bundles the views). */
export async function appsServer(): Promise<{ url: string; sandboxUrl: string }> {
  const url = await serverUrl('apps')
  return { url, sandboxUrl: (await controlServer<{ url: string }>('apps', 'sandbox')).url }
}

/** Every log the view of `el` sent (its `data`), as they come. */
export function logsOf(el: Element): ViewLog[] {
  const logs: ViewLog[] = []
  el.addEventListener('mcp-app-log', (e) => logs.push((e as CustomEvent).detail.data))
  return logs
}

/** The logs of `event`, once there is one. */
export async function logged(logs: ViewLog[], event: string, timeoutMs = 8_000): Promise<ViewLog[]> {
  await eventually(() => logs.some((l) => l.event === event), `the view to report ${event}`, timeoutMs)
  return logs.filter((l) => l.event === event)
}

export async function toolOf(client: McpClient, name: string): Promise<Tool> {
  const tool = (await client.listTools()).find((t) => t.name === name)
  if (!tool) throw new Error(`no tool ${name}`)
  return tool
}

/**
 * An <mcp-app> for the tool `name` of `client`, already listening for its logs and given `input`, placed in the
 * page (in `container` when given, else a new fixture). It does not wait for the view: see `ready`.
 */
export async function placeApp(client: McpClient, name: string, input: Record<string, unknown> = {}, container?: HTMLElement) {
  const el = document.createElement('mcp-app') as McpAppElement
  const logs = logsOf(el)
  el.client = client
  el.tool = await toolOf(client, name)
  el.input = input
  if (container) container.append(el)
  else await fixture(html`<div style="width: 480px">${el}</div>`)
  return { el, logs }
}

/** The proxy's frame in `el`. */
export const frameOf = (el: McpAppElement) => el.shadowRoot!.querySelector('iframe')

/** Waits `ms`: for what must NOT happen, after the thing that would cause it was seen. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms))
