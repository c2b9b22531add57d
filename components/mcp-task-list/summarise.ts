/** Arguments in short, for a row: `name: "Ada", count: 3, tags: […]`, cut at `max` characters. */
export function summariseArguments(args: Record<string, unknown>, max = 80): string {
  const parts = Object.entries(args ?? {}).map(([name, value]) => `${name}: ${short(value)}`)
  const text = parts.join(', ')
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function short(value: unknown): string {
  if (Array.isArray(value)) return value.length ? '[…]' : '[]'
  if (value && typeof value === 'object') return Object.keys(value).length ? '{…}' : '{}'
  if (typeof value === 'string') return JSON.stringify(value.length > 30 ? `${value.slice(0, 29)}…` : value)
  return String(value)
}
