import { msg } from '../shared/i18n.js'

/** JSON text typed by the user: its value (`undefined` when blank), or the parser's message. */
export function parseJson(text: string): { value: unknown } | { error: string } {
  if (!text.trim()) return { value: undefined }
  try {
    return { value: JSON.parse(text) }
  } catch (e) {
    return { error: (e as Error).message }
  }
}

export function jsonError(detail: string): string {
  return msg('schema-form.json-invalid', 'Not valid JSON: {detail}', { detail })
}

export function stringify(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2)
}
