// The hostile view's flood of tool calls, played when its input says `calls: { name, count }`: it makes `count`
// calls of tool `name` at once through the host (each with its index in `text`), reports each outcome
// (`call-result`), then, once all are answered, one call more (`call-after`). A host must not open a prompt per
// call at once, and must let the user block a view that keeps asking.
import { App, report } from './report.js'

export interface CallFlood {
  name: string
  count: number
}

async function outcome(app: App, name: string, text: string): Promise<Record<string, unknown>> {
  try {
    const result = await app.callServerTool({ name, arguments: { text } })
    return { ok: true, structuredContent: result.structuredContent }
  } catch (e) {
    return { ok: false, message: String((e as Error)?.message ?? e) }
  }
}

export async function floodCalls(app: App, { name, count }: CallFlood): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, i) => report(app, 'call-result', { i, ...(await outcome(app, name, `flood ${i}`)) })),
  )
  report(app, 'call-after', await outcome(app, name, 'flood after'))
}
