// One line of a demo log that opens to its full JSON (an event's whole detail,
// a request's whole JSON-RPC exchange), with Copy. Everything is put on the
// page as text: a detail or a body holds a server's words.
import './log-entry.css'

/** Most characters of JSON one entry shows and copies (a huge result is cut, and says so). */
const MAX_JSON = 200_000

/**
 * JSON of any value a log may meet: errors by name and message (and, in full, their own fields); elements by tag;
 * functions left out; class instances (a client, a provider) by class name; a repeated object as "[seen]".
 * `short`: on one line, errors as "Name: message", strings cut at 40 characters (a log line's summary).
 */
export function logJson(value: unknown, { short = false } = {}): string {
  const seen = new WeakSet<object>()
  let text: string
  try {
    text =
      JSON.stringify(
        value,
        (_key, item: unknown) => {
          if (typeof item === 'function') return undefined
          if (typeof item === 'bigint') return String(item)
          if (typeof item === 'string' && short && item.length > 40) return `${item.slice(0, 40)}…`
          if (!item || typeof item !== 'object') return item
          if (item instanceof Error) return short ? `${item.name}: ${item.message}` : { ...item, name: item.name, message: item.message }
          if (typeof Node !== 'undefined' && item instanceof Node) return `<${(item as Element).localName ?? item.nodeName}>`
          if (seen.has(item)) return '[seen]'
          seen.add(item)
          const proto = Object.getPrototypeOf(item)
          if (proto !== Object.prototype && proto !== null && !Array.isArray(item)) return `[${item.constructor?.name ?? 'object'}]`
          return item
        },
        short ? undefined : 2,
      ) ?? 'undefined'
  } catch (error) {
    text = `[not shown: ${String(error)}]`
  }
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}\n… (cut at ${MAX_JSON} characters)` : text
}

/** A log line that is open to its JSON; `update` changes its summary and JSON (a request's answer arriving). */
export interface LogEntry {
  element: HTMLLIElement
  update(summary: string, json: string): void
}

/** Adds an expandable line to a log list, newest first, keeping the last 200. */
export function logEntry(list: HTMLElement, type: string, summary: string, json: string): LogEntry {
  const item = document.createElement('li')
  const details = document.createElement('details')
  const head = document.createElement('summary')
  const time = Object.assign(document.createElement('time'), { textContent: new Date().toLocaleTimeString() })
  const name = Object.assign(document.createElement('span'), { className: 'type', textContent: type })
  const text = document.createElement('span')
  head.append(time, name, text)
  const body = Object.assign(document.createElement('pre'), { className: 'code' })
  const copy = Object.assign(document.createElement('button'), { type: 'button', className: 'copy', textContent: 'Copy JSON' })
  let current = json
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(current)
      copy.textContent = 'Copied'
    } catch {
      copy.textContent = 'Copy failed'
    }
    setTimeout(() => (copy.textContent = 'Copy JSON'), 1500)
  })
  details.append(head, copy, body)
  item.append(details)
  const update = (newSummary: string, newJson: string) => {
    text.textContent = newSummary ? ` ${newSummary}` : ''
    current = newJson
    // Rendered only while open: a long stream does not re-layout a closed line.
    if (details.open) body.textContent = newJson
  }
  details.addEventListener('toggle', () => details.open && (body.textContent = current))
  update(summary, json)
  list.prepend(item)
  while (list.children.length > 200) list.lastElementChild!.remove()
  return { element: item, update }
}
