/**
 * `<mcp-server url-state>`: the tool open in the `<mcp-tool-list>` inside, and its arguments, kept in the page's URL
 * fragment. A link opens that tool with those arguments filled in and never calls it. Picking a tool adds a history
 * entry, so Back and Forward move between tools (each a `hashchange`); typing replaces the current entry.
 */
import type { ReactiveController } from 'lit'
import type { Tool } from '../../src/client/index.js'
import { withoutSecrets } from '../../src/schema/secrets.js'
import type { FormInputDetail } from '../mcp-schema-form/mcp-schema-form.component.js'
import type { McpToolListElement } from '../mcp-tool-list/mcp-tool-list.component.js'
import type { McpToolElement } from '../mcp-tool/mcp-tool.component.js'
import type { McpServerElement } from './mcp-server.component.js'

const TOOL = 'mcp-tool'
const ARGS = 'mcp-args'
/** Arguments longer than this as JSON stay out of the URL: links that long break in mail and chat. */
const MAX_ARGS = 2_000
/** The URL follows typing after this pause: Safari refuses more than 100 history changes in 10 s. */
const TYPING_MS = 400

interface Fragment {
  tool?: string
  args?: Record<string, unknown>
}

function readFragment(hash: string): Fragment {
  const params = new URLSearchParams(hash.slice(1))
  let args: unknown
  try {
    args = JSON.parse(params.get(ARGS) ?? 'null')
  } catch {
    // A link cut short or edited by hand: the tool still opens, with an empty form.
  }
  const isArgs = typeof args === 'object' && args !== null && !Array.isArray(args)
  return { tool: params.get(TOOL) ?? undefined, args: isArgs ? (args as Record<string, unknown>) : undefined }
}

/** This page's URL with `tool` and `args` in its fragment; the fragment's other `key=value` pairs stay. */
function urlWith(tool: Tool, args: Record<string, unknown> | undefined): string {
  const url = new URL(location.href)
  // A fragment that is not key=value pairs is an anchor, which an open tool replaces.
  const params = new URLSearchParams(url.hash.includes('=') ? url.hash.slice(1) : '')
  params.set(TOOL, tool.name)
  params.delete(ARGS)
  const json = args ? JSON.stringify(withoutSecrets(args, tool.inputSchema)) : '{}'
  if (json !== '{}' && json.length <= MAX_ARGS) params.set(ARGS, json)
  url.hash = params.toString()
  return url.href
}

function changeHistory(how: 'pushState' | 'replaceState', url: string): void {
  if (url === location.href) return
  try {
    history[how](history.state, '', url)
  } catch {
    // Refused (too many changes, a sandboxed frame): the URL lags behind, nothing else is affected.
  }
}

const elementNamed = <T extends Element>(path: EventTarget[], name: string) =>
  path.find((node): node is T => node instanceof Element && node.localName === name)

export class UrlState implements ReactiveController {
  readonly #host: McpServerElement
  #typing?: ReturnType<typeof setTimeout>
  /** Counts fragments shown, so that an older one still waiting for the tools does not win over a newer one. */
  #turn = 0

  constructor(host: McpServerElement) {
    this.#host = host
    host.addController(this)
  }

  hostConnected(): void {
    addEventListener('hashchange', this.#onNavigate)
    this.#host.addEventListener('mcp-tool-select', this.#onSelect)
    this.#host.addEventListener('mcp-form-input', this.#onInput)
    // On arrival, no tool in the URL leaves the list as the page set it.
    const arrival = readFragment(location.hash)
    if (arrival.tool !== undefined) void this.#show(arrival)
  }

  hostDisconnected(): void {
    removeEventListener('hashchange', this.#onNavigate)
    this.#host.removeEventListener('mcp-tool-select', this.#onSelect)
    this.#host.removeEventListener('mcp-form-input', this.#onInput)
    clearTimeout(this.#typing)
  }

  get #list(): McpToolListElement | null {
    return this.#host.querySelector('mcp-tool-list')
  }

  #onNavigate = () => void this.#show(readFragment(location.hash))

  /** Opens the fragment's tool with its arguments (secrets left out), or closes the open one when it names none. */
  async #show({ tool: name, args }: Fragment): Promise<void> {
    const turn = ++this.#turn
    clearTimeout(this.#typing)
    const list = this.#list
    if (!list) return
    if (name === undefined) {
      list.selected = undefined
      return
    }
    await this.#host.updateComplete
    const tools = await this.#host.connection?.client.listTools().catch(() => undefined)
    const tool = tools?.find((t) => t.name === name)
    if (!tool || turn !== this.#turn) return
    list.toolArguments = args && withoutSecrets(args, tool.inputSchema)
    list.selected = name
  }

  #onSelect = async (event: Event) => {
    const list = event.target as McpToolListElement
    if (list.localName !== 'mcp-tool-list') return
    const tool = (event as CustomEvent<{ tool: Tool }>).detail.tool
    await list.updateComplete
    // The page took the pick over (preventDefault), or a later pick came first.
    if (list.selected !== tool.name) return
    clearTimeout(this.#typing)
    const open = readFragment(location.hash).tool === tool.name
    changeHistory(open ? 'replaceState' : 'pushState', urlWith(tool, undefined))
  }

  #onInput = (event: Event) => {
    const path = event.composedPath()
    const view = elementNamed<McpToolElement>(path, 'mcp-tool')
    const list = elementNamed<McpToolListElement>(path, 'mcp-tool-list')
    const tool = view?.tool
    if (!tool || !list || !this.#host.contains(list) || list.selected !== tool.name) return
    const args = (event as CustomEvent<FormInputDetail>).detail.value
    clearTimeout(this.#typing)
    this.#typing = setTimeout(() => changeHistory('replaceState', urlWith(tool, args)), TYPING_MS)
  }
}
