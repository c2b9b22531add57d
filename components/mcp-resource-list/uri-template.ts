/**
 * RFC 6570 URI templates through the `url-template` library: the variables a
 * template names, and its expansion with the values a user typed.
 */
import { parseTemplate } from 'url-template'

/**
 * The variable names of `uriTemplate`, in order, each once. url-template has
 * no parse API of its own, so its expansion is run against a context that
 * records which names it looks up: the names are exactly those the library
 * will expand.
 */
export function templateVariables(uriTemplate: string): string[] {
  const names = new Set<string>()
  const recorder = new Proxy(
    {},
    {
      get: (_, key) => {
        if (typeof key === 'string') names.add(key)
        return undefined
      },
    },
  )
  parseTemplate(uriTemplate).expand(recorder)
  return [...names]
}

/** `uriTemplate` expanded with the non-empty `values` (an empty field is left undefined, so RFC 6570 drops it). */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  // A prototype-less context: a variable named `constructor` must not expand to Object's.
  const context: Record<string, string> = Object.create(null)
  for (const [name, value] of Object.entries(values)) if (value !== '') context[name] = value
  return parseTemplate(uriTemplate).expand(context)
}
