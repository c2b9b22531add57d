// Helpers for browser suites that show the `apps` test server's views in <mcp-app>. The views cannot be read from
// the page (another origin), so each one reports what it saw as log messages, which the host turns into mcp-app-log
// events; these helpers collect and wait for them.
import { fixture, html } from '@open-wc/testing'
import { McpClient, type ApprovalGate, type Tool } from '../../src/client/index.js'
import '../../components/mcp-app/mcp-app.js'
import type { McpAppElement } from '../../components/mcp-app/mcp-app.js'
import { controlServer, eventually, nextEvent, serverUrl } from './browser.js'

export type ViewLog = Record<string, any>

/** The apps server's MCP URL and its sandbox proxy (another origin); the first use starts the server. */
export async function appsServer(): Promise<{ url: string; sandboxUrl: string }> {
  const url = await serverUrl('apps')
  const sandboxUrl = (await controlServer<{ url: string }>('apps', 'sandbox')).url
  return { url, sandboxUrl }
}

/** Every log the view sent, as `{ event, ... }`. */
export function logsOf(el: Element): ViewLog[] {
  const logs: ViewLog[] = []
  el.addEventListener('mcp-app-log', (e) => logs.push((e as CustomEvent).detail.data))
  return logs
}

/** Waits until the view reported `event`; all its reports of it. */
export async function logged(logs: ViewLog[], event: string, timeoutMs = 8_000): Promise<ViewLog[]> {
  await eventually(() => logs.some((l) => l.event === event), `the view to report ${event}`, timeoutMs)
  return logs.filter((l) => l.event === event)
}

export async function toolOf(client: McpClient, name: string): Promise<Tool> {
  const tool = (await client.listTools()).find((t) => t.name === name)
  if (!tool) throw new Error(`no tool ${name}`)
  return tool
}

export const frameOf = (el: McpAppElement): HTMLIFrameElement | null => el.shadowRoot!.querySelector('iframe')

/**
 * An <mcp-app> for tool `name` of the apps server, already listening for its logs, with `attributes` set (what a
 * page decides), the call's input and (unless `result` is false) its real result. Its client has the page's
 * `approve` when given (without one, the view's tool calls are denied).
 */
export async function showApp(
  name: string,
  options: { input?: Record<string, unknown>; result?: boolean; attributes?: Record<string, string>; approve?: ApprovalGate } = {},
): Promise<{ el: McpAppElement; logs: ViewLog[]; client: McpClient }> {
  const { url, sandboxUrl } = await appsServer()
  const client = new McpClient(url, { apps: { sandboxUrl }, ...(options.approve && { approve: options.approve }) })
  const el = document.createElement('mcp-app') as McpAppElement
  for (const [key, value] of Object.entries(options.attributes ?? {})) el.setAttribute(key, value)
  const logs = logsOf(el)
  el.client = client
  el.tool = await toolOf(client, name)
  el.input = options.input ?? {}
  const ready = nextEvent(el, 'mcp-app-ready', 9_000)
  await fixture(html`<div style="width: 480px">${el}</div>`)
  await ready
  if (options.result !== false) el.result = await client.callTool(name, options.input ?? {})
  return { el, logs, client }
}

/**
 * An <mcp-app> for the tool `name` of `client`, already listening for its logs and given `input`, placed in the
 * page (in `container` when given, else a new fixture). It does not wait for the view (unlike showApp).
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

/** Waits `ms`: for what must NOT happen, after the thing that would cause it was seen. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms))
