/**
 * Which client capabilities answering input requests takes, and whether a request declared them: what the input
 * rounds (input-rounds.ts) check before answering and declare when a server refuses a call for want of one. Apart
 * from input-required.ts, which the client loads at start-up: only the rounds, loaded with the first call, use these.
 */
import type { ClientCapabilities, InputRequests } from '../../protocol/generated/2026-07-28.js'
import { mergeCapabilities } from './input-required.js'

/** The input kinds a client can answer, by the capability that declares each. */
export const INPUT_CAPABILITIES = { elicitation: 'elicitation/create', sampling: 'sampling/createMessage', roots: 'roots/list' } as const

/** The capabilities that answering these input requests amounts to (an elicitation in URL mode needs `url`, else `form`). */
export function capabilitiesToAnswer(requests: Array<InputRequests[string] | undefined>): ClientCapabilities {
  let capabilities: ClientCapabilities = {}
  for (const r of requests) {
    const mode = (r?.params as { mode?: unknown } | undefined)?.mode
    const needed =
      r?.method === 'elicitation/create'
        ? { elicitation: { [mode === 'url' ? 'url' : 'form']: {} } }
        : r?.method === 'sampling/createMessage'
          ? { sampling: {} }
          : r?.method === 'roots/list'
            ? { roots: {} }
            : {}
    capabilities = mergeCapabilities(capabilities, needed)
  }
  return capabilities
}

/** Whether `declared` already includes every capability (and sub-capability) in `wanted`. */
export function declares(declared: ClientCapabilities, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).every(([key, value]) => {
    const have = (declared as Record<string, unknown>)[key]
    if (have === undefined) return false
    return !isObject(value) || !isObject(have) || Object.keys(value).every((sub) => sub in have)
  })
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
