/**
 * The multi round-trip (MRTR) loop: a request that may answer
 * `input_required` is retried, round after round, with the handlers' answers
 * (`inputResponses`) and the exact `requestState`, each try a new request id.
 * The rounds share one progress token and one `maxTotalTimeMs` budget.
 */
import { AbortError, HeaderMismatchError, MissingClientCapabilityError, TimeoutError } from '../../protocol/errors.js'
import { RoundLimitError } from './call-errors.js'
import { INPUT_METHODS } from '../../protocol/methods.js'
import { InputRequiredError, mergeCapabilities } from './input-required.js'
import { INPUT_CAPABILITIES, capabilitiesToAnswer, declares } from './input-capabilities.js'
import { callerProgressToken } from '../requests.js'
import type { ClientCapabilities, InputRequests, InputResponses, ProgressNotificationParams } from '../../protocol/generated/2026-07-28.js'
import type { InputContext, InputHandlers, RequestOptions } from '../options.js'
import type { ClientParts } from '../parts.js'
import type { Params, Result, SendOptions } from '../requests.js'

/**
 * Runs a request that may ask for input: answers each round's input
 * requests with the handlers (concurrently) and retries with
 * `inputResponses` and the exact `requestState`, each try a new request id.
 */
export function withInput(
  { client, requests }: ClientParts,
  method: string,
  params: Params,
  callOptions: RequestOptions = {},
  headers?: () => Record<string, string>,
  onHeaderMismatch?: () => Promise<void>,
  /** Capabilities beyond the handlers': declared from the first round (`declare`), or once a -32021 names them (`ifAsked`). */
  moreCapabilities: { declare?: ClientCapabilities; ifAsked?: ClientCapabilities } = {},
): Promise<Result> {
  // One progress token for every round, so progress reads as one bar; what would run it backwards is dropped.
  // A copy of the options: each round's maxTotalTimeMs is what the rounds before it left of the cap.
  const options: SendOptions = callOptions.onProgress
    ? { ...callOptions, progressToken: callerProgressToken(params) ?? `p${requests.nextId()}`, onProgress: forwardOnly(callOptions.onProgress) }
    : { ...callOptions }
  // The cap bounds the server's time over all the rounds; the time handlers (people, often) take to answer is not counted.
  const cap = requests.maxTotalTimeMs(callOptions)
  let spent = 0
  const handlers = options.handlers ? { ...client.options.handlers, ...options.handlers } : (client.options.handlers ?? {})
  const max = client.options.maxRounds ?? 10
  // Declared by this call beyond the handlers' and the options': input capabilities the server said it needs
  // and no handler covers (the caller answers through InputRequiredError.resume()), and those of answers given.
  let declared: ClientCapabilities = moreCapabilities.declare ?? {}
  let headersRetried = false
  const run = async (round: number, extra?: Params): Promise<Result> => {
    let result: Result
    if (cap) {
      // What the rounds before left (the times are whole milliseconds; 0 would mean no cap to the transport).
      if (spent >= cap) throw new TimeoutError(cap, method, true)
      options.maxTotalTimeMs = cap - spent
    }
    const started = Date.now()
    try {
      result = await requests.request(
        method,
        extra ? { ...params, ...extra } : params,
        options,
        headers?.(),
        // Nothing declared beyond the handlers' (the usual case): their capabilities as they are, not a merged copy.
        Object.keys(declared).length ? mergeCapabilities(client.capabilities(handlers), declared) : client.capabilities(handlers),
      )
    } catch (error) {
      spent += Date.now() - started
      // The transport knows only this round's share: the error names the call's cap.
      if (error instanceof TimeoutError && error.total) throw new TimeoutError(cap, method, true)
      if (error instanceof HeaderMismatchError && onHeaderMismatch && !headersRetried) {
        headersRetried = true
        await onHeaderMismatch()
        return run(round, extra)
      }
      const wanted = error instanceof MissingClientCapabilityError ? unhandledInput(error.requiredCapabilities, handlers, moreCapabilities.ifAsked) : undefined
      if (!wanted || declares(declared, wanted)) throw error
      declared = mergeCapabilities(declared, wanted)
      return run(round, extra)
    }
    spent += Date.now() - started
    if (result.resultType !== 'input_required') return result
    if (round >= max) throw new RoundLimitError(max, method)
    const { inputRequests, requestState } = result as { inputRequests?: InputRequests; requestState?: string }
    const next = (inputResponses?: InputResponses) =>
      run(round + 1, { ...(inputResponses && { inputResponses }), ...(typeof requestState === 'string' && { requestState }) })
    if (!inputRequests || Object.keys(inputRequests).length === 0) return next()
    const entries = Object.entries(inputRequests)
    const missing = entries.filter(([, r]) => !handlerFor(handlers, r?.method))
    const request = { method, params: { ...params } }
    if (missing.length) {
      const resume = (inputResponses: InputResponses) => {
        declared = mergeCapabilities(declared, capabilitiesToAnswer(Object.keys(inputResponses ?? {}).map((key) => inputRequests[key])))
        return next(inputResponses)
      }
      throw new InputRequiredError(method, inputRequests, requestState, resume, request)
    }
    const answers = await answerRound(handlers, entries, { method, request }, options.signal)
    return next(Object.fromEntries(entries.map(([key], i) => [key, answers[i]])) as InputResponses)
  }
  return run(0)
}

/**
 * Answers one round's input requests concurrently. Each handler gets its own
 * signal, aborted when the call is, and when a sibling fails: the round fails
 * with that first error, so the other answers are no longer wanted (a dialog
 * can close).
 */
export async function answerRound(
  handlers: InputHandlers,
  entries: Array<[string, InputRequests[string]]>,
  context: Omit<InputContext, 'key' | 'signal'>,
  callSignal: AbortSignal | undefined,
): Promise<unknown[]> {
  const controllers = entries.map(() => new AbortController())
  const abortAll = (reason: unknown) => controllers.forEach((c) => c.abort(reason))
  const onCallAbort = () => abortAll(new AbortError(callSignal?.reason))
  if (callSignal?.aborted) onCallAbort()
  callSignal?.addEventListener('abort', onCallAbort, { once: true })
  try {
    return await Promise.all(
      entries.map(async ([key, r], i) => {
        try {
          return await handlerFor(handlers, r.method)!(r.params as never, { ...context, key, signal: controllers[i].signal })
        } catch (error) {
          abortAll(new AbortError(`another input request of the same round (${key}) failed`))
          throw error
        }
      }),
    )
  } finally {
    callSignal?.removeEventListener('abort', onCallAbort)
  }
}

/**
 * Passes on progress that moves forward. The spec has progress increase with
 * each notification; a server that restarts its count in a later round would
 * otherwise run the caller's progress bar backwards.
 */
function forwardOnly(onProgress: (progress: ProgressNotificationParams) => void): (progress: ProgressNotificationParams) => void {
  let last = -Infinity
  return (progress) => {
    if (typeof progress.progress === 'number') {
      if (progress.progress <= last) return
      last = progress.progress
    }
    onProgress(progress)
  }
}

/**
 * The capabilities among `required` this call may still declare: input capabilities no handler covers, and the
 * extensions in `ifAsked`; undefined when the server needs anything else.
 */
function unhandledInput(required: Record<string, unknown>, handlers: InputHandlers, ifAsked: ClientCapabilities = {}): Record<string, unknown> | undefined {
  const keys = Object.keys(required)
  const mayDeclare = (ext: unknown) => typeof ext === 'object' && ext !== null && Object.keys(ext).length > 0 && Object.keys(ext).every((id) => Object.hasOwn(ifAsked.extensions ?? {}, id))
  const answerable = (key: string) =>
    (key in INPUT_CAPABILITIES && !handlers[key as keyof typeof INPUT_CAPABILITIES]) || (key === 'extensions' && mayDeclare(required.extensions))
  return keys.length && keys.every(answerable) ? required : undefined
}

export function handlerFor(handlers: InputHandlers, method: string | undefined) {
  const key = method !== undefined && Object.hasOwn(INPUT_METHODS, method) ? INPUT_METHODS[method] : undefined
  return key && handlers[key]
}
