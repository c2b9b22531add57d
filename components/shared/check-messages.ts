import type { FieldError } from '../../src/schema/form-checks.js'
import { msg } from './i18n.js'

/**
 * A form check's message through msg(), so a page can replace it: ids are
 * `schema-form.check.<code>` (e.g. `.required`, `.minLength`, `.choice`; formats are
 * `.format.email` …, types `.type.number` …), with the check's numbers as `{min}`, `{max}`, `{step}`,
 * `{pattern}`, and `{options}` (the choices' labels). The validator's errors get the same codes (explainError).
 */
export function translated(e: FieldError): FieldError {
  if (!e.code) return e
  const id = e.code === 'format' || e.code === 'type' ? `schema-form.check.${e.code}.${e.params?.[e.code]}` : `schema-form.check.${e.code}`
  return { ...e, message: msg(id, e.message, e.params) }
}
